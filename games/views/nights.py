"""Game nights: the list, a night's page (its details and its ratings), its CSV."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
)

from .. import ratings, stats, transfer
from ..forms import (
    NightForm,
)
from ..models import (
    GameNight,
)
from .common import csv_download


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
def night_csv(request, pk: int):
    night = get_object_or_404(GameNight, pk=pk, owner=request.user)
    return csv_download(transfer.night_csv(night), f"night-{night.date}.csv")
