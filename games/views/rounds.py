"""Rounds: entering, previewing, fixing and undoing them, their explanations and earlier
versions."""

import json
import re

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
)
from django.views.decorators.vary import vary_on_headers

from .. import history
from ..kinds.base import kind_ui
from ..models import (
    Conflict,
    Game,
    NoSuchRound,
    Round,
    RoundRevision,
    adds_to,
)
from ..scoring import EntryError
from ..scoring.numbers import shown, signed
from ..tables import ScoreTable
from ..words import error_said, said
from .common import game_for_user, is_poll, page_context, scoreboard_page, shared_game, write


@vary_on_headers("HX-Request")
@require_GET
def round_detail(request, pk: int, number: int):
    """Why a round scored as it did: its explanation, fetched by a tap on its number (htmx),
    or its own page without JavaScript. Not in the scoreboard page, which it made many times
    heavier in a long game."""
    game = game_for_user(request, pk, with_rounds=True)
    return _round_response(request, game, number, editable=True)


@login_not_required
@vary_on_headers("HX-Request")
@require_GET
def shared_round(request, token: str, number: int):
    """A round's explanation for the watch link's viewer, without the edit link."""
    game = shared_game(token)
    if game is None:
        raise Http404("No such game")
    return _round_response(request, game, number, editable=False)


@vary_on_headers("HX-Request")
@require_GET
def earlier_rounds(request, pk: int):
    """The rounds a long game's pad folds away (it shows the latest): their rows, fetched by a
    tap on the fold row (htmx), or a page of them without JavaScript."""
    game = game_for_user(request, pk, with_rounds=True)
    return _earlier_response(request, game, editable=True)


@login_not_required
@vary_on_headers("HX-Request")
@require_GET
def shared_earlier_rounds(request, token: str):
    game = shared_game(token)
    if game is None:
        raise Http404("No such game")
    return _earlier_response(request, game, editable=False)


def _earlier_response(request, game: Game, *, editable: bool):
    table = ScoreTable(game, game.scoreboard, game.player_names)
    if editable:
        back = reverse("game_detail", args=[game.pk])
    else:
        back = reverse("game_shared", args=[game.share_token])
    if not table.earlier_count:  # the game is short again (undone): its pad shows every round
        return HttpResponse() if is_poll(request) else redirect(back)
    context = {"game": game, "table": table, "editable": editable}
    if is_poll(request):  # the rows, swapped in for the fold row (links relative to the pad)
        context["rows"] = table.earlier_rows()
        return render(request, "games/rounds_earlier.html#rows", context)
    context.update(rows=table.earlier_rows(base="../"), back=back)
    return render(request, "games/rounds_earlier.html", context)


def _round_response(request, game: Game, number: int, *, editable: bool):
    board = game.scoreboard
    if not 1 <= number <= len(board.rounds):
        raise Http404("No such round")
    table = ScoreTable(game, board, game.player_names)
    context = {"game": game, "table": table, "number": number, "editable": editable}
    if is_poll(request):  # the round's <tbody>, its explanation opened or closed again
        opened = request.GET.get("closed") != "1"
        context["group"] = [table.row(number, opened=opened)]
        return render(request, "games/round_detail.html#group", context)
    if editable:
        back = reverse("game_detail", args=[game.pk])
    else:
        back = reverse("game_shared", args=[game.share_token])
    context.update(explanation=table.explanation(number), back=f"{back}#round-{number}")
    return render(request, "games/round_detail.html", context)


def _back_to_the_scores(request, game: Game, *, thrown_in: int | None = None):
    """Where a save ends: the scoreboard. A save sent by htmx (a phone with JavaScript) gets
    the new board in its answer, in one round trip, the phone's address now the board's; a
    plain form, a redirect to it. A hand just thrown in is said on it with its undo."""
    if not request.htmx:
        query = f"?thrown_in={thrown_in}" if thrown_in else ""
        return redirect(reverse("game_detail", args=[game.pk]) + query)
    response = scoreboard_page(
        request, game, "games/game_detail.html", thrown_in=thrown_in, base_template="main_only.html"
    )
    response["HX-Replace-Url"] = reverse("game_detail", args=[game.pk])
    return response


def _why_not_saved(form, error: EntryError | None) -> str:
    if error is not None and form.number < (error.round_number or 0):
        # A fix that a later round can't follow: which way out there is.
        return _(
            "%(problem)s: the change to round %(number)s breaks it. Undo the rounds after round "
            "%(number)s first, or fix round %(number)s otherwise."
        ) % {"problem": error_said(error), "number": form.number}
    if error is not None:
        return error_said(error)
    problem = " ".join(str(e) for errors in form.errors.values() for e in errors)
    return problem or form.incomplete_message()


def _refused_in_place(request, game: Game, problem: str):
    """A save sent by htmx and refused: the reason where the thumb is (the form's preview,
    at the bottom of the screen), and the form left as it was typed."""
    context = {"game": game, "problem": problem, "refused": True}
    response = render(request, "games/round_form.html#preview", context)
    response["HX-Retarget"] = "#preview"
    response["HX-Reselect"] = "#preview"
    response["HX-Reswap"] = "outerHTML"
    return response


@require_http_methods(["GET", "POST"])
def round_new(request, pk: int):
    game = game_for_user(request, pk, with_rounds=True)
    board = game.scoreboard
    if board.finished:
        if request.method == "POST":  # a round sent late (a phone that was offline): refused
            messages.error(request, _("The game is over: this round was not saved."))
        else:
            messages.info(request, _("The game is over."))
        return _back_to_the_scores(request, game)
    number, _phase = game.round_now(board)
    # The round the page was showing: if it was saved meanwhile (on another phone, or by a
    # double tap), the form reads the post as that round and the write path refuses it
    # (or knows it for a resend) instead of saving it as the next round. A form for a round
    # the game has not reached (round 9's, sent after round 8 was undone) or naming no round
    # is saved as no other round.
    seen = _posted_number(request) if request.method == "POST" else number
    if seen is None or not 1 <= seen <= number:
        messages.error(request, _not_at_this_round(seen, number))
        return _back_to_the_scores(request, game)
    shown = board.rounds[seen - 1] if 1 <= seen <= len(board.rounds) else board.open_round
    form = kind_ui(game.rules).round_form(
        request.POST or None,
        game=game,
        board=board,
        entry=shown.entry if shown else None,
        number=seen,
    )
    if request.method == "POST":
        saved = _save_round(request, game, form, seen)
        if saved:
            return saved
    # An undone round is this round's earlier version: it can be put back from here.
    revisions = game.revisions.filter(number=number, action="deleted").select_related("by")
    versions = history.versions(game, board, revisions)
    return render(
        request,
        "games/round_form.html",
        page_context(game, form=form, number=number, versions=versions, **_not_saved(form)),
    )


@require_http_methods(["GET", "POST"])
def round_edit(request, pk: int, number: int):
    game = game_for_user(request, pk, with_rounds=True)
    board = game.scoreboard
    if not 1 <= number <= len(board.rounds):
        raise Http404("No such round")
    saved_entry = board.rounds[number - 1].entry
    form = kind_ui(game.rules).round_form(
        request.POST or None,
        game=game,
        board=board,
        entry=saved_entry,
        number=number,
        editing=True,
    )
    if request.method == "POST":
        saved = _save_round(request, game, form, number, editing=True)
        if saved:
            return saved
    revisions = game.revisions.filter(number=number).select_related("by")
    versions = history.versions(game, board, revisions)
    return render(
        request,
        "games/round_form.html",
        page_context(
            game, form=form, number=number, editing=True, versions=versions, **_not_saved(form)
        ),
    )


def _refused(request, game: Game, form, error: EntryError | None = None):
    """A refused save: said in the preview in place (htmx), or None, the page shown again
    with the reasons beside the inputs, and in the preview too (`form.not_saved`): the
    sticky bar at the bottom of the screen, where the thumb is, says it as well."""
    problem = _why_not_saved(form, error)
    if request.htmx:
        return _refused_in_place(request, game, problem)
    form.not_saved = problem
    return None


def _not_saved(form) -> dict:
    """The preview's context on a page shown again after a refused save."""
    return {"refused": True, "problem": form.not_saved} if form.not_saved else {}


def _save_round(request, game: Game, form, number: int, *, editing=False):
    """Save through the write path; on a refusal the form keeps everything typed (None: the
    page shows it again, with the reasons beside the inputs)."""
    entry = form.entry()
    if entry is None:
        return _refused(request, game, form)
    # Bids saved meanwhile (on another phone) that this save changes are kept as an earlier
    # version (Game.complete_round): said, so that nobody's bids go without a word.
    replacing = not editing and form.open_entry is not None and not adds_to(entry, form.open_entry)
    refused = []

    def conflicted(conflict: Conflict) -> None:
        if _already_saved(game, number, entry):
            # The same hand sent twice (a double tap, a resend after a lost answer): done.
            messages.info(request, _("Round %(number)s was already saved.") % {"number": number})
        else:
            messages.error(request, str(conflict))

    def entry_refused(error: EntryError) -> None:
        refused.append(error)
        form.show_error(error)

    saved = write(
        request,
        lambda: game.save_round(number, entry, request.user, editing=editing),
        entry_error=entry_refused,
        conflict=conflicted,
    )
    if refused:
        return _refused(request, game, form, refused[0])
    if saved is not None:
        if not editing and saved.status == Round.COMPLETE and entry.get("thrown_in"):
            # One tap threw the hand in: the board says so, with one tap to undo it.
            return _back_to_the_scores(request, game, thrown_in=number)
        if editing:
            done = _("Round %(number)s fixed.")
        elif replacing:
            done = _(
                "Round %(number)s saved. It changed what was saved of it before, which is kept: "
                "Fix round %(number)s puts it back."
            )
        elif saved.status == Round.OPEN:
            done = _("Round %(number)s: the bids are saved.")
        else:
            done = _("Round %(number)s saved.")
        messages.success(request, done % {"number": number})
    return _back_to_the_scores(request, game)


def _already_saved(game: Game, number: int, entry: dict) -> bool:
    saved = game.rounds.filter(number=number).values_list("entry", flat=True).first()
    return saved == json.loads(json.dumps(entry))  # as the entry reads back from the database


@require_POST
def round_preview(request, pk: int):
    """The round's scores as they are being entered, before anything is saved."""
    game = game_for_user(request, pk, with_rounds=True)
    board = game.scoreboard
    number = _int_or_404(request.POST.get("number"))
    if not 1 <= number <= len(board.rounds) + 1:
        raise Http404("No such round")
    form = kind_ui(game.rules).round_form(
        request.POST,
        game=game,
        board=board,
        number=number,
        entry=board.rounds[number - 1].entry if number <= len(board.rounds) else None,
    )
    preview, problem = None, None
    entry = form.entry()
    if entry is not None:
        try:
            preview = game.preview_round(number, entry)
        except EntryError as error:  # the preview says it in place: nothing was to be saved
            later = (error.round_number or 0) > number  # a later round the fix would break
            problem = _why_not_saved(form, error) if later else said(error.message)
    else:
        problem = form.incomplete_message()
    names = game.player_names
    rows = (
        [(names[r.player], signed(r.points), shown(r.total)) for r in preview.results]
        if preview
        else []
    )
    # A game that scores each hand on its own as soon as it is full: beside the grid (out of
    # band), and in the preview while only "who went out" is missing.
    hands = form.hands() if form.tallies_hands else []
    hand_rows = [(hand.name, shown(hand.tally.score)) for hand in hands if hand.tally]
    return render(
        request,
        "games/round_form.html#preview",
        {
            "game": game,
            "preview": preview,
            "preview_rows": rows,
            "problem": problem,
            "grid_marks": form.grid_marks(),
            "tallied_hands": hands,
            "hand_rows": hand_rows if len(hand_rows) == len(hands) else [],
        },
    )


@require_POST
def round_delete(request, pk: int, number: int):
    game = game_for_user(request, pk)
    undone = write(request, lambda: _undo(game, number, request.user))
    if undone is None:
        return redirect("game_detail", pk=game.pk)
    # The scoreboard says "Round N undone" with one tap to bring it back.
    return redirect(reverse("game_detail", args=[game.pk]) + f"?undone={undone.pk}")


def _undo(game: Game, number: int, by) -> RoundRevision:
    """Round `number` undone. A second tap on Undo (or another phone's) finds it undone already:
    the same answer, with its offer to bring it back, rather than "there is no round"."""
    try:
        return game.delete_last_round(number, by)
    except NoSuchRound:
        undone = game.revisions.filter(action="deleted", number=number).order_by("-pk").first()
        if undone is None or number != game.rounds.count() + 1:
            raise
        return undone


@require_POST
def revision_restore(request, pk: int, revision_pk: int):
    game = game_for_user(request, pk)
    revision = get_object_or_404(RoundRevision, pk=revision_pk, game=game)

    def unrestorable(error: EntryError) -> None:
        messages.error(
            request, _("That version can't be restored: %(why)s") % {"why": error_said(error)}
        )

    if write(request, lambda: game.restore(revision, request.user), entry_error=unrestorable):
        if revision.action == "deleted" and request.POST.get("back") == "undone":
            messages.success(request, _("Round %(number)s is back.") % {"number": revision.number})
        else:
            messages.success(request, _("Round %(number)s restored.") % {"number": revision.number})
    return redirect("game_detail", pk=game.pk)


# A round number as a form posts it; anything else names no round.
ROUND_NUMBER = re.compile(r"-?[0-9]{1,9}")


def _posted_number(request) -> int | None:
    """The round number the form was for, or None when it names none."""
    posted = request.POST.get("number", "")
    return int(posted) if ROUND_NUMBER.fullmatch(posted) else None


def _not_at_this_round(number: int | None, now: int) -> str:
    if number is None:
        return _(
            "This form names no round the game can be at (it is at round %(now)s): nothing was "
            "saved."
        ) % {"now": now}
    return _(
        "This form was for round %(number)s, but the game is at round %(now)s: nothing was saved."
    ) % {"number": number, "now": now}


def _int_or_404(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Http404("No such round") from None
