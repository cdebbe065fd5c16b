"""FourScore's round form read as an entry (every player's pile): pure Python, the one
conversion for the server's form (forms.py) and a phone (games/kinds/phone.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring import FormData


def form_entry(form: FormData, players: Sequence[int]) -> dict:
    return {"hands": [{"player": p, "pile": form.number(f"pile_{p}")} for p in players]}
