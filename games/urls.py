"""The phone pages."""

from django.urls import path

from . import referee_views, seat_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/new/", views.game_new, name="game_new"),
    path("players/add/", views.player_add, name="player_add"),
    path("games/<int:pk>/", views.game_detail, name="game_detail"),
    path("games/<int:pk>/share/", views.game_share, name="game_share"),
    path("games/<int:pk>/again/", views.game_again, name="game_again"),
    path("games/<int:pk>/rounds/new/", views.round_new, name="round_new"),
    path("games/<int:pk>/rounds/preview/", views.round_preview, name="round_preview"),
    path("games/<int:pk>/rounds/<int:number>/", views.round_detail, name="round_detail"),
    path("games/<int:pk>/rounds/earlier/", views.earlier_rounds, name="earlier_rounds"),
    path("games/<int:pk>/rounds/<int:number>/edit/", views.round_edit, name="round_edit"),
    path("games/<int:pk>/rounds/<int:number>/delete/", views.round_delete, name="round_delete"),
    path(
        "games/<int:pk>/revisions/<int:revision_pk>/restore/",
        views.revision_restore,
        name="revision_restore",
    ),
    path("games/<int:pk>/scores.csv", views.game_csv, name="game_csv"),
    path("nights/", views.night_list, name="night_list"),
    path("nights/<int:pk>/", views.night_detail, name="night_detail"),
    path("nights/<int:pk>/scores.csv", views.night_csv, name="night_csv"),
    path("players/", views.player_list, name="player_list"),
    path("players/<int:pk>/", views.player_detail, name="player_detail"),
    path("players/<int:pk>/merge/", views.player_merge, name="player_merge"),
    path("data/", views.your_data, name="your_data"),
    path("data/export.json", views.data_export, name="data_export"),
    path("s/<slug:token>/", views.game_shared, name="game_shared"),
    path("s/<slug:token>/rounds/<int:number>/", views.shared_round, name="shared_round"),
    path(
        "s/<slug:token>/rounds/earlier/", views.shared_earlier_rounds, name="shared_earlier_rounds"
    ),
    # Players' phones (games/seat_views.py, docs/seats.md)
    path("games/<int:pk>/phones/", seat_views.game_phones, name="game_phones"),
    path("games/<int:pk>/phones/save/", seat_views.phones_save, name="phones_save"),
    path("games/<int:pk>/phones/take-over/", seat_views.phones_take_over, name="phones_take_over"),
    path(
        "games/<int:pk>/phones/<int:link_pk>/revoke/",
        seat_views.phone_revoke,
        name="phone_revoke",
    ),
    path("join/", seat_views.join, name="join"),
    path("join/<str:code>/", seat_views.join_table, name="join_table"),
    path("j/<slug:token>/", seat_views.join_link, name="join_link"),
    path("p/<slug:token>/", seat_views.seat_page, name="seat_page"),
    path("p/<slug:token>/live/", seat_views.seat_live, name="seat_live"),
    path("referee/fortytwo/", referee_views.referee_fortytwo, name="referee_fortytwo"),
    path("referee/fortyfives/", referee_views.referee_fortyfives, name="referee_fortyfives"),
    path("rules/<slug:kind>/", views.game_rules, name="game_rules"),
]
