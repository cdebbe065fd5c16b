"""A game's `finished_at` is when the round that ended it was saved, not when the game was last
finished: a fix that unfinished a game and a fix that finished it again moved it, under the old
reading, after the games finished in between, and the ratings follow that order. The finished
games are given their last round's time, and the ratings of the owners whose order that
changes are worked out again."""

from django.db import migrations
from django.db.models import OuterRef, Subquery


def finished_when_the_last_round_was_saved(apps, schema_editor):
    from games.ratings import recompute

    Game = apps.get_model("games", "Game")
    Round = apps.get_model("games", "Round")
    last = Round.objects.filter(game=OuterRef("pk")).order_by("-number").values("created")[:1]
    games = Game.objects.filter(finished_at__isnull=False).annotate(last_saved=Subquery(last))
    moved = {}  # owner id: the kinds of their games moved
    for game in games.iterator(chunk_size=200):
        if game.last_saved is not None and game.last_saved != game.finished_at:
            Game.objects.filter(pk=game.pk).update(finished_at=game.last_saved)
            moved.setdefault(game.owner_id, set()).add(game.kind)
    for owner_id, kinds in moved.items():
        recompute(owner_id, kinds, apps)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0015_under10_standings_by_total"),
    ]

    operations = [
        migrations.RunPython(finished_when_the_last_round_was_saved, migrations.RunPython.noop),
    ]
