"""The site's error handlers (scorekeeper.urls' handler400 and the others): JSON under /api/, as
the API's schema says, and Django's pages elsewhere."""

import sys

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views import defaults

# How long a phone waits before sending again when the database is out of reach (a restart
# takes seconds); its queue of rounds keeps whatever met a 503 and sends it again.
DATABASE_RETRY_SECONDS = 5


def too_large() -> str:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return _("the request body is larger than %(limit)s bytes, the most this API takes") % {
        "limit": limit
    }


def _for_the_api(request) -> bool:
    return request.path.startswith("/api/")


def page_not_found(request, exception):
    if _for_the_api(request):
        return JsonResponse({"detail": _("Not found.")}, status=404)
    return defaults.page_not_found(request, exception)


def bad_request(request, exception):
    if _for_the_api(request):
        if isinstance(exception, RequestDataTooBig):
            return JsonResponse({"detail": too_large()}, status=413)
        return JsonResponse({"detail": _("The request could not be understood.")}, status=400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception):
    if _for_the_api(request):
        return JsonResponse({"detail": _("You do not have permission to do this.")}, status=403)
    return defaults.permission_denied(request, exception)


def server_error(request):
    # Called while the exception is being handled, wherever it was raised (a view, the API, a
    # middleware reading the session): the database out of reach is a 503 to retry, not a bug.
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        return database_unavailable(request)
    if _for_the_api(request):
        return JsonResponse(
            {"detail": _("Something went wrong on our side; it is logged.")}, status=500
        )
    return defaults.server_error(request)


def database_unavailable(request):
    """503 with Retry-After: nothing of the request was saved (its transaction, if it had begun,
    was rolled back), and sending it again is safe (a round carries its number). Drawn without
    the database: no session, no user."""
    if _for_the_api(request):
        detail = _(
            "The database can't be reached just now: nothing was saved. Try again in a moment."
        )
        response = JsonResponse({"detail": detail}, status=503)
    else:
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(DATABASE_RETRY_SECONDS)
    return response
