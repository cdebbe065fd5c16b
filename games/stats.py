"""A player's record over their finished games: games played and won, overall and by kind."""

from __future__ import annotations

from django.db.models import Count, Q

from .models import Player, Seat
from .scoring import GAMES


def player_stats(player: Player) -> dict:
    """API.md's statistics, in one query over the player's seats.

    A seat's `won` is kept by the write path, so co-winners and both Forty Fives partners of the
    winning team each count a win; only finished games count at all.
    """
    rows = (
        Seat.objects.filter(player=player, game__finished_at__isnull=False)
        .values("game__kind")
        .annotate(games=Count("pk"), wins=Count("pk", filter=Q(won=True)))
        .order_by()  # Seat's default ordering would otherwise split the groups by position
    )
    by_kind = {kind: {"games": 0, "wins": 0} for kind in GAMES}
    for row in rows:
        by_kind[row["game__kind"]] = {"games": row["games"], "wins": row["wins"]}
    games = sum(kind["games"] for kind in by_kind.values())
    wins = sum(kind["wins"] for kind in by_kind.values())
    return {
        "player": player.pk,
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else None,
        "by_kind": by_kind,
    }
