"""Highest number's pages, as a game's folder holds them: its round form, a seat's part on a
player's phone, its entry in words, `form_data` (the reverse of entry.py's `form_entry`), and
their templates (templates/highest/)."""

from __future__ import annotations

from django import forms

from games.kinds.base import NUMBER, PartForm, RoundForm
from games.scoring import FormData

from .entry import form_entry


class HighestForm(RoundForm):
    inputs_template = "highest/round.html"

    def add_fields(self) -> None:
        for player in self.players:
            # No limits here: the rules' sentence about a number out of range is the page's.
            self.fields[f"number_{player}"] = forms.IntegerField(
                widget=NUMBER, label=f"{self.names[player]}'s number"
            )

    def hand_fields(self, player: int) -> list[str]:
        return [f"number_{player}"]

    def build_entry(self) -> dict:
        return form_entry(FormData(self.cleaned_data), self.players)

    @classmethod
    def initial_from(cls, entry: dict) -> dict:
        return {f"number_{p}": hand.get("number") for p, hand in entry.get("hands", {}).items()}


class HighestPart(PartForm):
    inputs_template = "highest/seat_part.html"
    send_label = "Send my number"

    def add_fields(self) -> None:
        self.fields["number"] = forms.IntegerField(widget=NUMBER, label="My number")

    def initial_from(self, part, claims) -> dict:
        return {"number": part.get("number")}

    def part(self) -> dict:
        return {"number": self.cleaned_data["number"]}

    @classmethod
    def assemble(cls, stage, parts, table, open_entry) -> dict | None:
        return {"hands": {str(p): {"number": part["number"]} for p, part in parts.items()}}

    @classmethod
    def partial(cls, entry, stage, parts, table) -> dict:
        return cls.assemble(stage, parts, table, None)


def describe(game, entry, name) -> list[str]:
    return [f"{name(int(p))}: {hand['number']}" for p, hand in entry["hands"].items()]


round_form = HighestForm
part_form = HighestPart
form_data = HighestForm.post_data
