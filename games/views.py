"""The phone pages: function views that read top to bottom; scoring lives in games.scoring."""

import json
import re
from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import SESSION_KEY
from django.contrib.auth import login as auth_login
from django.contrib.auth import logout as auth_logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.sessions.models import Session
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Max, Prefetch
from django.db.models.functions import Coalesce, Greatest
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render, resolve_url
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import get_conditional_response
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
    require_safe,
)
from django.views.decorators.vary import vary_on_headers
from rest_framework.authtoken.models import Token

from . import docs, history, ratings, stats, transfer
from .forms import (
    DeleteAccountForm,
    ImportForm,
    MergeForm,
    NewGameForm,
    NewPlayerForm,
    NightForm,
)
from .kinds import GAMES
from .kinds.base import kind_ui
from .models import (
    Conflict,
    FailedLogin,
    Game,
    GameNight,
    NoSuchRound,
    Player,
    Round,
    RoundRevision,
    SignUp,
    delete_account,
    name_key,
    normal_name,
    read_utc_offset,
)
from .qr import qr_svg
from .scoring import EntryError
from .scoring.numbers import shown, signed
from .tables import ScoreTable
from .words import error_said, said

# --- Accounts -------------------------------------------------------------------------------


@login_not_required
@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and SignUp.too_many(request):
        context = {"form": form, "too_many": SignUp.TOO_MANY}
        return render(request, "registration/signup.html", context, status=429)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            SignUp.record(request)
        auth_login(request, user)
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


class LoginView(auth_views.LoginView):
    """Django's log-in page, refusing (429) a name and address that keep getting the password
    wrong. (Wrong passwords are counted, and right ones clear the count, by games.apps.)"""

    redirect_authenticated_user = True
    http_method_names = ["get", "head", "post", "options"]  # FormView would take PUT as POST

    def get_success_url(self):
        # Signed in and sent back to this page (?next=/accounts/login/): Django would call that
        # a redirect loop and fail; home is where they meant to go.
        url = super().get_success_url()
        return resolve_url(settings.LOGIN_REDIRECT_URL) if url == self.request.path else url

    def post(self, request, *args, **kwargs):
        if FailedLogin.locked_out(request, request.POST.get("username")):
            form = self.form_class(request, initial={"username": request.POST.get("username")})
            context = self.get_context_data(form=form, locked_out=FailedLogin.LOCKED_OUT)
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)


login = LoginView.as_view()


@require_safe
def account(request):
    """Your account: the password, signing out of other phones, your data and leaving."""
    return render(request, "registration/account.html")


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change, under the limit of wrong passwords like every log-in; the new
    password signs out every other phone (Django's session check) and every API token."""

    http_method_names = ["get", "head", "post", "options"]

    def post(self, request, *args, **kwargs):
        if FailedLogin.locked_out(request, request.user.get_username()):
            context = self.get_context_data(locked_out=FailedLogin.LOCKED_OUT)
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        if form.has_error("old_password"):
            FailedLogin.record(self.request, self.request.user.get_username())
        return super().form_invalid(form)

    def form_valid(self, form):
        Token.objects.filter(user=self.request.user).delete()
        return super().form_valid(form)


password_change = PasswordChangeView.as_view()


@require_POST
def logout_everywhere(request):
    """Every API token revoked and every other session ended; this phone stays signed in."""
    user = request.user
    Token.objects.filter(user=user).delete()
    ended = _end_other_sessions(request)
    messages.success(
        request,
        ngettext(
            "Signed out everywhere else: %(count)d other session ended and API tokens revoked.",
            "Signed out everywhere else: %(count)d other sessions ended and API tokens revoked.",
            ended,
        )
        % {"count": ended},
    )
    return redirect("account")


def _end_other_sessions(request) -> int:
    # Sessions are stored signed and encoded, not by user: each live one is read to find them.
    # (An account has a handful; the table holds only unexpired sessions worth reading.) Each
    # is ended by the session engine, so that a copy in the cache (cached_db) goes too.
    mine = str(request.user.pk)
    current = request.session.session_key
    keys = [
        session.session_key
        for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator()
        if session.session_key != current and session.get_decoded().get(SESSION_KEY) == mine
    ]
    for key in keys:
        type(request.session)().delete(key)
    return len(keys)


@require_http_methods(["GET", "POST"])
def account_delete(request):
    """Delete the account and everything it owns, once the password is confirmed."""
    form = DeleteAccountForm(request.POST or None)
    user = request.user
    if request.method == "POST":
        if FailedLogin.locked_out(request, user.get_username()):
            context = {"form": form, "locked_out": FailedLogin.LOCKED_OUT}
            return render(request, "registration/account_delete.html", context, status=429)
        if form.is_valid():
            if user.check_password(form.cleaned_data["password"]):
                delete_account(user)
                auth_logout(request)
                messages.success(request, _("Your account and everything in it are deleted."))
                return redirect("home")
            FailedLogin.record(request, user.get_username())
            form.add_error("password", _("That is not your password."))
    return render(
        request,
        "registration/account_delete.html",
        {"form": form},
        status=400 if form.errors else 200,
    )


# --- Access helpers -------------------------------------------------------------------------


def _get_game_for_user(request, pk: int, *, with_rounds: bool = False) -> Game:
    """The user's game, or 404: other people's games don't exist for them. `with_rounds`: read
    with its seats and rounds, for a page that shows its board (three queries in all)."""
    games = Game.objects.with_history() if with_rounds else Game.objects
    return get_object_or_404(games, pk=pk, owner=request.user)


def _shared_game(token: str, *, with_rounds: bool = True) -> Game | None:
    games = Game.objects.with_history() if with_rounds else Game.objects
    return games.filter(share_token=token).first()


T = TypeVar("T")


def _write(
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


def _page_context(game: Game, **extra) -> dict:
    board = game.scoreboard
    # The table is laid out only when a cached fragment of this version misses.
    table = SimpleLazyObject(lambda: ScoreTable(game, board, game.player_names))
    return {"game": game, "board": board, "table": table, **extra}


# --- Home and new games ---------------------------------------------------------------------


@login_not_required
@require_safe
def home(request):
    if not request.user.is_authenticated:
        return render(request, "landing.html")
    # Each game with its players and round count, so that two games of one kind read apart.
    # (An aggregate drops Meta.ordering, so the newest-first order is said again.)
    games = Game.objects.annotate(round_count=Count("rounds")).order_by("-created").with_seats()
    nights = list(
        GameNight.objects.filter(owner=request.user).prefetch_related(Prefetch("games", games))[:6]
    )
    tonight = next((night for night in nights if night.is_tonight), None)
    running = games.filter(owner=request.user, finished_at__isnull=True)[:5]
    return render(
        request,
        "home.html",
        {
            "tonight": tonight,
            "recent": [night for night in nights if night is not tonight][:5],
            "running": running,
            "games": GAMES,
        },
    )


def _table_offset(request) -> int | None:
    """The table's offset from UTC, as static/js/table-clock.js put it in the form."""
    return read_utc_offset(request.POST.get("utc_offset", ""))


@require_http_methods(["GET", "POST"])
def game_new(request):
    kind = request.GET.get("kind") or request.POST.get("kind")
    if kind not in GAMES:
        return render(request, "games/game_new.html", {"games": GAMES.values(), "rules": None})
    rules = GAMES[kind]
    form = NewGameForm(request.POST or None, rules=rules, players=_recent_players(request.user))
    if request.method == "POST" and form.is_valid():
        if "add" in request.POST:  # "Add" on a phone without JavaScript: the page comes back
            form = _with_players_added(request, form)
        else:
            game = _start_game(request, form)
            if game is not None:
                return redirect("game_detail", pk=game.pk)
    return render(
        request,
        "games/game_new.html",
        {"games": GAMES.values(), "rules": rules, "form": form},
    )


def _recent_players(user):
    """The user's players, the ones who played (or joined) most recently first."""
    last_seen = Greatest(Coalesce(Max("seats__game__created"), "created"), "created")
    return (
        Player.objects.filter(owner=user)
        .annotate(last_seen=last_seen)
        .order_by("-last_seen", "name_key")
    )


def _start_game(request, form: NewGameForm) -> Game | None:
    """New names typed join the circle with the game, or not at all when the game is refused."""

    def start() -> Game:
        with transaction.atomic():
            seated = [
                Player.add(request.user, seat) if isinstance(seat, str) else seat
                for seat in form.seating()
            ]
            return Game.start(
                request.user,
                form.rules.kind,
                seated,
                first_dealer=form.first_dealer(),
                options=form.options(),
                night=GameNight.tonight(request.user, _table_offset(request)),
            )

    try:
        return _write(
            request, start, entry_error=lambda error: form.add_error(None, said(error.message))
        )
    except ValidationError as error:  # a new name refused
        form.add_error("new_players", error)
    return None


def _with_players_added(request, form: NewGameForm) -> NewGameForm:
    """The typed names added to the circle and seated after the players tapped, on the form as
    it was (the picks, the dealer and the options kept)."""
    try:
        with transaction.atomic():
            added = [Player.add(request.user, name) for name in form.new_names()]
    except ValidationError as error:
        form.add_error("new_players", error)
        return form
    added_by_key = {player.name_key: player for player in added}
    data = request.POST.copy()
    data.setlist(
        "players",
        [
            str(seat.pk if isinstance(seat, Player) else added_by_key[name_key(seat)].pk)
            for seat in form.seating()
        ],
    )
    data["new_players"] = ""
    if added:
        messages.success(
            request,
            _("%(names)s joined your circle.") % {"names": ", ".join(p.name for p in added)},
        )
    players = _recent_players(request.user)
    return NewGameForm(data, rules=form.rules, players=players)


@require_POST
def player_add(request):
    """Add a name to the circle from the new-game or players page, then go back to it; asked
    for JSON (the new-game page's script), the answer is the player, without a page."""
    form = NewPlayerForm(request.POST)
    if "application/json" in request.headers.get("Accept", ""):
        return _player_added_json(request, form)
    kind = request.POST.get("kind", "")
    if form.is_valid():
        try:
            player = Player.add(request.user, form.cleaned_data["name"])
            messages.success(request, _("%(names)s joined your circle.") % {"names": player.name})
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
    else:
        messages.error(request, _("A player's name can be 1 to 40 characters."))
    if request.POST.get("back") == "players":
        return redirect("player_list")
    url = reverse("game_new")
    return redirect(f"{url}?kind={kind}" if kind in GAMES else url)


def _player_added_json(request, form: NewPlayerForm) -> JsonResponse:
    """The new player, or the one of that name already in the circle (the page seats them)."""
    if not form.is_valid():
        return JsonResponse({"error": _("A player's name can be 1 to 40 characters.")}, status=400)
    try:
        name = normal_name(form.cleaned_data["name"])
        known = Player.objects.filter(owner=request.user, name_key=name_key(name)).first()
        player = known or Player.add(request.user, name)
    except ValidationError as error:
        return JsonResponse({"error": " ".join(error.messages)}, status=400)
    return JsonResponse({"id": player.pk, "name": player.name}, status=200 if known else 201)


# --- The scoreboard -------------------------------------------------------------------------


@vary_on_headers("HX-Request")
@require_GET
def game_detail(request, pk: int):
    game = _get_game_for_user(request, pk, with_rounds=not _is_poll(request))
    return _scoreboard_response(
        request, game, "games/game_detail.html", undone=_just_undone(request, game)
    )


def _just_undone(request, game: Game) -> RoundRevision | None:
    """The round just undone (`?undone=`), while it can still come back as the next round."""
    pk = request.GET.get("undone", "")
    if not (pk.isascii() and pk.isdigit() and len(pk) < 19) or (
        request.htmx and not request.htmx.history_restore_request
    ):
        return None
    revision = game.revisions.filter(pk=pk, action="deleted").first()
    board = game.scoreboard
    if revision is None or revision.number != len(board.rounds) + 1 or board.finished:
        return None
    return revision


@login_not_required
@vary_on_headers("HX-Request")
@require_GET
def game_shared(request, token: str):
    game = _shared_game(token, with_rounds=not _is_poll(request))
    if game is None:
        # A watching phone's poll (its page was live, so the owner turned the link off) gets a
        # notice in place of the board, which ends the polling; a visit, the page saying so.
        template = "games/watch_off.html" + ("#notice" if _is_poll(request) else "")
        return render(request, template, status=404)
    return _scoreboard_response(request, game, "games/game_shared.html")


def _is_poll(request) -> bool:
    return bool(request.htmx and not request.htmx.history_restore_request)


def _scoreboard_response(request, game: Game, template: str, **extra):
    """The whole page, or just the scoreboard for htmx polling; an unchanged poll answers 304.

    Only the poll is conditional: the whole page also carries flash messages and the CSRF
    token, which a 304 would hide or leave stale.
    """
    if not _is_poll(request):
        return _scoreboard_page(request, game, template, **extra)
    # The language too: after a switch, the board is never the other language's copy.
    language = get_language()
    etag = f'"{game.pk}-{game.updated.timestamp()}-{game.share_token or ""}-{language}-part"'
    # Compared weakly: GZipMiddleware sends the ETag back as W/"...", and so does the browser.
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return not_modified
    # The scoreboard, and the chart further down the page out of band: both follow the game.
    context = _page_context(game)
    response = render(request, template + "#poll", context)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


def _scoreboard_page(request, game: Game, template: str, **extra):
    context = _page_context(game, **extra)
    if game.share_token:
        url = request.build_absolute_uri(reverse("game_shared", args=[game.share_token]))
        context["watch_url"] = url
        context["watch_qr"] = qr_svg(url, _("QR code of the watch link: %(url)s") % {"url": url})
    return render(request, template, context)


def _back_to_the_scores(request, game: Game):
    """Where a save ends: the scoreboard. A save sent by htmx (a phone with JavaScript) gets
    the new board in its answer, in one round trip, the phone's address now the board's; a
    plain form, a redirect to it."""
    if not request.htmx:
        return redirect("game_detail", pk=game.pk)
    response = _scoreboard_page(request, game, "games/game_detail.html")
    response["HX-Replace-Url"] = reverse("game_detail", args=[game.pk])
    return response


def _refused_in_place(request, game: Game, form, error: EntryError | None):
    """A save sent by htmx and refused: the reason where the thumb is (the form's preview,
    at the bottom of the screen), and the form left as it was typed."""
    if error is not None:
        problem = error_said(error)
    else:
        problem = " ".join(str(e) for errors in form.errors.values() for e in errors)
    context = {"game": game, "problem": problem or form.incomplete_message(), "refused": True}
    response = render(request, "games/round_form.html#preview", context)
    response["HX-Retarget"] = "#preview"
    response["HX-Reselect"] = "#preview"
    response["HX-Reswap"] = "outerHTML"
    return response


@vary_on_headers("HX-Request")
@require_GET
def round_detail(request, pk: int, number: int):
    """Why a round scored as it did: its explanation, fetched by a tap on its number (htmx),
    or its own page without JavaScript. Not in the scoreboard page, which it made ten times
    heavier in a long game."""
    game = _get_game_for_user(request, pk, with_rounds=True)
    return _round_response(request, game, number, editable=True)


@login_not_required
@vary_on_headers("HX-Request")
@require_GET
def shared_round(request, token: str, number: int):
    """A round's explanation for the watch link's viewer, without the edit link."""
    game = _shared_game(token)
    if game is None:
        raise Http404("No such game")
    return _round_response(request, game, number, editable=False)


@vary_on_headers("HX-Request")
@require_GET
def earlier_rounds(request, pk: int):
    """The rounds a long game's pad folds away (it shows the latest): their rows, fetched by a
    tap on the fold row (htmx), or a page of them without JavaScript."""
    game = _get_game_for_user(request, pk, with_rounds=True)
    return _earlier_response(request, game, editable=True)


@login_not_required
@vary_on_headers("HX-Request")
@require_GET
def shared_earlier_rounds(request, token: str):
    game = _shared_game(token)
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
        return HttpResponse() if _is_poll(request) else redirect(back)
    context = {"game": game, "table": table, "editable": editable}
    if _is_poll(request):  # the rows, swapped in for the fold row (links relative to the pad)
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
    if _is_poll(request):  # the round's <tbody>, its explanation opened or closed again
        opened = request.GET.get("closed") != "1"
        context["group"] = [table.row(number, opened=opened)]
        return render(request, "games/round_detail.html#group", context)
    if editable:
        back = reverse("game_detail", args=[game.pk])
    else:
        back = reverse("game_shared", args=[game.share_token])
    context.update(explanation=table.explanation(number), back=f"{back}#round-{number}")
    return render(request, "games/round_detail.html", context)


@require_POST
def game_share(request, pk: int):
    game = _get_game_for_user(request, pk)
    if request.POST.get("action") == "stop":
        game.stop_sharing()
        messages.success(request, _("The share link is off."))
    else:
        game.share()
    return redirect("game_detail", pk=game.pk)


@require_POST
def game_again(request, pk: int):
    game = _get_game_for_user(request, pk, with_rounds=True)
    players = [seat.player for seat in game.seats]
    dealer = game.scoreboard.next_dealer
    again = Game.start(
        request.user,
        game.kind,
        players,
        first_dealer=next(p for p in players if p.pk == dealer),
        options=game.options,
        night=GameNight.tonight(request.user, _table_offset(request)),
    )
    return redirect("game_detail", pk=again.pk)


# --- Entering and fixing rounds -------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def round_new(request, pk: int):
    game = _get_game_for_user(request, pk, with_rounds=True)
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
        _page_context(game, form=form, number=number, versions=versions),
    )


@require_http_methods(["GET", "POST"])
def round_edit(request, pk: int, number: int):
    game = _get_game_for_user(request, pk, with_rounds=True)
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
        _page_context(game, form=form, number=number, editing=True, versions=versions),
    )


def _save_round(request, game: Game, form, number: int, *, editing=False):
    """Save through the write path; on a refusal the form keeps everything typed (None: the
    page shows it again, with the reasons beside the inputs)."""
    entry = form.entry()
    if entry is None:
        return _refused_in_place(request, game, form, None) if request.htmx else None
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

    saved = _write(
        request,
        lambda: game.save_round(number, entry, request.user, editing=editing),
        entry_error=entry_refused,
        conflict=conflicted,
    )
    if refused:
        return _refused_in_place(request, game, form, refused[0]) if request.htmx else None
    if saved is not None:
        if editing:
            done = _("Round %(number)s fixed.")
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
    game = _get_game_for_user(request, pk, with_rounds=True)
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
            problem = said(error.message)
    else:
        problem = form.incomplete_message()
    names = game.player_names
    rows = (
        [(names[r.player], signed(r.points), shown(r.total)) for r in preview.results]
        if preview
        else []
    )
    # FortyBelow scores each grid on its own as soon as it is full: beside the grid (out of
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
    game = _get_game_for_user(request, pk)
    undone = _write(request, lambda: game.delete_last_round(number, request.user))
    if undone is None:
        return redirect("game_detail", pk=game.pk)
    # The scoreboard says "Round N undone" with one tap to bring it back.
    return redirect(reverse("game_detail", args=[game.pk]) + f"?undone={undone.pk}")


@require_POST
def revision_restore(request, pk: int, revision_pk: int):
    game = _get_game_for_user(request, pk)
    revision = get_object_or_404(RoundRevision, pk=revision_pk, game=game)

    def unrestorable(error: EntryError) -> None:
        messages.error(
            request, _("That version can't be restored: %(why)s") % {"why": error_said(error)}
        )

    if _write(request, lambda: game.restore(revision, request.user), entry_error=unrestorable):
        if revision.action == "deleted" and request.POST.get("back") == "undone":
            messages.success(request, _("Round %(number)s is back.") % {"number": revision.number})
        else:
            messages.success(request, _("Round %(number)s restored.") % {"number": revision.number})
    return redirect("game_detail", pk=game.pk)


# A round number as a form posts it: a few digits, a minus sign at most (never a float, "²" or
# a number of thirty digits, which int() would read).
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


# --- Looking back: nights, players, charts and exports --------------------------------------


@require_GET
def night_list(request):
    return render(
        request, "games/night_list.html", {"nights": stats.nights_with_winners(request.user)}
    )


@require_http_methods(["GET", "POST"])
def night_detail(request, pk: int):
    night = get_object_or_404(GameNight, pk=pk, owner=request.user)
    form = NightForm(
        request.POST or None,
        initial={"date": night.date, "location": night.location, "notes": night.notes},
    )
    if request.method == "POST" and form.is_valid():
        try:
            night.update_details(**form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("The night is saved."))
            return redirect("night_detail", pk=night.pk)
    return render(
        request,
        "games/night_detail.html",
        {"night": stats.night_summary(night), "form": form, "ratings": ratings.after_night(night)},
        status=400 if form.errors else 200,
    )


@require_GET
def player_list(request):
    return render(
        request,
        "games/player_list.html",
        {
            "players": stats.player_records(request.user),
            "form": NewPlayerForm(),
            "ratings": ratings.best_at_each_game(request.user),
        },
    )


@require_http_methods(["GET", "POST"])
def player_detail(request, pk: int):
    player = get_object_or_404(Player, pk=pk, owner=request.user)
    others = Player.objects.filter(owner=request.user).exclude(pk=player.pk)
    rename = NewPlayerForm(request.POST or None, initial={"name": player.name})
    if request.method == "POST" and rename.is_valid():
        try:
            player.rename(rename.cleaned_data["name"])
        except ValidationError as error:
            rename.add_error("name", error)
        else:
            messages.success(request, _("Renamed to %(name)s.") % {"name": player.name})
            return redirect("player_detail", pk=player.pk)
    return render(
        request,
        "games/player_detail.html",
        {
            "player": player,
            "stats": stats.player_stats(player),
            "games": stats.recent_games(player),
            "ratings": ratings.player_history(player),
            "rename": rename,
            "merge": MergeForm(others=others),
        },
        status=400 if rename.errors else 200,
    )


@require_POST
def player_merge(request, pk: int):
    player = get_object_or_404(Player, pk=pk, owner=request.user)
    form = MergeForm(request.POST, others=Player.objects.filter(owner=request.user))
    if not form.is_valid():
        messages.error(request, _("Choose which player this one is the same person as."))
        return redirect("player_detail", pk=player.pk)
    keep = form.cleaned_data["into"]
    try:
        player.merge_into(keep)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("player_detail", pk=player.pk)
    messages.success(request, f"{player.name} is now {keep.name}: their games are merged.")
    return redirect("player_detail", pk=keep.pk)


@require_GET
def game_csv(request, pk: int):
    game = _get_game_for_user(request, pk, with_rounds=True)
    return _csv_download(transfer.game_csv(game), f"{game.kind}-{game.pk}.csv")


@require_GET
def night_csv(request, pk: int):
    night = get_object_or_404(GameNight, pk=pk, owner=request.user)
    return _csv_download(transfer.night_csv(night), f"night-{night.date}.csv")


def _csv_download(text: str, filename: str) -> HttpResponse:
    # The byte-order mark tells spreadsheet programs the file is UTF-8, so names keep their
    # accents, emoji and right-to-left letters.
    response = HttpResponse("\ufeff" + text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_http_methods(["GET", "POST"])
def your_data(request):
    """Back up everything as one JSON file, or bring such a file back: all of it or nothing."""
    posted = request.method == "POST"  # bound even when the upload was dropped, to say so
    form = ImportForm(
        request.POST if posted else None,
        request.FILES if posted else None,
        dropped_as_too_large=getattr(request, "upload_too_large", False),
    )
    if posted:
        try:
            with transfer.import_slot(request.user):  # the file is read once it has its slot
                counts = _import_from(request, form)
        except transfer.Busy as busy:
            context = {"form": ImportForm(), "busy": busy.message}
            response = render(request, "games/your_data.html", context, status=429)
            response["Retry-After"] = str(busy.retry_after)
            return response
        if counts is not None:
            messages.success(
                request,
                _("Imported %(players)s players, %(nights)s nights and %(games)s games.") % counts,
            )
            return redirect("home")
    return render(
        request, "games/your_data.html", {"form": form}, status=400 if form.errors else 200
    )


def _import_from(request, form: ImportForm) -> dict | None:
    """The uploaded file imported (its counts), or None: the form says why not."""
    if not form.is_valid():
        return None
    try:
        return transfer.import_document(request.user, form.cleaned_data["document"])
    except transfer.Refused as refusal:
        form.add_error("document", _("Nothing was imported: %(why)s") % {"why": refusal.message})
    return None


@require_GET
def data_export(request):
    document = transfer.export_document(request.user)
    # Compact: a large account's file stays well within what an import reads (indented, it was
    # two and a half times the size).
    response = JsonResponse(
        document, json_dumps_params={"ensure_ascii": False, "separators": (",", ":")}
    )
    day = timezone.localdate()
    response["Content-Disposition"] = f'attachment; filename="scorekeeper-{day}.json"'
    return response


# --- Rules ------------------------------------------------------------------------------------


@login_not_required
@require_safe
def game_rules(request, kind: str):
    """How a game is scored, from docs/rules/: open to anyone, so the table can settle it."""
    if kind not in GAMES:
        raise Http404(_("There is no such game."))
    context = {
        "rules": GAMES[kind],
        "games": GAMES.values(),
        "page": docs.rules_html(kind, language=get_language()),
        "common": docs.rules_html(docs.COMMON, under_another=True, language=get_language()),
    }
    return render(request, "games/game_rules.html", context)
