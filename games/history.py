"""Earlier versions of a round, told in words on the round's own page: what was entered then,
what it would score now, and whether it can be put back."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.utils import timezone

from .models import Game, RoundRevision
from .scoring import EntryError, Scoreboard
from .scoring.numbers import shown, signed
from .scoring.under10 import BONUS_CARD_NAMES


@dataclass
class Version:
    """One kept version of a round, ready for the page."""

    revision: RoundRevision
    title: str
    entered: list[str]
    scores: list[str]
    problem: str | None


def versions(game: Game, board: Scoreboard, revisions) -> list[Version]:
    """Each revision told in words, with the scores it gives when put back in today's game."""
    names = game.player_names
    return [_version(game, board, revision, names) for revision in revisions]


def _version(game: Game, board: Scoreboard, revision: RoundRevision, names) -> Version:
    at = timezone.localtime(revision.at).strftime("%a %H:%M")
    by = f" by {revision.by}" if revision.by else ""
    number = revision.number
    when = "when it was undone" if revision.action == "deleted" else "before it was fixed"
    title = f"Round {number} as it was {when}, {at}{by}"
    entries = [r.entry for r in board.rounds]
    if number <= len(entries):
        entries[number - 1] = revision.entry
    else:
        entries = [*entries[: number - 1], revision.entry]
    scores, problem = [], None
    if number > len(board.rounds) + 1:
        problem = f"Round {number - 1} comes first."
    else:
        try:
            result = game.replay(entries).rounds[number - 1]
        except (EntryError, IndexError) as error:
            problem = f"It can't be put back as the game now stands: {error}."
        else:
            scores = [
                f"{names.get(r.player, '?')} {signed(r.points)} → {shown(r.total)}"
                for r in result.results
            ]
            scores += result.notes
    return Version(revision, title, entry_in_words(game, revision.entry), scores, problem)


def entry_in_words(game: Game, entry: object) -> list[str]:
    """A saved entry as the table said it ("Ann went out", "Bob bid 3, took 2")."""
    if not isinstance(entry, Mapping):
        return ["(nothing readable was kept)"]
    names = game.player_names

    def name(player: object) -> str:
        return names.get(player, "someone no longer in the game")  # type: ignore[arg-type]

    describe = DESCRIBERS.get(game.kind)
    try:
        return describe(game, entry, name) if describe else []
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return ["(this version was saved in a form this page can't read)"]


def _fortybelow(game: Game, entry: Mapping, name: Callable) -> list[str]:
    lines = [f"{name(entry['went_out'])} went out."] if "went_out" in entry else []
    for hand in entry.get("hands", []):
        rows = " / ".join(" ".join(shown(card) for card in row) for row in hand["grid"])
        lines.append(f"{name(hand['player'])}: {rows}")
    return lines


def _fortytwo(game: Game, entry: Mapping, name: Callable) -> list[str]:
    lines = []
    for hand in entry.get("hands", []):
        took = f", took {hand['tricks']}" if "tricks" in hand else ""
        lines.append(f"{name(hand['player'])} bid {hand['bid']}{took}.")
    return lines


def _under10(game: Game, entry: Mapping, name: Callable) -> list[str]:
    if "called_by" in entry:
        lines = [f"{name(entry['called_by'])} called “Under the 10!”."]
    else:
        lines = [f"{name(entry.get('empty_hand'))} emptied their hand."]
    for hand in entry.get("hands", []):
        if "cards" in hand:
            cards = " ".join(str(card) for card in hand["cards"])
            held = f"cards {cards}" if cards else "no cards"
        else:
            held = f"{hand.get('points')} points"
        bonus = [BONUS_CARD_NAMES.get(b, str(b)) for b in hand.get("bonus", [])]
        also = f", and {', '.join(bonus)}" if bonus else ""
        lines.append(f"{name(hand['player'])}: {held}{also}.")
    return lines


def _fortyfives(game: Game, entry: Mapping, name: Callable) -> list[str]:
    if entry.get("thrown_in"):
        return ["Everyone passed: the hand was thrown in."]
    teams = {
        team: " & ".join(seat.player.name for seat in game.seats if seat.team == team)
        for team in ("A", "B")
    }
    trump = f" in {entry['trump']}" if entry.get("trump") else ""
    lines = [f"{name(entry['bidder'])} bid {entry['bid']}{trump}."]
    if "tricks" in entry:
        tricks = ", ".join(f"{teams[t]} {n}" for t, n in entry["tricks"].items())
        lines.append(f"Tricks: {tricks}.")
        high = entry.get("high_trump")
        lines.append(f"Highest trump: {teams[high]}." if high else "No trump was played.")
    return lines


def _fourscore(game: Game, entry: Mapping, name: Callable) -> list[str]:
    return [f"{name(hand['player'])}'s pile: {hand['pile']}." for hand in entry.get("hands", [])]


DESCRIBERS: dict[str, Callable[[Game, Mapping, Callable], list[str]]] = {
    "fortybelow": _fortybelow,
    "fortytwo": _fortytwo,
    "under10": _under10,
    "fortyfives": _fortyfives,
    "fourscore": _fourscore,
}
