"""Browser tests: Debian's Chromium driven by Playwright, on a phone-sized screen."""

import os
import shutil
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tests.factories import PASSWORD

# Debian's Chromium built as the headless shell (its chromium-headless-shell package), the
# browser Playwright itself runs headless: the same Blink and V8 as the full browser, without the
# windowing layer that made the full one the browser tests' largest cost.
CHROMIUM = "/usr/bin/chromium-headless-shell"
ARTIFACTS = Path(__file__).resolve().parent.parent.parent / "test-artifacts"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(config, items):
    if shutil.which(CHROMIUM) or os.path.exists(CHROMIUM):
        return
    if os.environ.get("CI"):
        raise pytest.UsageError(
            f"CI needs {CHROMIUM} for the browser tests: install chromium-headless-shell"
        )
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is not installed")
    for item in items:
        item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": LAUNCH_ARGS}


@pytest.fixture(scope="session", autouse=True)
def _plain_static_files_all_along():
    """Static files without collectstatic's manifest for the whole run, not only within each
    test (the root conftest's `_plain_static_files`): the live server also answers what a page
    still asks as its test ends (a service worker's, the engine's downloads), and such a request
    racing the test's settings being put back must not meet the manifest storage, or keep it
    for the next test."""
    from django.test import override_settings

    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    from django.conf import settings

    with override_settings(STORAGES={**settings.STORAGES, "staticfiles": plain}):
        yield


@pytest.fixture(autouse=True)
def _phone_engine_only_where_tested(request, settings):
    """The pages carry the phone's engine (Pyodide) only in the tests marked `engine`. Elsewhere
    its start, seconds of CPU behind every game page opened, would race what the test looks at
    (a preview scored on the phone or by the server, whichever comes first) and take a third of
    the run. Without it the pages are the app as served without Pyodide, a setup of its own."""
    if request.node.get_closest_marker("engine") is None:
        settings.PYODIDE_VERSION = ""


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings, tmp_path_factory):
    """The live server's SQLite database in a file, not in shared memory: a page, its service
    worker and its polls ask at once, and shared memory's table locks fail at once where a
    file's lock waits its turn (as it does in production)."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        folder = tmp_path_factory.mktemp("database")
        database.setdefault("TEST", {})["NAME"] = str(folder / "browser-tests.sqlite3")


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    }


_SAVED_BY: dict[str, str] = {}  # each screenshot's name: the test that saved it


def save_screenshot(page_or_element, name: str, **options) -> None:
    """test-artifacts/<name>.png, every browser test's screenshots saved through here. Each name
    is one test's own: under xdist two tests writing one file at once could leave a broken one,
    so a name another test saved in this process fails the test; and the file is written in full
    under a name of its own first, then put in place."""
    test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]
    saved_by = _SAVED_BY.setdefault(name, test)
    assert saved_by == test, f"{name}.png is saved by {saved_by} too: give it a name of its own"
    ARTIFACTS.mkdir(exist_ok=True)
    partial = ARTIFACTS / f".{name}.{os.getpid()}.png"
    page_or_element.screenshot(path=partial, **options)
    os.replace(partial, ARTIFACTS / f"{name}.png")


def save_light_and_dark(page, name: str, **options) -> None:
    """<name>-light.png and <name>-dark.png of the page as it stands: a colour scheme changes the
    colours alone (app.css's dark blocks set nothing else), so one run of a test shows both."""
    for scheme in ("dark", "light"):  # it ends as it began, light
        page.emulate_media(color_scheme=scheme)
        save_screenshot(page, f"{name}-{scheme}", **options)


@pytest.fixture
def screenshot():
    def take(page, name):
        save_screenshot(page, name, full_page=True)

    return take


def log_in(page, live_server, username="ann"):
    """Sign in on the log-in page as a person would; the page ends on home."""
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")


# The narrowest phone the pages are made for. The tests that counted taps and measured pages on a
# 412x915 phone as well now use this one alone: app.css has no width breakpoint, so a wider
# phone gets the same layout with more room, and what those tests measure (sideways scrolling,
# the page's height in screens, tap targets, taps) can only ease as the screen grows. The
# FortyBelow pace test (timed, run alone) still plays both.
PHONE = {"width": 360, "height": 740}

# How often a page asks the server what changed (their hx-trigger): the scoreboard, and the
# seat phones' and the owner's phones card.
BOARD_POLL = 4_000  # ms
SEAT_POLL = 3_000


def poll_now(page, every: int = BOARD_POLL) -> None:
    """Moves the page's clock (installed before the page loaded) on by a poll's interval, so that
    its poll goes now rather than within `every` ms. The clock runs on by itself too, so a test
    that waits for what the poll brings still gets it if this poll crossed a save in flight."""
    page.clock.run_for(every + 100)


# The phone's engine has started (static/js/engine.js marks the page), in the tests marked `engine`.
ENGINE_READY = "() => document.documentElement.dataset.engine === 'ready'"
# Chromium's network on the slow phone the save and the engine are timed on (issue #27, item 6).
SLOW_4G = {
    "offline": False,
    "latency": 150,  # ms, one round trip
    "downloadThroughput": 1.6e6 / 8,  # bytes per second
    "uploadThroughput": 0.75e6 / 8,
}


@pytest.fixture
def user(transactional_db):
    """Ann, with an account and the tests' password, not yet signed in."""
    return get_user_model().objects.create_user("ann", password=PASSWORD)


@pytest.fixture
def open_phone(browser):
    """Opens a page on a phone of its own (PHONE-sized, touch; `javascript=False` for a phone
    without scripts), closed after the test."""
    contexts = []

    def open_phone(*, javascript: bool = True):
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, java_script_enabled=javascript
        )
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def logged_in(page, live_server, user):
    """A phone logged in as Ann, on the home page."""
    log_in(page, live_server)
    return user


# A phone's browser (PHONE-sized, touch, two pixels to the point), for every test that opens
# a phone of its own.
PHONE_CONTEXT = {
    "viewport": PHONE,
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


@pytest.fixture
def ann(transactional_db):
    return get_user_model().objects.create_user("ann", password=PASSWORD)


@pytest.fixture
def phones(browser, live_server):
    """Phones at the table, each its own browser with its own service worker, signed in."""
    contexts = []

    def new_phone(user):
        context = browser.new_context(**PHONE_CONTEXT)
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/")
        page.get_by_label("Username").fill(user.username)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(f"{live_server.url}/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        return context, page

    yield new_phone
    for context in contexts:
        context.close()
