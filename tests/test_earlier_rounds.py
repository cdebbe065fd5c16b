"""A long game's pad shows its latest rounds (games.tables.LATEST_SHOWN) under one row that
stands for the earlier ones: a tap on it fetches their rows into the pad (htmx), and without
JavaScript it opens a page of them. The owner and the watch link read them, nobody else."""

from urllib.parse import urljoin

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench import entries as bench_entries
from games.models import Game, Player
from games.tables import FOLD_AFTER, LATEST_SHOWN
from tests.markup import parse

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def long_game(owner, rounds: int) -> Game:
    """Under the 10, six players, `rounds` of the benchmark's rounds (nobody goes out): all
    but the last started with the game (as an import brings them), the last saved."""
    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")
    players = [Player.add(owner, name) for name in names]
    entries = bench_entries.rounds("under10", [p.pk for p in players], rounds)
    game = Game.start(owner, "under10", players, rounds=entries[:-1])
    game.add_round(entries[-1], owner)
    game.share()
    return Game.objects.get(pk=game.pk)


def numbers(html: str) -> list[int]:
    return [
        int(link["id"].removeprefix("round-")) for link in parse(html).find_all("a[id^=round-]")
    ]


def test_a_long_games_pad_shows_its_latest_rounds_and_one_row_for_the_earlier(owner_client, owner):
    game = long_game(owner, 60)
    html = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert numbers(html) == list(range(60 - LATEST_SHOWN + 1, 61))
    hidden = 60 - LATEST_SHOWN
    assert (
        '<a class="tap" href="rounds/earlier/" hx-get="rounds/earlier/">'
        f"Rounds 1\N{EN DASH}{hidden}</a>" in html
    )
    # The totals are the whole game's.
    assert game.scoreboard.totals[game.seats[0].player_id] != 0


def test_a_short_game_shows_every_round_and_no_fold(owner_client, owner):
    game = long_game(owner, FOLD_AFTER)
    html = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert numbers(html) == list(range(1, FOLD_AFTER + 1))
    assert "rounds/earlier/" not in html
    url = reverse("earlier_rounds", args=[game.pk])
    assert owner_client.get(url)["Location"] == reverse("game_detail", args=[game.pk])
    assert owner_client.get(url, **HTMX).content == b""


def test_a_tap_on_the_fold_fetches_the_earlier_rows(owner_client, owner):
    game = long_game(owner, 40)
    response = owner_client.get(reverse("earlier_rounds", args=[game.pk]), **HTMX)
    assert response.status_code == 200 and "HX-Request" in response["Vary"]
    rows = response.content.decode().strip()
    assert rows.startswith("<tbody>") and rows.endswith("</tbody>")
    assert numbers(rows) == list(range(1, 40 - LATEST_SHOWN + 1))
    assert 'href="rounds/1/" hx-get="rounds/1/"' in rows  # relative to the pad's page


def test_without_javascript_the_fold_opens_a_page_of_the_earlier_rounds(owner_client, owner):
    game = long_game(owner, 40)
    url = reverse("earlier_rounds", args=[game.pk])
    html = owner_client.get(url).content.decode()
    assert html.startswith("<!doctype html>")
    assert numbers(html) == list(range(1, 21))
    # Its rounds' links lead to their explanations' pages from this address.
    assert 'href="../1/"' in html
    assert urljoin(url, "../1/") == reverse("round_detail", args=[game.pk, 1])
    assert f'href="{reverse("game_detail", args=[game.pk])}"' in html
    assert "<bdi>Ann</bdi>" in html


def test_the_watch_link_reads_the_earlier_rounds_and_nobody_else_does(owner, outsider_client):
    game = long_game(owner, 40)
    watcher = Client()
    shared = reverse("shared_earlier_rounds", args=[game.share_token])
    rows = watcher.get(shared, **HTMX).content.decode()
    assert numbers(rows) == list(range(1, 21))
    assert watcher.get(shared).status_code == 200
    assert outsider_client.get(reverse("earlier_rounds", args=[game.pk]), **HTMX).status_code == 404
    assert Client().get(reverse("earlier_rounds", args=[game.pk])).status_code == 302  # log in
    assert watcher.get(reverse("shared_earlier_rounds", args=["made-up"])).status_code == 404


@pytest.mark.parametrize("rounds", [30, 90])
def test_the_earlier_rows_cost_the_same_queries_however_long_the_game(owner_client, owner, rounds):
    game = long_game(owner, rounds)
    url = reverse("earlier_rounds", args=[game.pk])
    with CaptureQueriesContext(connection) as queries:
        assert owner_client.get(url, **HTMX).status_code == 200
    assert len(queries) == 5  # session, user, the game with its seats and its rounds


def test_the_page_after_a_save_still_shows_the_latest_rounds(owner_client, owner):
    game = long_game(owner, 40)
    seats = [seat.player_id for seat in game.seats]
    entry = bench_entries.rounds("under10", seats, 41)[-1]
    game.add_round(entry, owner)
    html = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert numbers(html) == list(range(41 - LATEST_SHOWN + 1, 42))
    assert f">Rounds 1\N{EN DASH}{41 - LATEST_SHOWN}</a>" in html


def test_after_a_save_and_a_rename_the_pad_shows_the_new_name(owner_client, owner):
    game = long_game(owner, 30)
    seats = [seat.player_id for seat in game.seats]
    Game.objects.get(pk=game.pk).add_round(bench_entries.rounds("under10", seats, 31)[-1], owner)
    html = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "<bdi>Ann</bdi>" in html
    Player.objects.get(owner=owner, name="Ann").rename("Annabel")
    html = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "<bdi>Annabel</bdi>" in html and "<bdi>Ann</bdi>" not in html
