"""FortyBelow: hand tallies (blocks, cancels), the go-out penalty and whole games."""

import contextlib
import copy
import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.kinds.fortybelow.rules import (
    CARD_VALUES,
    FORTY_BELOW,
    GAME,
    GO_OUT_PENALTY,
    LOWEST_HAND,
    go_out_penalty,
    tally,
)
from games.scoring.base import EntryError

ANN, BOB, CY, DI = 1, 2, 3, 4
NAMES = {ANN: "Ann", BOB: "Bob", CY: "Cy", DI: "Di"}
IDS = {name.lower(): player for player, name in NAMES.items()}
MINUS = "\N{MINUS SIGN}"

# Hands with no block and no cancel, so they tally at face value.
WORTH_2 = [[0, 1, 1], [1, 0, -1]]
WORTH_4 = [[0, 1, 2], [1, 0, 0]]
WORTH_5 = [[0, 1, 3], [1, 0, 0]]
WORTH_9 = [[0, 1, 7], [1, 0, 0]]


def play(went_out, **grids):
    """One round's entry: who went out, and each named player's grid."""
    return {
        "went_out": IDS[went_out],
        "hands": [{"player": IDS[name], "grid": grid} for name, grid in grids.items()],
    }


def replay(players, entries, **setup):
    return GAME.replay(players, entries, names=NAMES, **setup)


def points_and_totals(board, number):
    return {r.player: (r.points, r.total) for r in board.rounds[number - 1].results}


# --- One hand's tally ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("grid", "score", "block", "cancelled"),
    [
        pytest.param([[5, 5, 3], [5, 5, -1]], -38, (1, 2), (), id="block-plus-column-3"),
        pytest.param([[7, 2, 7], [7, 9, 7]], 11, None, (1, 3), id="non-adjacent-columns-cancel"),
        pytest.param([[4, 4, 4], [4, 4, 4]], -40, (1, 2), (3,), id="six-of-a-kind"),
        pytest.param([[-10, -10, -10], [-10, -10, -1]], -51, (1, 2), (), id="lowest-hand"),
        pytest.param([[-10, 3, 12], [-10, 3, 11]], 23, None, (1, 2), id="two-cancels"),
        pytest.param([[6, 2, 2], [3, 2, 2]], -31, (2, 3), (), id="block-on-columns-2-3"),
        pytest.param([[8, 2, 2], [8, 2, 2]], -40, (2, 3), (1,), id="block-2-3-and-cancel-1"),
        pytest.param([[5, 5, 3], [5, 5, 3]], -40, (1, 2), (3,), id="block-1-2-and-cancel-3"),
        pytest.param([[-1, -1, 0], [-1, -1, 5]], -35, (1, 2), (), id="block-of-minus-ones"),
        pytest.param([[-1, 2, 3], [-1, 4, 5]], 14, None, (1,), id="minus-ones-cancel-to-0"),
        pytest.param([[5, -10, 4], [6, -10, 3]], 18, None, (2,), id="minus-tens-cancel-to-0"),
        pytest.param([[1, 2, 3], [4, 5, 6]], 21, None, (), id="face-value"),
        pytest.param([[5, 5, 3], [5, 6, 3]], 11, None, (1, 3), id="three-equal-is-no-block"),
    ],
)
def test_it_tallies_blocks_then_cancels_then_face_value(grid, score, block, cancelled):
    result = tally(grid)
    assert (result.score, result.block, result.cancelled) == (score, block, cancelled)


def test_it_says_in_the_notes_which_columns_block_and_cancel():
    assert tally([[5, 5, 3], [5, 5, -1]]).notes == (f"columns 1-2: forty below {MINUS}40",)
    assert tally([[7, 2, 7], [7, 9, 7]]).notes == ("column 1 cancels", "column 3 cancels")
    assert tally([[4, 4, 4], [4, 4, 4]]).notes == (
        f"columns 1-2: forty below {MINUS}40",
        "column 3 cancels",
    )
    assert tally([[1, 2, 3], [4, 5, 6]]).notes == ()


def test_a_tally_cannot_be_changed_once_made():
    with pytest.raises(dataclasses.FrozenInstanceError):
        tally([[1, 2, 3], [4, 5, 6]]).score = 0  # type: ignore[misc]


@pytest.mark.parametrize("card", CARD_VALUES)
def test_six_of_a_kind_scores_one_block_whatever_the_card(card):
    assert tally([[card] * 3, [card] * 3]).score == FORTY_BELOW


def test_the_rulebook_numbers():
    assert (FORTY_BELOW, GO_OUT_PENALTY, LOWEST_HAND) == (-40, 10, -51)
    assert CARD_VALUES == (-10, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ([[1, 2], [3, 4]], "the player's grid must be two rows of three cards"),
        ([[1, 2, 3]], "the player's grid must be two rows of three cards"),
        ("abc", "the player's grid must be two rows of three cards"),
        (
            [[1, 2, 3], [4, 5, 99]],
            f"each card of the player's grid must be {MINUS}10, {MINUS}1 or 0 to 12, not 99",
        ),
        ([[1, 2.5, 3], [4, 5, 6]], "each card of the player's grid must be a whole number"),
    ],
)
def test_the_live_tally_refuses_a_grid_that_is_not_two_rows_of_three_cards(grid, message):
    with pytest.raises(EntryError, match=message):
        tally(grid)


# --- The go-out penalty --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "penalty"),
    [
        pytest.param({ANN: 4, BOB: 4, CY: 2, DI: 9}, 20, id="worked-round"),
        pytest.param({ANN: 5, BOB: 5}, 10, id="a-tie-counts"),
        pytest.param({ANN: 1, BOB: 2, CY: 2}, 0, id="strictly-lowest"),
        pytest.param({ANN: 9, BOB: -51, CY: 9}, 20, id="everyone-at-or-below"),
        pytest.param({ANN: -40, BOB: -40, CY: -40, DI: -39}, 20, id="tied-lowest"),
    ],
)
def test_the_go_out_penalty_is_ten_for_each_other_player_at_or_below(scores, penalty):
    assert go_out_penalty(scores, ANN) == penalty


def test_the_worked_round_penalises_ann_for_two_players_at_or_below_her():
    board = replay(
        [ANN, BOB, CY, DI],
        [play("ann", ann=WORTH_4, bob=WORTH_4, cy=WORTH_2, di=WORTH_9)],
    )
    assert points_and_totals(board, 1) == {ANN: (24, 24), BOB: (4, 4), CY: (2, 2), DI: (9, 9)}
    notes = {r.player: r.notes for r in board.rounds[0].results}
    assert notes[ANN] == ["went out", "go-out penalty +20"]
    assert notes[BOB] == notes[CY] == notes[DI] == []
    assert board.rounds[0].notes == ["Ann went out without the lowest hand: +20"]


def test_going_out_with_an_equal_tally_is_penalised():
    board = replay([ANN, BOB], [play("bob", ann=WORTH_5, bob=WORTH_5)])
    assert points_and_totals(board, 1) == {ANN: (5, 5), BOB: (15, 15)}
    assert board.rounds[0].notes == ["Bob went out tied for the lowest hand: +10"]


def test_going_out_strictly_lowest_costs_nothing():
    board = replay([ANN, BOB, CY], [play("cy", ann=WORTH_4, bob=WORTH_9, cy=WORTH_2)])
    assert points_and_totals(board, 1) == {ANN: (4, 4), BOB: (9, 9), CY: (2, 2)}
    assert board.rounds[0].notes == ["Cy went out"]
    assert [r.notes for r in board.rounds[0].results] == [[], [], ["went out"]]


def test_a_hands_notes_reach_the_scoreboard():
    board = replay(
        [ANN, BOB], [play("ann", ann=[[5, 5, 3], [5, 5, -1]], bob=[[7, 2, 7], [7, 9, 7]])]
    )
    notes = {r.player: r.notes for r in board.rounds[0].results}
    assert notes[ANN] == [f"columns 1-2: forty below {MINUS}40", "went out"]
    assert notes[BOB] == ["column 1 cancels", "column 3 cancels"]
    assert points_and_totals(board, 1) == {ANN: (-38, -38), BOB: (11, 11)}


# --- A whole game --------------------------------------------------------------------------


def test_a_game_is_ten_rounds_by_default_and_the_lowest_total_wins():
    rounds = [play("ann", ann=WORTH_2, bob=WORTH_4, cy=WORTH_9)] * 9
    board = replay([ANN, BOB, CY], rounds)
    assert not board.finished and board.winners == []
    assert board.extras == {"rounds_left": 1}
    board = replay([ANN, BOB, CY], [*rounds, play("bob", ann=WORTH_9, bob=WORTH_2, cy=WORTH_9)])
    assert board.finished
    assert board.extras == {"rounds_left": 0}
    assert board.totals == {ANN: 27, BOB: 38, CY: 90}
    assert board.winners == [ANN]


def test_no_round_after_the_last_one():
    rounds = [play("ann", ann=WORTH_2, bob=WORTH_4)] * 11
    with pytest.raises(EntryError, match="Round 11: the game is already over"):
        replay([ANN, BOB], rounds)


def test_the_rounds_option_sets_the_length_of_the_game():
    entries = [play("ann", ann=WORTH_2, bob=WORTH_4), play("bob", ann=WORTH_9, bob=WORTH_2)]
    board = replay([ANN, BOB], entries[:1], options={"rounds": 2})
    assert not board.finished and board.extras == {"rounds_left": 1}
    board = replay([ANN, BOB], entries, options={"rounds": 2})
    assert board.finished and board.totals == {ANN: 11, BOB: 6} and board.winners == [BOB]


def test_tied_lowest_totals_share_the_win_and_the_rank():
    board = replay(
        [ANN, BOB, CY], [play("cy", ann=WORTH_4, bob=WORTH_9, cy=WORTH_4)], options={"rounds": 1}
    )
    assert board.totals == {ANN: 4, BOB: 9, CY: 14}
    board = replay(
        [ANN, BOB, CY], [play("bob", ann=WORTH_4, bob=WORTH_9, cy=WORTH_4)], options={"rounds": 1}
    )
    assert board.winners == [ANN, CY]
    assert [(s.player, s.rank) for s in board.standings] == [(ANN, 1), (CY, 1), (BOB, 3)]


def test_the_deal_moves_to_the_left_each_round():
    entries = [play("ann", ann=WORTH_2, bob=WORTH_4, cy=WORTH_9)] * 2
    board = replay([ANN, BOB, CY], entries, first_dealer=CY)
    assert [r.dealer for r in board.rounds] == [CY, ANN]
    assert board.next_dealer == BOB


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rounds": 0}, "option rounds must be from 1 to 20, not 0"),
        ({"rounds": 21}, "option rounds must be from 1 to 20, not 21"),
        ({"rounds": True}, "option rounds must be a whole number"),
        ({"rounds": "10"}, "option rounds must be a whole number"),
        ({"deals": 3}, "FortyBelow has no option deals"),
    ],
)
def test_the_rounds_option_has_limits(options, message):
    with pytest.raises(EntryError, match=message):
        replay([ANN, BOB], [], options=options)


@pytest.mark.parametrize("count", [1, 7])
def test_it_is_for_two_to_six_players(count):
    with pytest.raises(EntryError, match=f"FortyBelow is for 2 to 6 players, not {count}"):
        replay(list(range(1, count + 1)), [])


# --- Bad entries ---------------------------------------------------------------------------


def bobs_grid(grid):
    return {
        "went_out": ANN,
        "hands": [{"player": ANN, "grid": WORTH_2}, {"player": BOB, "grid": grid}],
    }


GRID_FIELD = f"hands.{BOB}.grid"


@pytest.mark.parametrize(
    ("entry", "message", "field"),
    [
        (
            bobs_grid([[1, 13, 3], [4, 5, 6]]),
            f"each card of Bob's grid must be {MINUS}10, {MINUS}1 or 0 to 12, not 13",
            GRID_FIELD,
        ),
        (
            bobs_grid([[1, 2, 3], [4, 5, -5]]),
            f"each card of Bob's grid must be {MINUS}10, {MINUS}1 or 0 to 12, not {MINUS}5",
            GRID_FIELD,
        ),
        (
            bobs_grid([[1, 2, 3], [4, -11, 6]]),
            f"each card of Bob's grid must be {MINUS}10, {MINUS}1 or 0 to 12, not {MINUS}11",
            GRID_FIELD,
        ),
        (
            bobs_grid([[2.0, 2, 3], [4, 5, 6]]),
            "each card of Bob's grid must be a whole number",
            GRID_FIELD,
        ),
        (
            bobs_grid([[True, 2, 3], [4, 5, 6]]),
            "each card of Bob's grid must be a whole",
            GRID_FIELD,
        ),
        (
            bobs_grid([["5", 2, 3], [4, 5, 6]]),
            "each card of Bob's grid must be a whole",
            GRID_FIELD,
        ),
        (
            bobs_grid([[None, 2, 3], [4, 5, 6]]),
            "each card of Bob's grid must be a whole",
            GRID_FIELD,
        ),
        (
            bobs_grid([[1, 2, 3], [4, 5, 6], [7, 8, 9]]),
            "Bob's grid must be two rows of three cards",
            GRID_FIELD,
        ),
        (
            bobs_grid([[1, 2, 3, 4], [4, 5, 6, 7]]),
            "Bob's grid must be two rows of three",
            GRID_FIELD,
        ),
        (bobs_grid([[1, 2, 3], [4, 5]]), "Bob's grid must be two rows of three", GRID_FIELD),
        (bobs_grid([1, 2, 3, 4, 5, 6]), "Bob's grid must be two rows of three", GRID_FIELD),
        (bobs_grid(["abc", "def"]), "Bob's grid must be two rows of three", GRID_FIELD),
        (bobs_grid({"top": [1, 2, 3]}), "Bob's grid must be two rows of three", GRID_FIELD),
        (bobs_grid(None), "Bob's grid must be two rows of three", GRID_FIELD),
        (
            {"hands": [{"player": ANN, "grid": WORTH_2}, {"player": BOB, "grid": WORTH_4}]},
            "say who went out this round",
            "went_out",
        ),
    ],
)
def test_it_refuses_a_bad_grid_or_no_went_out_naming_the_player(entry, message, field):
    with pytest.raises(EntryError, match=f"^Round 1: {message}") as caught:
        replay([ANN, BOB], [entry])
    assert caught.value.field == field


@pytest.mark.parametrize("went_out", [CY, str(ANN), True, None, [ANN]])
def test_the_player_who_went_out_must_be_at_the_table(went_out):
    entry = {**bobs_grid(WORTH_4), "went_out": went_out}
    with pytest.raises(
        EntryError, match="the player who went out must be a player at this table"
    ) as caught:
        replay([ANN, BOB], [entry])
    assert caught.value.field == "went_out"


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ([], "a round's entry must be an object"),
        ({**bobs_grid(WORTH_4), "passed": ANN}, "unknown field passed in the entry"),
        (
            {"went_out": ANN, "hands": {"1": WORTH_2}},
            "hands must be a list with one hand per player",
        ),
        ({"went_out": ANN, "hands": [{"player": ANN, "grid": WORTH_2}]}, "no hand for Bob"),
        (
            {"went_out": ANN, "hands": [{"player": ANN, "grid": WORTH_2}, {"player": BOB}]},
            "Bob's hand has no grid",
        ),
        (
            {
                "went_out": ANN,
                "hands": [
                    {"player": ANN, "grid": WORTH_2},
                    {"player": BOB, "grid": WORTH_4, "cards": [1, 2]},
                ],
            },
            "unknown field cards in Bob's hand",
        ),
        (
            {
                "went_out": ANN,
                "hands": [
                    {"player": ANN, "grid": WORTH_2},
                    {"player": ANN, "grid": WORTH_4},
                    {"player": BOB, "grid": WORTH_4},
                ],
            },
            "Ann has two hands",
        ),
    ],
)
def test_it_refuses_an_entry_of_the_wrong_shape(entry, message):
    with pytest.raises(EntryError, match=message):
        replay([ANN, BOB], [entry])


def test_a_later_bad_round_is_named_in_the_error():
    entries = [play("ann", ann=WORTH_2, bob=WORTH_4), bobs_grid([[0, 0, 0], [0, 0, 14]])]
    with pytest.raises(EntryError, match=r"^Round 2: each card of Bob's grid must be .*, not 14"):
        replay([ANN, BOB], entries)


# --- Properties ----------------------------------------------------------------------------

cards = st.sampled_from(CARD_VALUES)


def as_grid(six_cards):
    return [list(six_cards[:3]), list(six_cards[3:])]


# Hands drawn from a few card values too, so that blocks and cancels come up often.
grids = st.one_of(
    st.lists(cards, min_size=6, max_size=6),
    st.lists(st.sampled_from((-10, -1, 4)), min_size=6, max_size=6),
).map(as_grid)


@given(grids)
def test_a_hands_tally_is_between_the_floor_and_its_positive_cards(grid):
    score = tally(grid).score
    all_cards = grid[0] + grid[1]
    assert LOWEST_HAND <= score <= sum(card for card in all_cards if card > 0)
    # A cancel raises a pair of negative cards to 0; without one, the tally never beats the sum.
    negative_pair = any(top == bottom < 0 for top, bottom in zip(*grid, strict=True))
    if not negative_pair:
        assert score <= sum(all_cards)


@given(grids)
def test_a_tally_is_its_block_plus_the_columns_that_do_not_cancel(grid):
    result = tally(grid)
    columns = dict(enumerate(zip(*grid, strict=True), start=1))
    if result.block:
        assert result.block in {(1, 2), (2, 3)}
        assert len({card for c in result.block for card in columns[c]}) == 1
    else:
        assert len({*columns[1], *columns[2]}) > 1
        assert len({*columns[2], *columns[3]}) > 1
    outside = [c for c in columns if c not in (result.block or ())]
    assert list(result.cancelled) == [c for c in outside if columns[c][0] == columns[c][1]]
    counted = [c for c in outside if c not in result.cancelled]
    expected = (FORTY_BELOW if result.block else 0) + sum(sum(columns[c]) for c in counted)
    assert result.score == expected


scores_by_player = st.lists(st.integers(LOWEST_HAND, 24), min_size=2, max_size=6).map(
    lambda scores: dict(enumerate(scores, start=1))
)


@given(scores_by_player, st.data())
def test_the_go_out_penalty_counts_the_players_at_or_below_unless_strictly_lowest(scores, data):
    went_out = data.draw(st.sampled_from(sorted(scores)))
    mine = scores[went_out]
    others = [score for player, score in scores.items() if player != went_out]
    strictly_lowest = all(mine < score for score in others)
    at_or_below = sum(1 for score in others if score <= mine)
    expected = 0 if strictly_lowest else GO_OUT_PENALTY * at_or_below
    assert go_out_penalty(scores, went_out) == expected


@st.composite
def games(draw):
    """A valid FortyBelow game: (players, first dealer, options, entries)."""
    players = draw(st.permutations(range(10, 10 + draw(st.integers(2, 6)))))
    rounds = draw(st.integers(1, 5))
    entries = [
        {
            "went_out": draw(st.sampled_from(players)),
            "hands": [{"player": p, "grid": draw(grids)} for p in draw(st.permutations(players))],
        }
        for _ in range(draw(st.integers(0, rounds)))
    ]
    return players, draw(st.sampled_from(players)), {"rounds": rounds}, entries


@given(games())
def test_replaying_any_prefix_gives_the_totals_of_the_full_game_at_that_round(game):
    players, first_dealer, options, entries = game
    full = GAME.replay(players, entries, first_dealer, options)
    assert full.finished == (len(entries) == options["rounds"])
    for count in range(len(entries) + 1):
        prefix = GAME.replay(players, entries[:count], first_dealer, options)
        if count:
            expected = {r.player: r.total for r in full.rounds[count - 1].results}
        else:
            expected = dict.fromkeys(players, 0)
        assert prefix.totals == expected
        assert prefix.rounds == full.rounds[:count]


@given(games())
def test_each_round_scores_the_tallies_plus_the_go_out_penalty(game):
    players, first_dealer, options, entries = game
    board = GAME.replay(players, entries, first_dealer, options)
    for entry, played in zip(entries, board.rounds, strict=True):
        scores = {hand["player"]: tally(hand["grid"]).score for hand in entry["hands"]}
        went_out = entry["went_out"]
        penalty = go_out_penalty(scores, went_out)
        expected = {p: s + (penalty if p == went_out else 0) for p, s in scores.items()}
        assert {r.player: r.points for r in played.results} == expected
    if board.finished:
        lowest = min(board.totals.values())
        assert board.winners == [p for p in players if board.totals[p] == lowest]


json_like = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-12, 14)
    | st.integers()
    | st.floats()
    | st.text(max_size=4)
    | st.sampled_from([ANN, BOB, "hands", "grid", "went_out", "player"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["hands", "grid", "went_out", "player"]) | st.text(max_size=4),
            children,
            max_size=4,
        )
    ),
    max_leaves=24,
)


def score_or_refuse(players, entries, first_dealer=None, options=None):
    with contextlib.suppress(EntryError):
        GAME.replay(players, entries, first_dealer, options)


@given(json_like)
def test_junk_entries_are_refused_never_crash(junk):
    score_or_refuse([ANN, BOB], [junk])
    score_or_refuse([ANN, BOB], [{"went_out": ANN, "hands": junk}])
    score_or_refuse([ANN, BOB], [bobs_grid(junk)])


def places(value, path=()):
    """Every path into a JSON-like value, the value itself first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from places(item, (*path, index))


@given(games(), st.data())
def test_mutated_valid_entries_either_score_or_are_refused(game, data):
    players, first_dealer, options, entries = game
    if not entries:
        return
    index = data.draw(st.integers(0, len(entries) - 1))
    entry = copy.deepcopy(entries[index])
    path = data.draw(st.sampled_from(list(places(entry))))
    how = data.draw(st.sampled_from(["replace", "delete", "repeat"]))
    if not path:
        entry = data.draw(json_like)
    else:
        parent = entry
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        if how == "replace":
            parent[last] = data.draw(json_like)
        elif how == "delete":
            del parent[last]
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(parent[last]))
        else:
            parent[last] = [parent[last], parent[last]]
    score_or_refuse(
        players, [*entries[:index], entry, *entries[index + 1 :]], first_dealer, options
    )
