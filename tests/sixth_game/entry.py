"""Highest number's round form read as an entry (every player's number), as a game's folder
holds it: pure Python, for the server's form (pages.py) and a phone (games/kinds/phone.py)."""

from __future__ import annotations

from collections.abc import Sequence

from games.scoring import FormData


def form_entry(form: FormData, players: Sequence[int]) -> dict:
    return {"hands": {str(p): {"number": form.number(f"number_{p}")} for p in players}}
