"""Forty Fives' round form (the bid, then the hand's tricks and highest trump) and a seat's
part (the bidder's phone says the bid it won)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...scoring import EntryError, FormData
from ...words import said
from ..base import PartForm, RoundForm, int_choices, whole_choices
from .entry import form_entry
from .rules import HIGH_TRUMP, TEAM_TRICKS, TEAMS, TRUMP, allowed_bids
from .rules import TRICKS_PER_HAND as FORTY_FIVES_TRICKS

SUIT_WORDS = {
    "clubs": gettext_lazy("Clubs"),
    "diamonds": gettext_lazy("Diamonds"),
    "hearts": gettext_lazy("Hearts"),
    "spades": gettext_lazy("Spades"),
}


class FortyFivesForm(RoundForm):
    """The bidder, bid and trump, and the hand's tricks and highest trump, on one page: saved
    at once after the hand, or the bid alone at the start of it (an open round). Only team A's
    tricks are entered: team B took the rest of the five."""

    inputs_template = "fortyfives/round.html"
    scripts = ("fortyfives/tricks.js",)

    tricks_per_hand = FORTY_FIVES_TRICKS

    @property
    def offers_throw_in(self) -> bool:
        return self.open_entry is None

    @property
    def thrown_in(self) -> bool:
        """Everyone passed: the "thrown in" button was pressed, so nothing else is needed."""
        return bool(self.data.get("thrown_in")) if self.is_bound else False

    def add_fields(self) -> None:
        bids = allowed_bids(self.game.options, 0)  # a team's total may narrow them: on save
        self.fields["bidder"] = forms.TypedChoiceField(
            choices=self.player_choices(),
            coerce=int,
            widget=forms.RadioSelect,
            label=_("Bidder"),
        )
        self.fields["bid"] = forms.TypedChoiceField(
            choices=int_choices(bids), coerce=int, widget=forms.RadioSelect, label=_("Bid")
        )
        self.fields["trump"] = forms.ChoiceField(
            choices=[("", _("not said")), *[(s, SUIT_WORDS[s]) for s in TRUMP.values]],
            required=False,
            widget=forms.RadioSelect,
            label=_("Trump"),
        )
        if self.open_entry:
            for name in ("bidder", "bid", "trump"):
                self.fields[name].initial = self.open_entry.get(name)
        team_names = self.team_names()
        # Not required: left out together, the bid is saved alone (see clean).
        self.fields["tricks_A"] = forms.TypedChoiceField(
            choices=whole_choices(TEAM_TRICKS["A"]),
            coerce=int,
            widget=forms.RadioSelect,
            label=_("Tricks taken by %(team)s") % {"team": team_names["A"]},
            required=False,
            empty_value=None,
        )
        self.fields["high_trump"] = forms.ChoiceField(
            choices=[
                *[(team, team_names[team]) for team in HIGH_TRUMP.values],
                ("none", _("No trump was played")),  # the entry's null
            ],
            widget=forms.RadioSelect,
            label=_("Who took the highest trump?"),
            required=False,
        )
        if self.thrown_in:
            for field in self.fields.values():
                field.required = False

    def clean(self):
        if self.thrown_in:
            return self.cleaned_data
        tricks = self.cleaned_data.get("tricks_A")
        high_trump = self.cleaned_data.get("high_trump")
        names = self.team_names()
        if tricks is None and high_trump:
            self.add_error(
                "tricks_A", _("Enter the tricks taken by %(team)s.") % {"team": names["A"]}
            )
        elif tricks is not None and not high_trump:
            self.add_error(
                "high_trump", _("Say who took the highest trump, or that no trump was played.")
            )
        elif tricks is None and not self.bidding:
            self.add_error(
                None,
                _(
                    "Enter the tricks taken by %(team)s and who took the highest trump: "
                    "this hand was played."
                )
                % {"team": names["A"]},
            )
        return self.cleaned_data

    def team_names(self) -> dict[str, str]:
        seats = self.game.seats
        return {
            team: " & ".join(seat.player.name for seat in seats if seat.team == team)
            for team in TEAMS
        }

    def other_tricks(self) -> int | None:
        """Team B's tricks, the rest of the five, as far as team A's are known on the page."""
        try:
            taken = int(self["tricks_A"].value())
        except (TypeError, ValueError):
            return None
        return FORTY_FIVES_TRICKS - taken if 0 <= taken <= FORTY_FIVES_TRICKS else None

    def build_entry(self) -> dict:
        # The "everyone passed" button is no field: it is read from what was posted.
        typed = FormData({**self.cleaned_data, "thrown_in": self.thrown_in})
        return form_entry(typed, self.players)

    def show_error(self, error: EntryError) -> None:
        # The engine names the entry's "tricks" and "tricks.A"; on this page that is team A's.
        if (error.field or "").startswith("tricks"):
            self.add_error("tricks_A", said(error.message))
        else:
            super().show_error(error)

    @classmethod
    def initial_from(cls, entry: dict) -> dict:
        initial = {name: entry.get(name) for name in ("bidder", "bid", "trump")}
        if isinstance(entry.get("tricks"), dict):
            initial["tricks_A"] = entry["tricks"].get("A")
            initial["high_trump"] = entry.get("high_trump") or "none"
        return initial


class FortyFivesPart(PartForm):
    """Only the bidder's phone has something to send: the bid it won (and the trump)."""

    inputs_template = "fortyfives/seat_part.html"
    entered_in = ("hand",)  # the result of the hand is the owner's to enter
    own_parts = False
    missing_table_part = gettext_lazy("Say who won the bid, or take over to enter the hand.")

    send_label = gettext_lazy("Send my bid")

    def add_fields(self) -> None:
        bids = allowed_bids(self.game.options, 0)
        self.fields["bid"] = forms.TypedChoiceField(
            choices=[("", _("I didn't win the bid")), *int_choices(bids)],
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect,
            label=_("My winning bid"),
        )
        self.fields["trump"] = forms.ChoiceField(
            choices=[("", _("not said")), *[(suit, SUIT_WORDS[suit]) for suit in TRUMP.values]],
            required=False,
            widget=forms.RadioSelect,
            label=_("Trump"),
        )

    def initial_from(self, part, claims) -> dict:
        bid = claims.get("bid") or {}
        return {"bid": bid.get("bid", ""), "trump": bid.get("trump", "")}

    def part(self) -> None:
        return None  # nothing of the seat's own: the bid is the table's

    def table(self) -> dict:
        data = self.cleaned_data
        if data.get("bid") is None:
            return {"bid": None}
        bid = {"bidder": self.player, "bid": data["bid"]}
        if data.get("trump"):
            bid["trump"] = data["trump"]
        return {"bid": bid}

    @classmethod
    def assemble(cls, stage, parts, table, open_entry) -> dict | None:
        if stage.phase == "hand" and isinstance(table.get("bid"), dict):
            return dict(table["bid"])  # the bid alone: an open round, its result the owner's
        return None

    @classmethod
    def partial(cls, entry, stage, parts, table) -> dict:
        if isinstance(table.get("bid"), dict):
            entry.update(table["bid"])
        return entry


def form_data(entry: dict) -> dict:
    if entry.get("thrown_in"):
        return {"thrown_in": "1"}  # the "Everyone passed" button
    return FortyFivesForm.post_data(entry)
