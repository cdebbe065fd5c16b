"""The data model and its one write path, end to end on the database."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from games.models import (
    Conflict,
    Game,
    GameNight,
    NoSuchRound,
    Player,
    Round,
    RoundRevision,
    adds_to,
)
from games.scoring import EntryError
from tests.factories import piles

pytestmark = [pytest.mark.django_db, pytest.mark.database]


@pytest.fixture
def ann_bob_cy(owner):
    return [Player.add(owner, name) for name in ("Ann", "Bob", "Cy")]


def tricks(players, bids, taken=None):
    hands = []
    for index, player in enumerate(players):
        hand = {"player": player.pk, "bid": bids[index]}
        if taken is not None:
            hand["tricks"] = taken[index]
        hands.append(hand)
    return {"hands": hands}


# --- Players and nights ---


def test_player_names_are_trimmed_and_unique_ignoring_case(owner):
    ann = Player.add(owner, "  Ann ")
    assert ann.name == "Ann"
    with pytest.raises(ValidationError, match=r"already have a player called Ann\.'"):
        Player.add(owner, "ANN")


def test_two_users_may_each_have_an_ann(owner, outsider):
    Player.add(owner, "Ann")
    Player.add(outsider, "ann")
    assert Player.objects.filter(name__iexact="ann").count() == 2


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "bad\x00name", 7])
def test_bad_player_names_are_refused(owner, name):
    with pytest.raises(ValidationError):
        Player.add(owner, name)
    assert not Player.objects.exists()


def test_the_database_refuses_a_second_ann_even_past_the_checks(owner):
    Player.objects.create(owner=owner, name="Ann")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(owner=owner, name="aNN")


def test_names_with_emoji_and_right_to_left_text_are_kept_intact(owner):
    assert Player.add(owner, "Zoë 🂡 שלום").name == "Zoë 🂡 שלום"


def test_tonight_is_made_once_a_day(owner):
    night = GameNight.tonight(owner)
    assert GameNight.tonight(owner) == night


def test_merging_moves_games_rounds_and_kept_versions_to_the_player_kept(owner, ann_bob_cy):
    ann, bob, cy = ann_bob_cy
    annie = Player.add(owner, "Annie")
    game = Game.start(owner, "fortytwo", [annie, bob, cy], first_dealer=annie)
    game.add_round(tricks([annie, bob, cy], [2, 0, 4], [2, 1, 4]), owner)
    game.replace_round(1, tricks([annie, bob, cy], [3, 0, 3], [3, 0, 4]), owner)
    before = game.scoreboard.totals[annie.pk]

    annie.merge_into(ann)

    assert not Player.objects.filter(pk=annie.pk).exists()
    game = Game.objects.get(pk=game.pk)
    assert [seat.player for seat in game.seats] == [ann, bob, cy]
    assert game.first_dealer == ann
    assert game.rounds.get().entry["hands"][0]["player"] == ann.pk
    assert game.revisions.get().entry["hands"][0]["player"] == ann.pk
    assert game.scoreboard.totals[ann.pk] == before


def test_merging_rewrites_every_field_that_names_a_player(owner, ann_bob_cy):
    ann, bob, cy = ann_bob_cy
    robert = Player.add(owner, "Robert")
    game = Game.start(owner, "under10", [ann, robert, cy])
    entry = {
        "called_by": robert.pk,
        "hands": [{"player": p.pk, "points": n} for p, n in ((ann, 12), (robert, 3), (cy, 8))],
    }
    game.add_round(entry, owner)
    robert.merge_into(bob)
    saved = Game.objects.get(pk=game.pk).rounds.get().entry
    assert saved["called_by"] == bob.pk
    assert [hand["player"] for hand in saved["hands"]] == [ann.pk, bob.pk, cy.pk]
    assert saved["hands"][1]["points"] == 3


def test_two_players_who_sat_at_the_same_game_cannot_be_merged(owner, ann_bob_cy):
    ann, bob, _ = ann_bob_cy
    game = Game.start(owner, "fourscore", [ann, bob])
    with pytest.raises(ValidationError, match="Bob and Ann both played"):
        bob.merge_into(ann)
    assert [seat.player for seat in Game.objects.get(pk=game.pk).seats] == [ann, bob]


def test_a_player_cannot_be_merged_with_themselves_or_another_users_player(
    owner, outsider, ann_bob_cy
):
    ann = ann_bob_cy[0]
    stranger = Player.add(outsider, "Ann")
    for other in (ann, stranger):
        with pytest.raises(ValidationError, match="Choose another of your players"):
            ann.merge_into(other)
    assert Player.objects.filter(pk=ann.pk).exists()


# --- Starting a game ---


def test_it_starts_a_game_with_seats_in_clockwise_order(owner, ann_bob_cy):
    ann, bob, cy = ann_bob_cy
    game = Game.start(owner, "fourscore", [cy, ann, bob], first_dealer=ann, options={"deals": 2})
    assert [seat.player for seat in game.seats] == [cy, ann, bob]
    assert game.options == {"deals": 2}
    assert game.scoreboard.next_dealer == ann.pk


def test_forty_fives_seats_partners_opposite(owner, ann_bob_cy):
    dee = Player.add(owner, "Dee")
    game = Game.start(owner, "fortyfives", [*ann_bob_cy, dee])
    assert [seat.team for seat in game.seats] == ["A", "B", "A", "B"]


@pytest.mark.parametrize(
    ("kind", "options", "message"),
    [
        ("fourscore", {"rounds": 3}, "no option rounds"),
        ("fortybelow", {"rounds": 21}, "from 1 to 20"),
        ("chess", {}, "no game called chess"),
        ("fortyfives", {}, "for exactly 4 players"),
    ],
)
def test_a_bad_setup_is_refused_and_nothing_saved(owner, ann_bob_cy, kind, options, message):
    with pytest.raises(EntryError, match=message):
        Game.start(owner, kind, ann_bob_cy, options=options)
    assert not Game.objects.exists()


def test_another_users_players_cannot_be_seated(owner, outsider, ann_bob_cy):
    mallory = Player.add(outsider, "Mallory")
    with pytest.raises(EntryError, match="every player must be one of yours"):
        Game.start(owner, "fourscore", [ann_bob_cy[0], mallory])


# --- Rounds ---


def test_add_a_round_scores_it_and_finishes_the_game(owner, ann_bob_cy):
    game = Game.start(owner, "fourscore", ann_bob_cy)
    game.add_round(piles(ann_bob_cy, 5, 2, 9), owner)
    game.refresh_from_db()
    assert game.finished
    assert game.winners == [ann_bob_cy[1].pk]
    assert [s.rank for s in game.seats] == [2, 1, 3]
    assert game.scoreboard.totals == {ann_bob_cy[0].pk: 5, ann_bob_cy[1].pk: 2, ann_bob_cy[2].pk: 9}


def test_a_refused_round_saves_nothing(owner, ann_bob_cy):
    game = Game.start(owner, "fourscore", ann_bob_cy)
    with pytest.raises(EntryError, match="Round 1: Bob's pile can't be below 0"):
        game.add_round(piles(ann_bob_cy, 5, -2, 9), owner)
    assert not Round.objects.exists()


def test_completing_an_open_round_keeps_no_earlier_version_and_a_fix_does(owner, ann_bob_cy):
    four = [*ann_bob_cy, Player.add(owner, "Dee")]
    game = Game.start(owner, "fortyfives", four)
    bid = {"bidder": four[1].pk, "bid": 25, "trump": "hearts"}
    game.add_round(bid, owner)  # the bid alone: the round is open
    game.complete_round(1, {**bid, "tricks": {"A": 2, "B": 3}, "high_trump": "B"}, owner)
    assert not game.revisions.exists()  # its result added, nothing saved was changed
    game.replace_round(1, {**bid, "tricks": {"A": 1, "B": 4}, "high_trump": "B"}, owner)
    assert game.revisions.get().entry["tricks"] == {"A": 2, "B": 3}


def test_no_round_after_the_game_is_over(owner, ann_bob_cy):
    game = Game.start(owner, "fourscore", ann_bob_cy)
    game.add_round(piles(ann_bob_cy, 5, 2, 9), owner)
    with pytest.raises(Conflict, match="The game is over"):
        game.add_round(piles(ann_bob_cy, 5, 2, 9), owner)
    assert game.rounds.count() == 1


def test_a_round_number_someone_else_saved_is_a_conflict(owner, ann_bob_cy):
    game = Game.start(owner, "fourscore", ann_bob_cy, options={"deals": 3})
    game.add_round(piles(ann_bob_cy, 1, 2, 3), owner, number=1)
    with pytest.raises(Conflict, match="Round 1 was already saved by someone else"):
        game.add_round(piles(ann_bob_cy, 1, 2, 3), owner, number=1)
    assert game.rounds.count() == 1


def test_the_database_allows_one_round_per_number(owner, ann_bob_cy):
    game = Game.start(owner, "fourscore", ann_bob_cy, options={"deals": 3})
    Round.objects.create(game=game, number=1, entry={}, status="complete")
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(game=game, number=1, entry={}, status="complete")


def test_an_open_round_is_completed_later(owner, ann_bob_cy):
    game = Game.start(owner, "fortytwo", ann_bob_cy, first_dealer=ann_bob_cy[2])
    game.add_round(tricks(ann_bob_cy, [2, 0, 4]), owner)
    assert game.rounds.get().status == Round.OPEN
    with pytest.raises(Conflict, match="Round 1 is still open"):
        game.add_round(tricks(ann_bob_cy, [2, 0, 4]), owner)
    game.complete_round(1, tricks(ann_bob_cy, [2, 0, 4], [2, 1, 4]), owner)
    assert game.rounds.get().status == Round.COMPLETE
    assert list(game.scoreboard.totals.values()) == [7, 5, 1]


def test_completing_needs_the_result(owner, ann_bob_cy):
    game = Game.start(owner, "fortytwo", ann_bob_cy, first_dealer=ann_bob_cy[2])
    game.add_round(tricks(ann_bob_cy, [2, 0, 4]), owner)
    with pytest.raises(EntryError, match="result of the hand is missing"):
        game.complete_round(1, tricks(ann_bob_cy, [2, 0, 4]), owner)
    assert game.rounds.get().status == Round.OPEN
    assert not RoundRevision.objects.exists()


def test_completing_with_other_bids_keeps_the_bids_saved_before(owner, ann_bob_cy):
    game = Game.start(owner, "fortytwo", ann_bob_cy, first_dealer=ann_bob_cy[2])
    game.add_round(tricks(ann_bob_cy, [2, 0, 4]), owner)
    game.complete_round(1, tricks(ann_bob_cy, [2, 0, 3], [2, 1, 4]), owner)
    revision = RoundRevision.objects.get()
    assert (revision.action, revision.entry) == ("replaced", tricks(ann_bob_cy, [2, 0, 4]))


def test_an_entry_adds_to_what_was_saved_only_by_filling_more_in():
    bids = {"hands": [{"player": 1, "bid": 2}, {"player": 2, "bid": 0}]}
    played = {"hands": [{"player": 1, "bid": 2, "tricks": 3}, {"player": 2, "bid": 0, "tricks": 4}]}
    assert adds_to(played, bids) and adds_to(bids, bids)
    assert not adds_to({"hands": [{"player": 1, "bid": 2, "tricks": 3}]}, bids)
    assert not adds_to({"thrown_in": True}, {"bidder": 1, "bid": 20, "trump": "hearts"})
    assert not adds_to({"bidder": 1, "bid": 25, "trump": "hearts"}, {"bidder": 1, "bid": 20})


def test_editing_a_past_round_rescores_everything_after_it(owner, ann_bob_cy):
    game = Game.start(owner, "fourscore", ann_bob_cy, options={"deals": 3})
    game.add_round(piles(ann_bob_cy, 1, 2, 3), owner)
    game.add_round(piles(ann_bob_cy, 4, 0, 0), owner)
    game.replace_round(1, piles(ann_bob_cy, 10, 2, 3), owner)
    board = game.scoreboard
    assert [r.total for r in board.rounds[1].results] == [14, 2, 3]
    revision = RoundRevision.objects.get()
    assert (revision.number, revision.action, revision.by) == (1, "replaced", owner)
    assert revision.entry == piles(ann_bob_cy, 1, 2, 3)


def test_an_edit_that_breaks_a_later_round_is_refused_naming_it(owner, ann_bob_cy):
    ann = ann_bob_cy[0]

    def called_by_ann(*points):
        return {
            "called_by": ann.pk,
            "hands": [
                {"player": p.pk, "points": n} for p, n in zip(ann_bob_cy, points, strict=True)
            ],
        }

    game = Game.start(owner, "under10", ann_bob_cy)
    game.add_round(called_by_ann(5, 9, 8), owner)
    game.add_round(called_by_ann(2, 90, 8), owner)
    game.add_round(called_by_ann(2, 9, 8), owner)
    before = list(game.rounds.values_list("entry", flat=True))
    # Bob at 70 after round 1 goes to 160 in round 2: out, so he can't have a hand in round 3.
    with pytest.raises(EntryError, match="Round 3: Bob is out of the game"):
        game.replace_round(1, called_by_ann(5, 70, 8), owner)
    assert list(game.rounds.values_list("entry", flat=True)) == before
    assert not RoundRevision.objects.exists()


def test_only_the_last_round_can_be_deleted_and_it_is_kept(owner, ann_bob_cy):
    game = Game.start(owner, "fourscore", ann_bob_cy, options={"deals": 2})
    game.add_round(piles(ann_bob_cy, 1, 2, 3), owner)
    game.add_round(piles(ann_bob_cy, 4, 0, 0), owner)
    assert game.finished
    with pytest.raises(Conflict, match="Only the last round"):
        game.delete_last_round(1, owner)
    game.delete_last_round(2, owner)
    game.refresh_from_db()
    assert not game.finished and game.winners == []
    assert game.rounds.count() == 1
    assert RoundRevision.objects.get().action == "deleted"


def test_a_deleted_round_can_be_restored(owner, ann_bob_cy):
    game = Game.start(owner, "fourscore", ann_bob_cy, options={"deals": 2})
    game.add_round(piles(ann_bob_cy, 1, 2, 3), owner)
    game.add_round(piles(ann_bob_cy, 4, 0, 0), owner)
    game.delete_last_round(2, owner)
    game.restore(RoundRevision.objects.get(), owner)
    assert game.rounds.count() == 2
    assert game.finished


def test_an_edited_round_can_be_restored_to_its_earlier_version(owner, ann_bob_cy):
    game = Game.start(owner, "fourscore", ann_bob_cy, options={"deals": 2})
    game.add_round(piles(ann_bob_cy, 1, 2, 3), owner)
    game.replace_round(1, piles(ann_bob_cy, 9, 9, 9), owner)
    game.restore(RoundRevision.objects.get(), owner)
    assert game.rounds.get().entry == piles(ann_bob_cy, 1, 2, 3)
    assert RoundRevision.objects.count() == 2  # the restore kept the 9-9-9 version too


def test_a_revision_of_another_game_cannot_be_restored(owner, ann_bob_cy):
    first = Game.start(owner, "fourscore", ann_bob_cy, options={"deals": 2})
    first.add_round(piles(ann_bob_cy, 1, 2, 3), owner)
    first.delete_last_round(1, owner)
    second = Game.start(owner, "fourscore", ann_bob_cy, options={"deals": 2})
    with pytest.raises(NoSuchRound, match="another game"):
        second.restore(RoundRevision.objects.get(), owner)


def test_replaying_from_the_database_equals_scoring_from_scratch(owner, ann_bob_cy):
    game = Game.start(owner, "fourscore", ann_bob_cy, options={"deals": 4})
    entries = [piles(ann_bob_cy, 1, 2, 3), piles(ann_bob_cy, 0, 5, 1), piles(ann_bob_cy, 2, 2, 2)]
    for entry in entries:
        game.add_round(entry, owner)
    game.replace_round(2, piles(ann_bob_cy, 3, 3, 3), owner)
    entries[1] = piles(ann_bob_cy, 3, 3, 3)
    fresh = game.rules.replay([p.pk for p in ann_bob_cy], entries, options={"deals": 4})
    assert Game.objects.get(pk=game.pk).scoreboard == fresh
