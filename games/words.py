"""The engine's English (games.scoring.messages) said in the reader's language.

The engine builds its notes and entry errors as Messages: English text that keeps its format
string and parameters. Here the format string goes through gettext and gets the parameters back,
each of which is said the same way. English comes out byte for byte as the engine made it.
"""

from collections.abc import Mapping

from django.utils.translation import gettext, ngettext

from .scoring import EntryError
from .scoring.base import Info, PlayerName
from .scoring.messages import Message, Plural


def said(text):
    """`text` in the active language: a Message from its translated msgid, a plain string the
    engine marked with N_ (a game's name, an option's label) through gettext, anything else
    (a number, a player's name inside a Message) as it is."""
    if isinstance(text, Message):
        translated = gettext(text.msgid)
        if not text.params:
            return translated
        params = {
            name: said(value) if isinstance(value, Message) else value
            for name, value in text.params.items()
        }
        return translated % params
    if isinstance(text, str) and text:
        return gettext(text)
    return text


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
