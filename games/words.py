"""The engine's English (games.scoring.messages) said in the reader's language.

The engine builds its notes and entry errors as Messages: English text that keeps its format
string and parameters. Here the format string goes through gettext and gets the parameters back,
each of which is said the same way. English comes out byte for byte as the engine made it.
"""

from collections.abc import Mapping

from django.utils.translation import gettext, ngettext

from .scoring import EntryError
from .scoring.base import Info, PlayerName
from .scoring.messages import Message, Plural, said_with


def said(text):
    """`text` in the active language (games.scoring.messages.said_with, through Django's
    gettext)."""
    return said_with(text, gettext)


def error_said(error: EntryError) -> str:
    """An entry error as str(error) reads in English, "Round 3: ..." when it names a round."""
    if error.round_number is None:
        return said(error.message)
    return said(
        Message("Round %(number)s: %(message)s", number=error.round_number, message=error.message)
    )


def info_said(value, names: Mapping[int, str]):
    """A game's information line (games.scoring.base.Info) in the active language, its players
    named from `names`; a part of one (a list, a name, a number) the same way."""
    if isinstance(value, Info):
        params = {name: info_said(part, names) for name, part in value.values.items()}
        if isinstance(value.text, Plural):
            text = ngettext(value.text, value.text.plural, value.values["count"])
        else:
            text = gettext(value.text)
        return text % params
    if isinstance(value, PlayerName):
        return names[value.player]
    if isinstance(value, tuple):
        return ", ".join(str(info_said(part, names)) for part in value)
    return said(value)
