"""Schemathesis fuzzes each operation of /api/schema/ in-process: no 500, every answer documented.

Generated ids are pointed at rows that exist (the owner's and another user's), so requests reach
the write path instead of stopping at "not found"; the run is deterministic and bounded.
"""

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from schemathesis.config import SchemathesisConfig
from schemathesis.core.failures import FailureGroup

from games.kinds import GAMES
from tests.factories import piles

from .conftest import add_players, bids, post_round, start_game

pytestmark = [pytest.mark.django_db, pytest.mark.database]

EXAMPLES_PER_OPERATION = 25

CONFIG = SchemathesisConfig.from_dict(
    {
        "seed": 8,
        "generation": {
            "max-examples": EXAMPLES_PER_OPERATION,
            "deterministic": True,
            "database": "none",
        },
        "checks": {
            # Entries of the right shape still break a game's rules: a 400 is a right answer.
            "positive_data_acceptance": {"enabled": False},
        },
        # The export document's schema is deep: the coverage phase would send 500 edge cases and
        # each generated document takes a quarter of a second to make (tests/api/test_transfer.py
        # and test_robustness.py send it hand-made and random documents).
        "operations": [
            {
                "include-path": "/api/import/",
                "phases": {"coverage": {"enabled": False}},
                "generation": {"max-examples": 10},
            }
        ],
    }
)
_django = WSGIHandler()


def django_app(environ, start_response):
    """Django as a WSGI app that keeps the test's database connection open.

    Django closes connections at the start and end of each request; in a test that would close
    the one holding the test's transaction (PostgreSQL, with CONN_MAX_AGE). Django's test client
    unhooks the same signal around each request, and so does this.
    """
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        response = _django(environ, start_response)
        body = b"".join(response)
        response.close()  # sends request_finished while it is unhooked
        return [body]
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


schema = schemathesis.openapi.from_wsgi("/api/schema/", django_app, config=CONFIG)


def _client_of(user) -> tuple[APIClient, str]:
    key = Token.objects.create(user=user).key
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client, key


@pytest.fixture
def tables(owner, outsider):
    """Rows of every kind for the owner (games of every kind, open, running and finished) and a
    few of another user's; the ids the fuzzer's generated ids are pointed at."""
    api, key = _client_of(owner)
    other, _ = _client_of(outsider)
    ann, bob, cy, dee = add_players(api, "Ann", "Bob", "Cy", "Dee")
    eve, flo = add_players(other, "Eve", "Flo")
    night = api.post("/api/nights/", {"date": "2026-11-21"}, format="json").json()["id"]
    other_night = other.post("/api/nights/", {"date": "2026-11-21"}, format="json").json()["id"]
    fourscore = start_game(api, "fourscore", [ann, bob], night=night, options={"deals": 5})
    post_round(api, fourscore["id"], piles([ann, bob], 3, 4))
    post_round(api, fourscore["id"], piles([ann, bob], 5, 0))
    fortytwo = start_game(api, "fortytwo", [ann, bob, cy])
    post_round(api, fortytwo["id"], bids([ann, bob, cy], [2, 0, 3]))  # open: bids only
    fortyfives = start_game(api, "fortyfives", [ann, bob, cy, dee])
    under10 = start_game(api, "under10", [ann, bob, cy])
    fortybelow = start_game(api, "fortybelow", [ann, bob], options={"rounds": 1})
    post_round(
        api,
        fortybelow["id"],
        {
            "went_out": bob,
            "hands": [
                {"player": ann, "grid": [[1, 1, 1], [1, 1, 1]]},
                {"player": bob, "grid": [[2, 2, 2], [3, 3, 3]]},
            ],
        },
    )
    theirs = start_game(other, "fourscore", [eve, flo])
    players = [ann, bob, cy, dee, eve]
    return {
        "token": key,
        "game_id": [g["id"] for g in (fourscore, fortytwo, fortyfives, under10, fortybelow)]
        + [theirs["id"]],
        "number": [1, 2, 3],
        "player_id": players,
        "night_id": [night, other_night],
        "kind": list(GAMES),  # a game's kind in a path: generated from the schema's list
        # Ids inside bodies: players (mostly the owner's) and game nights.
        "player": players,
        "night": [night, other_night],
    }


PLAYER_KEYS = {"player", "players", "went_out", "called_by", "empty_hand", "bidder", "first_dealer"}


def _pick(pool: list[int], value: object) -> object:
    """A generated number turned into one of the pool's ids, deterministically; anything else
    (text, null, a fraction) is left as generated. The coverage phase sends path ids as text."""
    if isinstance(value, str) and value.isascii() and value.isdigit():
        return str(pool[int(value) % len(pool)])
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return pool[value % len(pool)]


def _with_real_ids(value: object, tables: dict, key: str | None = None) -> object:
    if isinstance(value, dict):
        return {k: _with_real_ids(v, tables, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_with_real_ids(item, tables, key) for item in value]
    if key in PLAYER_KEYS:
        return _pick(tables["player"], value)
    if key == "night":
        return _pick(tables["night"], value)
    return value


@schema.parametrize()
# The fixture's rows are shared by an operation's examples on purpose: they are what ids point to.
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_every_operation_answers_generated_requests_as_documented(case, tables):
    if case.path_parameters:
        case.path_parameters = {
            name: _pick(tables[name], value) for name, value in case.path_parameters.items()
        }
    if case.operation.path != "/api/import/" and isinstance(case.body, dict | list):
        case.body = _with_real_ids(case.body, tables)
    case.call_and_validate(
        app=django_app,
        headers={"Authorization": f"Token {tables['token']}", "Accept-Encoding": "identity"},
    )


def test_the_fuzzer_would_catch_a_500_and_an_answer_the_schema_does_not_document():
    def failing(environ, start_response):
        start_response("500 Internal Server Error", [("Content-Type", "application/json")])
        return [b'{"detail": "boom"}']

    def html_404(environ, start_response):
        start_response("404 Not Found", [("Content-Type", "text/html")])
        return [b"<h1>Not Found</h1>"]

    rules = schema["/api/rules/"]["GET"].Case()
    with pytest.raises(FailureGroup, match="Server error"):
        rules.call_and_validate(app=failing)
    game = schema["/api/games/{game_id}/"]["GET"].Case(path_parameters={"game_id": 1})
    with pytest.raises(FailureGroup, match="Undocumented Content-Type"):
        game.call_and_validate(app=html_404)
