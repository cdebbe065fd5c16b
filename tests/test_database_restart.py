"""A PostgreSQL server restarted under a real gunicorn: a save sent while it is down answers 503
with Retry-After (the phone's queue keeps the round and sends it again), never 500, and the same
save sent again once it is back is saved once. The server is this test's own (the system's
PostgreSQL binaries, a throwaway cluster on loopback), so it can be stopped."""

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .factories import piles
from .live_server import free_port, live_server

PG_CTL = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))

pytestmark = [
    pytest.mark.skipif(not PG_CTL, reason="no PostgreSQL server binaries here"),
    pytest.mark.database,
]


class Postgres:
    """A throwaway PostgreSQL cluster, stopped and started at will."""

    def __init__(self, folder: Path):
        self.bin = Path(PG_CTL[-1]).parent
        self.folder = folder
        self.port = free_port()
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def run(self, *command: str) -> None:
        as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run([*as_postgres, *command], check=True, capture_output=True, timeout=60)

    def init(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        data = str(self.folder / "data")
        self.run(str(self.bin / "initdb"), "-D", data, "-A", "trust", "-U", "postgres")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.run(
            str(self.bin / "pg_ctl"),
            *("-D", str(self.folder / "data"), "-l", str(self.folder / "log"), "-w"),
            *("-o", options, "start"),
        )

    def stop(self) -> None:
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "fast", "stop")


@contextmanager
def postgres() -> Iterator[Postgres]:
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-pg-"))
    server = Postgres(folder)
    try:
        server.init()
        server.start()
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_save_while_postgresql_restarts_is_a_503_and_saved_once_when_sent_again(monkeypatch):
    with postgres() as database:
        monkeypatch.setenv("DATABASE_URL", database.url)
        with live_server() as server:
            api = server.api()
            players = [api.post("/api/players/", {"name": n}).json()["id"] for n in ("Ann", "Bo")]
            game = api.post(
                "/api/games/", {"kind": "fourscore", "players": players, "options": {"deals": 3}}
            ).json()["id"]
            phone = server.browser()
            form = {"number": "1", **{f"pile_{p}": "3" for p in players}}
            assert phone.get(f"/games/{game}/rounds/new/").status_code == 200  # its CSRF cookie

            database.stop()
            try:
                page = phone.request("POST", f"/games/{game}/rounds/new/", form=form)
                by_api = api.post(f"/api/games/{game}/rounds/?number=1", piles(players, 3, 3))
            finally:
                database.start()

            assert page.status_code == 503, page.text[:300]
            assert int(page.headers["Retry-After"]) > 0
            assert by_api.status_code == 503, by_api.text[:300]
            assert int(by_api.headers["Retry-After"]) > 0
            assert "nothing was saved" in by_api.json()["detail"]
            assert "Internal Server Error" not in server.log_text()

            again = phone.request("POST", f"/games/{game}/rounds/new/", form=form)
            assert again.status_code == 302
            rounds = api.get(f"/api/games/{game}/").json()["rounds"]
            assert [r["number"] for r in rounds] == [1]
