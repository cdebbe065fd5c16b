"""Two phones saving at once, from threads against a real gunicorn server: every round is saved
once, and the one who came second is told. On SQLite, or on PostgreSQL when DATABASE_URL is."""

import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from functools import partial

import pytest

from .factories import piles
from .live_server import REQUEST_SECONDS, Response, live_server, uses_postgres
from .markup import parse

pytestmark = pytest.mark.database

TAKEN = "Round {} was already saved by someone else."


@pytest.fixture(scope="module")
def server():
    with live_server() as server:
        yield server


@pytest.fixture(scope="module")
def players(server) -> list[int]:
    api = server.api()
    ids = []
    for name in ("Ann", "Bob"):
        answer = api.post("/api/players/", {"name": name})
        assert answer.status_code == 201, answer.text
        ids.append(answer.json()["id"])
    return ids


def new_game(server, players) -> int:
    answer = server.api().post(
        "/api/games/", {"kind": "fourscore", "players": players, "options": {"deals": 20}}
    )
    assert answer.status_code == 201, answer.text
    return answer.json()["id"]


def saved_rounds(server, game: int) -> list[dict]:
    answer = server.api().get(f"/api/games/{game}/")
    assert answer.status_code == 200, answer.text
    return answer.json()["rounds"]


def race(sends: list[partial]) -> list[Response]:
    """Each request in its own thread, sent at the same moment once every thread is connected."""
    barrier = threading.Barrier(len(sends), timeout=REQUEST_SECONDS)
    with ThreadPoolExecutor(max_workers=len(sends)) as pool:
        futures = [pool.submit(send, barrier=barrier) for send in sends]
        return [future.result() for future in futures]


def round_form(players, entry: dict, number: int) -> dict:
    """What the FourScore round page posts for this entry."""
    piles_by_player = {hand["player"]: hand["pile"] for hand in entry["hands"]}
    return {"number": str(number)} | {f"pile_{p}": str(piles_by_player[p]) for p in players}


def number_on_the_form(phone, game: int) -> int:
    page = phone.get(f"/games/{game}/rounds/new/")
    assert page.status_code == 200
    return int(parse(page.text).find("form input[name=number]")["value"])


def totals_on_the_scoreboard(page: str) -> list[int]:
    totals = parse(page).find("tr.totals").find_all("td")
    return [int(total.text.replace("\N{MINUS SIGN}", "-")) for total in totals]


def test_two_phones_saving_the_same_round_over_the_api_save_it_once_and_the_other_hears_409(
    server, players
):
    game = new_game(server, players)
    winners = []
    for number in range(1, 6):
        entries = [piles(players, number, 10 + number), piles(players, 20 + number, number)]
        path = f"/api/games/{game}/rounds/?number={number}"
        answers = race([partial(server.api().post, path, entry) for entry in entries])
        assert sorted(answer.status_code for answer in answers) == [201, 409]
        [winner] = [
            entry for entry, a in zip(entries, answers, strict=True) if a.status_code == 201
        ]
        [loser] = [answer for answer in answers if answer.status_code == 409]
        assert loser.json() == {"detail": TAKEN.format(number)}
        winners.append(winner)
    assert [round_["entry"] for round_ in saved_rounds(server, game)] == winners


def test_two_phones_saving_the_same_round_on_the_page_save_it_once_and_the_other_is_told(
    server, players
):
    game = new_game(server, players)
    phones = [server.browser(), server.browser()]
    path = f"/games/{game}/rounds/new/"
    assert [number_on_the_form(phone, game) for phone in phones] == [1, 1]
    entries = [piles(players, 3, 14), piles(players, 9, 5)]
    answers = race(
        [
            partial(phone.request, "POST", path, form=round_form(players, entry, 1))
            for phone, entry in zip(phones, entries, strict=True)
        ]
    )
    assert [(a.status_code, a.headers["Location"]) for a in answers] == [
        (302, f"/games/{game}/")
    ] * 2
    rounds = saved_rounds(server, game)
    assert len(rounds) == 1, rounds
    winner = entries.index(rounds[0]["entry"])
    loser_sees = phones[1 - winner].get(f"/games/{game}/").text
    assert TAKEN.format(1) in loser_sees
    assert totals_on_the_scoreboard(loser_sees) == [h["pile"] for h in entries[winner]["hands"]]
    assert TAKEN.format(1) not in phones[winner].get(f"/games/{game}/").text


def test_a_form_sent_twice_at_once_saves_one_round(server, players):
    game = new_game(server, players)
    phone = server.browser()
    number = number_on_the_form(phone, game)
    entry = piles(players, 6, 2)
    path = f"/games/{game}/rounds/new/"
    send = partial(phone.request, "POST", path, form=round_form(players, entry, number))
    answers = race([send, send])
    assert [(a.status_code, a.headers["Location"]) for a in answers] == [
        (302, f"/games/{game}/")
    ] * 2
    assert [(r["number"], r["entry"]) for r in saved_rounds(server, game)] == [(1, entry)]


def test_a_form_sent_again_after_its_answer_was_lost_saves_one_round(server, players):
    game = new_game(server, players)
    phone = server.browser()
    number = number_on_the_form(phone, game)
    form = round_form(players, piles(players, 4, 8), number)
    path = f"/games/{game}/rounds/new/"
    phone.request("POST", path, form=form, read_answer=False)  # the Wi-Fi drops: no answer
    deadline = time.monotonic() + 10
    while not saved_rounds(server, game) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(saved_rounds(server, game)) == 1, "the first request was never saved"
    answer = phone.request("POST", path, form=form)  # the phone sends it again
    assert (answer.status_code, answer.headers["Location"]) == (302, f"/games/{game}/")
    assert [r["entry"] for r in saved_rounds(server, game)] == [piles(players, 4, 8)]


def test_many_phones_saving_the_next_round_at_once_number_the_rounds_1_to_n(server, players):
    game = new_game(server, players)
    entries = [piles(players, pile, 0) for pile in range(12)]
    path = f"/api/games/{game}/rounds/"
    answers = race([partial(server.api().post, path, entry) for entry in entries])
    assert {answer.status_code for answer in answers} <= {201, 409}, [a.text[:300] for a in answers]
    saved = {
        a.json()["number"]: e for e, a in zip(entries, answers, strict=True) if a.status_code == 201
    }
    rounds = saved_rounds(server, game)
    assert [round_["number"] for round_ in rounds] == list(range(1, len(rounds) + 1))
    assert {round_["number"]: round_["entry"] for round_ in rounds} == saved
    assert len(rounds) > 1


@pytest.mark.skipif(uses_postgres(), reason="the suite runs on PostgreSQL: no SQLite file")
def test_the_servers_sqlite_database_is_in_wal_mode(server):
    # The database was set back to SQLite's default journal after migrating (see prepare).
    assert server.api().get("/api/games/").status_code == 200
    with closing(sqlite3.connect(server.sqlite_path)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
