"""42's entries told in words, a line each, on a round's page of earlier versions
(games/history.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import gettext as _


def describe(game, entry: Mapping, name: Callable) -> list[str]:
    lines = []
    for hand in entry.get("hands", []):
        said_by = {"name": name(hand["player"]), "bid": hand["bid"], "tricks": hand.get("tricks")}
        if "tricks" in hand:
            lines.append(_("%(name)s bid %(bid)s, took %(tricks)s.") % said_by)
        else:
            lines.append(_("%(name)s bid %(bid)s.") % said_by)
    return lines
