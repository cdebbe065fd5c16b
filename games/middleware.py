"""Signed-in pages are one person's: no shared cache (a proxy, a CDN) may keep them."""

from django.utils.cache import patch_cache_control


def private_when_signed_in(get_response):
    def middleware(request):
        response = get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and not request.path.startswith("/static/"):
            # Merged with what the view set: the scoreboard's poll keeps its no-cache and ETag,
            # so its 304s still work.
            patch_cache_control(response, private=True)
        return response

    return middleware
