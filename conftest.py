"""Fixtures shared by the whole suite (tests/, and each game's own tests in its folder):
users (an owner and an outsider), their players and plain static files."""

import os
from itertools import islice

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from hypothesis import settings as hypothesis_settings

from tests.factories import PASSWORD

# The property tests check what is scored, not how fast: a loaded machine (CI, parallel runs)
# must not fail them on hypothesis's per-example deadline.
hypothesis_settings.register_profile("shared-machine", deadline=None)
hypothesis_settings.load_profile("shared-machine")


# `make test` and .ci/run run the tests that time the machine (marked `timing`) alone, from these
# folders only: a timing test elsewhere would run nowhere.
TIMED_ALONE = ("tests/timing/", "tests/browser/")


def pytest_itemcollected(item):
    if item.get_closest_marker("timing") and not item.nodeid.startswith(TIMED_ALONE):
        raise pytest.UsageError(f"{item.nodeid} is marked timing: move it to tests/timing/")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Tests marked `slow` go first, dealt one by one to the heads of the runs of tests that
    pytest-xdist's worksteal gives its workers (equal runs of the collection, in order), so each
    worker starts on its own slow test instead of one of them ending the run on its own. Without
    xdist they simply go first."""
    slow = [item for item in items if item.get_closest_marker("slow")]
    if not slow:
        return
    rest = iter([item for item in items if not item.get_closest_marker("slow")])
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    ordered: list = []
    for worker in range(workers):
        run = (len(items) - len(ordered)) // (workers - worker)  # as worksteal splits them
        heads = slow[worker::workers]
        ordered += heads + list(islice(rest, max(run - len(heads), 0)))
    ordered += rest
    items[:] = ordered


@pytest.fixture(autouse=True)
def _plain_static_files(request):
    # Hashed static names need collectstatic's manifest; one test runs the real thing.
    if not request.config.pluginmanager.hasplugin("django"):
        return  # the pure scoring tests can run without Django at all
    settings = request.getfixturevalue("settings")
    from tests.factories import FAST_PASSWORD_HASHERS

    settings.PASSWORD_HASHERS = FAST_PASSWORD_HASHERS
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    # Nothing cached by the test before (drawn fragments, QR codes, send counts).
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()
    # English to begin with: a request in Dutch leaves Dutch active in the thread that served it
    # (LocaleMiddleware), and a test run after it in the same worker would read Dutch.
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("ann", password=PASSWORD)


@pytest.fixture
def outsider(db):
    return get_user_model().objects.create_user("mallory", password=PASSWORD)


@pytest.fixture
def players(request, owner):
    """The owner's players: Ann, Bob, Cy and Dee, or the names a module or test marks with
    `@pytest.mark.players("Ann", "Bob", "Cy")`."""
    from tests import factories

    marker = request.node.get_closest_marker("players")
    return factories.add_players(owner, marker.args if marker else factories.NAMES)


@pytest.fixture
def owner_client(owner):
    client = Client()
    client.force_login(owner)
    return client


@pytest.fixture
def outsider_client(outsider):
    client = Client()
    client.force_login(outsider)
    return client


@pytest.fixture
def sixth_game(settings):
    """ "Highest number", a game whose folder is tests/sixth_game/, added as any game is: its line
    in the registry (games/kinds/__init__.py), which also makes its folder an app. Gone after."""
    from games.kinds import GAMES, register

    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.sixth_game"]
    rules = register("tests.sixth_game")
    yield rules
    del GAMES[rules.kind]
