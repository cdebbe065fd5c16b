"""Under the 10's round form (who ended the round, how, and every hand) and a seat's part
(its hand, and whether it ended the round)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...scoring import FormData
from ...words import said
from ..base import NUMBER, PartForm, RoundForm, int_choices
from .entry import cards_typed_wrong, form_entry, under10_hand
from .rules import BONUS, BONUS_LABELS, CARD, HAND_SIZE, POINTS

# The cards typed as text, or tapped on the keypad dock (under10/under10.js); the points typed.
CARDS = forms.TextInput(
    attrs={"class": "dock-cell", "autocomplete": "off", "placeholder": gettext_lazy("cards")}
)
POINTS_TYPED = forms.NumberInput(attrs={**NUMBER.attrs, "placeholder": gettext_lazy("points")})


def under10_hand_fields(most_points: int | None = None) -> dict[str, forms.Field]:
    """One Under the 10 hand's inputs by part: its points, or its cards, and its bonus cards,
    as the entry's schema declares them (`most_points`: the points' maximum, when the input
    holds to it; the round form leaves it to the engine's sentence, which names the player)."""
    return {
        "points": forms.IntegerField(
            required=False,
            min_value=POINTS.minimum,
            max_value=most_points,
            widget=POINTS_TYPED,
            label=_("Points in hand"),
        ),
        "cards": forms.CharField(
            required=False, max_length=200, widget=CARDS, label=_("or the cards (e.g. 2 5 13)")
        ),
        "bonus": forms.MultipleChoiceField(
            required=False,
            choices=bonus_keys(),
            widget=forms.CheckboxSelectMultiple,
            label=_("Bonus cards held"),
        ),
    }


def bonus_keys() -> list[tuple[str, str]]:
    """The bonus cards as the keypad dock's keys, in the page's language."""
    return [(name, said(BONUS_LABELS[name])) for name in BONUS.values]


CARDS_TYPED_WRONG = gettext_lazy("Cards are numbers, separated by spaces.")


class UnderTheTenForm(RoundForm):
    inputs_template = "under10/round.html"
    scripts = ("js/dock.js", "under10/under10.js")
    styles = ("under10/under10.css",)
    keypad = int_choices(range(CARD.minimum, CARD.maximum + 1))  # the dock's keys
    hand_size = HAND_SIZE  # the keypad goes on to the next hand once one holds this many

    def bonus_keys(self) -> list[tuple[str, str]]:
        return bonus_keys()

    def add_fields(self) -> None:
        self.fields["ended_by"] = forms.TypedChoiceField(
            choices=self.player_choices(),
            coerce=int,
            widget=forms.RadioSelect,
            label=_("Who ended the round?"),
        )
        self.fields["how"] = forms.ChoiceField(
            choices=[("called", _("Called “Under the 10!”")), ("empty", _("Emptied their hand"))],
            widget=forms.RadioSelect,
            initial="called",
            label=_("How?"),
        )
        for player in self.players:
            for part, field in under10_hand_fields().items():
                self.fields[f"{part}_{player}"] = field

    def hand_fields(self, player: int) -> list[str]:
        return [f"points_{player}", f"cards_{player}", f"bonus_{player}"]

    def clean(self):
        for player in self.players:
            if cards_typed_wrong(self.cleaned_data.get(f"cards_{player}") or ""):
                self.add_error(f"cards_{player}", CARDS_TYPED_WRONG)
        return self.cleaned_data

    def build_entry(self) -> dict:
        return form_entry(FormData(self.cleaned_data), self.players)

    @classmethod
    def initial_from(cls, entry: dict) -> dict:
        how = "called" if "called_by" in entry else "empty"
        initial = {"how": how, "ended_by": entry.get("called_by", entry.get("empty_hand"))}
        for hand in entry.get("hands", []):
            player = hand["player"]
            if "cards" in hand:
                initial[f"cards_{player}"] = " ".join(str(card) for card in hand["cards"])
            else:
                initial[f"points_{player}"] = hand.get("points")
            initial[f"bonus_{player}"] = hand.get("bonus", [])
        return initial


class UnderTheTenPart(PartForm):
    inputs_template = "under10/seat_part.html"
    owner_table_parts = {"called": "called_by", "empty": "empty_hand"}
    owner_table_template = "under10/owner_table_part.html"
    missing_table_part = gettext_lazy("Say who called or emptied their hand.")
    scripts = UnderTheTenForm.scripts
    styles = UnderTheTenForm.styles
    keypad = UnderTheTenForm.keypad
    hand_size = HAND_SIZE

    def bonus_keys(self) -> list[tuple[str, str]]:
        return bonus_keys()

    def add_fields(self) -> None:
        self.fields["ended"] = forms.ChoiceField(
            choices=[
                ("", _("Someone else ended the round")),
                ("called", _("I called “Under the 10!”")),
                ("empty", _("I emptied my hand")),
            ],
            required=False,
            widget=forms.RadioSelect,
            label=_("Did you end the round?"),
        )
        self.fields.update(under10_hand_fields(most_points=POINTS.maximum))

    @property
    def hand_inputs(self) -> list:
        return [self["points"], self["cards"], self["bonus"]]

    def initial_from(self, part, claims) -> dict:
        ended = "called" if "called_by" in claims else "empty" if "empty_hand" in claims else ""
        initial = {"ended": ended, "bonus": part.get("bonus", [])}
        if "cards" in part:
            initial["cards"] = " ".join(str(card) for card in part["cards"])
        elif "points" in part:
            initial["points"] = part["points"]
        return initial

    def clean(self):
        data = self.cleaned_data
        cards = data.get("cards") or ""
        if cards_typed_wrong(cards):
            self.add_error("cards", CARDS_TYPED_WRONG)
        elif (
            not cards
            and data.get("points") is None
            and not data.get("bonus")
            and data.get("ended") != "empty"
            and not self.errors
        ):
            self.add_error(None, _("Enter your points or your cards."))
        return data

    def part(self) -> dict:
        data = self.cleaned_data
        return under10_hand(
            data.get("cards") or "",
            data.get("points"),
            data.get("bonus") or [],
            emptied=data.get("ended") == "empty",
        )

    def table(self) -> dict:
        ended = self.cleaned_data.get("ended")
        return {
            "called_by": self.player if ended == "called" else None,
            "empty_hand": self.player if ended == "empty" else None,
        }

    @classmethod
    def assemble(cls, stage, parts, table, open_entry) -> dict | None:
        ended = [key for key in ("called_by", "empty_hand") if key in table]
        if not ended:
            return None
        return {ended[0]: table[ended[0]], "hands": [{"player": p, **parts[p]} for p in parts]}

    @classmethod
    def partial(cls, entry, stage, parts, table) -> dict:
        entry.update(table or {"called_by": None})  # the round form's usual "called", nobody yet
        entry["hands"] = [{"player": p, **part} for p, part in parts.items()]
        return entry


form_data = UnderTheTenForm.post_data
