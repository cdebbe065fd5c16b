"""Two app servers (gunicorn each, with its own memory, as two machines would be) on one database
and one Redis: whatever is written through one is read through the other at once, the limits
on log-ins, sign-ups and join codes count what both saw, and "sign out everywhere" ends the
sessions on both."""

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from tests.live_server import Client, LiveServer, fresh_database, redis_server

pytestmark = pytest.mark.database

LIMIT = 3  # wrong passwords, sign-ups and wrong codes allowed (set low: fewer requests)


@pytest.fixture(scope="module")
def servers():
    if shutil.which("redis-server") is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is missing (Debian's redis-server package)")
        pytest.skip("redis-server is missing (Debian's redis-server package)")
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-two-"))
    try:
        with fresh_database(workdir) as database_url, redis_server() as redis_url:
            limits = {"LOGIN_ATTEMPTS_LIMIT": str(LIMIT), "SIGNUPS_PER_ADDRESS": str(LIMIT)}
            pair = []
            for name in ("one", "two"):
                (workdir / name).mkdir()
                settings = {"REDIS_URL": redis_url, **limits}
                pair.append(LiveServer(workdir / name, database_url, settings=settings))
            pair[0].prepare()
            pair[1].tokens = pair[0].tokens
            try:
                for server in pair:
                    server.start()
                yield pair
            finally:
                for server in pair:
                    server.stop()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def new_game(api: Client) -> tuple[int, list[int]]:
    ids = [api.post("/api/players/", {"name": name}).json()["id"] for name in ("Kim", "Lou")]
    game = api.post("/api/games/", {"kind": "fourscore", "players": ids, "options": {"deals": 5}})
    assert game.status_code == 201, game.text
    return game.json()["id"], ids


def piles(ids, *counts):
    return {"hands": [{"player": p, "pile": n} for p, n in zip(ids, counts, strict=True)]}


def test_a_round_saved_through_one_is_on_the_others_page_and_api_at_once(servers):
    one, two = servers
    game, ids = new_game(one.api())
    phone = two.browser()
    page = phone.get(f"/games/{game}/")
    assert page.status_code == 200 and 'id="round-1"' not in page.text  # its pad now cached
    poll = phone.get(f"/games/{game}/", headers={"HX-Request": "true"})
    for number in (1, 2):
        saved = one.api().post(f"/api/games/{game}/rounds/", piles(ids, number, 4))
        assert saved.status_code == 201, saved.text
        assert f'id="round-{number}"' in phone.get(f"/games/{game}/").text
        rounds = two.api().get(f"/api/games/{game}/").json()["rounds"]
        assert [r["number"] for r in rounds] == list(range(1, number + 1))
    again = phone.get(
        f"/games/{game}/", headers={"HX-Request": "true", "If-None-Match": poll.headers["ETag"]}
    )
    assert again.status_code == 200 and 'id="round-2"' in again.text


def test_wrong_passwords_sent_to_both_count_as_one_limit(servers):
    phones = [Client(server) for server in servers]
    for phone in phones:
        assert phone.get("/accounts/login/").status_code == 200
    wrong = {"username": "nobody", "password": "not it"}
    answers = [
        phones[n % 2].request("POST", "/accounts/login/", form=wrong).status_code
        for n in range(LIMIT + 1)
    ]
    assert answers == [200] * LIMIT + [429]
    assert phones[0].request("POST", "/accounts/login/", form=wrong).status_code == 429


def test_sign_ups_on_both_count_as_one_limit(servers):
    answers = []
    for n in range(LIMIT + 1):
        phone = Client(servers[n % 2])
        assert phone.get("/accounts/signup/").status_code == 200
        form = {"username": f"new{n}", "password1": "a long new password 7", "password2": ""}
        form["password2"] = form["password1"]
        answers.append(phone.request("POST", "/accounts/signup/", form=form).status_code)
    assert answers == [302] * LIMIT + [429]


def test_wrong_join_codes_typed_on_both_count_as_one_limit(servers):
    phones = [Client(server) for server in servers]
    for phone in phones:
        assert phone.get("/join/").status_code == 200
    answers = [
        phones[n % 2].request("POST", "/join/", form={"code": "ZZZZZZ"}).status_code
        for n in range(LIMIT + 1)
    ]
    assert answers == [400] * LIMIT + [429]


def test_signing_out_everywhere_on_one_ends_the_session_on_the_other(servers):
    one, two = servers
    here, there = one.browser("bea"), two.browser("bea")
    assert there.get("/accounts/").status_code == 200
    assert here.get("/accounts/").status_code == 200
    answer = here.request("POST", "/accounts/logout_everywhere/", form={})
    assert answer.status_code == 302
    assert there.get("/accounts/").status_code == 302, "the other server kept the session"
    assert here.get("/accounts/").status_code == 200  # this phone stays signed in
