"""Forty Fives' part of the trick referee's page (games/views/referee.py): the hand so far, its
tricks by team and its highest trump, which the round asks for; and its words
(templates/fortyfives/referee.html)."""

from __future__ import annotations

from ...words import said
from .referee import HandSoFar
from .rules import TEAMS

template = "fortyfives/referee.html"


def context(trump: str | None, state, hand: HandSoFar | None) -> dict:
    if hand is None:
        return {}
    best = hand.highest_trump(state.plays)
    first, second = TEAMS
    return {
        "trick_number": len(state.hand) + 1,
        "tricks_a": hand.tricks(first),
        "tricks_b": hand.tricks(second),
        "best": {"label": said(best[0].label), "team": best[1]} if best else None,
    }
