"""A game continued from a round's kept state (plain JSON, as a round row keeps it) scores
exactly as a replay from round 1, and continuing never changes the table it started from."""

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.kinds import GAMES
from games.kinds.fortybelow.tests import test_rules as test_fortybelow
from games.kinds.fortyfives.tests import test_rules as test_fortyfives
from games.kinds.fortytwo.tests import test_rules as test_fortytwo
from games.kinds.under10.tests import test_rules as test_under10
from games.scoring.base import RoundResult, Table


def kept(state: dict) -> dict:
    """The state as it comes back from the database's JSON column."""
    return json.loads(json.dumps(state))


def check_continuing(kind, players, entries, split, **setup):
    rules = GAMES[kind]
    names = {player: f"P{player}" for player in players}
    full = rules.replay(players, entries, names=names, **setup)
    start = rules.start(players, setup.get("first_dealer"), setup.get("options"), names)
    before = rules.play_on(start, entries[:split])
    assert before.states == [kept(state) for state in before.states], "a state isn't plain JSON"
    table = before.table if not before.states else Table.from_state(kept(before.states[-1]), names)
    table_before = copy.deepcopy(table)
    # Round by round, as saves come in, each from the state the round before it keeps.
    rounds = list(before.rounds)
    for entry in entries[split:]:
        played = rules.play_on(table, [entry])
        rounds += played.rounds
        table = Table.from_state(kept(played.states[-1]), names)
    assert rules.scoreboard(table, rounds) == full
    # The same rounds read back as rows keep them: results and notes as JSON.
    read_back = [
        RoundResult.from_json(
            r.number,
            r.dealer,
            r.status,
            r.entry,
            kept(r.results_json()),
            kept(r.notes_json()),
            names,
        )
        for r in rounds
    ]
    assert read_back == full.rounds
    assert [list(map(str, r.notes)) for r in read_back] == [
        list(map(str, r.notes)) for r in full.rounds
    ]
    assert rules.scoreboard(table, read_back) == full
    if split:
        assert (
            rules.scoreboard(rules.play_on(before.table, entries[split:]).table, full.rounds)
            == full
        )
    else:
        assert table_before == start
    assert Table.from_state(kept(table_before.state()), names) == table_before or split == 0


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
