"""FortyBelow's entries told in words, a line each, on a round's page of earlier versions
(games/history.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import gettext as _

from ...scoring.numbers import shown


def describe(game, entry: Mapping, name: Callable) -> list[str]:
    lines = (
        [_("%(name)s went out.") % {"name": name(entry["went_out"])}] if "went_out" in entry else []
    )
    for hand in entry.get("hands", []):
        rows = " / ".join(" ".join(shown(card) for card in row) for row in hand["grid"])
        lines.append(f"{name(hand['player'])}: {rows}")
    return lines
