"""`manage.py purge_addresses`: the addresses of wrong passwords and codes, and of sign-ups, are
deleted once their window has passed, even on a server where nobody writes another."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import FailedLogin, SignUp

from . import production_recipe

pytestmark = pytest.mark.django_db

A_SECOND = timedelta(seconds=1)


def kept(model) -> list[str]:
    return sorted(model.objects.values_list("address", flat=True))


def test_it_deletes_the_rows_past_their_window_and_keeps_the_others():
    now = timezone.now()
    FailedLogin.objects.create(username="ann", address="198.51.100.1", at=now)
    FailedLogin.objects.create(
        username="ann", address="198.51.100.2", at=now - FailedLogin.WINDOW + A_SECOND * 5
    )
    FailedLogin.objects.create(
        username="#join-code", address="198.51.100.3", at=now - FailedLogin.WINDOW - A_SECOND
    )
    FailedLogin.objects.create(username="bo", address="198.51.100.4", at=now - timedelta(days=40))
    SignUp.objects.create(address="203.0.113.1", at=now - SignUp.WINDOW + A_SECOND * 5)
    SignUp.objects.create(address="203.0.113.2", at=now - SignUp.WINDOW - A_SECOND)

    out = StringIO()
    call_command("purge_addresses", stdout=out)

    assert kept(FailedLogin) == ["198.51.100.1", "198.51.100.2"]
    assert kept(SignUp) == ["203.0.113.1"]
    assert out.getvalue().strip() == (
        "Deleted 2 wrong passwords or codes and 1 sign-ups past their window."
    )


def test_it_says_nothing_when_asked_to_be_quiet():
    out = StringIO()
    call_command("purge_addresses", verbosity=0, stdout=out)
    assert out.getvalue() == ""


def test_the_production_recipe_schedules_it():
    scheduled = [" ".join(command) for command in production_recipe.scheduled()]
    assert any(command.endswith("-m django purge_addresses") for command in scheduled), scheduled
