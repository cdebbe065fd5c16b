"""FortyBelow's round form (every grid, and who went out) and a seat's part (its grid, and
"I went out")."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...scoring import FormData
from ...scoring.numbers import shown
from ..base import PartForm, RoundForm, int_choices
from .entry import cell, form_entry, form_hands, grid_of, grid_tally
from .rules import CARD, COLUMNS, ROWS, Tally, tally


def grid_card_field(name: str, row: int, column: int) -> forms.TypedChoiceField:
    """One card of a FortyBelow grid, `row` and `column` counted from 0."""
    return forms.TypedChoiceField(
        choices=[("", "?"), *int_choices(CARD.values)],
        coerce=int,
        label=_("%(name)s row %(row)s column %(column)s")
        % {"name": name, "row": row + 1, "column": column + 1},
    )


class FortyBelowForm(RoundForm):
    inputs_template = "fortybelow/round.html"
    scripts = ("js/dock.js", "fortybelow/fortybelow.js")
    styles = ("fortybelow/fortybelow.css",)
    keypad = int_choices(CARD.values)

    cell = staticmethod(cell)

    def add_fields(self) -> None:
        for player in self.players:
            for row in range(ROWS):
                for column in range(COLUMNS):
                    field = grid_card_field(self.names[player], row, column)
                    self.fields[self.cell(player, row, column)] = field
        self.fields["went_out"] = forms.TypedChoiceField(
            choices=self.player_choices(),
            coerce=int,
            widget=forms.RadioSelect,
            label=_("Who went out?"),
        )

    def hand_fields(self, player: int) -> list[str]:
        return [self.cell(player, r, c) for r in range(ROWS) for c in range(COLUMNS)]

    tallies_hands = True

    def typed(self) -> FormData:
        """The cards as entered (or as saved, on a page not yet posted)."""
        if self.is_bound:
            self.is_valid()  # cleaned_data then holds every cell that is a card
            return FormData(self.cleaned_data)
        return FormData(self.initial)

    def hand_tally(self, player: int) -> Tally | None:
        """The engine's tally of a player's complete grid, shown beside it while entering."""
        return grid_tally(self.typed(), player)

    def incomplete_message(self) -> str:
        if all(grid_of(self.typed(), player) for player in self.players):
            return _("Now tap who went out to see the round's scores.")
        return _("Each grid is scored as soon as its six cards are in.")

    def grid_marks(self) -> dict[str, list[str]]:
        """The cells of each complete grid that the engine's tally puts in the forty-below block
        or in a cancelled column, as input ids by mark, for the live preview."""
        hands = form_hands(self.typed(), self.players)
        return {mark: [i for hand in hands for i in hand[mark]] for mark in ("block", "cancel")}

    def build_entry(self) -> dict:
        return form_entry(FormData(self.cleaned_data), self.players)

    @classmethod
    def initial_from(cls, entry: dict) -> dict:
        initial = {"went_out": entry.get("went_out")}
        for hand in entry.get("hands", []):
            for r, row in enumerate(hand["grid"]):
                for c, card in enumerate(row):
                    initial[cls.cell(hand["player"], r, c)] = card
        return initial


class FortyBelowPart(PartForm):
    inputs_template = "fortybelow/seat_part.html"
    keypad = int_choices(CARD.values)
    scripts = ("js/dock.js", "fortybelow/fortybelow.js")
    styles = ("fortybelow/fortybelow.css",)
    owner_table_parts = {"went_out": "went_out"}
    owner_table_template = "fortybelow/owner_table_part.html"
    missing_table_part = gettext_lazy("Say who went out.")

    def cell(self, row: int, column: int) -> str:
        # The round form's names, so that fortybelow.js's keypad works on these cells too.
        return cell(self.player, row, column)

    def add_fields(self) -> None:
        for row in range(ROWS):
            for column in range(COLUMNS):
                self.fields[self.cell(row, column)] = grid_card_field(self.name, row, column)
        self.fields["went_out"] = forms.BooleanField(required=False, label=_("I went out"))

    def cells(self):
        return [self[self.cell(r, c)] for r in range(ROWS) for c in range(COLUMNS)]

    def initial_from(self, part, claims) -> dict:
        initial = {"went_out": "went_out" in claims}
        for r, row in enumerate(part.get("grid", [])):
            for c, card in enumerate(row):
                initial[self.cell(r, c)] = card
        return initial

    def part(self) -> dict:
        data = self.cleaned_data
        return {"grid": [[data[self.cell(r, c)] for c in range(COLUMNS)] for r in range(ROWS)]}

    def table(self) -> dict:
        return {"went_out": self.player if self.cleaned_data["went_out"] else None}

    @classmethod
    def assemble(cls, stage, parts, table, open_entry) -> dict | None:
        if "went_out" not in table:
            return None
        return {
            "went_out": table["went_out"],
            "hands": [{"player": p, "grid": part["grid"]} for p, part in parts.items()],
        }

    @classmethod
    def partial(cls, entry, stage, parts, table) -> dict:
        entry.update({k: v for k, v in table.items() if k == "went_out"})
        entry["hands"] = [{"player": p, "grid": part["grid"]} for p, part in parts.items()]
        return entry

    @classmethod
    def part_score(cls, part) -> str | None:
        try:
            return shown(tally(part["grid"]).score)
        except Exception:  # a part the rules refuse: the whole's problem says so
            return None


form_data = FortyBelowForm.post_data
