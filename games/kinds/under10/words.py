"""Under the 10's entries told in words, a line each, on a round's page of earlier versions
(games/history.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import gettext as _

from ...words import said
from .rules import BONUS_CARD_NAMES


def describe(game, entry: Mapping, name: Callable) -> list[str]:
    if "called_by" in entry:
        lines = [_("%(name)s called “Under the 10!”.") % {"name": name(entry["called_by"])}]
    else:
        lines = [_("%(name)s emptied their hand.") % {"name": name(entry.get("empty_hand"))}]
    for hand in entry.get("hands", []):
        if "cards" in hand:
            cards = " ".join(str(card) for card in hand["cards"])
            held = _("cards %(cards)s") % {"cards": cards} if cards else _("no cards")
        else:
            held = _("%(points)s points") % {"points": hand.get("points")}
        bonus = [said(BONUS_CARD_NAMES.get(b, str(b))) for b in hand.get("bonus", [])]
        also = _(", and %(cards)s") % {"cards": ", ".join(bonus)} if bonus else ""
        lines.append(f"{name(hand['player'])}: {held}{also}.")
    return lines
