"""WSGI entry point: `gunicorn scorekeeper.wsgi`."""

import gc
import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
application = get_wsgi_application()

# Serving is what a real server does: with DEBUG off (set false, or left unset), the development
# key that anyone can read in the repository would let anyone forge sessions, so it refuses.
# (Commands such as migrate and the tests may still run on it.)
if not settings.DEBUG and settings.SECRET_KEY == settings.DEVELOPMENT_SECRET_KEY:
    raise ImproperlyConfigured(
        "SECRET_KEY must be set to a long random value of your own to serve the app with DEBUG "
        "off (for example: python -c 'import secrets; print(secrets.token_urlsafe(50))')"
    )

# Python's cycle collector walks every object in the generation it collects, and the oldest one
# holds everything loading the app made (modules, models, settings: some hundred thousand
# objects). A request that makes many objects at once, such as a game's replay read back from
# the versions cache (thousands of rounds, results and notes), set off collections that walked
# all of them: 6.5 ms to unpickle a 201-round replay instead of 1.5. Frozen, the app's own
# objects are left out of every later collection (they live as long as the process anyway).
gc.freeze()
