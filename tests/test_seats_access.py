"""A seat link against the access matrix (tests/test_access.py): it opens its seat's pages and
nothing else, whoever holds it, and a revoked one opens nothing and changes nothing."""

import pytest
from django.urls import reverse

from games.models import Game, RoundDraft, SeatLink

from . import test_access
from .test_access import (
    SEAT,
    URLS,
    WRITES,
    cases,
    client_for,
    rows,
    send,
    text,
)

pytestmark = pytest.mark.django_db

# The matrix's world: a shared game, with Ann's phone seated (saved once for this module too).
saved_world, world = test_access.saved_world, test_access.world
owner, outsider = test_access.owner, test_access.outsider


@pytest.mark.parametrize("role", ["anonymous", "seat_holder", "outsider", "owner"])
@pytest.mark.parametrize(("name", "method"), cases(SEAT))
def test_a_seat_url_answers_whoever_holds_the_link_alike(world, role, name, method):
    row = URLS[name]
    before = rows()
    response = send(client_for(role, world), method, row.path(world, name), row, world)
    assert response.status_code == row.answers[method], text(response)[:500]
    assert (rows() != before) == (method in WRITES and row.changes)


@pytest.mark.parametrize(("name", "method"), cases(SEAT))
def test_a_revoked_seat_link_or_phones_turned_off_open_nothing(world, name, method):
    row = URLS[name]
    path = row.path(world, name)
    world.seat_link.delete()
    if name in ("join_table", "join_link"):  # the code and link go when phones are turned off
        Game.objects.filter(pk=world.game.pk).update(join_code=None, join_token=None)
    before = rows()
    response = send(client_for("seat_holder_revoked", world), method, path, row, world)
    assert response.status_code == 404
    assert rows() == before


def test_a_seat_link_reads_only_its_own_game_and_writes_only_its_own_seat(world):
    phone = client_for("seat_holder", world)
    page = text(phone.get(reverse("seat_page", args=[world.seat_token])))
    assert world.ann.name in page
    assert world.dee.name not in page  # plays only in the owner's other game
    # Bob's and Cy's fields sent with Ann's are not hers: only her pile is kept.
    body = {"stage": "3-hand", "pile": 4, f"pile_{world.bob.pk}": 9, f"pile_{world.cy.pk}": 9}
    assert phone.post(reverse("seat_page", args=[world.seat_token]), body).status_code == 302
    draft = RoundDraft.objects.get()
    assert draft.game_id == world.game.pk
    assert draft.parts["hands"] == {str(world.ann.pk): draft.parts["hands"][str(world.ann.pk)]}
    assert draft.parts["hands"][str(world.ann.pk)]["part"] == {"pile": 4}
    # The owner's game pages stay closed to the seat phone.
    for name in ("game_detail", "round_new", "phones_take_over", "game_csv"):
        assert phone.get(reverse(name, args=[world.game.pk])).status_code == 302, name
    link = world.seat_link.pk
    assert phone.post(reverse("phone_revoke", args=[world.game.pk, link])).status_code == 302
    assert SeatLink.objects.filter(pk=link).exists()
