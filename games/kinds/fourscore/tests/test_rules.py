"""FourScore: piles counted per deal, the fewest cards over the match wins."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.kinds.fourscore.rules import GAME
from games.scoring.base import EntryError

ANN, BOB, CY = 1, 2, 3


def deal(**piles):
    ids = {"ann": ANN, "bob": BOB, "cy": CY}
    return {"hands": [{"player": ids[name], "pile": pile} for name, pile in piles.items()]}


def test_a_single_deal_is_won_by_the_fewest_cards():
    board = GAME.replay([ANN, BOB, CY], [deal(ann=7, bob=3, cy=12)])
    assert board.finished
    assert board.winners == [BOB]
    assert [(s.player, s.total, s.rank) for s in board.standings] == [
        (BOB, 3, 1),
        (ANN, 7, 2),
        (CY, 12, 3),
    ]


def test_a_match_of_several_deals_is_won_by_the_lowest_sum():
    entries = [deal(ann=2, bob=5, cy=4), deal(ann=6, bob=1, cy=4)]
    board = GAME.replay([ANN, BOB, CY], entries[:1], options={"deals": 2})
    assert not board.finished and board.winners == []
    assert board.extras == {"deals_left": 1}
    board = GAME.replay([ANN, BOB, CY], entries, options={"deals": 2})
    assert board.finished
    assert board.totals == {ANN: 8, BOB: 6, CY: 8}
    assert board.winners == [BOB]


def test_tied_fewest_cards_share_the_win_and_the_rank():
    board = GAME.replay([ANN, BOB, CY], [deal(ann=4, bob=9, cy=4)])
    assert board.winners == [ANN, CY]
    assert [s.rank for s in board.standings] == [1, 1, 3]


def test_a_negative_pile_is_refused_naming_the_player():
    with pytest.raises(EntryError, match="Bob's pile can't be below 0"):
        GAME.replay([ANN, BOB], [deal(ann=1, bob=-1)], names={BOB: "Bob"})


def test_every_player_needs_exactly_one_pile():
    with pytest.raises(EntryError, match="no hand for Cy"):
        GAME.replay([ANN, BOB, CY], [deal(ann=1, bob=2)], names={CY: "Cy"})
    twice = {
        "hands": [
            {"player": ANN, "pile": 1},
            {"player": ANN, "pile": 2},
            {"player": BOB, "pile": 0},
        ]
    }
    with pytest.raises(EntryError, match="Ann has two hands"):
        GAME.replay([ANN, BOB], [twice], names={ANN: "Ann"})


def test_no_round_after_the_last_deal():
    with pytest.raises(EntryError, match="Round 2: the game is already over"):
        GAME.replay([ANN, BOB], [deal(ann=1, bob=2), deal(ann=1, bob=2)])


def test_the_deal_moves_clockwise():
    board = GAME.replay(
        [ANN, BOB, CY], [deal(ann=1, bob=2, cy=3)] * 2, first_dealer=CY, options={"deals": 3}
    )
    assert [r.dealer for r in board.rounds] == [CY, ANN]
    assert board.next_dealer == BOB


def test_the_deals_option_has_limits():
    with pytest.raises(EntryError, match="option deals must be from 1 to 20"):
        GAME.replay([ANN, BOB], [], options={"deals": 0})
    with pytest.raises(EntryError, match="FourScore has no option rounds"):
        GAME.replay([ANN, BOB], [], options={"rounds": 3})


@given(st.lists(st.integers(0, 60), min_size=2, max_size=6))
def test_totals_are_the_sum_of_the_piles(piles):
    players = list(range(1, len(piles) + 1))
    entry = {"hands": [{"player": p, "pile": n} for p, n in zip(players, piles, strict=True)]}
    board = GAME.replay(players, [entry])
    assert board.totals == dict(zip(players, piles, strict=True))
    assert board.winners == [p for p, n in zip(players, piles, strict=True) if n == min(piles)]
