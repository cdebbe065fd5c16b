"""No input yields a 500: junk bodies, wrong types, huge numbers and NUL characters everywhere."""

import pytest
from django.db import DataError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.api.errors import api_exception

from .conftest import add_players, start_game

pytestmark = [pytest.mark.django_db, pytest.mark.database]

# 429: the token endpoint stops answering an address after many wrong passwords.
ANSWERS = {200, 201, 204, 400, 404, 405, 409, 415, 429}

# JSON values, with what breaks code that trusts its input: huge and negative numbers,
# NUL and other control characters, deep nesting, and the keys the API looks for.
KEYS = st.sampled_from(
    [
        "hands",
        "player",
        "grid",
        "bid",
        "tricks",
        "went_out",
        "called_by",
        "empty_hand",
        "points",
        "cards",
        "bonus",
        "bidder",
        "trump",
        "high_trump",
        "A",
        "B",
        "pile",
        "name",
        "date",
        "kind",
        "players",
        "options",
        "rounds",
        "deals",
        "\x00",
    ]
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["\x00", "hearts", "A", "joker", "2026-11-21", "fortyfives"])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(KEYS | st.text(max_size=4), inner, max_size=5)
    ),
    max_leaves=20,
)
FUZZ = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture
def games(api):
    """A game of every kind, each just started."""
    ann, bob, cy, dee = add_players(api, "Ann", "Bob", "Cy", "Dee")
    return [
        start_game(api, kind, [ann, bob, cy, dee][:count])["id"]
        for kind, count in [
            ("fortybelow", 3),
            ("fortytwo", 3),
            ("under10", 3),
            ("fortyfives", 4),
            ("fourscore", 2),
        ]
    ]


WRITES = [
    ("post", "/api/auth/token/"),
    ("post", "/api/players/"),
    ("post", "/api/nights/"),
    ("post", "/api/games/"),
    ("post", "/api/import/"),
]


@FUZZ
@given(body=JSON)
def test_any_json_body_at_any_write_endpoint_is_answered_without_a_crash(api, body):
    for method, url in WRITES:
        response = getattr(api, method)(url, body, format="json")
        assert response.status_code in ANSWERS, (url, body)


@FUZZ
@given(entry=JSON, kind=st.integers(min_value=0, max_value=4))
def test_any_json_entry_for_any_game_is_answered_without_a_crash(api, games, entry, kind):
    game = games[kind]
    assert api.post(f"/api/games/{game}/rounds/", entry, format="json").status_code in ANSWERS
    assert api.patch(f"/api/games/{game}/rounds/1/", entry, format="json").status_code in ANSWERS


@FUZZ
@given(
    entry=st.fixed_dictionaries(
        {
            "hands": st.lists(
                st.fixed_dictionaries(
                    {
                        "player": st.sampled_from([0, 1, 2, 3]),
                        "pile": st.integers(),
                        "bid": st.integers(),
                        "tricks": st.integers(),
                        "points": st.integers(),
                        "grid": JSON,
                        "cards": JSON,
                        "bonus": JSON,
                    }
                ),
                max_size=4,
            )
        },
        optional={
            "went_out": st.sampled_from([0, 1]),
            "called_by": st.sampled_from([0, 1]),
            "empty_hand": st.sampled_from([0, 1]),
            "bidder": st.sampled_from([0, 1]),
            "bid": JSON,
            "tricks": JSON,
            "high_trump": JSON,
        },
    ),
    kind=st.integers(min_value=0, max_value=4),
)
def test_entries_close_to_right_are_answered_without_a_crash(api, games, entry, kind):
    game = api.get(f"/api/games/{games[kind]}/").json()
    seated = [player["id"] for player in game["players"]]

    def seat(index):
        return seated[index % len(seated)]

    entry = {
        **entry,
        "hands": [{**hand, "player": seat(hand["player"])} for hand in entry["hands"]],
    }
    for key in ("went_out", "called_by", "empty_hand", "bidder"):
        if key in entry:
            entry[key] = seat(entry[key])
    response = api.post(f"/api/games/{game['id']}/rounds/", entry, format="json")
    assert response.status_code in ANSWERS


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 100_000 + b"]" * 100_000,
        b'{"name": "\xff\xfe"}',
        b'{"name": 1' + b"0" * 5000 + b"}",
        b'{"name": NaN}',
        b'{"name": 1e400}',
        b"\x00",
        b"",
    ],
)
@pytest.mark.parametrize(
    "url", ["/api/players/", "/api/games/", "/api/nights/", "/api/import/", "/api/auth/token/"]
)
def test_bodies_that_are_not_json_are_a_400(api, body, url):
    response = api.generic("POST", url, body, "application/json")
    assert response.status_code == 400


def test_a_round_body_that_is_not_json_is_a_400(api, games):
    response = api.generic(
        "POST", f"/api/games/{games[0]}/rounds/", b"[" * 100_000, "application/json"
    )
    assert response.status_code == 400


def test_a_huge_number_in_an_entry_is_refused_and_nothing_saved(api, games):
    game = api.get(f"/api/games/{games[4]}/").json()
    entry = {"hands": [{"player": player["id"], "pile": 10**30} for player in game["players"]]}
    response = api.post(f"/api/games/{games[4]}/rounds/", entry, format="json")
    assert response.status_code == 400
    assert "too large" in response.json()["detail"]
    assert api.get(f"/api/games/{games[4]}/").json()["rounds"] == []


@pytest.mark.parametrize(
    "error", [OverflowError("Python int too large to convert"), DataError("integer out of range")]
)
def test_a_number_the_database_cannot_keep_would_be_a_400(error):
    # The engine bounds every number today; this is the answer should a total still outgrow
    # its column (the write path's transaction has then been rolled back).
    refusal = api_exception(error)
    assert refusal.status_code == 400
    assert refusal.detail == {
        "detail": "a number in the request is too large to keep",
        "field": None,
        "round": None,
    }


@pytest.mark.parametrize(
    "url",
    [
        "/api/games/abc/",
        "/api/games/-1/",
        "/api/players/x/stats/",
        "/api/games/1/rounds/%00/",
        "/api/nights/1e3/",
    ],
)
def test_ids_that_are_not_numbers_in_the_address_are_a_404(api, url):
    assert api.get(url).status_code == 404


@pytest.mark.parametrize(
    ("method", "url"),
    [("get", "/api/games/1/rounds/"), ("delete", "/api/players/"), ("put", "/api/games/1/")],
)
def test_a_method_an_endpoint_does_not_take_is_a_405(api, games, method, url):
    assert getattr(api, method)(url).status_code == 405
