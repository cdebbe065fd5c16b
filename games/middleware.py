"""Signed-in pages are one person's: no shared cache (a proxy, a CDN) may keep them, nor the
browser's own (a phone passed round, a shared computer)."""

from django.core.exceptions import DisallowedHost
from django.http.request import split_domain_port
from django.utils.cache import patch_cache_control


def private_when_signed_in(get_response):
    def middleware(request):
        response = get_response(request)
        user = getattr(request, "user", None)  # an API token's user too: DRF sets it here
        signed_in = user is not None and user.is_authenticated
        if (signed_in or request.path.startswith("/api/")) and not request.path.startswith(
            "/static/"
        ):
            if "ETag" in response or response.status_code == 304:
                # A poll the browser asks about again (the view's no-cache): it must keep the
                # answer to have an ETag to send, so its 304s still work.
                patch_cache_control(response, private=True)
            else:
                patch_cache_control(response, private=True, no_store=True)
        return response

    return middleware


# What describes a body (RFC 9110 §15.4.5: a 304 carries no representation metadata beyond what
# updates a cache); LocaleMiddleware adds Content-Language to every answer, a 304 too.
NOT_FOR_NOT_MODIFIED = ("Content-Language", "Content-Type")


def lean_not_modified(get_response):
    """An unchanged poll's 304 is a status line and the few headers a cache needs: the phones
    send one every few seconds."""

    def middleware(request):
        response = get_response(request)
        if response.status_code == 304:
            for header in NOT_FOR_NOT_MODIFIED:
                if header in response:
                    del response[header]
        return response

    return middleware


def no_impossible_port(get_response):
    """A Host header whose port no server has (over 65535) is refused with a 400, as Django
    refuses a host it doesn't serve: Django checks the name alone, and the links and QR codes a
    page draws are built from the whole Host (a port of thousands of digits overflowed a QR
    code)."""

    def middleware(request):
        port = split_domain_port(request.get_host())[1]
        if port and (len(port) > 5 or int(port) > 65535):
            raise DisallowedHost(f"No such port: {port[:20]}")
        return get_response(request)

    return middleware
