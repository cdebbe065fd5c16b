"""Forty Fives's entries told in words, a line each, on a round's page of earlier versions
(games/history.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import gettext as _


def describe(game, entry: Mapping, name: Callable) -> list[str]:
    if entry.get("thrown_in"):
        return [_("Everyone passed: the hand was thrown in.")]
    teams = {
        team: " & ".join(seat.player.name for seat in game.seats if seat.team == team)
        for team in ("A", "B")
    }
    bid = {"name": name(entry["bidder"]), "bid": entry["bid"], "trump": entry.get("trump")}
    if entry.get("trump"):
        lines = [_("%(name)s bid %(bid)s in %(trump)s.") % bid]
    else:
        lines = [_("%(name)s bid %(bid)s.") % bid]
    if "tricks" in entry:
        tricks = ", ".join(f"{teams[t]} {n}" for t, n in entry["tricks"].items())
        lines.append(_("Tricks: %(tricks)s.") % {"tricks": tricks})
        high = entry.get("high_trump")
        if high:
            lines.append(_("Highest trump: %(team)s.") % {"team": teams[high]})
        else:
            lines.append(_("No trump was played."))
    return lines
