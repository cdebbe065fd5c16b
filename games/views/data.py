"""Your data: everything as one JSON document, and bringing such a document back."""

from django.contrib import messages
from django.db.models import Max
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
)

from .. import transfer
from ..forms import ImportForm
from ..models import Game, GameNight


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
                counts = _import_from(request, form, _data_seen(request))
        except transfer.Busy as busy:
            context = {"form": ImportForm(), "busy": busy.message}
            context["seen"] = request.POST.get("seen", _data_version(request.user))
            response = render(request, "games/your_data.html", context, status=429)
            response["Retry-After"] = str(busy.retry_after)
            return response
        if counts is not None:
            messages.success(request, _imported(counts))
            return redirect("home")
    # A game with a round a corrected rule refuses is exported as it is, and no import takes it
    # until that round is fixed: said here, before a backup is made of it.
    to_fix = request.user.games.filter(problem__isnull=False).order_by("created")
    return render(
        request,
        "games/your_data.html",
        {"form": form, "to_fix": to_fix, "seen": _data_version(request.user)},
        status=400 if form.errors else 200,
    )


def _data_version(user) -> str:
    """What the page showed of the account: its newest game and night. An import changes it,
    so that the same file sent again from the same page (a double tap) is not imported twice."""
    newest = {
        model: model.objects.filter(owner=user).aggregate(newest=Max("pk"))["newest"] or 0
        for model in (Game, GameNight)
    }
    return f"{newest[Game]}-{newest[GameNight]}"


def _data_seen(request) -> bool:
    """Whether the account is as the import's page saw it (a page without the field: yes)."""
    seen = request.POST.get("seen")
    return seen is None or seen == _data_version(request.user)


def _imported(counts: dict[str, int]) -> str:
    """What an import brought, each count in its own number ("1 night", "2 games")."""
    said = {
        "players": ngettext("%(count)d player", "%(count)d players", counts["players"]),
        "nights": ngettext("%(count)d night", "%(count)d nights", counts["nights"]),
        "games": ngettext("%(count)d game", "%(count)d games", counts["games"]),
    }
    parts = {name: text % {"count": counts[name]} for name, text in said.items()}
    return _("Imported %(players)s, %(nights)s and %(games)s.") % parts


def _import_from(request, form: ImportForm, as_seen: bool) -> dict | None:
    """The uploaded file imported (its counts), or None: the form says why not."""
    if not form.is_valid():
        return None
    if not as_seen:
        form.add_error(
            "document",
            _(
                "Nothing was imported: your data changed after this page was opened (was this "
                "file just imported?). To import it as well, choose it again and send it."
            ),
        )
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
    # more than twice the size).
    response = JsonResponse(
        document, json_dumps_params={"ensure_ascii": False, "separators": (",", ":")}
    )
    day = timezone.localdate()
    response["Content-Disposition"] = f'attachment; filename="scorekeeper-{day}.json"'
    return response
