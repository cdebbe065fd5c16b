"""The JSON API of docs/api.md, its OpenAPI schema and the schema's documentation page.

DRF authenticates these views itself (a token or a session), so the site's login redirect is off.
"""

from django.contrib.auth.decorators import login_not_required
from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from .api import views as api
from .kinds import REFEREES


def api_path(route, view_class, name, **initkwargs):
    return path(route, login_not_required(view_class.as_view(**initkwargs)), name=name)


urlpatterns = [
    api_path("auth/token/", api.TokenView, "api-token"),
    api_path("players/", api.PlayersView, "api-players"),
    api_path("players/<int:player_id>/stats/", api.PlayerStatsView, "api-player-stats"),
    api_path("ratings/<str:kind>/", api.RatingsView, "api-ratings"),
    api_path("nights/", api.NightsView, "api-nights"),
    api_path("nights/<int:night_id>/", api.NightView, "api-night"),
    api_path("rules/", api.RulesView, "api-rules"),
    api_path("games/", api.GamesView, "api-games"),
    api_path("games/<int:game_id>/", api.GameView, "api-game"),
    api_path("games/<int:game_id>/rounds/", api.RoundsView, "api-rounds"),
    api_path("games/<int:game_id>/rounds/<int:number>/", api.RoundView, "api-round"),
    # One address per game with a trick referee, so that the schema gives each its own body.
    *(
        api_path(f"referee/{kind}/", api.RefereeView, f"api-referee-{kind}", kind=kind)
        for kind in REFEREES
    ),
    api_path("export/", api.ExportView, "api-export"),
    api_path("import/", api.ImportView, "api-import"),
    api_path("schema/", SpectacularAPIView, "api-schema"),
    # The split view loads its start-up script from ?script: no inline script, for the CSP. A
    # page to read: DRF's OPTIONS answer has no template to render it with (a 500).
    api_path(
        "docs/",
        SpectacularSwaggerSplitView,
        "api-docs",
        url_name="api-schema",
        http_method_names=["get", "head"],
    ),
]
