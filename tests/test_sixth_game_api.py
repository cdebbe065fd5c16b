"""A sixth game, registered by a fixture with no other file of the project changed for it, is
played through the API: started, its rounds scored and refused in its own limits, won, and its
entry's shape in the OpenAPI schema."""

import pytest
from rest_framework.test import APIClient

from games.models import Game

from .api.conftest import add_players, post_round, start_game, token_client
from .sixth_game import rules as highest

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(owner):
    return token_client(owner)


@pytest.fixture
def anonymous():
    return APIClient()


def numbers(players, *said):
    return {
        "hands": {
            str(player): {"number": number} for player, number in zip(players, said, strict=True)
        }
    }


def test_a_registered_game_is_started_scored_and_won_through_the_api(api, sixth_game):
    ann, bob, cy = players = add_players(api, "Ann", "Bob", "Cy")
    game = start_game(api, "highest", players, options={"points_to_win": 2})
    assert (game["kind"], game["finished"]) == ("highest", False)
    url = f"/api/games/{game['id']}"

    first = post_round(api, game["id"], numbers(players, 40, 99, 7))
    assert [(r["player"], r["points"]) for r in first["results"]] == [(ann, 0), (bob, 1), (cy, 0)]
    post_round(api, game["id"], numbers(players, 50, 50, 3))  # a tie for the highest: nobody
    post_round(api, game["id"], numbers(players, 98, 0, 97))
    board = api.get(url + "/").json()
    assert board["finished"] is False  # Ann and Bob have a point each, 2 to win
    assert [(s["player"], s["total"], s["rank"]) for s in board["standings"]] == [
        (ann, 1, 1),
        (bob, 1, 1),
        (cy, 0, 3),
    ]

    post_round(api, game["id"], numbers(players, 0, 12, 11))
    board = api.get(url + "/").json()
    assert board["finished"] is True
    assert board["winners"] == [bob]
    assert [(s["player"], s["total"], s["rank"]) for s in board["standings"]] == [
        (bob, 2, 1),
        (ann, 1, 2),
        (cy, 0, 3),
    ]
    saved = Game.objects.get(pk=game["id"])
    saved.full_clean()  # the model's kinds are the registry's: "highest" is one of them
    assert saved.get_kind_display() == "Highest number"


@pytest.mark.parametrize(
    ("said", "message"),
    [
        (highest.HIGHEST_NUMBER + 1, f"must be from 0 to {highest.HIGHEST_NUMBER}, not 100"),
        (highest.LOWEST_NUMBER - 1, f"must be from 0 to {highest.HIGHEST_NUMBER}, not -1"),
        ("7", "must be a whole number"),
        (7.5, "must be a whole number"),
    ],
)
def test_a_bad_number_is_refused_naming_its_field(api, sixth_game, said, message):
    players = add_players(api, "Ann", "Bob")
    game = start_game(api, "highest", players)
    response = api.post(
        f"/api/games/{game['id']}/rounds/", numbers(players, 5, said), format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == f"hands.{players[1]}.number"
    assert message in response.json()["detail"]
    assert api.get(f"/api/games/{game['id']}/").json()["rounds"] == []


def test_the_limits_of_a_registered_game_are_its_schemas(sixth_game):
    number = sixth_game.entry_schema.fields["hands"].item.fields["number"]
    assert (number.minimum, number.maximum) == (highest.LOWEST_NUMBER, highest.HIGHEST_NUMBER)


def test_a_registered_games_entry_is_in_the_openapi_schema(anonymous, sixth_game):
    response = anonymous.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    schemas = response.json()["components"]["schemas"]
    assert {"$ref": "#/components/schemas/HighestEntry"} in schemas["Entry"]["oneOf"]
    hands = schemas["HighestEntry"]["properties"]["hands"]
    assert hands["type"] == "object"
    number = schemas["HighestHand"]["properties"]["number"]
    assert (number["minimum"], number["maximum"]) == (
        highest.LOWEST_NUMBER,
        highest.HIGHEST_NUMBER,
    )
    assert "highest" in schemas["KindEnum"]["enum"]  # a game's kind, as the API lists kinds


def test_an_unregistered_game_is_refused(api):
    players = add_players(api, "Ann", "Bob")
    response = api.post("/api/games/", {"kind": "highest", "players": players}, format="json")
    assert response.status_code == 400
    assert "highest" in response.json()["detail"]
