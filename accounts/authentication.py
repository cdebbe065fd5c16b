"""How the API knows who is asking: DRF's token, refusing at once a key that can't be one;
and the password check every log-in goes through, under the limit of wrong passwords.

(Its own module: DRF imports the authentication classes while `rest_framework.views` loads.)
"""

import re

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from rest_framework import authentication, exceptions

TOKEN_KEY = re.compile(r"[0-9a-f]{40}")


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key):
        # A key with a NUL or any other odd character never reaches the database (PostgreSQL
        # would refuse the query itself).
        if not TOKEN_KEY.fullmatch(key):
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        return super().authenticate_credentials(key)


class LimitedModelBackend(ModelBackend):
    """Django's password check, refused outright for a name and address past the limit of
    wrong passwords, whichever page or endpoint asks (the admin's log-in included)."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        from .models import FailedLogin  # this module loads before the models do

        if request is not None and FailedLogin.locked_out(request, username):
            # authenticate() stops at once, and counts the attempt as a wrong password.
            raise PermissionDenied(FailedLogin.LOCKED_OUT)
        return super().authenticate(request, username=username, password=password, **kwargs)
