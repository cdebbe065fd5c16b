"""42 and Forty Fives on one page: a round saved at once after the hand, or the bids first and
the result after it; refusals in a sentence with everything entered kept; the fix page."""

import pytest
from django.urls import reverse

from games.models import Game, Round
from tests.markup import parse, text

pytestmark = pytest.mark.django_db


@pytest.fixture
def forty_two(owner, players):
    """42 for Ann, Bob and Cy; Cy deals first and bids last."""
    return Game.start(owner, "fortytwo", players[:3], first_dealer=players[2])


@pytest.fixture
def forty_fives(owner, players):
    """Ann and Cy (team A) against Bob and Dee (team B); Ann deals."""
    return Game.start(owner, "fortyfives", players)


def new_round(game):
    return reverse("round_new", args=[game.pk])


def fix_round(game, number):
    return reverse("round_edit", args=[game.pk, number])


def hands42(players, bids, tricks=None, number=1):
    data = {"number": number}
    for index, player in enumerate(players):
        data[f"bid_{player.pk}"] = bids[index]
        if tricks is not None and tricks[index] is not None:
            data[f"tricks_{player.pk}"] = tricks[index]
    return data


def checked(html, name, value):
    """Whether the page sends the choice of `value` for `name` checked or chosen in its list
    (each of them, if the page holds it more than once)."""
    page = parse(html)
    choices = page.find_all(f"input[name='{name}'][value='{value}']")
    choices += page.find_all(f"select[name='{name}'] option[value='{value}']")
    return bool(choices) and all(
        choice.has("checked") or choice.has("selected") for choice in choices
    )


def headings(html):
    """The levels of the headings in <main>, in order."""
    main = parse(html).find("main")
    return [int(heading.tag[1]) for heading in main.find_all("h1, h2, h3, h4, h5, h6")]


# --- 42 ---


def test_42_bids_and_tricks_entered_after_the_hand_are_saved_in_one_post(
    owner_client, forty_two, players
):
    ann, bob, cy = players[:3]
    response = owner_client.post(
        new_round(forty_two), hands42([ann, bob, cy], [2, 0, 4], [2, 1, 4])
    )
    assert response.status_code == 302
    saved = Round.objects.get(game=forty_two)
    assert saved.status == Round.COMPLETE
    assert saved.entry == {
        "hands": [
            {"player": ann.pk, "bid": 2, "tricks": 2},
            {"player": bob.pk, "bid": 0, "tricks": 1},
            {"player": cy.pk, "bid": 4, "tricks": 4},
        ]
    }
    assert Game.objects.get(pk=forty_two.pk).scoreboard.totals == {ann.pk: 5, bob.pk: 1, cy.pk: 7}


def test_42_bids_saved_alone_open_the_round_and_the_tricks_finish_it(
    owner_client, forty_two, players
):
    trio = players[:3]
    assert owner_client.post(new_round(forty_two), hands42(trio, [2, 0, 4])).status_code == 302
    assert Round.objects.get(game=forty_two).status == Round.OPEN

    page = owner_client.get(new_round(forty_two)).content.decode()
    assert "The bids are saved" in page
    assert checked(page, f"bid_{trio[2].pk}", 4)
    response = owner_client.post(new_round(forty_two), hands42(trio, [2, 0, 4], [2, 1, 4]))
    assert response.status_code == 302
    assert Round.objects.get(game=forty_two).status == Round.COMPLETE


def test_42_finishing_an_open_round_without_tricks_is_refused_in_a_sentence(
    owner_client, forty_two, players
):
    trio = players[:3]
    owner_client.post(new_round(forty_two), hands42(trio, [2, 0, 4]))
    response = owner_client.post(new_round(forty_two), hands42(trio, [2, 0, 3]))
    assert response.status_code == 200
    assert "Enter the tricks each player took (together 7): this hand was played." in text(
        response.content.decode()
    )
    assert checked(response.content.decode(), f"bid_{trio[2].pk}", 3)
    assert Round.objects.get(game=forty_two).status == Round.OPEN


def test_42_the_dealers_forbidden_bid_in_one_save_is_refused_and_nothing_entered_is_lost(
    owner_client, forty_two, players
):
    ann, bob, cy = players[:3]
    # Ann 2 and Bob 0: Cy, dealing, may not bid 5.
    data = hands42([ann, bob, cy], [2, 0, 5], [2, 1, 4])
    response = owner_client.post(new_round(forty_two), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Cy is dealing and may not bid 5: the bids would add up to 7" in text(html)
    for player, bid, took in ((ann, 2, 2), (bob, 0, 1), (cy, 5, 4)):
        assert checked(html, f"bid_{player.pk}", bid)
        assert checked(html, f"tricks_{player.pk}", took)
    assert not Round.objects.exists()


def test_42_a_player_left_without_tricks_is_named_and_the_rest_kept(
    owner_client, forty_two, players
):
    ann, bob, cy = players[:3]
    response = owner_client.post(
        new_round(forty_two), hands42([ann, bob, cy], [2, 0, 4], [2, None, 4])
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "Bob's tricks are missing" in text(html)
    assert checked(html, f"tricks_{cy.pk}", 4)
    assert not Round.objects.exists()


def test_42_tricks_that_do_not_make_7_in_one_save_are_refused_and_kept(
    owner_client, forty_two, players
):
    trio = players[:3]
    response = owner_client.post(new_round(forty_two), hands42(trio, [2, 0, 4], [2, 2, 4]))
    html = response.content.decode()
    assert "tricks add up to 8; a hand has 7 tricks" in text(html)
    assert checked(html, f"tricks_{trio[1].pk}", 2)
    assert not Round.objects.exists()


def test_42_the_fix_page_edits_bids_and_tricks_at_once_and_never_says_come_back(
    owner_client, owner, forty_two, players
):
    trio = players[:3]
    owner_client.post(new_round(forty_two), hands42(trio, [2, 0, 4], [2, 1, 4]))
    page = owner_client.get(fix_round(forty_two, 1)).content.decode()
    assert "come back" not in page
    assert checked(page, f"bid_{trio[0].pk}", 2)
    assert checked(page, f"tricks_{trio[1].pk}", 1)

    response = owner_client.post(fix_round(forty_two, 1), hands42(trio, [3, 0, 2], [3, 0, 4]))
    assert response.status_code == 302
    saved = Round.objects.get(game=forty_two)
    assert saved.status == Round.COMPLETE
    assert [hand["bid"] for hand in saved.entry["hands"]] == [3, 0, 2]


def test_42_a_played_hand_keeps_its_tricks_on_the_fix_page(owner_client, forty_two, players):
    trio = players[:3]
    owner_client.post(new_round(forty_two), hands42(trio, [2, 0, 4], [2, 1, 4]))
    response = owner_client.post(fix_round(forty_two, 1), hands42(trio, [2, 0, 4]))
    assert "this hand was played" in text(response.content.decode())
    assert Round.objects.get(game=forty_two).status == Round.COMPLETE


def test_42_the_open_rounds_bids_can_be_fixed_alone(owner_client, forty_two, players):
    trio = players[:3]
    owner_client.post(new_round(forty_two), hands42(trio, [2, 0, 4]))
    page = owner_client.get(fix_round(forty_two, 1)).content.decode()
    assert "come back" not in page
    assert owner_client.post(fix_round(forty_two, 1), hands42(trio, [1, 0, 4])).status_code == 302
    saved = Round.objects.get(game=forty_two)
    assert saved.status == Round.OPEN
    assert [hand["bid"] for hand in saved.entry["hands"]] == [1, 0, 4]


def test_42_the_dealers_hand_carries_the_note_for_the_forbidden_bid(owner_client, forty_two):
    html = owner_client.get(new_round(forty_two)).content.decode()
    dealer_hand = html.split("data-dealer-hand")[1].split('class="hand')[0]
    assert "data-forbidden-note" in dealer_hand
    assert 'data-dealer-name="Cy"' in html


# --- Forty Fives ---


def test_forty_fives_bid_and_result_entered_after_the_hand_are_saved_in_one_post(
    owner_client, forty_fives, players
):
    ann = players[0]
    data = {"number": 1, "bidder": ann.pk, "bid": 20, "trump": "hearts", "tricks_A": 4}
    data["high_trump"] = "A"
    response = owner_client.post(new_round(forty_fives), data)
    assert response.status_code == 302
    saved = Round.objects.get(game=forty_fives)
    assert saved.status == Round.COMPLETE
    # Team B took the rest of the five.
    assert saved.entry == {
        "bidder": ann.pk,
        "bid": 20,
        "trump": "hearts",
        "tricks": {"A": 4, "B": 1},
        "high_trump": "A",
    }


def test_forty_fives_the_bid_saved_alone_opens_the_round_and_the_result_finishes_it(
    owner_client, forty_fives, players
):
    bid = {"number": 1, "bidder": players[1].pk, "bid": 15}
    assert owner_client.post(new_round(forty_fives), bid).status_code == 302
    assert Round.objects.get(game=forty_fives).status == Round.OPEN
    response = owner_client.post(new_round(forty_fives), {**bid, "tricks_A": 1, "high_trump": "B"})
    assert response.status_code == 302
    saved = Round.objects.get(game=forty_fives)
    assert saved.status == Round.COMPLETE
    assert saved.entry["tricks"] == {"A": 1, "B": 4}


def test_forty_fives_finishing_an_open_round_without_the_result_is_refused(
    owner_client, forty_fives, players
):
    bid = {"number": 1, "bidder": players[1].pk, "bid": 15}
    owner_client.post(new_round(forty_fives), bid)
    response = owner_client.post(new_round(forty_fives), bid)
    assert "Enter the tricks taken by Ann &amp; Cy and who took the highest trump" in (
        response.content.decode()
    )
    assert Round.objects.get(game=forty_fives).status == Round.OPEN


@pytest.mark.parametrize(
    ("result", "sentence"),
    [
        ({"tricks_A": 3}, "Say who took the highest trump, or that no trump was played."),
        ({"high_trump": "A"}, "Enter the tricks taken by Ann &amp; Cy."),
        (
            {"tricks_A": 0, "high_trump": "A"},
            "Ann and Cy took no trick, so they can&#x27;t have taken the highest trump",
        ),
    ],
)
def test_forty_fives_a_bad_result_in_one_save_is_refused_in_a_sentence_and_kept(
    owner_client, forty_fives, players, result, sentence
):
    data = {"number": 1, "bidder": players[0].pk, "bid": 25, "trump": "spades", **result}
    response = owner_client.post(new_round(forty_fives), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert sentence in html
    assert checked(html, "bidder", players[0].pk)
    assert checked(html, "bid", 25)
    assert checked(html, "trump", "spades")
    for name, value in result.items():
        assert checked(html, name, value)
    assert not Round.objects.exists()


def test_forty_fives_team_bs_tricks_are_shown_as_the_rest_of_the_five(
    owner_client, forty_fives, players
):
    page = owner_client.get(new_round(forty_fives)).content.decode()
    assert "Bob &amp; Dee took <output data-rest>the rest of the 5 tricks</output>" in page
    data = {"number": 1, "bidder": players[0].pk, "bid": 20, "tricks_A": 2}
    page = owner_client.post(new_round(forty_fives), data).content.decode()
    assert "Bob &amp; Dee took <output data-rest>3</output>" in page


def test_forty_fives_the_fix_page_shows_team_as_tricks_and_rescores(
    owner_client, owner, forty_fives, players
):
    ann = players[0]
    forty_fives.add_round(
        {"bidder": ann.pk, "bid": 20, "tricks": {"A": 3, "B": 2}, "high_trump": "A"}, owner
    )
    page = owner_client.get(fix_round(forty_fives, 1)).content.decode()
    assert checked(page, "tricks_A", 3)
    assert "Bob &amp; Dee took <output data-rest>2</output>" in page
    data = {"number": 1, "bidder": ann.pk, "bid": 20, "tricks_A": 2, "high_trump": "B"}
    assert owner_client.post(fix_round(forty_fives, 1), data).status_code == 302
    assert Round.objects.get(game=forty_fives).entry["tricks"] == {"A": 2, "B": 3}


# --- Every round page ---


@pytest.mark.parametrize("kind", ["fortybelow", "fortytwo", "under10", "fortyfives", "fourscore"])
def test_a_round_page_has_one_h1_then_h2s(owner_client, owner, players, kind):
    game = Game.start(owner, kind, players)
    levels = headings(owner_client.get(new_round(game)).content.decode())
    assert levels[0] == 1
    assert levels[1:] and set(levels[1:]) == {2}
