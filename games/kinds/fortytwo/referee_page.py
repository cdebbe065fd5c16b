"""42's part of the trick referee's page (games/views/referee.py): what the turned-up card means,
and its words (templates/fortytwo/referee.html)."""

from __future__ import annotations

from ...words import said
from .referee import Trump

template = "fortytwo/referee.html"


def context(trump: Trump | None, state, hand) -> dict:
    return {"trump_means": said(trump.describe()) if trump else ""}
