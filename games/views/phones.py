"""Players' phones: the owner's join section, the join pages, and a seat's own page
(docs/seats.md). Seat phones have no account: the seat link in the address is all they hold, and
no session is made for them."""

from __future__ import annotations

import time

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.models import FailedLogin

from .. import seats
from ..kinds.base import kind_ui
from ..models import Game, SeatLink
from ..qr import qr_svg
from ..scoring.numbers import signed
from ..tables import ScoreTable
from .common import game_for_user, is_poll, page_context

# Wrong join codes are counted like wrong passwords (FailedLogin), per address: guessing one of
# 887 million codes at ten tries a quarter of an hour goes nowhere. The phones at a table share
# one address, so one phone's typos lock the others out of typing it; the QR code and the copied
# link carry the join link's long token instead, which can't be guessed and is never limited.
JOIN_KEY = "#join-code"
# Parts sent by one seat link in a minute, at most (a phone resending in a loop is refused).
SENDS_PER_MINUTE = 60
# How long a phone remembers the seat link it joined a game with (a night at the table).
SEAT_COOKIE_AGE = 24 * 60 * 60


# --- Joining --------------------------------------------------------------------------------


class JoinForm(forms.Form):
    code = forms.CharField(
        max_length=20,
        label=gettext_lazy("The game's code"),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )


def _too_many_guesses(request) -> HttpResponse:
    response = render(
        request,
        "games/seat_join.html",
        {
            "form": JoinForm(),
            "refused": _(
                "Too many wrong codes from this network: scan the QR code on the score keeper's "
                "phone, or wait 15 minutes and type the code again."
            ),
        },
        status=429,
    )
    response["Retry-After"] = str(int(FailedLogin.WINDOW.total_seconds()))
    return response


@login_not_required
@require_http_methods(["GET", "POST"])
def join(request):
    """Type the code the score keeper shows (or scan the QR code, which opens the next page)."""
    form = JoinForm(request.POST or None)
    if request.method == "POST":
        if FailedLogin.locked_out(request, JOIN_KEY):
            return _too_many_guesses(request)
        if form.is_valid():
            game = seats.game_for_code(form.cleaned_data["code"])
            if game is not None:  # on to the page the QR code opens, which counts nothing
                return redirect("join_link", token=game.join_token)
            FailedLogin.record(request, JOIN_KEY)
            form.add_error("code", _("No game has this code: check it with the score keeper."))
    return render(
        request, "games/seat_join.html", {"form": form}, status=400 if form.errors else 200
    )


@login_not_required
@require_http_methods(["GET", "POST"])
def join_table(request, code: str):
    """The join code in the address (typed, or a QR code shown before join links): counted as
    a typed code."""
    if FailedLogin.locked_out(request, JOIN_KEY):
        return _too_many_guesses(request)
    game = seats.game_for_code(code)
    if game is None:
        FailedLogin.record(request, JOIN_KEY)
        form = JoinForm(initial={"code": seats.normal_code(code)})
        refused = _("No game has this code: check it with the score keeper.")
        context = {"form": form, "refused": refused}
        return render(request, "games/seat_join.html", context, status=404)
    return _pick_a_seat(request, game)


@login_not_required
@require_http_methods(["GET", "POST"])
def join_link(request, token: str):
    """The join link (the QR code, the copied link): its token can't be guessed, so nothing is
    counted, and a phone at a table whose address typed too many wrong codes still gets in."""
    game = seats.game_for_join_link(token)
    if game is None:
        context = {
            "form": JoinForm(),
            "refused": _(
                "This join link is off: the score keeper turned players' phones off, or the "
                "link is not quite right. Scan the QR code again, or type the code."
            ),
        }
        return render(request, "games/seat_join.html", context, status=404)
    return _pick_a_seat(request, game)


def seat_cookie(game: Game) -> str:
    return f"seat-{game.pk}"


def _pick_a_seat(request, game: Game) -> HttpResponse:
    """Pick your seat from the names at the table: the phone gets a link to that seat."""
    problem = None
    if request.method == "POST":
        cookie = seat_cookie(game)
        token = seats.join(game, request.POST.get("seat", ""), before=request.COOKIES.get(cookie))
        if token is not None:
            response = redirect("seat_page", token=token)
            # The phone's own link to this game, so that joining again (another seat, or the
            # same one after a back or a reload) replaces it instead of adding a phone.
            response.set_cookie(
                cookie,
                token,
                max_age=SEAT_COOKIE_AGE,
                secure=request.is_secure(),
                httponly=True,
                samesite="Lax",
            )
            return response
        problem = _(
            "That seat can't take another phone: ask the score keeper to revoke an old one."
        )
    context = {"game": game, "seats": game.seats, "problem": problem}
    return render(request, "games/seat_pick.html", context, status=400 if problem else 200)


# --- A seat's page --------------------------------------------------------------------------


def _seat_link_or_gone(request, token: str, *, poll=False):
    link = seats.link_for_token(token)
    if link is None:
        template = "games/seat_off.html" + ("#notice" if poll else "")
        return None, render(request, template, status=404)
    return link, None


def _too_fast(link: SeatLink) -> bool:
    key = f"seat-sends:{link.token_digest}:{int(time.time() // 60)}"
    cache.add(key, 0, timeout=120)
    try:
        return cache.incr(key) > SENDS_PER_MINUTE
    except ValueError:  # expired between add and incr
        return False


@login_not_required
@require_http_methods(["GET", "POST"])
def seat_page(request, token: str):
    link, gone = _seat_link_or_gone(request, token)
    if gone:
        return gone
    game = link.game
    board = game.scoreboard
    stage = seats.current_stage(game, board)
    player = link.seat.player_id
    draft = seats.draft_for(game, stage)
    form = _part_form(request, game, link, stage, draft)
    status = 200
    if request.method == "POST" and form is not None:
        if _too_fast(link):
            return HttpResponse(_("Too many sends: wait a minute."), status=429)
        if form.is_valid():
            outcome = seats.send_part(
                link, game, request.POST.get("stage", ""), player, form.part(), form.table()
            )
            if outcome.taken is None:
                return redirect(reverse("seat_page", args=[token]) + "?" + _said(outcome))
            claim = _claim_sentence(*outcome.taken, game.player_names)
            form.add_error(None, _taken_said(claim))
        status = 400
    elif request.method == "POST":
        return redirect("seat_page", token=token)  # nothing to send now (the game is over)
    context = {
        "link": link,
        "token": token,
        "form": form,
        **_live_context(game, board, stage, draft, link),
        "said": request.GET.get("said", ""),
        "my_bid": _my_bid(board, stage, player),
        "owner_enters": _owner_enters(game, stage),
    }
    return render(request, "games/seat_page.html", context, status=status)


def _my_bid(board, stage, player: int):
    if stage is None or stage.phase != "result":
        return None
    hands = (seats.open_entry(board) or {}).get("hands", [])
    return next((hand.get("bid") for hand in hands if hand.get("player") == player), None)


def _owner_enters(game, stage) -> bool:
    """This phase of the round is the owner's alone to enter (the hand's result, say)."""
    part_form = kind_ui(game.rules).part_form
    entered_in = part_form.entered_in if part_form else None
    return stage is not None and entered_in is not None and stage.phase not in entered_in


def _said(outcome: seats.Outcome) -> str:
    if outcome.saved is not None:
        return "said=saved"
    if outcome.stale:
        return "said=moved"
    if outcome.problem:
        return "said=problem"
    return "said=replaced" if outcome.replaced_other_phone else "said=sent"


def _part_form(request, game, link, stage, draft):
    player = link.seat.player_id
    part_form = kind_ui(game.rules).part_form
    if stage is None or part_form is None:
        return None
    if part_form.entered_in is not None and stage.phase not in part_form.entered_in:
        return None  # the owner's to enter (the result of the hand, say)
    if player not in game.scoreboard.active_players:
        return None  # out of the game: nothing to enter
    kept = seats.part_of(draft, player)
    table = seats.table_parts(draft)
    claims = {k: v for k, v in table.items() if seats.claimant(v) == player}
    return part_form(
        request.POST if request.method == "POST" else None,
        game=game,
        player=player,
        name=link.seat.player.name,
        stage=stage,
        part=kept["part"] if kept else None,
        claims=claims,
    )


def _live_context(game, board, stage, draft, link: SeatLink | None) -> dict:
    """What every phone may see of the round in progress: who is done, never the values; the
    whole's problem; and the round last saved, with the totals."""
    names = game.player_names
    problem = seats.problem_of(draft)
    last = board.rounds[-1] if board.rounds and board.rounds[-1].status == "complete" else None
    mine = seats.part_of(draft, link.seat.player_id) if link else None
    part_form = kind_ui(game.rules).part_form
    my_grid_score = part_form.part_score(mine["part"]) if mine and part_form else None
    score_table = ScoreTable(game, board, names)
    table = seats.table_parts(draft)
    claims = [_claim_sentence(key, value, names) for key, value in table.items()]
    return {
        "game": game,
        "board": board,
        "stage": stage,
        "draft": draft,
        "progress": seats.progress(game, board, draft) if stage else [],
        "problem": problem,
        "problem_names": [names[p] for p in (problem or {}).get("players", []) if p in names],
        "claims": claims,
        "mine": mine,
        "mine_elsewhere": bool(mine and link and mine.get("by") not in (link.pk, seats.OWNER)),
        "mine_by_owner": bool(mine and link and mine.get("by") == seats.OWNER),
        "my_grid_score": my_grid_score,
        "last_round": last,
        "last_rows": [(names[r.player], signed(r.points)) for r in last.results] if last else [],
        "standings": score_table.standings,
        "winners": score_table.winners,
        "dealer": names.get(board.open_round.dealer if board.open_round else board.next_dealer, ""),
    }


def _taken_said(claim: str) -> str:
    return _(
        "Not sent: %(claim)s already, and only one player can. Whoever is wrong takes it back on "
        "their phone, or the score keeper puts it right."
    ) % {"claim": claim}


def _claim_sentence(key: str, value, names: dict) -> str:
    if key == "bid" and isinstance(value, dict):
        said = {"name": names.get(value.get("bidder"), "?"), "bid": value.get("bid")}
        if value.get("trump"):
            return _("%(name)s bid %(bid)s in %(trump)s") % {**said, "trump": _(value["trump"])}
        return _("%(name)s bid %(bid)s") % said
    sentence = {
        "went_out": _("%(name)s went out"),
        "called_by": _("%(name)s called"),
        "empty_hand": _("%(name)s emptied their hand"),
    }.get(key, "%(name)s")
    return sentence % {"name": names.get(value, "?")}


@login_not_required
@require_GET
def seat_live(request, token: str):
    """The seat page's poll: progress and the saved round. A phone whose round moved on (saved,
    undone, the game over) is sent to its page afresh."""
    link, gone = _seat_link_or_gone(request, token, poll=True)
    if gone:
        return gone
    game = link.game
    board = game.scoreboard
    stage = seats.current_stage(game, board)
    seen = request.GET.get("stage")
    if seen is not None and seen != (stage.key if stage else "over"):
        # The page afresh, without its note about the last send ("Sent."), which was the old
        # round's.
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("seat_page", args=[token])
        return response
    draft = seats.draft_for(game, stage)
    etag = f'"seat-{link.pk}-{game.updated.timestamp()}-{draft.version if draft else 0}"'
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return not_modified
    context = {"token": token, "link": link, **_live_context(game, board, stage, draft, link)}
    response = render(request, "games/seat_page.html#live", context)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


# --- The owner's side -----------------------------------------------------------------------


def owner_context(request, game: Game) -> dict:
    """The "Players' phones" section of the owner's game page (no query while they are off)."""
    if not game.join_code:  # offered for a game whose phones have a part to enter
        return {
            "game": game,
            "phones_on": False,
            "has_parts": kind_ui(game.rules).part_form is not None,
        }
    board = game.scoreboard
    stage = seats.current_stage(game, board)
    draft = seats.draft_for(game, stage)
    url = request.build_absolute_uri(reverse("join_link", args=[game.join_token]))
    links = list(SeatLink.objects.filter(game=game).select_related("seat__player"))
    return {
        "phones_on": True,
        "join_url": url,
        "join_page": request.build_absolute_uri(reverse("join")),
        "join_qr": qr_svg(url, _("QR code to join this game: %(url)s") % {"url": url}),
        "links": links,
        "seat_parts": seats.has_seat_parts(game),
        "owner_table_template": getattr(kind_ui(game.rules).part_form, "owner_table_template", ""),
        **_live_context(game, board, stage, draft, None),
    }


def _owner_etag(game: Game) -> str:
    draft = seats.RoundDraft.objects.filter(game=game).values_list("version", "number").first()
    links = SeatLink.objects.filter(game=game).values_list("pk", flat=True)
    return f'"phones-{game.updated.timestamp()}-{game.join_code}-{draft}-{list(links)}"'


@require_http_methods(["GET", "POST"])
def game_phones(request, pk: int):
    """GET: the owner's phones section (polled); POST: turn players' phones on or off."""
    game = game_for_user(request, pk)
    if request.method == "POST":
        if request.POST.get("action") == "table":
            _owner_table_part(request, game)
        elif request.POST.get("action") == "off":
            seats.turn_off(game)
            messages.success(request, _("Players' phones are off: every seat link is revoked."))
        elif not game.finished and kind_ui(game.rules).part_form:  # a game whose phones have a part
            seats.turn_on(game)
        return redirect(reverse("game_detail", args=[game.pk]) + "#phones")
    if not is_poll(request):
        return redirect(reverse("game_detail", args=[game.pk]) + "#phones")
    etag = _owner_etag(game)
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return not_modified
    response = render(request, "games/seat_owner.html", owner_context(request, game))
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


def _owner_table_part(request, game: Game) -> None:
    """The table's part entered on the owner's phone: who went out, who called or emptied
    their hand; the round is saved if that was the last part."""
    part_form = kind_ui(game.rules).part_form
    keys = part_form.owner_table_parts if part_form else {}
    how = request.POST.get("how", "went_out")
    player = request.POST.get("player", "")
    if how not in keys or not player.isascii() or not player.isdigit() or len(player) > 18:
        messages.error(request, _("Tap a player first."))
        return
    key = keys[how]
    other = [k for k in keys.values() if k != key]
    table = {key: int(player), **dict.fromkeys(other)}
    if int(player) not in game.player_names:
        messages.error(request, _("Tap a player first."))
        return
    outcome = seats.send_part(None, game, request.POST.get("stage", ""), 0, None, table)
    if outcome.saved is not None:
        messages.success(request, _("Round %(number)s saved.") % {"number": outcome.saved.number})
    elif outcome.stale:
        messages.error(request, _("The round moved on: check the phones' progress again."))


@require_GET
def phones_off(request, pk: int):
    """Turning phones off can't be undone (the seat links are revoked, the parts sent are
    dropped): this page says what goes, and holds the button that does it."""
    game = game_for_user(request, pk)
    if not game.join_code:
        return redirect(reverse("game_detail", args=[game.pk]) + "#phones")
    board = game.scoreboard
    draft = seats.draft_for(game, seats.current_stage(game, board))
    names = game.player_names
    hands = draft.parts.get("hands", {}) if draft else {}
    sent = [names[int(p)] for p in hands if p.isdigit() and int(p) in names]
    context = {
        "game": game,
        "phones": SeatLink.objects.filter(game=game).count(),
        "sent": sent,
        "claims": [
            _claim_sentence(key, value, names)
            for key, value in seats.table_parts(draft).items()
            if value is not None
        ],
    }
    return render(request, "games/phones_off.html", context)


@require_POST
def phone_revoke(request, pk: int, link_pk: int):
    game = game_for_user(request, pk)
    link = get_object_or_404(SeatLink, pk=link_pk, game=game)
    name = link.seat.player.name
    link.delete()
    messages.success(request, _("%(name)s's phone link is revoked.") % {"name": name})
    return redirect(reverse("game_detail", args=[game.pk]) + "#phones")


@require_POST
def phones_save(request, pk: int):
    """Save now: the round as the phones entered it, through the write path."""
    game = game_for_user(request, pk)
    outcome = seats.save_now(game, request.user)
    if outcome.saved is not None:
        messages.success(request, _("Round %(number)s saved.") % {"number": outcome.saved.number})
    elif outcome.problem:
        messages.error(request, outcome.problem)
    return redirect(reverse("game_detail", args=[game.pk]) + "#phones")


@require_GET
def phones_take_over(request, pk: int):
    """The round form, filled in with every part the phones sent: the owner fixes or finishes
    it and saves it as any round (the draft goes when it is saved)."""
    game = game_for_user(request, pk)
    board = game.scoreboard
    stage = seats.current_stage(game, board)
    if stage is None:
        raise Http404("Nothing to take over")
    draft = seats.draft_for(game, stage)
    entry = seats.partial_entry(game, board, stage, draft)
    form = kind_ui(game.rules).round_form(
        None, game=game, board=board, entry=entry or None, number=stage.number
    )
    context = page_context(game, form=form, number=stage.number, versions=[])
    return render(request, "games/round_form.html", context)
