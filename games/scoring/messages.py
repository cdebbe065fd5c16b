"""What the engine says (notes, entry errors, names) as English that the app can translate.

Pure Python: the engine stays free of Django. `makemessages` finds these strings through the
keywords `N_` and `Message` (docs/languages.md); `said_with` says them in a language, given its
gettext: the app's games.words.said with Django's, a phone with a catalogue of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping


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


class Plural(str):
    """A counted text: the English `singular` and `plural` msgids of one catalogue entry
    (ngettext's pair; `makemessages` finds them through the keyword `Plural:1,2`). It is the
    singular text itself."""

    plural: str

    def __new__(cls, singular: str, plural: str, /) -> Plural:
        text = super().__new__(cls, singular)
        text.plural = plural
        return text


class Name(str):
    """A player's name inside a Message: the name as the table knew it, and the player it
    names, so that a note kept as JSON names the player as they are called when it is read
    (a rename changes no kept note)."""

    player: int

    def __new__(cls, name: str, player: int, /) -> Name:
        text = super().__new__(cls, name)
        text.player = player
        return text

    def __getnewargs__(self):  # so that copy.deepcopy can make one
        return (str(self), self.player)


def message_json(text: object) -> object:
    """A note (a Message, a Name, a plain N_ text, a number) as plain JSON: a Message as its
    msgid and parameters, a Name as the player it names."""
    if isinstance(text, Name):
        return {"player": text.player}
    if isinstance(text, Message):
        if not text.params:
            return {"msgid": text.msgid}
        return {"msgid": text.msgid, "params": {k: message_json(v) for k, v in text.params.items()}}
    if isinstance(text, str):
        return str(text)
    return text


def message_from_json(data: object, names: Mapping[int, str]) -> object:
    """`message_json` read back, each player named from `names` (their names now)."""
    if isinstance(data, dict):
        if "player" in data:
            return player_name(data["player"], names)
        params = {k: message_from_json(v, names) for k, v in data.get("params", {}).items()}
        return Message(data["msgid"], **params)
    return data


def player_name(player: int, names: Mapping[int, str]) -> Name:
    """The player's Name, "player 3" when `names` doesn't know them (the engine's own tests)."""
    name = names.get(player)
    return Name(f"player {player}" if name is None else name, player)


def comma_list(names: list[str]) -> str:
    """ "Ann", "Ann, Bob", "Ann, Bob, Cy": players named in a list, each still a Name."""
    if len(names) == 1:
        return names[0]
    return Message("%(names)s, %(last)s", names=comma_list(names[:-1]), last=names[-1])


def and_list(names: list[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann and Bob and Cy": the engine's way of naming several players."""
    if len(names) == 1:
        return names[0]
    return Message("%(names)s and %(last)s", names=and_list(names[:-1]), last=names[-1])


def said_with(text: object, gettext: Callable[[str], str]) -> object:
    """`text` in the language `gettext` translates into: a Message from its translated msgid,
    its parameters said the same way; a plain string the engine marked with N_ (a game's
    name, an option's label) through gettext; anything else (a number, a player's name inside
    a Message) as it is."""
    if isinstance(text, Message):
        translated = gettext(text.msgid)
        if not text.params:
            return translated
        params = {
            name: said_with(value, gettext) if isinstance(value, Message) else value
            for name, value in text.params.items()
        }
        return translated % params
    if isinstance(text, str) and text:
        return gettext(text)
    return text
