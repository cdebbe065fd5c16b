"""WSGI entry point: `gunicorn scorekeeper.wsgi`."""

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
