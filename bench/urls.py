"""The app's URLs plus /ping/, the smallest Django view, the yardstick for server time."""

from django.contrib.auth.decorators import login_not_required
from django.http import HttpResponse
from django.urls import include, path


@login_not_required
def ping(request):
    return HttpResponse("pong", content_type="text/plain")


urlpatterns = [
    path("ping/", ping, name="ping"),
    path("", include("scorekeeper.urls")),
]
