"""A round's explanation, one tap on its number away (games.views.round_detail, shared_round):
not in the scoreboard page, fetched into the round's <tbody> by htmx, or its own page without
JavaScript; the owner's with the edit link, the watch link's without, nobody else's."""

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Player

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(owner):
    """Under the 10, two rounds: Ann calls with 2 (Bob 10, Cy 7), then Bob with 1."""
    ann, bob, cy = (Player.add(owner, name) for name in ("Ann", "Bob", "Cy"))
    game = Game.start(owner, "under10", [ann, bob, cy])
    for caller, points in ((ann, [2, 10, 7]), (bob, [5, 1, 9])):
        hands = [{"player": p.pk, "points": n} for p, n in zip((ann, bob, cy), points, strict=True)]
        game.add_round({"called_by": caller.pk, "hands": hands}, owner)
    game.share()
    return Game.objects.get(pk=game.pk)


def mine(game, number):
    return reverse("round_detail", args=[game.pk, number])


def watched(game, number):
    return reverse("shared_round", args=[game.share_token, number])


def test_the_scoreboard_page_links_each_round_without_its_explanation(owner_client, game):
    html = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert 'href="rounds/1/" hx-get="rounds/1/" aria-expanded="false"' in html
    assert 'href="rounds/2/"' in html
    assert "dealt." not in html and 'class="explain"' not in html


def test_a_tap_fetches_the_round_with_its_explanation_and_a_second_tap_closes_it(
    owner_client, game
):
    response = owner_client.get(mine(game, 2), **HTMX)
    assert response.status_code == 200
    assert "HX-Request" in response["Vary"]
    group = response.content.decode().strip()
    assert group.startswith("<tbody>") and group.endswith("</tbody>")
    assert 'hx-get="rounds/2/?closed=1" aria-expanded="true"' in group
    assert '<tr class="explain" id="why-2">' in group
    assert "Round 2, <bdi>Bob</bdi> dealt." in group and "Bob called Under the 10" in group
    assert "<bdi>Cy</bdi> <strong>9</strong>, total 16" in group
    assert f'href="{reverse("round_edit", args=[game.pk, 2])}">Edit round 2</a>' in group

    closed = owner_client.get(mine(game, 2) + "?closed=1", **HTMX).content.decode().strip()
    assert closed.startswith("<tbody>") and 'class="explain"' not in closed
    assert 'hx-get="rounds/2/" aria-expanded="false"' in closed


def test_without_javascript_the_link_opens_the_rounds_own_page(owner_client, game):
    response = owner_client.get(mine(game, 1))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.startswith("<!doctype html>")
    assert "Round 1, <bdi>Ann</bdi> dealt." in html and "Edit round 1" in html
    assert f'href="{reverse("game_detail", args=[game.pk])}#round-1"' in html


def test_the_watch_links_viewer_gets_the_explanation_without_the_edit_link(game):
    watcher = Client()
    group = watcher.get(watched(game, 1), **HTMX).content.decode()
    assert "Round 1, <bdi>Ann</bdi> dealt." in group and "Edit round" not in group
    html = watcher.get(watched(game, 1)).content.decode()
    assert "Round 1, <bdi>Ann</bdi> dealt." in html and "Edit round" not in html
    assert f'href="{reverse("game_shared", args=[game.share_token])}#round-1"' in html


def test_nobody_else_reads_a_rounds_explanation(outsider_client, owner_client, game):
    assert outsider_client.get(mine(game, 1), **HTMX).status_code == 404
    assert outsider_client.get(mine(game, 1)).status_code == 404
    assert Client().get(mine(game, 1)).status_code == 302  # to the log-in page
    token = game.share_token
    game.stop_sharing()
    assert Client().get(reverse("shared_round", args=[token, 1])).status_code == 404
    assert owner_client.get(mine(game, 1)).status_code == 200


@pytest.mark.parametrize("number", [0, 3, 99999999999])
def test_a_round_that_is_not_there_is_a_404(owner_client, game, number):
    assert owner_client.get(mine(game, number), **HTMX).status_code == 404
    assert Client().get(watched(game, number)).status_code == 404


def test_an_explanation_costs_the_same_queries_in_a_long_game(
    owner, owner_client, game, django_assert_num_queries
):
    url = mine(game, 2)
    with django_assert_num_queries(5):  # session, user, the game with its seats and rounds
        owner_client.get(url, **HTMX)
    hands = [{"player": s.player_id, "points": 1 if n else 0} for n, s in enumerate(game.seats)]
    for _ in range(20):
        Game.objects.get(pk=game.pk).add_round(
            {"called_by": game.seats[0].player_id, "hands": hands}, owner
        )
    with django_assert_num_queries(5):
        owner_client.get(reverse("round_detail", args=[game.pk, 22]), **HTMX)
    with django_assert_num_queries(3):  # the watch link: the game with its seats and rounds
        Client().get(watched(game, 22), **HTMX)
