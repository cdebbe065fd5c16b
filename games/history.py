"""Earlier versions of a round, told in words on the round's own page: what was entered then,
what it would score now, and whether it can be put back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from .kinds.base import kind_ui
from .models import Game, RoundRevision
from .scoring import EntryError, Scoreboard
from .scoring.numbers import shown, signed
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
    scores, problem = [], None
    if number > len(board.rounds) + 1:
        problem = _("Round %(number)s comes first.") % {"number": number - 1}
    else:
        try:
            result = game.preview_round(number, revision.entry)
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

    try:
        return kind_ui(game.rules).describe(game, entry, name)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return [_("(this version was saved in a form this page can't read)")]
