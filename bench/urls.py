"""The app's URLs plus the benchmark's yardsticks for server time: /ping/, the smallest Django
view, and /ping/signed-in/, the smallest view behind the sign-in every real page pays for
(the session read and the user loaded)."""

from django.contrib.auth.decorators import login_not_required
from django.http import HttpResponse
from django.urls import include, path


@login_not_required
def ping(request):
    return HttpResponse("pong", content_type="text/plain")


def ping_signed_in(request):
    # Sign-in is required by LoginRequiredMiddleware, as for every page of the app.
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("ping/", ping, name="ping"),
    path("ping/signed-in/", ping_signed_in, name="ping_signed_in"),
    path("", include("scorekeeper.urls")),
]
