"""Fixtures of the API tests: token clients for the owner and the outsider, and small helpers."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Game, GameNight, Player, Round, RoundRevision, Seat


def token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


@pytest.fixture
def api(owner):
    return token_client(owner)


@pytest.fixture
def outsider_api(outsider):
    return token_client(outsider)


@pytest.fixture
def anonymous(db):
    return APIClient()


def add_players(client, *names) -> list[int]:
    ids = []
    for name in names:
        response = client.post("/api/players/", {"name": name}, format="json")
        assert response.status_code == 201, response.json()
        ids.append(response.json()["id"])
    return ids


def start_game(client, kind, players, **fields) -> dict:
    response = client.post(
        "/api/games/", {"kind": kind, "players": players, **fields}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def post_round(client, game_id, entry) -> dict:
    response = client.post(f"/api/games/{game_id}/rounds/", entry, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def everything_saved() -> dict:
    """Every row the API can write, to show that a refused request changed nothing."""
    return {
        "players": list(Player.objects.values_list("pk", "name")),
        "nights": list(GameNight.objects.values_list("pk", "date", "location", "notes")),
        "games": list(Game.objects.values_list("pk", "finished_at", "updated")),
        "seats": list(Seat.objects.values_list("pk", "won", "rank", "total")),
        "rounds": list(Round.objects.values_list("pk", "number", "entry", "status")),
        "revisions": RoundRevision.objects.count(),
    }


def bids(players, bid_list, tricks=None) -> dict:
    """A 42 entry: bids in seat order, and the tricks once the hand is played."""
    hands = [{"player": p, "bid": b} for p, b in zip(players, bid_list, strict=True)]
    if tricks is not None:
        for hand, taken in zip(hands, tricks, strict=True):
            hand["tricks"] = taken
    return {"hands": hands}
