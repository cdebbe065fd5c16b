"""Looking back: a player's record (games, wins, rounds, streaks, head-to-head) and game nights'
winners and champions, for the pages and the API alike, in a fixed number of queries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import date

from django.db.models import Count, OuterRef, Prefetch, Q, Subquery, prefetch_related_objects
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from .kinds import GAMES
from .models import Game, GameNight, Player, Seat, sort_key
from .scoring.base import team_place
from .scoring.numbers import shown
from .sparkline import decimal_shown

NONE_SHOWN = "\N{EN DASH}"  # a figure with nothing to count yet


@dataclass(frozen=True)
class KindStats:
    """A player's record in one kind of game.

    `games`, `wins` and `win_rate` count finished games only. The round figures count every
    complete round the player scored in, in finished and unfinished games alike (a round that was
    played happened, even if the game was abandoned); an open round has no points yet and an
    eliminated player scores no more rounds. `best_round` follows the game: the lowest points
    where the lowest total wins, the highest otherwise. `extra` holds every game's own
    figures (its rules' `extra_stats`), by key: counted for this kind's own, None for the
    others', as the API lists them.
    """

    kind: str
    name: str
    games: int
    wins: int
    win_rate: float | None
    rounds: int
    average_round: float | None
    best_round: int | None
    extra: dict[str, int | None]

    @property
    def extra_lines(self) -> list[tuple[str, str]]:
        """This kind's own figures as the player page shows them: (label, value), a value
        negative with a true minus sign."""
        return [
            (
                stat.label,
                NONE_SHOWN if self.extra[stat.key] is None else shown(self.extra[stat.key]),
            )
            for stat in GAMES[self.kind].extra_stats
        ]

    @property
    def average_shown(self) -> str:
        """The average round as the page shows it: one decimal place in the reader's
        language, with a true minus sign; a dash when no round was scored."""
        return NONE_SHOWN if self.average_round is None else decimal_shown(self.average_round)

    @property
    def best_shown(self) -> str:
        return NONE_SHOWN if self.best_round is None else shown(self.best_round)


@dataclass(frozen=True)
class HeadToHead:
    """Over the finished games both played against each other, how often the player finished
    ahead of `opponent` (a better rank), behind, or level (the same rank). Partners
    on a team play together, not against each other, so a game as partners is not counted."""

    opponent: int
    name: str
    games: int
    ahead: int
    behind: int
    level: int


@dataclass(frozen=True)
class PlayerStats:
    """Everything the player page and `GET /api/players/{id}/stats/` show.

    A shared win counts for every co-winner, and both partners of a winning team
    win. `longest_streak` is the most finished games won in a row, in the order they finished,
    across all kinds; `current_streak` the wins since the last finished game not won.
    `head_to_head` lists each opponent, the most games together first.
    """

    player: int
    games: int
    wins: int
    win_rate: float | None
    by_kind: dict[str, KindStats]
    longest_streak: int
    current_streak: int
    head_to_head: list[HeadToHead]

    @property
    def played_kinds(self) -> list[KindStats]:
        """The kinds the player has a round of, for the page's table (the API lists them all)."""
        return [kind for kind in self.by_kind.values() if kind.games or kind.rounds]

    def as_json(self) -> dict:
        """As the API sends it: each kind's `extra` figures are fields of the kind."""
        json = asdict(self)
        for figures in json["by_kind"].values():
            figures.update(figures.pop("extra"))
        return json


@dataclass(frozen=True)
class PlayerRef:
    id: int
    name: str


@dataclass(frozen=True)
class GameResult:
    """A game as a night lists it: who played (in seat order) and who won, once finished."""

    id: int
    kind: str
    name: str
    finished: bool
    players: list[PlayerRef]
    winners: list[PlayerRef]


@dataclass(frozen=True)
class NightSummary:
    """A game night: its games in the order they started, and its champions: the players who
    won the most of its finished games (ties shared; none before a game has finished)."""

    id: int
    date: date
    location: str
    notes: str
    games: list[GameResult]
    champions: list[PlayerRef]
    champion_wins: int

    @property
    def finished_games(self) -> int:
        return sum(1 for game in self.games if game.finished)


@dataclass(frozen=True)
class PlayerRecord:
    """A line of the players list: finished games played and won."""

    id: int
    name: str
    games: int
    wins: int
    win_rate: float | None


# --- Reading a history in a fixed number of queries -------------------------------------------


def _rate(wins: int, games: int) -> float | None:
    return wins / games if games else None


# --- A player ----------------------------------------------------------------------------------


def player_stats(player: Player) -> PlayerStats:
    """A player's statistics, in three queries whatever the history (games, seats, rounds).

    Games, wins and streaks count finished games only; the round figures count the complete
    rounds of every game, finished or not (see `KindStats`).
    """
    games = list(Game.objects.filter(players=player).with_history())
    finished = sorted(
        (game for game in games if game.finished), key=lambda game: (game.finished_at, game.pk)
    )
    my_seat = {game.pk: _seat_of(game, player.pk) for game in games}
    won = [my_seat[game.pk].won for game in finished]

    by_kind = {}
    extra_keys = [stat.key for rules in GAMES.values() for stat in rules.extra_stats]
    for kind, rules in GAMES.items():
        of_kind = [game for game in games if game.kind == kind]
        played = [game for game in of_kind if game.finished]
        wins = sum(1 for game in played if my_seat[game.pk].won)
        points = [points for game in of_kind for points in _round_points(game, player.pk)]
        best = min if rules.lower_total_wins else max
        extra: dict[str, int | None] = dict.fromkeys(extra_keys)
        if rules.extra_stats:
            entries = [round_.entry for game in of_kind for round_ in game.saved_rounds]
            extra.update(rules.extra_stats_of(player.pk, entries))
        by_kind[kind] = KindStats(
            kind=kind,
            name=rules.name,
            games=len(played),
            wins=wins,
            win_rate=_rate(wins, len(played)),
            rounds=len(points),
            average_round=sum(points) / len(points) if points else None,
            best_round=best(points) if points else None,
            extra=extra,
        )

    return PlayerStats(
        player=player.pk,
        games=len(finished),
        wins=sum(won),
        win_rate=_rate(sum(won), len(finished)),
        by_kind=by_kind,
        longest_streak=max(_runs(won)),
        current_streak=_runs(won)[-1],
        head_to_head=_head_to_head(finished, player.pk),
    )


@dataclass(frozen=True)
class RecentGame:
    """One of a player's latest games as their page lists it, with how it went for them."""

    id: int
    name: str
    played_on: date  # the date of its game night (the evening), else the day it started
    finished: bool
    won: bool
    place: int  # as the standings say it; in a game of teams, the team's place
    total: int

    @property
    def result(self) -> str:
        if not self.finished:
            return _("still playing")
        if self.won:
            return pgettext("a game's result", "won")
        return _("%(place)s place") % {"place": _ordinal(self.place)}

    @property
    def score(self) -> str:
        points = ngettext("%(count)s point", "%(count)s points", abs(self.total)) % {
            "count": shown(self.total)
        }
        return points if self.finished else _("%(points)s so far") % {"points": points}


def recent_games(player: Player, count: int = 20) -> list[RecentGame]:
    """The player's latest `count` games, newest first, in one query."""
    partners = (
        Seat.objects.filter(game=OuterRef("game"), team=OuterRef("team"))
        .order_by()
        .values("game")
        .annotate(count=Count("pk"))
        .values("count")
    )
    seats = (
        Seat.objects.filter(player=player)
        .annotate(team_size=Subquery(partners))
        .select_related("game__night")
        .order_by("-game__created", "-game__pk")[:count]
    )
    return [
        RecentGame(
            id=seat.game.pk,
            name=GAMES[seat.game.kind].name,
            played_on=seat.game.evening,
            finished=seat.game.finished,
            won=seat.won,
            place=team_place(seat.rank, seat.team_size) if seat.team else seat.rank,
            total=seat.total,
        )
        for seat in seats
    ]


def _ordinal(number: int) -> str:
    if get_language() == "nl":
        return f"{number}e"  # 1e, 2e, 3e: one ending for every place
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def _seat_of(game: Game, player_id: int) -> Seat:
    return next(seat for seat in game.seats if seat.player_id == player_id)


def _round_points(game: Game, player_id: int) -> Iterable[int]:
    """The player's points in each complete round of the game, as its rounds keep them (an
    open round has no results yet; in a game with teams a player's points are their team's:
    partners score the same)."""
    for round_ in game.saved_rounds:
        for result in round_.results:
            if result["player"] == player_id:
                yield result["points"]


def _runs(won: list[bool]) -> list[int]:
    """The length of the winning run after each game (0 before any game)."""
    runs = [0]
    for game_won in won:
        runs.append(runs[-1] + 1 if game_won else 0)
    return runs


def _head_to_head(finished: list[Game], player_id: int) -> list[HeadToHead]:
    records: dict[int, Counter] = {}
    names: dict[int, str] = {}
    for game in finished:
        mine = _seat_of(game, player_id)
        for seat in game.seats:
            if seat.player_id == player_id or (mine.team and seat.team == mine.team):
                continue
            names[seat.player_id] = seat.player.name
            record = records.setdefault(seat.player_id, Counter())
            record["games"] += 1
            if mine.rank < seat.rank:
                record["ahead"] += 1
            elif mine.rank > seat.rank:
                record["behind"] += 1
            else:
                record["level"] += 1
    rows = [
        HeadToHead(
            opponent=opponent,
            name=names[opponent],
            games=record["games"],
            ahead=record["ahead"],
            behind=record["behind"],
            level=record["level"],
        )
        for opponent, record in records.items()
    ]
    return sorted(rows, key=lambda row: (-row.games, sort_key(row.name), row.opponent))


def player_records(owner) -> list[PlayerRecord]:
    """Every player of `owner` (by name) with finished games played and won, in one query."""
    players = (
        Player.objects.filter(owner=owner)
        .annotate(
            games_played=Count("seats", filter=Q(seats__game__finished_at__isnull=False)),
            # The write path keeps `won` false until a game is finished.
            games_won=Count("seats", filter=Q(seats__won=True)),
        )
        .order_by("sort_key", "name_key", "pk")  # Meta.ordering is not applied to a GROUP BY query
    )
    return [
        PlayerRecord(
            id=player.pk,
            name=player.name,
            games=player.games_played,
            wins=player.games_won,
            win_rate=_rate(player.games_won, player.games_played),
        )
        for player in players
    ]


# --- Game nights --------------------------------------------------------------------------------


def _night_games() -> Prefetch:
    return Prefetch("games", Game.objects.order_by("created", "pk").with_seats())


def night_summary(night: GameNight) -> NightSummary:
    """A night's games, their winners and its champions, in two queries (games, seats)."""
    prefetch_related_objects([night], _night_games())
    return _summarise(night)


def nights_with_winners(owner) -> list[NightSummary]:
    """Every game night of `owner`, newest first, each summarised as `night_summary` does, in
    three queries however many nights, games and players."""
    nights = GameNight.objects.filter(owner=owner).order_by("-date", "-created", "-pk")
    return [_summarise(night) for night in nights.prefetch_related(_night_games())]


def _summarise(night: GameNight) -> NightSummary:
    games = []
    wins: Counter[PlayerRef] = Counter()
    for game in night.games.all():
        seats = game.seat_set.all()
        players = [PlayerRef(seat.player_id, seat.player.name) for seat in seats]
        winners = [ref for ref, seat in zip(players, seats, strict=True) if seat.won]
        wins.update(winners)
        games.append(
            GameResult(
                id=game.pk,
                kind=game.kind,
                name=game.rules.name,
                finished=game.finished,
                players=players,
                winners=winners,
            )
        )
    most = max(wins.values(), default=0)
    champions = sorted(
        (ref for ref, count in wins.items() if count == most), key=lambda ref: sort_key(ref.name)
    )
    return NightSummary(
        id=night.pk,
        date=night.date,
        location=night.location,
        notes=night.notes,
        games=games,
        champions=champions,
        champion_wins=most,
    )
