"""The round pages: entering a round for each game without JavaScript, its live preview,
fixing and undoing rounds, restoring an earlier version, and two phones saving at once."""

import pytest
from django.urls import reverse

from games.models import Game, Round, RoundRevision
from tests import factories
from tests.markup import parse

pytestmark = pytest.mark.django_db


def new_round(game):
    return reverse("round_new", args=[game.pk])


def scores(game):
    """Each player's running total as the scoreboard replays it, by name."""
    game = Game.objects.get(pk=game.pk)
    return {game.player_names[p]: total for p, total in game.scoreboard.totals.items()}


def piles(players, *counts, number=1):
    data = {"number": number}
    data.update({f"pile_{p.pk}": n for p, n in zip(players, counts, strict=True)})
    return data


def grid(player, rows):
    return {
        f"card_{player.pk}_{r}{c}": card for r, row in enumerate(rows) for c, card in enumerate(row)
    }


def checked(html, name, value):
    """The radio or checkbox `name` with `value` is ticked in the page, or the list `name` has
    `value` chosen."""
    page = parse(html)
    choices = page.find_all(f"input[name='{name}'][value='{value}']")
    options = page.find_all(f"select[name='{name}'] option[value='{value}']")
    return any(choice.has("checked") for choice in choices) or any(
        option.has("selected") for option in options
    )


# --- FortyBelow ---


def test_fortybelow_shows_a_grid_of_six_cards_per_player(owner_client, owner, players):
    ann, bob = players[:2]
    game = factories.play(owner, "fortybelow", [ann, bob], rounds=2)
    response = owner_client.get(new_round(game))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Round 1" in html
    for player in (ann, bob):
        for cell in ("00", "01", "02", "10", "11", "12"):
            assert f'name="card_{player.pk}_{cell}"' in html
    assert 'name="went_out"' in html
    assert 'name="number" value="1"' in html


def test_fortybelow_saves_a_round_without_javascript(owner_client, owner, players):
    ann, bob = players[:2]
    game = factories.play(owner, "fortybelow", [ann, bob], rounds=2)
    data = {
        "number": 1,
        "went_out": ann.pk,
        **grid(ann, [[1, 2, 3], [4, 5, 6]]),
        **grid(bob, [[5, 5, 3], [5, 5, -1]]),
    }
    response = owner_client.post(new_round(game), data)
    assert response.status_code == 302
    assert response.url == reverse("game_detail", args=[game.pk])
    saved = game.rounds.get()
    assert saved.entry["went_out"] == ann.pk
    assert saved.entry["hands"][1] == {"player": bob.pk, "grid": [[5, 5, 3], [5, 5, -1]]}
    # Bob's forty below (-40) and 3 + -1: -38; Ann went out without the lowest hand: 21 + 10.
    assert scores(game) == {"Ann": 31, "Bob": -38}


def test_fortybelow_without_who_went_out_keeps_the_cards_and_saves_nothing(
    owner_client, owner, players
):
    ann, bob = players[:2]
    game = factories.play(owner, "fortybelow", [ann, bob])
    data = {
        "number": 1,
        **grid(ann, [[1, 2, 3], [4, 5, 6]]),
        **grid(bob, [[7, 8, 9], [-10, 0, 12]]),
    }
    response = owner_client.post(new_round(game), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "This field is required." in html
    assert f'name="card_{bob.pk}_10"' in html
    assert '<option value="-10" selected>' in html
    assert '<option value="12" selected>' in html
    assert not Round.objects.exists()


def test_fortybelow_a_card_that_is_not_a_card_is_refused(owner_client, owner, players):
    ann, bob = players[:2]
    game = factories.play(owner, "fortybelow", [ann, bob])
    data = {"number": 1, "went_out": ann.pk, **grid(ann, [[1, 2, 3], [4, 5, 99]])}
    data.update(grid(bob, [[1, 2, 3], [4, 5, 6]]))
    response = owner_client.post(new_round(game), data)
    assert response.status_code == 200
    assert "Ann row 2 column 3: Select a valid choice" in response.content.decode()
    assert not Round.objects.exists()


def test_fortybelow_a_card_left_blank_is_pointed_out(owner_client, owner, players):
    ann, bob = players[:2]
    game = factories.play(owner, "fortybelow", [ann, bob])
    data = {"number": 1, "went_out": ann.pk, **grid(ann, [[1, 2, 3], [4, 5, 6]])}
    data.update(grid(bob, [[1, 2, 3], [4, "", 6]]))
    response = owner_client.post(new_round(game), data)
    assert response.status_code == 200
    assert "Bob row 2 column 2: This field is required." in response.content.decode()
    assert checked(response.content.decode(), "went_out", ann.pk)
    assert not Round.objects.exists()


# --- 42 ---


@pytest.fixture
def forty_two(owner, players):
    """42 for Ann, Bob and Cy; Cy deals first and bids last."""
    ann, bob, cy = players[:3]
    return Game.start(owner, "fortytwo", [ann, bob, cy], first_dealer=cy)


def bids(players, *values, number=1):
    return {"number": number, **{f"bid_{p.pk}": v for p, v in zip(players, values, strict=True)}}


def tricks(players, *values):
    return {f"tricks_{p.pk}": v for p, v in zip(players, values, strict=True)}


def test_42_asks_for_the_bids_and_the_tricks_on_one_page(owner_client, forty_two, players):
    html = owner_client.get(new_round(forty_two)).content.decode()
    assert f'name="bid_{players[0].pk}"' in html
    assert f'name="tricks_{players[0].pk}"' in html  # optional: the bids may be saved alone
    assert 'Cy <span class="pill">dealer</span>' in html


def test_42_saves_the_bids_as_an_open_round_then_the_tricks_complete_it(
    owner_client, forty_two, players
):
    ann, bob, cy = players[:3]
    response = owner_client.post(new_round(forty_two), bids([ann, bob, cy], 2, 0, 4))
    assert response.status_code == 302
    assert response.url == reverse("game_detail", args=[forty_two.pk])
    saved = forty_two.rounds.get()
    assert saved.status == Round.OPEN
    assert saved.entry == {
        "hands": [
            {"player": ann.pk, "bid": 2},
            {"player": bob.pk, "bid": 0},
            {"player": cy.pk, "bid": 4},
        ]
    }
    board = owner_client.get(reverse("game_detail", args=[forty_two.pk])).content.decode()
    assert "Finish round 1" in board
    assert "Bids: Ann 2, Bob 0, Cy 4" in board

    form = owner_client.get(new_round(forty_two)).content.decode()
    assert f'name="tricks_{ann.pk}"' in form
    assert checked(form, f"bid_{cy.pk}", 4)  # the saved bids are ticked

    data = {**bids([ann, bob, cy], 2, 0, 4), **tricks([ann, bob, cy], 2, 1, 4)}
    response = owner_client.post(new_round(forty_two), data)
    assert response.status_code == 302
    saved.refresh_from_db()
    assert saved.status == Round.COMPLETE
    assert forty_two.rounds.count() == 1
    # Ann made 2 (2 + 3 bonus), Bob bid 0 and took 1, Cy made 4 (4 + 3).
    assert scores(forty_two) == {"Cy": 7, "Ann": 5, "Bob": 1}


def test_42_the_dealer_may_not_make_the_bids_add_up_to_7(owner_client, forty_two, players):
    ann, bob, cy = players[:3]
    response = owner_client.post(new_round(forty_two), bids([ann, bob, cy], 2, 0, 5))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Cy is dealing and may not bid 5: the bids would add up to 7" in html
    assert checked(html, f"bid_{ann.pk}", 2)
    assert checked(html, f"bid_{cy.pk}", 5)
    assert not Round.objects.exists()


def test_42_tricks_that_do_not_add_up_to_7_are_refused_and_kept(owner_client, forty_two, players):
    ann, bob, cy = players[:3]
    owner_client.post(new_round(forty_two), bids([ann, bob, cy], 2, 0, 4))
    data = {**bids([ann, bob, cy], 2, 0, 4), **tricks([ann, bob, cy], 2, 1, 3)}
    response = owner_client.post(new_round(forty_two), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "tricks add up to 6; a hand has 7 tricks" in html
    assert checked(html, f"tricks_{bob.pk}", 1)
    assert checked(html, f"tricks_{cy.pk}", 3)
    saved = forty_two.rounds.get()
    assert saved.status == Round.OPEN
    assert "tricks" not in saved.entry["hands"][0]
    assert not RoundRevision.objects.exists()


# --- Under the 10 ---


def test_under_the_10_shows_points_cards_and_bonus_per_player(owner_client, owner, players):
    game = factories.play(owner, "under10", players[:3])
    html = owner_client.get(new_round(game)).content.decode()
    for player in players[:3]:
        for name in ("points", "cards", "bonus"):
            assert f'name="{name}_{player.pk}"' in html
    assert 'name="ended_by"' in html
    assert checked(html, "how", "called")


def test_under_the_10_saves_points_cards_and_bonus_cards(owner_client, owner, players):
    ann, bob, cy = players[:3]
    game = factories.play(owner, "under10", [ann, bob, cy])
    data = {
        "number": 1,
        "ended_by": ann.pk,
        "how": "called",
        f"points_{ann.pk}": 3,
        f"points_{bob.pk}": 8,
        f"bonus_{bob.pk}": ["joker"],
        f"cards_{cy.pk}": "2 5 13",
    }
    response = owner_client.post(new_round(game), data)
    assert response.status_code == 302
    assert game.rounds.get().entry == {
        "called_by": ann.pk,
        "hands": [
            {"player": ann.pk, "points": 3},
            {"player": bob.pk, "points": 8, "bonus": ["joker"]},
            {"player": cy.pk, "cards": [2, 5, 13]},
        ],
    }
    # Ann called lowest: 0; Bob's joker adds 10; Cy's cards are 20.
    assert scores(game) == {"Ann": 0, "Bob": 18, "Cy": 20}


def test_under_the_10_an_empty_hand_ends_the_round(owner_client, owner, players):
    ann, bob = players[:2]
    game = factories.play(owner, "under10", [ann, bob])
    data = {"number": 1, "ended_by": bob.pk, "how": "empty", f"cards_{ann.pk}": "4 4"}
    owner_client.post(new_round(game), data)
    assert game.rounds.get().entry["empty_hand"] == bob.pk
    assert scores(game) == {"Bob": 0, "Ann": 8}


def test_under_the_10_a_call_with_too_many_points_is_refused_beside_the_hand(
    owner_client, owner, players
):
    ann, bob = players[:2]
    game = factories.play(owner, "under10", [ann, bob])
    data = {"number": 1, "ended_by": ann.pk, "how": "called", f"cards_{ann.pk}": "5 7"}
    data[f"points_{bob.pk}"] = 20
    response = owner_client.post(new_round(game), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Ann called with 12 points; a call needs fewer than 10" in html
    assert 'value="5 7"' in html
    assert 'value="20"' in html
    assert not Round.objects.exists()


def test_under_the_10_cards_that_are_not_numbers_are_refused(owner_client, owner, players):
    ann, bob = players[:2]
    game = factories.play(owner, "under10", [ann, bob])
    data = {"number": 1, "ended_by": ann.pk, "how": "called", f"cards_{bob.pk}": "two and a jack"}
    response = owner_client.post(new_round(game), data)
    assert "Cards are numbers, separated by spaces." in response.content.decode()
    assert not Round.objects.exists()


# --- Forty Fives ---


@pytest.fixture
def forty_fives(owner, players):
    """Ann and Cy (team A) against Bob and Dee (team B)."""
    return Game.start(owner, "fortyfives", players)


def test_a_fix_that_a_later_round_cant_follow_says_which_way_out_there_is(
    owner_client, owner, players
):
    ann = players[0]

    def hand(tricks_a):  # Ann's team bids 30: made with all five tricks, set with three
        tricks = {"A": tricks_a, "B": 5 - tricks_a}
        return {"bidder": ann.pk, "bid": 30, "trump": "hearts", "tricks": tricks, "high_trump": "A"}

    made, set_ = hand(5), hand(3)
    game = factories.play(owner, "fortyfives", players, [made, made, made, set_, made])
    # Round 4 made instead: Ann's team reaches 120 there and wins, so round 5 can't follow.
    fix = {"number": 4, "bidder": ann.pk, "bid": 30, "trump": "hearts", "tricks_A": 5}
    fix["high_trump"] = "A"
    said = (
        "Round 5: the game is already over: the change to round 4 breaks it. Undo the rounds"
        " after round 4 first, or fix round 4 otherwise."
    )
    page = owner_client.post(reverse("round_edit", args=[game.pk, 4]), fix)
    assert page.status_code == 200 and said in page.content.decode()
    preview = owner_client.post(reverse("round_preview", args=[game.pk]), fix)
    assert said in preview.content.decode()
    assert game.rounds.get(number=4).entry["tricks"] == {"A": 3, "B": 2}  # nothing saved


def test_forty_fives_asks_for_the_bid_and_the_result_on_one_page(owner_client, forty_fives):
    html = owner_client.get(new_round(forty_fives)).content.decode()
    assert 'name="bidder"' in html
    assert 'name="bid"' in html
    assert 'name="trump"' in html
    assert 'name="tricks_A"' in html  # optional: the bid may be saved alone
    assert 'name="high_trump"' in html
    assert 'name="tricks_B"' not in html  # the rest of the five: shown, not entered


def test_forty_fives_saves_the_bid_then_the_tricks_and_high_trump(
    owner_client, forty_fives, players
):
    ann = players[0]
    bid = {"number": 1, "bidder": ann.pk, "bid": 20, "trump": "hearts"}
    response = owner_client.post(new_round(forty_fives), bid)
    assert response.status_code == 302
    saved = forty_fives.rounds.get()
    assert saved.status == Round.OPEN
    assert saved.entry == {"bidder": ann.pk, "bid": 20, "trump": "hearts"}

    form = owner_client.get(new_round(forty_fives)).content.decode()
    assert "Tricks taken by Ann &amp; Cy" in form
    assert checked(form, "trump", "hearts")

    result = {**bid, "tricks_A": 3, "high_trump": "A"}
    response = owner_client.post(new_round(forty_fives), result)
    assert response.status_code == 302
    saved.refresh_from_db()
    assert saved.status == Round.COMPLETE
    assert saved.entry["tricks"] == {"A": 3, "B": 2}
    # Team A made 20 (3 tricks and the highest trump); team B took 2 tricks.
    assert scores(forty_fives) == {"Ann": 20, "Cy": 20, "Bob": 10, "Dee": 10}


def test_forty_fives_an_impossible_result_is_refused_and_kept(owner_client, forty_fives, players):
    bid = {"number": 1, "bidder": players[1].pk, "bid": 15}
    owner_client.post(new_round(forty_fives), bid)
    # Team B (Bob and Dee) took no trick, so it can't have taken the highest trump.
    result = {**bid, "tricks_A": 5, "high_trump": "B"}
    response = owner_client.post(new_round(forty_fives), result)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Bob and Dee took no trick, so they can&#x27;t have taken the highest trump" in html
    assert checked(html, "tricks_A", 5)
    assert checked(html, "high_trump", "B")
    assert forty_fives.rounds.get().status == Round.OPEN


def test_forty_fives_offers_bids_of_5_with_no_minimum_bid(owner_client, owner, players):
    game = Game.start(owner, "fortyfives", players, options={"no_minimum_bid": True})
    html = owner_client.get(new_round(game)).content.decode()
    assert 'name="bid" value="5"' in html


# --- FourScore ---


def test_fourscore_saves_every_pile(owner_client, owner, players):
    game = factories.play(owner, "fourscore", players[:3], deals=2)
    response = owner_client.post(new_round(game), piles(players[:3], 5, 2, 9))
    assert response.status_code == 302
    assert game.rounds.get().entry["hands"][2] == {"player": players[2].pk, "pile": 9}
    assert scores(game) == {"Bob": 2, "Ann": 5, "Cy": 9}


def test_fourscore_a_negative_pile_is_refused_and_the_piles_kept(owner_client, owner, players):
    game = factories.play(owner, "fourscore", players[:3])
    response = owner_client.post(new_round(game), piles(players[:3], 5, -2, 9))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Bob&#x27;s pile can&#x27;t be below 0<" in html
    assert f'name="pile_{players[0].pk}" value="5"' in html
    assert f'name="pile_{players[1].pk}" value="-2"' in html
    assert not Round.objects.exists()


def test_the_last_deal_finishes_the_game_and_no_round_page_follows(owner_client, owner, players):
    game = factories.play(owner, "fourscore", players[:2])
    owner_client.post(new_round(game), piles(players[:2], 5, 2))
    response = owner_client.get(new_round(game), follow=True)
    assert "The game is over." in response.content.decode()
    assert "Winner: <bdi>Bob</bdi>" in response.content.decode()


# --- The live preview ---


def test_the_preview_shows_the_rounds_scores_without_saving(owner_client, owner, players):
    game = factories.play(owner, "fourscore", players[:3], deals=2)
    url = reverse("round_preview", args=[game.pk])
    response = owner_client.post(url, piles(players[:3], 5, 2, 9), HTTP_HX_REQUEST="true")
    html = response.content.decode().strip()
    assert response.status_code == 200
    assert html.startswith('<div id="preview"')
    assert "<html" not in html
    assert "Ann +5 → 5" in html
    assert "Cy +9 → 9" in html
    assert not Round.objects.exists()


def test_the_preview_says_what_is_wrong(owner_client, forty_two, players):
    url = reverse("round_preview", args=[forty_two.pk])
    response = owner_client.post(url, bids(players[:3], 2, 0, 5), HTTP_HX_REQUEST="true")
    assert "Cy is dealing and may not bid 5" in response.content.decode()


def test_the_preview_asks_for_every_hand_until_the_form_is_filled(owner_client, owner, players):
    game = factories.play(owner, "fourscore", players[:2])
    url = reverse("round_preview", args=[game.pk])
    response = owner_client.post(url, {"number": 1}, HTTP_HX_REQUEST="true")
    assert "Fill in every player&#x27;s hand" in response.content.decode()


def test_the_preview_of_an_edit_shows_the_rescored_round(owner_client, owner, players):
    game = factories.play(owner, "fourscore", players[:2], deals=3)
    game.add_round(factories.piles(players[:2], 1, 1), owner)
    game.add_round(factories.piles(players[:2], 1, 1), owner)
    url = reverse("round_preview", args=[game.pk])
    response = owner_client.post(url, piles(players[:2], 4, 0, number=1))
    assert "Ann +4 → 4" in response.content.decode()


@pytest.mark.parametrize("number", ["0", "3", "x", ""])
def test_the_preview_of_a_round_that_cannot_exist_is_404(owner_client, owner, players, number):
    game = factories.play(owner, "fourscore", players[:2])
    url = reverse("round_preview", args=[game.pk])
    assert owner_client.post(url, {"number": number}).status_code == 404


# --- Fixing, undoing and restoring rounds ---


@pytest.fixture
def two_deals(owner, players):
    """FourScore for Ann, Bob and Cy: two of three deals played."""
    game = factories.play(owner, "fourscore", players[:3], deals=3)
    game.add_round(factories.piles(players[:3], 1, 2, 3), owner)
    game.add_round(factories.piles(players[:3], 4, 0, 0), owner)
    return game


def test_the_edit_page_shows_the_saved_round(owner_client, two_deals, players):
    response = owner_client.get(reverse("round_edit", args=[two_deals.pk, 1]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Fix round 1" in html
    assert f'name="pile_{players[2].pk}" value="3"' in html
    assert reverse("round_edit", args=[two_deals.pk, 1]) in html


def test_editing_a_past_round_recomputes_every_total_after_it(
    owner_client, owner, two_deals, players
):
    url = reverse("round_edit", args=[two_deals.pk, 1])
    response = owner_client.post(url, piles(players[:3], 10, 2, 3))
    assert response.status_code == 302
    assert scores(two_deals) == {"Ann": 14, "Bob": 2, "Cy": 3}
    board = Game.objects.get(pk=two_deals.pk).scoreboard
    assert [r.total for r in board.rounds[1].results] == [14, 2, 3]
    revision = RoundRevision.objects.get()
    assert (revision.number, revision.action, revision.by) == (1, "replaced", owner)


def test_an_invalid_edit_keeps_the_round_as_it_was(owner_client, two_deals, players):
    url = reverse("round_edit", args=[two_deals.pk, 1])
    response = owner_client.post(url, piles(players[:3], 10, -1, 3))
    assert response.status_code == 200
    assert f'name="pile_{players[1].pk}" value="-1"' in response.content.decode()
    assert scores(two_deals) == {"Ann": 5, "Bob": 2, "Cy": 3}


def test_editing_a_finished_42_hand_shows_its_bids_and_tricks(
    owner_client, owner, forty_two, players
):
    ann, bob, cy = players[:3]
    hands = [(ann, 2, 2), (bob, 0, 1), (cy, 4, 4)]
    forty_two.add_round(
        {"hands": [{"player": p.pk, "bid": b, "tricks": t} for p, b, t in hands]}, owner
    )
    url = reverse("round_edit", args=[forty_two.pk, 1])
    html = owner_client.get(url).content.decode()
    assert checked(html, f"tricks_{bob.pk}", 1)
    assert checked(html, f"bid_{cy.pk}", 4)
    data = {**bids([ann, bob, cy], 2, 0, 4), **tricks([ann, bob, cy], 2, 0, 5)}
    assert owner_client.post(url, data).status_code == 302
    assert scores(forty_two) == {"Ann": 5, "Bob": 7, "Cy": 5}


def test_editing_a_forty_fives_hand_rescores_both_teams(owner_client, owner, forty_fives, players):
    ann, bob = players[:2]
    forty_fives.add_round(
        {"bidder": ann.pk, "bid": 20, "tricks": {"A": 3, "B": 2}, "high_trump": None}, owner
    )
    url = reverse("round_edit", args=[forty_fives.pk, 1])
    assert checked(owner_client.get(url).content.decode(), "high_trump", "none")
    data = {
        "number": 1,
        "bidder": bob.pk,
        "bid": 15,
        "tricks_A": 1,
        "high_trump": "B",
    }
    assert owner_client.post(url, data).status_code == 302
    assert scores(forty_fives) == {"Bob": 25, "Dee": 25, "Ann": 5, "Cy": 5}


def test_a_player_out_of_under_the_10_has_no_hand_in_the_next_round(owner_client, owner, players):
    ann, bob, cy = players[:3]
    game = factories.play(owner, "under10", [ann, bob, cy])
    for bobs in (90, 61):  # Bob 151: out
        hands = [{"player": ann.pk, "points": 1}, {"player": bob.pk, "points": bobs}]
        entry = {"called_by": ann.pk, "hands": [*hands, {"player": cy.pk, "points": 3}]}
        game.add_round(entry, owner)
    html = owner_client.get(new_round(game)).content.decode()
    assert f'name="points_{ann.pk}"' in html
    assert f'name="points_{bob.pk}"' not in html


def test_editing_a_round_that_does_not_exist_is_404(owner_client, two_deals):
    assert owner_client.get(reverse("round_edit", args=[two_deals.pk, 3])).status_code == 404


def test_undo_deletes_the_last_round_and_keeps_it(owner_client, two_deals):
    response = owner_client.post(reverse("round_delete", args=[two_deals.pk, 2]), follow=True)
    assert "Round 2 undone." in response.content.decode()
    assert list(two_deals.rounds.values_list("number", flat=True)) == [1]
    assert RoundRevision.objects.get().action == "deleted"
    assert scores(two_deals) == {"Ann": 1, "Bob": 2, "Cy": 3}


def test_only_the_last_round_can_be_undone(owner_client, two_deals):
    response = owner_client.post(reverse("round_delete", args=[two_deals.pk, 1]), follow=True)
    assert "Only the last round (round 2) can be deleted." in response.content.decode()
    assert two_deals.rounds.count() == 2


def test_undoing_a_round_that_does_not_exist_is_404(owner_client, two_deals):
    assert owner_client.post(reverse("round_delete", args=[two_deals.pk, 3])).status_code == 404


def test_an_undone_round_can_be_restored_from_the_round_page(owner_client, two_deals):
    owner_client.post(reverse("round_delete", args=[two_deals.pk, 2]))
    revision = RoundRevision.objects.get()
    url = reverse("revision_restore", args=[two_deals.pk, revision.pk])
    assert url in owner_client.get(new_round(two_deals)).content.decode()
    response = owner_client.post(url, follow=True)
    assert "Round 2 restored." in response.content.decode()
    assert two_deals.rounds.count() == 2
    assert scores(two_deals) == {"Ann": 5, "Bob": 2, "Cy": 3}


def test_an_edited_round_can_be_restored_to_its_earlier_version(owner_client, two_deals, players):
    owner_client.post(reverse("round_edit", args=[two_deals.pk, 1]), piles(players[:3], 9, 9, 9))
    revision = RoundRevision.objects.get()
    assert reverse("revision_restore", args=[two_deals.pk, revision.pk]) in (
        owner_client.get(reverse("round_edit", args=[two_deals.pk, 1])).content.decode()
    )
    owner_client.post(reverse("revision_restore", args=[two_deals.pk, revision.pk]))
    assert scores(two_deals) == {"Ann": 5, "Bob": 2, "Cy": 3}


def test_a_revision_of_another_game_is_404(owner_client, owner, two_deals, players):
    two_deals.delete_last_round(2, owner)
    other = factories.play(owner, "fourscore", players[:3], deals=3)
    revision = RoundRevision.objects.get()
    url = reverse("revision_restore", args=[other.pk, revision.pk])
    assert owner_client.post(url).status_code == 404
    assert not other.rounds.exists()


# --- Two phones, one round ---


def test_a_double_submit_saves_the_round_once(owner_client, owner, players):
    game = factories.play(owner, "fourscore", players[:3], deals=3)
    data = piles(players[:3], 5, 2, 9)
    first = owner_client.post(new_round(game), data)
    second = owner_client.post(new_round(game), data, follow=True)
    assert first.status_code == 302
    page = second.content.decode()
    assert "Round 1 was already saved." in page
    assert "someone else" not in page
    assert game.rounds.count() == 1


def test_a_double_submit_of_42s_tricks_completes_the_round_once(owner_client, forty_two, players):
    ann, bob, cy = players[:3]
    owner_client.post(new_round(forty_two), bids([ann, bob, cy], 2, 0, 4))
    data = {**bids([ann, bob, cy], 2, 0, 4), **tricks([ann, bob, cy], 2, 1, 4)}
    owner_client.post(new_round(forty_two), data)
    second = owner_client.post(new_round(forty_two), data, follow=True)
    assert "Round 1 was already saved." in second.content.decode()
    assert forty_two.rounds.count() == 1
    assert forty_two.rounds.get().status == Round.COMPLETE


def test_a_round_entered_on_another_phone_meanwhile_is_not_overwritten(
    owner_client, owner, players
):
    game = factories.play(owner, "fourscore", players[:2], deals=3)
    stale = owner_client.get(new_round(game)).context["number"]
    game.add_round(factories.piles(players[:2], 1, 1), owner)
    response = owner_client.post(
        new_round(game), piles(players[:2], 5, 2, number=stale), follow=True
    )
    assert response.redirect_chain == [(f"/games/{game.pk}/", 302)]
    assert "Round 1 was already saved by someone else." in response.content.decode()
    assert game.rounds.count() == 1
    assert game.rounds.get().entry["hands"][0]["pile"] == 1


# --- A round's number: saved as the round the form was for, or not at all ---


def refusal_on(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


@pytest.mark.parametrize("number", ["3", "7", "0", "-1"])
def test_a_form_for_a_round_the_game_is_not_at_is_refused_and_saves_nothing(
    owner_client, owner, players, number
):
    game = factories.play(
        owner, "fourscore", players[:2], [factories.piles(players[:2], 1, 1)], deals=3
    )
    response = owner_client.post(
        new_round(game), piles(players[:2], 5, 2, number=number), follow=True
    )
    assert response.redirect_chain == [(f"/games/{game.pk}/", 302)]
    assert refusal_on(response) == [
        f"This form was for round {number}, but the game is at round 2: nothing was saved."
    ]
    assert game.rounds.count() == 1


@pytest.mark.parametrize("number", ["x", str(10**30), "", "3.0", "²"])
def test_a_form_whose_round_number_is_no_number_is_refused_and_saves_nothing(
    owner_client, owner, players, number
):
    game = factories.play(
        owner, "fourscore", players[:2], [factories.piles(players[:2], 1, 1)], deals=3
    )
    response = owner_client.post(
        new_round(game), piles(players[:2], 5, 2, number=number), follow=True
    )
    assert refusal_on(response) == [
        "This form names no round the game can be at (it is at round 2): nothing was saved."
    ]
    assert game.rounds.count() == 1


def test_a_form_without_a_round_number_is_refused_and_saves_nothing(owner_client, owner, players):
    game = factories.play(owner, "fourscore", players[:2], deals=3)
    data = piles(players[:2], 5, 2)
    del data["number"]
    response = owner_client.post(new_round(game), data, follow=True)
    assert "nothing was saved" in refusal_on(response)[0]
    assert not game.rounds.exists()


def test_a_phones_form_for_round_9_sent_after_round_8_was_undone_is_not_saved_as_round_8(
    owner_client, owner, players
):
    seated = players[:2]
    game = factories.play(
        owner, "fourscore", seated, [factories.piles(seated, 1, n % 9) for n in range(8)], deals=20
    )
    game.delete_last_round(8, owner)
    response = owner_client.post(new_round(game), piles(seated, 5, 2, number=9), follow=True)
    assert refusal_on(response) == [
        "This form was for round 9, but the game is at round 8: nothing was saved."
    ]
    assert game.rounds.count() == 7


def test_a_form_for_the_round_after_42s_open_round_is_refused(owner_client, forty_two, players):
    ann, bob, cy = players[:3]
    owner_client.post(new_round(forty_two), bids([ann, bob, cy], 2, 0, 4), follow=True)
    data = {**bids([ann, bob, cy], 2, 0, 4, number=2), **tricks([ann, bob, cy], 2, 1, 4)}
    response = owner_client.post(new_round(forty_two), data, follow=True)
    assert refusal_on(response) == [
        "This form was for round 2, but the game is at round 1: nothing was saved."
    ]
    assert forty_two.rounds.get().status == Round.OPEN


def test_the_refusal_of_a_round_number_is_said_in_dutch(owner_client, owner, players):
    game = factories.play(owner, "fourscore", players[:2], deals=3)
    response = owner_client.post(
        new_round(game), piles(players[:2], 5, 2, number=4), follow=True, HTTP_ACCEPT_LANGUAGE="nl"
    )
    [said] = refusal_on(response)
    assert "4" in said and "1" in said and "This form" not in said


def test_the_fortybelow_preview_marks_the_block_and_cancelled_columns_on_the_grid(
    owner_client, owner, players
):
    ann, bob = players[:2]
    game = factories.play(owner, "fortybelow", [ann, bob])
    data = {"number": 1, **grid(ann, [[5, 5, 3], [5, 5, -1]]), **grid(bob, [[7, 2], [7, 9]])}
    response = owner_client.post(
        reverse("round_preview", args=[game.pk]), data, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    # An out-of-band element naming the cells (app.js colours them: no inline style, for CSP).
    marks = parse(html).find("div#grid-marks")
    assert marks["hx-swap-oob"] == "true" and marks.has("hidden") and not marks.children
    block, cancel = marks["data-block"].split(), marks["data-cancel"].split()
    assert sorted(block) == [f"id_card_{ann.pk}_{cell}" for cell in ("00", "01", "10", "11")]
    # Bob's grid is not complete yet, so nothing of his is marked, even his matching 7s.
    assert cancel == []


# --- A save sent by htmx: answered with the board, in one round trip ---

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_a_save_sent_by_htmx_answers_with_the_new_board_and_its_address(owner_client, owner):
    ann, bob = factories.add_players(owner, ("Ann", "Bob"))
    game = factories.play(owner, "fourscore", [ann, bob], deals=3)
    answer = owner_client.post(new_round(game), piles([ann, bob], 4, 7), **HTMX)
    assert answer.status_code == 200
    assert answer["HX-Replace-Url"] == reverse("game_detail", args=[game.pk])
    html = answer.content.decode()
    assert "Round 1 saved." in html and 'id="round-1"' in html
    assert 'id="round-form"' not in html
    # Only what the phone swaps in (its #main) and the page's title: not the head, the bar,
    # the footer and the scripts it already has.
    page = parse(html)
    assert page.find("title").text.startswith("FourScore") and page.find("main#main")
    assert not page.find_all("header, footer, script")
    assert Round.objects.filter(game=game).count() == 1
    # The message was shown with the board: the next page doesn't say it again.
    assert (
        "Round 1 saved."
        not in owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    )


def test_a_save_sent_by_htmx_and_refused_says_why_in_the_preview_and_saves_nothing(
    owner_client, owner
):
    ann, bob = factories.add_players(owner, ("Ann", "Bob"))
    game = factories.play(owner, "fourscore", [ann, bob], deals=3)
    answer = owner_client.post(new_round(game), piles([ann, bob], -4, 7), **HTMX)
    assert answer.status_code == 200
    assert (answer["HX-Retarget"], answer["HX-Reselect"]) == ("#preview", "#preview")
    html = answer.content.decode()
    assert html.lstrip().startswith('<div id="preview"')
    assert 'role="alert"' in html and "Not saved:" in html
    assert "Ann&#x27;s pile can&#x27;t be below 0<" in html
    not_a_number = owner_client.post(new_round(game), piles([ann, bob], "x", 7), **HTMX)
    assert "Not saved:" in not_a_number.content.decode()
    assert not Round.objects.filter(game=game).exists()


def test_a_refused_save_without_htmx_says_why_in_the_preview_too(owner_client, owner):
    """A save sent as a plain form (no JavaScript, or offline.js sending it when htmx got no
    answer) and refused: the page again, the reason beside the input and in the preview, the
    bar at the bottom of the screen where the thumb is."""
    ann, bob = factories.add_players(owner, ("Ann", "Bob"))
    game = factories.play(owner, "fourscore", [ann, bob], deals=3)
    answer = owner_client.post(new_round(game), piles([ann, bob], -4, 7))
    assert answer.status_code == 200
    page = parse(answer)
    preview = page.find("#preview")
    assert preview.find("[role=alert]").text == "Not saved: Round 1: Ann's pile can't be below 0"
    assert "The scores show here" not in preview.text
    assert not Round.objects.filter(game=game).exists()
    # A fix refused the same way.
    owner_client.post(new_round(game), piles([ann, bob], 4, 7))
    fix = owner_client.post(reverse("round_edit", args=[game.pk, 1]), piles([ann, bob], 4, -7))
    refused = parse(fix).find("#preview [role=alert]").text
    assert refused.startswith("Not saved: Round 1: Bob's pile")
    # The page itself, not after a save, says where the scores will show.
    fresh = owner_client.get(new_round(game))
    assert "The scores show here" in parse(fresh).find("#preview").text


def test_the_same_save_without_javascript_is_redirected_to_the_board(owner_client, owner):
    ann, bob = factories.add_players(owner, ("Ann", "Bob"))
    game = factories.play(owner, "fourscore", [ann, bob], deals=3)
    answer = owner_client.post(new_round(game), piles([ann, bob], 4, 7))
    assert answer.status_code == 302 and answer.url == reverse("game_detail", args=[game.pk])
