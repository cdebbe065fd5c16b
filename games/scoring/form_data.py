"""A round form's fields as a game's `form_entry` reads them (games/kinds/<kind>/entry.py), the
one conversion of what was typed into an entry: on the server from Django's cleaned data, on a
phone (games/kinds/phone.py) from the fields as the browser posts them.

Pure Python: nothing here may import Django.
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import EntryError
from .messages import Message


class Incomplete(EntryError):
    """A field the entry needs is blank, or isn't a number: the person hasn't finished typing,
    so a phone asks for every hand rather than saying an engine's rule was broken. `field`
    names the form's field ("bid_12")."""

    def __init__(self, field: str):
        super().__init__(Message("Fill in every player's hand to see the scores."), field=field)


class FormData:
    """A form's values by field name. A value is either as Django's cleaning leaves it (an int,
    a str, a bool, a list of str, None) or as a browser posts it (a list of strings, one for
    each time the field was sent; a lone string is read the same way)."""

    def __init__(self, values: Mapping[str, object]):
        self.values = values

    def _one(self, name: str) -> object:
        value = self.values.get(name)
        if isinstance(value, list | tuple):
            # A field posted twice reads as its last value, as Django's QueryDict.get does.
            return value[-1] if value else None
        return value

    def number(self, name: str, *, required: bool = True) -> int | None:
        """A whole number; None when left blank and not `required`."""
        value = self._one(name)
        if isinstance(value, str):
            value = value.strip()
        if value is None or value == "":
            if required:
                raise Incomplete(name)
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        try:
            return int(value)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            raise Incomplete(name) from None

    def text(self, name: str, *, required: bool = False) -> str:
        """A text or a choice, "" when left blank (or Incomplete, when `required`)."""
        value = self._one(name)
        text = "" if value is None else str(value)
        if required and not text:
            raise Incomplete(name)
        return text

    def texts(self, name: str) -> list[str]:
        """Every value of a field ticked as often as it has boxes (bonus cards)."""
        value = self.values.get(name)
        if value is None or value == "":
            return []
        if isinstance(value, list | tuple):
            return [str(item) for item in value]
        return [str(value)]

    def flag(self, name: str) -> bool:
        """A button or a box: pressed when it posted anything at all ("1", True)."""
        return bool(self._one(name))
