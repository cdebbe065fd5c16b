"""Forty Fives, Merrimack Valley style: team points, bids and sets, the race to 120, options."""

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.kinds.fortyfives.rules import GAME, allowed_bids, hand_points, team_of
from games.scoring.base import EntryError
from games.scoring.numbers import shown

ANN, BOB, CY, DEE = 1, 2, 3, 4
PLAYERS = [ANN, BOB, CY, DEE]  # Ann and Cy are team A, Bob and Dee team B
NAMES = {ANN: "Ann", BOB: "Bob", CY: "Cy", DEE: "Dee"}
MINUS = "\N{MINUS SIGN}"
OPTION_NAMES = ["thirty_for_sixty", "on_the_green", "no_minimum_bid", "hundred_bids_twenty"]


def hand(bidder, bid, tricks_a, tricks_b, high="A", trump="hearts"):
    entry = {"bidder": bidder, "bid": bid, "tricks": {"A": tricks_a, "B": tricks_b}}
    entry["high_trump"] = high
    if trump is not None:
        entry["trump"] = trump
    return entry


def play(entries, **options):
    return GAME.replay(PLAYERS, entries, options=options, names=NAMES)


def team_totals(board):
    return {team.team: team.total for team in board.teams}


def last_points(board):
    results = {result.player: result for result in board.rounds[-1].results}
    return {"A": results[ANN].points, "B": results[BOB].points}


# Five no-trump hands Bob makes with 3 tricks (B +15, A +10), then three hands Ann makes with
# 3 tricks and the highest trump (A +20, B +10): team A at 110, team B at 105.
A_110_B_105 = [hand(BOB, 15, 2, 3, high=None, trump=None)] * 5 + [hand(ANN, 15, 3, 2)] * 3


# --- RULES.md worked examples ------------------------------------------------------------------


def test_it_adds_a_made_bid_and_the_other_teams_points():
    board = play([hand(ANN, 20, 3, 2, high="A")])
    assert last_points(board) == {"A": 20, "B": 10}
    assert team_totals(board) == {"A": 20, "B": 10}
    results = {result.player: result for result in board.rounds[0].results}
    assert results[ANN].notes == ["3 tricks and the highest trump: 20", "made the bid of 20: +20"]
    assert results[CY].notes == results[ANN].notes
    assert results[BOB].notes == ["2 tricks: +10"]
    assert board.rounds[0].notes == ["Ann bid 20 in hearts: made"]
    assert not board.finished


def test_it_takes_the_bid_off_a_team_that_is_set_even_below_zero():
    board = play([hand(CY, 25, 3, 2, high="A")])
    assert last_points(board) == {"A": -25, "B": 10}
    assert team_totals(board) == {"A": -25, "B": 10}
    results = {result.player: result for result in board.rounds[0].results}
    assert results[ANN].notes == ["3 tricks and the highest trump: 20", f"set: {MINUS}25"]
    assert results[ANN].total == -25
    assert board.rounds[0].notes == ["Cy bid 25 in hearts: set"]


def test_the_other_team_wins_when_the_bidders_are_set_and_it_reaches_120():
    board = play(A_110_B_105)
    assert team_totals(board) == {"A": 110, "B": 105}
    assert not board.finished
    board = play([*A_110_B_105, hand(ANN, 15, 2, 3, high="B")])
    assert last_points(board) == {"A": -15, "B": 20}
    assert team_totals(board) == {"A": 95, "B": 125}
    assert board.finished
    assert board.winners == [BOB, DEE]
    assert board.rounds[-1].notes == ["Ann bid 15 in hearts: set", "Bob and Dee win with 125"]


@pytest.mark.parametrize(
    ("last_hand", "winners", "totals"),
    [
        (hand(ANN, 15, 2, 3, high="A"), [ANN, CY], {"A": 125, "B": 120}),
        (hand(DEE, 15, 2, 3, high="B"), [BOB, DEE], {"A": 120, "B": 125}),
    ],
)
def test_when_both_teams_reach_120_in_one_hand_the_bidding_team_wins(last_hand, winners, totals):
    board = play([*A_110_B_105, last_hand])
    assert team_totals(board) == totals
    assert board.finished
    assert board.winners == winners


# --- hands, teams and the scoreboard ----------------------------------------------------------


def test_a_hand_with_no_trump_played_is_worth_25_in_all():
    board = play([hand(BOB, 15, 2, 3, high=None, trump=None)])
    assert last_points(board) == {"A": 10, "B": 15}
    assert board.rounds[0].notes == ["Bob bid 15: made"]


def test_the_highest_trump_cannot_go_to_a_team_without_a_trick():
    with pytest.raises(EntryError, match="Bob and Dee took no trick, so they can't have taken"):
        play([hand(ANN, 15, 5, 0, high="B")])
    with pytest.raises(EntryError) as error:
        play([hand(ANN, 15, 5, 0, high="B")])
    assert error.value.field == "high_trump"


def test_a_bid_is_made_on_exactly_its_points():
    board = play([hand(BOB, 25, 1, 4, high="B")])
    assert last_points(board) == {"A": 5, "B": 25}


def test_partners_share_the_team_total_and_the_rank():
    board = play([hand(ANN, 20, 3, 2)])
    assert board.totals == {ANN: 20, BOB: 10, CY: 20, DEE: 10}
    assert [(s.player, s.total, s.rank) for s in board.standings] == [
        (ANN, 20, 1),
        (CY, 20, 1),
        (BOB, 10, 3),
        (DEE, 10, 3),
    ]
    assert [GAME.team_of_seat(seat) for seat in range(4)] == ["A", "B", "A", "B"]
    assert [(t.team, t.players, t.total) for t in board.teams] == [
        ("A", [ANN, CY], 20),
        ("B", [BOB, DEE], 10),
    ]


def test_it_describes_the_teams_and_their_totals_and_each_round_says_its_bid():
    board = play([hand(ANN, 20, 3, 2), hand(BOB, 30, 3, 2), {"bidder": CY, "bid": 15}])
    assert board.extras == {
        "teams": {"A": [ANN, CY], "B": [BOB, DEE]},
        "team_totals": {"A": 40, "B": -20},
    }
    assert [round_.notes for round_ in board.rounds] == [
        ["Ann bid 20 in hearts: made"],
        ["Bob bid 30 in hearts: set"],
        ["Cy bid 15"],
    ]


def test_the_deal_moves_clockwise():
    board = play([hand(ANN, 15, 3, 2)] * 3)
    assert [r.dealer for r in board.rounds] == [ANN, BOB, CY]
    assert board.next_dealer == DEE
    board = GAME.replay(PLAYERS, [hand(ANN, 15, 3, 2)] * 2, first_dealer=DEE)
    assert [r.dealer for r in board.rounds] == [DEE, ANN]


@pytest.mark.parametrize("players", [[ANN, BOB, CY], [ANN, BOB, CY, DEE, 5]])
def test_it_needs_exactly_four_players(players):
    with pytest.raises(EntryError, match="Forty Fives is for exactly 4 players"):
        GAME.replay(players, [])


def test_no_hand_is_played_after_the_game_is_won():
    entries = [*A_110_B_105, hand(ANN, 15, 2, 3, high="B"), hand(ANN, 15, 3, 2)]
    with pytest.raises(EntryError, match="Round 10: the game is already over"):
        play(entries)


# --- open rounds --------------------------------------------------------------------------------


def test_a_bid_alone_saves_an_open_round_that_is_finished_later():
    board = play([hand(ANN, 20, 3, 2), {"bidder": DEE, "bid": 25, "trump": "spades"}])
    assert board.open_round is not None
    assert board.open_round.results == []
    assert board.open_round.notes == ["Dee bid 25 in spades"]
    assert team_totals(board) == {"A": 20, "B": 10}
    board = play([hand(ANN, 20, 3, 2), hand(DEE, 25, 1, 4, high="B", trump="spades")])
    assert board.open_round is None
    assert team_totals(board) == {"A": 25, "B": 35}


def test_no_hand_follows_an_open_round():
    with pytest.raises(EntryError, match="Round 2: round 1 is still open; finish it first"):
        play([{"bidder": ANN, "bid": 20}, hand(BOB, 15, 2, 3)])


@pytest.mark.parametrize("missing", ["high_trump", "tricks"])
def test_a_finished_hand_needs_both_tricks_and_the_highest_trump(missing):
    entry = hand(ANN, 20, 3, 2)
    del entry[missing]
    with pytest.raises(EntryError, match=f"{missing} is missing") as error:
        play([entry])
    assert error.value.field == missing


# --- options ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("thirty_for_sixty", "points"), [(False, 30), (True, 60)])
def test_thirty_for_sixty_doubles_a_made_30(thirty_for_sixty, points):
    board = play([hand(BOB, 30, 0, 5, high="B")], thirty_for_sixty=thirty_for_sixty)
    assert last_points(board) == {"A": 0, "B": points}


def test_thirty_for_sixty_still_loses_only_30_when_set():
    board = play([hand(BOB, 30, 1, 4, high="B")], thirty_for_sixty=True)
    assert last_points(board) == {"A": 5, "B": -30}
    board = play([hand(BOB, 30, 0, 5, high="B")], thirty_for_sixty=True)
    results = {result.player: result for result in board.rounds[0].results}
    assert results[DEE].notes[-1] == "made 30, scored as 60: +60"


def test_on_the_green_the_other_team_reaching_120_plays_on():
    entries = [*A_110_B_105, hand(ANN, 15, 2, 3, high="B")]
    assert play(entries, on_the_green=False).winners == [BOB, DEE]
    board = play(entries, on_the_green=True)
    assert team_totals(board) == {"A": 95, "B": 125}
    assert not board.finished
    results = {result.player: result for result in board.rounds[-1].results}
    assert results[BOB].notes[-1] == "waits at 125"
    assert board.rounds[-1].notes[-1] == (
        "Bob and Dee are at 125, but both teams are on the green, so only the bidding team "
        "could win this hand: they must bid to win"
    )


@pytest.mark.parametrize(
    ("next_hands", "winners", "totals"),
    [
        # Bob and Dee bid and stay at 120 or more.
        ([hand(BOB, 15, 2, 3, high="B")], [BOB, DEE], {"A": 105, "B": 145}),
        # They bid, are set below 120, and play goes on.
        ([hand(BOB, 30, 2, 3, high="B")], [], {"A": 105, "B": 95}),
        # Ann and Cy bid and reach 120 first: the bidding team wins.
        ([hand(ANN, 25, 4, 1, high="A")], [ANN, CY], {"A": 120, "B": 130}),
        # Ann and Cy bid and stay on the green: Bob and Dee still cannot win.
        ([hand(ANN, 15, 3, 2, high="B")], [], {"A": 110, "B": 140}),
        # Ann and Cy are set off the green: the green is over, and Bob and Dee win at the end
        # of that very hand.
        ([hand(ANN, 30, 3, 2)], [BOB, DEE], {"A": 65, "B": 135}),
    ],
)
def test_on_the_green_a_team_at_120_wins_a_later_hand_it_bids_or_starts_off_the_green(
    next_hands, winners, totals
):
    board = play([*A_110_B_105, hand(ANN, 15, 2, 3, high="B"), *next_hands], on_the_green=True)
    assert team_totals(board) == totals
    assert board.finished == bool(winners)
    assert board.winners == winners


def test_on_the_green_only_applies_when_both_teams_start_at_90():
    # Ann and Cy reach 115 and Bob and Dee are set to 80: with only one team on the green, Ann
    # and Cy win the next hand without bidding.
    entries = [hand(BOB, 15, 2, 3, high=None, trump=None)] * 5 + [hand(ANN, 15, 3, 2)] * 3
    entries[-1] = hand(BOB, 15, 4, 1, high="A")
    board = play(entries, on_the_green=True)
    assert team_totals(board) == {"A": 115, "B": 80}
    board = play([*entries, hand(BOB, 15, 2, 3, high="B")], on_the_green=True)
    assert team_totals(board) == {"A": 125, "B": 100}
    assert board.winners == [ANN, CY]


@pytest.mark.parametrize("bid", [5, 10])
def test_bids_under_15_need_no_minimum_bid(bid):
    with pytest.raises(EntryError, match=f"Ann may bid 15, 20, 25 or 30, not {bid}") as error:
        play([hand(ANN, bid, 2, 3, high="B")])
    assert error.value.field == "bid"
    board = play([hand(ANN, bid, 2, 3, high="B")], no_minimum_bid=True)
    assert last_points(board) == {"A": 10, "B": 20}


@pytest.mark.parametrize("bid", [0, 35, 17, -15])
def test_a_bid_outside_the_list_is_refused(bid):
    message = f"the bid must be a multiple of 5 from 5 to 30, not {shown(bid)}"
    for no_minimum_bid in (True, False):
        with pytest.raises(EntryError, match=message) as error:
            play([hand(ANN, bid, 3, 2)], no_minimum_bid=no_minimum_bid)
        assert error.value.field == "bid"


@pytest.mark.parametrize(
    "entry",
    [hand(ANN, 15, 2, 3, high="B"), {"bidder": CY, "bid": 15}],
    ids=["complete", "open"],
)
def test_hundred_bids_twenty_stops_a_team_over_100_bidding_15(entry):
    message = "Ann and Cy are at 110, over 100, so (Ann|Cy) may not bid less than 20"
    with pytest.raises(EntryError, match=message) as error:
        play([*A_110_B_105, entry], hundred_bids_twenty=True)
    assert error.value.field == "bid"
    assert len(play([*A_110_B_105, entry]).rounds) == len(A_110_B_105) + 1  # allowed when off
    board = play([*A_110_B_105, {"bidder": CY, "bid": 20}], hundred_bids_twenty=True)
    assert board.open_round is not None


def test_hundred_bids_twenty_allows_15_at_exactly_100():
    entries = [hand(ANN, 15, 3, 2)] * 5
    board = play([*entries, {"bidder": ANN, "bid": 15}], hundred_bids_twenty=True)
    assert team_totals(board) == {"A": 100, "B": 50}
    assert board.open_round is not None


def test_no_minimum_bid_and_hundred_bids_twenty_together():
    both = {"no_minimum_bid": True, "hundred_bids_twenty": True}
    assert allowed_bids(both, 101) == [20, 25, 30]
    assert allowed_bids(both, 100) == [5, 10, 15, 20, 25, 30]
    board = play([hand(ANN, 15, 3, 2)] * 5 + [hand(BOB, 10, 2, 3)], **both)
    assert team_totals(board) == {"A": 115, "B": 65}
    with pytest.raises(EntryError, match="Ann and Cy are at 115, over 100, so Ann may not bid"):
        play([hand(ANN, 15, 3, 2)] * 5 + [hand(BOB, 10, 2, 3), {"bidder": ANN, "bid": 10}], **both)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"on_the_green": 1}, "option on_the_green must be true or false"),
        ({"green": True}, "Forty Fives has no option green"),
    ],
)
def test_options_are_checked(options, message):
    with pytest.raises(EntryError, match=message):
        GAME.replay(PLAYERS, [], options=options)


# --- validation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "message", "field"),
    [
        ([], "a round's entry must be an object", None),
        ({**hand(ANN, 20, 3, 2), "kitty": 3}, "unknown field kitty in the entry", None),
        ({"bid": 20}, "the entry has no bidder", "bidder"),
        ({"bidder": 9, "bid": 20}, "the bidder must be a player at this table", "bidder"),
        ({"bidder": True, "bid": 20}, "the bidder must be a player at this table", "bidder"),
        ({"bidder": ANN}, "the entry has no bid", "bid"),
        ({"bidder": ANN, "bid": "20"}, "the bid must be a whole number", "bid"),
        ({"bidder": ANN, "bid": 20.0}, "the bid must be a whole number", "bid"),
        ({"bidder": ANN, "bid": True}, "the bid must be a whole number", "bid"),
        (
            {"bidder": ANN, "bid": 20, "trump": "stars"},
            "trump must be clubs, diamonds, hearts, spades or null, not stars",
            "trump",
        ),
        (
            {"bidder": ANN, "bid": 20, "trump": ["hearts"]},
            "trump must be clubs, diamonds, hearts, spades or null$",
            "trump",
        ),
        (
            {**hand(ANN, 20, 3, 2), "tricks": [3, 2]},
            'tricks must be an object of each team\'s tricks, like {"A": 3, "B": 2}',
            "tricks",
        ),
        (
            {**hand(ANN, 20, 3, 2), "tricks": {"A": 3, "B": 2, "C": 0}},
            "unknown field C in tricks",
            "tricks",
        ),
        (
            {**hand(ANN, 20, 3, 2), "tricks": {"A": 5}},
            "tricks has no count for team B",
            "tricks.B",
        ),
        (hand(ANN, 20, 6, -1), "team A's tricks must be from 0 to 5, not 6", "tricks.A"),
        (hand(ANN, 20, 3, 1.5), "team B's tricks must be a whole number", "tricks.B"),
        (hand(ANN, 20, 3, 3), "tricks add up to 6; a hand has 5 tricks", "tricks"),
        (hand(ANN, 20, 2, 2), "tricks add up to 4; a hand has 5 tricks", "tricks"),
        (hand(ANN, 20, 3, 2, high="C"), "high_trump must be the team that took", "high_trump"),
        (hand(ANN, 20, 3, 2, high=1), "high_trump must be the team that took", "high_trump"),
    ],
)
def test_it_refuses_a_bad_entry_with_a_clear_message(entry, message, field):
    with pytest.raises(EntryError, match=message) as error:
        play([entry])
    assert error.value.field == field


def test_an_error_while_replaying_names_the_round():
    with pytest.raises(EntryError, match="Round 2: tricks add up to 4"):
        play([hand(ANN, 20, 3, 2), hand(BOB, 20, 2, 2)])


# --- the pure helpers for live previews ---------------------------------------------------------


def test_the_helpers_for_live_previews():
    assert [team_of(seat) for seat in range(4)] == ["A", "B", "A", "B"]
    assert hand_points(3, True) == 20
    assert hand_points(0, False) == 0
    assert hand_points(5, True) == 30
    assert allowed_bids({}, 0) == [15, 20, 25, 30]
    assert allowed_bids({"hundred_bids_twenty": True}, 101) == [20, 25, 30]
    assert allowed_bids({"hundred_bids_twenty": False}, 115) == [15, 20, 25, 30]
    assert allowed_bids({"no_minimum_bid": True}, -40) == [5, 10, 15, 20, 25, 30]
    with pytest.raises(EntryError, match="no trick can't have taken the highest trump"):
        hand_points(0, True)
    with pytest.raises(EntryError, match="from 0 to 5"):
        hand_points(6, False)


# --- properties -------------------------------------------------------------------------------

valid_options = st.fixed_dictionaries({name: st.booleans() for name in OPTION_NAMES})


@st.composite
def hand_results(draw):
    """A legal hand's result: tricks adding up to 5 and a highest trump its team can hold."""
    tricks_a = draw(st.integers(0, 5))
    tricks = {"A": tricks_a, "B": 5 - tricks_a}
    high = draw(st.sampled_from([None] + [team for team in "AB" if tricks[team] > 0]))
    return tricks, high


MOST_GENERATED_HANDS = 30


@st.composite
def games(draw):
    """Options and a list of valid entries: a whole game, or part of one, maybe ending open."""
    options = draw(valid_options)
    table = GAME.start(PLAYERS, options=options)  # played along to know the totals and the end
    entries = []
    # Mostly play on, so that games reach 120 and both teams get on the green.
    next_steps = st.sampled_from(["hand"] * 17 + ["stop", "open", "thrown_in"])
    while not table.finished and len(entries) < MOST_GENERATED_HANDS:
        step = draw(next_steps)
        if step == "stop":
            break
        if step == "thrown_in":
            entries.append({"thrown_in": True})
            GAME.play_round(table, entries[-1])
            continue
        bidder = draw(st.sampled_from(PLAYERS))
        team_total = table.totals[bidder]
        entry = {"bidder": bidder, "bid": draw(st.sampled_from(allowed_bids(options, team_total)))}
        trump = draw(st.sampled_from([None, "clubs", "diamonds", "hearts", "spades"]))
        if trump is not None:
            entry["trump"] = trump
        if step == "open":
            entries.append(entry)  # a bid saved alone: the game's last round, still open
            break
        tricks, high = draw(hand_results())
        entries.append({**entry, "tricks": tricks, "high_trump": high})
        GAME.play_round(table, entries[-1])
    return options, entries


@given(hand_results())
def test_a_hands_team_points_add_up_to_30_or_25_without_trump(result):
    tricks, high = result
    total = hand_points(tricks["A"], high == "A") + hand_points(tricks["B"], high == "B")
    assert total == (25 if high is None else 30)


@given(games())
def test_replaying_any_prefix_gives_the_same_totals(game):
    options, entries = game
    board = GAME.replay(PLAYERS, entries, options=options)
    assert board.extras["team_totals"] == team_totals(board)
    for number in range(1, len(entries) + 1):
        prefix = GAME.replay(PLAYERS, entries[:number], options=options)
        assert [r.results for r in prefix.rounds] == [r.results for r in board.rounds[:number]]
        assert [r.notes for r in prefix.rounds] == [r.notes for r in board.rounds[:number]]
        if board.rounds[number - 1].results:
            assert prefix.totals == {r.player: r.total for r in board.rounds[number - 1].results}


@given(games())
def test_partners_always_have_the_same_total_and_the_other_team_scores_its_points(game):
    options, entries = game
    board = GAME.replay(PLAYERS, entries, options=options)
    assert board.totals[ANN] == board.totals[CY]
    assert board.totals[BOB] == board.totals[DEE]
    for entry, round_ in zip(entries, board.rounds, strict=True):
        if round_.status == "open" or "thrown_in" in entry:
            continue
        other = "B" if team_of(PLAYERS.index(entry["bidder"])) == "A" else "A"
        points = {team_of(PLAYERS.index(r.player)): r.points for r in round_.results}
        assert points[other] == hand_points(entry["tricks"][other], entry["high_trump"] == other)
    if board.finished:
        winning_team = team_of(PLAYERS.index(board.winners[0]))
        assert len(board.winners) == 2
        assert team_totals(board)[winning_team] >= 120


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 200) | st.floats() | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=10), children, max_size=3)
    ),
    max_leaves=8,
)
entry_keys = st.sampled_from(["bidder", "bid", "trump", "tricks", "high_trump", "junk"])


@st.composite
def mutated_games(draw):
    options, entries = draw(games())
    if not entries:
        return options, [draw(json_values)]
    index = draw(st.integers(0, len(entries) - 1))
    entry = dict(entries[index])
    for _ in range(draw(st.integers(1, 3))):
        key = draw(entry_keys)
        if draw(st.booleans()) and key in entry:
            del entry[key]
        elif key == "tricks" and draw(st.booleans()):
            entry[key] = {draw(st.sampled_from(["A", "B", "C"])): draw(json_values)}
        else:
            entry[key] = draw(json_values)
    return options, [*entries[:index], entry, *entries[index + 1 :]]


@given(st.lists(json_values, max_size=3))
def test_random_junk_entries_score_or_raise_an_entry_error(entries):
    with contextlib.suppress(EntryError):
        GAME.replay(PLAYERS, entries)


@given(mutated_games())
def test_mutated_entries_score_or_raise_an_entry_error(game):
    options, entries = game
    with contextlib.suppress(EntryError):
        GAME.replay(PLAYERS, entries, options=options)


# --- RULES.md: "goes out", the green, everyone passed ------------------------------------------

# Six hands Ann makes with 2 tricks and the highest trump while Bob and Dee take 3: both +15.
A_90_B_90 = [hand(ANN, 15, 2, 3, high="A")] * 6
# Then Ann makes 15 with 3 tricks (A 105, B 100); Bob makes 15 while Ann and Cy reach 120 on the
# green (they wait); Bob is set at 20 and stays on the green: A 140, B 95.
A_120_B_115 = [*A_90_B_90, hand(ANN, 15, 3, 2, high=None), hand(BOB, 15, 2, 3, high="A")]
A_140_B_95 = [*A_120_B_115, hand(BOB, 20, 3, 2, high="A")]
# Or Bob is set at 15 taking no trick: A 150, B 100.
A_150_B_100 = [*A_120_B_115, hand(BOB, 15, 5, 0, high="A")]


def test_the_setups_of_the_green_examples_reach_their_totals_without_a_winner():
    for entries, totals in [
        (A_90_B_90, {"A": 90, "B": 90}),
        (A_120_B_115, {"A": 120, "B": 115}),
        (A_140_B_95, {"A": 140, "B": 95}),
        (A_150_B_100, {"A": 150, "B": 100}),
    ]:
        board = play(entries, on_the_green=True)
        assert team_totals(board) == totals
        assert not board.finished


def test_on_the_green_a_set_bidder_falling_off_with_nobody_at_120_plays_on():
    # A 90 and B 90 before the hand: B bids 20 and is set (A takes 4 tricks and the high trump).
    board = play([*A_90_B_90, hand(BOB, 20, 4, 1, high="A")], on_the_green=True)
    assert last_points(board) == {"A": 25, "B": -20}
    assert team_totals(board) == {"A": 115, "B": 70}
    assert not board.finished
    assert board.winners == []


def test_on_the_green_a_waiting_team_wins_when_the_set_bidders_fall_off_the_green():
    # A 140 (waiting) and B 95: B bids 15 and is set, taking 10 → A 160, B 80: A wins.
    board = play([*A_140_B_95, hand(BOB, 15, 3, 2, high="A")], on_the_green=True)
    assert last_points(board) == {"A": 20, "B": -15}
    assert team_totals(board) == {"A": 160, "B": 80}
    assert board.finished
    assert board.winners == [ANN, CY]
    assert board.rounds[-1].notes == [
        "Bob bid 15 in hearts: set",
        "Bob and Dee fell off the green, so Ann and Cy win with 160",
    ]
    results = {result.player: result for result in board.rounds[-1].results}
    assert results[ANN].notes[-1] == "reaches 160: wins the game"


def test_on_the_green_a_set_team_over_120_does_not_go_out_and_nobody_wins():
    # A 150 (waiting) and B 100: A bids 15 and is set (A takes 10, B 20) → A 135, B 120.
    board = play([*A_150_B_100, hand(ANN, 15, 2, 3, high="B")], on_the_green=True)
    assert last_points(board) == {"A": -15, "B": 20}
    assert team_totals(board) == {"A": 135, "B": 120}
    assert not board.finished
    assert board.rounds[-1].notes == [
        "Ann bid 15 in hearts: set",
        "Ann and Cy are at 135, but they were set, and a set team does not go out: play goes on",
        "Bob and Dee are at 120, but both teams are on the green, so only the bidding team "
        "could win this hand: they must bid to win",
    ]


def test_a_set_team_never_wins_in_that_hand_even_over_120():
    # Off the green the same hand gives the game to the other team, never the set bidders.
    board = play([*A_120_B_115, hand(ANN, 15, 2, 3, high="B")], on_the_green=True)
    assert team_totals(board) == {"A": 105, "B": 135}
    assert board.winners == []  # both still on the green
    off = play([*A_120_B_115, hand(ANN, 30, 2, 3, high="B")], on_the_green=True)
    assert team_totals(off) == {"A": 90, "B": 135}
    assert off.winners == []  # A at 90 is still on the green: B must bid to win


def test_the_team_that_goes_out_stands_first_even_below_the_team_it_beat():
    # A waits at 140; B bids 30 and takes every trick: 125, B goes out.
    board = play([*A_140_B_95, hand(BOB, 30, 0, 5, high="B")], on_the_green=True)
    assert team_totals(board) == {"A": 140, "B": 125}
    assert board.winners == [BOB, DEE]
    assert [(s.player, s.rank) for s in board.standings] == [
        (BOB, 1),
        (DEE, 1),
        (ANN, 3),
        (CY, 3),
    ]
    assert "Bob and Dee made their bid and go out with 125" in board.rounds[-1].notes


def test_everyone_passed_throws_the_hand_in_nobody_scores_and_the_deal_moves_on():
    before = play([hand(ANN, 20, 3, 2)])
    board = play([hand(ANN, 20, 3, 2), {"thrown_in": True}, hand(BOB, 15, 2, 3)])
    thrown = board.rounds[1]
    assert thrown.status == "complete"
    assert [r.points for r in thrown.results] == [0, 0, 0, 0]
    assert {r.player: r.total for r in thrown.results} == before.totals
    assert thrown.notes == ["Everyone passed: Bob's deal is thrown in"]
    assert [r.notes for r in thrown.results] == [[], [], [], []]  # said once, for the round
    assert [r.dealer for r in board.rounds] == [ANN, BOB, CY]
    assert board.next_dealer == DEE


@pytest.mark.parametrize(
    ("entry", "message", "field"),
    [
        ({"thrown_in": False}, "thrown_in can only be true", "thrown_in"),
        ({"thrown_in": 1}, "thrown_in must be true or false", "thrown_in"),
        (
            {"thrown_in": True, "bidder": ANN, "bid": 15},
            r"a hand is either bid \(bidder and bid\) or thrown in \(thrown_in\): give exactly "
            "one of them",
            "bidder",
        ),
        ({"thrown_in": True, "trump": "hearts"}, "unknown field trump in the entry", None),
        ({}, r"a hand is either bid \(bidder and bid\) or thrown in", "bidder"),
    ],
)
def test_a_thrown_in_hand_is_only_ever_thrown_in(entry, message, field):
    with pytest.raises(EntryError, match=message) as error:
        play([entry])
    assert error.value.field == field
    assert error.value.round_number == 1


def test_a_thrown_in_hand_can_not_follow_an_open_bid():
    with pytest.raises(EntryError, match="round 1 is still open"):
        play([{"bidder": ANN, "bid": 20}, {"thrown_in": True}])


@given(games())
def test_a_set_team_never_wins_in_that_hand_and_a_winner_went_out_or_was_not_bidding(game):
    options, entries = game
    board = GAME.replay(PLAYERS, entries, options=options)
    if not board.finished:
        return
    last = entries[-1]
    bidding_team = team_of(PLAYERS.index(last["bidder"]))
    winning_team = team_of(PLAYERS.index(board.winners[0]))
    made = board.rounds[-1].notes[0].msgid == "%(bid)s: made"
    assert made or winning_team != bidding_team
    assert team_totals(board)[winning_team] >= 120


@given(games())
def test_a_thrown_in_hand_changes_no_total_and_moves_the_deal(game):
    options, entries = game
    board = GAME.replay(PLAYERS, entries, options=options)
    for number, entry in enumerate(entries):
        if "thrown_in" not in entry:
            continue
        before = GAME.replay(PLAYERS, entries[:number], options=options)
        after = GAME.replay(PLAYERS, entries[: number + 1], options=options)
        assert after.totals == before.totals
        assert after.next_dealer == PLAYERS[(PLAYERS.index(before.next_dealer) + 1) % 4]
        assert board.rounds[number].dealer == before.next_dealer
