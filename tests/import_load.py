"""Large imports sent at once against a real gunicorn, and another user's pages meanwhile: each
import's answers and time, and the other user's longest wait (issue #29's figures).

`tests/timing/test_import_load.py` runs it small; for the figures of the production recipe
(gunicorn, 3 workers, on the PostgreSQL server of DATABASE_URL), four 10,000-round imports:

    DATABASE_URL=postgres://... .venv/bin/python -m tests.import_load --rounds 10000
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from bench import entries

from .live_server import REQUEST_SECONDS, LiveServer, live_server

KIND = "fortytwo"  # short entries: 10,000 rounds fit under the upload limit of 2.5 MB
PLAYERS = [1, 2, 3, 4]
ROUNDS_IN_A_GAME = 2_000  # games.transfer's limit of rounds in one game
IMPORTERS = ("imp1", "imp2", "imp3", "imp4")
OTHER = "other"
POLL_SECONDS = 0.05  # the other user's requests follow each other this closely
LONGEST_RUN = 600  # seconds: every loop here is bounded


def document(rounds: int) -> dict:
    """An export document of `rounds` rounds of 42, in games of up to 2,000 rounds."""
    games = []
    for index, first in enumerate(range(1, rounds + 1, ROUNDS_IN_A_GAME), start=1):
        count = min(ROUNDS_IN_A_GAME, rounds - first + 1)
        games.append(
            {
                "id": index,
                "kind": KIND,
                "night": None,
                "players": PLAYERS,
                "first_dealer": 1,
                "options": {},
                "rounds": [
                    {"number": n, "entry": entry}
                    for n, entry in enumerate(entries.rounds(KIND, PLAYERS, count), start=1)
                ],
            }
        )
    return {
        "format": "scorekeeper/1",
        "players": [{"id": p, "name": f"Player {p}"} for p in PLAYERS],
        "nights": [],
        "games": games,
    }


@dataclass
class Import:
    """One account's import: every answer it got (a 429 is retried after its Retry-After)."""

    account: str
    answers: list[tuple[int, str | None, float]] = field(default_factory=list)  # status, R-A, s
    seconds: float = 0.0  # from the first send to the last answer

    @property
    def status(self) -> int:
        return self.answers[-1][0]


@dataclass
class Figures:
    rounds: int
    body_bytes: int
    imports: list[Import]
    waits: list[float]  # each of the other user's requests, in seconds

    @property
    def longest_wait(self) -> float:
        return max(self.waits)

    def lines(self) -> list[str]:
        said = [f"Four imports of {self.rounds:,} rounds ({self.body_bytes / 1e6:.1f} MB) at once:"]
        for done in self.imports:
            tries = ", ".join(f"{status} after {took:.2f} s" for status, _, took in done.answers)
            said.append(f"  {done.account}: {done.seconds:.2f} s in all ({tries})")
        said.append(
            f"Another user's page, {len(self.waits)} requests meanwhile: longest "
            f"{self.longest_wait:.2f} s, median {sorted(self.waits)[len(self.waits) // 2]:.3f} s"
        )
        return said


def measure(server: LiveServer, rounds: int, *, retry: bool = True) -> Figures:
    """Four accounts each import `rounds` rounds at the same moment (and again after each 429's
    Retry-After, when `retry`), while another user loads their scoreboard page over and over."""
    body = json.dumps(document(rounds), separators=(",", ":"))
    payload = json.loads(body)
    phone = server.browser(OTHER)
    game = _a_game_of_the_other_user(server)
    waits: list[float] = []
    done = threading.Event()

    def other_user() -> None:
        deadline = time.monotonic() + LONGEST_RUN
        while not done.is_set() and time.monotonic() < deadline:
            started = time.perf_counter()
            answer = phone.get(f"/games/{game}/")
            waits.append(time.perf_counter() - started)
            assert answer.status_code == 200, answer.status_code
            time.sleep(POLL_SECONDS)

    barrier = threading.Barrier(len(IMPORTERS), timeout=REQUEST_SECONDS)

    def importing(account: str) -> Import:
        result = Import(account)
        api = server.api(account)
        started = time.perf_counter()
        wait_for = barrier
        deadline = time.monotonic() + LONGEST_RUN
        while time.monotonic() < deadline:
            sent = time.perf_counter()
            answer = api.post("/api/import/", payload, barrier=wait_for)
            wait_for = None
            retry_after = answer.headers.get("Retry-After")
            result.answers.append((answer.status_code, retry_after, time.perf_counter() - sent))
            if answer.status_code != 429 or not retry:
                break
            time.sleep(float(retry_after or 1))
        result.seconds = time.perf_counter() - started
        return result

    with ThreadPoolExecutor(max_workers=len(IMPORTERS) + 1) as pool:
        watching = pool.submit(other_user)
        time.sleep(0.5)  # a few of the other user's requests before the imports
        try:
            imports = list(pool.map(importing, IMPORTERS))
        finally:
            done.set()
        watching.result()
    return Figures(rounds, len(body.encode()), imports, waits)


def _a_game_of_the_other_user(server: LiveServer) -> int:
    api = server.api(OTHER)
    players = [api.post("/api/players/", {"name": name}).json()["id"] for name in ("Ann", "Bo")]
    answer = api.post("/api/games/", {"kind": "fourscore", "players": players})
    assert answer.status_code == 201, answer.text
    game = answer.json()["id"]
    for entry in entries.rounds("fourscore", players, 1):
        assert api.post(f"/api/games/{game}/rounds/", entry).status_code == 201
    return game


def production_like(**settings: str):
    """The production recipe's server: gunicorn with 3 single-threaded workers, --timeout 120."""
    return live_server(
        workers=3,
        threads=1,
        timeout=120,
        users=(*IMPORTERS, OTHER),
        settings={"LOG_LEVEL": "ERROR", **settings},
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--no-retry", action="store_true", help="report each import's first answer")
    arguments = parser.parse_args()
    with production_like() as server:
        figures = measure(server, arguments.rounds, retry=not arguments.no_retry)
    print("\n".join(figures.lines()))
