"""A sixth game's round page, with no file of the project changed for it: its rules
(tests/sixth_game/rules.py) name its pages (tests/sixth_game/pages.py and templates/), and a
fixture adds it to the registry for the test. The model's `kind` choices are read from the
registry when asked, so a kind registered later is one of them."""

import pytest
from django.urls import reverse

from games.models import Game, Player
from tests.markup import parse

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(owner):
    return [Player.add(owner, name) for name in ("Ann", "Bob", "Cy")]


def numbers(players, *said, number=1):
    data = {"number": number}
    data.update({f"number_{p.pk}": n for p, n in zip(players, said, strict=True)})
    return data


def standings(page: str) -> list[str]:
    """The standings as the scoreboard lists them, "1. Ann 1" a line."""
    return [item.text for item in parse(page).find("ol.standings").find_all("li")]


def test_the_sixth_game_is_started_from_the_new_game_page(sixth_game, owner_client, players):
    choose = owner_client.get(reverse("game_new"))
    assert b"?kind=highest" in choose.content
    page = owner_client.get(reverse("game_new"), {"kind": "highest"})
    assert page.status_code == 200
    assert b"Points to win" in page.content
    data = {"kind": "highest", "players": [p.pk for p in players], "option_points_to_win": 2}
    answer = owner_client.post(reverse("game_new"), data)
    game = Game.objects.get()
    assert answer.status_code == 302
    assert answer.url == reverse("game_detail", args=[game.pk])
    assert game.kind == "highest"
    assert game.options == {"points_to_win": 2}
    assert [seat.player for seat in game.seats] == players


def test_its_round_page_shows_its_own_inputs_one_number_per_player(
    sixth_game, owner_client, owner, players
):
    game = Game.start(owner, "highest", players)
    page = owner_client.get(reverse("round_new", args=[game.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    for player in players:
        assert f'name="number_{player.pk}"' in html
        assert f'<label for="id_number_{player.pk}">{player.name}</label>' in html
    assert 'inputmode="numeric"' in html
    assert "Save round 1" in html


def test_a_round_posted_is_saved_and_the_scoreboard_shows_its_point(
    sixth_game, owner_client, owner, players
):
    ann, bob, cy = players
    game = Game.start(owner, "highest", players)
    answer = owner_client.post(reverse("round_new", args=[game.pk]), numbers(players, 7, 42, 3))
    assert answer.status_code == 302
    assert answer.url == reverse("game_detail", args=[game.pk])
    saved = game.rounds.get(number=1)
    assert saved.entry == {
        "hands": {
            str(ann.pk): {"number": 7},
            str(bob.pk): {"number": 42},
            str(cy.pk): {"number": 3},
        }
    }
    board = owner_client.get(answer.url).content.decode()
    assert standings(board) == ["1. Bob 1", "2. Ann 0", "2. Cy 0"]


def test_a_tie_for_highest_scores_nobody(sixth_game, owner_client, owner, players):
    game = Game.start(owner, "highest", players)
    owner_client.post(reverse("round_new", args=[game.pk]), numbers(players, 50, 50, 3))
    assert Game.objects.get(pk=game.pk).scoreboard.totals == {p.pk: 0 for p in players}


def test_a_number_out_of_range_shows_the_form_again_with_the_rules_sentence_and_all_kept(
    sixth_game, owner_client, owner, players
):
    game = Game.start(owner, "highest", players)
    page = owner_client.post(reverse("round_new", args=[game.pk]), numbers(players, 7, 150, 3))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Bob&#x27;s number must be from 0 to 99, not 150" in html
    assert 'class="hand invalid"' in html
    for player, said in zip(players, (7, 150, 3), strict=True):
        assert parse(html).find(f"input[name=number_{player.pk}]")["value"] == str(said)
    assert not game.rounds.exists()


def test_a_number_that_is_no_number_is_named_beside_its_input(
    sixth_game, owner_client, owner, players
):
    game = Game.start(owner, "highest", players)
    page = owner_client.post(reverse("round_new", args=[game.pk]), numbers(players, 7, "x", 3))
    assert page.status_code == 200
    assert b"Enter a whole number." in page.content
    assert parse(page).find(f"input[name=number_{players[1].pk}]")["value"] == "x"
    assert not game.rounds.exists()


def test_reaching_the_points_to_win_ends_the_game(sixth_game, owner_client, owner, players):
    game = Game.start(owner, "highest", players, options={"points_to_win": 2})
    for number in (1, 2):
        data = numbers(players, 1, 2, 90, number=number)
        assert owner_client.post(reverse("round_new", args=[game.pk]), data).status_code == 302
    game = Game.objects.get(pk=game.pk)
    assert game.finished
    assert game.scoreboard.winners == [players[2].pk]
    assert "Cy" in owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()


def test_a_saved_round_is_fixed_on_its_page_and_its_earlier_version_told_in_words(
    sixth_game, owner_client, owner, players
):
    game = Game.start(owner, "highest", players)
    owner_client.post(reverse("round_new", args=[game.pk]), numbers(players, 7, 42, 3))
    edit = reverse("round_edit", args=[game.pk, 1])
    assert 'value="42"' in owner_client.get(edit).content.decode()
    assert owner_client.post(edit, numbers(players, 70, 42, 3)).status_code == 302
    page = owner_client.get(edit).content.decode()
    assert "Bob: 42" in page  # the earlier version, in the game's own words
    assert Game.objects.get(pk=game.pk).scoreboard.totals[players[0].pk] == 1
