"""Players: the circle, a player's page with their record, renaming and merging."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
)

from .. import ratings, stats
from ..forms import (
    MergeForm,
    NewPlayerForm,
)
from ..kinds import GAMES
from ..models import (
    Player,
    name_key,
    normal_name,
)

# The session's note of the player this phone merged last: [their pk, name, the kept one's pk].
MERGED = "merged_player"


@require_http_methods(["GET", "POST"])
def player_add(request):
    """Add a name to the circle from the new-game or players page, then go back to it; asked
    for JSON (the new-game page's script), the answer is the player, without a page."""
    if request.method == "GET":  # the language switched on a refused name's page, say
        return redirect("player_list")
    form = NewPlayerForm(request.POST)
    if "application/json" in request.headers.get("Accept", ""):
        return _player_added_json(request, form)
    kind = request.POST.get("kind", "")
    if form.is_valid():
        try:
            player = Player.add(request.user, form.cleaned_data["name"])
        except ValidationError as error:
            form.add_error("name", error)
        else:
            messages.success(request, _("%(names)s joined your circle.") % {"names": player.name})
    if request.POST.get("back") == "players":
        # Refused: the players page again, the name as typed and why beside it.
        return _players_page(request, form) if form.errors else redirect("player_list")
    if form.errors:
        messages.error(request, " ".join(form.errors["name"]))
    url = reverse("game_new")
    return redirect(f"{url}?kind={kind}" if kind in GAMES else url)


def _player_added_json(request, form: NewPlayerForm) -> JsonResponse:
    """The new player, or the one of that name already in the circle (the page seats them)."""
    if not form.is_valid():
        return JsonResponse({"error": " ".join(form.errors["name"])}, status=400)
    try:
        name = normal_name(form.cleaned_data["name"])
        known = Player.objects.filter(owner=request.user, name_key=name_key(name)).first()
        player = known or Player.add(request.user, name)
    except ValidationError as error:
        return JsonResponse({"error": " ".join(error.messages)}, status=400)
    return JsonResponse({"id": player.pk, "name": player.name}, status=200 if known else 201)


@require_GET
def player_list(request):
    return _players_page(request, NewPlayerForm())


def _players_page(request, form: NewPlayerForm):
    context = {
        "players": stats.player_records(request.user),
        "form": form,
        "ratings": ratings.best_at_each_game(request.user),
    }
    return render(request, "games/player_list.html", context, status=400 if form.errors else 200)


@require_http_methods(["GET", "POST"])
def player_detail(request, pk: int):
    gone = _merged_away(request, pk) if request.method == "GET" else None
    if gone:
        return gone
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


@require_http_methods(["GET", "POST"])
def player_merge(request, pk: int):
    """A merge can't be undone: asked for (GET, from the player's page), the page says what it
    will do and asks once more; sent (POST), the player is merged. A second tap, or Back to
    either page, lands on the player kept."""
    gone = _merged_away(request, pk)
    if gone:
        return gone
    player = get_object_or_404(Player, pk=pk, owner=request.user)
    data = request.POST if request.method == "POST" else request.GET
    form = MergeForm(data, others=Player.objects.filter(owner=request.user))
    if not form.is_valid():
        messages.error(request, _("Choose which player this one is the same person as."))
        return redirect("player_detail", pk=player.pk)
    keep = form.cleaned_data["into"]
    try:
        if request.method == "GET":
            player.check_merge(keep)
            context = {"player": player, "keep": keep, "game_count": player.seats.count()}
            return render(request, "games/player_merge.html", context)
        player.merge_into(keep)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("player_detail", pk=player.pk)
    request.session[MERGED] = [pk, player.name, keep.pk]
    return _merged(request, player.name, keep)


def _merged_away(request, pk: int):
    """The answer for a player this phone merged into another, or None: the kept player's
    page, saying so again to a second tap of the merge."""
    note = request.session.get(MERGED)
    if not note or note[0] != pk or Player.objects.filter(pk=pk).exists():
        return None
    keep = Player.objects.filter(pk=note[2], owner=request.user).first()
    if keep is None:
        return None
    if request.method == "POST":
        return _merged(request, note[1], keep)
    return redirect("player_detail", pk=keep.pk)


def _merged(request, name: str, keep: Player):
    merged = _("%(player)s is now %(kept)s: their games are merged.")
    messages.success(request, merged % {"player": name, "kept": keep.name})
    return redirect("player_detail", pk=keep.pk)
