"""The scorekeeper's URLs: accounts, the admin, the phone pages and the JSON API."""

from django.contrib import admin
from django.contrib.auth.decorators import login_not_required
from django.urls import include, path
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from games import offline

urlpatterns = [
    path("admin/", admin.site.urls),
    # At the root: a service worker's scope is the folder it is served from.
    path("sw.js", offline.service_worker, name="service_worker"),
    path("engine.json", offline.engine_bundle, name="engine_bundle"),
    path("manifest.webmanifest", offline.web_manifest, name="web_manifest"),
    # The footer's language switch (a POST form); open to everyone, signed in or not.
    path("language/", login_not_required(require_POST(set_language)), name="set_language"),
    path("accounts/", include("accounts.urls")),
    path("api/", include("games.urls_api")),
    path("", include("games.urls")),
]

# JSON under /api/, the pages elsewhere.
handler400 = "games.errors.bad_request"
handler403 = "games.errors.permission_denied"
handler404 = "games.errors.page_not_found"
handler500 = "games.errors.server_error"
