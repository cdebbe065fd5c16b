"""Saves continue from the table kept for the game's version instead of replaying from round 1:
after any mix of adds, completes, edits, deletes and restores, the game reads exactly as a full
replay of its saved rounds from scratch."""

import contextlib
import itertools
import pickle

import pytest
from django.core.cache import caches
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import models
from games.caches import VersionsCache
from games.models import Conflict, Game, Player, Round
from games.scoring import EntryError

pytestmark = pytest.mark.django_db

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


# Each write: what to do, the hand it brings, which round (counted from the end), which kept
# version, and whether another worker makes it (one that kept nothing in its process: it reads
# what the others shared); all drawn up front, so the draws never depend on what the database
# answered.
WRITES = st.lists(
    st.tuples(
        st.sampled_from(["add"] * 6 + ["complete", "edit", "delete", "restore"]),
        forty_fives_entries(),
        st.integers(0, 40),
        st.integers(0, 40),
        st.booleans(),
    ),
    min_size=1,
    max_size=25,
)


def read_as_a_full_replay(game):
    fresh = Game.objects.get(pk=game.pk)
    entries = list(fresh.rounds.order_by("number").values_list("entry", flat=True))
    return fresh.scoreboard, fresh.replay(entries, strict=False)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.booleans(), WRITES)
def test_any_sequence_of_writes_reads_as_a_replay_from_scratch(owner, monkeypatch, green, writes):
    # Kept rounds are pickled in chunks reused from version to version: chunks of two rounds
    # make every example cross many chunk ends.
    monkeypatch.setattr(models, "ROUNDS_PER_CHUNK", 2)
    players = [Player.add(owner, f"P{next(NAMES)}") for _ in range(SEATS)]
    game = Game.start(owner, "fortyfives", players, options={"on_the_green": green})
    for step, hand, which, version, elsewhere in writes:
        if elsewhere:
            VersionsCache.forget_here()
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
        kept, replayed = read_as_a_full_replay(game)
        assert kept == replayed


def test_a_save_continues_from_the_kept_table_without_replaying(owner, monkeypatch):
    players = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    game = Game.start(owner, "fortyfives", players)
    hand = {"bidder": players[0].pk, "bid": 15, "tricks": {"A": 3, "B": 2}, "high_trump": None}
    game.add_round(hand, owner)
    played = []
    real = type(game.rules).play_on

    def counting(rules, table, entries):
        played.append(len(entries))
        return real(rules, table, entries)

    monkeypatch.setattr(type(game.rules), "play_on", counting)
    Game.objects.get(pk=game.pk).add_round(hand, owner)
    assert played == [1], "the second save replayed the first round again"
    VersionsCache.forget_here()  # another worker: it finds the table in the shared files
    played.clear()
    Game.objects.get(pk=game.pk).add_round(hand, owner)
    assert played == [1], "a worker that did not save the last round replayed the game"
    caches["versions"].clear()
    played.clear()
    Game.objects.get(pk=game.pk).add_round(hand, owner)
    assert played == [4], "with nothing kept anywhere, a save replays every round"


def test_a_save_pickles_anew_only_the_rounds_after_the_last_full_chunk(owner, monkeypatch):
    monkeypatch.setattr(models, "ROUNDS_PER_CHUNK", 2)
    players = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    game = Game.start(owner, "fortyfives", players)
    hand = {"bidder": players[0].pk, "bid": 15, "tricks": {"A": 3, "B": 2}, "high_trump": None}
    for _ in range(4):
        Game.objects.get(pk=game.pk).add_round(hand, owner)
    four = Game.objects.get(pk=game.pk).replayed
    chunks = models._pickled_rounds(four.table.rounds)
    Game.objects.get(pk=game.pk).add_round(hand, owner)
    five = Game.objects.get(pk=game.pk).replayed
    again = models._pickled_rounds(five.table.rounds)
    assert len(again) == 3
    assert again[0] is chunks[0] and again[1] is chunks[1], "full chunks were pickled again"
    # Another worker reads the version back whole, and keeps the full chunks' bytes for its
    # own next save.
    read = pickle.loads(pickle.dumps(five))
    assert read.board == five.board and read.table == five.table
    assert all("pickled_chunk" in vars(read.table.rounds[number]) for number in (1, 3))
    assert models._pickled_rounds(read.table.rounds) == again
