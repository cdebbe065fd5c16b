"""FortyBelow's round form read as an entry (every grid, and who went out), and each complete
grid's tally as the form shows it while the round is typed: pure Python, the one conversion
for the server's form (forms.py) and a phone (games/kinds/phone.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring import EntryError, FormData
from ...scoring.numbers import shown
from .rules import COLUMNS, ROWS, Tally, tally


def cell(player: int, row: int, column: int) -> str:
    """The form's field of one card of a player's grid, `row` and `column` counted from 0."""
    return f"card_{player}_{row}{column}"


def input_id(field: str) -> str:
    """The id Django gives a field's input (its auto_id), which the preview marks."""
    return f"id_{field}"


def form_entry(form: FormData, players: Sequence[int]) -> dict:
    grids = [
        [[form.number(cell(p, r, c)) for c in range(COLUMNS)] for r in range(ROWS)] for p in players
    ]
    return {
        "went_out": form.number("went_out"),
        "hands": [{"player": p, "grid": grid} for p, grid in zip(players, grids, strict=True)],
    }


def grid_of(form: FormData, player: int) -> list[list[int]] | None:
    """A player's cards as typed, or None until all six are in."""
    try:
        return [[form.number(cell(player, r, c)) for c in range(COLUMNS)] for r in range(ROWS)]
    except EntryError:  # a card still blank
        return None


def grid_tally(form: FormData, player: int) -> Tally | None:
    """The engine's tally of a player's complete grid, None while it isn't."""
    grid = grid_of(form, player)
    try:
        return tally(grid) if grid else None
    except EntryError:  # a card the rules refuse: the round's save says so
        return None


def form_hands(form: FormData, players: Sequence[int]) -> list[dict]:
    """Each complete grid's score (shown) and the input ids of its cards in the forty-below
    block and in cancelled columns, for the live preview."""
    hands = []
    for player in players:
        hand = grid_tally(form, player)
        if hand is None:
            continue
        marks = {
            mark: [input_id(cell(player, r, c - 1)) for c in columns for r in range(ROWS)]
            for mark, columns in (("block", hand.block or ()), ("cancel", hand.cancelled))
        }
        hands.append({"player": player, "score": shown(hand.score), **marks})
    return hands
