"""Imports scale with the work (its time: tests/timing/test_import_speed.py), and a document's
size has stated limits, answered 400 naming the limit, never a 500 or a killed worker."""

import gzip
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games import transfer
from games.kinds.under10.rules import GAME as UNDER_THE_TEN
from games.models import MOST_ROUNDS, ROUNDS_WRITTEN_AT_ONCE, Game, Player, Round
from tests.import_load import document as load_document

from ..test_continuing_saves import kept_and_replayed
from .conftest import everything_saved, token_client
from .test_transfer import without_ids

pytestmark = [pytest.mark.django_db, pytest.mark.database]

PLAYERS = [1, 2, 3, 4, 5, 6]


def document(rounds_per_game, games=1):
    return {
        "format": "scorekeeper/1",
        "players": [{"id": p, "name": f"P{p}"} for p in PLAYERS],
        "nights": [],
        "games": [
            {
                "id": game,
                "kind": "under10",
                "night": None,
                "players": PLAYERS,
                "first_dealer": 1,
                "options": {},
                "rounds": [
                    {"number": n, "entry": UNDER_THE_TEN.sample_round(PLAYERS, n)}
                    for n in range(1, rounds_per_game + 1)
                ],
            }
            for game in range(1, games + 1)
        ],
    }


@pytest.mark.parametrize(
    ("change", "detail", "field"),
    [
        (
            lambda d: d["games"][0]["rounds"].extend(
                {"number": n, "entry": UNDER_THE_TEN.sample_round(PLAYERS, n)}
                for n in range(4, MOST_ROUNDS + 2)
            ),
            f"game 1 has {MOST_ROUNDS + 1} rounds; an import takes at most "
            f"{MOST_ROUNDS} rounds in a game",
            "games.0.rounds",
        ),
        (
            lambda d: d["players"].extend(
                {"id": n, "name": f"Q{n}"} for n in range(100, 100 + transfer.MOST_PLAYERS)
            ),
            f"the document has {transfer.MOST_PLAYERS + 6} players; an import takes at most "
            f"{transfer.MOST_PLAYERS}",
            "players",
        ),
    ],
)
def test_a_document_over_a_limit_is_refused_naming_the_limit(api, change, detail, field):
    doc = document(3)
    change(doc)
    before = everything_saved()
    response = api.post("/api/import/", doc, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == detail
    assert response.json()["field"] == field
    assert everything_saved() == before


def test_the_rounds_of_a_whole_document_are_limited_too(api, monkeypatch):
    monkeypatch.setattr(transfer, "MOST_ROUNDS_IN_A_DOCUMENT", 5)
    response = api.post("/api/import/", document(3, games=2), format="json")
    assert response.status_code == 400
    assert response.json()["detail"].startswith(
        "the document has 6 rounds; an import takes at most 5"
    )
    assert not Game.objects.exists()


# --- A long game, scored and written a batch at a time (Game.start) ------------------------

LONG = 2 * ROUNDS_WRITTEN_AT_ONCE + 3  # two whole batches and part of a third


def test_a_long_game_keeps_every_round_as_a_replay_from_scratch_scores_it(api):
    response = api.post("/api/import/", document(LONG), format="json")
    assert response.status_code == 201, response.json()
    game = Game.objects.get()
    assert list(game.rounds.order_by("number").values_list("number", flat=True)) == list(
        range(1, LONG + 1)
    )
    kept_and_replayed(game)  # every row's state and result as a replay from scratch gives them


def test_a_round_past_the_first_batch_that_breaks_a_rule_refuses_the_whole_document(api):
    doc = document(LONG)
    broken = ROUNDS_WRITTEN_AT_ONCE + 2
    doc["games"][0]["rounds"][broken - 1]["entry"]["called_by"] = 999  # nobody at the table
    doc["players"].append({"id": 999, "name": "Zed"})  # in the document, not in the game
    before = everything_saved()
    response = api.post("/api/import/", doc, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "detail": f"game 1, round {broken}: the player who called must be a player at this table",
        "field": f"games.0.rounds.{broken - 1}.entry",
        "round": broken,
    }
    assert everything_saved() == before


# --- Packed with gzip, and large accounts ---------------------------------------------------


def packed(payload: object) -> bytes:
    return gzip.compress(json.dumps(payload).encode())


def post_packed(client, body: bytes, encoding: str = "gzip"):
    return client.generic(
        "POST", "/api/import/", body, "application/json", HTTP_CONTENT_ENCODING=encoding
    )


def test_a_document_packed_with_gzip_imports_as_it_would_unpacked(api):
    response = post_packed(api, packed(document(3)))
    assert response.status_code == 201, response.json()
    assert Round.objects.count() == 3


def test_a_gzip_document_is_known_by_its_first_bytes_without_content_encoding(api):
    response = api.generic("POST", "/api/import/", packed(document(3)), "application/json")
    assert response.status_code == 201, response.json()


def test_a_packed_body_that_unpacks_past_the_limit_is_a_413_and_unpacked_no_further(api):
    bomb = gzip.compress(b" " * (transfer.LARGEST_DOCUMENT + 1024 * 1024), compresslevel=9)
    assert len(bomb) < 100_000
    response = post_packed(api, bomb)
    assert response.status_code == 413
    assert response.json()["detail"] == (
        "the document is larger than 48 MB (unpacked), the most an import reads"
    )


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        (b'{"format": "scorekeeper/1"}', "the document is not gzip, though it says it is"),
        (packed(document(3))[:-20], "the document is cut short: its gzip ends early"),
        (gzip.compress(b"not json"), "JSON parse error - "),
    ],
    ids=["not-gzip", "cut-short", "not-json"],  # gzip's bytes hold the time: an id per run
)
def test_a_body_that_says_gzip_and_is_not_or_is_not_json_is_a_400(api, body, detail):
    response = post_packed(api, body)
    assert response.status_code == 400
    assert response.json()["detail"].startswith(detail)
    assert not Player.objects.exists()


def test_a_body_in_another_encoding_is_refused(api):
    response = post_packed(api, packed(document(3)), encoding="br")
    assert response.status_code == 415
    assert "gzip" in response.json()["detail"]


# A large account: an export is as large as its account, and 52,000 rounds of 42 are about 9 MB.
# Minutes of a core, so it runs once, in .ci/run's PostgreSQL leg (`large`), by the API. The
# page's upload reads the same import; it is shown a document past what an upload keeps in
# memory, so that Django spools it to a temporary file. Django's limit (2.5 MB) is lowered for
# that test: the path is the same, and the import's scale is the large test's.
LARGE = 52_000
PAST_THE_MEMORY_LIMIT = 2_500  # rounds in two games: about 470 kB
KEPT_IN_MEMORY = 256 * 1024  # bytes: the test's FILE_UPLOAD_MAX_MEMORY_SIZE


def kept_by_an_import(document) -> dict:
    """What an import keeps of a document: the players, and each game's kind, seats, first
    dealer and rounds, by name (the options are the game's own, with its defaults filled in)."""
    kept = without_ids(document)
    for game in kept["games"]:
        del game["options"]
    return kept


@pytest.mark.large
@pytest.mark.slow
def test_an_export_of_52000_rounds_imports_by_the_api_packed_and_downloads_again(owner):
    """The large account goes in by the API, packed with gzip as a script sends it, and the
    page's download of it is the same document again, under the import's limit."""
    built = load_document(LARGE)
    assert len(json.dumps(built)) > 2.5 * 1024 * 1024  # past every other request's limit
    answer = post_packed(token_client(owner), packed(built))
    assert answer.status_code == 201, answer.json()
    assert Round.objects.filter(game__owner=owner).count() == LARGE

    owner_page = Client()
    owner_page.force_login(owner)
    download = owner_page.get(reverse("data_export")).content
    assert len(download) < transfer.LARGEST_DOCUMENT
    assert kept_by_an_import(json.loads(download)) == kept_by_an_import(built)


def test_an_export_past_what_an_upload_keeps_in_memory_imports_by_the_your_data_page(
    outsider, settings
):
    """An account's document larger than an upload kept in memory goes into an empty account by
    the "Your data" page, and that account's export is the same document."""
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = KEPT_IN_MEMORY
    built = load_document(PAST_THE_MEMORY_LIMIT)
    assert len(json.dumps(built)) > settings.FILE_UPLOAD_MAX_MEMORY_SIZE
    outsider_page = Client()
    outsider_page.force_login(outsider)
    upload = SimpleUploadedFile("scorekeeper.json", json.dumps(built).encode(), "application/json")
    answer = outsider_page.post(reverse("your_data"), {"document": upload})
    assert answer.status_code == 302, answer.content.decode()[-2000:]

    exported = token_client(outsider).get("/api/export/").json()
    assert sum(len(game["rounds"]) for game in exported["games"]) == PAST_THE_MEMORY_LIMIT
    assert kept_by_an_import(exported) == kept_by_an_import(built)
