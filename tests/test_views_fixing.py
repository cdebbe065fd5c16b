"""Fixing mistakes: an undo that can be brought back in one tap, a round's earlier versions on
its own page in words with their scores, and a notice after every save and every fix."""

import pytest
from django.urls import reverse

from games.history import entry_in_words
from games.models import Game, RoundRevision
from tests import factories
from tests.markup import parse

pytestmark = pytest.mark.django_db


def piles(players, *counts, number=1):
    return {"number": number, **{f"pile_{p.pk}": n for p, n in zip(players, counts, strict=True)}}


@pytest.fixture
def two_deals(owner, players):
    """FourScore for Ann, Bob and Cy: two of three deals played."""
    game = Game.start(owner, "fourscore", players[:3], options={"deals": 3})
    game.add_round(factories.piles(players[:3], 1, 2, 3), owner)
    game.add_round(factories.piles(players[:3], 4, 0, 0), owner)
    return game


def scores(game):
    game = Game.objects.get(pk=game.pk)
    return {game.player_names[p]: total for p, total in game.scoreboard.totals.items()}


def text(response):
    """The page's words as a person reads them."""
    return parse(response).text


# --- Undo, and bringing it back ---


def test_undo_lands_on_the_scores_with_one_tap_to_bring_the_round_back(owner_client, two_deals):
    response = owner_client.post(reverse("round_delete", args=[two_deals.pk, 2]), follow=True)
    revision = RoundRevision.objects.get()
    page = response.content.decode()
    assert "Round 2 undone." in page
    assert reverse("revision_restore", args=[two_deals.pk, revision.pk]) in page
    assert "Bring round 2 back" in page
    assert two_deals.rounds.count() == 1

    back = owner_client.post(
        reverse("revision_restore", args=[two_deals.pk, revision.pk]), {"back": "undone"}
    )
    assert back.url == reverse("game_detail", args=[two_deals.pk])
    page = owner_client.get(back.url)
    assert "Round 2 is back." in page.content.decode()
    assert "Bring round 2 back" not in page.content.decode()
    assert scores(two_deals) == {"Ann": 5, "Bob": 2, "Cy": 3}


def test_a_second_tap_on_undo_or_bring_back_answers_as_the_first(owner_client, two_deals):
    """A double tap, or a second phone on the same scoreboard: the same page, not "not found",
    and not "already saved by someone else" over a round that was brought back."""
    undo = reverse("round_delete", args=[two_deals.pk, 2])
    first = owner_client.post(undo)
    second = owner_client.post(undo, follow=True)
    assert second.redirect_chain[0][0] == first.url
    assert "Round 2 undone." in text(second) and "Bring round 2 back" in text(second)
    assert two_deals.rounds.count() == 1

    revision = RoundRevision.objects.get()
    back = reverse("revision_restore", args=[two_deals.pk, revision.pk])
    owner_client.post(back, {"back": "undone"})  # its answer unread, as a double tap leaves it
    again = owner_client.post(back, {"back": "undone"}, follow=True)
    assert text(again).count("Round 2 is back.") == 1
    assert "someone else" not in text(again)
    assert two_deals.rounds.count() == 2
    assert RoundRevision.objects.count() == 1  # nothing kept of a round put back as it was
    assert scores(two_deals) == {"Ann": 5, "Bob": 2, "Cy": 3}


def test_the_bring_back_notice_goes_once_another_round_2_is_saved(owner_client, two_deals, players):
    undone = owner_client.post(reverse("round_delete", args=[two_deals.pk, 2]))
    owner_client.post(
        reverse("round_new", args=[two_deals.pk]), piles(players[:3], 0, 0, 7, number=2)
    )
    assert "Bring round 2 back" not in owner_client.get(undone.url).content.decode()


def full_width(number: int) -> str:
    return "".join(chr(ord("\N{FULLWIDTH DIGIT ZERO}") + int(digit)) for digit in str(number))


@pytest.mark.parametrize(
    "undone",
    [lambda pk: "x", lambda pk: f"-{pk}", lambda pk: "9" * 40, full_width, lambda pk: pk + 1],
)
def test_a_made_up_undone_number_shows_no_notice(owner_client, owner, two_deals, undone):
    revision = two_deals.delete_last_round(2, owner)
    url = reverse("game_detail", args=[two_deals.pk])
    response = owner_client.get(url, {"undone": undone(revision.pk)})
    assert response.status_code == 200
    assert "Bring round" not in response.content.decode()
    assert "Bring round 2 back" in owner_client.get(url, {"undone": revision.pk}).content.decode()


def test_another_games_undone_round_is_not_offered(owner_client, owner, two_deals, players):
    revision = two_deals.delete_last_round(2, owner)
    other = Game.start(owner, "fourscore", players[:3], options={"deals": 3})
    other.add_round(factories.piles(players[:3], 1, 1, 1), owner)
    url = reverse("game_detail", args=[other.pk])
    assert "Bring round" not in owner_client.get(url, {"undone": revision.pk}).content.decode()


# --- Earlier versions on the round's own page ---


def test_the_fix_page_shows_the_rounds_earlier_versions_in_words_with_scores(
    owner_client, two_deals, players
):
    fixed = owner_client.post(
        reverse("round_edit", args=[two_deals.pk, 1]), piles(players[:3], 9, 9, 9)
    )
    assert fixed.status_code == 302
    page = text(owner_client.get(reverse("round_edit", args=[two_deals.pk, 1])))
    assert "Earlier versions of round 1" in page
    assert "Round 1 as it was before it was fixed" in page
    assert "Ann's pile: 1. Bob's pile: 2. Cy's pile: 3." in page
    assert "Scores with this version: Ann +1 → 1; Bob +2 → 2; Cy +3 → 3" in page
    assert "Put this version back" in page


def test_a_version_is_put_back_from_the_rounds_own_page(owner_client, two_deals, players):
    owner_client.post(reverse("round_edit", args=[two_deals.pk, 1]), piles(players[:3], 9, 9, 9))
    revision = RoundRevision.objects.get()
    page = owner_client.get(reverse("round_edit", args=[two_deals.pk, 1])).content.decode()
    url = reverse("revision_restore", args=[two_deals.pk, revision.pk])
    assert f'action="{url}"' in page
    response = owner_client.post(url, follow=True)
    assert "Round 1 restored." in response.content.decode()
    assert scores(two_deals) == {"Ann": 5, "Bob": 2, "Cy": 3}


def test_an_undone_round_shows_on_its_own_page_with_what_it_held(owner_client, two_deals):
    owner_client.post(reverse("round_delete", args=[two_deals.pk, 2]))
    page = text(owner_client.get(reverse("round_new", args=[two_deals.pk])))
    assert "Round 2 as it was when it was undone" in page
    assert "Ann's pile: 4. Bob's pile: 0. Cy's pile: 0." in page
    assert "Ann +4 → 5" in page


def test_a_version_that_no_longer_fits_the_game_says_why_and_offers_no_button(
    owner_client, owner, players
):
    ann, bob, cy = players[:3]
    game = Game.start(owner, "fortytwo", [ann, bob, cy], first_dealer=cy)
    hands = [{"player": p.pk, "bid": 2, "tricks": t} for p, t in ((ann, 2), (bob, 2), (cy, 3))]
    game.add_round({"hands": hands}, owner)
    # A version whose tricks don't add up (kept from before a rule was corrected, say).
    RoundRevision.objects.create(
        game=game,
        number=1,
        entry={"hands": [{**hand, "tricks": 1} for hand in hands]},
        status="complete",
        action="replaced",
    )
    page = text(owner_client.get(reverse("round_edit", args=[game.pk, 1])))
    assert "It can't be put back as the game now stands" in page
    assert "Put this version back" not in page


def test_each_games_entry_reads_in_words(owner, players):
    ann, bob, cy, dee = players
    forty_five = Game.start(owner, "fortyfives", [ann, bob, cy, dee])
    grid = [[5, 5, -1], [0, 12, 3]]
    cases = [
        (
            Game.start(owner, "fortybelow", [ann, bob]),
            {"went_out": ann.pk, "hands": [{"player": ann.pk, "grid": grid}]},
            ["Ann went out.", "Ann: 5 5 \N{MINUS SIGN}1 / 0 12 3"],
        ),
        (
            Game.start(owner, "fortytwo", [ann, bob, cy]),
            {"hands": [{"player": ann.pk, "bid": 3, "tricks": 2}, {"player": bob.pk, "bid": 1}]},
            ["Ann bid 3, took 2.", "Bob bid 1."],
        ),
        (
            Game.start(owner, "under10", [ann, bob]),
            {
                "called_by": ann.pk,
                "hands": [
                    {"player": ann.pk, "cards": [2, 5]},
                    {"player": bob.pk, "points": 30, "bonus": ["joker"]},
                ],
            },
            ["Ann called “Under the 10!”.", "Ann: cards 2 5.", "Bob: 30 points, and Joker."],
        ),
        (
            forty_five,
            {"bidder": bob.pk, "bid": 20, "trump": "hearts", "tricks": {"A": 2, "B": 3}},
            ["Bob bid 20 in hearts.", "Tricks: Ann & Cy 2, Bob & Dee 3.", "No trump was played."],
        ),
        (forty_five, {"thrown_in": True}, ["Everyone passed: the hand was thrown in."]),
        (
            Game.start(owner, "fourscore", [ann, bob]),
            {"hands": [{"player": bob.pk, "pile": 12}]},
            ["Bob's pile: 12."],
        ),
    ]
    for game, entry, words in cases:
        assert entry_in_words(game, entry) == words
    # Whatever was kept, the page reads it without failing.
    assert entry_in_words(forty_five, {"bid": 20}) == [
        "(this version was saved in a form this page can't read)"
    ]
    assert entry_in_words(forty_five, []) == ["(nothing readable was kept)"]


# --- A notice after every save and every fix ---


def test_a_saved_round_says_so_on_the_scores(owner_client, owner, players):
    game = Game.start(owner, "fourscore", players[:3], options={"deals": 3})
    response = owner_client.post(
        reverse("round_new", args=[game.pk]), piles(players[:3], 1, 2, 3), follow=True
    )
    assert response.redirect_chain[-1][0] == reverse("game_detail", args=[game.pk])
    assert '<li class="message success">Round 1 saved.</li>' in response.content.decode()


def test_a_fixed_round_says_so_on_the_scores(owner_client, two_deals, players):
    response = owner_client.post(
        reverse("round_edit", args=[two_deals.pk, 2]),
        piles(players[:3], 0, 4, 0, number=2),
        follow=True,
    )
    assert '<li class="message success">Round 2 fixed.</li>' in response.content.decode()


def test_42_says_when_the_bids_are_saved_and_when_the_round_is(owner_client, owner, players):
    ann, bob, cy = players[:3]
    game = Game.start(owner, "fortytwo", [ann, bob, cy], first_dealer=cy)
    url = reverse("round_new", args=[game.pk])
    bids = {"number": 1, f"bid_{ann.pk}": 2, f"bid_{bob.pk}": 0, f"bid_{cy.pk}": 4}
    response = owner_client.post(url, bids, follow=True)
    assert "Round 1: the bids are saved." in response.content.decode()
    tricks = {f"tricks_{ann.pk}": 2, f"tricks_{bob.pk}": 1, f"tricks_{cy.pk}": 4}
    response = owner_client.post(url, {**bids, **tricks}, follow=True)
    assert "Round 1 saved." in response.content.decode()


def test_bids_another_phone_saved_and_this_save_changes_are_kept_and_said(
    owner_client, owner, players
):
    """A phone whose page was opened before another phone saved the bids, saving other bids
    with the tricks: the round is saved as sent, the bids saved before are an earlier version
    of it, and the message says so."""
    ann, bob, cy = players[:3]
    game = Game.start(owner, "fortytwo", [ann, bob, cy], first_dealer=cy)
    url = reverse("round_new", args=[game.pk])
    owner_client.post(url, {"number": 1, f"bid_{ann.pk}": 2, f"bid_{bob.pk}": 2, f"bid_{cy.pk}": 1})
    other = {"number": 1, f"bid_{ann.pk}": 0, f"bid_{bob.pk}": 0, f"bid_{cy.pk}": 0}
    other |= {f"tricks_{ann.pk}": 2, f"tricks_{bob.pk}": 1, f"tricks_{cy.pk}": 4}
    response = owner_client.post(url, other, follow=True)
    assert "Round 1 saved. It changed what was saved of it before, which is kept" in text(response)
    [revision] = RoundRevision.objects.all()
    assert [hand["bid"] for hand in revision.entry["hands"]] == [2, 2, 1]
    owner_client.post(reverse("revision_restore", args=[game.pk, revision.pk]))
    [round_] = game.rounds.all()
    assert round_.status == "open" and round_.entry == revision.entry


def test_a_refused_round_leaves_no_saved_notice(owner_client, two_deals, players):
    response = owner_client.post(
        reverse("round_edit", args=[two_deals.pk, 2]), piles(players[:3], -1, 4, 0, number=2)
    )
    assert response.status_code == 200
    assert "fixed." not in response.content.decode()
