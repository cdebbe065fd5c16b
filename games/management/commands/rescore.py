"""`manage.py rescore`: score saved games again under the rules as they now read."""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games import ratings
from games.kinds import GAMES
from games.models import Game


class Command(BaseCommand):
    help = (
        "Score again every saved game kept under an older version of its rules (the data "
        "migration that comes with a corrected rule does this too); --all scores every game."
    )

    def add_arguments(self, parser):
        parser.add_argument("--kind", action="append", choices=list(GAMES), help="only this game")
        parser.add_argument("--all", action="store_true", help="every game, whatever its version")

    def handle(self, *args, kind=None, all=False, **options):
        games = Game.objects.filter(kind__in=kind or list(GAMES)).order_by("pk")
        scored = flagged = 0
        rated = {}  # owner id: the kinds whose ratings to work out again
        for game in games.iterator(chunk_size=200):
            if all or game.rules_version != game.rules.version:
                game.rescore(rated=False)
                rated.setdefault(game.owner_id, set()).add(game.kind)
                scored += 1
                flagged += game.problem is not None
        for owner_id, kinds in rated.items():
            with transaction.atomic():
                ratings.recompute(owner_id, kinds)
        if scored == 0 and not games.exists() and kind:
            raise CommandError("There is no game of that kind.")
        self.stdout.write(
            f"Scored {scored} game(s) again; {flagged} now break a rule (fix the round named)."
        )
