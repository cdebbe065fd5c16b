"""POST /api/auth/token/, and that every other endpoint needs a token or a session."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

PROTECTED = [
    ("get", "/api/players/"),
    ("post", "/api/players/"),
    ("get", "/api/players/1/stats/"),
    ("get", "/api/nights/"),
    ("post", "/api/nights/"),
    ("get", "/api/nights/1/"),
    ("get", "/api/rules/"),
    ("get", "/api/games/"),
    ("post", "/api/games/"),
    ("get", "/api/games/1/"),
    ("post", "/api/games/1/rounds/"),
    ("put", "/api/games/1/rounds/1/"),
    ("patch", "/api/games/1/rounds/1/"),
    ("delete", "/api/games/1/rounds/1/"),
    ("get", "/api/export/"),
    ("post", "/api/import/"),
]


def test_it_gives_a_token_for_a_username_and_password(anonymous, owner):
    response = anonymous.post(
        "/api/auth/token/", {"username": "ann", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    assert response.json() == {"token": Token.objects.get(user=owner).key}


def test_asking_twice_gives_the_same_token(anonymous, owner):
    first = anonymous.post("/api/auth/token/", {"username": "ann", "password": PASSWORD})
    second = anonymous.post(
        "/api/auth/token/", {"username": "ann", "password": PASSWORD}, format="json"
    )
    assert first.json()["token"] == second.json()["token"]


def test_the_token_opens_the_api(anonymous, owner):
    token = anonymous.post(
        "/api/auth/token/", {"username": "ann", "password": PASSWORD}, format="json"
    ).json()["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/players/").status_code == 200


@pytest.mark.parametrize(
    "body",
    [
        {"username": "ann", "password": "wrong"},
        {"username": "nobody", "password": PASSWORD},
        {"username": "ann"},
        {"username": "ann\x00", "password": PASSWORD},
        ["ann", PASSWORD],
        "ann",
    ],
)
def test_wrong_or_malformed_credentials_are_a_400_with_a_sentence(anonymous, owner, body):
    response = anonymous.post("/api/auth/token/", body, format="json")
    assert response.status_code == 400
    assert response.json()["detail"]
    assert not Token.objects.exists()


def test_a_stale_token_does_not_stand_in_the_way_of_a_new_one(anonymous, owner):
    anonymous.credentials(HTTP_AUTHORIZATION="Token stale")
    response = anonymous.post(
        "/api/auth/token/", {"username": "ann", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200


@pytest.mark.parametrize(("method", "url"), PROTECTED)
def test_no_token_is_a_401_not_a_redirect_to_the_login_page(anonymous, method, url):
    response = getattr(anonymous, method)(url, {}, format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["detail"]


@pytest.mark.parametrize(("method", "url"), PROTECTED)
def test_a_bad_token_is_a_401(anonymous, method, url):
    anonymous.credentials(HTTP_AUTHORIZATION="Token 0123456789abcdef0123456789abcdef01234567")
    assert getattr(anonymous, method)(url, {}, format="json").status_code == 401


def test_a_logged_in_session_works_and_writes_need_its_csrf_token(owner):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(owner)
    assert client.get("/api/players/").status_code == 200
    refused = client.post("/api/players/", {"name": "Ann"}, format="json")
    assert refused.status_code == 403
    csrf = "a" * 32  # any token of the right length, sent as the cookie and the header alike
    client.cookies["csrftoken"] = csrf
    response = client.post("/api/players/", {"name": "Ann"}, format="json", HTTP_X_CSRFTOKEN=csrf)
    assert response.status_code == 201
