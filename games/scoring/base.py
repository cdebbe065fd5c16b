"""What every game's scoring shares: entry errors, options, the replay loop and its results.

Pure Python: nothing here (or anywhere in games.scoring) may import Django.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from .messages import Message

LARGEST_NUMBER = 1_000_000  # no score at a card table comes near; bigger numbers are typos


class EntryError(ValueError):
    """A round entry (or a game's setup) breaks a rule.

    The message is a sentence a person at the table understands. `field` names the part of the
    entry at fault ("hands.3.grid", "bid") so a form can show it beside the input; `round_number`
    is set when the error was found while replaying a saved game.
    """

    def __init__(self, message: str, *, field: str | None = None, round_number: int | None = None):
        self.message = message
        self.field = field
        self.round_number = round_number
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.round_number is None:
            return self.message
        return f"Round {self.round_number}: {self.message}"

    def in_round(self, number: int) -> EntryError:
        return EntryError(self.message, field=self.field, round_number=number)


def require(condition: object, message: str, *, field: str | None = None) -> None:
    if not condition:
        raise EntryError(message, field=field)


def whole_number(value: object, what: str, *, field: str | None = None) -> int:
    """`value` as an int; booleans, floats and strings are refused (the API sends JSON numbers).
    The messages are made only when refused: a replay checks every number it reads."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise EntryError(Message("%(what)s must be a whole number", what=what), field=field)
    if abs(value) > LARGEST_NUMBER:
        raise EntryError(Message("%(what)s is far too large", what=what), field=field)
    return value


def number_between(
    value: object, low: int, high: int, what: str, *, field: str | None = None
) -> int:
    number = whole_number(value, what, field=field)
    if not low <= number <= high:
        message = Message(
            "%(what)s must be from %(low)s to %(high)s, not %(number)s",
            what=what,
            low=low,
            high=high,
            number=number,
        )
        raise EntryError(message, field=field)
    return number


# --- Options ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One of a game's options: its default, its limits and a line saying what it does; the
    `label` and `choice_labels` (one per choice) are how the new-game page words it."""

    default: int | bool | str
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    label: str = ""
    choice_labels: tuple[str, ...] = ()

    def check(self, name: str, value: object) -> int | bool | str:
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise EntryError(
                    Message("option %(name)s must be true or false", name=name), field=name
                )
            return value  # type: ignore[return-value]
        if isinstance(self.default, int):
            assert self.minimum is not None and self.maximum is not None
            return number_between(
                value,
                self.minimum,
                self.maximum,
                Message("option %(name)s", name=name),
                field=name,
            )
        choices = ", ".join(self.choices)
        if value not in self.choices:
            raise EntryError(
                Message("option %(name)s must be one of %(choices)s", name=name, choices=choices),
                field=name,
            )
        return value  # type: ignore[return-value]


# --- Results -------------------------------------------------------------------------------

UNSCORED = "unscored"


@dataclass
class PlayerResult:
    """One player's line in one round: what the rules score, the running total, what happened."""

    player: int
    points: int
    total: int
    notes: list[str] = field(default_factory=list)

    def __reduce__(self):
        # Pickled as its fields in a tuple: a kept 200-round table (shared by the server's
        # workers) is written and read back in half the time of the default state dicts.
        return (PlayerResult, (self.player, self.points, self.total, self.notes))


@dataclass
class RoundResult:
    number: int
    dealer: int
    # "open" (42 bids or a Forty Fives bid saved, result to come), "complete", or "unscored"
    # (a saved round that breaks the rules as they now read: see Game.replay's `strict`)
    status: str
    entry: dict
    results: list[PlayerResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # about the whole round ("Ann bid 20: set")

    def __reduce__(self):
        fields = (self.number, self.dealer, self.status, self.entry, self.results, self.notes)
        return (RoundResult, fields)


@dataclass
class Standing:
    player: int
    total: int
    rank: int
    eliminated: bool = False


@dataclass
class TeamTotal:
    team: str
    players: list[int]
    total: int


@dataclass
class Scoreboard:
    """A game replayed from its entries: everything the pages and the API show."""

    kind: str
    players: tuple[int, ...]
    rounds: list[RoundResult]
    standings: list[Standing]
    finished: bool
    winners: list[int]
    next_dealer: int | None
    active_players: list[int]  # who takes part in the next round, in seat order
    teams: list[TeamTotal] = field(default_factory=list)
    extras: dict = field(default_factory=dict)  # the game's own information (see each module)
    # Set only by a lenient replay (`strict=False`) of saved rounds of which one breaks the
    # rules as they now read: the board is the game up to that round, and that round and the
    # ones after it are listed as "unscored" until it is fixed.
    problem: EntryError | None = None

    @property
    def open_round(self) -> RoundResult | None:
        if self.rounds and self.rounds[-1].status == "open":
            return self.rounds[-1]
        return None

    @property
    def totals(self) -> dict[int, int]:
        return {standing.player: standing.total for standing in self.standings}


# --- The table and the replay loop -----------------------------------------------------------


@dataclass
class Table:
    """A game's state while its rounds are replayed; each game's `play_round` moves it on."""

    players: tuple[int, ...]
    options: dict
    names: Mapping[int, str]
    dealer: int
    totals: dict[int, int]
    eliminated: list[int] = field(default_factory=list)
    rounds: list[RoundResult] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    finished: bool = False
    extras: dict = field(default_factory=dict)

    @property
    def active(self) -> list[int]:
        return [player for player in self.players if player not in self.eliminated]

    def copy(self) -> Table:
        """A table to move on without changing this one. Played rounds are never changed once
        the next one starts, so they are shared; what play changes is copied (the game's own
        `extras` one level deep: its lists and dicts grow as rounds are played)."""
        return replace(
            self,
            totals=dict(self.totals),
            eliminated=list(self.eliminated),
            rounds=list(self.rounds),
            winners=list(self.winners),
            extras={key: copy.copy(value) for key, value in self.extras.items()},
        )

    def name(self, player: int) -> str:
        name = self.names.get(player)
        return Message("player %(number)s", number=player) if name is None else name

    def seat(self, player: int) -> int:
        return self.players.index(player)

    def next_active_after(self, player: int) -> int:
        """The next player clockwise from `player` who is still in the game."""
        seat = self.seat(player)
        count = len(self.players)
        for step in range(1, count + 1):
            candidate = self.players[(seat + step) % count]
            if candidate not in self.eliminated:
                return candidate
        return player

    def end_with_lowest_total(self, among: Sequence[int] | None = None) -> None:
        """The game is over: the lowest total (of `among`, or of everyone) wins, ties shared."""
        candidates = list(self.players if among is None else among)
        lowest = min(self.totals[player] for player in candidates)
        self.finished = True
        self.winners = [player for player in candidates if self.totals[player] == lowest]

    def read_player(self, value: object, what: str, *, field: str | None = None) -> int:
        """A player id from an entry that is seated and still in the game."""
        if not (isinstance(value, int) and not isinstance(value, bool) and value in self.players):
            raise EntryError(
                Message("%(what)s must be a player at this table", what=what), field=field
            )
        if value in self.eliminated:
            raise EntryError(
                Message("%(name)s is out of the game", name=self.name(value)), field=field
            )
        return value  # type: ignore[return-value]

    def read_hands(self, entry: Mapping, keys: set[str], required: set[str]) -> dict[int, dict]:
        """The entry's `hands`: one object per active player, each exactly once, in seat order.

        `keys` are the fields a hand may have besides `player`; `required` those it must have.
        """
        hands = entry.get("hands")
        if not isinstance(hands, list):
            raise EntryError(
                Message("hands must be a list with one hand per player"), field="hands"
            )
        by_player: dict[int, dict] = {}
        for hand in hands:
            if not isinstance(hand, Mapping):
                raise EntryError(Message("each hand must be an object"), field="hands")
            player = self.read_player(
                hand.get("player"), Message("each hand's player"), field="hands"
            )
            if player in by_player:
                raise EntryError(
                    Message("%(name)s has two hands", name=self.name(player)),
                    field=f"hands.{player}",
                )
            unknown = sorted(map(str, set(hand) - keys - {"player"}))
            if unknown:
                raise EntryError(
                    Message(
                        "unknown field %(field)s in %(name)s's hand",
                        field=unknown[0],
                        name=self.name(player),
                    ),
                    field=f"hands.{player}",
                )
            missing = sorted(required - set(hand))
            if missing:
                raise EntryError(
                    Message(
                        "%(name)s's hand has no %(field)s",
                        name=self.name(player),
                        field=missing[0],
                    ),
                    field=f"hands.{player}",
                )
            by_player[player] = dict(hand)
        missing_players = [self.name(p) for p in self.active if p not in by_player]
        if missing_players:
            raise EntryError(
                Message("no hand for %(names)s", names=", ".join(missing_players)), field="hands"
            )
        return {player: by_player[player] for player in self.active}

    def record(
        self,
        entry: Mapping,
        points: Mapping[int, int],
        notes: Mapping[int, list[str]],
        round_notes: Sequence[str] = (),
    ) -> RoundResult:
        """Add a complete round: each player's points go onto their total."""
        results = []
        for player in points:
            self.totals[player] += points[player]
            results.append(
                PlayerResult(
                    player, points[player], self.totals[player], list(notes.get(player, []))
                )
            )
        return self.add_round(entry, "complete", results, round_notes)

    def add_round(
        self,
        entry: Mapping,
        status: str,
        results: list[PlayerResult],
        round_notes: Sequence[str] = (),
    ) -> RoundResult:
        result = RoundResult(
            len(self.rounds) + 1, self.dealer, status, dict(entry), results, list(round_notes)
        )
        self.rounds.append(result)
        return result


def competition_ranks(totals: Sequence[int]) -> list[int]:
    """Ranks of already sorted totals, ties shared: 10, 12, 12, 15 → 1, 2, 2, 4."""
    ranks: list[int] = []
    for index, total in enumerate(totals):
        ranks.append(ranks[-1] if index and total == totals[index - 1] else index + 1)
    return ranks


def entry_fields(entry: object, allowed: set[str]) -> Mapping:
    if not isinstance(entry, Mapping):
        raise EntryError(Message("a round's entry must be an object"))
    unknown = sorted(map(str, set(entry) - allowed))  # type: ignore[arg-type]
    if unknown:
        raise EntryError(Message("unknown field %(name)s in the entry", name=unknown[0]))
    return entry  # type: ignore[return-value]


class Game:
    """One card game's scoring rules. Each module in games.scoring defines one subclass."""

    kind: str
    name: str
    summary: str
    min_players: int
    max_players: int
    options: dict[str, Option] = {}
    lower_total_wins: bool = True
    has_teams: bool = False
    has_open_rounds: bool = False
    # The dotted path of the package of its pages (round form, seat part, templates): see
    # games/kinds/__init__.py. Only a path here, so that the scoring code never imports Django.
    ui_module: str = ""

    # -- what each game implements --

    def play_round(self, table: Table, entry: Mapping) -> None:
        """Check one entry against the table, record its round and move the game on.

        Raise EntryError for anything that breaks the rules. The dealer has not moved yet.
        """
        raise NotImplementedError

    def check_players(self, players: Sequence[int]) -> None:
        """Checks of the seating beyond the count (Forty Fives needs exactly four)."""

    def team_of_seat(self, seat: int) -> str:
        """The team ("A", "B") of a seat, for games with teams; "" otherwise."""
        return ""

    def describe(self, table: Table) -> dict:
        """The game's own information for the scoreboard's `extras`."""
        return {}

    def team_totals(self, table: Table) -> list[TeamTotal]:
        return []

    # -- shared --

    def check_options(self, options: Mapping | None) -> dict:
        options = {} if options is None else options
        if not isinstance(options, Mapping):
            raise EntryError(Message("options must be an object"))
        unknown = sorted(map(str, set(options) - set(self.options)))
        if unknown:
            raise EntryError(
                Message(
                    "%(game)s has no option %(name)s", game=Message(self.name), name=unknown[0]
                ),
                field=unknown[0],
            )
        return {
            name: option.check(name, options[name]) if name in options else option.default
            for name, option in self.options.items()
        }

    def start(
        self,
        players: Sequence[int],
        first_dealer: int | None = None,
        options: Mapping | None = None,
        names: Mapping[int, str] | None = None,
    ) -> Table:
        players = tuple(players)
        count = len(players)
        allowed = (
            Message("exactly %(count)s", count=self.min_players)
            if self.min_players == self.max_players
            else Message("%(low)s to %(high)s", low=self.min_players, high=self.max_players)
        )
        if not (self.min_players <= count <= self.max_players):
            raise EntryError(
                Message(
                    "%(game)s is for %(allowed)s players, not %(count)s",
                    game=Message(self.name),
                    allowed=allowed,
                    count=count,
                ),
                field="players",
            )
        if len(set(players)) != count:
            raise EntryError(Message("a player can only have one seat"), field="players")
        self.check_players(players)
        dealer = players[0] if first_dealer is None else first_dealer
        if dealer not in players:
            raise EntryError(
                Message("the first dealer must be one of the players"), field="first_dealer"
            )
        return Table(
            players=players,
            options=self.check_options(options),
            names=names or {},
            dealer=dealer,
            totals={player: 0 for player in players},
        )

    def replay(
        self,
        players: Sequence[int],
        entries: Sequence[Mapping],
        first_dealer: int | None = None,
        options: Mapping | None = None,
        names: Mapping[int, str] | None = None,
        *,
        strict: bool = True,
    ) -> Scoreboard:
        """Score a game from scratch: its setup and every round's entry, in order.

        A round that breaks the rules raises EntryError naming it; with `strict=False` (saved
        games, which must stay readable when a rule is corrected) the board is instead the game
        before that round, with that round and every later one listed as "unscored" and the
        error kept as the board's `problem`.
        """
        try:
            table = self.play_on(self.start(players, first_dealer, options, names), entries)
        except EntryError as problem:
            if strict or problem.round_number is None:
                raise
            return self._board_up_to(problem, players, entries, first_dealer, options, names)
        return self.scoreboard(table)

    def play_on(self, table: Table, entries: Sequence[Mapping]) -> Table:
        """A new table: `table` (left as it was) moved on by the game's next rounds, so that a
        saved game continues from its kept state instead of replaying from round 1. Raises
        EntryError naming the round at fault."""
        table = table.copy()
        for number, entry in enumerate(entries, start=len(table.rounds) + 1):
            try:
                self._play_next(table, entry)
            except EntryError as error:
                raise error.in_round(number) from None
            table.dealer = table.next_active_after(table.dealer)
        return table

    def _play_next(self, table: Table, entry: Mapping) -> None:
        if table.finished:
            raise EntryError(Message("the game is already over"))
        if table.rounds and table.rounds[-1].status == "open":
            raise EntryError(
                Message("round %(number)s is still open; finish it first", number=len(table.rounds))
            )
        self.play_round(table, entry)

    def _board_up_to(self, problem: EntryError, players, entries, first_dealer, options, names):
        """The board of the rounds before the broken one (replayed afresh, since the broken
        round may have been half played), with the rest listed unscored."""
        broken = problem.round_number
        assert broken is not None
        table = self.start(players, first_dealer, options, names)
        for entry in entries[: broken - 1]:
            self._play_next(table, entry)
            table.dealer = table.next_active_after(table.dealer)
        dealer = table.dealer
        for number, entry in enumerate(entries[broken - 1 :], start=broken):
            note = (
                Message("not scored: %(problem)s", problem=problem.message)
                if number == broken
                else Message("not scored until round %(number)s is fixed", number=broken)
            )
            saved = dict(entry) if isinstance(entry, Mapping) else {}
            table.rounds.append(RoundResult(number, dealer, UNSCORED, saved, [], [note]))
            dealer = table.next_active_after(dealer)
        board = self.scoreboard(table)
        board.problem = problem
        return board

    def standing_order(self, table: Table, player: int) -> tuple:
        total = table.totals[player]
        return (player in table.eliminated, total if self.lower_total_wins else -total)

    def standings(self, table: Table) -> list[Standing]:
        """Best first. Once the game is over its winners stand first, all at rank 1, whatever
        their totals (a 42 player waiting at 42 without a made bid, a Forty Fives team over 120
        that did not go out, stand below them); the others follow in the game's order, ranked
        from 1 + the number of winners. Before the end, the totals alone decide."""

        def order(player: int) -> tuple:
            return self.standing_order(table, player)

        def in_order(players) -> list[int]:
            return sorted(players, key=lambda p: (order(p), table.seat(p)))

        winners = in_order(table.winners) if table.finished else []
        others = in_order(p for p in table.players if p not in winners)
        ranks = [1] * len(winners) + [
            len(winners) + rank for rank in competition_ranks([order(p) for p in others])
        ]
        return [
            Standing(p, table.totals[p], rank, p in table.eliminated)
            for p, rank in zip(winners + others, ranks, strict=True)
        ]

    def scoreboard(self, table: Table) -> Scoreboard:
        standings = self.standings(table)
        return Scoreboard(
            kind=self.kind,
            players=table.players,
            rounds=list(table.rounds),
            standings=standings,
            finished=table.finished,
            winners=[p for p in table.players if p in table.winners],
            next_dealer=table.dealer,
            active_players=table.active,
            teams=self.team_totals(table),
            extras=self.describe(table),
        )
