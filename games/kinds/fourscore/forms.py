"""FourScore's round form (every player's pile) and a seat's part (its pile)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...scoring import FormData
from ..base import NUMBER, PartForm, RoundForm
from .entry import form_entry
from .rules import PILE


class FourScoreForm(RoundForm):
    inputs_template = "fourscore/round.html"

    def add_fields(self) -> None:
        for player in self.players:
            # No min_value: the engine's sentence about a negative pile is the clearer one.
            self.fields[f"pile_{player}"] = forms.IntegerField(
                widget=NUMBER, label=_("%(name)s's pile") % {"name": self.names[player]}
            )

    def hand_fields(self, player: int) -> list[str]:
        return [f"pile_{player}"]

    def build_entry(self) -> dict:
        return form_entry(FormData(self.cleaned_data), self.players)

    @classmethod
    def initial_from(cls, entry: dict) -> dict:
        return {f"pile_{hand['player']}": hand.get("pile") for hand in entry.get("hands", [])}


class FourScorePart(PartForm):
    inputs_template = "fourscore/seat_part.html"
    send_label = gettext_lazy("Send my pile")

    def add_fields(self) -> None:
        self.fields["pile"] = forms.IntegerField(
            min_value=PILE.minimum, max_value=PILE.maximum, widget=NUMBER, label=_("My pile")
        )

    def initial_from(self, part, claims) -> dict:
        return {"pile": part.get("pile")}

    def part(self) -> dict:
        return {"pile": self.cleaned_data["pile"]}

    @classmethod
    def assemble(cls, stage, parts, table, open_entry) -> dict | None:
        return {"hands": [{"player": p, "pile": part["pile"]} for p, part in parts.items()]}

    @classmethod
    def partial(cls, entry, stage, parts, table) -> dict:
        entry["hands"] = [{"player": p, "pile": part["pile"]} for p, part in parts.items()]
        return entry


form_data = FourScoreForm.post_data
