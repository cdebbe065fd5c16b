"""42's round form (every player's bid and tricks) and a seat's part (its bid, then its
tricks)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _

from ...scoring import FormData
from ..base import HandView, PartForm, RoundForm, whole_choices
from .entry import form_entry
from .rules import BID, TRICKS, TRICKS_PER_HAND, bidding_order


def dock_list(number, entered_in: int) -> tuple[list, forms.Select]:
    """A bid or tricks as a short list (its choices, its widget): one tap of the keypad dock
    with JavaScript (fortytwo/keypad.js; the bids are entered first, `entered_in` 0, then the
    tricks, 1), a plain list without."""
    widget = forms.Select(attrs={"class": "dock-cell", "data-dock-pass": entered_in})
    return [("", "\N{EN DASH}"), *whole_choices(number)], widget


class FortyTwoForm(RoundForm):
    """Every player's bid and tricks on one page: saved at once after the hand, or the bids
    alone at the start of it (an open round) and the tricks after it."""

    inputs_template = "fortytwo/round.html"
    scripts = ("js/dock.js", "fortytwo/dealer.js", "fortytwo/keypad.js")
    styles = ("fortytwo/fortytwo.css",)
    keypad = whole_choices(BID)  # the dock's keys: every bid, and every count of tricks

    def add_fields(self) -> None:
        bids = self.open_bids()
        for player in self.players:
            name = self.names[player]
            choices, widget = dock_list(BID, 0)
            self.fields[f"bid_{player}"] = forms.TypedChoiceField(
                choices=choices,
                coerce=int,
                widget=widget,
                label=_("%(name)s bids") % {"name": name},
                initial=bids.get(player),
                error_messages={"required": _("%(name)s's bid is missing.") % {"name": name}},
            )
            # Never required here: with no tricks at all the bids are saved alone (a new round
            # only, see clean), and a missing player's tricks are named by the engine.
            choices, widget = dock_list(TRICKS, 1)
            self.fields[f"tricks_{player}"] = forms.TypedChoiceField(
                choices=choices,
                coerce=int,
                widget=widget,
                label=_("%(name)s took") % {"name": name},
                required=False,
                empty_value=None,
            )

    def clean(self):
        tricks = [self.cleaned_data.get(f"tricks_{p}") for p in self.players]
        if not self.bidding and all(taken is None for taken in tricks):
            self.add_error(
                None,
                _("Enter the tricks each player took (together %(tricks)s): this hand was played.")
                % {"tricks": TRICKS_PER_HAND},
            )
        return self.cleaned_data

    def hands(self) -> list[HandView]:
        """In bidding order: from the dealer's left round to the dealer, who bids last."""
        return [HandView(self, player) for player in bidding_order(self.players, self.dealer)]

    def open_bids(self) -> dict[int, int]:
        if not self.open_entry:
            return {}
        return {hand["player"]: hand["bid"] for hand in self.open_entry.get("hands", [])}

    def hand_fields(self, player: int) -> list[str]:
        return [f"bid_{player}", f"tricks_{player}"]

    def build_entry(self) -> dict:
        return form_entry(FormData(self.cleaned_data), self.players)

    @classmethod
    def initial_from(cls, entry: dict) -> dict:
        initial = {}
        for hand in entry.get("hands", []):
            initial[f"bid_{hand['player']}"] = hand.get("bid")
            if "tricks" in hand:
                initial[f"tricks_{hand['player']}"] = hand["tricks"]
        return initial


class FortyTwoPart(PartForm):
    inputs_template = "fortytwo/seat_part.html"
    first_phase = "bids"

    @property
    def send_label(self):
        return _("Send my bid") if self.stage.phase == "bids" else _("Send my tricks")

    @property
    def key(self) -> str:
        return "bid" if self.stage.phase == "bids" else "tricks"

    def add_fields(self) -> None:
        self.fields[self.key] = forms.TypedChoiceField(
            choices=whole_choices(BID if self.key == "bid" else TRICKS),
            coerce=int,
            widget=forms.RadioSelect,
            label=_("My bid") if self.key == "bid" else _("Tricks I took"),
        )

    def initial_from(self, part, claims) -> dict:
        return {self.key: part.get(self.key)}

    def part(self) -> dict:
        return {self.key: self.cleaned_data[self.key]}

    @classmethod
    def assemble(cls, stage, parts, table, open_entry) -> dict | None:
        if stage.phase == "bids":
            return {"hands": [{"player": p, "bid": part["bid"]} for p, part in parts.items()]}
        bids = {hand["player"]: hand["bid"] for hand in (open_entry or {}).get("hands", [])}
        return {
            "hands": [
                {"player": p, "bid": bids.get(p), "tricks": part["tricks"]}
                for p, part in parts.items()
            ]
        }

    @classmethod
    def partial(cls, entry, stage, parts, table) -> dict:
        if stage.phase == "bids":
            entry["hands"] = [{"player": p, "bid": part["bid"]} for p, part in parts.items()]
        else:
            tricks = {p: part["tricks"] for p, part in parts.items()}
            entry["hands"] = [
                {**hand, "tricks": tricks[hand["player"]]} if hand.get("player") in tricks else hand
                for hand in entry.get("hands", [])
            ]
        return entry


form_data = FortyTwoForm.post_data
