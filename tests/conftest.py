"""Fixtures shared by the whole suite: users (an owner and an outsider) and plain static files."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from hypothesis import settings as hypothesis_settings

# The property tests check what is scored, not how fast: a loaded machine (CI, parallel runs)
# must not fail them on hypothesis's per-example deadline.
hypothesis_settings.register_profile("shared-machine", deadline=None)
hypothesis_settings.load_profile("shared-machine")


@pytest.fixture(autouse=True)
def _plain_static_files(request):
    # Hashed static names need collectstatic's manifest; one test runs the real thing.
    if not request.config.pluginmanager.hasplugin("django"):
        return  # the pure scoring tests can run without Django at all
    settings = request.getfixturevalue("settings")
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # speed
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    # Nothing cached by the test before (drawn fragments, QR codes, send counts).
    from django.core.cache import cache

    cache.clear()


PASSWORD = "a long table password 42"


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


def under10_game_saved_with_a_blank_hand(owner, players=None):
    """An Under the 10 game whose round 2, saved by the old page, has Bob's hand blank (kept as
    no cards): the corrected rules refuse it, so the game reads "Fix round 2"."""

    from games.models import Game, Player, Round
    from tests import factories

    if players is None:
        players = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy")]
    ann, bob, cy = players[:3]
    game = Game.start(owner, "under10", [ann, bob, cy])
    game.add_round(factories.called(ann, [ann, bob, cy], [3, 12, 9]), owner)
    Round.objects.create(
        game=game,
        number=2,
        status="complete",
        entry={"called_by": cy.pk, "hands": [{"player": ann.pk, "points": 8},
                                             {"player": bob.pk, "cards": []},
                                             {"player": cy.pk, "points": 4}]},
    )  # fmt: skip
    game.rescore()  # as the data migration that came with the corrected rule did
    return Game.objects.get(pk=game.pk), (ann, bob, cy)
