"""Forty Fives' trick referee: RULES.md's worked examples, the ranks, bad tricks, the hand's
highest trump, and invariants."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.kinds.fortyfives.referee import (
    HandSoFar,
    is_trump,
    judge,
    judge_cards,
    replay_hand,
    team_of_play,
    trump_power,
)
from games.scoring.base import EntryError
from games.scoring.cards import Card, every_card, read_card

DECK = [card.code for card in every_card(jokers=False)]
SUITS = ["clubs", "diamonds", "hearts", "spades"]
LETTER = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}


def winner(trump, plays):
    return plays[judge(trump, plays).winner]


def cards(*codes):
    return [read_card(code, "a card", jokers=False) for code in codes]


# --- RULES.md worked examples -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "plays", "takes", "why"),
    [
        ("hearts", ["6H", "JH", "5H", "AH"], "5H", "hearts are trump: 5H outranks JH"),
        ("diamonds", ["KD", "AH"], "AH", "diamonds are trump: AH outranks KD"),
        ("diamonds", ["JD", "AH"], "JD", "diamonds are trump: JD outranks AH"),
        ("clubs", ["10C", "2C"], "2C", "clubs are trump: 2C outranks 10C"),
        ("spades", ["10H", "KH", "3C"], "KH", "no trump played: KH is the highest heart"),
        ("spades", ["3H", "2S"], "2S", "spades are trump, and 2S is the only trump played"),
        ("clubs", ["AD", "2D"], "2D", "no trump played: 2D is the highest diamond"),
        ("hearts", ["2C", "10C"], "2C", "no trump played: 2C is the highest club"),
        ("hearts", ["10C", "AC"], "AC", "no trump played: AC is the highest club"),
    ],
)
def test_every_worked_example_takes_the_trick_it_says(trump, plays, takes, why):
    ruling = judge(trump, plays)
    assert plays[ruling.winner] == takes
    assert ruling.why.startswith(why)


def test_the_api_example_answers_index_2():
    ruling = judge("hearts", ["6H", "JH", "5H", "AH"])
    assert ruling.winner == 2
    assert ruling.why == "hearts are trump: 5H outranks JH (the 5 of trump is the highest card)"


def test_the_sentence_says_why_a_surprising_order_decided():
    assert judge("clubs", ["10C", "2C"]).why.endswith("(black trumps rank 2 highest and 10 lowest)")
    assert judge("clubs", ["AD", "2D"]).why.endswith(
        "(off suit, the ace of diamonds is the lowest diamond)"
    )
    assert judge("diamonds", ["KD", "AH"]).why.endswith(
        "(the ace of hearts is always a trump, the third highest)"
    )
    assert "(" not in judge("spades", ["10H", "KH"]).why  # hearts off suit run as usual


# --- The ranks, card by card -----------------------------------------------------------------


def trump_order(suit):
    """Every trump of the suit, highest first, by the referee's ranking."""
    trumps = [card for card in cards(*DECK) if is_trump(card, LETTER[suit])]
    return [card.code for card in sorted(trumps, key=lambda c: -trump_power(c, LETTER[suit]))]


def test_the_trump_ranks_are_the_rulebooks_for_each_suit():
    assert " ".join(trump_order("hearts")) == "5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H"
    assert " ".join(trump_order("diamonds")) == "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D"
    assert " ".join(trump_order("clubs")) == "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C"
    assert " ".join(trump_order("spades")) == "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S"


@pytest.mark.parametrize(
    ("suit", "highest_first"),
    [
        ("H", "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"),
        ("D", "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD"),
        ("C", "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"),
        ("S", "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"),
    ],
)
def test_off_suit_ranks_are_the_rulebooks(suit, highest_first):
    order = highest_first.split()
    trump = next(name for name in SUITS if LETTER[name] != suit and LETTER[name] != "H")
    for higher, lower in itertools.pairwise(order):
        assert winner(trump, [lower, higher]) == higher, (higher, lower)
        assert winner(trump, [higher, lower]) == higher, (higher, lower)


def test_a_led_ace_of_hearts_leads_trumps():
    assert winner("spades", ["AH", "KS"]) == "AH"
    assert winner("spades", ["AH", "KH"]) == "AH"  # KH is off suit: it can't take a trump lead
    assert winner("spades", ["AH", "JS"]) == "JS"


def test_a_card_of_another_off_suit_never_takes_the_trick():
    assert winner("spades", ["2H", "KD", "KC"]) == "2H"


# --- Bad tricks --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "plays", "message"),
    [
        ("hearts", [], "no card has been played"),
        ("hearts", ["6H", "BJ"], "card 2 BJ is a joker, and Forty Fives is played without jokers"),
        ("hearts", ["LJ"], "the led card LJ is a joker"),
        ("hearts", ["6H", "6H"], "6H is played twice"),
        ("hearts", ["6H", "7H", "8H", "9H", "10H"], "5 cards is more than one trick"),
        ("hearts", ["6X"], "the led card '6X' is not a card"),
        ("H", ["6H"], "trump must be one of clubs, diamonds, hearts, spades"),
        (None, ["6H"], "trump must be one of"),
        (["hearts"], ["6H"], "trump must be one of"),
    ],
)
def test_a_bad_trick_is_refused_with_a_sentence_naming_the_card(trump, plays, message):
    with pytest.raises(EntryError) as refused:
        judge(trump, plays)
    assert message in str(refused.value)


# --- The hand's highest trump, for the round's high_trump ----------------------------------------


def test_plays_alternate_teams_from_the_leaders():
    assert [team_of_play("B", i) for i in range(4)] == ["B", "A", "B", "A"]


def test_the_hand_keeps_the_highest_trump_and_its_team_from_trick_to_trick():
    hand = HandSoFar(trump="D", leader="A")
    assert hand.highest_trump(cards("KC", "QC")) is None
    # Team A leads; B's AH is the highest trump of the trick, and B takes it.
    hand = hand.after(cards("KD", "AH", "3D", "2C"))
    assert (hand.taken, hand.leader) == (("B",), "B")
    assert (hand.high.code, hand.high_team) == ("AH", "B")
    # B leads the next; A's JD (played second) beats the AH of the first trick.
    assert hand.highest_trump(cards("QS")) == (Card("A", "H"), "B")
    assert hand.highest_trump(cards("QS", "JD")) == (Card("J", "D"), "A")
    hand = hand.after(cards("QS", "JD", "KS", "4D"))
    assert (hand.taken, hand.leader) == (("B", "A"), "A")
    assert (hand.high.code, hand.high_team, hand.tricks("A"), hand.tricks("B")) == ("JD", "A", 1, 1)


def test_a_hand_is_replayed_from_its_first_leader_and_its_tricks():
    tricks = [cards("KD", "AH", "3D", "2C"), cards("QS", "JD", "KS", "4D")]
    hand = replay_hand("D", "A", tricks, cards("5C"))
    assert (hand.taken, hand.leader, hand.high.code, hand.high_team) == (("B", "A"), "A", "JD", "A")
    assert replay_hand("D", "B", tricks[:1], []).taken == ("A",)


def test_a_card_is_played_once_in_a_whole_hand():
    with pytest.raises(EntryError, match="QS was already played in this hand"):
        replay_hand("D", "A", [cards("KD", "AH", "3D", "QS")], cards("QS"))
    with pytest.raises(EntryError, match="the team that leads must be A or B"):
        replay_hand("D", "C", [], [])


def test_a_trick_counts_for_the_hand_only_when_all_four_have_played():
    with pytest.raises(EntryError, match="one card from each of the 4 players"):
        HandSoFar(trump="D").after(cards("KD", "AH"))


def test_a_hand_has_five_tricks():
    hand = HandSoFar(trump="D", taken=("A",) * 5)
    assert hand.over
    with pytest.raises(EntryError, match="5 tricks have all been played"):
        hand.after(cards("KD", "AH", "3D", "2C"))


# --- Invariants --------------------------------------------------------------------------------

tricks = st.tuples(
    st.sampled_from(SUITS), st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique=True)
)


@given(tricks, st.randoms(use_true_random=False))
def test_the_same_card_wins_whatever_the_order_of_the_cards_after_the_led_one(trick, random):
    trump, plays = trick
    followers = plays[1:]
    random.shuffle(followers)
    reordered = [plays[0], *followers]
    assert winner(trump, plays) == winner(trump, reordered)


@given(tricks)
def test_a_trump_always_beats_every_non_trump(trick):
    trump, plays = trick
    played = cards(*plays)
    taken = played[judge(trump, plays).winner]
    if any(is_trump(card, LETTER[trump]) for card in played):
        assert is_trump(taken, LETTER[trump])
        assert all(
            trump_power(taken, LETTER[trump]) >= trump_power(card, LETTER[trump])
            for card in played
            if is_trump(card, LETTER[trump])
        )
    else:
        assert taken.suit == played[0].suit


@given(tricks)
def test_the_hands_highest_trump_is_in_the_trick_its_team_takes(trick):
    trump, plays = trick
    played = cards(*plays)
    best = HandSoFar(trump=LETTER[trump], leader="A").highest_trump(played)
    ruling = judge_cards(LETTER[trump], played)
    if best is not None:
        assert best[0] == ruling.card
        assert best[1] == team_of_play("A", ruling.winner)
