"""The scorekeeper's URLs: accounts, the admin, the phone pages and the JSON API."""

from django.contrib import admin
from django.urls import include, path

from games import offline

urlpatterns = [
    path("admin/", admin.site.urls),
    # At the root: a service worker's scope is the folder it is served from.
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.web_manifest, name="web_manifest"),
    path("accounts/", include("games.urls_accounts")),
    path("api/", include("games.urls_api")),
    path("", include("games.urls")),
]

# JSON under /api/, the pages elsewhere.
handler400 = "games.api.bad_request"
handler403 = "games.api.permission_denied"
handler404 = "games.api.page_not_found"
handler500 = "games.api.server_error"
