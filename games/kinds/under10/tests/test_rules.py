"""Under the 10: calls, strokes of luck, bonus cards, halving at 100 and 150, out above 150."""

import contextlib
import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.kinds.under10.rules import (
    BONUS_COSTS,
    CALL_LIMIT,
    CALL_PENALTY,
    ELIMINATED_ABOVE,
    GAME,
    HALVINGS,
    HAND_SIZE,
    MOST_POINTS_IN_HAND,
    after_halving,
    call_scores,
)
from games.scoring.base import EntryError

ANN, BOB, CY, DI = 1, 2, 3, 4
NAMES = {ANN: "Ann", BOB: "Bob", CY: "Cy", DI: "Di"}


def _hands(hands):
    """`{player: 7}` is a quick total; `{player: {"cards": [...]}}` spells the hand out."""
    return [
        {"player": player, "points": hand} if isinstance(hand, int) else {"player": player, **hand}
        for player, hand in hands.items()
    ]


def call(caller, hands):
    return {"called_by": caller, "hands": _hands(hands)}


def luck(player, hands):
    return {"empty_hand": player, "hands": _hands(hands)}


def reach(totals, players=(ANN, BOB, CY)):
    """Legal rounds that bring each player in `totals` from 0 to that total (the rest stay 0).

    Each round is a stroke of luck of a player who scores nothing in it, every other hand is
    points (at most 100), and no running total lands on 100 or 150 or passes 150 on the way.
    """
    chunks = {}
    for player in players:
        total = totals.get(player, 0)
        assert 0 <= total < ELIMINATED_ABOVE and total not in HALVINGS, total
        # 90 first: no total in between lands on 100 or 150.
        chunks[player] = [total] if total < 100 else [90, total - 90]
        chunks[player] = [chunk for chunk in chunks[player] if chunk]
    entries = []
    while any(chunks.values()):
        # The one with least still to score sits this round out and goes out with an empty hand.
        lucky = min(players, key=lambda player: len(chunks[player]))
        hands = {p: chunks[p].pop(0) if p != lucky and chunks[p] else 0 for p in players}
        entries.append(luck(lucky, hands))
    return entries


def play(entries, players=(ANN, BOB, CY), **setup):
    return GAME.replay(list(players), entries, names=NAMES, **setup)


def scores(board, number=-1):
    return {result.player: result.points for result in board.rounds[number].results}


def notes(board, player, number=-1):
    return next(r.notes for r in board.rounds[number].results if r.player == player)


# --- Worked examples -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        # A calls with 7; B 12, C 7 → A 27, B 12, C 0.
        ({ANN: 7, BOB: 12, CY: 7}, {ANN: 27, BOB: 12, CY: 0}),
        # A calls with 3; B 9, C 4 → A 0, B 9, C 4.
        ({ANN: 3, BOB: 9, CY: 4}, {ANN: 0, BOB: 9, CY: 4}),
        # A calls with 8; B has 2 + joker (12) and C 15 → A 0, B 12, C 15.
        ({ANN: 8, BOB: {"cards": [2], "bonus": ["joker"]}, CY: 15}, {ANN: 0, BOB: 12, CY: 15}),
    ],
)
def test_it_scores_the_worked_examples_of_a_call(hands, expected):
    board = play([call(ANN, hands)])
    assert scores(board) == expected
    assert board.totals == expected


def test_it_halves_100_and_150_and_eliminates_above_150():
    # A at 90 scores 10 → 100 → 50; B at 140 scores 10 → 150 → 75; C at 145 scores 6 → 151 → out.
    players = (ANN, BOB, CY, DI)
    entries = [
        *reach({ANN: 90, BOB: 140, CY: 145}, players),
        call(DI, {ANN: 10, BOB: 10, CY: 6, DI: 0}),
    ]
    board = play(entries, players)
    last = {r.player: r for r in board.rounds[-1].results}
    assert {p: (r.points, r.total) for p, r in last.items()} == {
        ANN: (10, 50),
        BOB: (10, 75),
        CY: (6, 151),
        DI: (0, 0),
    }
    assert last[ANN].notes == ["halved 100 → 50"]
    assert last[BOB].notes == ["halved 150 → 75"]
    assert last[CY].notes == ["eliminated"]
    assert board.extras == {"eliminated": [CY]}
    assert board.active_players == [ANN, BOB, DI]
    assert not board.finished


# --- The call ------------------------------------------------------------------------------


def test_a_tie_at_the_callers_value_means_the_caller_failed():
    board = play([call(ANN, {ANN: 5, BOB: 5, CY: 8})])
    assert scores(board) == {ANN: 5 + CALL_PENALTY, BOB: 0, CY: 8}
    assert notes(board, ANN) == ["called but was not lowest: penalty +20"]
    assert notes(board, BOB) == ["lowest hand: 0"]
    assert board.rounds[0].notes == ["Ann called Under the 10 with 5, but Bob had 5"]


def test_two_players_tied_lowest_both_get_nothing():
    board = play([call(ANN, {ANN: 6, BOB: 4, CY: 4, DI: 9})], players=(ANN, BOB, CY, DI))
    assert scores(board) == {ANN: 26, BOB: 0, CY: 0, DI: 9}
    assert board.rounds[0].notes == ["Ann called Under the 10 with 6, but Bob and Cy had 4"]


def test_a_successful_call_scores_nothing_for_the_caller():
    board = play([call(BOB, {ANN: 11, BOB: 0, CY: 1})])
    assert scores(board) == {ANN: 11, BOB: 0, CY: 1}
    assert notes(board, BOB) == ["called and had the lowest hand"]
    assert board.rounds[0].notes == ["Bob called Under the 10 with 0 and won the round"]


def test_a_player_holding_a_bonus_card_cannot_beat_the_caller():
    # Bob's cards are lower than Ann's, but his bonus card leaves him out of the judging.
    bob = {"cards": [0], "bonus": ["trade_card"]}
    board = play([call(ANN, {ANN: 8, BOB: bob, CY: 15})])
    assert scores(board) == {ANN: 0, BOB: 5, CY: 15}
    assert notes(board, BOB) == ["Trade card +5"]


def test_a_player_holding_a_bonus_card_cannot_win_a_failed_call():
    bob = {"points": 0, "bonus": ["trade_card"]}
    board = play([call(ANN, {ANN: 9, BOB: bob, CY: 7})])
    assert scores(board) == {ANN: 29, BOB: 5, CY: 0}


def test_a_call_against_only_bonus_holders_succeeds():
    board = play([call(ANN, {ANN: 9, BOB: {"points": 0, "bonus": ["joker"]}})], players=(ANN, BOB))
    assert scores(board) == {ANN: 0, BOB: 10}


def test_every_bonus_card_costs_its_penalty():
    # Five cards, four of them bonus cards: a full hand.
    hand = {"cards": [3], "bonus": ["trade_hand", "joker", "trade_card", "joker"]}
    board = play([call(ANN, {ANN: 2, BOB: hand, CY: 3})])
    assert scores(board)[BOB] == 3 + 20 + 10 + 5 + 10
    assert notes(board, BOB) == ["Trade hand +20", "Joker +10", "Trade card +5", "Joker +10"]


def test_a_hand_entered_as_cards_counts_their_values():
    board = play([call(ANN, {ANN: {"cards": [1, 2, 3]}, BOB: {"cards": [13, 13, 0]}, CY: 7})])
    assert scores(board) == {ANN: 0, BOB: 26, CY: 7}


# --- Stroke of luck ------------------------------------------------------------------------


@pytest.mark.parametrize("empty", [{"cards": []}, {"points": 0}])
def test_a_stroke_of_luck_scores_the_empty_hand_nothing_and_penalises_nobody(empty):
    board = play([luck(CY, {ANN: 3, BOB: {"cards": [12, 4], "bonus": ["joker"]}, CY: empty})])
    assert scores(board) == {ANN: 3, BOB: 26, CY: 0}
    assert notes(board, CY) == ["stroke of luck: empty hand"]
    assert board.rounds[0].notes == ["Stroke of luck: Cy went out with an empty hand"]


@pytest.mark.parametrize(
    ("empty", "message", "field"),
    [
        ({"points": 3}, "Cy went out with an empty hand, so their hand must be 0", "hands.3"),
        ({"cards": [0]}, "Cy went out with an empty hand, so their hand must be 0", "hands.3"),
        (
            {"cards": [], "bonus": ["joker"]},
            "Cy went out with an empty hand, so can't hold a bonus card",
            "hands.3.bonus",
        ),
    ],
)
def test_the_empty_hand_must_really_be_empty(empty, message, field):
    with pytest.raises(EntryError, match=message) as error:
        play([luck(CY, {ANN: 3, BOB: 4, CY: empty})])
    assert error.value.field == field


# --- Halving and going out -----------------------------------------------------------------


def test_reach_builds_legal_rounds_to_the_totals_asked():
    players = (ANN, BOB, CY, DI)
    wanted = {ANN: 149, BOB: 145, CY: 99, DI: 101}
    board = play(reach(wanted, players), players)
    assert board.totals == wanted
    notes_seen = {note for round_ in board.rounds for r in round_.results for note in r.notes}
    assert notes_seen == {"stroke of luck: empty hand"}  # nothing halved, nobody out
    assert board.active_players == list(players)


@pytest.mark.parametrize(
    ("before", "hand", "total"),
    [(0, 99, 99), (0, 100, 50), (90, 11, 101), (140, 9, 149), (140, 10, 75), (140, 11, 151)],
)
def test_halving_happens_only_at_exactly_100_and_150(before, hand, total):
    board = play([*reach({BOB: before}), call(ANN, {ANN: 0, BOB: hand, CY: 1})])
    assert board.totals[BOB] == total
    assert scores(board)[BOB] == hand


def test_the_last_player_standing_wins():
    entries = [*reach({BOB: 90}, (ANN, BOB)), call(ANN, {ANN: 0, BOB: 70})]
    board = play(entries, players=(ANN, BOB))
    assert board.totals == {ANN: 0, BOB: 160}
    assert board.finished
    assert board.winners == [ANN]
    assert [(s.player, s.rank, s.eliminated) for s in board.standings] == [
        (ANN, 1, False),
        (BOB, 2, True),
    ]


def test_the_game_goes_on_until_one_player_is_left():
    entries = [
        *reach({BOB: 91, CY: 90}),
        call(ANN, {ANN: 0, BOB: 1, CY: 61}),  # Cy 151: out
        call(ANN, {ANN: 0, BOB: 60}),  # Bob 152: out, Ann is left
    ]
    board = play(entries[:-1])
    assert not board.finished and board.winners == []
    assert board.active_players == [ANN, BOB]
    board = play(entries)
    assert board.finished
    assert board.winners == [ANN]
    assert board.extras == {"eliminated": [CY, BOB]}
    # Below the winner, by the totals (RULES.md), although Bob lasted longer than Cy.
    assert [(s.player, s.total, s.rank) for s in board.standings] == [
        (ANN, 0, 1),
        (CY, 151, 2),
        (BOB, 152, 3),
    ]


def test_someone_always_survives_a_round_so_the_last_players_never_go_out_together_in_play():
    # Every round scores 0 for someone still in (the empty hand, the winning caller or the
    # lowest hand beating the caller), so one valid round can't send every player out at once.
    board = play([*reach({CY: 90}), call(ANN, {ANN: 9, BOB: 9, CY: 81})])
    assert scores(board) == {ANN: 29, BOB: 0, CY: 81}
    assert board.totals[CY] == 171
    assert board.winners == [] and board.active_players == [ANN, BOB]
    # Even with every total near the top, the player scoring 0 survives the round.
    board = play([*reach({ANN: 140, BOB: 145, CY: 90}), call(ANN, {ANN: 9, BOB: 9, CY: 81})])
    assert board.totals == {ANN: 169, BOB: 145, CY: 171}
    assert board.active_players == [BOB] and board.winners == [BOB]


@pytest.mark.parametrize(("totals", "winners"), [((170, 160), [BOB]), ((165, 165), [ANN, BOB])])
def test_the_last_players_going_out_together_are_won_by_the_lowest_of_them(totals, winners):
    # RULES.md settles this case although valid rounds can't reach it: build the table by hand.
    table = GAME.start([ANN, BOB, CY], names=NAMES)
    table.totals.update({ANN: totals[0], BOB: totals[1], CY: 151})
    table.eliminated.extend([CY, ANN, BOB])
    GAME._maybe_finish(table, [ANN, BOB])
    assert table.finished
    assert table.winners == winners
    board = GAME.scoreboard(table, [])
    # The winners first, then the others by their totals.
    standings = [(s.player, s.rank) for s in board.standings]
    if len(winners) == 2:
        assert standings == [(ANN, 1), (BOB, 1), (CY, 3)]
    else:
        assert standings == [(BOB, 1), (CY, 2), (ANN, 3)]


def test_the_players_who_are_out_stand_by_their_totals_not_by_when_they_went_out():
    # RULES.md: standings follow the totals, lowest first, and equal totals share a place; the
    # players still in come first because no total of theirs is above 150.
    four = (ANN, BOB, CY, DI)
    rounds = [
        luck(ANN, {ANN: 0, BOB: 90, CY: 90, DI: 5}),
        luck(ANN, {ANN: 0, BOB: 62, CY: 1, DI: 5}),  # Bob 152: out first
        luck(ANN, {ANN: 0, CY: 80, DI: 5}),  # Cy 171: out second
    ]
    board = play(rounds, players=four)
    standings = [(s.player, s.total, s.rank) for s in board.standings]
    assert standings == [(ANN, 0, 1), (DI, 15, 2), (BOB, 152, 3), (CY, 171, 4)]
    ended = [*rounds, luck(ANN, {ANN: 0, DI: 100}), luck(ANN, {ANN: 0, DI: 45})]  # Di 160: out
    board = play(ended, players=four)
    assert board.finished and board.winners == [ANN]
    standings = [(s.player, s.total, s.rank) for s in board.standings]
    assert standings == [(ANN, 0, 1), (BOB, 152, 2), (DI, 160, 3), (CY, 171, 4)]
    # Out at the same total, two rounds apart: one place for both.
    tied = play([*rounds[:2], luck(ANN, {ANN: 0, CY: 61, DI: 5})], players=four)
    assert [(s.player, s.rank) for s in tied.standings] == [(ANN, 1), (DI, 2), (BOB, 3), (CY, 3)]


def test_first_out_stops_after_the_round_someone_goes_out():
    entries = [
        call(ANN, {ANN: 0, BOB: 40, CY: 20}),
        luck(BOB, {ANN: 0, BOB: 0, CY: 70}),
        call(BOB, {ANN: 20, BOB: 0, CY: 70}),
    ]
    options = {"end": "first_out"}
    board = play(entries[:-1], options=options)
    assert not board.finished
    assert board.totals == {ANN: 0, BOB: 40, CY: 90}
    board = play(entries, options=options)
    assert board.finished
    assert board.totals == {ANN: 20, BOB: 40, CY: 160}
    assert board.winners == [ANN]
    assert board.active_players == [ANN, BOB]
    with pytest.raises(EntryError, match="Round 4: the game is already over"):
        play([*entries, call(ANN, {ANN: 0, BOB: 1})], options=options)


def test_first_out_shares_the_win_between_equal_lowest_totals():
    players = (ANN, BOB, CY, DI)
    entries = [*reach({DI: 90}, players), call(CY, {ANN: 4, BOB: 4, CY: 9, DI: 61})]
    board = play(entries, players, options={"end": "first_out"})
    assert board.totals == {ANN: 0, BOB: 0, CY: 29, DI: 151}
    assert board.finished
    assert board.winners == [ANN, BOB]


def test_an_eliminated_player_can_take_no_further_part():
    entries = [*reach({CY: 90}), call(ANN, {ANN: 0, BOB: 1, CY: 61})]
    assert len(entries) == 2
    with pytest.raises(EntryError, match="Round 3: Cy is out of the game") as error:
        play([*entries, call(ANN, {ANN: 0, BOB: 1, CY: 3})])
    assert error.value.field == "hands"
    with pytest.raises(EntryError, match="Round 3: Cy is out of the game") as error:
        play([*entries, call(CY, {ANN: 2, BOB: 1})])
    assert error.value.field == "called_by"
    with pytest.raises(EntryError, match="Round 3: Cy is out of the game") as error:
        play([*entries, luck(CY, {ANN: 2, BOB: 1})])
    assert error.value.field == "empty_hand"
    board = play([*entries, call(ANN, {ANN: 0, BOB: 1})])
    assert [r.player for r in board.rounds[2].results] == [ANN, BOB]
    assert board.totals[CY] == 151


def test_the_deal_skips_eliminated_players():
    # Cy goes out in round 2, Bob's deal; the deal then skips Cy's turn and goes to Ann.
    entries = [*reach({CY: 90}), call(ANN, {ANN: 0, BOB: 1, CY: 61})]
    entries += [call(ANN, {ANN: 0, BOB: 1})] * 2
    board = play(entries, first_dealer=ANN)
    assert board.extras == {"eliminated": [CY]}
    assert [r.dealer for r in board.rounds] == [ANN, BOB, ANN, BOB]
    assert board.next_dealer == ANN


def test_a_dealer_who_goes_out_passes_the_deal_on():
    # Bob goes out in round 2, which he deals; Cy, next after him, deals round 3.
    entries = [*reach({BOB: 90}), call(ANN, {ANN: 0, BOB: 61, CY: 1})]
    entries += [call(ANN, {ANN: 0, CY: 1})] * 2
    board = play(entries, first_dealer=ANN)
    assert board.extras == {"eliminated": [BOB]}
    assert [r.dealer for r in board.rounds] == [ANN, BOB, CY, ANN]
    assert board.next_dealer == CY


# --- Validation ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "message", "field"),
    [
        ([], "a round's entry must be an object", None),
        ({"hands": []}, "give exactly one of them", "called_by"),
        (
            {"called_by": ANN, "empty_hand": BOB, "hands": _hands({ANN: 0, BOB: 0, CY: 0})},
            "either with a call",
            "called_by",
        ),
        ({"called_by": ANN, "hands": [], "extra": 1}, "unknown field extra in the entry", None),
        (
            call(9, {ANN: 0, BOB: 0, CY: 0}),
            "the player who called must be a player at",
            "called_by",
        ),
        ({"called_by": "1", "hands": []}, "the player who called must be a player", "called_by"),
        (
            luck(True, {ANN: 0, BOB: 0, CY: 0}),
            "the player with the empty hand must be a player at this table",
            "empty_hand",
        ),
        ({"called_by": ANN}, "hands must be a list", "hands"),
        (call(ANN, {ANN: 0, BOB: 0}), "no hand for Cy", "hands"),
        (
            {"called_by": ANN, "hands": [*_hands({ANN: 0, BOB: 0, CY: 0}), {"player": BOB}]},
            "Bob has two hands",
            "hands.2",
        ),
        (
            call(ANN, {ANN: 0, BOB: {"pile": 3}, CY: 0}),
            "unknown field pile in Bob's hand",
            "hands.2",
        ),
        (
            call(ANN, {ANN: 0, BOB: {}, CY: 0}),
            "enter Bob's hand: its points or its cards",
            "hands.2",
        ),
        (
            call(ANN, {ANN: 0, BOB: {"points": 3, "cards": [3]}, CY: 0}),
            "enter either points or cards for Bob's hand, not both",
            "hands.2",
        ),
        (
            call(ANN, {ANN: 0, BOB: -1, CY: 0}),
            "Bob's points must be from 0 to 100, not -1",
            "hands.2.points",
        ),
        (
            call(ANN, {ANN: 0, BOB: {"points": 2.5}, CY: 0}),
            "Bob's points must be a whole number",
            "hands.2.points",
        ),
        (
            call(ANN, {ANN: 0, BOB: {"points": True}, CY: 0}),
            "Bob's points must be a whole number",
            "hands.2.points",
        ),
        (
            call(ANN, {ANN: 0, BOB: {"cards": "3 4"}, CY: 0}),
            "Bob's cards must be a list of card values",
            "hands.2.cards",
        ),
        (
            call(ANN, {ANN: 0, BOB: {"cards": [3, 14]}, CY: 0}),
            "each of Bob's cards must be from 0 to 13, not 14",
            "hands.2.cards",
        ),
        (
            call(ANN, {ANN: 0, BOB: {"cards": [-1]}, CY: 0}),
            "each of Bob's cards must be from 0 to 13, not -1",
            "hands.2.cards",
        ),
        (
            call(ANN, {ANN: 0, BOB: {"cards": [None]}, CY: 0}),
            "each of Bob's cards must be a whole number",
            "hands.2.cards",
        ),
        (
            call(ANN, {ANN: 0, BOB: {"points": 3, "bonus": "joker"}, CY: 0}),
            "Bob's bonus cards must be a list",
            "hands.2.bonus",
        ),
        (
            call(ANN, {ANN: 0, BOB: {"points": 3, "bonus": ["wild"]}, CY: 0}),
            "each of Bob's bonus cards must be trade_hand, joker or trade_card, not wild",
            "hands.2.bonus",
        ),
        (
            call(ANN, {ANN: 0, BOB: {"points": 3, "bonus": [{"joker": 1}]}, CY: 0}),
            "each of Bob's bonus cards must be trade_hand, joker or trade_card$",
            "hands.2.bonus",
        ),
        (
            call(ANN, {ANN: CALL_LIMIT, BOB: 30, CY: 30}),
            "Ann called with 10 points; a call needs fewer than 10",
            "hands.1",
        ),
        (
            call(ANN, {ANN: {"cards": [4, 5, 6]}, BOB: 30, CY: 30}),
            "Ann called with 15 points; a call needs fewer than 10",
            "hands.1",
        ),
        (
            call(ANN, {ANN: {"points": 0, "bonus": ["trade_card"]}, BOB: 30, CY: 30}),
            r"Ann holds a bonus card \(trade_card\) and can't call Under the 10",
            "hands.1.bonus",
        ),
    ],
)
def test_it_refuses_a_bad_entry_with_a_clear_message(entry, message, field):
    with pytest.raises(EntryError, match=message) as error:
        play([entry])
    assert error.value.field == field
    assert str(error.value).startswith("Round 1: ")


# --- A hand is never blank and never more than five cards ----------------------------------

NO_CARDS = (
    "{name}'s hand has no cards; only a player who went out with an empty hand (a stroke of "
    "luck) holds none"
)
TOO_MANY = "{name}'s hand has {count} cards; a hand holds at most 5, bonus cards included"


def refusal(entries, players=(ANN, BOB, CY)):
    """The EntryError the last of `entries` raises: its message (without the round) and field."""
    with pytest.raises(EntryError) as error:
        play(entries, players)
    assert error.value.round_number == len(entries)
    return error.value.message, error.value.field


@pytest.mark.parametrize("blank", [{}, {"bonus": []}, {"bonus": ["joker"]}])
def test_a_blank_hand_is_refused_naming_the_player_never_scored_0(blank):
    # Ann calls with 5: had Bob's forgotten hand counted as 0, he would have beaten her call.
    assert refusal([call(ANN, {ANN: 5, BOB: blank, CY: 7})]) == (
        "enter Bob's hand: its points or its cards",
        "hands.2",
    )
    # Later in the game too, and whoever's hand it is: the caller's...
    assert refusal([call(ANN, {ANN: 5, BOB: 9, CY: 7}), call(CY, {ANN: 8, BOB: 9, CY: blank})]) == (
        "enter Cy's hand: its points or its cards",
        "hands.3",
    )
    # ... or the stroke-of-luck player's: an empty hand is entered, never left blank.
    assert refusal([luck(ANN, {ANN: blank, BOB: 9, CY: 7})]) == (
        "enter Ann's hand: its points or its cards",
        "hands.1",
    )


def test_a_forgotten_hand_does_not_win_the_round():
    # Bob calls with 4 and Ann's hand is left blank: scored 0 she would beat the call. The
    # round is refused as a whole instead, and a saved game holding it scores nothing for it.
    entries = [call(BOB, {ANN: 20, BOB: 4, CY: 12}), call(BOB, {ANN: {}, BOB: 4, CY: 12})]
    assert refusal(entries) == ("enter Ann's hand: its points or its cards", "hands.1")
    board = play(entries, strict=False)
    assert board.totals == {ANN: 20, BOB: 0, CY: 12}
    assert [r.status for r in board.rounds] == ["complete", "unscored"]
    assert str(board.problem) == "Round 2: enter Ann's hand: its points or its cards"


@pytest.mark.parametrize("empty", [{"points": 0}, {"cards": []}])
def test_the_stroke_of_luck_players_empty_hand_is_0_points_or_no_cards(empty):
    board = play([luck(BOB, {ANN: 3, BOB: empty, CY: 7})])
    assert scores(board) == {ANN: 3, BOB: 0, CY: 7}


@pytest.mark.parametrize(
    ("entry", "name", "field"),
    [
        # another player in a stroke of luck
        (luck(BOB, {ANN: {"cards": []}, BOB: {"cards": []}, CY: 7}), "Ann", "hands.1.cards"),
        (luck(BOB, {ANN: 3, BOB: 0, CY: {"cards": []}}), "Cy", "hands.3.cards"),
        # the caller, whose empty hand would be a stroke of luck, not a call
        (call(ANN, {ANN: {"cards": []}, BOB: 9, CY: 7}), "Ann", "hands.1.cards"),
        # a player beside the caller, who would otherwise beat the call with nothing in hand
        (call(ANN, {ANN: 5, BOB: {"cards": []}, CY: 7}), "Bob", "hands.2.cards"),
        (call(ANN, {ANN: 5, BOB: 9, CY: {"cards": [], "bonus": []}}), "Cy", "hands.3.cards"),
    ],
)
def test_any_other_empty_list_of_cards_is_refused_naming_the_player(entry, name, field):
    assert refusal([entry]) == (NO_CARDS.format(name=name), field)


def test_a_hand_of_points_0_or_of_bonus_cards_alone_is_not_empty():
    # 0 points is a hand of zeros; a joker alone is one card held.
    hands = {ANN: 5, BOB: {"points": 0}, CY: {"cards": [], "bonus": ["joker"]}}
    board = play([call(ANN, hands)])
    assert scores(board) == {ANN: 25, BOB: 0, CY: 10}


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        ({"cards": [13, 13, 13, 13, 13]}, 65),
        ({"cards": [1, 2, 3, 4], "bonus": ["joker"]}, 20),
        ({"cards": [1, 2, 3], "bonus": ["joker", "trade_hand"]}, 36),
        ({"cards": [], "bonus": ["trade_hand"] * 5}, 100),
    ],
)
def test_five_cards_bonus_cards_included_are_a_full_hand(hand, points):
    board = play([call(ANN, {ANN: 5, BOB: hand, CY: 7})])
    assert scores(board)[BOB] == points


@pytest.mark.parametrize(
    ("hand", "count"),
    [
        ({"cards": [1] * 6}, 6),
        ({"cards": [0] * 20}, 20),
        ({"cards": [1, 2, 3, 4, 5], "bonus": ["joker"]}, 6),
        ({"cards": [1, 2, 3, 4], "bonus": ["joker", "trade_card"]}, 6),
        ({"cards": [], "bonus": ["trade_card"] * 6}, 6),
    ],
)
def test_six_cards_bonus_cards_included_are_refused_naming_the_player(hand, count):
    assert refusal([call(ANN, {ANN: 5, BOB: hand, CY: 7})]) == (
        TOO_MANY.format(name="Bob", count=count),
        "hands.2.cards",
    )
    # The caller and the stroke-of-luck player's hands are held to it too.
    assert refusal([call(ANN, {ANN: hand, BOB: 9, CY: 7})]) == (
        TOO_MANY.format(name="Ann", count=count),
        "hands.1.cards",
    )
    assert refusal([luck(CY, {ANN: 3, BOB: 9, CY: hand})]) == (
        TOO_MANY.format(name="Cy", count=count),
        "hands.3.cards",
    )


@pytest.mark.parametrize("points", [0, 1, 99, MOST_POINTS_IN_HAND])
def test_points_from_0_to_100_are_a_hand(points):
    board = play([luck(CY, {ANN: 5, BOB: points, CY: 0})])
    assert scores(board)[BOB] == points
    assert board.totals[BOB] == after_halving(points)


@pytest.mark.parametrize("points", [101, 150, 999999])
def test_more_than_100_points_in_hand_are_refused_naming_the_player(points):
    assert refusal([call(ANN, {ANN: 5, BOB: points, CY: 7})]) == (
        f"Bob's points must be from 0 to 100, not {points}",
        "hands.2.points",
    )
    assert refusal([call(ANN, {ANN: 5, BOB: {"points": points, "bonus": ["joker"]}, CY: 7})]) == (
        f"Bob's points must be from 0 to 100, not {points}",
        "hands.2.points",
    )


def test_the_hand_limits_are_the_rulebooks():
    assert (HAND_SIZE, MOST_POINTS_IN_HAND) == (5, 100)


def test_the_end_option_has_two_choices():
    assert GAME.check_options(None) == {"end": "last_standing"}
    with pytest.raises(EntryError, match="option end must be one of last_standing, first_out"):
        play([], options={"end": "sudden_death"})
    with pytest.raises(EntryError, match="Under the 10 has no option rounds"):
        play([], options={"rounds": 3})


@pytest.mark.parametrize("count", [1, 7])
def test_it_is_for_two_to_six_players(count):
    with pytest.raises(EntryError, match=f"Under the 10 is for 2 to 6 players, not {count}"):
        GAME.replay(list(range(1, count + 1)), [])


# --- Pure helpers --------------------------------------------------------------------------


def test_the_bonus_costs_and_limits_are_the_rulebooks():
    assert BONUS_COSTS == {"trade_hand": 20, "joker": 10, "trade_card": 5}
    assert (CALL_LIMIT, CALL_PENALTY, ELIMINATED_ABOVE) == (10, 20, 150)
    assert HALVINGS == {100: 50, 150: 75}
    assert [after_halving(total) for total in (99, 100, 101, 149, 150, 151)] == [
        99,
        50,
        101,
        149,
        75,
        151,
    ]


def test_call_scores_judges_only_the_players_who_can_win():
    hands = {ANN: 7, BOB: 12, CY: 7}
    assert call_scores(ANN, hands, [BOB, CY]) == {ANN: 27, BOB: 12, CY: 0}
    assert call_scores(ANN, hands, [BOB]) == {ANN: 0, BOB: 12, CY: 7}
    assert call_scores(ANN, hands, []) == {ANN: 0, BOB: 12, CY: 7}


# --- Properties ----------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


# Built once: strategies made afresh inside a drawing loop make hypothesis slow.
ENDINGS = st.sampled_from(("called_by", "empty_hand"))
AS_CARDS = st.booleans()
CALLER_POINTS = st.integers(0, CALL_LIMIT - 1)
HAND_POINTS = st.integers(0, MOST_POINTS_IN_HAND)
AIM_AT_HALVING = st.integers(0, 5)
# A hand holds 1 to 5 cards, bonus cards included: the cards are cut to leave room for them.
CARDS = st.lists(st.integers(0, 13), min_size=1, max_size=HAND_SIZE)
BONUS = st.lists(st.sampled_from(tuple(BONUS_COSTS)), max_size=2)


@st.composite
def hands_of(draw, table):
    """A valid entry for the next round at `table`: a call or a stroke of luck."""
    active = table.active
    ender = active[draw(st.integers(0, len(active) - 1))]
    ending = draw(ENDINGS)
    hands = []
    for player in active:
        as_cards = draw(AS_CARDS)
        if player == ender and ending == "empty_hand":
            hand = {"cards": []} if as_cards else {"points": 0}
        elif player == ender:
            points = draw(CALLER_POINTS)
            hand = {"cards": [points]} if as_cards else {"points": points}
        else:
            # Now and then aim at exactly 100 or 150 so that the halving is exercised.
            aims = [
                aim - table.totals[player]
                for aim in HALVINGS
                if 0 <= aim - table.totals[player] <= MOST_POINTS_IN_HAND
            ]
            aim = draw(AIM_AT_HALVING)
            points = aims[aim % len(aims)] if aims and aim < 2 else draw(HAND_POINTS)
            bonus = draw(BONUS)
            hand = (
                {"cards": draw(CARDS)[: HAND_SIZE - len(bonus)]} if as_cards else {"points": points}
            )
            if bonus:
                hand["bonus"] = bonus
        hands.append({"player": player, **hand})
    return {ending: ender, "hands": hands}


@st.composite
def games_and_tables(draw, unfinished=False):
    """A valid game of Under the 10 (its setup and a list of entries, possibly finished, or
    never finished with `unfinished`) and the table it leaves."""
    players = draw(st.lists(st.integers(1, 99), min_size=2, max_size=6, unique=True))
    setup = {
        "first_dealer": draw(st.sampled_from(players)),
        "options": {"end": draw(st.sampled_from(["last_standing", "first_out"]))},
    }
    # Play along on a table of our own so that each round is drawn from the game's state.
    table = GAME.start(players, **setup)
    entries = []
    for _ in range(draw(st.integers(0, 14))):
        if table.finished:
            break
        entry = draw(hands_of(table))
        before = copy.deepcopy(table)
        GAME.play_round(table, entry)
        if unfinished and table.finished:
            table = before
            break
        entries.append(entry)
        table.dealer = table.next_active_after(table.dealer)
    return players, setup, entries, table


def games():
    """A valid game of Under the 10: its setup and a list of entries, possibly finished."""
    return games_and_tables().map(lambda game: game[:3])


def totals_after(board, rounds):
    totals = dict.fromkeys(board.players, 0)
    for round_result in board.rounds[:rounds]:
        totals.update({result.player: result.total for result in round_result.results})
    return totals


@settings(deadline=None)
@given(games())
def test_replaying_any_prefix_gives_the_same_rounds_and_totals(game):
    players, setup, entries = game
    full = GAME.replay(players, entries, **setup)
    for count in range(len(entries) + 1):
        prefix = GAME.replay(players, entries[:count], **setup)
        assert prefix.rounds == full.rounds[:count]
        assert prefix.totals == totals_after(full, count)


@settings(deadline=None)
@given(games())
def test_no_total_is_ever_left_at_100_or_150(game):
    players, setup, entries = game
    board = GAME.replay(players, entries, **setup)
    for round_result in board.rounds:
        for result in round_result.results:
            assert result.total not in HALVINGS
    assert not set(board.totals.values()) & set(HALVINGS)


@settings(deadline=None)
@given(games())
def test_eliminated_players_never_appear_again(game):
    players, setup, entries = game
    board = GAME.replay(players, entries, **setup)
    out: set[int] = set()
    for round_result in board.rounds:
        taking_part = {result.player for result in round_result.results}
        assert not taking_part & out
        # why the last players can never go out together: someone scores 0 every round
        assert any(result.points == 0 for result in round_result.results)
        assert round_result.dealer not in out
        assert set(board.active_players) | out | taking_part == set(players)
        out |= {r.player for r in round_result.results if "eliminated" in r.notes}
    assert board.extras["eliminated"] == [p for p in board.extras["eliminated"] if p in out]
    assert set(board.extras["eliminated"]) == out
    assert all(board.totals[player] > ELIMINATED_ABOVE for player in out)
    if board.finished and setup["options"]["end"] == "last_standing":
        assert len(board.active_players) <= 1
    if board.active_players and not board.finished:
        assert board.next_dealer in board.active_players


@settings(deadline=None)
@given(JSON)
def test_random_junk_entries_score_or_raise_entry_errors(junk):
    with contextlib.suppress(EntryError):
        GAME.replay([ANN, BOB, CY], [junk])


def mutated(draw, value):
    """`value` with one part replaced by junk, removed, or an extra part added."""
    choice = draw(st.integers(0, 3))
    if isinstance(value, dict) and value and choice < 2:
        key = draw(st.sampled_from(sorted(value)))
        changed = dict(value)
        if choice == 0:
            changed[key] = mutated(draw, value[key])
        else:
            del changed[key]
        return changed
    if isinstance(value, list) and value and choice < 2:
        index = draw(st.integers(0, len(value) - 1))
        changed = list(value)
        if choice == 0:
            changed[index] = mutated(draw, value[index])
        else:
            del changed[index]
        return changed
    if isinstance(value, dict) and choice == 2:
        key = draw(st.sampled_from(["player", "points", "cards", "bonus", "hands"]) | st.text())
        return {**value, key: draw(JSON)}
    return draw(JSON)


@settings(deadline=None)
@given(games(), st.data())
def test_mutated_valid_entries_score_or_raise_entry_errors(game, data):
    players, setup, entries = game
    if not entries:
        entries = [call(players[0], dict.fromkeys(players, 0))]
    index = data.draw(st.integers(0, len(entries) - 1))
    entries = [*entries[:index], mutated(data.draw, entries[index]), *entries[index + 1 :]]
    with contextlib.suppress(EntryError):
        GAME.replay(players, entries, **setup)


# A hand that breaks "never blank, never more than five cards": left blank (perhaps with
# bonus cards only), six cards or more counting bonus cards, or more than 100 points.
BONUS_CARDS = st.lists(st.sampled_from(tuple(BONUS_COSTS)), max_size=HAND_SIZE + 3)


@st.composite
def over_long_cards(draw):
    bonus = draw(BONUS_CARDS)
    fewest = max(0, HAND_SIZE + 1 - len(bonus))
    cards = draw(st.lists(st.integers(0, 13), min_size=fewest, max_size=fewest + 6))
    return {"cards": cards, "bonus": bonus} if bonus or draw(st.booleans()) else {"cards": cards}


def with_bonus(hand, bonus):
    return {**hand, "bonus": bonus} if bonus else hand


BAD_HANDS = st.one_of(
    st.builds(with_bonus, st.just({}), st.lists(st.sampled_from(tuple(BONUS_COSTS)), max_size=4)),
    st.just({"bonus": []}),
    over_long_cards(),
    st.builds(
        lambda points, bonus: with_bonus({"points": points}, bonus),
        st.integers(MOST_POINTS_IN_HAND + 1, 10**12),
        BONUS,
    ),
)


@settings(deadline=None)
@given(games_and_tables(unfinished=True), st.data())
def test_a_blank_or_over_long_hand_is_always_refused_naming_its_player(game, data):
    players, setup, entries, table = game
    entry = data.draw(hands_of(table))
    seat = data.draw(st.integers(0, len(entry["hands"]) - 1))
    victim = entry["hands"][seat]["player"]
    entry["hands"][seat] = {"player": victim, **data.draw(BAD_HANDS)}
    with pytest.raises(EntryError) as error:
        GAME.replay(players, [*entries, entry], **setup)
    assert error.value.round_number == len(entries) + 1
    assert f"player {victim}'s" in error.value.message
    assert not any(f"player {p}'s" in error.value.message for p in players if p != victim)
    assert error.value.field.startswith(f"hands.{victim}")
