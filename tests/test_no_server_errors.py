"""Inputs an attacker found giving a 500, now each a clear answer; every /api/ error is JSON."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Player

pytestmark = pytest.mark.django_db

SURROGATE_BODIES = {
    "in a key": b'{"\\ud800": 1}',
    "in a value": b'{"name": "Ann\\udfff"}',
    "deep in a document": b'{"players": [{"id": 1, "name": "x", "\\udbff": 2}]}',
    "a low and a high, reversed": b'{"name": "\\udc00\\ud800"}',
}


@pytest.fixture
def api(owner):
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(owner)
    return client


@pytest.mark.parametrize("body", SURROGATE_BODIES.values(), ids=SURROGATE_BODIES)
@pytest.mark.parametrize("path", ["/api/players/", "/api/import/", "/api/nights/"])
def test_a_lone_surrogate_anywhere_in_a_json_body_is_a_400_in_json(api, body, path):
    response = api.post(path, body, content_type="application/json")
    assert response.status_code == 400
    assert "surrogate" in response.json()["detail"]
    assert not Player.objects.exists()


def test_an_escaped_pair_is_one_character_and_is_taken(api):
    """JSON writes a character past U+FFFF as two escapes, high then low: that is no lone one."""
    response = api.post(
        "/api/players/", b'{"name": "Ann \\ud83c\\udccf"}', content_type="application/json"
    )
    assert response.status_code == 201, response.content
    assert Player.objects.get().name == "Ann \U0001f0cf"


def test_a_lone_surrogate_in_the_token_request_is_a_400(owner):
    client = APIClient(raise_request_exception=False)
    response = client.post("/api/auth/token/", b'{"\\ud800": "x"}', content_type="application/json")
    assert response.status_code == 400
    assert response.json()["detail"]


def test_an_uploaded_export_with_a_lone_surrogate_is_refused_on_the_page(owner):
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    upload = SimpleUploadedFile("backup.json", b'{"\\ud800": 1}')
    response = client.post(reverse("your_data"), {"document": upload})
    assert response.status_code == 400
    assert b"holds broken text" in response.content


def test_signed_in_and_sent_back_to_the_log_in_page_goes_home(owner):
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    for next_url in ["/accounts/login/", "/accounts/login/?next=/accounts/login/"]:
        response = client.get(reverse("login"), {"next": next_url})
        assert response.status_code == 302
        assert response.url in (reverse("home"), next_url)


@pytest.mark.parametrize("path", ["/api/players/", "/api/nights/", "/api/auth/token/"])
def test_an_api_body_over_the_upload_limit_is_a_413_in_json(api, settings, path):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = json.dumps({"name": "x" * 20_000})
    response = api.post(path, body, content_type="application/json")
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert "larger than 10000 bytes" in response.json()["detail"]


def test_an_api_body_over_the_limit_with_a_session_is_a_413_in_json(owner, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    response = client.post("/api/players/", "x" * 20_000, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["detail"]


def test_an_import_over_its_own_limit_is_a_413_in_json(api, monkeypatch):
    monkeypatch.setattr("games.transfer.LARGEST_DOCUMENT", 1024 * 1024)
    monkeypatch.setattr("games.transfer.LARGEST_BODY", 1024 * 1024)
    body = json.dumps({"name": "x" * 1024 * 1024})
    response = api.post("/api/import/", body, content_type="application/json")
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "detail": "the document is larger than 1 MB (unpacked), the most an import reads"
    }


def test_a_crash_in_the_api_is_a_500_in_json(api, monkeypatch):
    def crash(*args, **kwargs):
        raise RuntimeError("a bug")  # a fault put in on purpose: nothing else here crashes

    monkeypatch.setattr("games.api.views.transfer.export_document", crash)
    response = api.get("/api/export/")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Something went wrong on our side; it is logged."}


def test_a_crash_on_a_page_is_still_the_500_page(owner, monkeypatch):
    def crash(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("games.views.data.transfer.export_document", crash)
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    response = client.get(reverse("data_export"))
    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    "path", ["/api/nothing-here/", "/api/games/999999/", "/api/players/1/stats/x/"]
)
def test_an_unknown_api_address_is_a_404_in_json(api, path):
    response = api.get(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"


def test_a_bad_host_under_the_api_is_a_400_in_json():
    response = Client(raise_request_exception=False).get("/api/rules/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
