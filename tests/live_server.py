"""A real server for the tests that need one: gunicorn in its own process group, on a database of
its own (a SQLite file, or a fresh database on the PostgreSQL server of DATABASE_URL).

Run as `python -m tests.live_server prepare|dump` it is also the small Django script the tests
use to set up and inspect that database from outside the server.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

PROJECT = Path(__file__).resolve().parent.parent
PASSWORD = "a long table password 42"
SECRET_KEY = secrets.token_urlsafe(50)
USERS = ("ann", "bea")
STARTUP_SECONDS = 30
REQUEST_SECONDS = 60  # longer than SQLite's 20 s busy timeout: a queued save answers first


def uses_postgres() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith(("postgres:", "postgresql:"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def fresh_database(workdir: Path) -> Iterator[str]:
    """The URL of an empty database: a file in workdir, or, when the suite runs on PostgreSQL,
    a database made for this server on the same PostgreSQL server and dropped afterwards."""
    if not uses_postgres():
        yield f"sqlite:///{workdir / 'db.sqlite3'}"
        return
    import psycopg

    admin_url = os.environ["DATABASE_URL"]
    name = f"scorekeeper_live_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(urlsplit(admin_url)._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@dataclass
class Response:
    status_code: int
    headers: http.client.HTTPMessage
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode()

    def json(self):
        return json.loads(self.content)


class Client:
    """One phone: its own cookies (or an API token), a new connection for every request.
    `get(path)` and `.json()` on the answer work as with DRF's APIClient."""

    def __init__(self, server: LiveServer, token: str | None = None):
        self.server = server
        self.headers = {"Authorization": f"Token {token}"} if token else {}
        self.cookies: dict[str, str] = {}
        self._lock = threading.Lock()

    def request(
        self,
        method: str,
        path: str,
        *,
        json_body: object = None,
        form: dict | None = None,
        barrier: threading.Barrier | None = None,
        read_answer: bool = True,
        headers: dict[str, str] | None = None,
    ) -> Response | None:
        """Send one request. With a barrier, connect first and send when every thread is
        there, so the requests really overlap; without reading the answer, hang up as soon as
        the request is sent, like a phone losing the Wi-Fi."""
        headers = {**self.headers, **(headers or {})}
        body = None
        if json_body is not None:
            body = json.dumps(json_body).encode()
            headers["Content-Type"] = "application/json"
        with self._lock:
            if form is not None:
                form = {"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **form}
                body = urlencode(form).encode()
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            if self.cookies:
                headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.server.port, timeout=REQUEST_SECONDS
        )
        try:
            connection.connect()
            if barrier is not None:
                barrier.wait()
            connection.request(method, path, body, headers)
            if not read_answer:
                return None
            answer = connection.getresponse()
            response = Response(answer.status, answer.headers, answer.read())
        finally:
            connection.close()
        self._keep_cookies(response.headers)
        return response

    def get(self, path: str, **kwargs) -> Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, json_body: object = None, **kwargs) -> Response:
        return self.request("POST", path, json_body=json_body, **kwargs)

    def _keep_cookies(self, headers: http.client.HTTPMessage) -> None:
        with self._lock:
            for header in headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    if morsel["max-age"] == "0":
                        self.cookies.pop(name, None)
                    else:
                        self.cookies[name] = morsel.coded_value


class LiveServer:
    """gunicorn with two workers of four threads each (or as asked), serving the app on one
    database."""

    def __init__(
        self,
        workdir: Path,
        database_url: str,
        *,
        workers: int = 2,
        threads: int = 4,
        settings: dict[str, str] | None = None,
        users: tuple[str, ...] = USERS,
        timeout: int = 30,  # gunicorn's default: a request running longer kills its worker
    ):
        self.workdir = workdir
        self.database_url = database_url
        self.workers = workers
        self.threads = threads
        self.settings = settings or {}  # more of the environment: the app's settings
        self.users = users
        self.timeout = timeout
        self.log = workdir / "server.log"
        self.port = 0
        self.process: subprocess.Popen | None = None
        self.tokens: dict[str, str] = {}

    @property
    def sqlite_path(self) -> Path | None:
        if not self.database_url.startswith("sqlite:"):
            return None
        return Path(urlsplit(self.database_url).path)

    @property
    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "DJANGO_SETTINGS_MODULE": "tests.live_settings",
            "DEBUG": "false",
            "SECRET_KEY": SECRET_KEY,  # DEBUG=false refuses to start without a real key
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "false",
            **self.settings,
            "LIVE_SERVER_USERS": ",".join(self.users),  # for `prepare`
        }

    def script(self, command: str) -> object:
        """Run `python -m tests.live_server <command>` on this server's database."""
        done = subprocess.run(
            [sys.executable, "-m", "tests.live_server", command],
            cwd=PROJECT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            raise RuntimeError(f"tests.live_server {command} failed:\n{done.stderr}")
        return json.loads(done.stdout)

    def prepare(self) -> None:
        """Migrate the empty database and make the users, each with an API token."""
        self.tokens = self.script("prepare")
        if self.sqlite_path:
            # Migrating opened the file with the app's own settings, which left it in WAL mode:
            # back to SQLite's default, so that WAL from now on is the server's own doing.
            with sqlite3.connect(self.sqlite_path) as db:
                db.execute("PRAGMA journal_mode=DELETE")
            db.close()

    def start(self) -> None:
        self.port = free_port()
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "scorekeeper.wsgi",
                    f"--bind=127.0.0.1:{self.port}",
                    f"--workers={self.workers}",
                    f"--threads={self.threads}",
                    f"--timeout={self.timeout}",
                    "--graceful-timeout=5",
                    "--no-control-socket",  # gunicorn's is one path for the whole machine
                    "--log-level=warning",
                ],
                cwd=PROJECT,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,  # its own process group: the workers die with it
            )
        try:
            self._wait_until_serving()
        except BaseException:
            self.stop()
            raise

    def _wait_until_serving(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited at start:\n{self.log_text()}")
            try:
                answer = Client(self).get("/accounts/login/")
            except OSError:  # not listening yet
                time.sleep(0.1)
                continue
            if answer.status_code == 200:
                return
            raise RuntimeError(f"the server answers {answer.status_code}:\n{self.log_text()}")
        raise RuntimeError(f"the server didn't answer in {STARTUP_SECONDS} s:\n{self.log_text()}")

    def stop(self) -> None:
        """Shut down as an operator would; whatever is left of the group after that is killed."""
        if self.process is None:
            return
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def kill(self) -> None:
        """SIGKILL the master and its workers at once, as a crash or the OOM killer would."""
        if self.process is None:
            return
        with suppress(ProcessLookupError):  # already gone: nothing left to kill
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=15)
        self.process = None

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def api(self, username: str = "ann") -> Client:
        return Client(self, self.tokens[username])

    def browser(self, username: str = "ann") -> Client:
        """A phone logged in through the log-in page."""
        phone = Client(self)
        assert phone.get("/accounts/login/").status_code == 200
        answer = phone.request(
            "POST", "/accounts/login/", form={"username": username, "password": PASSWORD}
        )
        assert answer.status_code == 302, answer.text
        return phone


@contextmanager
def redis_server() -> Iterator[str]:
    """A throwaway Redis (Debian's redis-server) on a free loopback port: its URL. Nothing is
    written to disk; it is stopped afterwards."""
    port = free_port()
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            with suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server didn't start")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=15)


@contextmanager
def live_server(**options) -> Iterator[LiveServer]:
    """A started server on a fresh, migrated database; stopped and cleaned up afterwards.
    `options`: LiveServer's (workers, threads, settings, users, timeout)."""
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-live-"))
    try:
        with fresh_database(workdir) as database_url:
            server = LiveServer(workdir, database_url, **options)
            server.prepare()
            server.start()
            try:
                yield server
            finally:
                server.stop()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


# --- Run inside Django, on the server's database (python -m tests.live_server ...) -------------


def prepare() -> dict[str, str]:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    call_command("migrate", verbosity=0, interactive=False)
    tokens = {}
    for username in os.environ.get("LIVE_SERVER_USERS", ",".join(USERS)).split(","):
        user = get_user_model().objects.create_user(username, password=PASSWORD)
        tokens[username] = Token.objects.create(user=user).key
    return tokens


def dump() -> list[dict]:
    """Every game as saved (rounds, seat facts, finished, updated) beside what the replay of its
    saved entries says the seat facts should be (what the write path's _after_write stores)."""
    from games.models import Game
    from games.scoring import EntryError

    games = []
    for game in Game.objects.order_by("pk"):
        facts = {
            "id": game.pk,
            "updated": game.updated.isoformat(),
            "rounds": [
                {
                    "number": round_.number,
                    "entry": round_.entry,
                    "status": round_.status,
                    "created": round_.created.isoformat(),
                }
                for round_ in game.saved_rounds
            ],
            "saved": {
                "finished": game.finished,
                "seats": {s.player_id: [s.won, s.rank, s.total] for s in game.seats},
            },
        }
        try:
            board = game.replay([round_.entry for round_ in game.saved_rounds])
        except EntryError as error:
            facts["replayed"] = f"the replay fails: {error}"
        else:
            facts["kept_as_replayed"] = game.scoreboard == board
            ranks = {standing.player: standing.rank for standing in board.standings}
            facts["statuses"] = [round_.status for round_ in board.rounds]
            facts["replayed"] = {
                "finished": board.finished,
                "seats": {
                    s.player_id: [
                        s.player_id in board.winners,
                        ranks[s.player_id],
                        board.totals[s.player_id],
                    ]
                    for s in game.seats
                },
            }
        games.append(facts)
    return games


if __name__ == "__main__":
    import django

    django.setup()
    print(json.dumps({"prepare": prepare, "dump": dump}[sys.argv[1]]()))
