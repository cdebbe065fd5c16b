"""The engine's refusals: `EntryError`, and the readers of whole numbers that make one.

Pure Python, imported by both the entry schema's check (schema.py) and the rest of the engine
(base.py, which names them for the games' rules).
"""

from __future__ import annotations

from .messages import Message

LARGEST_NUMBER = 1_000_000  # no score at a card table comes near; bigger numbers are typos


class EntryError(ValueError):
    """A round entry (or a game's setup) breaks a rule.

    The message is a sentence a person at the table understands. `field` names the part of the
    entry at fault ("hands.3.grid", "bid") so a form can show it beside the input; `round_number`
    is set when the error was found while replaying a saved game.
    """

    def __init__(self, message: str, *, field: str | None = None, round_number: int | None = None):
        self.message = message
        self.field = field
        self.round_number = round_number
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.round_number is None:
            return self.message
        return f"Round {self.round_number}: {self.message}"

    def in_round(self, number: int) -> EntryError:
        return EntryError(self.message, field=self.field, round_number=number)


def whole_number(value: object, what: str, *, field: str | None = None) -> int:
    """`value` as an int; booleans, floats and strings are refused (the API sends JSON numbers).
    The messages are made only when refused: a replay checks every number it reads."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise EntryError(Message("%(what)s must be a whole number", what=what), field=field)
    if abs(value) > LARGEST_NUMBER:
        raise EntryError(Message("%(what)s is far too large", what=what), field=field)
    return value


def number_between(
    value: object, low: int, high: int, what: str, *, field: str | None = None
) -> int:
    number = whole_number(value, what, field=field)
    if not low <= number <= high:
        message = Message(
            "%(what)s must be from %(low)s to %(high)s, not %(number)s",
            what=what,
            low=low,
            high=high,
            number=number,
        )
        raise EntryError(message, field=field)
    return number
