"""The API under the corrected rules: the thrown-in hand, Under the 10's hand limits, winners
first in the standings."""

import pytest

from .conftest import add_players, everything_saved, post_round, start_game

pytestmark = pytest.mark.django_db


def test_a_thrown_in_forty_fives_hand_scores_nothing_and_moves_the_deal(api):
    ann, bob, cy, dee = add_players(api, "Ann", "Bob", "Cy", "Dee")
    game = start_game(api, "fortyfives", [ann, bob, cy, dee])
    round_ = post_round(api, game["id"], {"thrown_in": True})
    assert round_["status"] == "complete"
    assert round_["dealer"] == ann
    assert [r["points"] for r in round_["results"]] == [0, 0, 0, 0]
    body = api.get(f"/api/games/{game['id']}/").json()
    assert body["next_dealer"] == bob
    assert [team["total"] for team in body["teams"]] == [0, 0]


@pytest.mark.parametrize(
    ("entry", "detail"),
    [
        ({"thrown_in": False}, "thrown_in can only be true"),
        (
            {"thrown_in": True, "bid": 20},
            "a hand is either bid (bidder and bid) or thrown in (thrown_in): give exactly one "
            "of them",
        ),
    ],
)
def test_a_thrown_in_hand_with_anything_else_is_a_400(api, entry, detail):
    players = add_players(api, "Ann", "Bob", "Cy", "Dee")
    game = start_game(api, "fortyfives", players)
    before = everything_saved()
    response = api.post(f"/api/games/{game['id']}/rounds/", entry, format="json")
    assert response.status_code == 400
    assert response.json()["detail"].startswith(f"Round 1: {detail}")
    assert everything_saved() == before


@pytest.mark.parametrize(
    ("bob", "detail", "field"),
    [
        ({}, "enter Bob's hand: its points or its cards", "hands.{bob}"),
        ({"cards": []}, "Bob's hand has no cards", "hands.{bob}.cards"),
        ({"cards": [1, 2, 3, 4, 5, 6]}, "Bob's hand has 6 cards", "hands.{bob}.cards"),
        (
            {"cards": [1, 2, 3, 4, 5], "bonus": ["joker"]},
            "Bob's hand has 6 cards",
            "hands.{bob}.cards",
        ),
        ({"points": 101}, "Bob's points must be from 0 to 100, not 101", "hands.{bob}.points"),
        ({"points": 999999}, "Bob's points must be from 0 to 100", "hands.{bob}.points"),
    ],
)
def test_a_blank_or_impossible_under_the_10_hand_is_a_400_naming_the_player(
    api, bob, detail, field
):
    ann, bob_id, cy = add_players(api, "Ann", "Bob", "Cy")
    game = start_game(api, "under10", [ann, bob_id, cy])
    entry = {
        "called_by": ann,
        "hands": [
            {"player": ann, "points": 3},
            {"player": bob_id, **bob},
            {"player": cy, "cards": [4, 5]},
        ],
    }
    before = everything_saved()
    response = api.post(f"/api/games/{game['id']}/rounds/", entry, format="json")
    assert response.status_code == 400
    assert response.json()["detail"].startswith(f"Round 1: {detail}")
    assert response.json()["field"] == field.format(bob=bob_id)
    assert everything_saved() == before


def test_five_cards_with_bonus_cards_and_an_empty_stroke_of_luck_hand_are_fine(api):
    ann, bob = add_players(api, "Ann", "Bob")
    game = start_game(api, "under10", [ann, bob])
    round_ = post_round(
        api,
        game["id"],
        {
            "empty_hand": ann,
            "hands": [
                {"player": ann, "cards": []},
                {"player": bob, "cards": [1, 2, 3], "bonus": ["joker", "trade_card"]},
            ],
        },
    )
    assert [r["points"] for r in round_["results"]] == [0, 21]
