"""A game continued from a kept table scores exactly as a replay from round 1, and continuing
never changes the table it started from."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from games.scoring import GAMES

from . import test_fortybelow, test_fortyfives, test_fortytwo, test_under10


def check_continuing(kind, players, entries, split, **setup):
    rules = GAMES[kind]
    full = rules.replay(players, entries, **setup)
    start = rules.start(players, setup.get("first_dealer"), setup.get("options"))
    kept = rules.play_on(start, entries[:split])
    kept_before = copy.deepcopy(kept)
    # Round by round, as saves come in, from the kept table.
    table = kept
    for entry in entries[split:]:
        table = rules.play_on(table, [entry])
    assert rules.scoreboard(table) == full
    assert rules.scoreboard(rules.play_on(kept, entries[split:])) == full
    assert kept == kept_before, "continuing changed the table it started from"
    assert rules.scoreboard(kept) == rules.replay(players, entries[:split], **setup)


@settings(max_examples=40)
@given(test_fortytwo.whole_games(), st.data())
def test_42_continues_as_it_replays(game, data):
    players, first_dealer, entries, _totals, _winners = game
    split = data.draw(st.integers(0, len(entries)))
    check_continuing("fortytwo", players, entries, split, first_dealer=first_dealer)


@given(test_fortyfives.games(), st.data())
def test_forty_fives_continues_as_it_replays(game, data):
    options, entries = game
    split = data.draw(st.integers(0, len(entries)))
    check_continuing("fortyfives", test_fortyfives.PLAYERS, entries, split, options=options)


@given(test_fortybelow.games(), st.data())
def test_fortybelow_continues_as_it_replays(game, data):
    players, first_dealer, options, entries = game
    split = data.draw(st.integers(0, len(entries)))
    check_continuing(
        "fortybelow", players, entries, split, first_dealer=first_dealer, options=options
    )


@given(test_under10.games(), st.data())
def test_under_the_10_continues_as_it_replays(game, data):
    players, setup, entries = game
    split = data.draw(st.integers(0, len(entries)))
    check_continuing("under10", players, entries, split, **setup)


@given(st.lists(st.integers(0, 60), min_size=2, max_size=6), st.data())
def test_fourscore_continues_as_it_replays(piles, data):
    players = list(range(1, len(piles) + 1))
    entries = [
        {"hands": [{"player": p, "pile": data.draw(st.integers(0, 60))} for p in players]}
        for _ in range(data.draw(st.integers(0, 3)))
    ]
    split = data.draw(st.integers(0, len(entries)))
    check_continuing("fourscore", players, entries, split, options={"deals": 3})
