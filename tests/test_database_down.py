"""The database out of reach (a restart, a network cut): every answer is 503 with Retry-After, a
page or JSON under /api/, never a 500 (a phone's queue keeps a round that met a 503 and sends it
again). tests/test_database_restart.py restarts a real PostgreSQL server under a real gunicorn."""

import socket

import pytest
from django.db import connections
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests import factories

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.database]


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # free again once closed: nobody listens there


@pytest.fixture
def database_down(tmp_path):
    """From here on, the app's database connection can't be made: SQLite is given a folder for
    its file, PostgreSQL a port nobody listens on (the way a restarting server refuses)."""

    def down():
        real = connections["default"]
        unreachable = {**real.settings_dict}
        if real.vendor == "sqlite":
            unreachable["NAME"] = str(tmp_path)
        else:
            unreachable["HOST"], unreachable["PORT"] = "127.0.0.1", str(closed_port())
        connections["default"] = type(real)(unreachable, alias="default")
        taken_down.append(real)

    taken_down = []
    yield down
    if taken_down:
        connections["default"].close()
        connections["default"] = taken_down[0]


@pytest.fixture
def game(owner, players):
    return factories.play(owner, "fourscore", players[:2], deals=3)


def test_a_round_saved_from_the_page_while_the_database_is_out_of_reach_is_a_503(
    owner, game, players, database_down
):
    phone = Client(raise_request_exception=False)
    phone.force_login(owner)
    form = {"number": 1, **{f"pile_{p.pk}": 3 for p in players[:2]}}
    database_down()
    answer = phone.post(f"/games/{game.pk}/rounds/new/", form)
    assert answer.status_code == 503
    assert int(answer["Retry-After"]) > 0
    assert answer["Content-Type"].startswith("text/html")
    assert "Try again in a moment" in answer.content.decode()


def test_a_round_saved_by_the_api_while_the_database_is_out_of_reach_is_a_503_in_json(
    owner, game, players, database_down
):
    api = APIClient(raise_request_exception=False)
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    database_down()
    answer = api.post(
        f"/api/games/{game.pk}/rounds/?number=1",
        factories.piles(players[:2], 3, 3),
        format="json",
    )
    assert answer.status_code == 503
    assert int(answer["Retry-After"]) > 0
    assert answer.json() == {
        "detail": "The database can't be reached just now: nothing was saved. Try again in a "
        "moment."
    }


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/api/players/"])
def test_any_page_while_the_database_is_out_of_reach_is_a_503(owner, path, database_down):
    phone = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="nl")
    phone.force_login(owner)
    database_down()
    answer = phone.get(path)
    assert answer.status_code == 503
    assert "Retry-After" in answer
    assert "moment" not in answer.content.decode()  # said in Dutch
