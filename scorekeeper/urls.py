"""The scorekeeper's URLs: accounts, the admin, the phone pages and the JSON API."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("games.urls_accounts")),
    path("api/", include("games.urls_api")),
    path("", include("games.urls")),
]

handler404 = "games.api.page_not_found"  # JSON under /api/, the page elsewhere
