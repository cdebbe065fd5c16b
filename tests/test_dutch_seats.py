"""Players' phones in Dutch: the join page, each game's seat page and its live fragment keep no
English word behind (the leftover check of tests/test_languages.py)."""

import pytest
from django.test import Client
from django.urls import reverse

from games import seats
from games.models import Game, Player

from .test_languages import DUTCH, ENGLISH, FRAGMENT, leftover_english

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", ["fortybelow", "fortytwo", "under10", "fourscore", "fortyfives"])
def test_a_players_phone_is_said_in_dutch(owner, kind):
    names = ["Ann", "Bob", "Cy", "Dee"] if kind == "fortyfives" else ["Ann", "Bob", "Cy"]
    game = Game.start(owner, kind, [Player.add(owner, name) for name in names])
    seats.turn_on(game)
    game = Game.objects.get(pk=game.pk)
    phone = Client()
    join = reverse("join_table", args=[game.join_code])
    seat = phone.post(join, {"seat": 0}).url
    left = {}
    for url, headers in ((join, {}), (seat, {}), (seat, FRAGMENT), (f"{seat}live/", FRAGMENT)):
        english, dutch = phone.get(url, **ENGLISH, **headers), phone.get(url, **DUTCH, **headers)
        assert english.status_code == dutch.status_code == 200, url
        if words := leftover_english(english.content.decode(), dutch.content.decode(), names):
            left[url] = words
    assert left == {}
    cells = phone.get(seat, **DUTCH).content.decode()
    if kind == "fortybelow":
        assert "Ann rij 1 kolom 1" in cells
