"""What the table reads after the rules were corrected: the thrown-in hand, blank hands that are
asked for, 42's bids in bidding order, winners first on every page, notes in plain words."""

import csv
import io

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games.kinds.fortytwo.tests import test_rules as fortytwo
from games.models import Game, Round

pytestmark = pytest.mark.django_db


def new_round(game):
    return reverse("round_new", args=[game.pk])


def test_forty_fives_everyone_passed_is_one_tap_that_scores_nothing_and_moves_the_deal(
    owner_client, owner, players
):
    game = Game.start(owner, "fortyfives", players)
    form = owner_client.get(new_round(game)).content.decode()
    assert 'name="thrown_in"' in form and "formnovalidate" in form
    response = owner_client.post(new_round(game), {"number": 1, "thrown_in": "1"})
    assert response.status_code == 302
    assert game.rounds.get().entry == {"thrown_in": True}
    board = Game.objects.get(pk=game.pk).scoreboard
    assert board.totals == {player.pk: 0 for player in players}
    assert board.next_dealer == players[1].pk
    page = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    why = owner_client.get(reverse("round_detail", args=[game.pk, 1])).content.decode()
    assert "Everyone passed: Ann&#x27;s deal is thrown in" in why
    assert "<bdi>Bob</bdi></strong> deals next" in page


def test_forty_fives_offers_no_throw_in_once_the_bid_is_saved(owner_client, owner, players):
    game = Game.start(owner, "fortyfives", players)
    game.add_round({"bidder": players[0].pk, "bid": 20}, owner)
    assert 'name="thrown_in"' not in owner_client.get(new_round(game)).content.decode()


def test_under_the_10_a_blank_hand_is_asked_for_by_name_and_nothing_typed_is_lost(
    owner_client, owner, players
):
    ann, bob, cy = players[:3]
    game = Game.start(owner, "under10", [ann, bob, cy])
    data = {"number": 1, "ended_by": ann.pk, "how": "called", f"points_{ann.pk}": 3}
    data[f"cards_{cy.pk}"] = "4 5"
    response = owner_client.post(new_round(game), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "enter Bob&#x27;s hand: its points or its cards" in html
    assert 'value="4 5"' in html and 'value="3"' in html
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ({"cards": "1 2 3 4 5 6"}, "Bob&#x27;s hand has 6 cards; a hand holds at most 5"),
        ({"cards": "1 2 3 4", "bonus": ["joker", "trade_card"]}, "Bob&#x27;s hand has 6 cards"),
        ({"points": 101}, "Bob&#x27;s points must be from 0 to 100, not 101"),
        ({"points": 999999}, "Bob&#x27;s points must be from 0 to 100, not 999999"),
    ],
)
def test_under_the_10_an_impossible_hand_is_refused_naming_the_player(
    owner_client, owner, players, hand, message
):
    ann, bob = players[:2]
    game = Game.start(owner, "under10", [ann, bob])
    data = {"number": 1, "ended_by": ann.pk, "how": "called", f"points_{ann.pk}": 3}
    data.update({f"{name}_{bob.pk}": value for name, value in hand.items()})
    html = owner_client.post(new_round(game), data).content.decode()
    assert message in html
    assert not Round.objects.exists()


def test_under_the_10_the_empty_handed_player_leaves_the_hand_blank(owner_client, owner, players):
    ann, bob = players[:2]
    game = Game.start(owner, "under10", [ann, bob])
    data = {"number": 1, "ended_by": bob.pk, "how": "empty", f"points_{ann.pk}": 12}
    assert owner_client.post(new_round(game), data).status_code == 302
    assert game.rounds.get().entry["hands"][1] == {"player": bob.pk, "cards": []}


def test_under_the_10_notes_name_bonus_cards_as_the_form_does(owner_client, owner, players):
    ann, bob = players[:2]
    game = Game.start(owner, "under10", [ann, bob])
    data = {"number": 1, "ended_by": ann.pk, "how": "called", f"points_{ann.pk}": 3}
    data.update({f"cards_{bob.pk}": "2", f"bonus_{bob.pk}": ["trade_hand", "joker"]})
    owner_client.post(new_round(game), data)
    page = owner_client.get(reverse("round_detail", args=[game.pk, 1])).content.decode()
    assert "Trade hand +20 · Joker +10" in page
    assert "trade_hand" not in page


def test_42_bids_are_asked_in_bidding_order_from_the_dealers_left_to_the_dealer(
    owner_client, owner, players
):
    game = Game.start(owner, "fortytwo", players, first_dealer=players[1])  # Bob deals
    html = owner_client.get(new_round(game)).content.decode()
    order = [html.index(f'name="bid_{player.pk}"') for player in players]
    cy, dee, ann, bob = order[2], order[3], order[0], order[1]
    assert cy < dee < ann < bob


def test_fortybelow_says_one_round_to_play_in_english(owner_client, owner, players):
    game = Game.start(owner, "fortybelow", players[:2], options={"rounds": 2})
    game.add_round(
        {
            "went_out": players[0].pk,
            "hands": [
                {"player": players[0].pk, "grid": [[1, 2, 3], [4, 5, 6]]},
                {"player": players[1].pk, "grid": [[1, 2, 3], [4, 5, 7]]},
            ],
        },
        owner,
    )
    page = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "1 round to play" in page
    assert "1 rounds" not in page


@pytest.fixture
def waiting_at_42(owner, players):
    """Ann wins at 42 with a made bid; Bob waits at 42 (Bob sits before Ann's winning seat)."""
    ann, bob, cy = players[:3]
    game = Game.start(owner, "fortytwo", [bob, ann, cy], first_dealer=cy)
    ids = {fortytwo.ANN: ann.pk, fortytwo.BOB: bob.pk, fortytwo.CY: cy.pk}
    entries = [
        *fortytwo.raise_to({fortytwo.ANN: 39, fortytwo.BOB: 40, fortytwo.CY: 5}),
        fortytwo.hand(
            {fortytwo.ANN: 0, fortytwo.BOB: 3, fortytwo.CY: 5},
            {fortytwo.ANN: 0, fortytwo.BOB: 2, fortytwo.CY: 5},
        ),
    ]
    for entry in entries:
        hands = [{**hand, "player": ids[hand["player"]]} for hand in entry["hands"]]
        game.add_round({"hands": hands}, owner)
    return Game.objects.get(pk=game.pk)


def test_every_page_puts_42s_winner_first_and_stars_only_the_winner(
    owner_client, waiting_at_42, players
):
    ann, bob = players[:2]
    game = waiting_at_42
    assert game.winners == [ann.pk]
    page = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    standings = page[page.index('<ol class="standings">') :]
    assert standings.index("<bdi>Ann</bdi>") < standings.index("<bdi>Bob</bdi>")
    assert "1. <bdi>Ann</bdi>" in standings and "2. <bdi>Bob</bdi>" in standings
    assert page.count("★") == 1
    assert '<bdi>Ann</bdi><span class="marks"><span aria-hidden="true">★</span>' in page
    token = game.share()
    shared = owner_client.get(reverse("game_shared", args=[token])).content.decode()
    assert "1. <bdi>Ann</bdi>" in shared and "2. <bdi>Bob</bdi>" in shared
    rows = list(
        csv.reader(
            io.StringIO(
                owner_client.get(reverse("game_csv", args=[game.pk])).content.decode("utf-8-sig")
            )
        )
    )
    assert rows[-1] == ["Winner", "Ann"]
    # The statistics read the kept ranks: Ann finished ahead of Bob, not level with him.
    api = APIClient()
    api.force_authenticate(game.owner)
    bob_stats = api.get(f"/api/players/{bob.pk}/stats/").json()
    against_ann = next(row for row in bob_stats["head_to_head"] if row["opponent"] == ann.pk)
    assert (against_ann["ahead"], against_ann["behind"], against_ann["level"]) == (0, 1, 0)
    assert bob_stats["wins"] == 0
    assert api.get(f"/api/players/{ann.pk}/stats/").json()["wins"] == 1
    body = api.get(f"/api/games/{game.pk}/").json()
    assert [(row["player"], row["rank"]) for row in body["standings"][:2]] == [
        (ann.pk, 1),
        (bob.pk, 2),
    ]
