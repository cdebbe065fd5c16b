"""What the engine says (notes, entry errors, names) as English that the app can translate.

Pure Python: the engine stays free of Django. `makemessages` finds these strings through the
keywords `N_` and `Message` (docs/languages.md); the app says them in the reader's language
with games.words.said.
"""

from __future__ import annotations


def N_(text: str) -> str:
    """Marks `text` for the translation catalogue; the app translates it when it shows it."""
    return text


class Message(str):
    """An English sentence made from a format string and its parameters.

    It is the English text itself (a str, so every comparison and test reads it as before),
    and it keeps `msgid` ("%(name)s called with %(points)s") and `params`, so that the app can
    format the translated msgid with the same parameters. A parameter may itself be a Message.
    """

    msgid: str
    params: dict

    def __new__(cls, msgid: str, /, **params: object) -> Message:
        message = super().__new__(cls, msgid % params if params else msgid)
        message.msgid = msgid
        message.params = params
        return message

    def __reduce__(self):
        # Kept replays are pickled (games.models.Replayed, shared by the workers): rebuilt
        # from what made them.
        return (_rebuild, (self.msgid, self.params))


class Plural(str):
    """A counted text: the English `singular` and `plural` msgids of one catalogue entry
    (ngettext's pair; `makemessages` finds them through the keyword `Plural:1,2`). It is the
    singular text itself."""

    plural: str

    def __new__(cls, singular: str, plural: str, /) -> Plural:
        text = super().__new__(cls, singular)
        text.plural = plural
        return text

    def __reduce__(self):
        return (Plural, (str(self), self.plural))


def _rebuild(msgid: str, params: dict) -> Message:
    return Message(msgid, **params)


def and_list(names: list[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann and Bob and Cy": the engine's way of naming several players."""
    if len(names) == 1:
        return names[0]
    return Message("%(names)s and %(last)s", names=and_list(names[:-1]), last=names[-1])
