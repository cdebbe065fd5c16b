"""What the page views share: a user's game or 404, the models' refusals said as messages, and the
scoreboard's page and its htmx poll."""

from collections.abc import Callable
from typing import TypeVar

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from ..kinds.base import kind_ui
from ..models import (
    Conflict,
    Game,
    NoSuchRound,
    read_utc_offset,
)
from ..qr import qr_svg
from ..scoring import EntryError
from ..scoring.base import Phase
from ..tables import ScoreTable
from ..words import error_said


def game_for_user(request, pk: int, *, with_rounds: bool = False) -> Game:
    """The user's game, or 404: other people's games don't exist for them. `with_rounds`: read
    with its seats and rounds, for a page that shows its board (three queries in all)."""
    games = Game.objects.with_history() if with_rounds else Game.objects
    return get_object_or_404(games, pk=pk, owner=request.user)


def shared_game(token: str, *, with_rounds: bool = True) -> Game | None:
    games = Game.objects.with_history() if with_rounds else Game.objects
    return games.filter(share_token=token).first()


T = TypeVar("T")


def write(
    request,
    write: Callable[[], T],
    *,
    entry_error: Callable[[EntryError], None] | None = None,
    conflict: Callable[[Conflict], None] | None = None,
) -> T | None:
    """The pages' one place for the models' refusals: run `write`, and say a refusal instead of
    raising it. A round that isn't there is the page's 404; a Conflict (the game moved on) and
    an EntryError are messages on the next page, unless the caller shows them itself (a form
    keeps what was typed). None when refused."""
    try:
        return write()
    except NoSuchRound:
        raise Http404("No such round") from None
    except Conflict as refusal:
        if conflict:
            conflict(refusal)
        else:
            messages.error(request, str(refusal))
    except EntryError as refusal:
        if entry_error:
            entry_error(refusal)
        else:
            messages.error(request, error_said(refusal))
    return None


def page_context(game: Game, **extra) -> dict:
    """What a game's pages show. The board (its rounds, read from their rows) and the table laid
    out from it are read only when a fragment drawn from them is not in the cache for this
    version of the game; the page around them needs only the game and where its rounds are."""
    board = SimpleLazyObject(lambda: game.scoreboard)
    table = SimpleLazyObject(lambda: ScoreTable(game, board, game.player_names))
    number, phase = game.round_now()
    return {
        "game": game,
        "board": board,
        "table": table,
        # The round to enter next (or to finish: its bids saved), and the last one saved.
        "next_round": number,
        "finishing": phase is Phase.COMPLETING,
        "last_saved": number if phase is Phase.COMPLETING else number - 1,
        "discardable": game.discardable,  # called only by a page with no round saved
        "has_referee": kind_ui(game.rules).referee is not None,  # links to its trick referee
        "poll_etag": poll_etag(game),  # the board's version, which its poll asks about
        **extra,
    }


def table_offset(request) -> int | None:
    """The table's offset from UTC, as static/js/table-clock.js put it in the form."""
    return read_utc_offset(request.POST.get("utc_offset", ""))


def is_poll(request) -> bool:
    return bool(request.htmx and not request.htmx.history_restore_request)


def poll_etag(game: Game) -> str:
    """The version of the board a poll answers, as its ETag; the board carries it too
    (data-etag), for static/js/poll.js to ask whether it changed."""
    # The language too: after a switch, the board is never the other language's copy.
    language = get_language()
    # Players' phones on or off too: while off, the owner's poll draws their card.
    phones = "phones" if game.join_code else ""
    version = f"{game.pk}-{game.updated.timestamp()}-{game.share_token or ''}-{phones}"
    return f'"{version}-{language}-part"'


def scoreboard_response(request, game: Game, template: str, **extra):
    """The whole page, or just the scoreboard for htmx polling; an unchanged poll answers 304.

    Only the poll is conditional: the whole page also carries flash messages and the CSRF
    token, which a 304 would hide or leave stale.
    """
    if not is_poll(request):
        return scoreboard_page(request, game, template, **extra)
    etag = poll_etag(game)
    # Compared weakly: GZipMiddleware sends the ETag back as W/"...", and the board's own
    # data-etag (what static/js/poll.js sends) is the strong one.
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return not_modified
    # The scoreboard, and out of band what further down the page follows the game too.
    context = page_context(game)
    response = render(request, template + "#poll", context)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


def scoreboard_page(request, game: Game, template: str, **extra):
    context = page_context(game, **extra)
    if game.share_token:
        url = request.build_absolute_uri(reverse("game_shared", args=[game.share_token]))
        context["watch_url"] = url
        context["watch_qr"] = qr_svg(url, _("QR code of the watch link: %(url)s") % {"url": url})
    return render(request, template, context)


def csv_download(text: str, filename: str) -> HttpResponse:
    # The byte-order mark tells spreadsheet programs the file is UTF-8, so names keep their
    # accents, emoji and right-to-left letters.
    response = HttpResponse("\ufeff" + text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
