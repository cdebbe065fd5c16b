"""Scoring saved games again, for the data migration that comes with a corrected rule (a new
`version` of a game's rules): it runs on the models as they were at that migration, so it works
on their fields alone, not on the methods of games.models (whose `Game.rescore` does the same
for `manage.py rescore` and the admin)."""

from collections import defaultdict

from django.utils import timezone

from .kinds import GAMES
from .scoring.base import EntryError, problem_json, round_fields


def rescore_games(apps, kinds=None, *, outdated_only: bool = True) -> int:
    """Score again every game of these kinds (all kinds: None) kept under an older version of
    its rules, with `apps`' models (a migration's), and work out again the ratings of the
    owners whose games were scored (their places may have changed). Returns how many games
    were scored."""
    Game = apps.get_model("games", "Game")
    Round = apps.get_model("games", "Round")
    Seat = apps.get_model("games", "Seat")
    games = Game.objects.filter(kind__in=kinds or list(GAMES))
    now = timezone.now()
    count = 0
    scored = defaultdict(set)  # owner id: the kinds of their games scored again
    for game in games.iterator(chunk_size=200):
        rules = GAMES[game.kind]
        if outdated_only and game.rules_version == rules.version:
            continue
        seats = list(Seat.objects.filter(game=game).select_related("player").order_by("position"))
        rows = list(Round.objects.filter(game=game).order_by("number"))
        names = {seat.player_id: seat.player.name for seat in seats}
        players = [seat.player_id for seat in seats]
        try:
            start = rules.start(players, game.first_dealer_id, game.options, names)
        except EntryError:
            continue  # a setup no game of the app's can have (no seats): nothing to score
        played = rules.play_on(start, [row.entry for row in rows], strict=False)
        for row, result, state in zip(rows, played.rounds, played.states, strict=True):
            for name, value in round_fields(result, state).items():
                setattr(row, name, value)
        Round.objects.bulk_update(rows, ["status", "dealer", "results", "notes", "state"], 200)
        table = played.table
        for standing in rules.standings(table):
            Seat.objects.filter(game=game, player=standing.player).update(
                won=table.finished and standing.player in table.winners,
                rank=standing.rank,
                total=standing.total,
            )
        if table.finished != (game.finished_at is not None):
            game.finished_at = (rows[-1].created if rows else now) if table.finished else None
        game.rules_version = rules.version
        game.problem = problem_json(played.problem)
        game.updated = now  # a new version: pages, polls and cached fragments follow it
        game.save(update_fields=["finished_at", "rules_version", "problem", "updated"])
        scored[game.owner_id].add(game.kind)
        count += 1
    if _has_ratings(apps):
        from .ratings import recompute

        for owner_id, owner_kinds in scored.items():
            recompute(owner_id, owner_kinds, apps)
    return count


def _has_ratings(apps) -> bool:
    try:
        apps.get_model("games", "Rating")
    except LookupError:  # a migration from before the ratings
        return False
    return True
