"""What every game's scoring shares: entry errors, options, the replay loop and its results.

Pure Python: nothing here (or anywhere in games.scoring) may import Django.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from .errors import EntryError, number_between
from .errors import whole_number as whole_number  # the games' rules read it from here too
from .messages import Message, message_from_json, message_json, player_name
from .schema import OneOf, Shape, check_entry, player_fields


class Phase(StrEnum):
    """What saving a round means in a game's present state (the Game model's `round_phase`): the
    one answer for the round pages and their forms, the API and the players' phones."""

    BIDDING = "bidding"  # the next round: entered whole, or (open rounds) its bids alone
    COMPLETING = "completing"  # the open round (bids saved), entered as the round now: its result
    OPEN = "open"  # a fix of the open round: its bids, still alone, or the round completed
    EDITING = "editing"  # a fix of a complete round (every later round is rescored)


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


@dataclass
class RoundResult:
    number: int
    dealer: int
    # "open" (its bids saved, result to come), "complete", or "unscored"
    # (a saved round that breaks the rules as they now read: see Rules.replay's `strict`)
    status: str
    entry: dict
    results: list[PlayerResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # about the whole round ("Ann bid 20: set")

    def results_json(self) -> list[dict]:
        """Each player's line as plain JSON, as a round row keeps it (the notes by msgid)."""
        return [
            {
                "player": result.player,
                "points": result.points,
                "total": result.total,
                "notes": [message_json(note) for note in result.notes],
            }
            for result in self.results
        ]

    def notes_json(self) -> list:
        return [message_json(note) for note in self.notes]

    @classmethod
    def from_json(
        cls,
        number: int,
        dealer: int,
        status: str,
        entry: dict,
        results: list[dict],
        notes: list,
        names: Mapping[int, str],
    ) -> RoundResult:
        """A round as a row keeps it, its notes naming the players by `names`."""
        return cls(
            number,
            dealer,
            status,
            entry,
            [
                PlayerResult(
                    line["player"],
                    line["points"],
                    line["total"],
                    [message_from_json(note, names) for note in line["notes"]],
                )
                for line in results
            ],
            [message_from_json(note, names) for note in notes],
        )


def round_fields(result: RoundResult, state: dict) -> dict:
    """What a round row keeps (games.models.Round) of what the rules made of the round: its
    status, dealer, each player's points, total and notes (as JSON), its own notes, and the
    table's state after it."""
    return {
        "status": result.status,
        "dealer": result.dealer,
        "results": result.results_json(),
        "notes": result.notes_json(),
        "state": state,
    }


def problem_json(problem: EntryError | None) -> dict | None:
    """A saved round that breaks the rules as they now read, as a game row keeps it."""
    if problem is None:
        return None
    return {
        "round": problem.round_number,
        "message": message_json(problem.message),
        "field": problem.field,
    }


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


# --- What a game declares for the pages and the statistics ----------------------------------


@dataclass(frozen=True)
class PlayerName:
    """A player in an information line, named (in the page's spelling) when the line is shown."""

    player: int


@dataclass(frozen=True)
class Info:
    """One line of what the scoreboard says about the game beyond the totals ("3 rounds to
    play"): `text` is an N_() msgid (with `plural`, an ngettext pair counting `values["count"]`)
    formatted with `values`. A value is a number, an N_()/Message text, a PlayerName, another
    Info, or a tuple of these said as a list ("Ann, Bob"). games.words.info_said says it."""

    text: str
    values: Mapping[str, object] = field(default_factory=dict)
    plural: str = ""


@dataclass(frozen=True)
class ExtraStat:
    """A figure of a player's record that only this game has (a count of its special hands):
    `key` is its name in the API's statistics (null there for the other kinds), `label` a
    Message or N_() text the player page shows beside it, `help` the API schema's description
    (English)."""

    key: str
    label: str
    help: str


# --- The table and the replay loop -----------------------------------------------------------


@dataclass
class Table:
    """A game's state between rounds; each game's `play_round` moves it on. `state()` is the
    same as plain JSON: a round row keeps the state after it, and a save continues from there."""

    players: tuple[int, ...]
    options: dict
    names: Mapping[int, str]
    dealer: int
    totals: dict[int, int]
    eliminated: list[int] = field(default_factory=list)
    played: int = 0  # how many rounds have been played
    # The round played last: the engine reads only an open one (its bids saved, its result to
    # come), so a table read from a state knows the last round only then.
    latest: RoundResult | None = None
    winners: list[int] = field(default_factory=list)
    finished: bool = False
    extras: dict = field(default_factory=dict)  # the game's own state, plain JSON

    @property
    def active(self) -> list[int]:
        return [player for player in self.players if player not in self.eliminated]

    @property
    def open_round(self) -> RoundResult | None:
        """The last round while its result is still to come."""
        if self.latest is not None and self.latest.status == "open":
            return self.latest
        return None

    def copy(self) -> Table:
        """A table to move on without changing this one: what play changes is copied (the
        game's own `extras` whole: they are small)."""
        return replace(
            self,
            totals=dict(self.totals),
            eliminated=list(self.eliminated),
            winners=list(self.winners),
            extras=copy.deepcopy(self.extras),
        )

    def state(self) -> dict:
        """The table as plain JSON, without the names (a rename changes no kept state)."""
        state = {
            "players": list(self.players),
            "options": dict(self.options),
            "dealer": self.dealer,
            "totals": [self.totals[player] for player in self.players],
            "eliminated": list(self.eliminated),
            "played": self.played,
            "winners": list(self.winners),
            "finished": self.finished,
            "extras": copy.deepcopy(self.extras),
        }
        if self.open_round is not None:
            state["open"] = {"dealer": self.open_round.dealer, "entry": self.open_round.entry}
        return state

    @classmethod
    def from_state(cls, state: Mapping, names: Mapping[int, str]) -> Table:
        """`state()` read back, the players named by `names`."""
        players = tuple(state["players"])
        opened = state.get("open")
        latest = (
            RoundResult(state["played"], opened["dealer"], "open", dict(opened["entry"]))
            if opened
            else None
        )
        return cls(
            players=players,
            options=dict(state["options"]),
            names=names,
            dealer=state["dealer"],
            totals=dict(zip(players, state["totals"], strict=True)),
            eliminated=list(state["eliminated"]),
            played=state["played"],
            latest=latest,
            winners=list(state["winners"]),
            finished=state["finished"],
            extras=copy.deepcopy(state["extras"]),
        )

    def name(self, player: int) -> str:
        """The player's name for a note or an error: a Name, so a kept note follows renames."""
        return player_name(player, self.names)

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

    def read_player(self, player: int, what: str, *, field: str | None = None) -> int:
        """A player id from an entry (the schema has checked it is one) that is seated and
        still in the game."""
        if player not in self.players:
            raise EntryError(
                Message("%(what)s must be a player at this table", what=what), field=field
            )
        if player in self.eliminated:
            raise EntryError(
                Message("%(name)s is out of the game", name=self.name(player)), field=field
            )
        return player

    def read_hands(self, entry: Mapping) -> dict[int, dict]:
        """The entry's `hands` (the schema has checked each one's shape and fields): one per
        player still in the game, each exactly once, in seat order."""
        by_player: dict[int, dict] = {}
        for hand in entry["hands"]:
            player = self.read_player(hand["player"], Message("each hand's player"), field="hands")
            if player in by_player:
                raise EntryError(
                    Message("%(name)s has two hands", name=self.name(player)),
                    field=f"hands.{player}",
                )
            by_player[player] = hand
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
        self.played += 1
        result = RoundResult(
            self.played, self.dealer, status, dict(entry), results, list(round_notes)
        )
        self.latest = result
        return result


@dataclass
class Played:
    """Rounds played on from a table: each round's result and the table's state after it (what
    a round row keeps), the table after the last of them, and, when saved rounds break a rule
    as it now reads (`play_on(strict=False)`), the problem."""

    table: Table
    rounds: list[RoundResult]
    states: list[dict]
    problem: EntryError | None = None


def competition_ranks(totals: Sequence[int]) -> list[int]:
    """Ranks of already sorted totals, ties shared: 10, 12, 12, 15 → 1, 2, 2, 4."""
    ranks: list[int] = []
    for index, total in enumerate(totals):
        ranks.append(ranks[-1] if index and total == totals[index - 1] else index + 1)
    return ranks


def team_place(rank: int, team_size: int) -> int:
    """A team's place among the teams, from its players' rank among the players (partners share
    a rank, and ranks count players: two teams of two stand 1, 1, 3, 3, placed 1 and 2)."""
    return 1 + (rank - 1) // team_size


class Rules:
    """One card game's scoring rules: each game's folder (games/kinds/<kind>/rules.py) defines
    one subclass, and the registry (games/kinds/__init__.py) names it by the stored kind."""

    kind: str
    # The rules' version, kept with every game they scored: a correction of a rule is a new
    # version, and its data migration scores the games kept under an older one again
    # (docs/adding-a-game.md).
    version: int
    name: str
    summary: str
    min_players: int
    max_players: int
    options: dict[str, Option] = {}
    lower_total_wins: bool = True
    has_teams: bool = False
    has_open_rounds: bool = False
    # The shape of a round's entry (games.scoring.schema), built from the game's constants: every
    # entry is checked against it before `play_round` reads it, the API's serializers and schema
    # and the round forms' choices are made from it, and the player ids in it found through it.
    entry_schema: Shape | OneOf
    # What `player_stats` counts for this game alone (see `extra_stats_of`).
    extra_stats: tuple[ExtraStat, ...] = ()

    # -- what each game implements --

    def play_round(self, table: Table, entry: Mapping) -> None:
        """Check one entry against the table, record its round and move the game on.

        The entry has the shape `entry_schema` declares (`play_on` checked it): here are the
        rules' own checks, against the table (a player seated and still in, each hand once)
        and across the entry's parts (tricks adding up); raise EntryError for anything that
        breaks them. The dealer has not moved yet.
        """
        raise NotImplementedError

    def sample_round(self, players: list[int], number: int) -> dict:
        """A valid entry for round `number` (from 1) with these players, such that the game
        can go on as long as its rules allow: what the tests and the benchmark play."""
        raise NotImplementedError

    def team_of_seat(self, seat: int) -> str:
        """The team ("A", "B") of a seat, for games with teams; "" otherwise."""
        return ""

    def describe(self, table: Table) -> dict:
        """The game's own information for the scoreboard's `extras`."""
        return {}

    def team_totals(self, table: Table) -> list[TeamTotal]:
        return []

    def information(self, board: Scoreboard) -> list[Info]:
        """The scoreboard's lines about the game beyond its totals (what is left to play, who
        is out), from the board's `extras`."""
        return []

    def extra_stats_of(self, player: int, entries: Iterable[Mapping]) -> dict[str, int]:
        """Each of `extra_stats` by key, counted over `player`'s part of `entries` (the saved
        entries of every game of this kind they played)."""
        return {}

    @property
    def player_fields(self) -> tuple[str, ...]:
        """Where an entry names players ("went_out", "hands.*.player"), from `entry_schema`."""
        return tuple(player_fields(self.entry_schema))

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
        start = self.start(players, first_dealer, options, names)
        played = self.play_on(start, entries, strict=strict)
        return self.scoreboard(played.table, played.rounds, played.problem)

    def play_on(self, table: Table, entries: Sequence[Mapping], *, strict: bool = True) -> Played:
        """The game's next rounds played on from `table` (left as it was): a save continues
        from the state its last round keeps instead of replaying from round 1. Every entry is
        checked against the game's `entry_schema` before its rules play it: this is the one
        way in for the pages, the API, the players' phones, the import and the previews. A
        round that breaks the rules raises EntryError naming it; with `strict=False` it and
        every round after it are kept "unscored" instead, the table as it was before it."""
        moving = table.copy()
        played = Played(moving, [], [])
        for number, entry in enumerate(entries, start=table.played + 1):
            try:
                self._play_next(moving, entry)
            except EntryError as error:
                problem = error.in_round(number)
                if strict:
                    raise problem from None
                return self._unscored_from(table, entries, problem)
            moving.dealer = moving.next_active_after(moving.dealer)
            assert moving.latest is not None and moving.latest.number == number
            played.rounds.append(moving.latest)
            played.states.append(moving.state())
        return played

    def _play_next(self, table: Table, entry: Mapping) -> None:
        if table.finished:
            raise EntryError(Message("the game is already over"))
        if table.open_round is not None:
            raise EntryError(
                Message("round %(number)s is still open; finish it first", number=table.played)
            )
        check_entry(self.entry_schema, entry, name=table.name)
        self.play_round(table, entry)

    def _unscored_from(self, table: Table, entries: Sequence[Mapping], problem: EntryError):
        """The rounds before the broken one played again (the broken round may have been half
        played on the moving table), then it and the rest listed unscored: the table stays as
        it was before it, the deal included."""
        broken = problem.round_number
        assert broken is not None
        played = self.play_on(table, entries[: broken - 1 - table.played])
        played.problem = problem
        moving = played.table
        dealer = moving.dealer
        for number, entry in enumerate(entries[broken - 1 - table.played :], start=broken):
            note = (
                Message("not scored: %(problem)s", problem=problem.message)
                if number == broken
                else Message("not scored until round %(number)s is fixed", number=broken)
            )
            saved = dict(entry) if isinstance(entry, Mapping) else {}
            moving.played = number
            moving.latest = RoundResult(number, dealer, UNSCORED, saved, [], [note])
            played.rounds.append(moving.latest)
            played.states.append(moving.state())
            dealer = moving.next_active_after(dealer)
        return played

    def standings(self, table: Table) -> list[Standing]:
        """Best first. Once the game is over its winners stand first, all at rank 1, whatever
        their totals (a player or a team past the target that did not win by the game's rules
        stands below them); the others follow in the game's order, ranked from 1 + the number
        of winners. Before the end, the totals alone decide."""

        def order(player: int) -> tuple:
            total = table.totals[player]
            return (player in table.eliminated, total if self.lower_total_wins else -total)

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

    def scoreboard(
        self,
        table: Table,
        rounds: Sequence[RoundResult],
        problem: EntryError | None = None,
    ) -> Scoreboard:
        """The board of a game: its `table` after the last of its `rounds`."""
        standings = self.standings(table)
        return Scoreboard(
            kind=self.kind,
            players=table.players,
            rounds=list(rounds),
            problem=problem,
            standings=standings,
            finished=table.finished,
            winners=[p for p in table.players if p in table.winners],
            next_dealer=table.dealer,
            active_players=table.active,
            teams=self.team_totals(table),
            extras=self.describe(table),
        )
