"""An import never takes more than its share of the server: one at a time per account, and at
most IMPORTS_AT_ONCE on the whole server (counted in the database: RunningImport), past which
the API and the "Your data" page answer 429 with Retry-After. tests/timing/test_import_load.py sends
large imports at once to a real gunicorn."""

import json
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from games import transfer
from games.models import Game, Player, RunningImport

from .api.conftest import token_client

pytestmark = [pytest.mark.django_db, pytest.mark.database]

DOCUMENT = {
    "format": "scorekeeper/1",
    "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bo"}],
    "nights": [],
    "games": [
        {
            "id": 1,
            "kind": "fourscore",
            "night": None,
            "players": [1, 2],
            "first_dealer": 1,
            "options": {"deals": 3},
            "rounds": [
                {
                    "number": 1,
                    "entry": {"hands": [{"player": 1, "pile": 3}, {"player": 2, "pile": 0}]},
                }
            ],
        }
    ],
}


def running(user, slot=0, *, since=None) -> RunningImport:
    """An import of `user`'s under way (in another worker), as its slot says."""
    return RunningImport.objects.create(owner=user, slot=slot, started=since or timezone.now())


def test_an_accounts_second_import_while_its_first_runs_is_a_429_with_retry_after(owner):
    running(owner)
    answer = token_client(owner).post("/api/import/", DOCUMENT, format="json")
    assert answer.status_code == 429
    assert answer["Retry-After"] == str(transfer.IMPORT_RETRY_SECONDS)
    assert answer.json() == {
        "detail": "another import of yours is still running: wait until it is done, then try again"
    }
    assert not Player.objects.exists()


def test_an_import_while_the_server_runs_as_many_as_it_may_is_a_429(owner, outsider, settings):
    settings.IMPORTS_AT_ONCE = 1
    running(outsider)
    answer = token_client(owner).post("/api/import/", DOCUMENT, format="json")
    assert answer.status_code == 429
    assert int(answer["Retry-After"]) > 0
    assert "other imports are running: this server runs 1 at a time" in answer.json()["detail"]
    assert not Game.objects.exists()


def test_with_two_slots_a_second_account_imports_beside_the_first(owner, outsider, settings):
    settings.IMPORTS_AT_ONCE = 2
    running(outsider, slot=0)
    answer = token_client(owner).post("/api/import/", DOCUMENT, format="json")
    assert answer.status_code == 201
    assert list(RunningImport.objects.values_list("owner", flat=True)) == [outsider.pk]


def test_the_slot_is_given_back_whether_the_import_is_done_or_refused(owner):
    api = token_client(owner)
    assert api.post("/api/import/", {"format": "scorekeeper/1"}, format="json").status_code == 400
    assert not RunningImport.objects.exists()
    assert api.post("/api/import/", DOCUMENT, format="json").status_code == 201
    assert not RunningImport.objects.exists()
    assert api.post("/api/import/", DOCUMENT, format="json").status_code == 201  # and again


def test_a_slot_left_by_a_worker_killed_mid_import_is_taken_back_once_stale(owner, outsider):
    running(outsider, since=timezone.now() - RunningImport.STALE - timedelta(seconds=1))
    assert token_client(owner).post("/api/import/", DOCUMENT, format="json").status_code == 201
    assert not RunningImport.objects.exists()


def test_the_pages_import_while_another_of_the_account_runs_is_a_429_saying_so(owner, owner_client):
    running(owner)
    upload = SimpleUploadedFile("export.json", json.dumps(DOCUMENT).encode())
    answer = owner_client.post(reverse("your_data"), {"document": upload})
    assert answer.status_code == 429
    assert answer["Retry-After"] == str(transfer.IMPORT_RETRY_SECONDS)
    assert "another import of yours is still running" in answer.content.decode()
    assert not Player.objects.exists()


def test_the_limit_of_imports_at_once_is_read_from_the_environment(monkeypatch):
    from django.core.exceptions import ImproperlyConfigured

    from scorekeeper import settings as project_settings

    monkeypatch.setenv("IMPORTS_AT_ONCE", "0")
    with pytest.raises(ImproperlyConfigured, match="IMPORTS_AT_ONCE"):
        project_settings.imports_at_once()
    monkeypatch.setenv("IMPORTS_AT_ONCE", "2")
    assert project_settings.imports_at_once() == 2
