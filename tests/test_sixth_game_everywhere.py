"""The sixth game, one folder (tests/sixth_game/) and its line in the registry, goes wherever the
five do with nothing else of the project changed for it: export and import, a player's record
and ratings, the players' phones, and Dutch (in English where it has no Dutch of its own)."""

import pytest
from django.urls import reverse

from games.kinds.base import _load
from games.models import Game, Player, Round
from games.transfer import export_document, import_document
from tests import factories

from .api.conftest import token_client
from .test_seats import join_as, send

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(owner):
    return factories.add_players(owner, ("Ann", "Bob", "Cy"))


def numbers(players, *said):
    return {"hands": {str(p.pk): {"number": n} for p, n in zip(players, said, strict=True)}}


def won_by_bob(owner, players) -> Game:
    game = Game.start(owner, "highest", players, options={"points_to_win": 2})
    for said in ((40, 99, 7), (1, 50, 3)):
        game.add_round(numbers(players, *said), owner)
    return Game.objects.get(pk=game.pk)


def test_it_is_exported_and_imported_into_another_account_as_it_was(
    sixth_game, owner, outsider, players
):
    game = won_by_bob(owner, players)
    import_document(outsider, export_document(owner))
    copy = Game.objects.get(owner=outsider)
    assert copy.kind == "highest" and copy.finished
    names = copy.player_names
    assert [names[p] for p in copy.winners] == ["Bob"]
    assert [r.entry for r in copy.rounds.order_by("number")] == [
        numbers(list(copy.seats[i].player for i in range(3)), *said)
        for said in ((40, 99, 7), (1, 50, 3))
    ]
    assert copy.scoreboard.totals == {
        seat.player_id: total for seat, total in zip(copy.seats, (0, 2, 0), strict=True)
    }
    assert game.scoreboard.totals[players[1].pk] == 2


def test_a_players_record_and_ratings_count_its_games(sixth_game, owner, owner_client, players):
    won_by_bob(owner, players)
    api = token_client(owner)
    stats = api.get(f"/api/players/{players[1].pk}/stats/").json()
    assert (stats["games"], stats["wins"]) == (1, 1)
    assert stats["by_kind"]["highest"]["wins"] == 1
    assert set(stats["ratings"]) == {"highest"}
    ratings = api.get("/api/ratings/highest/").json()
    assert ratings[0]["player"] == players[1].pk
    page = owner_client.get(reverse("player_list")).content.decode()
    assert "Highest number" in page


def test_each_player_sends_a_number_from_their_own_phone(sixth_game, owner, players):
    game = Game.start(owner, "highest", players)
    from games import seats

    seats.turn_on(game)
    game = Game.objects.get(pk=game.pk)
    for player, number in zip(players, (5, 80, 12), strict=True):
        send(*join_as(game, player), {"stage": "1-hand", "number": number})
    round_ = Round.objects.get(game=game)
    assert round_.entry == numbers(players, 5, 80, 12)
    assert Game.objects.get(pk=game.pk).scoreboard.totals[players[1].pk] == 1


def test_a_game_whose_pages_give_no_seat_part_offers_no_players_phones(
    sixth_game, owner, owner_client, players, monkeypatch
):
    from tests.sixth_game import pages

    monkeypatch.delattr(pages, "part_form")
    _load.cache_clear()
    try:
        game = Game.start(owner, "highest", players)
        page = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
        assert "Let players join" not in page
        owner_client.post(reverse("game_phones", args=[game.pk]), {"action": "on"})
        game.refresh_from_db()
        assert game.join_code is None
    finally:
        _load.cache_clear()


def test_in_dutch_its_pages_speak_dutch_and_its_own_words_english(
    sixth_game, owner, owner_client, players
):
    game = won_by_bob(owner, players)
    dutch = {"HTTP_ACCEPT_LANGUAGE": "nl"}
    page = owner_client.get(reverse("game_detail", args=[game.pk]), **dutch).content.decode()
    assert "Highest number" in page  # its name: no Dutch of its own
    assert "Winnaar" in page and "Stand" in page  # the page's own words
    rules = owner_client.get(reverse("game_rules", args=["highest"]), **dutch).content.decode()
    assert "The one highest number scores" in rules  # its rules page, in English only
    assert "Wat elk spel gemeen heeft" in rules  # under the shared page, in Dutch
    new = owner_client.get(reverse("game_new"), {"kind": "highest"}, **dutch).content.decode()
    assert "Points to win" in new


def test_its_rules_page_is_its_folders(sixth_game, client):
    page = client.get(reverse("game_rules", args=["highest"])).content.decode()
    assert "A game that exists only in the tests" in page
    assert Player.objects.count() == 0
