"""One entry point per write: Game.save_round decides add, complete or replace from the game's
state (Game.round_phase), Game.preview_round scores without saving, GameNight.add makes a night."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from games.models import Conflict, Game, GameNight, NoSuchRound, Round, RoundRevision
from games.scoring import EntryError
from games.scoring.base import Phase

from .factories import ids, piles

pytestmark = [pytest.mark.django_db, pytest.mark.players("Ann", "Bob", "Cy"), pytest.mark.database]


@pytest.fixture
def fourscore(owner, players):
    return Game.start(owner, "fourscore", players, options={"deals": 3})


@pytest.fixture
def forty_two(owner, players):
    """A game of 42 whose first round is open: the bids saved, the tricks to come."""
    game = Game.start(owner, "fortytwo", players, first_dealer=players[2])
    game.save_round(1, bids(players, [2, 0, 4]), owner)
    return Game.objects.get(pk=game.pk)


def bids(players, bid_list, taken=None):
    """A 42 entry: bids in seat order, and the tricks once the hand is played."""
    hands = [{"player": p, "bid": bid} for p, bid in zip(ids(players), bid_list, strict=True)]
    for hand, count in zip(hands, taken or [], strict=False):
        hand["tricks"] = count
    return {"hands": hands}


def saved(game):
    return list(Round.objects.filter(game=game).values_list("number", "status", "entry"))


# --- save_round: add ---


def test_the_next_round_is_added(owner, players, fourscore):
    round_ = fourscore.save_round(1, piles(players, 1, 2, 3), owner)
    assert (round_.number, round_.status) == (1, Round.COMPLETE)
    assert saved(fourscore) == [(1, Round.COMPLETE, piles(players, 1, 2, 3))]
    assert not RoundRevision.objects.exists()


def test_with_no_number_the_next_round_is_added(owner, players, fourscore):
    fourscore.save_round(1, piles(players, 1, 2, 3), owner)
    assert fourscore.save_round(None, piles(players, 3, 2, 1), owner).number == 2


def test_a_round_someone_else_saved_meanwhile_is_refused_not_replaced(owner, players, fourscore):
    fourscore.save_round(1, piles(players, 1, 2, 3), owner)
    before = saved(fourscore)
    with pytest.raises(Conflict, match="Round 1 was already saved by someone else"):
        fourscore.save_round(1, piles(players, 9, 9, 9), owner)
    assert saved(fourscore) == before


# --- save_round: complete ---


def test_the_open_rounds_result_completes_it(owner, players, forty_two):
    assert forty_two.round_phase(1) is Phase.COMPLETING
    round_ = forty_two.save_round(1, bids(players, [2, 0, 4], [2, 1, 4]), owner)
    assert (round_.number, round_.status) == (1, Round.COMPLETE)
    assert [number for number, _, _ in saved(forty_two)] == [1]


def test_completing_without_the_result_is_refused_and_the_bids_stay(owner, players, forty_two):
    with pytest.raises(EntryError, match="result of the hand is missing"):
        forty_two.save_round(1, bids(players, [2, 0, 4]), owner)
    assert saved(forty_two) == [(1, Round.OPEN, bids(players, [2, 0, 4]))]


def test_a_new_round_only_never_completes_the_open_one(owner, players, forty_two):
    with pytest.raises(Conflict, match="Round 1 was already saved by someone else"):
        forty_two.save_round(1, bids(players, [2, 0, 4], [2, 1, 4]), owner, may_complete=False)
    assert saved(forty_two) == [(1, Round.OPEN, bids(players, [2, 0, 4]))]


# --- save_round: replace ---


def test_a_fix_replaces_the_saved_round_and_keeps_the_old_version(owner, players, fourscore):
    fourscore.save_round(1, piles(players, 1, 2, 3), owner)
    fourscore.save_round(2, piles(players, 1, 1, 1), owner)
    fourscore.save_round(1, piles(players, 3, 2, 1), owner, editing=True)
    assert saved(fourscore)[0] == (1, Round.COMPLETE, piles(players, 3, 2, 1))
    assert RoundRevision.objects.get().entry == piles(players, 1, 2, 3)
    board = Game.objects.get(pk=fourscore.pk).scoreboard
    assert [board.totals[p.pk] for p in players] == [4, 3, 2]


def test_a_fix_of_the_open_rounds_bids_leaves_it_open(owner, players, forty_two):
    assert forty_two.round_phase(1, editing=True) is Phase.OPEN
    forty_two.save_round(1, bids(players, [1, 1, 4]), owner, editing=True)
    assert saved(forty_two) == [(1, Round.OPEN, bids(players, [1, 1, 4]))]


@pytest.mark.parametrize("number", [0, 2, 10**30])
def test_a_fix_of_a_round_that_is_not_saved_is_no_such_round(owner, players, fourscore, number):
    fourscore.save_round(1, piles(players, 1, 2, 3), owner)
    with pytest.raises(NoSuchRound, match=f"There is no round {number}"):
        fourscore.save_round(number, piles(players, 3, 2, 1), owner, editing=True)
    assert len(saved(fourscore)) == 1
    assert issubclass(NoSuchRound, Conflict)  # a domain refusal like the others


# --- round_phase: the one answer ---


def test_each_round_has_one_phase(owner, players, fourscore, forty_two):
    assert fourscore.round_now() == (1, Phase.BIDDING)
    assert fourscore.round_phase(1) is Phase.BIDDING
    fourscore.save_round(1, piles(players, 1, 2, 3), owner)
    fourscore = Game.objects.get(pk=fourscore.pk)
    assert fourscore.round_phase(1) is None  # saved: entering it again is refused
    assert fourscore.round_phase(1, editing=True) is Phase.EDITING
    assert fourscore.round_phase(2) is Phase.BIDDING
    assert fourscore.round_phase(3) is None
    assert fourscore.round_phase(2, editing=True) is None
    assert forty_two.round_now() == (1, Phase.COMPLETING)
    assert forty_two.round_phase(2) is None  # the open round comes first


# --- preview_round ---


def test_the_preview_scores_the_next_round_and_saves_nothing(owner, players, fourscore):
    fourscore.save_round(1, piles(players, 1, 2, 3), owner)
    game = Game.objects.get(pk=fourscore.pk)
    version = game.updated
    preview = game.preview_round(2, piles(players, 2, 2, 2))
    assert preview.number == 2
    assert [result.total for result in preview.results] == [3, 4, 5]
    assert len(saved(game)) == 1
    assert Game.objects.get(pk=game.pk).updated == version


def test_the_preview_of_a_fix_rescores_that_round(owner, players, fourscore):
    fourscore.save_round(1, piles(players, 1, 2, 3), owner)
    game = Game.objects.get(pk=fourscore.pk)
    preview = game.preview_round(1, piles(players, 5, 0, 0))
    assert [result.total for result in preview.results] == [5, 0, 0]
    assert saved(game) == [(1, Round.COMPLETE, piles(players, 1, 2, 3))]


def test_the_preview_says_what_the_engine_refuses(owner, players, fourscore):
    with pytest.raises(EntryError):
        fourscore.preview_round(1, piles(players, -1, 2, 3))
    with pytest.raises(NoSuchRound):
        fourscore.preview_round(3, piles(players, 1, 2, 3))


# --- GameNight.add ---


def test_a_night_is_added_with_its_details_checked(owner):
    night = GameNight.add(owner, datetime.date(2026, 11, 21), "  Kitchen  ", "line one\r\ntwo")
    night.refresh_from_db()
    assert (night.owner, night.date) == (owner, datetime.date(2026, 11, 21))
    assert (night.location, night.notes) == ("Kitchen", "line one\ntwo")
    assert night.utc_offset is None


def test_a_night_with_bad_details_is_not_added(owner):
    with pytest.raises(ValidationError, match="control characters"):
        GameNight.add(owner, datetime.date(2026, 11, 21), "a\x00b")
    with pytest.raises(ValidationError, match="at most 100"):
        GameNight.add(owner, datetime.date(2026, 11, 21), "x" * 101)
    assert not GameNight.objects.exists()


# --- the refusals as each side answers them ---


def test_the_pages_answer_no_such_round_with_their_404(owner_client, owner, players, fourscore):
    fourscore.save_round(1, piles(players, 1, 2, 3), owner)
    response = owner_client.post(reverse("round_delete", args=[fourscore.pk, 5]))
    assert response.status_code == 404
    assert len(saved(fourscore)) == 1


def test_the_pages_say_a_conflict_on_the_scoreboard(owner_client, owner, players, fourscore):
    fourscore.save_round(1, piles(players, 1, 2, 3), owner)
    fourscore.save_round(2, piles(players, 1, 2, 3), owner)
    response = owner_client.post(reverse("round_delete", args=[fourscore.pk, 1]), follow=True)
    assert "Only the last round (round 2) can be deleted." in response.content.decode()
    assert len(saved(fourscore)) == 2
