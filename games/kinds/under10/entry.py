"""Under the 10's round form read as an entry (who ended the round, how, and every hand), and a
hand from what was typed for it: pure Python, the one conversion for the server's forms
(forms.py: the round form and a seat's part) and a phone (games/kinds/phone.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...scoring import EntryError, FormData, Incomplete
from ...scoring.messages import Message

# How the round ended, as the form posts it, and the entry's key for it.
ENDINGS = {"called": "called_by", "empty": "empty_hand"}


def cards_typed_wrong(text: str) -> bool:
    return bool(text) and not re.fullmatch(r"[\d\s,]+", text)


def under10_hand(cards_text: str, points: int | None, bonus: list, *, emptied: bool) -> dict:
    """A hand as the engine reads it, from what was typed. A hand left blank stays blank, and
    the engine asks for it: never 0 points. Only the player who emptied their hand, or one
    holding only bonus cards, has no cards."""
    cards = re.findall(r"\d+", cards_text or "")
    hand: dict = {}
    if cards or (points is None and (bonus or emptied)):
        hand["cards"] = [int(card) for card in cards]
    elif points is not None:
        hand["points"] = points
    if bonus:
        hand["bonus"] = list(bonus)
    return hand


def form_entry(form: FormData, players: Sequence[int]) -> dict:
    ended_by = form.number("ended_by")
    how = ENDINGS.get(form.text("how"))
    if how is None:  # only a radio left untapped (or a value it doesn't offer)
        raise Incomplete("how")
    hands = []
    for player in players:
        cards = form.text(f"cards_{player}")
        if cards_typed_wrong(cards):
            raise EntryError(
                Message("Cards are numbers, separated by spaces."), field=f"cards_{player}"
            )
        hand = under10_hand(
            cards,
            form.number(f"points_{player}", required=False),
            form.texts(f"bonus_{player}"),
            emptied=how == "empty_hand" and player == ended_by,
        )
        hands.append({"player": player, **hand})
    return {how: ended_by, "hands": hands}
