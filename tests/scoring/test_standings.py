"""Standings never contradict the winners, in every game: once a game is over its winners stand
first, all at rank 1, and nobody else does; before the end the totals alone decide."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.kinds import GAMES
from games.kinds.fortybelow.tests import test_rules as test_fortybelow
from games.kinds.fortyfives.tests import test_rules as test_fortyfives
from games.kinds.fortytwo.tests import test_rules as test_fortytwo
from games.kinds.under10.tests import test_rules as test_under10
from games.scoring.base import competition_ranks


def check_standings(kind, board):
    rules = GAMES[kind]
    standings = board.standings
    assert sorted(s.player for s in standings) == sorted(board.players)
    assert [s.rank for s in standings] == sorted(s.rank for s in standings)
    winners = board.winners if board.finished else []
    assert {s.player for s in standings[: len(winners)]} == set(winners)
    assert {s.player for s in standings if s.rank == 1} >= set(winners)
    if board.finished:
        assert winners, "a finished game has winners"
        assert {s.player for s in standings if s.rank == 1} == set(winners)
    others = standings[len(winners) :]
    # The others follow in the game's order, ranked from 1 + the number of winners.
    sign = 1 if rules.lower_total_wins else -1
    if kind != "under10":  # Under the 10 ranks the eliminated by when they went out
        assert [sign * s.total for s in others] == sorted(sign * s.total for s in others)
        expected = [len(winners) + rank for rank in competition_ranks([s.total for s in others])]
        assert [s.rank for s in others] == expected
    else:
        assert all(s.rank > len(winners) for s in others)


@settings(max_examples=60)
@given(test_fortytwo.whole_games())
def test_42_standings_put_the_winners_first(game):
    players, first_dealer, entries, _totals, _winners = game
    check_standings("fortytwo", GAMES["fortytwo"].replay(players, entries, first_dealer))


@given(test_fortyfives.games())
def test_forty_fives_standings_put_the_winners_first(game):
    options, entries = game
    board = GAMES["fortyfives"].replay(test_fortyfives.PLAYERS, entries, options=options)
    check_standings("fortyfives", board)


@given(test_fortybelow.games())
def test_fortybelow_standings_put_the_winners_first(game):
    players, first_dealer, options, entries = game
    check_standings(
        "fortybelow", GAMES["fortybelow"].replay(players, entries, first_dealer, options)
    )


@given(test_under10.games())
def test_under_the_10_standings_put_the_winners_first(game):
    players, setup, entries = game
    check_standings("under10", GAMES["under10"].replay(players, entries, **setup))


@given(st.lists(st.integers(0, 60), min_size=2, max_size=6), st.integers(1, 3), st.data())
def test_fourscore_standings_put_the_winners_first(piles, deals, data):
    players = list(range(1, len(piles) + 1))
    entries = [
        {"hands": [{"player": p, "pile": data.draw(st.integers(0, 60))} for p in players]}
        for _ in range(data.draw(st.integers(0, deals)))
    ]
    board = GAMES["fourscore"].replay(players, entries, options={"deals": deals})
    check_standings("fourscore", board)


def test_a_42_player_waiting_at_42_stands_below_the_player_who_made_the_bid_there():
    # Bob at 40 bids 3 and takes 2: 42, missed, he waits. Ann at 39 makes a bid of 0 with three
    # players (7 points): 42, made, she wins. Before the fix Bob stood first, both at rank 1.
    ann, bob, cy = test_fortytwo.THREE
    entries = [
        *test_fortytwo.raise_to({ann: 39, bob: 40, cy: 5}),
        test_fortytwo.hand({ann: 0, bob: 3, cy: 5}, {ann: 0, bob: 2, cy: 5}),
    ]
    board = test_fortytwo.play(entries)
    assert board.totals == {ann: 42, bob: 42, cy: 13}
    assert board.winners == [ann]
    assert [(s.player, s.total, s.rank) for s in board.standings] == [
        (ann, 42, 1),
        (bob, 42, 2),
        (cy, 13, 3),
    ]
