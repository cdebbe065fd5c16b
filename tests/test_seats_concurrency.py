"""Four phones sending their parts of one round at the same instant, against a real gunicorn
server (two workers, four threads each): exactly one round is saved, with every part. On SQLite,
or on PostgreSQL when DATABASE_URL is set (tests/live_server.py)."""

from functools import partial

import pytest

from .live_server import Client, live_server
from .markup import parse
from .test_concurrency import race, saved_rounds

pytestmark = pytest.mark.database

NAMES = ("Ann", "Bob", "Cy", "Dee")


@pytest.fixture(scope="module")
def server():
    with live_server() as server:
        yield server


def game_with_phones(server) -> tuple[int, list[int], list[tuple[Client, str]]]:
    """A FourScore match of four deals, players' phones on, and each player's phone joined."""
    api = server.api()
    ids = []
    for name in NAMES:
        answer = api.post("/api/players/", {"name": name})
        assert answer.status_code in (200, 201), answer.text
        ids.append(answer.json()["id"])
    answer = api.post("/api/games/", {"kind": "fourscore", "players": ids, "options": {"deals": 4}})
    assert answer.status_code == 201, answer.text
    game = answer.json()["id"]
    owner = server.browser()
    assert owner.get(f"/games/{game}/").status_code == 200
    answer = owner.request("POST", f"/games/{game}/phones/", form={"action": "on"})
    assert answer.status_code == 302, answer.text
    code = parse(owner.get(f"/games/{game}/").text).find(".join-code").text
    phones = []
    for position in range(len(NAMES)):
        phone = Client(server)
        assert phone.get(f"/join/{code}/").status_code == 200
        answer = phone.request("POST", f"/join/{code}/", form={"seat": str(position)})
        assert answer.status_code == 302, answer.text
        phones.append((phone, answer.headers["Location"]))
    return game, ids, phones


def test_four_phones_sending_at_the_same_instant_save_exactly_one_round(server):
    game, ids, phones = game_with_phones(server)
    for number in range(1, 4):
        piles = [number + seat for seat in range(len(phones))]
        sends = [
            partial(
                phone.request, "POST", path, form={"stage": f"{number}-hand", "pile": str(pile)}
            )
            for (phone, path), pile in zip(phones, piles, strict=True)
        ]
        answers = race(sends)
        assert [a.status_code for a in answers] == [302] * 4, [a.text[:300] for a in answers]
        rounds = saved_rounds(server, game)
        assert len(rounds) == number, rounds
        assert rounds[-1]["entry"] == {
            "hands": [{"player": p, "pile": pile} for p, pile in zip(ids, piles, strict=True)]
        }
        # Exactly one phone's part was the last: that phone heard that the round is saved.
        said = [a.headers["Location"].rsplit("said=", 1)[-1] for a in answers]
        assert sorted(said) == ["saved", "sent", "sent", "sent"], said
