"""What accounts keep beyond Django's users: the wrong passwords and sign-ups counted to limit
them, by name and address, in the database, so that the limits hold across every worker and
machine."""

from __future__ import annotations

import ipaddress
import unicodedata
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy


class FailedLogin(models.Model):
    """A wrong password, kept for a while so that guessing passwords is slowed to a crawl.

    Counted per user name and address: a guesser elsewhere can't lock the real player out, and
    one address's wrong passwords (a pub's wifi, a phone network's shared address) don't lock out
    the other people behind it. Names are folded first, so that "Ann", "ANN" in full-width letters
    and "Ann" with a zero-width space share one count. Every check of a password counts (the
    app's log-in, the admin's, the API's token, the password change and account deletion): the
    rows are written by the
    `user_login_failed` signal and `record`, and live in the database, so the limit holds across
    every worker and machine.
    """

    WINDOW = timedelta(minutes=15)
    LOCKED_OUT = gettext_lazy("Too many wrong passwords: wait 15 minutes, then try again.")

    username = models.CharField(max_length=150)
    address = models.GenericIPAddressField(null=True, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "games_failedlogin"  # made by the games app, before accounts had one
        indexes = [models.Index(fields=["address", "at"], name="failed_login_address_at")]

    def __str__(self) -> str:
        return f"{self.username} from {self.address} at {self.at:%Y-%m-%d %H:%M}"

    @classmethod
    def locked_out(cls, request, username: object) -> bool:
        recent = cls.objects.filter(
            address=client_address(request),
            username=login_key(username),
            at__gte=timezone.now() - cls.WINDOW,
        )
        return recent.count() >= settings.LOGIN_ATTEMPTS_LIMIT

    @classmethod
    def record(cls, request, username: object) -> None:
        cls.forget_expired()
        cls.objects.create(username=login_key(username), address=client_address(request))

    @classmethod
    def forget_expired(cls) -> int:
        """Delete the rows (and their addresses) whose window has passed: on every write, and
        by `manage.py purge_addresses`, which a server runs on a schedule so that a quiet
        server keeps none either. How many were deleted."""
        return cls.objects.filter(at__lt=timezone.now() - cls.WINDOW).delete()[0]

    @classmethod
    def forget(cls, request, username: object) -> None:
        cls.objects.filter(username=login_key(username), address=client_address(request)).delete()


class SignUp(models.Model):
    """An account made, by address, so that one address can't make accounts by the hundred."""

    WINDOW = timedelta(hours=1)
    TOO_MANY = gettext_lazy("Too many new accounts from this address: try again in an hour.")

    address = models.GenericIPAddressField(null=True, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "games_signup"
        indexes = [models.Index(fields=["address", "at"], name="sign_up_address_at")]

    def __str__(self) -> str:
        return f"{self.address} at {self.at:%Y-%m-%d %H:%M}"

    @classmethod
    def too_many(cls, request) -> bool:
        recent = cls.objects.filter(
            address=client_address(request), at__gte=timezone.now() - cls.WINDOW
        )
        return recent.count() >= settings.SIGNUPS_PER_ADDRESS

    @classmethod
    def record(cls, request) -> None:
        cls.forget_expired()
        cls.objects.create(address=client_address(request))

    @classmethod
    def forget_expired(cls) -> int:
        """Delete the sign-ups (and their addresses) older than the window, as FailedLogin's."""
        return cls.objects.filter(at__lt=timezone.now() - cls.WINDOW).delete()[0]


def login_key(username: object) -> str:
    """The name as typed, folded (NFKC, casefold, no invisible characters) so that look-alikes
    of one name share one count, and safe to store."""
    text = username if isinstance(username, str) else ""
    visible = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cs", "Cf"))
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", visible).casefold())
    return " ".join(folded.split())[:150]


def client_address(request) -> str | None:
    """The caller's address as the limits count it (`counted_address`): behind our proxy, the
    address the proxy saw (the last one it appended to X-Forwarded-For)."""
    address = request.META.get("REMOTE_ADDR", "")
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        address = forwarded.rsplit(",", 1)[-1].strip() or address
    return counted_address(address)


def counted_address(text: str) -> str | None:
    """An IPv4 address as it is; an IPv6 address by its /64 network (its first address), since a
    home or a phone is given a whole /64 and picks any address in it at will, so each of them
    would otherwise get limits of its own; anything that isn't an address counts as none."""
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if address.version == 6:
        if address.ipv4_mapped:  # an IPv4 caller, as a dual-stack server may see it
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Address(int(address) >> 64 << 64))
    return str(address)
