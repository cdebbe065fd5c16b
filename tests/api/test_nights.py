"""GET and POST /api/nights/, GET /api/nights/{id}/."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import GameNight
from tests.factories import piles

from .conftest import add_players, everything_saved, post_round, start_game

pytestmark = pytest.mark.django_db

KITCHEN = {"date": "2026-11-21", "location": "Kitchen table", "notes": ""}


def add_night(client, **fields):
    response = client.post("/api/nights/", {**KITCHEN, **fields}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_it_adds_a_night(api, owner):
    night = add_night(api)
    assert night == {"id": night["id"], **KITCHEN, "games": []}
    assert GameNight.objects.get().owner == owner


def test_location_and_notes_may_be_left_out_and_are_trimmed(api):
    response = api.post("/api/nights/", {"date": "2026-01-02", "location": " Den "}, format="json")
    assert response.status_code == 201
    assert response.json() | {"id": 0} == {
        "id": 0,
        "date": "2026-01-02",
        "location": "Den",
        "notes": "",
        "games": [],
    }


def test_it_lists_nights_latest_first_with_their_games(api):
    ann, bob = add_players(api, "Ann", "Bob")
    older = add_night(api, date="2026-11-20")
    newer = add_night(api, date="2026-11-21")
    won = start_game(api, "fourscore", [ann, bob], night=newer["id"])
    post_round(api, won["id"], piles([ann, bob], 4, 2))
    going = start_game(api, "fourscore", [bob, ann], night=newer["id"], options={"deals": 3})
    response = api.get("/api/nights/")
    assert response.status_code == 200
    assert [night["id"] for night in response.json()] == [newer["id"], older["id"]]
    assert response.json()[0]["games"] == [
        {"id": won["id"], "kind": "fourscore", "finished": True, "winners": [bob]},
        {"id": going["id"], "kind": "fourscore", "finished": False, "winners": []},
    ]


def test_it_shows_one_night(api):
    night = add_night(api)
    response = api.get(f"/api/nights/{night['id']}/")
    assert response.status_code == 200
    assert response.json() == night


@pytest.mark.parametrize(
    "fields",
    [
        {"date": "2026-02-30"},
        {"date": "tonight"},
        {"date": None},
        {"date": 20261121},
        {"location": "x" * 101},
        {"notes": "x" * 2001},
        {"location": "nul\x00"},
        {"notes": 7},
        {"weather": "rain"},
    ],
)
def test_a_bad_night_is_refused_and_nothing_saved(api, fields):
    before = everything_saved()
    response = api.post("/api/nights/", {**KITCHEN, **fields}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"]
    assert everything_saved() == before


def test_a_night_without_a_date_is_refused(api):
    response = api.post("/api/nights/", {"location": "Den"}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "date"


@pytest.mark.parametrize("night_id", ["outsiders", "unknown", "huge"])
def test_another_users_or_an_unknown_night_is_a_404(api, outsider_api, night_id):
    night = add_night(api)
    night_id = {"outsiders": night["id"], "unknown": night["id"] + 1, "huge": 10**40}[night_id]
    response = outsider_api.get(f"/api/nights/{night_id}/")
    assert response.status_code == 404
    assert "no game night" in response.json()["detail"]


def test_the_outsider_lists_none_of_the_owners_nights(api, outsider_api):
    add_night(api)
    assert outsider_api.get("/api/nights/").json() == []


def test_listing_nights_takes_the_same_few_queries_however_many_games(api):
    ann, bob = add_players(api, "Ann", "Bob")
    night = add_night(api)
    start_game(api, "fourscore", [ann, bob], night=night["id"])
    with CaptureQueriesContext(connection) as one_game:
        api.get("/api/nights/")
    for _ in range(3):
        add_night(api)
        game = start_game(api, "fourscore", [ann, bob], night=night["id"])
        post_round(api, game["id"], piles([ann, bob], 1, 2))
    with CaptureQueriesContext(connection) as more_games:
        api.get("/api/nights/")
    assert len(more_games) == len(one_game)
