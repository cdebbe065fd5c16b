"""POST /api/referee/fortytwo/ and /fortyfives/: who takes a trick, and a 400 for a bad one."""

import pytest

from .conftest import everything_saved

pytestmark = pytest.mark.django_db

FORTY_TWO = "/api/referee/fortytwo/"
FORTY_FIVES = "/api/referee/fortyfives/"


def test_the_api_md_example_of_42_answers_the_winners_index_and_why(api):
    response = api.post(
        FORTY_TWO, {"trump_card": "7C", "plays": ["QD", "KD", "7D", "7H"]}, format="json"
    )
    assert response.status_code == 200
    assert response.json() == {
        "winner": 3,
        "why": "trump number 7: hearts is the highest suit played",
        "card": "7H",
    }


def test_the_api_md_example_of_forty_fives_answers_the_5_of_hearts(api):
    response = api.post(
        FORTY_FIVES, {"trump": "hearts", "plays": ["6H", "JH", "5H", "AH"]}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["winner"] == 2
    assert response.json()["card"] == "5H"
    assert response.json()["why"].startswith("hearts are trump: 5H outranks JH")


def test_the_five_player_example_is_answered_at_every_card(api):
    plays = ["QH", "AH", "4S", "QD", "2C"]
    winners = [
        api.post(FORTY_TWO, {"trump_card": "2S", "plays": plays[:n]}, format="json").json()["card"]
        for n in range(1, 6)
    ]
    assert winners == ["QH", "AH", "4S", "QH", "2C"]


@pytest.mark.parametrize(
    ("path", "body", "message", "field"),
    [
        (FORTY_TWO, {"trump_card": "2S", "plays": []}, "no card has been played", "plays"),
        (
            FORTY_TWO,
            {"trump_card": "2S", "plays": ["QH", "QH"]},
            "QH is played twice; a card appears at most once in a trick",
            "plays.1",
        ),
        (
            FORTY_TWO,
            {"trump_card": "2S", "plays": ["QH", "1S"]},
            "card 2 '1S' is not a card",
            "plays.1",
        ),
        (
            FORTY_TWO,
            {"trump_card": "11S", "plays": ["QH"]},
            "the trump card '11S' is not a card",
            "trump_card",
        ),
        (
            FORTY_TWO,
            {"trump_card": "2S", "plays": ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"]},
            "8 cards is more than one trick: 42 has at most 7 players",
            "plays",
        ),
        (
            FORTY_TWO,
            {"plays": ["QH"]},
            "the trump card must be a card written as text",
            "trump_card",
        ),
        (FORTY_TWO, {"trump_card": "2S"}, "plays must be a list", "plays"),
        (
            FORTY_TWO,
            {"trump_card": "2S", "plays": ["QH"], "trump": "spades"},
            "there is no field trump: send trump_card and plays",
            "trump",
        ),
        (
            FORTY_FIVES,
            {"trump": "hearts", "plays": ["6H", "LJ"]},
            "card 2 LJ is a joker, and Forty Fives is played without jokers",
            "plays.1",
        ),
        (
            FORTY_FIVES,
            {"trump": "hearts", "plays": ["6H", "7H", "8H", "9H", "10H"]},
            "5 cards is more than one trick: Forty Fives has at most 4 players",
            "plays",
        ),
        (FORTY_FIVES, {"trump": "no trump", "plays": ["6H"]}, "trump must be one of", "trump"),
        (FORTY_FIVES, {"trump": "hearts", "plays": "6H 7H"}, "plays must be a list", "plays"),
        (FORTY_FIVES, ["hearts", "6H"], "send the trick as a JSON object", None),
    ],
)
def test_every_bad_trick_is_a_400_naming_it(api, path, body, message, field):
    before = everything_saved()
    response = api.post(path, body, format="json")
    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert response.json()["field"] == field
    assert everything_saved() == before


def test_a_body_that_is_not_json_is_a_400(api):
    response = api.post(FORTY_TWO, "{not json", content_type="application/json")
    assert response.status_code == 400


@pytest.mark.parametrize("path", [FORTY_TWO, FORTY_FIVES])
def test_the_referee_needs_a_token_or_a_session_like_every_other_endpoint(anonymous, path):
    response = anonymous.post(path, {"trump": "hearts", "plays": ["6H"]}, format="json")
    assert response.status_code == 401


@pytest.mark.parametrize("path", [FORTY_TWO, FORTY_FIVES])
def test_the_referee_takes_only_post(api, path):
    assert api.get(path).status_code == 405


@pytest.mark.parametrize("path", ["/api/referee/fourscore/", "/api/referee/chess/"])
def test_a_game_without_a_trick_referee_has_no_referee_endpoint(api, path):
    response = api.post(path, {"trump": "hearts", "plays": ["6H"]}, format="json")
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("path", "name", "game"),
    [(FORTY_TWO, "Forty Two Referee", "42"), (FORTY_FIVES, "Forty Fives Referee", "Forty Fives")],
)
def test_options_names_each_games_referee_as_before_it_shared_one_view(api, path, name, game):
    answer = api.options(path).json()
    assert answer["name"] == name
    assert answer["description"] == f"Who takes a trick of {game}. Stores nothing."
