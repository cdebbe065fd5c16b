"""The production settings for the live-server tests, but for two things that only cost time:
static files need no collectstatic (it takes ~25 s here) and passwords hash fast."""

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import STORAGES

STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
