"""A real server killed (SIGKILL) while phones save rounds leaves only whole rounds, starts again,
and its JSON export restores exactly. On SQLite, or on PostgreSQL when DATABASE_URL is."""

import http.client
import random
import threading
import time
from datetime import datetime

import pytest

from ..api.test_transfer import export, scoreboards_by_name, without_ids
from ..factories import piles
from ..live_server import live_server

# The kill must land while saves are in flight: a busy machine beside it can leave none.
pytestmark = [pytest.mark.database, pytest.mark.timing]

DEALS = (3, 5, 20, 20, 20)  # FourScore games: two finish before the kill, three go on
PHONES = 6
SAVES_BEFORE_THE_KILL = 40
MOST_REQUESTS_PER_PHONE = 200
GAME_OVER = "The game is over"


@pytest.fixture(scope="module")
def killed():
    """A server killed while six phones keep saving rounds into five games; what the phones
    were told, and the server, whose database is left as the kill left it."""
    with live_server() as server:
        api = server.api()
        players = [api.post("/api/players/", {"name": name}).json()["id"] for name in "ABC"]
        games = []
        for deals in DEALS:
            answer = api.post(
                "/api/games/",
                {"kind": "fourscore", "players": players, "options": {"deals": deals}},
            )
            assert answer.status_code == 201, answer.text
            games.append(answer.json()["id"])

        killing, stop, lock = threading.Event(), threading.Event(), threading.Lock()
        told = {"saved": {}, "201s": 0, "cut off": 0, "unexpected": []}

        def save_rounds(phone: int) -> None:
            client = server.api()
            dice = random.Random(phone)
            for attempt in range(MOST_REQUESTS_PER_PHONE):
                if stop.is_set():
                    return
                game = games[(phone + attempt) % len(games)]
                entry = piles(players, *(dice.randrange(30) for _ in players))
                try:
                    answer = client.post(f"/api/games/{game}/rounds/", entry)
                except ConnectionRefusedError:
                    continue  # sent after the kill: it never reached a server
                except (OSError, http.client.HTTPException) as error:
                    with lock:
                        if killing.is_set():
                            told["cut off"] += 1  # in flight when the server died
                        else:
                            told["unexpected"].append(repr(error))
                    continue
                with lock:
                    if answer.status_code == 201:
                        told["201s"] += 1
                        told["saved"][game, answer.json()["number"]] = entry
                    elif not (answer.status_code == 409 and GAME_OVER in answer.text):
                        told["unexpected"].append((answer.status_code, answer.text[:500]))

        phones = [threading.Thread(target=save_rounds, args=(i,)) for i in range(PHONES)]
        for phone in phones:
            phone.start()
        deadline = time.monotonic() + 30
        while len(told["saved"]) < SAVES_BEFORE_THE_KILL and time.monotonic() < deadline:
            time.sleep(0.01)
        killing.set()
        server.kill()
        stop.set()
        for phone in phones:
            phone.join(timeout=60)
        assert not any(phone.is_alive() for phone in phones)
        yield server, told


@pytest.fixture(scope="module")
def after_the_kill(killed) -> dict[int, dict]:
    server, _ = killed
    return {game["id"]: game for game in server.script("dump")}


@pytest.fixture(scope="module")
def restarted(killed):
    server, _ = killed
    server.start()
    return server


def test_the_server_was_killed_in_the_middle_of_saving(killed):
    _, told = killed
    assert told["unexpected"] == []
    assert len(told["saved"]) >= SAVES_BEFORE_THE_KILL
    assert told["201s"] == len(told["saved"]), "one round number was given out twice"
    assert told["cut off"] >= 1, "no request was in flight when the server was killed"


def test_every_round_answered_as_saved_is_still_there(killed, after_the_kill):
    _, told = killed
    for (game, number), entry in told["saved"].items():
        assert after_the_kill[game]["rounds"][number - 1]["entry"] == entry


def test_the_rounds_left_are_numbered_1_to_n_and_replay_through_the_engine(after_the_kill):
    for game in after_the_kill.values():
        numbers = [round_["number"] for round_ in game["rounds"]]
        assert numbers == list(range(1, len(numbers) + 1))
        assert isinstance(game["replayed"], dict), game["replayed"]
        assert [round_["status"] for round_ in game["rounds"]] == game["statuses"]
        assert game["kept_as_replayed"], "what the rounds keep is not what a replay gives"


def test_the_seats_and_the_finish_kept_on_the_rows_agree_with_the_replay(after_the_kill):
    for game in after_the_kill.values():
        assert game["saved"] == game["replayed"]
        if game["rounds"]:
            last_saved = datetime.fromisoformat(game["rounds"][-1]["created"])
            assert datetime.fromisoformat(game["updated"]) >= last_saved
    assert any(game["saved"]["finished"] for game in after_the_kill.values())


def test_the_restarted_server_saves_the_next_round(restarted, after_the_kill):
    game = next(g for g in after_the_kill.values() if not g["saved"]["finished"])
    players = [int(player) for player in game["saved"]["seats"]]
    answer = restarted.api().post(f"/api/games/{game['id']}/rounds/", piles(players, 1, 2, 3))
    assert answer.status_code == 201, answer.text
    assert answer.json()["number"] == len(game["rounds"]) + 1


def test_the_export_after_the_kill_restores_exactly_into_a_fresh_account(restarted):
    ann, bea = restarted.api("ann"), restarted.api("bea")
    backup = export(ann)
    answer = bea.post("/api/import/", backup)
    assert answer.status_code == 201, answer.text
    assert answer.json() == {"players": 3, "nights": len(backup["nights"]), "games": len(DEALS)}
    assert without_ids(export(bea)) == without_ids(backup)
    assert scoreboards_by_name(bea) == scoreboards_by_name(ann)
