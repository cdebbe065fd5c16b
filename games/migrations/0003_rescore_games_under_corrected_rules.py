"""Rewrite the facts kept on the rows (finished, winners, ranks, totals) of every saved game by
the corrected rules: winners stand first; a set Forty Fives team no longer wins; on the green a
waiting team wins when the bidders fall off. A game with a round that now breaks a rule (an Under
the 10 hand saved blank as no cards) is not changed: its entries stay as saved, and its facts
follow the rounds before the broken one, as its page and the API show it until it is fixed."""

from django.db import migrations
from django.utils import timezone


def rescore(apps, schema_editor):
    from games.kinds import GAMES  # the rules as they read now: that is the point

    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    now = timezone.now()
    for game in Game.objects.prefetch_related("seat_set__player", "rounds").iterator(chunk_size=200):
        seats = sorted(game.seat_set.all(), key=lambda seat: seat.position)
        entries = [round_.entry for round_ in sorted(game.rounds.all(), key=lambda r: r.number)]
        board = GAMES[game.kind].replay(
            [seat.player_id for seat in seats],
            entries,
            game.first_dealer_id,
            game.options,
            {seat.player_id: seat.player.name for seat in seats},
            strict=False,
        )
        ranks = {standing.player: standing.rank for standing in board.standings}
        changed = []
        for seat in seats:
            facts = (seat.player_id in board.winners, ranks[seat.player_id], board.totals[seat.player_id])
            if (seat.won, seat.rank, seat.total) != facts:
                seat.won, seat.rank, seat.total = facts
                changed.append(seat)
        Seat.objects.bulk_update(changed, ["won", "rank", "total"])
        finished = game.finished_at is not None
        if changed or finished != board.finished:
            if finished != board.finished:
                game.finished_at = now if board.finished else None
            game.updated = now  # a new version: pages and polls show the new reading
            game.save(update_fields=["finished_at", "updated"])


class Migration(migrations.Migration):
    dependencies = [("games", "0002_failed_login")]

    operations = [migrations.RunPython(rescore, migrations.RunPython.noop)]
