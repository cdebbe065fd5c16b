"""The cache only ever speeds things up: with REDIS_URL set, the sessions and the seat links'
send counts live in Redis, and a Redis that can't be reached (down from the start, or stopped
while phones are signed in) is a miss: every page, save and API call answers as usual."""

import os
import shutil

import pytest
import redis
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Game
from tests.factories import called
from tests.live_server import free_port, redis_server

pytestmark = [pytest.mark.players("Ann", "Bob", "Cy"), pytest.mark.django_db, pytest.mark.database]


def with_redis(settings, url: str) -> None:
    """The settings the app takes with REDIS_URL (scorekeeper/settings.py)."""
    settings.CACHES = {
        **settings.CACHES,  # "pages", each process's own
        "default": {
            "BACKEND": "scorekeeper.cache.FailOpenRedisCache",
            "LOCATION": url,
            "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.5},
        },
    }
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"


def redis_or_skip():
    if shutil.which("redis-server") is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is missing (Debian's redis-server package)")
        pytest.skip("redis-server is missing (Debian's redis-server package)")
    return redis_server()


def play_a_little(owner, players, phone: Client) -> None:
    """What a table does: pages, a save from the page, an undo, the API, a watch link with its
    QR code, the players' phones joining; every answer as meant, none a server error."""
    game = Game.start(owner, "under10", players)
    for url in ("/", reverse("game_new") + "?kind=under10", reverse("player_list")):
        assert phone.get(url).status_code == 200, url
    form = {"number": 1, "how": "called", "ended_by": players[0].pk}
    form |= {f"points_{p.pk}": points for p, points in zip(players, (2, 10, 7), strict=True)}
    saved = phone.post(reverse("round_new", args=[game.pk]), form)
    assert saved.status_code == 302, saved.content.decode()[:2000]
    page = phone.get(reverse("game_detail", args=[game.pk]))
    assert page.status_code == 200 and 'id="round-1"' in page.content.decode()
    poll = phone.get(reverse("game_detail", args=[game.pk]), HTTP_HX_REQUEST="true")
    assert poll.status_code == 200
    unchanged = phone.get(
        reverse("game_detail", args=[game.pk]),
        HTTP_HX_REQUEST="true",
        HTTP_IF_NONE_MATCH=poll["ETag"],
    )
    assert unchanged.status_code == 304
    assert phone.post(reverse("game_share", args=[game.pk])).status_code == 302
    assert "<svg" in phone.get(reverse("game_detail", args=[game.pk])).content.decode()  # QR
    api = APIClient()
    api.force_authenticate(owner)
    next_round = called(players[1], players, [9, 1, 12])
    assert api.post(f"/api/games/{game.pk}/rounds/", next_round, format="json").status_code == 201
    assert api.get(f"/api/games/{game.pk}/").json()["rounds"][1]["number"] == 2
    undo = phone.post(reverse("round_delete", args=[game.pk, 2]))
    assert undo.status_code == 302
    assert phone.post(reverse("game_phones", args=[game.pk]), {"action": "on"}).status_code < 500
    code = Game.objects.get(pk=game.pk).join_code
    if code:
        seat = Client().post(reverse("join_table", args=[code]), {"seat": 1})
        assert seat.status_code == 302
        assert Client().get(seat.url).status_code == 200


def test_with_redis_down_from_the_start_everything_answers(owner, players, settings):
    with_redis(settings, f"redis://127.0.0.1:{free_port()}/0")  # nothing listens there
    phone = Client()
    assert (
        phone.post(
            reverse("login"), {"username": "ann", "password": "a long table password 42"}
        ).status_code
        == 302
    )
    play_a_little(owner, players, phone)


def test_with_redis_stopped_while_signed_in_the_phone_stays_signed_in(owner, players, settings):
    with redis_or_skip() as url:
        with_redis(settings, url)
        phone = Client()
        phone.force_login(owner)
        assert phone.get("/").status_code == 200
        # The session is kept in Redis (the page's drawn pieces in this process's memory).
        assert cache.get(f"django.contrib.sessions.cached_db{phone.session.session_key}")
        game = Game.start(owner, "fourscore", players)
        assert phone.get(reverse("game_detail", args=[game.pk])).status_code == 200
    # Redis is gone: the same phone, signed in by its session in the database.
    assert phone.get("/").status_code == 200
    assert phone.get(reverse("account")).status_code == 200
    play_a_little(owner, players, phone)


def test_a_scoreboard_asks_redis_for_its_session_alone(owner, players, settings):
    """What a page draws from a game (the pad, the chart, the phone's start, the QR code) is
    named by the game's version, so each process keeps it in its own memory ("pages"): a page
    seen again asks Redis once, for its session, rather than once per piece."""
    with redis_or_skip() as url:
        with_redis(settings, url)
        game = Game.start(owner, "fourscore", players)
        game.share()
        phone = Client()
        phone.force_login(owner)
        page = reverse("game_detail", args=[game.pk])
        assert phone.get(page).status_code == 200  # drawn, and kept

        def gets() -> int:
            stats = redis.Redis.from_url(url).info("commandstats")
            return stats.get("cmdstat_get", {}).get("calls", 0)

        before = gets()
        seen_again = phone.get(page)
        assert seen_again.status_code == 200 and "<svg" in seen_again.content.decode()
        assert gets() - before == 1
