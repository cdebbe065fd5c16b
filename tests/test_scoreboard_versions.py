"""A game's version (its `updated` time) names the fragments its page caches: every change of
the seats' players or names moves it, the admin's edits too, so no page shows a pad drawn for
an old version."""

from datetime import datetime

import pytest
from django.urls import reverse

from games.models import Game, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(owner):
    ann, bob = Player.add(owner, "Ann"), Player.add(owner, "Bob")
    game = Game.start(owner, "under10", [ann, bob])
    hands = [{"player": ann.pk, "points": 2}, {"player": bob.pk, "points": 9}]
    game.add_round({"called_by": ann.pk, "hands": hands}, owner)
    return Game.objects.get(pk=game.pk)


def page(client, game):
    return client.get(reverse("game_detail", args=[game.pk])).content.decode()


def test_a_player_renamed_in_the_admin_shows_on_the_next_page(admin_client, owner_client, game):
    assert "<bdi>Ann</bdi>" in page(owner_client, game)  # cached under this version
    ann = game.seats[0].player
    url = reverse("admin:games_player_change", args=[ann.pk])
    data = {
        "owner": owner_client.session["_auth_user_id"],
        "name": "Annie",
        "created_0": ann.created.date().isoformat(),
        "created_1": ann.created.time().strftime("%H:%M:%S"),
    }
    assert admin_client.post(url, data).status_code == 302
    html = page(owner_client, Game.objects.get(pk=game.pk))
    assert "<bdi>Annie</bdi>" in html and "<bdi>Ann</bdi>" not in html


def test_a_game_saved_in_the_admin_is_a_new_version(admin_client, owner_client, game):
    page(owner_client, game)
    before = game.updated
    url = reverse("admin:games_game_change", args=[game.pk])
    form = admin_client.get(url).context["adminform"].form
    data = fields_of(form, prefix="")
    data.update(management_forms(admin_client.get(url)))
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.context and response.context["errors"]
    assert Game.objects.get(pk=game.pk).updated != before


def management_forms(response):
    """The inline formsets' management fields and rows, as the admin's page holds them."""
    data = {}
    for formset in response.context["inline_admin_formsets"]:
        management = formset.formset.management_form
        for name in management.fields:
            data[f"{management.prefix}-{name}"] = management[name].value()
        for form in formset.formset.forms:
            data.update(fields_of(form, prefix=f"{form.prefix}-"))
    return data


def fields_of(form, *, prefix):
    """An admin form's fields as they are, as it would post them (a date and time in two
    inputs, to the microsecond: the admin's widgets drop those, which would itself change the
    version and hide whether saving does)."""
    data = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, datetime):
            value = getattr(form.instance, name)
            data[f"{prefix}{name}_0"] = value.date().isoformat()
            data[f"{prefix}{name}_1"] = value.time().isoformat()
        elif value is not None:
            data[f"{prefix}{name}"] = value
    return data
