"""The phone's engine, downloaded and ready: bytes and time on an emulated slow-4G phone.

`python bench/offline_engine.py` starts the app twice on 127.0.0.1, on a temporary SQLite
database: as a developer runs it (`manage.py runserver`, DEBUG on: static files served as they
are, uncompressed) and as the README's production setup does (collectstatic into a temporary
STATIC_ROOT, gunicorn, DEBUG off: whitenoise sends the compressed copies). Against each, a fresh
Chromium profile on a 360 x 740 phone, slow 4G (150 ms round trip, 1.6/0.75 Mbps) and a CPU four
times slower (CDP, on the page), logs in, opens a game's round page (where the engine starts;
the scoreboard only has the service worker keep its files) and measures:

- the bytes over the network (CDP Network.loadingFinished encodedDataLength, summed; headers
  included) from opening the game until `data-engine == "ready"`: the page's first load (up to
  its `load` event) and the engine (Pyodide's files, /engine.json, the worker), and the rest;
- the time from navigation start to the engine ready;
- then, in a profile of its own with the service worker (the figures above are taken with it
  blocked, since a service worker's own fetches are neither throttled nor seen by the page's CDP
  session): the round page reloaded with the network off gets the engine ready from the
  service worker's cache, and how long that takes.

It also lists the production sizes of the engine's files from what collectstatic wrote (.br, .gz)
for comparison. Takes about two minutes, most of it collectstatic's brotli on the 8.6 MB wasm.
"""

# Django is imported once the environment below is set, since the settings read it.
# ruff: noqa: E402

import atexit
import os
import platform
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
WORKDIR = Path(tempfile.mkdtemp(prefix="scorekeeper-engine-bench-"))
atexit.register(shutil.rmtree, WORKDIR, ignore_errors=True)
ENV = {
    "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    "DATA_DIR": str(WORKDIR),
    "STATIC_ROOT": str(WORKDIR / "static"),
    "DATABASE_URL": f"sqlite:///{WORKDIR / 'bench.sqlite3'}",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "LOG_LEVEL": "ERROR",
}
os.environ.update(ENV)
os.environ.pop("REDIS_URL", None)

import django

django.setup()

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import sync_playwright

from bench import entries
from bench.servers import free_port, progress, start
from games.models import Game, Player
from games.offline import PYODIDE_FILES
from tests.browser.conftest import CHROMIUM, ENGINE_READY, LAUNCH_ARGS, SLOW_4G

PASSWORD = "a long bench password"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
RUNTIME = f"/static/pyodide-{settings.PYODIDE_VERSION}/"


def game_to_open() -> Game:
    """The typical game still being played (bench/run.py's), as its owner opens it."""
    owner = get_user_model().objects.create_user("ann", password=PASSWORD)
    rules, (count, played, options) = entries.the_game_declaring("TYPICAL")
    players = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")]
    game = Game.start(owner, rules.kind, players[:count], options=options)
    for entry in entries.rounds(rules.kind, [p.pk for p in players[:count]], played):
        game.add_round(entry, owner)
    return game


def dev_server() -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {**os.environ, "DEBUG": "true"}
    command = [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"]
    return start_with(command, port, env, "runserver.log"), port


def production_server() -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {**os.environ, "DEBUG": "false"}
    command = [sys.executable, "-m", "gunicorn", "scorekeeper.wsgi", "--workers", "3"]
    command += ["--bind", f"127.0.0.1:{port}", "--no-control-socket", "--log-level", "warning"]
    return start_with(command, port, env, "gunicorn.log"), port


def start_with(command, port, env, log) -> subprocess.Popen:
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        return start(command, port, WORKDIR / log)
    finally:
        os.environ.clear()
        os.environ.update(saved)


def kind_of(url: str) -> str:
    path = url.split("://", 1)[-1].partition("/")[2]
    path = "/" + path.split("?")[0]
    if path.startswith(RUNTIME) or path == "/engine.json" or "engine-worker" in path:
        return "engine"
    return "page"


def log_in(page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}/")


def first_visit(browser, base: str, game: Game) -> dict:
    """Bytes and time from opening the game's round page to the engine ready (no service worker)."""
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    log_in(page, base)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    # Playwright's requestfinished covers the page's and its dedicated worker's requests (the
    # page's CDP session sees none of the worker's); sizes() is CDP's encodedDataLength.
    done = []
    page.on("requestfinished", lambda r: done.append((time.monotonic(), r)))
    loaded = []
    page.on("load", lambda _: loaded.append(time.monotonic()))
    page.goto(f"{base}/games/{game.pk}/rounds/new/", wait_until="load")
    page.wait_for_function(ENGINE_READY, timeout=600_000, polling=100)
    ready = page.evaluate("() => performance.now()")  # since navigation start
    split = {"page (to load)": 0, "engine": 0, "other (after load)": 0}
    files = {}
    for at, request in done:
        url = request.url
        sizes = request.sizes()
        size = sizes["responseHeadersSize"] + sizes["responseBodySize"]
        kind = kind_of(url)
        if kind == "page":
            kind = "page (to load)" if at <= loaded[0] else "other (after load)"
        split[kind] += size
        files[url.rsplit("/", 1)[-1].split("?")[0] or url] = size
    context.close()
    return {"split": split, "ready_ms": ready, "files": files}


def offline_reload(browser, base: str, game: Game) -> dict:
    """With the service worker: the engine ready once online, then the round page reloaded
    offline, ready again from the worker's cache (same throttled CPU)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    log_in(page, base)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(f"{base}/games/{game.pk}/rounds/new/")
    page.wait_for_function(ENGINE_READY, timeout=600_000, polling=100)
    online_ms = page.evaluate("() => performance.now()")
    kept = page.evaluate("(name) => caches.open(name).then((c) => c.keys()).then((k) => k.length)",
                         f"engine-{RUNTIME}")  # fmt: skip
    context.set_offline(True)
    page.reload()
    cdp = context.new_cdp_session(page)  # a reload keeps the target; throttle again to be sure
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.wait_for_function(ENGINE_READY, timeout=600_000, polling=100)
    offline_ms = page.evaluate("() => performance.now()")
    copy = page.evaluate("() => document.documentElement.dataset.offlineAt || ''")
    context.close()
    return {"online_ms": online_ms, "offline_ms": offline_ms, "kept": kept, "from_copy": bool(copy)}


def compressed_sizes() -> list[tuple[str, int, int, int]]:
    """Each engine file collectstatic wrote: its size, its .gz's and its .br's."""
    folder = Path(settings.STATIC_ROOT) / RUNTIME.strip("/").removeprefix("static/")
    rows = []
    for name in PYODIDE_FILES:
        plain = folder / name
        size = lambda p: p.stat().st_size if p.exists() else 0  # noqa: E731
        rows.append((name, size(plain), size(Path(f"{plain}.gz")), size(Path(f"{plain}.br"))))
    return rows


def kb(n: float) -> str:
    return f"{n / 1024:,.0f} KB"


def main() -> int:
    progress("migrating a temporary database")
    call_command("migrate", interactive=False, verbosity=0)
    game = game_to_open()
    results = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        progress("the development server (runserver, DEBUG on, uncompressed)")
        server, port = dev_server()
        base = f"http://127.0.0.1:{port}"
        results["runserver (dev)"] = (
            first_visit(browser, base, game),
            offline_reload(browser, base, game),
        )
        server.terminate()
        server.wait()
        progress("collectstatic into a temporary STATIC_ROOT (brotli on the wasm takes a while)")
        ignore = ["admin", "rest_framework", "drf_spectacular_sidecar"]
        call_command("collectstatic", interactive=False, verbosity=0, ignore_patterns=ignore)
        progress("gunicorn + whitenoise, DEBUG off (as in production)")
        server, port = production_server()
        base = f"http://127.0.0.1:{port}"
        results["gunicorn+whitenoise (prod)"] = (
            first_visit(browser, base, game),
            offline_reload(browser, base, game),
        )
        server.terminate()
        server.wait()
        browser.close()

    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    machine = f"{os.cpu_count()} cores, {platform.machine()}"
    print(f"\nThe engine on a slow-4G phone (150 ms, 1.6/0.75 Mbps, CPU 4x): {machine}, "
          f"Pyodide {settings.PYODIDE_VERSION}, commit {commit}\n")  # fmt: skip
    print("| server | page's first load | engine | other | open → engine ready "
          "| online ready (SW) | offline reload → ready |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for name, (first, again) in results.items():
        split = first["split"]
        copy_note = "" if again["from_copy"] else " (no copy?)"
        print(f"| {name} | {kb(split['page (to load)'])} | {kb(split['engine'])} "
              f"| {kb(split['other (after load)'])} "
              f"| {first['ready_ms'] / 1000:.1f} s | {again['online_ms'] / 1000:.1f} s "
              f"| {again['offline_ms'] / 1000:.1f} s{copy_note} |")  # fmt: skip
    for name, (first, again) in results.items():
        print(f"\n{name}: each response over the network (headers and body), "
              f""
              f"{again['kept']} files in the worker's engine cache")  # fmt: skip
        for url, size in first["files"].items():
            print(f"   {url}: {kb(size)}")
    print("\nWhat collectstatic wrote (plain, .gz, .br) for a production deployment:")
    total = [0, 0, 0]
    for name, *sizes in compressed_sizes():
        total = [t + s for t, s in zip(total, sizes, strict=True)]
        print(f"   {name}: {' / '.join(kb(s) for s in sizes)}")
    print(f"   total: {' / '.join(kb(s) for s in total)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
