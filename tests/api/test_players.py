"""GET and POST /api/players/."""

import pytest

from games.models import Player

from .conftest import add_players, everything_saved

pytestmark = pytest.mark.django_db


def test_it_lists_no_players_at_first(api):
    response = api.get("/api/players/")
    assert response.status_code == 200
    assert response.json() == []


def test_it_adds_a_player_with_the_name_trimmed(api, owner):
    response = api.post("/api/players/", {"name": "  Ann "}, format="json")
    assert response.status_code == 201
    ann = Player.objects.get()
    assert response.json() == {"id": ann.pk, "name": "Ann"}
    assert ann.owner == owner


def test_it_lists_players_by_name_ignoring_case(api):
    cy, ann, bob = add_players(api, "cy", "Ann", "Bob")
    assert api.get("/api/players/").json() == [
        {"id": ann, "name": "Ann"},
        {"id": bob, "name": "Bob"},
        {"id": cy, "name": "cy"},
    ]


def test_a_name_taken_ignoring_case_is_refused(api):
    add_players(api, "Ann")
    before = everything_saved()
    response = api.post("/api/players/", {"name": "ANN"}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "You already have a player called Ann.",
        "field": "name",
        "round": None,
    }
    assert everything_saved() == before


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "bad\x00name", "tab\x07bell"])
def test_a_bad_name_is_refused_with_a_sentence(api, name):
    response = api.post("/api/players/", {"name": name}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "name"
    assert response.json()["detail"]
    assert not Player.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        {"name": 7},
        {"name": None},
        {"name": ["Ann"]},
        {},
        {"name": "Ann", "colour": "red"},
        ["Ann"],
        "Ann",
        7,
        None,
    ],
)
def test_a_body_of_the_wrong_shape_is_refused(api, body):
    response = api.post("/api/players/", body, format="json")
    assert response.status_code == 400
    assert set(response.json()) >= {"detail", "field", "round"}
    assert not Player.objects.exists()


def test_a_body_that_is_not_json_is_refused(api):
    response = api.generic("POST", "/api/players/", b'{"name": "Ann"', "application/json")
    assert response.status_code == 400
    assert "JSON parse error" in response.json()["detail"]


def test_a_form_body_is_an_unsupported_media_type(api):
    response = api.post("/api/players/", {"name": "Ann"})
    assert response.status_code == 415
    assert not Player.objects.exists()


def test_the_outsider_sees_none_of_the_owners_players(api, outsider_api):
    add_players(api, "Ann")
    assert outsider_api.get("/api/players/").json() == []


def test_two_users_may_each_have_an_ann(api, outsider_api):
    add_players(api, "Ann")
    add_players(outsider_api, "ann")
    assert Player.objects.count() == 2
