"""Games: home, a new game, the scoreboard and its watch link, playing again, CSV, the rules."""

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Prefetch
from django.db.models.functions import Coalesce, Greatest
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
    require_safe,
)
from django.views.decorators.vary import vary_on_headers

from .. import docs, transfer
from ..forms import (
    NewGameForm,
)
from ..kinds import GAMES
from ..models import (
    Game,
    GameNight,
    Player,
    RoundRevision,
    name_key,
)
from ..words import said
from .common import (
    csv_download,
    game_for_user,
    is_poll,
    scoreboard_response,
    shared_game,
    table_offset,
    write,
)

# The session's note of the game this phone deleted last: [its pk, the finished game it went
# back to, or None].
DELETED = "deleted_game"


@login_not_required
@require_safe
def home(request):
    if not request.user.is_authenticated:
        return render(request, "landing.html", {"games": GAMES.values()})
    # Each game with its players and round count, so that two games of one kind read apart.
    # (An aggregate drops Meta.ordering, so the newest-first order is said again.)
    games = Game.objects.as_lines().order_by("-created")
    nights = list(
        GameNight.objects.filter(owner=request.user).prefetch_related(Prefetch("games", games))[:6]
    )
    tonight = next((night for night in nights if night.is_tonight), None)
    running = games.filter(owner=request.user, finished_at__isnull=True).select_related("night")[:5]
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
        .order_by("-last_seen", "sort_key", "name_key")
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
                night=GameNight.tonight(request.user, table_offset(request)),
            )

    try:
        return write(
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


@vary_on_headers("HX-Request")
@require_GET
def game_detail(request, pk: int):
    try:
        game = game_for_user(request, pk)
    except Http404:
        # Back, to the page of the game this phone just deleted (a poll of it stays a 404,
        # which leaves the page as it is).
        deleted = _after_deleting(request, pk)
        if deleted and not request.htmx:
            return redirect(deleted)
        raise
    return scoreboard_response(
        request,
        game,
        "games/game_detail.html",
        undone=_just_undone(request, game),
        again_from=_again_from(request, game),
        thrown_in=_just_thrown_in(request, game),
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


def _just_thrown_in(request, game: Game) -> int | None:
    """The hand just thrown in (`?thrown_in=`, "Everyone passed"), while it is
    still the last round and can be undone."""
    number = request.GET.get("thrown_in", "")
    if not (number.isascii() and number.isdigit() and len(number) < 10) or (
        request.htmx and not request.htmx.history_restore_request
    ):
        return None
    last = game.rounds.order_by("-number").values_list("number", "entry").first()
    if last is None or last[0] != int(number) or not (last[1] or {}).get("thrown_in"):
        return None
    return last[0]


@login_not_required
@vary_on_headers("HX-Request")
@require_GET
def game_shared(request, token: str):
    game = shared_game(token, with_rounds=False)
    if game is None:
        # A watching phone's poll (its page was live, so the owner turned the link off) gets a
        # notice in place of the board, which ends the polling; a visit, the page saying so.
        template = "games/watch_off.html" + ("#notice" if is_poll(request) else "")
        return render(request, template, status=404)
    return scoreboard_response(request, game, "games/game_shared.html")


@require_POST
def game_share(request, pk: int):
    """Share a watch link, turn it off, or turn the one turned off back on (`again`: a mistaken
    tap, and the link sent round the table works again)."""
    game = game_for_user(request, pk)
    action = request.POST.get("action")
    if action == "stop":
        game.stop_sharing()
        messages.success(request, _("The watch link is off."))
    else:
        game.share(again=action == "again")
    return redirect("game_detail", pk=game.pk)


@require_POST
def game_again(request, pk: int):
    again = game_for_user(request, pk).play_again(table_offset(request))
    # The new game's page offers to undo this (a mistaken tap): until a round is saved.
    return redirect(reverse("game_detail", args=[again.pk]) + f"?again={pk}")


def _again_from(request, game: Game) -> Game | None:
    """The finished game this one was just started from by "Play again" (`?again=`), while
    the new one can still be taken back: nothing saved in it yet."""
    pk = request.GET.get("again", "")
    if not (pk.isascii() and pk.isdigit() and len(pk) < 19) or (
        request.htmx and not request.htmx.history_restore_request
    ):
        return None
    if game.finished or not game.discardable():
        return None
    return Game.objects.filter(pk=pk, owner=request.user, finished_at__isnull=False).first()


@require_POST
def game_discard(request, pk: int):
    """Take back a game in which nothing was entered (started by mistake, or by "Play again":
    `back` names the finished game to return to), or any game once its page asked
    (`confirmed`), with its night if that holds nothing else. A second tap gets the first one's
    answer."""
    back = request.POST.get("back", "")
    finished = (
        Game.objects.filter(pk=back, owner=request.user, finished_at__isnull=False).first()
        if back.isascii() and back.isdigit() and len(back) < 19
        else None
    )
    if _after_deleting(request, pk):  # gone already
        return _discarded(request, finished)
    game = game_for_user(request, pk)
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game.pk).first()
        if game is None:  # taken back by a tap that got there first
            return _discarded(request, finished)
        # A game with anything entered goes only once its own page (game_delete) asked.
        if request.POST.get("confirmed") != "yes" and not game.discardable():
            messages.error(request, _("Rounds were entered in this game: it stays."))
            return redirect("game_detail", pk=game.pk)
        night = game.night
        game.delete()
        if night is not None and not night.games.exists() and not (night.location or night.notes):
            night.delete()
    request.session[DELETED] = [pk, finished.pk if finished else None]
    return _discarded(request, finished)


@require_GET
def game_delete(request, pk: int):
    """Asks before deleting a game, which can't be undone."""
    deleted = _after_deleting(request, pk)  # Back, to this page of a game deleted
    if deleted:
        return redirect(deleted)
    games = Game.objects.as_lines()
    game = get_object_or_404(games, pk=pk, owner=request.user)
    return render(request, "games/game_delete.html", {"game": game})


def _after_deleting(request, pk: int) -> str | None:
    """Where this phone was taken when it deleted game `pk`, if it did: the finished game that
    Play again was undone back to, else home."""
    note = request.session.get(DELETED)
    if not note or note[0] != pk:
        return None
    return reverse("game_detail", args=[note[1]]) if note[1] else reverse("home")


def _discarded(request, finished: Game | None):
    if finished:
        messages.success(request, _("The new game is taken back."))
        return redirect("game_detail", pk=finished.pk)
    messages.success(request, _("The game is deleted."))
    return redirect("home")


@require_GET
def game_csv(request, pk: int):
    game = game_for_user(request, pk, with_rounds=True)
    return csv_download(transfer.game_csv(game), f"{game.kind}-{game.pk}.csv")


@login_not_required
@require_safe
def game_rules(request, kind: str):
    """How a game is scored, from its folder's rules.md: open to anyone, to settle it."""
    if kind not in GAMES:
        raise Http404(_("There is no such game."))
    context = {
        "rules": GAMES[kind],
        "games": GAMES.values(),
        "page": docs.rules_html(kind, language=get_language()),
        "common": docs.rules_html(docs.COMMON, under_another=True, language=get_language()),
    }
    return render(request, "games/game_rules.html", context)
