"""One small form per game, each turning what was tapped into exactly the entry its scoring
module takes. The forms only convert; every rule is checked by games.scoring on save."""

from __future__ import annotations

import json
import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import transfer
from .models import NAME_INPUT_MAX_LENGTH, Game, Player, name_key, normal_name
from .scoring import EntryError, Scoreboard
from .scoring.fortybelow import CARD_VALUES, COLUMNS, ROWS, Tally, tally
from .scoring.fortyfives import NO_MINIMUM_BIDS, STANDARD_BIDS, SUITS, TEAMS
from .scoring.fortyfives import TRICKS_PER_HAND as FORTY_FIVES_TRICKS
from .scoring.fortytwo import HIGHEST_BID, TRICKS_PER_HAND, bidding_order
from .scoring.numbers import shown
from .scoring.under10 import BONUS_COSTS, BONUS_LABELS, HIGHEST_CARD, LOWEST_CARD
from .words import said

SUIT_WORDS = {
    "clubs": gettext_lazy("Clubs"),
    "diamonds": gettext_lazy("Diamonds"),
    "hearts": gettext_lazy("Hearts"),
    "spades": gettext_lazy("Spades"),
}
NUMBER = forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"})


def _int_choices(values) -> list[tuple[int, str]]:
    return [(value, shown(value)) for value in values]


# --- One player's inputs, shared by the round form and a seat's phone (games/seat_views.py) --


def grid_card_field(name: str, row: int, column: int) -> forms.TypedChoiceField:
    """One card of a FortyBelow grid, `row` and `column` counted from 0."""
    return forms.TypedChoiceField(
        choices=[("", "?"), *_int_choices(CARD_VALUES)],
        coerce=int,
        label=_("%(name)s row %(row)s column %(column)s")
        % {"name": name, "row": row + 1, "column": column + 1},
    )


def under10_hand_fields(most_points: int | None = None) -> dict[str, forms.Field]:
    """One Under the 10 hand's inputs by part: its points, or its cards, and its bonus cards."""
    return {
        "points": forms.IntegerField(
            required=False,
            min_value=0,
            max_value=most_points,
            widget=NUMBER,
            label=_("Points in hand"),
        ),
        "cards": forms.CharField(
            required=False, max_length=200, label=_("or the cards (e.g. 2 5 13)")
        ),
        "bonus": forms.MultipleChoiceField(
            required=False,
            choices=[(name, said(BONUS_LABELS[name])) for name in BONUS_COSTS],
            widget=forms.CheckboxSelectMultiple,
            label=_("Bonus cards held"),
        ),
    }


def cards_typed_wrong(text: str) -> bool:
    return bool(text) and not re.fullmatch(r"[\d\s,]+", text)


CARDS_TYPED_WRONG = gettext_lazy("Cards are numbers, separated by spaces.")


def under10_hand(cards_text: str, points: int | None, bonus: list, *, emptied: bool) -> dict:
    """A hand as the engine reads it, from what was typed. A hand left blank stays blank, and
    the engine asks for it: never 0 points. Only the player who emptied their hand, or one
    holding only bonus cards, has no cards."""
    cards = re.findall(r"\d+", cards_text or "")
    hand: dict = {}
    if cards or (points is None and (bonus or emptied)):
        hand["cards"] = [int(card) for card in cards]
    elif points is not None:
        hand["points"] = points
    if bonus:
        hand["bonus"] = list(bonus)
    return hand


class HandView:
    """What the template needs to draw one player's inputs."""

    def __init__(self, form: RoundForm, player: int):
        self.player = player
        self.name = form.names[player]
        self.fields = [form[name] for name in form.hand_fields(player)]
        self.error = form.player_errors.get(player)
        self.is_dealer = player == form.dealer
        self.tally = form.hand_tally(player)
        self.tally_shown = shown(self.tally.score) if self.tally else ""


class RoundForm(forms.Form):
    """The inputs for a game's next round (or a saved round being edited)."""

    def __init__(
        self,
        data=None,
        *,
        game: Game,
        board: Scoreboard,
        entry: dict | None = None,
        number: int | None = None,
        editing: bool = False,
    ):
        self.game = game
        self.editing = editing  # the fix page of a saved round (not the next or open round's)
        self.board = board
        self.names = game.player_names
        self.number = number or len(board.rounds) + 1
        editing = board.rounds[self.number - 1] if self.number <= len(board.rounds) else None
        self.dealer = editing.dealer if editing else board.next_dealer
        # Editing a past round: the players in it are the ones in its saved entry.
        self.players = self.players_in(entry) if editing and entry else list(board.active_players)
        self.open_entry = board.open_round.entry if board.open_round else None
        self.player_errors: dict[int, str] = {}
        super().__init__(data, initial=self.initial_from(entry) if entry else None)
        self.add_fields()

    def players_in(self, entry: dict) -> list[int]:
        seated = [p for p in self.game.scoreboard.players]
        ids = {hand.get("player") for hand in entry.get("hands", []) if isinstance(hand, dict)}
        return [p for p in seated if p in ids] or list(self.board.active_players)

    # each game defines these
    def add_fields(self) -> None:
        raise NotImplementedError

    def hand_fields(self, player: int) -> list[str]:
        return []

    def build_entry(self) -> dict:
        raise NotImplementedError

    def initial_from(self, entry: dict) -> dict:
        return {}

    def grid_marks(self) -> dict[str, list[str]]:
        """Input ids to highlight in the live preview, by mark; only FortyBelow has any."""
        return {}

    tallies_hands = False  # each hand scored on its own as soon as it is complete (FortyBelow)

    def hand_tally(self, player: int) -> Tally | None:
        return None

    def incomplete_message(self) -> str:
        """What the preview asks for while the form can't be scored yet."""
        return _("Fill in every player's hand to see the scores.")

    offers_throw_in = False  # a one-tap "everyone passed" (Forty Fives)

    @property
    def fixing_open_round(self) -> bool:
        open_round = self.board.open_round
        return self.editing and open_round is not None and open_round.number == self.number

    # shared
    @property
    def dealer_name(self) -> str:
        return self.names.get(self.dealer, "")

    def hands(self) -> list[HandView]:
        return [HandView(self, player) for player in self.players]

    def player_choices(self) -> list[tuple[int, str]]:
        return [(p, self.names[p]) for p in self.players]

    def entry(self) -> dict | None:
        """The entry, or None when a box holds something that isn't a number at all."""
        return self.build_entry() if self.is_valid() else None

    def show_error(self, error: EntryError) -> None:
        """Put the engine's message beside the input it is about."""
        field = error.field or ""
        match = re.match(r"hands\.(\d+)", field)
        if match and int(match.group(1)) in self.players:
            self.player_errors[int(match.group(1))] = said(error.message)
        elif field in self.fields:
            self.add_error(field, said(error.message))
        else:
            self.add_error(None, said(error.message))


class FortyBelowForm(RoundForm):
    inputs_template = "fortybelow/round.html"
    keypad = _int_choices(CARD_VALUES)

    def cell(self, player: int, row: int, column: int) -> str:
        return f"card_{player}_{row}{column}"

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

    def grid(self, player: int) -> list[list[int]] | None:
        """A player's cards as entered (or as saved, on a page not yet posted), or None until
        all six are in."""
        if self.is_bound:
            self.is_valid()  # cleaned_data then holds every cell that is a card
            cards = self.cleaned_data
        else:
            cards = self.initial
        grid = [[cards.get(self.cell(player, r, c)) for c in range(COLUMNS)] for r in range(ROWS)]
        return None if any(card is None for row in grid for card in row) else grid

    def hand_tally(self, player: int) -> Tally | None:
        """The engine's tally of a player's complete grid, shown beside it while entering."""
        grid = self.grid(player)
        try:
            return tally(grid) if grid else None
        except EntryError:  # a saved card the corrected rules refuse: the page says so on save
            return None

    def incomplete_message(self) -> str:
        if all(self.grid(player) for player in self.players):
            return _("Now tap who went out to see the round's scores.")
        return _("Each grid is scored as soon as its six cards are in.")

    def grid_marks(self) -> dict[str, list[str]]:
        """The cells of each complete grid that the engine's tally puts in the forty-below block
        or in a cancelled column, as input ids by mark, for the live preview."""
        marks: dict[str, list[str]] = {"block": [], "cancel": []}
        for player in self.players:
            hand = self.hand_tally(player)
            if hand is None:
                continue
            block_columns = hand.block or ()
            for mark, columns in (("block", block_columns), ("cancel", hand.cancelled)):
                marks[mark] += [
                    self[self.cell(player, r, c - 1)].auto_id for c in columns for r in range(ROWS)
                ]
        return marks

    def build_entry(self) -> dict:
        data = self.cleaned_data
        return {
            "went_out": data["went_out"],
            "hands": [
                {
                    "player": p,
                    "grid": [
                        [data[self.cell(p, r, c)] for c in range(COLUMNS)] for r in range(ROWS)
                    ],
                }
                for p in self.players
            ],
        }

    def initial_from(self, entry: dict) -> dict:
        initial = {"went_out": entry.get("went_out")}
        for hand in entry.get("hands", []):
            for r, row in enumerate(hand["grid"]):
                for c, card in enumerate(row):
                    initial[self.cell(hand["player"], r, c)] = card
        return initial


class FortyTwoForm(RoundForm):
    """Every player's bid and tricks on one page: saved at once after the hand, or the bids
    alone at the start of it (an open round) and the tricks after it."""

    inputs_template = "fortytwo/round.html"

    @property
    def bidding(self) -> bool:
        """The bids may be saved alone, the tricks to come: in a new round, or when fixing the
        open round's bids. (Finishing the open round, or a played hand, needs the tricks.)"""
        return self.number > len(self.board.rounds) or self.fixing_open_round

    def add_fields(self) -> None:
        bids = self.open_bids()
        for player in self.players:
            name = self.names[player]
            self.fields[f"bid_{player}"] = forms.TypedChoiceField(
                choices=_int_choices(range(HIGHEST_BID + 1)),
                coerce=int,
                widget=forms.RadioSelect,
                label=_("%(name)s bids") % {"name": name},
                initial=bids.get(player),
                error_messages={"required": _("%(name)s's bid is missing.") % {"name": name}},
            )
            # Never required here: with no tricks at all the bids are saved alone (a new round
            # only, see clean), and a missing player's tricks are named by the engine.
            self.fields[f"tricks_{player}"] = forms.TypedChoiceField(
                choices=_int_choices(range(TRICKS_PER_HAND + 1)),
                coerce=int,
                widget=forms.RadioSelect,
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
        hands = []
        for player in self.players:
            hand = {"player": player, "bid": self.cleaned_data[f"bid_{player}"]}
            tricks = self.cleaned_data.get(f"tricks_{player}")
            if tricks is not None:
                hand["tricks"] = tricks
            hands.append(hand)
        return {"hands": hands}

    def initial_from(self, entry: dict) -> dict:
        initial = {}
        for hand in entry.get("hands", []):
            initial[f"bid_{hand['player']}"] = hand.get("bid")
            if "tricks" in hand:
                initial[f"tricks_{hand['player']}"] = hand["tricks"]
        return initial


class UnderTheTenForm(RoundForm):
    inputs_template = "under10/round.html"
    card_values = range(LOWEST_CARD, HIGHEST_CARD + 1)

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
        data = self.cleaned_data
        how = "called_by" if data["how"] == "called" else "empty_hand"
        hands = []
        for player in self.players:
            hand = under10_hand(
                data.get(f"cards_{player}") or "",
                data.get(f"points_{player}"),
                data.get(f"bonus_{player}") or [],
                emptied=how == "empty_hand" and player == data["ended_by"],
            )
            hands.append({"player": player, **hand})
        return {how: data["ended_by"], "hands": hands}

    def initial_from(self, entry: dict) -> dict:
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


class FortyFivesForm(RoundForm):
    """The bidder, bid and trump, and the hand's tricks and highest trump, on one page: saved
    at once after the hand, or the bid alone at the start of it (an open round). Only team A's
    tricks are entered: team B took the rest of the five."""

    inputs_template = "fortyfives/round.html"

    tricks_per_hand = FORTY_FIVES_TRICKS

    @property
    def bidding(self) -> bool:
        """The bid may be saved alone, the result to come: in a new round, or when fixing the
        open round's bid. (Finishing the open round, or a played hand, needs the result.)"""
        return self.number > len(self.board.rounds) or self.fixing_open_round

    @property
    def offers_throw_in(self) -> bool:
        return self.open_entry is None

    @property
    def thrown_in(self) -> bool:
        """Everyone passed: the "thrown in" button was pressed, so nothing else is needed."""
        return bool(self.data.get("thrown_in")) if self.is_bound else False

    def add_fields(self) -> None:
        bids = NO_MINIMUM_BIDS if self.game.options.get("no_minimum_bid") else STANDARD_BIDS
        self.fields["bidder"] = forms.TypedChoiceField(
            choices=self.player_choices(),
            coerce=int,
            widget=forms.RadioSelect,
            label=_("Bidder"),
        )
        self.fields["bid"] = forms.TypedChoiceField(
            choices=_int_choices(bids), coerce=int, widget=forms.RadioSelect, label=_("Bid")
        )
        self.fields["trump"] = forms.ChoiceField(
            choices=[("", _("not said")), *[(s, SUIT_WORDS[s]) for s in SUITS]],
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
            choices=_int_choices(range(FORTY_FIVES_TRICKS + 1)),
            coerce=int,
            widget=forms.RadioSelect,
            label=_("Tricks taken by %(team)s") % {"team": team_names["A"]},
            required=False,
            empty_value=None,
        )
        self.fields["high_trump"] = forms.ChoiceField(
            choices=[*[(t, team_names[t]) for t in TEAMS], ("none", _("No trump was played"))],
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
        if self.thrown_in:
            return {"thrown_in": True}
        data = self.cleaned_data
        entry = {"bidder": data["bidder"], "bid": data["bid"]}
        if data.get("trump"):
            entry["trump"] = data["trump"]
        if data.get("tricks_A") is not None:
            taken = data["tricks_A"]
            entry["tricks"] = {"A": taken, "B": FORTY_FIVES_TRICKS - taken}
            entry["high_trump"] = None if data["high_trump"] == "none" else data["high_trump"]
        return entry

    def show_error(self, error: EntryError) -> None:
        # The engine names the entry's "tricks" and "tricks.A"; on this page that is team A's.
        if (error.field or "").startswith("tricks"):
            self.add_error("tricks_A", error.message)
        else:
            super().show_error(error)

    def initial_from(self, entry: dict) -> dict:
        initial = {name: entry.get(name) for name in ("bidder", "bid", "trump")}
        if isinstance(entry.get("tricks"), dict):
            initial["tricks_A"] = entry["tricks"].get("A")
            initial["high_trump"] = entry.get("high_trump") or "none"
        return initial


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
        return {
            "hands": [{"player": p, "pile": self.cleaned_data[f"pile_{p}"]} for p in self.players]
        }

    def initial_from(self, entry: dict) -> dict:
        return {f"pile_{hand['player']}": hand.get("pile") for hand in entry.get("hands", [])}


ROUND_FORMS: dict[str, type[RoundForm]] = {
    "fortybelow": FortyBelowForm,
    "fortytwo": FortyTwoForm,
    "under10": UnderTheTenForm,
    "fortyfives": FortyFivesForm,
    "fourscore": FourScoreForm,
}


class NewPlayerForm(forms.Form):
    # The 40-character limit is the normalised name's (Player.add); this only bounds the input.
    name = forms.CharField(
        max_length=NAME_INPUT_MAX_LENGTH, label=gettext_lazy("New player's name")
    )


class DeleteAccountForm(forms.Form):
    """The password, typed again before the account is deleted."""

    password = forms.CharField(
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        label=gettext_lazy("Your password, to confirm"),
        max_length=4096,
    )


class NightForm(forms.Form):
    date = forms.DateField(
        widget=forms.DateInput(attrs={"type": "date"}), label=gettext_lazy("Date")
    )
    location = forms.CharField(required=False, max_length=100, label=gettext_lazy("Place"))
    notes = forms.CharField(
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        label=gettext_lazy("Notes"),
    )


class MergeForm(forms.Form):
    into = forms.ModelChoiceField(
        queryset=None,
        label=gettext_lazy("The same person as"),
        empty_label=gettext_lazy("Choose a player"),
    )

    def __init__(self, data=None, *, others):
        super().__init__(data)
        self.fields["into"].queryset = others


class ImportForm(forms.Form):
    """An export file, read as JSON; what is inside is the import's to check."""

    LARGEST_FILE = 20 * 1024 * 1024

    document = forms.FileField(label=gettext_lazy("Export file (.json)"))

    def clean_document(self):
        upload = self.cleaned_data["document"]
        if upload.size > self.LARGEST_FILE:
            raise forms.ValidationError(_("The file is over 20 MB: that is not an export file."))
        try:
            document = json.loads(upload.read())
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise forms.ValidationError(
                _("This file is not an export file: it is not JSON.")
            ) from None
        if transfer.holds_a_surrogate(document):
            raise forms.ValidationError(_("This file is not an export file: it holds broken text."))
        return document


class NewGameForm(forms.Form):
    """The players in seat order (the chips in the order tapped, then any names typed), who
    deals first (a player, or whoever sits first), and the game's options in words."""

    # Names separated by commas or new lines: how a phone without JavaScript adds players.
    new_players = forms.CharField(
        required=False,
        max_length=2000,
        label=gettext_lazy("New players"),
        help_text=gettext_lazy(
            "Names, separated by commas. They sit after the players tapped above, "
            "in the order typed."
        ),
    )

    def __init__(self, data=None, *, rules, players):
        super().__init__(data)
        self.rules = rules
        self.circle = list(players)  # recent players first
        self.players_by_id = {str(p.pk): p for p in self.circle}
        choices = [(str(p.pk), p.name) for p in self.circle]
        self.fields["players"] = forms.MultipleChoiceField(
            choices=choices,
            required=False,
            label=_("Players"),
            error_messages={"invalid_choice": _("Only your own players can be seated.")},
        )
        self.fields["first_dealer"] = forms.ChoiceField(
            choices=[("", _("Whoever sits first")), *choices],
            required=False,
            label=_("Deals first"),
            error_messages={"invalid_choice": _("Only your own players can deal.")},
        )
        for name, option in rules.options.items():
            self.fields[f"option_{name}"] = _option_field(name, option)

    # -- what the page draws --

    def picked(self) -> list[str]:
        """The tapped players' ids in seat order, as posted (kept when the page comes back)."""
        if not self.is_bound:
            return []
        return [pk for pk in self.data.getlist("players") if pk in self.players_by_id]

    def chips(self) -> list[tuple[Player, int | None]]:
        """Every player with their seat number (None when not seated): the seated first, in
        seat order, so that a phone without JavaScript posts them in that order again; then
        the rest, most recent first."""
        picked = list(dict.fromkeys(self.picked()))
        seated = [(self.players_by_id[pk], seat) for seat, pk in enumerate(picked, start=1)]
        rest = [(p, None) for p in self.circle if str(p.pk) not in picked]
        return seated + rest

    def chosen_dealer(self) -> str:
        return str(self.data.get("first_dealer", "")) if self.is_bound else ""

    def team_letters(self) -> str:
        """Each seat's team, in seat order ("A B A B"), for the seat numbers on the chips."""
        if not self.rules.has_teams:
            return ""
        return " ".join(self.rules.team_of_seat(s) for s in range(self.rules.max_players))

    def option_fields(self):
        return [self[f"option_{name}"] for name in self.rules.options]

    # -- what was asked for --

    def clean_new_players(self) -> list[str]:
        names = []
        for typed in re.split(r"[,\n]", self.cleaned_data["new_players"]):
            if not typed.strip():
                continue
            try:
                names.append(normal_name(typed))
            except ValidationError as error:
                raise forms.ValidationError(f"{typed.strip()[:40]}: {error.messages[0]}") from None
        return names

    def clean(self):
        picked = self.cleaned_data.get("players") or []
        if len(set(picked)) != len(picked):
            raise forms.ValidationError(_("A player can only have one seat."))
        seated = {str(p.pk) for p in self.seating() if isinstance(p, Player)}
        dealer = self.cleaned_data.get("first_dealer")
        if dealer and dealer not in seated:
            name = self.players_by_id[dealer].name
            raise forms.ValidationError(
                _("%(name)s is not playing: tap one of the players in the game to deal first.")
                % {"name": name}
            )
        return self.cleaned_data

    def seating(self) -> list[Player | str]:
        """The players in seat order: the tapped ones, then the typed names (a name already
        in the circle is that player; a new one is a name still to be added)."""
        seats: list[Player | str] = [
            self.players_by_id[pk] for pk in self.cleaned_data.get("players") or []
        ]
        by_key = {p.name_key: p for p in self.circle}
        for name in self.cleaned_data.get("new_players") or []:
            known = by_key.get(name_key(name))
            if known is None:
                if name_key(name) not in {name_key(s) for s in seats if isinstance(s, str)}:
                    seats.append(name)
            elif known not in seats:
                seats.append(known)
        return seats

    def new_names(self) -> list[str]:
        return [seat for seat in self.seating() if isinstance(seat, str)]

    def first_dealer(self) -> Player | None:
        """The player tapped to deal first; None is whoever sits first."""
        pk = self.cleaned_data.get("first_dealer")
        return self.players_by_id[pk] if pk else None

    def options(self) -> dict:
        return {name: self.cleaned_data[f"option_{name}"] for name in self.rules.options}


def _option_field(name: str, option) -> forms.Field:
    label = said(option.label) or name.replace("_", " ").capitalize()
    if isinstance(option.default, bool):
        return forms.BooleanField(
            required=False, initial=option.default, label=label, help_text=said(option.help)
        )
    if isinstance(option.default, int):
        return forms.IntegerField(
            min_value=option.minimum,
            max_value=option.maximum,
            initial=option.default,
            label=label,
            help_text=said(option.help),
            widget=NUMBER,
        )
    words = [said(word) for word in option.choice_labels] or [
        c.replace("_", " ").capitalize() for c in option.choices
    ]
    return forms.ChoiceField(
        choices=list(zip(option.choices, words, strict=True)),
        initial=option.default,
        label=label,
        help_text=said(option.help),
        widget=forms.RadioSelect,
    )
