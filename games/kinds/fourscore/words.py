"""FourScore's entries told in words, a line each, on a round's page of earlier versions
(games/history.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import gettext as _


def describe(game, entry: Mapping, name: Callable) -> list[str]:
    return [
        _("%(name)s's pile: %(pile)s.") % {"name": name(hand["player"]), "pile": hand["pile"]}
        for hand in entry.get("hands", [])
    ]
