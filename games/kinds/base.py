"""What every game's pages share: the round form's and a seat part's common half, each kind
filling in its inputs (games/kinds/<kind>/forms.py), and `kind_ui`, a game's pages as its folder's
`pages.py` gives them. The forms only convert what was tapped into the entry the game's rules
take, offering the choices and limits its schema declares (`whole_choices`); the entry is
checked against the schema, and every rule by the rules, on save."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..scoring import EntryError, Rules, Scoreboard
from ..scoring.base import Phase
from ..scoring.numbers import shown
from ..scoring.schema import Whole
from ..words import said


class RefereePage(Protocol):
    """A game's part of the trick referee's page (its folder's referee_page.py), asked by the
    shared page (games/views/referee.py) for what only this game shows."""

    # Its parts of the page, as named partials the shared page includes: `trump_prompt` (what
    # to tap for the trump) and `restart` (the label of starting again), and for a game whose
    # page follows a whole hand, `hand` (above the trick), `hand_below` (below it) and
    # `hand_over` (in place of the card picker once the hand is over).
    template: str

    def context(self, trump: Any, state: Any, hand: Any) -> dict[str, Any]:
        """What those parts show, from the trump as the game's engine reads it, the page's
        state and the hand so far (None unless the page follows one)."""
        ...


@dataclass(frozen=True)
class KindUI:
    """What a game's `pages.py` gives the views (each a module-level name of it)."""

    round_form: type  # the round page's form (RoundForm)
    # An entry as the round form's POST data: the reverse of the form's cleaning.
    form_data: Callable[[Mapping], dict[str, Any]]
    # The entry told in words, a line each: describe(game, entry, name) (games/history.py).
    describe: Callable[..., list[str]]
    part_form: type | None = None  # a seat's part on a player's phone (PartForm)
    referee: RefereePage | None = None  # its part of the trick referee's page, if it has one


def kind_ui(rules: Rules) -> KindUI:
    """The pages of the game whose rules these are: `pages.py` beside its `rules.py`."""
    return _load(type(rules).__module__.rpartition(".")[0] + ".pages")


@cache
def _load(path: str) -> KindUI:
    module = importlib.import_module(path)
    return KindUI(
        round_form=module.round_form,
        form_data=module.form_data,
        describe=getattr(module, "describe", lambda game, entry, name: []),
        part_form=getattr(module, "part_form", None),
        referee=getattr(module, "referee", None),
    )


# A number typed on a phone: its number keypad, and no suggestions from earlier rounds.
NUMBER = forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"})


def int_choices(values) -> list[tuple[int, str]]:
    return [(value, shown(value)) for value in values]


def whole_choices(number: Whole) -> list[tuple[int, str]]:
    """The values the entry's schema allows a whole number (a bid, tricks), as a form's
    choices: from its minimum to its maximum."""
    assert number.minimum is not None and number.maximum is not None, "a number with limits"
    return int_choices(range(number.minimum, number.maximum + 1))


class HandTally(Protocol):
    """A hand scored on its own while the round is entered (a full grid, say)."""

    score: int


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

    inputs_template = ""  # the kind's inputs, within the round page: "<kind>/round.html"
    scripts: tuple[str, ...] = ()  # static files the inputs need, besides app.js and drafts.js
    styles: tuple[str, ...] = ()  # and the stylesheets, besides app.css

    def __init__(
        self,
        data=None,
        *,
        game,  # the Game whose round this is
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

    @classmethod
    def initial_from(cls, entry: dict) -> dict:
        return {}

    @classmethod
    def post_data(cls, entry: dict) -> dict:
        """An entry as this form's fields post it: the reverse of `build_entry` (the kind's
        `form_data`, for tests and the benchmark)."""
        return {
            name: value
            for name, value in cls.initial_from(entry).items()
            if value not in (None, [])
        }

    def grid_marks(self) -> dict[str, list[str]]:
        """Input ids to highlight in the live preview, by mark; most games have none."""
        return {}

    tallies_hands = False  # each hand scored on its own as soon as it is complete

    def hand_tally(self, player: int) -> HandTally | None:
        return None

    def incomplete_message(self) -> str:
        """What the preview asks for while the form can't be scored yet."""
        return _("Fill in every player's hand to see the scores.")

    offers_throw_in = False  # a one-tap "everyone passed" (a hand thrown in)
    not_saved = ""  # why a save of this form was refused, once it was (the page says it again)

    @property
    def phase(self) -> Phase | None:
        return self.game.round_phase(self.number, editing=self.editing, board=self.board)

    @property
    def bidding(self) -> bool:
        """In a game with open rounds, the bids may be saved alone, the result to come: in a
        new round, or when fixing the open round's. (Finishing the open round, or a played
        hand, needs the result.)"""
        return self.phase in (Phase.BIDDING, Phase.OPEN)

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


# --- A seat's part, on a player's phone (games/views/phones.py) --------------------------------


class PartForm(forms.Form):
    """One seat's part: `part()` is that seat's piece of the entry, `table()` its claims on the
    table's parts (each None to take a claim back). Its class says how the kind's round is
    entered on players' phones and put together from their parts (games/seats.py)."""

    send_label = gettext_lazy("Send my hand")
    inputs_template = ""  # the kind's inputs, within the seat's page: "<kind>/seat_part.html"
    scripts: tuple[str, ...] = ()  # static files the inputs need, besides app.js
    styles: tuple[str, ...] = ()  # and the stylesheets, besides app.css
    first_phase = "hand"  # a new round's phase on the phones (or "bids", then "result")
    entered_in: tuple[str, ...] | None = None  # the phases a seat has a part in; None: all
    own_parts = True  # each seat enters a part of its own (or none: the bid is the table's)
    # The table's parts the owner's phone can set, by the "how" it posts: the key in the draft.
    # One player at most claims them, all together (who went out, or who ended the round how).
    owner_table_parts: dict[str, str] = {}
    owner_table_template = ""  # the owner's inputs for them, within the "Players' phones" section
    missing_table_part = gettext_lazy("A part of the round is missing.")

    def __init__(self, data=None, *, game, player: int, name: str, stage, part=None, claims=None):
        self.game = game
        self.player = player
        self.name = name
        self.stage = stage
        claims = claims or {}  # this seat's claims on the table's parts, by key
        super().__init__(data, initial=self.initial_from(part or {}, claims))
        self.add_fields()

    def add_fields(self) -> None:
        raise NotImplementedError

    def initial_from(self, part: dict, claims) -> dict:
        return {}

    def part(self) -> dict:
        raise NotImplementedError

    def table(self) -> dict:
        return {}

    @classmethod
    def assemble(cls, stage, parts: dict, table: dict, open_entry: dict | None) -> dict | None:
        """The round's whole entry from every seat's part (by player) and the table's parts,
        or None while a table's part is missing."""
        return None

    @classmethod
    def partial(cls, entry: dict, stage, parts: dict, table: dict) -> dict:
        """`entry` (the open round's, or empty) with what the draft holds so far, for the
        owner's round form."""
        return entry

    @classmethod
    def part_score(cls, part: dict) -> str | None:
        """What a seat's part scores on its own, shown on its phone (a grid, scored once full)."""
        return None
