"""POST /api/games/{id}/rounds/, and PUT, PATCH and DELETE /api/games/{id}/rounds/{number}/."""

import pytest
from django.contrib.auth import get_user_model

from games.models import Round, RoundRevision
from tests.factories import piles

from .conftest import (
    add_players,
    bids,
    everything_saved,
    post_round,
    start_game,
    token_client,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann_bob_cy(api):
    return add_players(api, "Ann", "Bob", "Cy")


@pytest.fixture
def match(api, ann_bob_cy):
    """A FourScore match of three deals, two of them played."""
    game = start_game(api, "fourscore", ann_bob_cy, options={"deals": 3})
    post_round(api, game["id"], piles(ann_bob_cy, 1, 2, 3))
    post_round(api, game["id"], piles(ann_bob_cy, 4, 0, 0))
    return game


@pytest.fixture
def forty_two(api, ann_bob_cy):
    """A 42 game whose first round has its bids saved: open, tricks to come."""
    game = start_game(api, "fortytwo", ann_bob_cy, first_dealer=ann_bob_cy[2])
    post_round(api, game["id"], bids(ann_bob_cy, [2, 0, 4]))
    return game


def totals(api, game):
    return [
        standing["total"]
        for standing in sorted(
            api.get(f"/api/games/{game['id']}/").json()["standings"],
            key=lambda standing: standing["player"],
        )
    ]


def test_it_saves_a_round_and_answers_with_its_scores(api, ann_bob_cy):
    ann, bob, cy = ann_bob_cy
    game = start_game(api, "fourscore", ann_bob_cy, options={"deals": 3})
    response = api.post(
        f"/api/games/{game['id']}/rounds/", piles(ann_bob_cy, 5, 2, 9), format="json"
    )
    assert response.status_code == 201
    assert response.json() == {
        "number": 1,
        "dealer": ann,
        "status": "complete",
        "entry": piles(ann_bob_cy, 5, 2, 9),
        "results": [
            {"player": ann, "points": 5, "total": 5, "notes": []},
            {"player": bob, "points": 2, "total": 2, "notes": []},
            {"player": cy, "points": 9, "total": 9, "notes": []},
        ],
        "notes": [],
    }
    assert Round.objects.get().entry == piles(ann_bob_cy, 5, 2, 9)


def test_a_refused_round_says_why_and_saves_nothing(api, match, ann_bob_cy):
    before = everything_saved()
    response = api.post(
        f"/api/games/{match['id']}/rounds/", piles(ann_bob_cy, 5, -2, 9), format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": "Round 3: Bob's pile can't be below 0",
        "field": f"hands.{ann_bob_cy[1]}.pile",
        "round": 3,
    }
    assert everything_saved() == before


@pytest.mark.parametrize(
    "entry",
    [
        [],
        "piles",
        7,
        None,
        {},
        {"hands": "all"},
        {"hands": [{"player": "1", "pile": 2}]},
        {"hands": [{"player": 1, "pile": 2.5}]},
        {"hands": [None]},
        {"bids": []},
        {"hands": [{"player": 10**100, "pile": 1}]},
    ],
)
def test_an_entry_of_any_wrong_shape_is_a_400(api, match, entry):
    before = everything_saved()
    response = api.post(f"/api/games/{match['id']}/rounds/", entry, format="json")
    assert response.status_code == 400
    assert response.json()["detail"]
    assert everything_saved() == before


def test_a_player_who_is_not_seated_is_refused(api, match, ann_bob_cy):
    [dee] = add_players(api, "Dee")
    entry = piles([ann_bob_cy[0], ann_bob_cy[1], dee], 1, 1, 1)
    response = api.post(f"/api/games/{match['id']}/rounds/", entry, format="json")
    assert response.status_code == 400
    assert "must be a player at this table" in response.json()["detail"]


def test_a_round_for_a_finished_game_is_a_409(api, match, ann_bob_cy):
    post_round(api, match["id"], piles(ann_bob_cy, 0, 0, 0))
    before = everything_saved()
    response = api.post(
        f"/api/games/{match['id']}/rounds/", piles(ann_bob_cy, 0, 0, 0), format="json"
    )
    assert response.status_code == 409
    assert response.json() == {"detail": "The game is over; no more rounds can be added."}
    assert everything_saved() == before


def test_a_game_full_of_rounds_takes_no_more_and_its_export_imports_again(api, owner, monkeypatch):
    """A game of Forty Fives whose hands are all thrown in need never end: a game holds as many
    rounds as an import takes (MOST_ROUNDS), so its export always imports."""
    monkeypatch.setattr("games.models.MOST_ROUNDS", 3)
    monkeypatch.setattr("games.transfer.MOST_ROUNDS", 3)
    game = start_game(api, "fortyfives", add_players(api, "Ann", "Bob", "Cy", "Dee"))
    for _ in range(3):
        post_round(api, game["id"], {"thrown_in": True})
    before = everything_saved()
    response = api.post(f"/api/games/{game['id']}/rounds/", {"thrown_in": True}, format="json")
    assert response.status_code == 409
    assert response.json() == {"detail": "A game holds at most 3 rounds: start a new one."}
    assert everything_saved() == before
    document = api.get("/api/export/").json()
    again = token_client(get_user_model().objects.create_user("again"))
    assert again.post("/api/import/", document, format="json").status_code == 201


def test_replacing_a_round_rescores_every_later_round(api, match, ann_bob_cy):
    response = api.put(
        f"/api/games/{match['id']}/rounds/1/", piles(ann_bob_cy, 10, 2, 3), format="json"
    )
    assert response.status_code == 200
    assert [result["total"] for result in response.json()["results"]] == [10, 2, 3]
    assert totals(api, match) == [14, 2, 3]
    assert RoundRevision.objects.get().action == "replaced"


def test_an_edit_that_makes_a_later_round_invalid_is_refused_naming_that_round(api, ann_bob_cy):
    ann = ann_bob_cy[0]

    def called_by_ann(*points):
        return {
            "called_by": ann,
            "hands": [{"player": p, "points": n} for p, n in zip(ann_bob_cy, points, strict=True)],
        }

    game = start_game(api, "under10", ann_bob_cy)
    post_round(api, game["id"], called_by_ann(5, 9, 8))
    post_round(api, game["id"], called_by_ann(2, 90, 8))
    post_round(api, game["id"], called_by_ann(2, 9, 8))
    before = everything_saved()
    # Bob 70 in round 1 instead of 9 takes him to 160 in round 2: out, with a hand in round 3.
    response = api.put(f"/api/games/{game['id']}/rounds/1/", called_by_ann(5, 70, 8), format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Round 3: Bob is out of the game"
    assert response.json()["round"] == 3
    assert everything_saved() == before


def test_patch_completes_an_open_round(api, forty_two, ann_bob_cy):
    url = f"/api/games/{forty_two['id']}/rounds/1/"
    response = api.patch(url, bids(ann_bob_cy, [2, 0, 4], [2, 1, 4]), format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "complete"
    assert [result["total"] for result in response.json()["results"]] == [5, 1, 7]


def test_patch_without_the_result_leaves_the_round_open_and_says_so(api, forty_two, ann_bob_cy):
    before = everything_saved()
    response = api.patch(
        f"/api/games/{forty_two['id']}/rounds/1/", bids(ann_bob_cy, [2, 0, 4]), format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "the result of the hand is missing"
    assert everything_saved() == before


def test_patch_on_a_complete_round_replaces_it(api, match, ann_bob_cy):
    response = api.patch(
        f"/api/games/{match['id']}/rounds/2/", piles(ann_bob_cy, 0, 0, 7), format="json"
    )
    assert response.status_code == 200
    assert totals(api, match) == [1, 2, 10]


def test_put_may_replace_an_open_rounds_bids(api, forty_two, ann_bob_cy):
    response = api.put(
        f"/api/games/{forty_two['id']}/rounds/1/", bids(ann_bob_cy, [1, 1, 4]), format="json"
    )
    assert response.status_code == 200
    assert response.json()["status"] == "open"
    assert response.json()["entry"] == bids(ann_bob_cy, [1, 1, 4])


def test_a_second_round_while_one_is_open_is_a_409(api, forty_two, ann_bob_cy):
    before = everything_saved()
    response = api.post(
        f"/api/games/{forty_two['id']}/rounds/", bids(ann_bob_cy, [2, 0, 4]), format="json"
    )
    assert response.status_code == 409
    assert response.json() == {"detail": "Round 1 is still open: finish it first."}
    assert everything_saved() == before


def test_it_deletes_the_last_round(api, match):
    response = api.delete(f"/api/games/{match['id']}/rounds/2/")
    assert response.status_code == 204
    assert response.content == b""
    assert [r["number"] for r in api.get(f"/api/games/{match['id']}/").json()["rounds"]] == [1]
    assert RoundRevision.objects.get().action == "deleted"


def test_deleting_a_round_that_is_not_the_last_is_a_409(api, match):
    before = everything_saved()
    response = api.delete(f"/api/games/{match['id']}/rounds/1/")
    assert response.status_code == 409
    assert response.json() == {"detail": "Only the last round (round 2) can be deleted."}
    assert everything_saved() == before


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
@pytest.mark.parametrize("number", [0, 3, 10**30])
def test_a_round_that_does_not_exist_is_a_404(api, match, ann_bob_cy, method, number):
    before = everything_saved()
    response = getattr(api, method)(
        f"/api/games/{match['id']}/rounds/{number}/", piles(ann_bob_cy, 1, 1, 1), format="json"
    )
    assert response.status_code == 404
    assert response.json() == {"detail": f"There is no round {number}."}
    assert everything_saved() == before


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("post", "rounds/"),
        ("put", "rounds/1/"),
        ("patch", "rounds/1/"),
        ("delete", "rounds/2/"),
        ("get", ""),
    ],
)
def test_the_outsider_gets_a_404_for_every_round_of_the_owners_games(
    outsider_api, match, ann_bob_cy, method, path
):
    before = everything_saved()
    response = getattr(outsider_api, method)(
        f"/api/games/{match['id']}/{path}", piles(ann_bob_cy, 1, 1, 1), format="json"
    )
    assert response.status_code == 404
    assert response.json() == {"detail": f"there is no game {match['id']}"}
    assert everything_saved() == before


@pytest.mark.parametrize("method", ["post", "put", "patch"])
def test_an_entry_that_is_not_an_object_is_a_400(api, match, method):
    url = f"/api/games/{match['id']}/rounds/" + ("" if method == "post" else "1/")
    response = getattr(api, method)(url, ["hands"], format="json")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "send the round's entry as a JSON object",
        "field": None,
        "round": None,
    }


def test_an_empty_body_is_a_400(api, match):
    response = api.generic("POST", f"/api/games/{match['id']}/rounds/", b"", "application/json")
    assert response.status_code == 400


def test_a_round_posted_with_the_number_another_client_saved_first_is_refused(api, match):
    before = everything_saved()
    response = api.post(
        f"/api/games/{match['id']}/rounds/?number=2",
        piles(match_players(match), 1, 1, 1),
        format="json",
    )
    assert response.status_code == 409
    assert response.json() == {"detail": "Round 2 was already saved by someone else."}
    assert everything_saved() == before


def test_a_round_posted_with_the_next_number_is_saved(api, match):
    response = api.post(
        f"/api/games/{match['id']}/rounds/?number=3",
        piles(match_players(match), 1, 1, 1),
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["number"] == 3


def test_a_round_posted_with_a_number_past_the_next_is_refused_saying_where_the_game_is(api, match):
    before = everything_saved()
    response = api.post(
        f"/api/games/{match['id']}/rounds/?number=9",
        piles(match_players(match), 1, 1, 1),
        format="json",
    )
    assert response.status_code == 409
    assert response.json() == {
        "detail": "This was sent as round 9, but the game is at round 3: nothing was saved."
    }
    assert everything_saved() == before


@pytest.mark.parametrize("number", ["0", "-1", "two", "²", "3.0", "", "9" * 30])
def test_a_number_that_is_not_a_round_number_is_a_400(api, match, number):
    before = everything_saved()
    response = api.post(
        f"/api/games/{match['id']}/rounds/?number={number}",
        piles(match_players(match), 1, 1, 1),
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "number"
    assert everything_saved() == before


def match_players(game) -> list[int]:
    return [player["id"] for player in game["players"]]
