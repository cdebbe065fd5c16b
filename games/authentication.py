"""How the API knows who is asking: DRF's token, refusing at once a key that can't be one.

(Its own module: DRF imports the authentication classes while `rest_framework.views` loads.)
"""

import re

from rest_framework import authentication, exceptions

TOKEN_KEY = re.compile(r"[0-9a-f]{40}")


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key):
        # A key with a NUL or any other odd character never reaches the database (PostgreSQL
        # would refuse the query itself).
        if not TOKEN_KEY.fullmatch(key):
            raise exceptions.AuthenticationFailed("Invalid token.")
        return super().authenticate_credentials(key)
