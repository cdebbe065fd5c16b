"""42's round form read as an entry (every player's bid, and their tricks once the hand is
played): pure Python, the one conversion for the server's form (forms.py) and a phone
(games/kinds/phone.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring import FormData


def form_entry(form: FormData, players: Sequence[int]) -> dict:
    """Tricks left blank are left out: with none at all the bids are saved alone."""
    hands = []
    for player in players:
        hand = {"player": player, "bid": form.number(f"bid_{player}")}
        tricks = form.number(f"tricks_{player}", required=False)
        if tricks is not None:
            hand["tricks"] = tricks
        hands.append(hand)
    return {"hands": hands}
