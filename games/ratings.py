"""Who is really the best at each game: the players' skill ratings (games/skill.py), kept as rows
in step with the finished games, and read for the pages and the API (docs/ratings.md).

A write that changes a finished game works its kind's ratings out again in the same transaction,
exactly as if the games had been played that way: from the first game whose facts differ from
those the stored steps were rated from, carrying on from the steps before it. Reading them
replays nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from itertools import groupby

from django.apps import apps as installed_apps
from django.conf import settings

from .models import Rating
from .scoring import GAMES
from .skill import Played, Step, rate

# --- Keeping them: worked out again after every change of a finished game ---------------------


def game_changed(game, *, was_finished: bool) -> None:
    """After a write to `game`: its kind's ratings, if it counts now or counted before the write
    (a finished game fixed or undone). A game still being played changes no rating."""
    if was_finished or game.finished:
        recompute(game.owner_id, [game.kind])


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


def _recompute_kind(owner_id: int, kind: str, apps) -> None:
    """Rate the owner's finished games of `kind`, in four statements and a write of the steps
    from the first game whose facts changed (none: nothing is written but the ratings)."""
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

    stored = list(
        RatingStep.objects.filter(game__owner_id=owner_id, kind=kind)
        .order_by("sequence", "pk")
        .values_list(
            "sequence",
            "game_id",
            "player_id",
            "team",
            "rank",
            "mu",
            "sigma",
            "ordinal",
            "change",
            "games",
        )
    )
    # The games the stored steps were rated from, by their place in the order.
    rated_from: defaultdict[int, list] = defaultdict(list)
    for sequence, game_id, player, team, rank, *_rating in stored:
        rated_from[sequence].append((game_id, player, team, rank))
    kept = 0  # how many games, from the first, were rated from the very same facts
    for sequence, (game_id, game_seats) in enumerate(games, start=1):
        same = sorted((game_id, *seat) for seat in game_seats)
        if sorted(rated_from.get(sequence, ())) != same:
            break
        kept = sequence
    if kept == len(games) and len(rated_from) == kept:
        return  # nothing changed: the stored steps are those of the games as they are

    latest: dict[int, Step] = {}
    for sequence, game_id, player, _team, _rank, mu, sigma, ordinal, change, count in stored:
        if sequence <= kept:
            latest[player] = Step(game_id, player, mu, sigma, ordinal, change, count)
    new_steps = rate((_played(game) for game in games[kept:]), before=latest)

    RatingStep.objects.filter(game__owner_id=owner_id, kind=kind, sequence__gt=kept).delete()
    sequence_of = {game_id: sequence for sequence, (game_id, _seats) in enumerate(games, start=1)}
    seat_of = {
        (game_id, player): (team, rank)
        for game_id, game_seats in games
        for player, team, rank in game_seats
    }
    RatingStep.objects.bulk_create(
        [
            RatingStep(
                player_id=step.player,
                game_id=step.game,
                kind=kind,
                sequence=sequence_of[step.game],
                team=seat_of[step.game, step.player][0],
                rank=seat_of[step.game, step.player][1],
                mu=step.mu,
                sigma=step.sigma,
                ordinal=step.ordinal,
                change=step.change,
                games=step.games,
            )
            for step in new_steps
        ],
        batch_size=500,
    )

    latest.update((step.player, step) for step in new_steps)
    Rating.objects.filter(player__owner_id=owner_id, kind=kind).delete()
    Rating.objects.bulk_create(
        Rating(
            player_id=player,
            kind=kind,
            mu=step.mu,
            sigma=step.sigma,
            ordinal=step.ordinal,
            change=step.change,
            games=step.games,
        )
        for player, step in latest.items()
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


def of_kind(owner, kind: str) -> list[Rating]:
    """The API's list: the owner's players rated at `kind`, best first (a tie by name)."""
    return list(
        Rating.objects.filter(player__owner=owner, kind=kind).order_by(
            "-ordinal", "player__name_key", "player_id"
        )
    )


def of_player(player) -> dict[str, Rating]:
    """The player's rating at each game they finished one of, by kind, in one query."""
    return {rating.kind: rating for rating in Rating.objects.filter(player=player)}
