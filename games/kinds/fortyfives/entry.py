"""Forty Fives' round form read as an entry (the bidder, bid and trump, then the hand's tricks
and highest trump; or everyone passed): pure Python, the one conversion for the server's form
(forms.py) and a phone (games/kinds/phone.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring import FormData, Incomplete
from .rules import TRICKS_PER_HAND


def form_entry(form: FormData, players: Sequence[int]) -> dict:
    """Only team A's tricks are typed: team B took the rest. Tricks and the highest trump are
    left out together to save the bid alone; one without the other is Incomplete. The
    "everyone passed" button posts `thrown_in` and needs nothing else."""
    if form.flag("thrown_in"):
        return {"thrown_in": True}
    entry: dict = {"bidder": form.number("bidder"), "bid": form.number("bid")}
    trump = form.text("trump")
    if trump:
        entry["trump"] = trump
    taken = form.number("tricks_A", required=False)
    high_trump = form.text("high_trump")
    if taken is None and high_trump:
        raise Incomplete("tricks_A")
    if taken is not None and not high_trump:
        raise Incomplete("high_trump")
    if taken is not None:
        entry["tricks"] = {"A": taken, "B": TRICKS_PER_HAND - taken}
        entry["high_trump"] = None if high_trump == "none" else high_trump
    return entry
