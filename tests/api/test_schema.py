"""GET /api/schema/ and /api/docs/: a valid OpenAPI 3 schema that every response matches."""

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from jsonschema import ValidationError
from openapi_schema_validator import OAS30Validator
from openapi_spec_validator import validate

from tests.factories import PASSWORD, piles

from .conftest import add_players, bids, post_round, start_game

pytestmark = pytest.mark.django_db

API_MD = Path(__file__).resolve().parents[2] / "docs" / "api.md"

# Every path of docs/api.md, with its path parameters unnamed.
CONTRACT_PATHS = {
    "/api/auth/token/",
    "/api/players/",
    "/api/players/{}/stats/",
    "/api/ratings/{}/",
    "/api/nights/",
    "/api/nights/{}/",
    "/api/rules/",
    "/api/games/",
    "/api/games/{}/",
    "/api/games/{}/rounds/",
    "/api/games/{}/rounds/{}/",
    "/api/referee/fortytwo/",
    "/api/referee/fortyfives/",
    "/api/export/",
    "/api/import/",
}


@pytest.fixture
def schema(anonymous):
    response = anonymous.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return response.json()


def unnamed(path):
    return re.sub(r"\{[^}]*\}", "{}", path)


def validator(schema, body_schema):
    # The body's schema as the root, beside the components its $refs point to.
    return OAS30Validator({**body_schema, "components": schema["components"]})


class ResponseChecker:
    """Checks responses against the schema's operation and remembers which were checked."""

    def __init__(self, schema):
        self.schema = schema
        self.checked = set()

    def __call__(self, path, method, response):
        operation = self.schema["paths"][path][method]
        documented = operation["responses"].get(str(response.status_code))
        assert documented, f"{method} {path} answered {response.status_code}, not documented"
        if "content" not in documented:
            assert response.content == b""
        else:
            body_schema = documented["content"]["application/json"]["schema"]
            validator(self.schema, body_schema).validate(response.json())
        self.checked.add((path, method, response.status_code))
        return response


def test_the_schema_is_valid_openapi_3(schema):
    assert schema["openapi"].startswith("3.")
    validate(schema)


def test_the_schema_has_every_path_of_the_contract(schema):
    assert {unnamed(path) for path in schema["paths"]} >= CONTRACT_PATHS


def test_the_contract_lists_no_path_the_schema_lacks(schema):
    # /api/schema/ and /api/docs/ serve the schema itself, so they are not in it.
    written = set(re.findall(r"(/api/[\w/{}]*/)", API_MD.read_text())) - {
        "/api/schema/",
        "/api/docs/",
    }
    assert {unnamed(path) for path in written} >= CONTRACT_PATHS
    assert {unnamed(path) for path in written} <= {unnamed(path) for path in schema["paths"]}


def test_the_contract_says_every_operation_of_the_schema(schema):
    """Each method of each path, as api.md writes a call: `GET /api/games/`."""
    written = {
        (method, unnamed(path))
        for method, path in re.findall(
            r"`(GET|POST|PUT|PATCH|DELETE) (/api/[\w/{}]*/)", API_MD.read_text()
        )
    }
    operations = {
        (method.upper(), unnamed(path))
        for path, methods in schema["paths"].items()
        for method in methods
        if method in ("get", "post", "put", "patch", "delete")
    }
    assert operations - written == set()


def test_the_schema_documents_the_entry_of_every_kind_so_exactly_one_shape_fits(schema):
    entry = {"$ref": "#/components/schemas/EntryRequest"}
    entries = [
        {"went_out": 1, "hands": [{"player": 1, "grid": [[5, 5, 3], [5, 5, -1]]}]},
        bids([1, 2], [2, 0]),
        bids([1, 2], [2, 0], [2, 5]),
        {"called_by": 1, "hands": [{"player": 1, "points": 7}]},
        {
            "empty_hand": 1,
            "hands": [
                {"player": 1, "cards": []},
                {"player": 2, "cards": [2, 5], "bonus": ["joker"]},
            ],
        },
        {"bidder": 1, "bid": 20},
        {"bidder": 1, "bid": 20, "trump": "hearts", "tricks": {"A": 3, "B": 2}, "high_trump": None},
        piles([1, 2], 7, 0),
    ]
    for sample in entries:
        validator(schema, entry).validate(sample)


def test_every_endpoint_answers_as_the_schema_says(schema, api, anonymous, outsider_api):
    check = ResponseChecker(schema)
    token = anonymous.post(
        "/api/auth/token/", {"username": "ann", "password": PASSWORD}, format="json"
    )
    check("/api/auth/token/", "post", token)
    check("/api/auth/token/", "post", anonymous.post("/api/auth/token/", {}, format="json"))

    players = "/api/players/"
    check(players, "post", api.post(players, {"name": "Ann"}, format="json"))
    check(players, "post", api.post(players, {"name": "ann"}, format="json"))
    check(players, "post", api.post(players, [1], format="json"))
    check(players, "get", anonymous.get(players))
    bob, cy, dee = add_players(api, "Bob", "Cy", "Dee")
    ann = api.get(players).json()[0]["id"]
    check(players, "get", api.get(players))

    nights = "/api/nights/"
    night = check(nights, "post", api.post(nights, {"date": "2026-11-21"}, format="json"))
    check(nights, "post", api.post(nights, {"date": "never"}, format="json"))

    games = "/api/games/"
    check(games, "post", api.post(games, {"kind": "fortyfives", "players": [ann]}, format="json"))
    forty_fives = start_game(api, "fortyfives", [ann, bob, cy, dee], night=night.json()["id"])
    fourscore = start_game(api, "fourscore", [ann, bob], options={"deals": 2})
    forty_two = check(
        games, "post", api.post(games, {"kind": "fortytwo", "players": [ann, bob]}, format="json")
    ).json()
    under10 = start_game(api, "under10", [ann, bob])
    fortybelow = start_game(api, "fortybelow", [ann, bob], options={"rounds": 1})
    check(games, "get", api.get(games))

    rounds, round_ = "/api/games/{game_id}/rounds/", "/api/games/{game_id}/rounds/{number}/"

    def at(game, number=None):
        return f"/api/games/{game['id']}/rounds/" + (f"{number}/" if number else "")

    check(rounds, "post", api.post(at(forty_fives), {"bidder": ann, "bid": 20}, format="json"))
    check(rounds, "post", api.post(at(forty_fives), {"bidder": ann, "bid": 20}, format="json"))
    check(
        round_,
        "patch",
        api.patch(
            at(forty_fives, 1),
            {"bidder": ann, "bid": 20, "tricks": {"A": 3, "B": 2}, "high_trump": "A"},
            format="json",
        ),
    )
    check(rounds, "post", api.post(at(forty_two), bids([ann, bob], [2, 0]), format="json"))
    check(round_, "put", api.put(at(forty_two, 1), bids([ann, bob], [3, 0], [3, 4]), format="json"))
    check(round_, "put", api.put(at(forty_two, 1), bids([ann, bob], [3, 0], [3, 3]), format="json"))
    check(round_, "patch", api.patch(at(forty_two, 2), bids([ann, bob], [3, 0]), format="json"))
    post_round(
        api,
        under10["id"],
        {
            "called_by": ann,
            "hands": [
                {"player": ann, "cards": [1, 2]},
                {"player": bob, "points": 9, "bonus": ["trade_card"]},
            ],
        },
    )
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
    post_round(api, fourscore["id"], piles([ann, bob], 3, 4))
    post_round(api, fourscore["id"], piles([ann, bob], 3, 4))
    check(rounds, "post", api.post(at(fourscore), piles([ann, bob], 3, 4), format="json"))
    check(rounds, "post", outsider_api.post(at(fourscore), piles([ann, bob], 3, 4), format="json"))
    check(round_, "delete", api.delete(at(fourscore, 1)))
    check(round_, "delete", api.delete(at(fourscore, 2)))
    check(round_, "delete", api.delete(at(fourscore, 2)))
    check(round_, "put", api.put(at(fourscore, 2), piles([ann, bob], 3, 4), format="json"))

    game = "/api/games/{game_id}/"
    for each in (forty_fives, fourscore, forty_two, under10, fortybelow):
        check(game, "get", api.get(f"/api/games/{each['id']}/"))
    check(game, "get", outsider_api.get(f"/api/games/{fourscore['id']}/"))

    night_path = "/api/nights/{night_id}/"
    check(night_path, "get", api.get(f"/api/nights/{night.json()['id']}/"))
    check(night_path, "get", outsider_api.get(f"/api/nights/{night.json()['id']}/"))
    check(nights, "get", api.get(nights))
    stats = "/api/players/{player_id}/stats/"
    check(stats, "get", api.get(f"/api/players/{ann}/stats/"))
    check(stats, "get", api.get(f"/api/players/{bob}/stats/"))
    check(stats, "get", outsider_api.get(f"/api/players/{ann}/stats/"))
    ratings = "/api/ratings/{kind}/"
    check(ratings, "get", api.get("/api/ratings/fourscore/"))
    check(ratings, "get", api.get("/api/ratings/fortybelow/"))  # finished: rated
    check(ratings, "get", api.get("/api/ratings/chess/"))
    check(ratings, "get", anonymous.get("/api/ratings/fourscore/"))
    check("/api/rules/", "get", api.get("/api/rules/"))
    forty_two_trick = "/api/referee/fortytwo/"
    for trick in ({"trump_card": "2S", "plays": ["QH", "AH", "4S", "QD"]}, {"plays": ["QH"]}):
        check(forty_two_trick, "post", api.post(forty_two_trick, trick, format="json"))
    check(forty_two_trick, "post", anonymous.post(forty_two_trick, {}, format="json"))
    forty_fives_trick = "/api/referee/fortyfives/"
    for trick in ({"trump": "clubs", "plays": ["AD", "2D"]}, {"trump": "clubs", "plays": []}):
        check(forty_fives_trick, "post", api.post(forty_fives_trick, trick, format="json"))
    document = check("/api/export/", "get", api.get("/api/export/")).json()
    check("/api/import/", "post", outsider_api.post("/api/import/", document, format="json"))
    check("/api/import/", "post", outsider_api.post("/api/import/", {}, format="json"))

    revoked = anonymous.post(
        "/api/auth/token/", {"username": "ann", "password": PASSWORD}, format="json"
    ).json()["token"]
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {revoked}")
    check("/api/auth/token/", "delete", anonymous.delete("/api/auth/token/"))
    check("/api/auth/token/", "delete", anonymous.delete("/api/auth/token/"))
    anonymous.credentials()

    operations = {(path, method) for path, item in schema["paths"].items() for method in item}
    assert operations <= {(path, method) for path, method, _ in check.checked}
    for status in (200, 201, 204, 400, 401, 404, 409):
        assert any(code == status for _, _, code in check.checked), status


def test_the_schema_is_open_to_anyone(anonymous):
    assert anonymous.get("/api/schema/").status_code == 200


def test_the_documentation_page_works_offline(anonymous):
    response = anonymous.get("/api/docs/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    assert '<script src="/api/docs/?script="></script>' in page  # not inline, for the CSP
    assert "/api/schema/" in anonymous.get("/api/docs/?script=").content.decode()
    assert "https://" not in page and "http://" not in page
    assert finders.find("drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")


def test_the_documentation_page_is_only_read(anonymous):
    """DRF answers OPTIONS by rendering its metadata with the view's renderer: the docs page's
    renderer has no template for it (a 500). The page is read with GET and HEAD alone."""
    assert anonymous.head("/api/docs/").status_code == 200
    for method in ("options", "post", "put", "patch", "delete"):
        assert getattr(anonymous, method)("/api/docs/").status_code == 405, method


def test_the_checks_would_catch_a_response_that_breaks_the_schema(schema):
    game = validator(schema, {"$ref": "#/components/schemas/Game"})
    with pytest.raises(ValidationError):
        game.validate({"id": 1, "kind": "fourscore"})  # most fields missing
    with pytest.raises(ValidationError):
        validator(schema, {"$ref": "#/components/schemas/Round"}).validate(
            {
                "number": 1,
                "dealer": 1,
                "status": "open",
                "entry": {"hands": 3},
                "results": [],
                "notes": [],
            }
        )
