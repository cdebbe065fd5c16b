"""`make bench`: the scorekeeper's speed figures, measured side by side in one run, as one table.

It makes its own temporary database (SQLite; or the PostgreSQL database in BENCH_DATABASE_URL),
static files and data, measures, prints the table and cleans up. `--check` exits 1 if a figure
misses its target.
"""

# Django is imported once the environment below is set, since the settings read it.
# ruff: noqa: E402

import argparse
import gzip
import http.client
import io
import itertools
import json
import os
import platform
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from datetime import timedelta
from http.cookies import SimpleCookie
from pathlib import Path

STARTED = time.perf_counter()
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
WORKDIR = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
os.environ.update(
    {
        "DJANGO_SETTINGS_MODULE": "bench.settings",  # the app's, plus /ping/
        "DATABASE_URL": os.environ.get("BENCH_DATABASE_URL")
        or f"sqlite:///{WORKDIR / 'bench.sqlite3'}",
        "STATIC_ROOT": str(WORKDIR / "static"),
        "VERSIONS_CACHE_DIR": str(WORKDIR / "versions"),
        "DEBUG": "false",  # as in production: no SQL log, no debug pages
        "SECRET_KEY": secrets.token_urlsafe(50),  # DEBUG=false needs a key of its own
        "LOG_LEVEL": "ERROR",
    }
)

import django

django.setup()

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from games.caches import VersionsCache
from rest_framework.authtoken.models import Token

from bench import entries
from games.kinds import GAMES
from games.models import Game, GameNight, Player, Round

KB = 1000
SERVER_TIME_TARGET = 3.0  # times the minimal signed-in view
SAVE_TARGET = 2.5  # a save of round 201, by the API, in the worker that kept the game
FIRST_LOAD_TARGET = 50 * KB
UPDATE_TARGET = 10 * KB
NOT_MODIFIED_TARGET = 500  # bytes: a 304 is a status line and a few headers
LARGE_UNDER10_ROUNDS = 201
REPEATS = 15  # timings per server-time figure, each beside one of the minimal view
LOAD_TABLES = 6  # simulated tables in the load test, one thread and one account each
LOAD_REQUESTS_PER_TABLE = 150
LOAD_SECONDS = 30  # the load test stops here even with requests left
ACCEPT_ENCODING = "gzip, deflate, br"  # as phones' browsers send it


@dataclass
class Figure:
    section: str
    name: str
    value: str
    target: str = ""
    passed: bool | None = None  # None: a figure with no target


def progress(message: str) -> None:
    print(f"bench: {time.perf_counter() - STARTED:4.0f} s  {message}", file=sys.stderr, flush=True)


# --- Requests ---------------------------------------------------------------------------------


@dataclass
class Reply:
    status: int
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> str:
        return next((v for k, v in self.headers if k.lower() == name.lower()), "")

    @property
    def wire_bytes(self) -> int:
        """The response as sent: status line, headers and (compressed) body."""
        head = f"HTTP/1.1 {self.status}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in self.headers)
        return len(head.encode()) + 2 + len(self.body)


class Wsgi:
    """Requests made straight to Django's WSGI application, as gunicorn makes them, minus the
    network. Like gunicorn it closes each response, so Django ends the request (and closes the
    SQLite connection) as it does in production; the test client would skip that."""

    def __init__(self):
        from scorekeeper.wsgi import application  # as gunicorn loads it

        self.application = application

    def request(
        self, method: str, url: str, *, body: bytes = b"", content_type: str = "", **headers
    ) -> Reply:
        path, _, query = url.partition("?")
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "SCRIPT_NAME": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "127.0.0.1",
            "HTTP_ACCEPT_ENCODING": ACCEPT_ENCODING,
            "CONTENT_TYPE": content_type,
            "CONTENT_LENGTH": str(len(body)),
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        environ.update({f"HTTP_{name.upper()}": value for name, value in headers.items()})
        started = {}

        def start_response(status, response_headers, exc_info=None):
            started["status"], started["headers"] = int(status[:3]), response_headers

        response = self.application(environ, start_response)
        try:
            content = b"".join(response)
        finally:
            response.close()
        return Reply(started["status"], started["headers"], content)


def expect(reply: Reply, *statuses: int) -> Reply:
    if reply.status not in statuses:
        raise SystemExit(f"bench: expected {statuses}, got {reply.status}: {reply.body[:300]!r}")
    return reply


@dataclass
class Account:
    """A user signed in on a phone (session and CSRF cookies) and on the API (a token)."""

    user: object
    players: list[Player]
    cookie: str = ""
    csrf: str = ""
    token: str = ""

    @property
    def player_ids(self) -> list[int]:
        return [player.pk for player in self.players]

    def get(self, wsgi: Wsgi, url: str, **headers) -> Reply:
        return wsgi.request("GET", url, COOKIE=self.cookie, **headers)

    def post_form(self, wsgi: Wsgi, url: str, data: dict, **headers) -> Reply:
        return wsgi.request(
            "POST",
            url,
            body=urllib.parse.urlencode(data).encode(),
            content_type="application/x-www-form-urlencoded",
            COOKIE=self.cookie,
            X_CSRFTOKEN=self.csrf,
            **headers,
        )

    def get_api(self, wsgi: Wsgi, url: str) -> Reply:
        return wsgi.request("GET", url, AUTHORIZATION=f"Token {self.token}")

    def post_api(self, wsgi: Wsgi, url: str, payload: dict) -> Reply:
        return wsgi.request(
            "POST",
            url,
            body=json.dumps(payload).encode(),
            content_type="application/json",
            AUTHORIZATION=f"Token {self.token}",
        )


# --- Data -------------------------------------------------------------------------------------


def new_account(wsgi: Wsgi, name: str, player_count: int) -> Account:
    user = get_user_model().objects.create_user(f"bench-{name}-{secrets.token_hex(3)}")
    players = [Player.add(user, f"Player {n}") for n in range(1, player_count + 1)]
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    account = Account(user, players, cookie=f"{settings.SESSION_COOKIE_NAME}={session}")
    # The CSRF cookie as the app hands it to a phone with its first form.
    cookies = SimpleCookie()
    for key, value in account.get(wsgi, "/games/new/?kind=under10").headers:
        if key.lower() == "set-cookie":
            cookies.load(value)
    account.csrf = cookies[settings.CSRF_COOKIE_NAME].value
    account.cookie += f"; {settings.CSRF_COOKIE_NAME}={account.csrf}"
    account.token = Token.objects.create(user=user).key
    return account


def play(account: Account, kind: str, seats: int, count: int, *, night=None, **options) -> Game:
    """A game started through the write path with `count` rounds. All rounds but the last are
    stored at once after a replay has checked them (200 add_round calls take some 15 s); the
    last goes through add_round, which checks them all again and puts the seats in step."""
    players = account.players[:seats]
    game = Game.start(account.user, kind, players, options=options, night=night)
    game_rounds = entries.rounds(kind, [p.pk for p in players], count)
    board = game.replay(game_rounds[:-1])
    Round.objects.bulk_create(
        Round(game=game, number=result.number, entry=entry, status=result.status)
        for entry, result in zip(game_rounds[:-1], board.rounds, strict=True)
    )
    if game_rounds:
        game.add_round(game_rounds[-1], account.user)
    return game


@dataclass
class Data:
    small: Account
    small_game: Game  # Under the 10, 2 players, 1 round
    large: Account
    under10: Game  # Under the 10, 6 players, 200 rounds, nobody out
    fortybelow: Game  # 6 players, all 10 rounds: finished
    typical: Game  # FortyBelow, 4 players, 10 of 20 rounds: the wrk runs' scoreboard
    tables: list[tuple[Account, Game]]  # the load test's


def make_data(wsgi: Wsgi) -> Data:
    """A small account with one short game, and a large one: more players, the two large games
    measured, and twenty more games over five earlier nights."""
    small = new_account(wsgi, "small", 2)
    small_game = play(small, "under10", 2, 1, night=GameNight.tonight(small.user))
    small_game.share()

    large = new_account(wsgi, "large", 12)
    tonight = GameNight.tonight(large.user)
    under10 = play(large, "under10", 6, LARGE_UNDER10_ROUNDS, night=tonight)
    under10.share()
    board = under10.scoreboard
    if board.extras["eliminated"] or board.finished:
        raise SystemExit(f"bench: the long Under the 10 game has eliminations: {board.extras}")
    fortybelow = play(large, "fortybelow", 6, 10, night=tonight)
    typical = play(large, "fortybelow", 4, 10, night=tonight, rounds=20)
    kinds = [("fourscore", 5, {"deals": 10}), ("fortytwo", 4, {}), ("fortyfives", 4, {})]
    for weeks_ago in range(1, 6):
        night = GameNight.objects.create(
            owner=large.user, date=timezone.localdate() - timedelta(weeks=weeks_ago)
        )
        for n in range(4):
            kind, seats, options = kinds[n % len(kinds)]
            play(large, kind, seats, 3 + n, night=night, **options)

    # The load test's tables: an account each, playing the two kinds of games measured.
    tables = []
    for n in range(LOAD_TABLES):
        account = new_account(wsgi, f"table{n}", 6)
        if n % 2 == 0:
            tables.append((account, play(account, "under10", 6, 20)))
        else:
            tables.append((account, play(account, "fortybelow", 6, 0, rounds=20)))
    return Data(small, small_game, large, under10, fortybelow, typical, tables)


# --- Scoring ----------------------------------------------------------------------------------


def scoring_figures() -> list[Figure]:
    """Rounds replayed per second by the pure engine, each game replayed whole for 0.4 s."""
    longest = {  # kind: (players, rounds, options)
        "fortybelow": (6, 20, {"rounds": 20}),
        "fortytwo": (4, 40, {}),
        "under10": (6, LARGE_UNDER10_ROUNDS, {}),
        "fortyfives": (4, 40, {}),
        "fourscore": (6, 20, {"deals": 20}),
    }
    figures = []
    for kind, (seats, count, options) in longest.items():
        rules = GAMES[kind]
        players = list(range(1, seats + 1))
        names = {p: f"Player {p}" for p in players}
        game_rounds = entries.rounds(kind, players, count)
        board = rules.replay(players, game_rounds, players[0], options, names)
        assert len(board.rounds) == count and not board.extras.get("eliminated")
        replays, start = 0, time.perf_counter()
        while time.perf_counter() - start < 0.4:
            rules.replay(players, game_rounds, players[0], options, names)
            replays += 1
        per_second = replays * count / (time.perf_counter() - start)
        figures.append(
            Figure(
                "Scoring engine",
                f"{rules.name}: rounds replayed per second ({seats} players, {count} rounds)",
                f"{per_second:,.0f}/s",
            )
        )
    return figures


# --- Imports ----------------------------------------------------------------------------------

IMPORT_ROUNDS = (250, 500, 1000, 2000)
IMPORT_TARGET_SECONDS = 0.5  # "a 1,000-round game imports in well under a second"
IMPORT_GROWTH_TARGET = 2.5  # per doubling of the rounds: linear is 2


def import_document(rounds: int) -> dict:
    """An export document of one Under the 10 game with `rounds` rounds (6 players)."""
    players = list(range(1, 7))
    return {
        "format": "scorekeeper/1",
        "players": [{"id": p, "name": f"Player {p}"} for p in players],
        "nights": [],
        "games": [
            {
                "id": 1,
                "kind": "under10",
                "night": None,
                "players": players,
                "first_dealer": 1,
                "options": {},
                "rounds": [
                    {"number": n, "entry": entry}
                    for n, entry in enumerate(entries.rounds("under10", players, rounds), start=1)
                ],
            }
        ],
    }


def import_figures(wsgi: Wsgi) -> list[Figure]:
    """POST /api/import/ of one long game, each into an account of its own, as the API is
    called (JSON parsed, shape checked, scored, written)."""
    section = "Import of one Under the 10 game (6 players) by POST /api/import/"
    figures, seconds = [], {}
    for rounds in IMPORT_ROUNDS:
        body = json.dumps(import_document(rounds)).encode()
        tries = []
        for attempt in range(5):  # the best of five: a shared machine's pauses are not the work
            account = new_account(wsgi, f"import{rounds}-{attempt}", 0)
            tries.append(
                timed(
                    lambda account=account, body=body: wsgi.request(
                        "POST",
                        "/api/import/",
                        body=body,
                        content_type="application/json",
                        AUTHORIZATION=f"Token {account.token}",
                    ),
                    201,
                )
            )
        seconds[rounds] = min(tries)
        within = rounds > 1000 or seconds[rounds] <= IMPORT_TARGET_SECONDS
        figures.append(
            Figure(
                section,
                f"{rounds} rounds ({len(body) // KB} KB)",
                f"{seconds[rounds] * 1000:.0f} ms",
                f"≤ {IMPORT_TARGET_SECONDS * 1000:.0f} ms" if rounds <= 1000 else "",
                within if rounds <= 1000 else None,
            )
        )
    for small, large in itertools.pairwise(IMPORT_ROUNDS):
        growth = seconds[large] / seconds[small]
        figures.append(
            Figure(
                section,
                f"Growth from {small} to {large} rounds",
                f"{growth:.1f} times",
                f"≤ {IMPORT_GROWTH_TARGET:g} times",
                growth <= IMPORT_GROWTH_TARGET,
            )
        )
    return figures


# --- Server time ------------------------------------------------------------------------------


def timed(send, *statuses: int) -> float:
    start = time.perf_counter()
    reply = send()
    elapsed = time.perf_counter() - start
    expect(reply, *statuses)
    return elapsed


@dataclass
class Timing:
    """Median seconds of a request and of the three yardsticks timed in turn with it."""

    minimal: float
    signed_in: float
    api: float
    target: float


def side_by_side(wsgi: Wsgi, account: Account, measure) -> Timing:
    """Median seconds of the minimal view, of the minimal signed-in view, of a trivial API call
    with a token and of `measure()`, taken in turns so that whatever slows the machine
    meanwhile slows all alike. Two of each warm up first."""

    def ping() -> float:
        return timed(lambda: wsgi.request("GET", "/ping/"), 200)

    def ping_signed_in() -> float:
        return timed(lambda: account.get(wsgi, "/ping/signed-in/"), 200)

    def trivial_api_call() -> float:
        return timed(lambda: account.get_api(wsgi, "/api/rules/"), 200)

    yardsticks = (ping, ping_signed_in, trivial_api_call, measure)
    for _ in range(2):
        for send in yardsticks:
            send()
    times: list[list[float]] = [[] for _ in yardsticks]
    for _ in range(REPEATS):
        for send, taken in zip(yardsticks, times, strict=True):
            taken.append(send())
    return Timing(*(statistics.median(taken) for taken in times))


def save_again(wsgi: Wsgi, account: Account, game: Game, *, api: bool, before=None):
    """A measure() that takes the game's last round back (not timed) and saves it again from
    the page's form or by the API, so that every save is made on the same, full game.
    `before()` runs between the two, untimed (to forget what the undo kept)."""

    def measure() -> float:
        number = len(game.saved_rounds)
        entry = entries.ROUNDS[game.kind](account.player_ids[: len(game.seats)], number)
        Game.objects.get(pk=game.pk).delete_last_round(number, account.user)
        if before is not None:
            before()
        if api:
            url = f"/api/games/{game.pk}/rounds/?number={number}"
            return timed(lambda: account.post_api(wsgi, url, entry), 201)
        data = entries.form_data(game.kind, entry, number)
        return timed(lambda: account.post_form(wsgi, f"/games/{game.pk}/rounds/new/", data), 302)

    return measure


def server_time_figures(wsgi: Wsgi, data: Data) -> list[Figure]:
    large, u10, fb = data.large, data.under10, data.fortybelow

    def page(game: Game):
        return lambda: timed(lambda: large.get(wsgi, f"/games/{game.pk}/"), 200)

    def page_after_a_save(game: Game, *, same_worker: bool):
        """The page's first read after a round is saved (not timed): by the worker that saved
        it, which holds the new version's replay, or by another one, which reads the replay
        the saving worker wrote to the shared versions cache."""

        def measure() -> float:
            number = len(Game.objects.get(pk=game.pk).saved_rounds)
            entry = entries.ROUNDS[game.kind](large.player_ids[: len(game.seats)], number)
            Game.objects.get(pk=game.pk).delete_last_round(number, large.user)
            Game.objects.get(pk=game.pk).add_round(entry, large.user)
            if not same_worker:
                VersionsCache.forget_here()  # this worker's; the files the saving worker wrote stay
            return page(game)()

        return measure

    def explanation() -> float:
        # A tap on a round's number: its explanation, fetched into the page by htmx.
        url = f"/games/{u10.pk}/rounds/{LARGE_UNDER10_ROUNDS // 2}/"
        return timed(lambda: large.get(wsgi, url, HX_REQUEST="true"), 200)

    def unchanged_poll() -> float:
        # With the ETag of the poll before, as the browser sends it back. 304 is meant; a 200
        # is timed too (the bytes section shows which it was).
        url = f"/games/{u10.pk}/"
        etag = large.get(wsgi, url, HX_REQUEST="true").header("ETag")
        return timed(lambda: large.get(wsgi, url, HX_REQUEST="true", IF_NONE_MATCH=etag), 200, 304)

    def save_elsewhere(game: Game, *, kept_anywhere: bool):
        """A save by a worker that did not save the last round: it continues from the table the
        other worker shared, or (nothing kept anywhere) replays the game from round 1."""

        def forget() -> None:
            VersionsCache.forget_here()  # the undo (another worker's) kept it in this process
            if not kept_anywhere:
                caches["versions"].clear()

        return save_again(wsgi, large, game, api=True, before=forget)

    u10_name = f"Under the 10, 6 players, {LARGE_UNDER10_ROUNDS} rounds"
    fb_name = "FortyBelow, 6 players, 10 rounds"
    saved = f"Round {LARGE_UNDER10_ROUNDS} saved"
    # (figure, measure, its yardstick, target as a multiple of it; 0: a figure only)
    measures = [
        (f"Scoreboard page, {u10_name}", page(u10), "signed_in", SERVER_TIME_TARGET),
        (
            f"Scoreboard page, first read after a save by the worker that saved, {u10_name}",
            page_after_a_save(u10, same_worker=True),
            "signed_in",
            SERVER_TIME_TARGET,
        ),
        (
            f"Scoreboard page, first read after a save by another worker, {u10_name}",
            page_after_a_save(u10, same_worker=False),
            "signed_in",
            SERVER_TIME_TARGET,
        ),
        (f"Scoreboard page, {fb_name}", page(fb), "signed_in", SERVER_TIME_TARGET),
        (
            f"htmx poll of an unchanged scoreboard, {u10_name}",
            unchanged_poll,
            "signed_in",
            SERVER_TIME_TARGET,
        ),
        (
            f"A round's explanation, fetched by a tap on its number, {u10_name}",
            explanation,
            "signed_in",
            SERVER_TIME_TARGET,
        ),
        (f"{saved} from the page, {u10_name}", save_again(wsgi, large, u10, api=False), "", 0),
        (
            f"Last round saved from the page, {fb_name}",
            save_again(wsgi, large, fb, api=False),
            "",
            0,
        ),
        (
            f"{saved} by the API, {u10_name}",
            save_again(wsgi, large, u10, api=True),
            "api",
            SAVE_TARGET,
        ),
        (
            f"{saved} by the API, by another worker than the last save's",
            save_elsewhere(u10, kept_anywhere=True),
            "api",
            SAVE_TARGET,
        ),
        (
            f"{saved} by the API, with nothing kept in any worker (a replay from round 1)",
            save_elsewhere(u10, kept_anywhere=False),
            "",
            0,
        ),
        (
            f"Last round saved by the API, {fb_name}",
            save_again(wsgi, large, fb, api=True),
            "api",
            SAVE_TARGET,
        ),
    ]
    timings = [
        (name, side_by_side(wsgi, large, measure), yardstick, target)
        for name, measure, yardstick, target in measures
    ]
    figures = []
    for section, yardstick in [
        ("Server time, as a multiple of the minimal view (/ping/, no session)", "minimal"),
        (
            "Server time, as a multiple of the minimal signed-in view (/ping/signed-in/: "
            "session and user loaded, as every page of the app)",
            "signed_in",
        ),
        (
            "Server time, as a multiple of a trivial signed-in API call (GET /api/rules/ with "
            "a token)",
            "api",
        ),
    ]:
        for name, timing, aimed_at, target in timings:
            if yardstick != "minimal" and aimed_at not in (yardstick, ""):
                continue
            if aimed_at == "" and yardstick == "api":
                continue
            base = getattr(timing, yardstick)
            ratio = timing.target / base
            value = (
                f"{ratio:.1f} times ({timing.target * 1000:.1f} ms; yardstick {base * 1000:.2f} ms)"
            )
            if aimed_at == yardstick and target:
                figures.append(Figure(section, name, value, f"≤ {target:g} times", ratio <= target))
            else:
                figures.append(Figure(section, name, value))
    return figures


# --- SQL queries ------------------------------------------------------------------------------


def requests_to_count(wsgi: Wsgi, account: Account, game: Game) -> list[tuple]:
    """Each main page, and both ways of saving a round, for one account and its Under the 10
    game: (name, send, the statuses meant, what to do first without counting)."""
    pk, last = game.pk, len(game.saved_rounds)
    players = account.player_ids[: len(game.seats)]
    etag = account.get(wsgi, f"/games/{pk}/", HX_REQUEST="true").header("ETag")
    next_round = entries.form_data("under10", entries.under10_round(players, last + 1), last + 1)
    last_entry = entries.under10_round(players, last)

    def undo_last_round():  # the saves save the last round again
        Game.objects.get(pk=pk).delete_last_round(last, account.user)

    def page(url, **headers):
        return lambda: account.get(wsgi, url, **headers)

    def api(url):
        return lambda: account.get_api(wsgi, url)

    def post(url, data, **headers):
        return lambda: account.post_form(wsgi, url, data, **headers)

    return [
        ("Home", page("/"), (200,), None),
        ("New game", page("/games/new/?kind=under10"), (200,), None),
        ("Scoreboard page", page(f"/games/{pk}/"), (200,), None),
        ("Round form", page(f"/games/{pk}/rounds/new/"), (200,), None),
        ("Round edit", page(f"/games/{pk}/rounds/{last}/edit/"), (200,), None),
        ("Shared link page", lambda: wsgi.request("GET", f"/s/{game.share_token}/"), (200,), None),
        (
            "A round's explanation (htmx)",
            page(f"/games/{pk}/rounds/{last}/", HX_REQUEST="true"),
            (200,),
            None,
        ),
        ("htmx poll, scoreboard changed", page(f"/games/{pk}/", HX_REQUEST="true"), (200,), None),
        (
            "htmx poll, scoreboard unchanged (ETag of the poll before)",
            page(f"/games/{pk}/", HX_REQUEST="true", IF_NONE_MATCH=etag),
            (200, 304),
            None,
        ),
        (
            "htmx round preview",
            post(f"/games/{pk}/rounds/preview/", next_round, HX_REQUEST="true"),
            (200,),
            None,
        ),
        (
            "Round saved from the page",
            post(f"/games/{pk}/rounds/new/", entries.form_data("under10", last_entry, last)),
            (302,),
            undo_last_round,
        ),
        (
            "Round saved by the API",
            lambda: account.post_api(wsgi, f"/api/games/{pk}/rounds/?number={last}", last_entry),
            (201,),
            undo_last_round,
        ),
        ("API: game", api(f"/api/games/{pk}/"), (200,), None),
        ("API: game list", api("/api/games/"), (200,), None),
        ("API: export", api("/api/export/"), (200,), None),
    ]


def count_queries(send, statuses: tuple[int, ...], before) -> int:
    if before:
        before()
    with CaptureQueriesContext(connection) as queries:
        expect(send(), *statuses)
    return len(queries)


def query_figures(wsgi: Wsgi, data: Data) -> list[Figure]:
    """Queries per request for the small account (2 players, 1 game of 1 round) and the large
    one (12 players, 22 games, the one counted of 6 players and 200 rounds): the same for both."""
    small = requests_to_count(wsgi, data.small, data.small_game)
    large = requests_to_count(wsgi, data.large, data.under10)
    figures = []
    for (name, *small_request), (_, *large_request) in zip(small, large, strict=True):
        few, many = count_queries(*small_request), count_queries(*large_request)
        figures.append(
            Figure(
                "SQL queries per request (small account and game / large)",
                name,
                f"{few} / {many}",
                "the same",
                few == many,
            )
        )
    return figures


# --- Bytes over the wire ----------------------------------------------------------------------


def first_load(wsgi: Wsgi, account: Account, game: Game) -> tuple[int, str, bool]:
    """The scoreboard page's first load: its HTML gzip'd as GZipMiddleware sends it, and each
    file it links, compressed as whitenoise serves it (from the collectstatic of this run).
    Returns the bytes, what they are made of, and whether every static file came compressed
    and cached for a year or more under its hashed name."""
    page = expect(account.get(wsgi, f"/games/{game.pk}/"), 200)
    html = gzip.decompress(page.body).decode() if page.header("Content-Encoding") else ""
    total, parts, all_cached = page.wire_bytes, [f"HTML {page.wire_bytes / KB:.1f}"], bool(html)
    for url in re.findall(r'(?:href|src)="(/static/[^"]+)"', html):
        reply = wsgi.request("GET", url)
        max_age = re.search(r"max-age=(\d+)", reply.header("Cache-Control"))
        all_cached &= (
            reply.status == 200
            # PNG icons are compressed already: whitenoise rightly serves them as they are.
            and (reply.header("Content-Encoding") in ("br", "gzip") or url.endswith(".png"))
            and bool(max_age)
            and int(max_age.group(1)) >= 365 * 24 * 3600
        )
        total += reply.wire_bytes
        parts.append(f"{url.rsplit('/', 1)[-1].split('.')[0]} {reply.wire_bytes / KB:.1f}")
    return total, ", ".join(parts), all_cached


def byte_figures(wsgi: Wsgi, data: Data) -> list[Figure]:
    section = "Bytes over the wire (headers and compressed body, in KB of 1000 bytes)"
    figures, all_cached = [], True
    for name, account, game in [
        ("small game", data.small, data.small_game),
        (f"Under the 10, {LARGE_UNDER10_ROUNDS} rounds", data.large, data.under10),
        ("FortyBelow, 10 rounds (finished: no polling, no app.js)", data.large, data.fortybelow),
    ]:
        total, parts, cached = first_load(wsgi, account, game)
        all_cached &= cached
        figures.append(
            Figure(
                section,
                f"First load of the scoreboard, {name}",
                f"{total / KB:.1f} KB ({parts})",
                f"≤ {FIRST_LOAD_TARGET / KB:g} KB",
                total <= FIRST_LOAD_TARGET,
            )
        )
    figures.append(
        Figure(
            section,
            "Static files: brotli or gzip, hashed names cached a year or more",
            "yes" if all_cached else "no",
            "yes",
            all_cached,
        )
    )

    large, u10, fb = data.large, data.under10, data.fortybelow
    players = large.player_ids[:6]
    poll = expect(large.get(wsgi, f"/games/{u10.pk}/", HX_REQUEST="true"), 200)
    number = LARGE_UNDER10_ROUNDS + 1
    u10_form = entries.form_data("under10", entries.under10_round(players, number), number)
    fb_form = entries.form_data("fortybelow", entries.fortybelow_round(players, 10), 10)
    updates = [
        (f"htmx poll, scoreboard changed (Under the 10, {LARGE_UNDER10_ROUNDS} rounds)", poll),
        (
            "htmx round preview, Under the 10",
            large.post_form(wsgi, f"/games/{u10.pk}/rounds/preview/", u10_form, HX_REQUEST="true"),
        ),
        (
            "A round's explanation (htmx), Under the 10, 6 players",
            large.get(wsgi, f"/games/{u10.pk}/rounds/1/", HX_REQUEST="true"),
        ),
        (
            "htmx round preview, FortyBelow (with the grid marks)",
            large.post_form(wsgi, f"/games/{fb.pk}/rounds/preview/", fb_form, HX_REQUEST="true"),
        ),
    ]
    for name, reply in updates:
        expect(reply, 200)
        figures.append(
            Figure(
                section,
                name,
                f"{reply.wire_bytes / KB:.1f} KB",
                f"≤ {UPDATE_TARGET / KB:g} KB",
                reply.wire_bytes <= UPDATE_TARGET,
            )
        )
    # The browser sends back the ETag it was given; GZipMiddleware may have changed it.
    unchanged = large.get(
        wsgi, f"/games/{u10.pk}/", HX_REQUEST="true", IF_NONE_MATCH=poll.header("ETag")
    )
    figures.append(
        Figure(
            section,
            "htmx poll, scoreboard unchanged (ETag of the poll before)",
            f"{unchanged.status}, {unchanged.wire_bytes} bytes",
            f"304, ≤ {NOT_MODIFIED_TARGET} bytes",
            unchanged.status == 304 and unchanged.wire_bytes <= NOT_MODIFIED_TARGET,
        )
    )
    return figures


# --- Load test against gunicorn ---------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_gunicorn(port: int, log: Path) -> subprocess.Popen:
    """gunicorn as the README runs it in production (3 workers), on loopback only."""
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "gunicorn", "scorekeeper.wsgi", "--workers", "3"),
            *("--bind", f"127.0.0.1:{port}", "--log-level", "warning"),
        ],
        cwd=ROOT,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        probe = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        try:
            probe.request("GET", "/ping/")
            if probe.getresponse().status == 200:
                return server
        except OSError:
            pass
        finally:
            probe.close()
        time.sleep(0.2)
    server.terminate()
    server.wait(timeout=30)
    raise SystemExit(f"bench: gunicorn did not start; its log:\n{log.read_text()}")


@dataclass
class TableResult:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    saved: int = 0
    unchanged_polls: int = 0  # polls sent with the ETag of a scoreboard that had not changed
    not_modified: int = 0  # of those, the ones answered 304


def play_table(port: int, account: Account, game: Game, deadline: float) -> TableResult:
    """One table's phone for LOAD_REQUESTS_PER_TABLE requests: of every ten, one scoreboard
    page, eight htmx polls (with the last poll's ETag, as the browser sends it) and one round
    saved from the page's form."""
    result = TableResult()
    server = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    scoreboard = f"/games/{game.pk}/"
    base = {"Cookie": account.cookie, "Accept-Encoding": ACCEPT_ENCODING}
    etag, changed, number = "", True, len(game.saved_rounds) + 1
    for n in range(LOAD_REQUESTS_PER_TABLE):
        if time.monotonic() > deadline:
            break
        step = n % 10
        if step == 0:
            method, url, body, headers, ok = "GET", scoreboard, None, base, (200,)
        elif step < 9:
            headers = {**base, "HX-Request": "true"} | ({"If-None-Match": etag} if etag else {})
            method, url, body, ok = "GET", scoreboard, None, (200, 304)
            result.unchanged_polls += bool(etag and not changed)
        else:
            entry = entries.ROUNDS[game.kind](account.player_ids, number)
            body = urllib.parse.urlencode(entries.form_data(game.kind, entry, number))
            headers = {
                **base,
                "X-CSRFToken": account.csrf,
                "Content-Type": "application/x-www-form-urlencoded",
            }
            method, url, ok = "POST", f"/games/{game.pk}/rounds/new/", (302,)
        start = time.perf_counter()
        try:
            server.request(method, url, body=body, headers=headers)
            response = server.getresponse()
            response.read()
        except (OSError, http.client.HTTPException) as error:
            result.errors.append(f"{method} {url}: {error!r}")
            server.close()
            continue
        result.latencies.append(time.perf_counter() - start)
        if response.status not in ok:
            result.errors.append(f"{method} {url}: {response.status}")
        elif method == "POST":
            # Saved: back to the scoreboard (a refusal would stay on the form, a lost session
            # would go to the log-in page).
            if response.getheader("Location") != scoreboard:
                result.errors.append(f"POST {url}: sent to {response.getheader('Location')}")
            result.saved += 1
            number += 1
            changed = True
        elif step and response.status == 304:
            result.not_modified += 1
        elif step:
            etag, changed = response.getheader("ETag", ""), False
    server.close()
    return result


def load_figures(data: Data) -> list[Figure]:
    port = free_port()
    before = {game.pk: len(game.saved_rounds) for _, game in data.tables}
    results = [TableResult() for _ in data.tables]
    server = start_gunicorn(port, WORKDIR / "gunicorn.log")
    try:
        deadline = time.monotonic() + LOAD_SECONDS

        def run(index: int, account: Account, game: Game) -> None:
            results[index] = play_table(port, account, game, deadline)

        threads = [
            threading.Thread(target=run, args=(index, account, game))
            for index, (account, game) in enumerate(data.tables)
        ]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - start
        memory = worker_memory(server)
    finally:
        server.terminate()
        server.wait(timeout=30)

    latencies = sorted(t for result in results for t in result.latencies)
    errors = [error for result in results for error in result.errors]
    # Every save answered as done must be in the database, once.
    for (_, game), result in zip(data.tables, results, strict=True):
        saved = Round.objects.filter(game=game).count() - before[game.pk]
        if saved != result.saved:
            errors.append(f"game {game.pk}: {result.saved} saves answered, {saved} in the database")
    for error in errors[:5]:
        progress(f"load test error: {error}")
    p50 = latencies[len(latencies) // 2] if latencies else 0
    p99 = latencies[min(len(latencies) - 1, len(latencies) * 99 // 100)] if latencies else 0
    saves = sum(result.saved for result in results)
    unchanged_polls = sum(result.unchanged_polls for result in results)
    not_modified = sum(result.not_modified for result in results)
    section = f"Load test: gunicorn with 3 workers on 127.0.0.1, {len(data.tables)} tables at once"
    return [
        Figure(
            section,
            "Requests: of every ten, 1 page, 8 htmx polls, 1 round saved",
            f"{len(latencies)} in {elapsed:.1f} s, {saves} rounds saved",
        ),
        Figure(section, "Requests per second", f"{len(latencies) / elapsed:.0f}/s"),
        Figure(section, "Latency p50 / p99", f"{p50 * 1000:.1f} ms / {p99 * 1000:.1f} ms"),
        Figure(section, "Errors", str(len(errors)), "0", not errors),
        Figure(
            section,
            "Polls of an unchanged scoreboard answered 304",
            f"{not_modified} of {unchanged_polls}",
            "all",
            not_modified == unchanged_polls,
        ),
        Figure(
            section,
            "Memory per worker after the load test (resident)",
            ", ".join(f"{size / 1e6:.0f} MB" for size in sorted(memory)) or "not readable",
        ),
    ]


# --- Throughput with wrk ----------------------------------------------------------------------

WRK_SECONDS = 5
WRK_CONNECTIONS = 16
SCOREBOARD_SHARE_TARGET = 0.20  # of the static file's requests per second
POLL_SHARE_TARGET = 0.35
SCOREBOARD_P99_TARGET = 0.050  # seconds


@dataclass
class WrkRun:
    per_second: float
    p50: float
    p99: float
    failed: int


def wrk(url: str, headers: dict[str, str]) -> WrkRun:
    """One bounded wrk run (WRK_SECONDS, WRK_CONNECTIONS) against a loopback address."""
    assert url.startswith("http://127.0.0.1:")
    command = ["wrk", "-t2", f"-c{WRK_CONNECTIONS}", f"-d{WRK_SECONDS}s", "--latency", url]
    for name, value in headers.items():
        command[1:1] = ["-H", f"{name}: {value}"]
    out = subprocess.run(command, capture_output=True, text=True, timeout=WRK_SECONDS + 30).stdout

    def seconds(label: str) -> float:
        number, unit = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", out, re.M).groups()
        return float(number) * {"us": 1e-6, "ms": 1e-3, "s": 1.0}[unit]

    failed = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return WrkRun(
        float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        seconds("50%"),
        seconds("99%"),
        int(failed.group(1)) if failed else 0,
    )


def wrk_figures(data: Data) -> list[Figure]:
    """Requests per second at 16 connections against gunicorn (3 workers), each beside a
    whitenoise static file served by the same server in the same run."""
    section = (
        f"Throughput: wrk, {WRK_CONNECTIONS} connections for {WRK_SECONDS} s each, gunicorn "
        "with 3 workers on 127.0.0.1 (share of the static file's requests per second)"
    )
    if shutil.which("wrk") is None:
        return [Figure(section, "wrk", "not installed (make bench installs it as root)")]
    from django.contrib.staticfiles.storage import staticfiles_storage

    account, game = data.large, data.typical
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    signed_in = {"Cookie": account.cookie, "Accept-Encoding": ACCEPT_ENCODING}
    server = start_gunicorn(port, WORKDIR / "gunicorn-wrk.log")
    try:
        probe = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        probe.request("GET", f"/games/{game.pk}/", headers={**signed_in, "HX-Request": "true"})
        response = probe.getresponse()
        response.read()
        etag = response.getheader("ETag", "")
        probe.close()
        static = wrk(base + staticfiles_storage.url("css/app.css"), {"Accept-Encoding": "br"})
        runs = {
            "Log-in page": wrk(base + "/accounts/login/", {"Accept-Encoding": ACCEPT_ENCODING}),
            "Scoreboard page, FortyBelow, 4 players, 10 rounds": wrk(
                f"{base}/games/{game.pk}/", signed_in
            ),
            "htmx poll of that scoreboard, unchanged (304)": wrk(
                f"{base}/games/{game.pk}/",
                {**signed_in, "HX-Request": "true", "If-None-Match": etag},
            ),
            "That game from the API": wrk(
                f"{base}/api/games/{game.pk}/",
                {"Authorization": f"Token {account.token}", "Accept-Encoding": ACCEPT_ENCODING},
            ),
        }
    finally:
        server.terminate()
        server.wait(timeout=30)
    figures = [
        Figure(
            section,
            "Static file (whitenoise, brotli)",
            f"{static.per_second:,.0f}/s, p99 {static.p99 * 1000:.1f} ms",
        )
    ]
    for name, run in runs.items():
        share = run.per_second / static.per_second
        value = f"{share:.0%} ({run.per_second:,.0f}/s), p99 {run.p99 * 1000:.1f} ms"
        if run.failed:
            value += f", {run.failed} failed"
        target, passed = "", None
        if name.startswith("Scoreboard"):
            target = f"≥ {SCOREBOARD_SHARE_TARGET:.0%}, p99 ≤ {SCOREBOARD_P99_TARGET * 1000:.0f} ms"
            passed = share >= SCOREBOARD_SHARE_TARGET and run.p99 <= SCOREBOARD_P99_TARGET
        elif name.startswith("htmx poll"):
            target, passed = f"≥ {POLL_SHARE_TARGET:.0%}", share >= POLL_SHARE_TARGET
        if run.failed:
            passed = False
        figures.append(Figure(section, name, value, target, passed))
    return figures


def worker_memory(server: subprocess.Popen) -> list[int]:
    """Resident memory (bytes) of each of gunicorn's workers: the master's children."""
    sizes = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines())
        except (OSError, ValueError):
            continue
        if fields.get("PPid", "").strip() == str(server.pid):
            sizes.append(int(fields["VmRSS"].split()[0]) * 1024)
    return sizes


# --- The table --------------------------------------------------------------------------------


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if "model name" in line)
    except (OSError, StopIteration):
        pass
    version = ".".join(map(str, connection.get_database_version()))
    where = "a temporary file" if connection.vendor == "sqlite" else "BENCH_DATABASE_URL"
    return (
        f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}, Django {django.get_version()}, "
        f"{connection.display_name} {version} ({where})"
    )


def print_table(figures: list[Figure]) -> None:
    print(f"Scorekeeper benchmark, {time.strftime('%Y-%m-%d %H:%M %Z')}")
    print(f"Machine: {machine()}")
    print(f"Run time: {time.perf_counter() - STARTED:.0f} s")
    columns = [
        ("Figure", [f.name for f in figures]),
        ("Value", [f.value for f in figures]),
        ("Target", [f.target for f in figures]),
        ("Result", ["pass", "FAIL"]),
    ]
    widths = [max(len(text) for text in [title, *texts]) for title, texts in columns]

    def line(cells: list[str]) -> None:
        print("| " + " | ".join(f"{c:<{w}}" for c, w in zip(cells, widths, strict=True)) + " |")

    section = None
    for figure in figures:
        if figure.section != section:
            section = figure.section
            print(f"\n{section}\n")
            line([title for title, _ in columns])
            line(["-" * width for width in widths])
        result = {True: "pass", False: "FAIL", None: ""}[figure.passed]
        line([figure.name, figure.value, figure.target, result])
    missed = sum(f.passed is False for f in figures)
    print(f"\n{missed} of {sum(f.passed is not None for f in figures)} targets missed.")


def remove_accounts(data: Data) -> None:
    """On a PostgreSQL database of the caller's, take out everything the benchmark made."""
    users = [data.small.user, data.large.user, *(account.user for account, _ in data.tables)]
    Game.objects.filter(owner__in=users).delete()  # first: the games' seats protect the players
    get_user_model().objects.filter(pk__in=[user.pk for user in users]).delete()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    check = parser.parse_args().check
    data = None
    try:
        progress("migrating a temporary database, collecting static files")
        call_command("migrate", interactive=False, verbosity=0)
        # The pages measured link only the app's and django-htmx's files; compressing the
        # admin's and Swagger UI's as well would add some 40 s of brotli.
        call_command(
            "collectstatic",
            interactive=False,
            verbosity=0,
            ignore_patterns=["admin", "rest_framework", "drf_spectacular_sidecar"],
        )
        wsgi = Wsgi()
        progress("playing the games to measure")
        data = make_data(wsgi)
        progress("scoring engine")
        figures = scoring_figures()
        progress("server time")
        figures += server_time_figures(wsgi, data)
        progress("queries per request")
        figures += query_figures(wsgi, data)
        progress("bytes over the wire")
        figures += byte_figures(wsgi, data)
        progress("imports of 250 to 2,000 rounds")
        figures += import_figures(wsgi)
        progress(f"load test: {LOAD_TABLES} tables against gunicorn on 127.0.0.1")
        figures += load_figures(data)
        progress("throughput: wrk at 16 connections against gunicorn, beside a static file")
        figures += wrk_figures(data)
        print_table(figures)
    finally:
        if data is not None and os.environ.get("BENCH_DATABASE_URL"):
            remove_accounts(data)
        shutil.rmtree(WORKDIR, ignore_errors=True)
    return 1 if check and any(f.passed is False for f in figures) else 0


if __name__ == "__main__":
    sys.exit(main())
