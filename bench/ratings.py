"""How the cost of working out the ratings again grows with the finished games of one kind.

`.venv/bin/python bench/ratings.py` makes a throwaway SQLite database (or uses the PostgreSQL
database in BENCH_DATABASE_URL) with an account that has finished 250, then 500, then 1,000
games of the kind whose folder's bench.py declares `rated_round` (a game finished by one round,
4 to 6 of 12 players each), and times, best of seven:

- a game finishing (its last round saved through the write path): rates that game alone;
  beside the same save of a game that does not finish (nothing rated);
- round 1 of the first game fixed (so that its ranks change): rates every game again;
- the recompute alone, from nothing (every step deleted first), and with nothing changed.
"""

# Django is imported once the environment below is set, since the settings read it.
# ruff: noqa: E402

import itertools
import os
import secrets
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
WORKDIR = Path(tempfile.mkdtemp(prefix="scorekeeper-ratings-bench-"))
os.environ.update(
    {
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DATABASE_URL": os.environ.get("BENCH_DATABASE_URL")
        or f"sqlite:///{WORKDIR / 'bench.sqlite3'}",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "LOG_LEVEL": "ERROR",
    }
)

import django

django.setup()

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction

from bench import entries
from games import ratings
from games.models import Game, Player, RatingStep

SIZES = (250, 500, 1_000)
TRIES = 7
CIRCLE = 12


# The game rated: its folder's bench.py gives the one round that finishes a game (its ranks
# varying from game to game, with ties now and then), and the options of a game it doesn't.
RATED, rated_round = entries.the_game_declaring("rated_round")
KIND, UNFINISHED = RATED.kind, entries.bench_of(RATED).NOT_FINISHED_BY_ONE_ROUND


def piles(players, game_number: int) -> dict:
    """The round that finishes game `game_number` of these players."""
    return rated_round([player.pk for player in players], game_number)


def table(circle, game_number: int):
    size = 4 + game_number % 3
    start = (game_number * 5) % len(circle)
    return [circle[(start + seat) % len(circle)] for seat in range(size)]


def add_games(owner, circle, first: int, count: int) -> None:
    """Finished games made as an import makes them (scored once, written together), then
    rated once: quicker to build than saving each round through the write path."""
    with transaction.atomic():
        for number in range(first, first + count):
            seated = table(circle, number)
            Game.start(owner, KIND, seated, rounds=[piles(seated, number)])
        ratings.recompute(owner.pk, [KIND])


def best(action, tries=TRIES) -> float:
    """The fastest of `tries` runs of `action()`, in milliseconds (a pause of the shared
    machine only ever makes a run slower)."""
    times = []
    for _ in range(tries):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return min(times)


def measure(owner, circle) -> dict[str, float]:
    first_game = Game.objects.filter(owner=owner).order_by("finished_at", "pk").first()
    first_seated = [seat.player for seat in first_game.seats]
    fixes = iter(range(1, 10_000))

    def finish_a_game():
        seated = table(circle, 0)
        with transaction.atomic():
            game = Game.start(owner, KIND, seated)
            game.add_round(piles(seated, 1), owner)  # finishes it: rated alone
            transaction.set_rollback(True)  # the next try finishes the same game again

    def save_a_round_of_an_unfinished_game():
        seated = table(circle, 0)
        with transaction.atomic():
            game = Game.start(owner, KIND, seated, options=UNFINISHED)
            game.add_round(piles(seated, 1), owner)  # not finished: nothing rated
            transaction.set_rollback(True)

    def fix_the_first_game():
        # Each fix gives round 1 other piles than the last, so its ranks change every time.
        first_game.replace_round(1, piles(first_seated, next(fixes)), owner)

    def recompute_from_nothing():
        with transaction.atomic():
            RatingStep.objects.filter(player__owner=owner).delete()
            started = time.perf_counter()
            ratings.recompute(owner.pk, [KIND])
            elapsed.append((time.perf_counter() - started) * 1000)
            transaction.set_rollback(True)

    elapsed: list[float] = []
    for _ in range(TRIES):
        recompute_from_nothing()
    return {
        "the same save, the game not finished (nothing rated)": best(
            save_a_round_of_an_unfinished_game
        ),
        "a game finished (save and rate)": best(finish_a_game),
        "round 1 of the first game fixed (save and rate all)": best(fix_the_first_game),
        "recompute from nothing": min(elapsed),
        "recompute, nothing changed": best(lambda: ratings.recompute(owner.pk, [KIND])),
    }


def main() -> None:
    try:
        call_command("migrate", verbosity=0)
        owner = get_user_model().objects.create_user("bench")
        circle = [Player.add(owner, f"Player {n}") for n in range(1, CIRCLE + 1)]
        results: dict[int, dict[str, float]] = {}
        made = 0
        for size in SIZES:
            add_games(owner, circle, made, size - made)
            made = size
            results[size] = measure(owner, circle)
        print(f"Finished {RATED.name} games of one owner: {', '.join(map(str, SIZES))}")
        for figure in results[SIZES[0]]:
            times = [results[size][figure] for size in SIZES]
            growth = " ".join(f"x{b / a:.1f}" for a, b in itertools.pairwise(times))
            shown = " / ".join(f"{t:.1f}" for t in times)
            print(f"- {figure}: {shown} ms ({growth} per doubling)")
    finally:
        shutil.rmtree(WORKDIR, ignore_errors=True)


if __name__ == "__main__":
    main()
