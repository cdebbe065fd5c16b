"""Who is really the best at each game: the players' skill ratings (games/skill.py), kept as rows
in step with the finished games, and read for the pages and the API (docs/ratings.md).

A write that changes a finished game works its kind's ratings out again in the same transaction,
exactly as if the games had been played that way: from the first game whose facts differ from
those the stored steps were rated from, carrying on from the ratings after the games before it.
Reading them replays nothing.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import groupby

from django.apps import apps as installed_apps
from django.conf import settings
from django.db import connections
from django.utils.translation import gettext_lazy, ngettext

from .kinds import GAMES
from .models import Rating, RatingStep, sort_key
from .scoring.numbers import MINUS
from .skill import START_ORDINAL, Played, Rated, rate
from .sparkline import Sparkline, decimal_shown, rating_line

# --- Keeping them: worked out again after every change of a finished game ---------------------


def game_written(sender, game, was_finished: bool, rated: bool, **kwargs) -> None:
    """After every write (games.models.game_written), unless its caller rates many games at
    once afterwards."""
    if rated and (was_finished or game.finished):
        # Its kind's ratings, if it counts now or counted before the write (a finished game
        # fixed or undone). A game still being played changes no rating.
        recompute(game.owner_id, [game.kind])


def games_rescored(sender, owner_id: int, kinds: Iterable[str], **kwargs) -> None:
    """After many games were scored again at once (a merge of two players)."""
    recompute(owner_id, kinds)


def recompute(owner_id: int, kinds: Iterable[str] | None = None, apps=installed_apps) -> None:
    """The owner's ratings at each of `kinds` (None: every game) worked out again from the
    finished games, in the caller's transaction. `apps` is a migration's registry, or the
    installed one."""
    _lock_owner(owner_id, apps)
    for kind in sorted(GAMES if kinds is None else set(kinds)):
        _recompute_kind(owner_id, kind, apps)


def _lock_owner(owner_id: int, apps) -> None:
    """One recompute of an owner's ratings at a time: on PostgreSQL two games finishing at once
    would otherwise each rate without the other. (SQLite's IMMEDIATE transactions already queue
    every writer.) The owner's row is the lock, taken after the game's, as every writer does."""
    app_label, model_name = settings.AUTH_USER_MODEL.split(".")
    User = apps.get_model(app_label, model_name)
    list(User.objects.select_for_update().filter(pk=owner_id).values_list("pk", flat=True))


# A game as it was rated: its id and each seat's (player, team, rank), in seat order.
Facts = tuple[int, tuple[tuple[int, str, int], ...]]
STEP_FIELDS = ("player", "game", "kind", "sequence", "team", "rank")
RATING_FIELDS = ("mu", "sigma", "ordinal", "change", "games")


def _recompute_kind(owner_id: int, kind: str, apps) -> None:
    """Rate the owner's finished games of `kind` from the first whose facts differ from those
    its stored steps were rated from: three reads (and the lock) when nothing changed, a fourth
    of the ratings to carry on from, and writes of the steps from there on."""
    Seat = apps.get_model("games", "Seat")
    RatingStep = apps.get_model("games", "RatingStep")
    Rating = apps.get_model("games", "Rating")

    # The games in the order they finished (a tie by id), each with its seats' facts.
    seats = (
        Seat.objects.filter(
            game__owner_id=owner_id, game__kind=kind, game__finished_at__isnull=False
        )
        .order_by("game__finished_at", "game_id", "position")
        .values_list("game_id", "player_id", "team", "rank")
    )
    games: list[Facts] = [
        (game_id, tuple((player, team, rank) for _game, player, team, rank in game_seats))
        for game_id, game_seats in groupby(seats, key=lambda seat: seat[0])
    ]
    steps = RatingStep.objects.filter(game__owner_id=owner_id, kind=kind)
    ratings = Rating.objects.filter(player__owner_id=owner_id, kind=kind)

    # What each step was rated from, and what it would be rated from now, both in the order
    # (place, player): the first difference is the first game to rate again.
    rated_from = list(
        steps.order_by("sequence", "player_id").values_list(
            "sequence", "game_id", "player_id", "team", "rank"
        )
    )
    wanted = sorted(
        (sequence, game_id, player, team, rank)
        for sequence, (game_id, game_seats) in enumerate(games, start=1)
        for player, team, rank in game_seats
    )
    # A game deleted takes its steps with it: the ratings of its players then count a game
    # more than their steps do.
    counted = dict(ratings.values_list("player_id", "games"))
    in_step = counted == Counter(player for _sequence, _game, player, *_facts in rated_from)
    if rated_from == wanted and in_step:
        return  # nothing changed: the stored steps are those of the games as they are
    pairs = enumerate(zip(rated_from, wanted, strict=False))
    first = next(
        (index for index, (was, now) in pairs if was != now), min(map(len, [rated_from, wanted]))
    )
    rows_at_first = [rows[first][0] for rows in (rated_from, wanted) if first < len(rows)]
    kept = min(rows_at_first) - 1 if rows_at_first else len(games)

    # Each player's rating after the games kept: their Rating when every stored step is kept
    # (a game finished after all of them, the usual change), else their latest step kept.
    if not kept:
        kept_ratings = []
    elif kept == rated_from[-1][0] and in_step:
        kept_ratings = ratings.values_list("player_id", *RATING_FIELDS)
    else:
        kept_ratings = (
            steps.filter(sequence__lte=kept)
            .order_by("sequence")
            .values_list("player_id", *RATING_FIELDS)
        )
    latest = {player: rating for player, *rating in kept_ratings}  # (mu, sigma, ordinal, ...)
    new_steps = rate(
        (_played(game) for game in games[kept:]),
        before={
            player: Rated(mu, sigma, ordinal, count)
            for player, (mu, sigma, ordinal, _change, count) in latest.items()
        },
    )

    steps.filter(sequence__gt=kept).delete()
    sequence_of = {game_id: sequence for sequence, (game_id, _seats) in enumerate(games, start=1)}
    seat_of = {
        (game_id, player): (team, rank)
        for game_id, game_seats in games
        for player, team, rank in game_seats
    }
    _insert(
        RatingStep,
        (*STEP_FIELDS, *RATING_FIELDS),
        [
            (
                step.player,
                step.game,
                kind,
                sequence_of[step.game],
                *seat_of[step.game, step.player],
                step.mu,
                step.sigma,
                step.ordinal,
                step.change,
                step.games,
            )
            for step in new_steps
        ],
    )

    for step in new_steps:
        latest[step.player] = (step.mu, step.sigma, step.ordinal, step.change, step.games)
    ratings.delete()
    _insert(
        Rating,
        ("player", "kind", *RATING_FIELDS),
        [(player, kind, *rating) for player, rating in latest.items()],
    )


def _insert(model, fields: Sequence[str], rows: list[tuple]) -> None:
    """Rows written in one statement run per row: a thousand games' steps are thousands of
    rows, which bulk_create would first make into model instances, field by field."""
    if not rows:
        return
    connection = connections[model.objects.db]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(model._meta.get_field(name).column) for name in fields)
    values = ", ".join(["%s"] * len(fields))
    with connection.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({values})", rows
        )


def _played(game: Facts) -> Played:
    """A game's sides as rated: each player alone, or partners (a team) together."""
    game_id, seats = game
    sides: dict[str | int, list[int]] = {}
    ranks: dict[str | int, int] = {}
    for player, team, rank in seats:
        side = team or player
        sides.setdefault(side, []).append(player)
        ranks[side] = min(rank, ranks.get(side, rank))  # partners share their team's rank
    return Played(
        game=game_id,
        sides=tuple(tuple(players) for players in sides.values()),
        ranks=tuple(ranks[side] for side in sides),
    )


# --- Reading them: a fixed number of queries, however many players and games -----------------

# How sure a rating is, in words, by its sigma: it starts at 25/3 (8.3) and narrows with every
# game, slowly (four players' is about 6.7 after 10 games, 5.9 after 20, 4.4 after 40).
READINGS = (
    (7.0, gettext_lazy("still settling")),
    (5.0, gettext_lazy("taking shape")),
    (3.5, gettext_lazy("fairly sure")),
    (0.0, gettext_lazy("settled")),
)


@dataclass(frozen=True)
class RatingLine:
    """A player's rating as a page lists it. `change` is the ordinal's change in their latest
    game (on a night's page: over the night's games)."""

    player: int
    name: str
    ordinal: float
    sigma: float
    change: float
    games: int
    place: int = 1  # in its list, best first: level ratings share a place

    @property
    def shown(self) -> str:
        return decimal_shown(self.ordinal)

    @property
    def change_shown(self) -> str:
        return signed_decimal(self.change)

    @property
    def reading(self) -> str:
        """How sure the rating is, in plain words: "after 3 games: still settling"."""
        words = next(words for least, words in READINGS if self.sigma >= least)
        return ngettext(
            "after %(count)s game: %(reading)s", "after %(count)s games: %(reading)s", self.games
        ) % {"count": self.games, "reading": words}


@dataclass(frozen=True)
class KindRatings:
    """One game's ratings, best first (a tie by name)."""

    kind: str
    name: str
    lines: list[RatingLine]


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating at one game, with the line of its history."""

    kind: str
    name: str
    line: RatingLine
    chart: Sparkline


def signed_decimal(value: float) -> str:
    """A change of rating, always with its sign: +1.2, or a true minus sign."""
    text = decimal_shown(value)
    return text if text.startswith(MINUS) or round(value, 1) == 0 else f"+{text}"


def _placed(lines: Iterable[RatingLine]) -> list[RatingLine]:
    """Best first, a tie by name; level ratings share a place (1, 2, 2, 4)."""
    ordered = sorted(lines, key=lambda line: (-line.ordinal, sort_key(line.name), line.player))
    placed: list[RatingLine] = []
    for index, line in enumerate(ordered):
        level = placed and placed[-1].ordinal == line.ordinal
        placed.append(replace(line, place=placed[-1].place if level else index + 1))
    return placed


def best_at_each_game(owner) -> list[KindRatings]:
    """The players page: each game's ratings (the games in the registry's order), in one query."""
    rows = Rating.objects.filter(player__owner=owner).select_related("player")
    by_kind: defaultdict[str, list[RatingLine]] = defaultdict(list)
    for rating in rows:
        by_kind[rating.kind].append(
            RatingLine(
                player=rating.player_id,
                name=rating.player.name,
                ordinal=rating.ordinal,
                sigma=rating.sigma,
                change=rating.change,
                games=rating.games,
            )
        )
    return [
        KindRatings(kind, rules.name, _placed(by_kind[kind]))
        for kind, rules in GAMES.items()
        if kind in by_kind
    ]


def of_kind(owner, kind: str) -> list[Rating]:
    """The API's list: the owner's players rated at `kind`, best first (a tie by name)."""
    return list(
        Rating.objects.filter(player__owner=owner, kind=kind).order_by(
            "-ordinal", "player__sort_key", "player__name_key", "player_id"
        )
    )


def of_player(player) -> dict[str, Rating]:
    """The player's rating at each game they finished one of, by kind, in one query."""
    return {rating.kind: rating for rating in Rating.objects.filter(player=player)}


def player_history(player) -> list[PlayerRating]:
    """The player page: their rating at each game with its history line, in one query."""
    steps = RatingStep.objects.filter(player=player).order_by("kind", "sequence")
    by_kind = {kind: list(kind_steps) for kind, kind_steps in groupby(steps, lambda s: s.kind)}
    ratings = []
    for kind, rules in GAMES.items():
        if kind not in by_kind:
            continue
        history = by_kind[kind]
        last = history[-1]
        ratings.append(
            PlayerRating(
                kind=kind,
                name=rules.name,
                line=RatingLine(
                    player.pk, player.name, last.ordinal, last.sigma, last.change, last.games
                ),
                chart=rating_line(rules.name, [START_ORDINAL, *(s.ordinal for s in history)]),
            )
        )
    return ratings


def after_night(night) -> list[KindRatings]:
    """A night's page: each player's rating after the night's finished games of each kind, and
    its change over them (from before their first to after their last), in one query."""
    steps = (
        RatingStep.objects.filter(game__night=night)
        .select_related("player")
        .order_by("kind", "sequence")
    )
    first: dict[tuple[str, int], RatingStep] = {}
    last: dict[tuple[str, int], RatingStep] = {}
    for step in steps:
        first.setdefault((step.kind, step.player_id), step)
        last[step.kind, step.player_id] = step
    by_kind: defaultdict[str, list[RatingLine]] = defaultdict(list)
    for (kind, player), step in last.items():
        before = first[kind, player].ordinal - first[kind, player].change
        by_kind[kind].append(
            RatingLine(
                player=player,
                name=step.player.name,
                ordinal=step.ordinal,
                sigma=step.sigma,
                change=step.ordinal - before,
                games=step.games,
            )
        )
    return [
        KindRatings(kind, rules.name, _placed(by_kind[kind]))
        for kind, rules in GAMES.items()
        if kind in by_kind
    ]
