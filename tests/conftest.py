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
    # The workers' shared versions, in memory: no files left behind, a clean slate per test.
    settings.CACHES = {
        **settings.CACHES,
        "versions": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"versions-{request.node.nodeid}",
        },
    }


PASSWORD = "a long table password 42"


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("ann", password=PASSWORD)


@pytest.fixture
def outsider(db):
    return get_user_model().objects.create_user("mallory", password=PASSWORD)


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
