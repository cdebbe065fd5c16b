"""The phone's way into the engine: rounds typed while offline, scored on the phone (Pyodide:
CPython in the browser, the standard library only) as the server will score them when they are
saved. `play` takes and gives plain JSON, what the page's script sends and reads; each form is
read into an entry by its game's entry.py (`form_entry`), the server's round form's own
conversion, and played by the game's rules from the table the server last kept.

Pure Python, as the engine: nothing here may import Django.
"""

from __future__ import annotations

import gettext as stdlib_gettext
from collections.abc import Mapping
from importlib import import_module
from types import ModuleType
from typing import Any, Protocol

from ..scoring import EntryError, FormData, Incomplete, Rules
from ..scoring.base import RoundResult, Table
from ..scoring.messages import Message, said_with
from ..scoring.numbers import shown, signed
from . import GAMES


class Translations(Protocol):
    """What `play` says its words with: a gettext.NullTranslations or a catalogue read by
    `translations_for`."""

    def gettext(self, message: str) -> str: ...


def translations_for(language: str, localedir: str) -> stdlib_gettext.NullTranslations:
    """The app's catalogue (`localedir` holds <language>/LC_MESSAGES/django.mo) for `language`;
    English, the engine's own words, when there is none."""
    return stdlib_gettext.translation("django", localedir, [language], fallback=True)


def entry_module(rules: Rules) -> ModuleType:
    """The game's entry.py, beside its rules.py."""
    return import_module(type(rules).__module__.rpartition(".")[0] + ".entry")


def play(request: Mapping[str, Any], translations: Translations | None = None) -> dict:
    """The rounds of `request` played on from its table, and the game as they leave it.

    request: `kind`; `names`, each player's name by id (a JSON object: its keys are strings);
    `base`, the table (`Table.state()`) as the server keeps it before the first of `rounds`,
    never with an open round of its own (the server's open round comes as the first round);
    `rounds` in the order they were entered, each a `number` and either an `entry` as stored or
    a `form` as posted (each field's list of strings). A round numbered as the round open at
    that point completes it (replaces it, played from the table before it); one numbered as the
    next round adds it; any other number is refused, as the server refuses a round saved
    meanwhile. The first round refused (a blank field: `incomplete`; a rule broken) is the
    `error`, said in the language of `translations` (English by default), and no later round
    is played."""
    words = translations if translations is not None else stdlib_gettext.NullTranslations()

    def say(text: object) -> object:
        return said_with(text, words.gettext)

    rules = GAMES[request["kind"]]
    entries = entry_module(rules)
    names = {int(player): name for player, name in request["names"].items()}
    base = request["base"]
    if base.get("open"):
        raise ValueError("the base table holds an open round: send the table before it")
    states: list[dict] = []  # the table's state after each round played
    rounds: list[RoundResult] = []
    error = None
    last_form: tuple[FormData, list[int]] | None = None  # for the preview's `hands`

    def table_after(count: int) -> Table:
        return Table.from_state(states[count - 1] if count else base, names)

    for item in request["rounds"]:
        number = item["number"]
        table = table_after(len(rounds))
        completing = table.open_round is not None and number == table.open_round.number
        if completing:
            table = table_after(len(rounds) - 1)  # the open round is played again, whole
        elif number != table.played + 1 or table.open_round is not None:
            error = _error(number, _not_this_round(number, table), None, incomplete=False, say=say)
            break
        players = table.active
        try:
            if "form" in item:
                typed = FormData(item["form"])
                last_form = (typed, players)
                entry = entries.form_entry(typed, players)
            else:
                entry = item["entry"]
            played = rules.play_on(table, [entry])
            if completing and played.rounds[0].status == "open":
                # As the server's completion of its open round: the result must come with it.
                raise EntryError(Message("the result of the hand is missing"), field="entry")
        except EntryError as refused:
            incomplete = isinstance(refused, Incomplete)
            error = _error(number, refused.message, refused.field, incomplete=incomplete, say=say)
            break
        if completing:
            rounds.pop()
            states.pop()
        rounds += played.rounds
        states += played.states

    table = table_after(len(rounds))
    board = rules.scoreboard(table, rounds)
    opened = table.open_round
    form_hands = getattr(entries, "form_hands", None)
    return {
        "rounds": [_round_json(result, say) for result in rounds],
        "error": error,
        "standings": [
            {
                "player": standing.player,
                "total": standing.total,
                "total_shown": shown(standing.total),
                "rank": standing.rank,
                "eliminated": standing.eliminated,
            }
            for standing in board.standings
        ],
        "finished": board.finished,
        "winners": board.winners,
        "next_dealer": board.next_dealer,
        "active": board.active_players,
        "next_number": opened.number if opened else table.played + 1,
        "open": (
            {"number": opened.number, "dealer": opened.dealer, "entry": opened.entry}
            if opened
            else None
        ),
        "state": table.state(),
        "hands": form_hands(*last_form) if form_hands and last_form else [],
    }


def _not_this_round(number: int, table: Table) -> Message:
    """Why round `number` can't be played on `table`, as the server says it."""
    if table.open_round is not None and number == table.played + 1:
        return Message("Round %(number)s is still open: finish it first.", number=table.played)
    if number <= table.played:
        return Message("Round %(number)s was already saved.", number=number)
    return Message("There is no round %(number)s.", number=number)


def _error(number: int, message: object, field: str | None, *, incomplete: bool, say) -> dict:
    return {"number": number, "message": say(message), "field": field, "incomplete": incomplete}


def _round_json(result: RoundResult, say) -> dict:
    return {
        "number": result.number,
        "dealer": result.dealer,
        "status": result.status,
        "results": [
            {
                "player": line.player,
                "points": line.points,
                "total": line.total,
                "points_shown": signed(line.points),
                "total_shown": shown(line.total),
                "notes": [say(note) for note in line.notes],
            }
            for line in result.results
        ],
        "notes": [say(note) for note in result.notes],
    }
