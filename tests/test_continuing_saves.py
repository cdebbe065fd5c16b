"""Each save plays on from the state the round before it keeps instead of replaying from round
1: after any mix of adds, completes, edits, deletes and restores, what the rounds keep (their
scores, notes and states) and the board read from them are exactly a full replay's."""

import contextlib
import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Conflict, Game, Player, Round
from games.scoring import EntryError

pytestmark = [pytest.mark.django_db, pytest.mark.database]

SEATS = 4
NAMES = itertools.count()  # every example seats four new players


@st.composite
def forty_fives_entries(draw):
    """A Forty Fives hand, its bidder a seat (0-3): a bid alone (open), a whole hand, or
    everyone passed."""
    shape = draw(st.sampled_from(["whole"] * 6 + ["bid", "thrown_in"]))
    if shape == "thrown_in":
        return {"thrown_in": True}
    entry = {
        "bidder": draw(st.integers(0, SEATS - 1)),
        "bid": draw(st.sampled_from([15, 20, 25, 30])),
    }
    if shape == "bid":
        return entry
    tricks_a = draw(st.integers(0, 5))
    tricks = {"A": tricks_a, "B": 5 - tricks_a}
    high = draw(st.sampled_from([None] + [team for team in "AB" if tricks[team]]))
    return {**entry, "tricks": tricks, "high_trump": high}


# Each write: what to do, the hand it brings, which round (counted from the end) and which
# earlier version; all drawn up front, so the draws never depend on what the database answered.
WRITES = st.lists(
    st.tuples(
        st.sampled_from(["add"] * 6 + ["complete", "edit", "delete", "restore"]),
        forty_fives_entries(),
        st.integers(0, 40),
        st.integers(0, 40),
    ),
    min_size=1,
    max_size=25,
)


def kept_and_replayed(game):
    """The game as its rows keep it, and a replay of its entries from scratch."""
    fresh = Game.objects.get(pk=game.pk)
    rows = list(fresh.rounds.order_by("number"))
    seats = [seat.player_id for seat in fresh.seats]
    start = fresh.rules.start(seats, fresh.first_dealer_id, fresh.options, fresh.player_names)
    played = fresh.rules.play_on(start, [row.entry for row in rows], strict=False)
    assert [row.state for row in rows] == json.loads(json.dumps(played.states))
    assert [row.result(fresh.player_names) for row in rows] == played.rounds
    return fresh.scoreboard, fresh.replay([row.entry for row in rows], strict=False)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.booleans(), WRITES)
def test_any_sequence_of_writes_keeps_what_a_replay_from_scratch_gives(owner, green, writes):
    players = [Player.add(owner, f"P{next(NAMES)}") for _ in range(SEATS)]
    game = Game.start(owner, "fortyfives", players, options={"on_the_green": green})
    for step, hand, which, version in writes:
        if "bidder" in hand:
            hand = {**hand, "bidder": players[hand["bidder"]].pk}
        rounds = game.rounds.count()
        revisions = list(game.revisions.order_by("pk"))
        with contextlib.suppress(EntryError, Conflict, Round.DoesNotExist):
            if step == "add":
                game.add_round(hand, owner)
            elif step == "complete" and rounds:
                game.complete_round(rounds, hand, owner)
            elif step == "edit" and rounds:
                game.replace_round(rounds - which % rounds, hand, owner)
            elif step == "delete" and rounds:
                game.delete_last_round(rounds, owner)
            elif step == "restore" and revisions:
                game.restore(revisions[version % len(revisions)], owner)
        kept, replayed = kept_and_replayed(game)
        assert kept == replayed


def test_a_save_plays_only_its_own_round_and_a_fix_only_the_rounds_from_it(
    owner, monkeypatch, django_assert_max_num_queries
):
    players = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    game = Game.start(owner, "fortyfives", players)
    hand = {"bidder": players[0].pk, "bid": 15, "tricks": {"A": 3, "B": 2}, "high_trump": None}
    for _ in range(3):
        game.add_round(hand, owner)
    played = []
    real = type(game.rules).play_on

    def counting(rules, table, entries, **kwargs):
        played.append((table.played, len(entries)))
        return real(rules, table, entries, **kwargs)

    monkeypatch.setattr(type(game.rules), "play_on", counting)
    Game.objects.get(pk=game.pk).add_round(hand, owner)
    assert played == [(3, 1)], "the save replayed earlier rounds"
    played.clear()
    Game.objects.get(pk=game.pk).replace_round(2, {**hand, "bid": 20}, owner)
    assert played == [(1, 3)], "a fix of round 2 plays rounds 2 to 4 on from round 1's state"
    played.clear()
    Game.objects.get(pk=game.pk).delete_last_round(4, owner)
    assert played == [], "an undo reads round 3's state; it plays nothing"
