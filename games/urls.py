"""The phone pages."""

from django.urls import path

from .views import data, games, nights, phones, players, referee, rounds

urlpatterns = [
    path("", games.home, name="home"),
    path("games/new/", games.game_new, name="game_new"),
    path("players/add/", players.player_add, name="player_add"),
    path("games/<int:pk>/", games.game_detail, name="game_detail"),
    path("games/<int:pk>/share/", games.game_share, name="game_share"),
    path("games/<int:pk>/again/", games.game_again, name="game_again"),
    path("games/<int:pk>/discard/", games.game_discard, name="game_discard"),
    path("games/<int:pk>/delete/", games.game_delete, name="game_delete"),
    path("games/<int:pk>/rounds/new/", rounds.round_new, name="round_new"),
    path("games/<int:pk>/rounds/preview/", rounds.round_preview, name="round_preview"),
    path("games/<int:pk>/rounds/<int:number>/", rounds.round_detail, name="round_detail"),
    path("games/<int:pk>/rounds/earlier/", rounds.earlier_rounds, name="earlier_rounds"),
    path("games/<int:pk>/rounds/<int:number>/edit/", rounds.round_edit, name="round_edit"),
    path("games/<int:pk>/rounds/<int:number>/delete/", rounds.round_delete, name="round_delete"),
    path(
        "games/<int:pk>/revisions/<int:revision_pk>/restore/",
        rounds.revision_restore,
        name="revision_restore",
    ),
    path("games/<int:pk>/scores.csv", games.game_csv, name="game_csv"),
    path("nights/", nights.night_list, name="night_list"),
    path("nights/<int:pk>/", nights.night_detail, name="night_detail"),
    path("nights/<int:pk>/scores.csv", nights.night_csv, name="night_csv"),
    path("players/", players.player_list, name="player_list"),
    path("players/<int:pk>/", players.player_detail, name="player_detail"),
    path("players/<int:pk>/merge/", players.player_merge, name="player_merge"),
    path("data/", data.your_data, name="your_data"),
    path("data/export.json", data.data_export, name="data_export"),
    path("s/<slug:token>/", games.game_shared, name="game_shared"),
    path("s/<slug:token>/rounds/<int:number>/", rounds.shared_round, name="shared_round"),
    path(
        "s/<slug:token>/rounds/earlier/", rounds.shared_earlier_rounds, name="shared_earlier_rounds"
    ),
    # Players' phones (games/views/phones.py, docs/seats.md)
    path("games/<int:pk>/phones/", phones.game_phones, name="game_phones"),
    path("games/<int:pk>/phones/off/", phones.phones_off, name="phones_off"),
    path("games/<int:pk>/phones/save/", phones.phones_save, name="phones_save"),
    path("games/<int:pk>/phones/take-over/", phones.phones_take_over, name="phones_take_over"),
    path(
        "games/<int:pk>/phones/<int:link_pk>/revoke/",
        phones.phone_revoke,
        name="phone_revoke",
    ),
    path("join/", phones.join, name="join"),
    path("join/<str:code>/", phones.join_table, name="join_table"),
    path("j/<slug:token>/", phones.join_link, name="join_link"),
    path("p/<slug:token>/", phones.seat_page, name="seat_page"),
    path("p/<slug:token>/live/", phones.seat_live, name="seat_live"),
    path("referee/<slug:kind>/", referee.referee, name="referee"),
    path("rules/<slug:kind>/", games.game_rules, name="game_rules"),
]
