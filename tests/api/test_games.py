"""POST and GET /api/games/, GET /api/games/{id}/."""

from types import SimpleNamespace

import pytest

from games.models import Game
from tests.factories import piles

from .conftest import add_players, everything_saved, post_round, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann_bob_cy(api):
    return add_players(api, "Ann", "Bob", "Cy")


def test_it_starts_a_game_with_the_seats_in_clockwise_order(api, ann_bob_cy):
    ann, bob, cy = ann_bob_cy
    night = api.post("/api/nights/", {"date": "2026-11-21"}, format="json").json()
    game = start_game(
        api,
        "fortybelow",
        [cy, ann, bob],
        first_dealer=ann,
        night=night["id"],
        options={"rounds": 3},
    )
    assert game == {
        "id": Game.objects.get().pk,
        "kind": "fortybelow",
        "night": night["id"],
        "options": {"rounds": 3},
        "players": [
            {"id": cy, "name": "Cy", "seat": 0, "team": None},
            {"id": ann, "name": "Ann", "seat": 1, "team": None},
            {"id": bob, "name": "Bob", "seat": 2, "team": None},
        ],
        "first_dealer": ann,
        "rounds": [],
        "standings": [
            {"player": cy, "total": 0, "rank": 1, "eliminated": False},
            {"player": ann, "total": 0, "rank": 1, "eliminated": False},
            {"player": bob, "total": 0, "rank": 1, "eliminated": False},
        ],
        "teams": [],
        "finished": False,
        "winners": [],
        "next_dealer": ann,
        "problem": None,
    }


def test_the_first_seat_deals_first_and_options_take_their_defaults(api, ann_bob_cy):
    ann, bob, cy = ann_bob_cy
    game = start_game(api, "fortybelow", [bob, cy, ann])
    assert (game["first_dealer"], game["next_dealer"]) == (bob, bob)
    assert game["options"] == {"rounds": 10}
    assert game["night"] is None


def test_forty_fives_lists_its_teams_with_partners_opposite(api, ann_bob_cy):
    ann, bob, cy = ann_bob_cy
    [dee] = add_players(api, "Dee")
    game = start_game(api, "fortyfives", [ann, bob, cy, dee])
    assert [player["team"] for player in game["players"]] == ["A", "B", "A", "B"]
    assert game["teams"] == [
        {"team": "A", "players": [ann, cy], "total": 0},
        {"team": "B", "players": [bob, dee], "total": 0},
    ]


@pytest.mark.parametrize(
    ("fields", "message", "field"),
    [
        (lambda t: {"options": {"deals": 2}}, "FortyBelow has no option deals", "deals"),
        (
            lambda t: {"options": {"rounds": 21}},
            "option rounds must be from 1 to 20, not 21",
            "rounds",
        ),
        (lambda t: {"options": {"rounds": "10"}}, "option rounds must be a whole number", "rounds"),
        (lambda t: {"options": []}, "options: Expected a dictionary", "options"),
        (lambda t: {"kind": "chess"}, "there is no game called chess", "kind"),
        (lambda t: {"kind": "fortyfives"}, "4 players, not 3", "players"),
        (
            lambda t: {"players": [t.ann, t.bob, t.ann]},
            "a player can only have one seat",
            "players",
        ),
        (lambda t: {"players": []}, "FortyBelow is for 2 to 6 players, not 0", "players"),
        (lambda t: {"players": [t.ann, t.mallory]}, "is not one of yours", "players"),
        (lambda t: {"players": [t.ann, 10**30]}, "is not one of yours", "players"),
        (
            lambda t: {"players": [str(t.ann), str(t.bob)]},
            "players.0: A valid integer is required.",
            "players.0",
        ),
        (lambda t: {"players": [t.ann] * 101}, "no more than 100 elements", "players"),
        (lambda t: {"first_dealer": t.mallory}, "is not one of yours", "first_dealer"),
        (
            lambda t: {"first_dealer": t.dee},
            "the first dealer must be one of the players",
            "first_dealer",
        ),
        (lambda t: {"night": t.mallorys_night}, "is not one of yours", "night"),
        (lambda t: {"night": "5"}, "night: A valid integer is required.", "night"),
        (lambda t: {"frist_dealer": t.ann}, "frist_dealer: there is no such field", "frist_dealer"),
    ],
)
def test_a_bad_setup_is_refused_naming_the_problem_and_nothing_saved(
    api, outsider_api, ann_bob_cy, fields, message, field
):
    ann, bob, cy = ann_bob_cy
    [mallory] = add_players(outsider_api, "Mallory")
    mallorys_night = outsider_api.post(
        "/api/nights/", {"date": "2026-11-21"}, format="json"
    ).json()["id"]
    [dee] = add_players(api, "Dee")
    table = SimpleNamespace(
        ann=ann, bob=bob, cy=cy, dee=dee, mallory=mallory, mallorys_night=mallorys_night
    )
    before = everything_saved()
    body = {"kind": "fortybelow", "players": [ann, bob, cy], **fields(table)}
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert response.json()["field"] == field
    assert everything_saved() == before


@pytest.mark.parametrize("body", [[], "fortybelow", None, 7, {"kind": "fourscore"}])
def test_a_body_of_the_wrong_shape_is_refused(api, body):
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_it_shows_a_game(api, ann_bob_cy):
    game = start_game(api, "fourscore", ann_bob_cy, options={"deals": 2})
    post_round(api, game["id"], piles(ann_bob_cy, 1, 2, 3))
    response = api.get(f"/api/games/{game['id']}/")
    assert response.status_code == 200
    assert response.json()["rounds"][0]["results"][2] == {
        "player": ann_bob_cy[2],
        "points": 3,
        "total": 3,
        "notes": [],
    }


def test_it_lists_the_users_games_newest_first(api, outsider_api, ann_bob_cy):
    ann, bob, cy = ann_bob_cy
    first = start_game(api, "fourscore", [ann, bob])
    post_round(api, first["id"], piles([ann, bob], 4, 2))
    second = start_game(api, "fortytwo", [cy, ann, bob])
    response = api.get("/api/games/")
    assert response.status_code == 200
    assert response.json() == [
        {
            "id": second["id"],
            "kind": "fortytwo",
            "finished": False,
            "winners": [],
            "night": None,
            "players": [cy, ann, bob],
        },
        {
            "id": first["id"],
            "kind": "fourscore",
            "finished": True,
            "winners": [bob],
            "night": None,
            "players": [ann, bob],
        },
    ]
    assert outsider_api.get("/api/games/").json() == []


@pytest.mark.parametrize("game_id", ["outsiders", "unknown", "huge"])
def test_another_users_or_an_unknown_game_is_a_404(api, outsider_api, ann_bob_cy, game_id):
    game = start_game(api, "fourscore", ann_bob_cy)
    game_id = {"outsiders": game["id"], "unknown": game["id"] + 1, "huge": 10**30}[game_id]
    response = outsider_api.get(f"/api/games/{game_id}/")
    assert response.status_code == 404
    assert response.json() == {"detail": f"there is no game {game_id}"}
