"""The same answers, proven: the engine the phone runs (Pyodide in static/js/engine-worker.js,
started from the app's own static files as static/js/engine.js starts it) and the server's Python
score hundreds of random games of every registered kind alike.

Each game (drawn deterministically by the games' own hypothesis strategies, so a failure comes
back on the next run) is typed as the round page's forms (42 and Forty Fives now and then bids
first, then completed; the server's open round sent as the entry it keeps) and played through
games.kinds.phone.play in the worker and on CPython: the two answers must be equal, whole (every
round's points, totals, notes, status and dealer; standings, winners, finished, next dealer, the
final state), in English and, for every tenth game, in Dutch; and the CPython answer must be the
rules' own replay, said by Django. Some games carry a broken round (a blank field, a value the
form can't read, an entry the rules refuse): the same error, in English and Dutch, on both sides
and, for a refused entry, the rules' own EntryError.

The engine starts, and each kind's requests go to the worker in one batch (as JSON text), while
the test draws the next kinds' games (two cores); CPython then gives its answers and the answers
are collected in one call. Pyodide's side takes seconds; drawing the games with hypothesis is
most of the test's time (the test prints where the time went)."""

import json
import random
import time
from collections import Counter

import pytest
from django.utils import translation
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from games.kinds import GAMES, phone
from games.offline import engine_runtime
from games.scoring import EntryError
from games.words import said
from tests.test_phone_engine import (
    DUTCH,
    assert_the_same_end,
    form_of,
    names_of,
    request,
    said_rounds,
    test_fortybelow,
    test_fortyfives,
    test_fortytwo,
    test_under10,
    typed_on_the_phone,
)

pytestmark = [pytest.mark.browser, pytest.mark.engine]

GAMES_PER_KIND = 200
DUTCH_EVERY = 10  # every tenth game is played in Dutch too
BROKEN_EVERY = 4  # every fourth game is played again with a broken round


# --- The games: each kind's strategy, drawn deterministically -------------------------------


@st.composite
def fourscore_games(draw):
    """A FourScore match: 2 to 6 players, 1 to 8 deals, most often played to the end."""
    players = list(range(1, draw(st.integers(2, 6)) + 1))
    deals = draw(st.integers(1, 8))
    played = draw(st.one_of(st.just(deals), st.integers(0, deals)))
    piles = st.integers(0, 60)
    entries = [
        {"hands": [{"player": p, "pile": draw(piles)} for p in players]} for _ in range(played)
    ]
    return (
        players,
        entries,
        {"first_dealer": draw(st.sampled_from(players)), "options": {"deals": deals}},
    )


def _fortytwo(game):
    players, first_dealer, entries, _totals, _winners = game
    return players, entries, {"first_dealer": first_dealer}


def _fortyfives(game):
    options, entries = game
    return test_fortyfives.PLAYERS, entries, {"options": options}


def _fortybelow(game):
    players, first_dealer, options, entries = game
    return list(players), entries, {"first_dealer": first_dealer, "options": options}


def _under10(game):
    players, setup, entries = game
    return players, entries, setup


STRATEGIES = {
    "fortytwo": test_fortytwo.whole_games().map(_fortytwo),
    "fortyfives": test_fortyfives.games().map(_fortyfives),
    "fortybelow": test_fortybelow.games().map(_fortybelow),
    "under10": test_under10.games().map(_under10),
    "fourscore": fourscore_games(),
}


def game_plan(kind, players, entries, setup, data) -> dict:
    """A game as the phone sends it (`typed_on_the_phone`), and what the test needs to check it
    and to break one of its rounds."""
    names = names_of(players)
    base, items, on_server = typed_on_the_phone(kind, players, entries, data, setup)
    return {
        "kind": kind,
        "players": players,
        "entries": entries,
        "setup": setup,
        "on_server": on_server,
        "request": request(kind, names, base, items),
        "break": random.Random(data.draw(st.integers(0, 2**32), label="how to break it")),
    }


def drawn_games(kind: str, count: int) -> list[dict]:
    """`count` different games of `kind`, the same ones every run (derandomized, no example
    database)."""
    plans: list[dict] = []
    seen: set[str] = set()

    @settings(
        max_examples=count,
        derandomize=True,
        database=None,
        phases=[Phase.generate],
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(STRATEGIES[kind], st.data())
    def draw(game, data):
        plan = game_plan(kind, *game, data)
        sent = json.dumps(plan["request"], sort_keys=True)
        assume(sent not in seen)  # each game another one: hypothesis draws on until `count`
        seen.add(sent)
        plans.append(plan)

    draw()
    assert len(plans) == count, f"{kind}: {len(plans)} games drawn, not {count}"
    return plans


# --- Broken rounds -------------------------------------------------------------------------


def int_leaves(value, path=()):
    """The paths to every whole number in an entry (not its booleans)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from int_leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from int_leaves(item, (*path, index))
    elif isinstance(value, int) and not isinstance(value, bool):
        yield path


def broken(plan: dict) -> dict | None:
    """The game's request with one round broken (its later rounds still sent, never played):
    a field left blank, a field the form can't read, or an entry the rules refuse; None for a
    game with no round typed."""
    items = plan["request"]["rounds"]
    if not items:
        return None
    chance = plan["break"]
    index = chance.randrange(len(items))
    item = items[index]
    way = chance.choice(["blank", "unreadable", "refused entry"])
    if way == "refused entry":
        entry = json.loads(json.dumps(plan["entries"][item["number"] - 1]))
        leaves = list(int_leaves(entry))
        if leaves:
            *path, last = chance.choice(leaves)
            holder = entry
            for key in path:
                holder = holder[key]
            holder[last] = chance.choice([-1, -7, 99, 10**6])
        else:
            entry = {"thrown_in": "yes"}
        replaced = {"number": item["number"], "entry": entry}
    else:
        form = dict(item.get("form") or form_of(plan["kind"], plan["entries"][item["number"] - 1]))
        if not form:
            return None
        field = chance.choice(sorted(form))
        form[field] = [""] if way == "blank" else [chance.choice(["-1", "x", "1.5", "99", "1e3"])]
        replaced = {"number": item["number"], "form": form}
    sent = dict(plan["request"])
    sent["rounds"] = [*items[:index], replaced, *items[index + 1 :]]
    return {"way": way, "request": sent, "index": index}


# --- The phone's worker, started as the app starts it ---------------------------------------

# Starts the worker as static/js/engine.js does and keeps, in the page, its readiness and every
# answer by id; `testAnswered(count)` waits for `count` answers. Nothing here waits: the engine
# starts (and later plays) while the test's Python draws the games and plays them itself.
START_WORKER = """({worker, runtime, bundle}) => {
  const engine = new Worker(worker);
  const answers = {};
  let settle, count = 0, wanted = Infinity, done, last = 0;
  window.testEngine = engine;
  window.testReady = new Promise((resolve) => { settle = resolve; });
  const all = new Promise((resolve) => { done = resolve; });
  engine.onmessage = ({data}) => {
    if ("ready" in data) return settle({...data, at: performance.now()});
    answers[data.id] = data;
    last = performance.now();
    if (++count >= wanted) done();
  };
  engine.onerror = (event) => settle({ready: false, error: String(event.message)});
  window.testAnswered = async (expected) => {
    wanted = expected;
    if (count >= wanted) done();
    await all;
    return JSON.stringify({answers, readyAt: (await window.testReady).at, lastAt: last});
  };
  engine.postMessage({start: {runtime, bundle}});
}"""

# Posts the requests ({id, language, request}, as engine.js posts them); the worker queues them.
# (As JSON text: Playwright's own serialization of so many nested objects takes seconds.)
POST_ALL = """(asked) => {
  for (const message of JSON.parse(asked)) window.testEngine.postMessage(message);
}"""

# The worker's own Python, read through the function it plays with (engine-worker.js keeps
# its globals: `sys` among them).
PYTHON_IN_WORKER = """async () => {
  const { play } = await engine;
  const sys = play.__globals__.get("sys");
  return { platform: sys.platform, version: sys.version };
}"""


@pytest.fixture
def worker_page(page, live_server):
    """A page of the live server whose engine is starting, from the app's own static files."""
    runtime = engine_runtime()
    assert runtime, "Pyodide is not installed (node_modules/pyodide): npm ci"
    page.goto(f"{live_server.url}/accounts/login/")
    page.set_default_timeout(120_000)
    page.evaluate(START_WORKER, runtime)
    return page


# --- What the server says ------------------------------------------------------------------


def played_on_cpython(message: dict) -> dict:
    language = DUTCH if message["language"] == "nl" else None
    return json.loads(json.dumps(phone.play(message["request"], language)))


def check_against_the_rules(plan: dict, english: dict, dutch: dict | None) -> None:
    """The CPython answer is the rules' own replay of the game, said by Django."""
    rules = GAMES[plan["kind"]]
    players, entries, setup = plan["players"], plan["entries"], plan["setup"]
    names = names_of(players)
    full = rules.replay(players, entries, names=names, **setup)
    on_server = plan["on_server"]
    assert english["error"] is None, english["error"]
    assert english["rounds"] == said_rounds(full.rounds[on_server:], "en")
    if dutch is not None:
        assert dutch["rounds"] == said_rounds(full.rounds[on_server:], "nl")
    start = rules.start(players, setup.get("first_dealer"), setup.get("options"), names)
    final = rules.play_on(start, entries)
    assert english["state"] == json.loads(json.dumps(final.table.state()))
    assert_the_same_end(english, full)


def check_refused_as_the_rules_refuse(plan: dict, breaking: dict, english: dict, dutch: dict):
    """A broken entry's error is the rules' EntryError replaying the game up to it."""
    item = breaking["request"]["rounds"][breaking["index"]]
    assert english["error"]["number"] == item["number"]
    rules = GAMES[plan["kind"]]
    players = plan["players"]
    entries = [*plan["entries"][: item["number"] - 1], item["entry"]]
    with pytest.raises(EntryError) as refused:
        rules.replay(players, entries, names=names_of(players), **plan["setup"])
    assert english["error"]["field"] == refused.value.field
    assert english["error"]["message"] == said(refused.value.message)
    with translation.override("nl"):
        assert dutch["error"]["message"] == said(refused.value.message)


# --- The test ------------------------------------------------------------------------------


def test_the_engine_in_pyodide_answers_as_the_servers_python(worker_page, capsys):
    page = worker_page
    began = time.perf_counter()
    asked: list[dict] = []  # every request, {id, language, request}, as engine.js posts them
    checks: list[tuple] = []
    took: dict[str, float] = {}
    for kind in GAMES:
        posted = len(asked)
        for number, plan in enumerate(drawn_games(kind, GAMES_PER_KIND)):
            asked.append({"id": len(asked), "language": "en", "request": plan["request"]})
            dutch = number % DUTCH_EVERY == 0
            if dutch:
                asked.append({"id": len(asked), "language": "nl", "request": plan["request"]})
            checks.append(("game", plan, len(asked) - 1 - dutch, len(asked) - 1 if dutch else None))
            if number % BROKEN_EVERY == 1 and (breaking := broken(plan)):
                for language in ("en", "nl"):
                    message = {"id": len(asked), "language": language}
                    asked.append({**message, "request": breaking["request"]})
                checks.append(("broken", plan, len(asked) - 2, len(asked) - 1, breaking))
        posting = time.perf_counter()
        page.evaluate(POST_ALL, json.dumps(asked[posted:]))  # played while we draw on
        took["posting"] = took.get("posting", 0) + time.perf_counter() - posting
    drawn = time.perf_counter()

    # The server's Python: the same phone.play, and the rules' own replay.
    ours = [played_on_cpython(message) for message in asked]
    played = Counter()
    refusals: Counter = Counter()
    for check in checks:
        kind = check[1]["kind"]
        if check[0] == "game":
            _, plan, english, dutch = check
            check_against_the_rules(plan, ours[english], ours[dutch] if dutch else None)
            played[kind] += 1
            continue
        _, plan, english, dutch, breaking = check
        error, error_nl = ours[english]["error"], ours[dutch]["error"]
        if error is None:  # a value the rules allow after all (an optional field)
            refusals[kind, "accepted"] += 1
            continue
        assert (error_nl["field"], error_nl["incomplete"]) == (error["field"], error["incomplete"])
        if not error["incomplete"]:
            assert error_nl["message"] != error["message"]  # said in Dutch
        if breaking["way"] == "refused entry":
            check_refused_as_the_rules_refuse(plan, breaking, ours[english], ours[dutch])
        refusals[kind, "incomplete" if error["incomplete"] else "refused"] += 1
    on_cpython = time.perf_counter()

    # The phone's: every answer equal, whole, to the server's.
    ready = page.evaluate("() => window.testReady")
    assert ready["ready"], ready
    python = page.workers[0].evaluate(PYTHON_IN_WORKER)
    assert python["platform"] == "emscripten", python  # CPython in WebAssembly, not ours
    collected = json.loads(page.evaluate("(count) => window.testAnswered(count)", len(asked)))
    theirs = collected["answers"]
    for message, answer in zip(asked, ours, strict=True):
        got = theirs[str(message["id"])]
        which = f"{message['request']['kind']} request {message['id']} ({message['language']})"
        assert "error" not in got, (which, got["error"])
        for key in answer.keys() | got["answer"].keys():
            assert got["answer"].get(key) == answer.get(key), f"{which}: {key} differs"
    finished = time.perf_counter()

    with capsys.disabled():
        print(
            f"\n{sum(played.values())} games ({dict(played)}), {len(asked)} requests; "
            f"broken rounds {dict(refusals)}\n"
            f"drawing the games {drawn - began:.1f} s (posting {took['posting']:.1f} s), "
            f"CPython's answers and the rules' replay {on_cpython - drawn:.1f} s, "
            f"the rest of Pyodide's {finished - on_cpython:.1f} s; "
            f"Pyodide {python['version'].split()[0]} ready after {ready['at'] / 1000:.1f} s, "
            f"its last answer {(collected['lastAt'] - ready['at']) / 1000:.1f} s later"
        )
    assert played == dict.fromkeys(GAMES, GAMES_PER_KIND)
    for kind in GAMES:  # every kind met both: a blank field, and a round refused
        assert refusals[kind, "incomplete"] and refusals[kind, "refused"], (kind, refusals)
