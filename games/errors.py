"""The site's error handlers (scorekeeper.urls' handler400 and the others): JSON under /api/, as
the API's schema says, and Django's pages elsewhere."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults


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
    if _for_the_api(request):
        return JsonResponse(
            {"detail": _("Something went wrong on our side; it is logged.")}, status=500
        )
    return defaults.server_error(request)
