"""Earlier versions of a round, told in words on the round's own page: what was entered then,
what it would score now, and whether it can be put back."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from .models import Game, RoundRevision
from .scoring import EntryError, Scoreboard
from .scoring.numbers import shown, signed
from .scoring.under10 import BONUS_CARD_NAMES
from .words import error_said, said


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
    at = date_format(timezone.localtime(revision.at), "D H:i")
    number = revision.number
    if revision.action == "deleted":
        title = _("Round %(number)s as it was when it was undone, %(at)s") % {
            "number": number,
            "at": at,
        }
    else:
        title = _("Round %(number)s as it was before it was fixed, %(at)s") % {
            "number": number,
            "at": at,
        }
    if revision.by:
        title += " " + _("by %(name)s") % {"name": revision.by}
    entries = [r.entry for r in board.rounds]
    if number <= len(entries):
        entries[number - 1] = revision.entry
    else:
        entries = [*entries[: number - 1], revision.entry]
    scores, problem = [], None
    if number > len(board.rounds) + 1:
        problem = _("Round %(number)s comes first.") % {"number": number - 1}
    else:
        try:
            result = game.replay(entries).rounds[number - 1]
        except (EntryError, IndexError) as error:
            why = error_said(error) if isinstance(error, EntryError) else str(error)
            problem = _("It can't be put back as the game now stands: %(why)s.") % {"why": why}
        else:
            scores = [
                f"{names.get(r.player, '?')} {signed(r.points)} → {shown(r.total)}"
                for r in result.results
            ]
            scores += [said(note) for note in result.notes]
    return Version(revision, title, entry_in_words(game, revision.entry), scores, problem)


def entry_in_words(game: Game, entry: object) -> list[str]:
    """A saved entry as the table said it ("Ann went out", "Bob bid 3, took 2")."""
    if not isinstance(entry, Mapping):
        return [_("(nothing readable was kept)")]
    names = game.player_names

    def name(player: object) -> str:
        return names.get(player, _("someone no longer in the game"))  # type: ignore[arg-type]

    describe = DESCRIBERS.get(game.kind)
    try:
        return describe(game, entry, name) if describe else []
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return [_("(this version was saved in a form this page can't read)")]


def _fortybelow(game: Game, entry: Mapping, name: Callable) -> list[str]:
    lines = (
        [_("%(name)s went out.") % {"name": name(entry["went_out"])}] if "went_out" in entry else []
    )
    for hand in entry.get("hands", []):
        rows = " / ".join(" ".join(shown(card) for card in row) for row in hand["grid"])
        lines.append(f"{name(hand['player'])}: {rows}")
    return lines


def _fortytwo(game: Game, entry: Mapping, name: Callable) -> list[str]:
    lines = []
    for hand in entry.get("hands", []):
        said_by = {"name": name(hand["player"]), "bid": hand["bid"], "tricks": hand.get("tricks")}
        if "tricks" in hand:
            lines.append(_("%(name)s bid %(bid)s, took %(tricks)s.") % said_by)
        else:
            lines.append(_("%(name)s bid %(bid)s.") % said_by)
    return lines


def _under10(game: Game, entry: Mapping, name: Callable) -> list[str]:
    if "called_by" in entry:
        lines = [_("%(name)s called “Under the 10!”.") % {"name": name(entry["called_by"])}]
    else:
        lines = [_("%(name)s emptied their hand.") % {"name": name(entry.get("empty_hand"))}]
    for hand in entry.get("hands", []):
        if "cards" in hand:
            cards = " ".join(str(card) for card in hand["cards"])
            held = _("cards %(cards)s") % {"cards": cards} if cards else _("no cards")
        else:
            held = _("%(points)s points") % {"points": hand.get("points")}
        bonus = [said(BONUS_CARD_NAMES.get(b, str(b))) for b in hand.get("bonus", [])]
        also = _(", and %(cards)s") % {"cards": ", ".join(bonus)} if bonus else ""
        lines.append(f"{name(hand['player'])}: {held}{also}.")
    return lines


def _fortyfives(game: Game, entry: Mapping, name: Callable) -> list[str]:
    if entry.get("thrown_in"):
        return [_("Everyone passed: the hand was thrown in.")]
    teams = {
        team: " & ".join(seat.player.name for seat in game.seats if seat.team == team)
        for team in ("A", "B")
    }
    bid = {"name": name(entry["bidder"]), "bid": entry["bid"], "trump": entry.get("trump")}
    if entry.get("trump"):
        lines = [_("%(name)s bid %(bid)s in %(trump)s.") % bid]
    else:
        lines = [_("%(name)s bid %(bid)s.") % bid]
    if "tricks" in entry:
        tricks = ", ".join(f"{teams[t]} {n}" for t, n in entry["tricks"].items())
        lines.append(_("Tricks: %(tricks)s.") % {"tricks": tricks})
        high = entry.get("high_trump")
        if high:
            lines.append(_("Highest trump: %(team)s.") % {"team": teams[high]})
        else:
            lines.append(_("No trump was played."))
    return lines


def _fourscore(game: Game, entry: Mapping, name: Callable) -> list[str]:
    return [
        _("%(name)s's pile: %(pile)s.") % {"name": name(hand["player"]), "pile": hand["pile"]}
        for hand in entry.get("hands", [])
    ]


DESCRIBERS: dict[str, Callable[[Game, Mapping, Callable], list[str]]] = {
    "fortybelow": _fortybelow,
    "fortytwo": _fortytwo,
    "under10": _under10,
    "fortyfives": _fortyfives,
    "fourscore": _fourscore,
}
