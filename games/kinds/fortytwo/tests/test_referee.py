"""42's trick referee: RULES.md's worked examples, the order of power, bad tricks, invariants."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.kinds.fortytwo.referee import judge
from games.scoring.base import EntryError
from games.scoring.cards import every_card

DECK = [card.code for card in every_card(jokers=True)]


def winner(trump_card, plays):
    return plays[judge(trump_card, plays).winner]


# --- RULES.md worked examples (from the rulebook) -------------------------------------------


@pytest.mark.parametrize(
    ("trump_card", "plays", "takes", "why"),
    [
        # The rulebook tells this one under the trump suit; 5D also makes 15 with the led
        # queen, the stronger power, so that is the reason the referee gives.
        ("9D", ["QS", "3D", "5D"], "5D", "5 makes 15 with the led Q"),
        (
            "3C",
            ["QC", "QD", "QS"],
            "QS",
            "the pair takes it: spades outrank diamonds; a pair outranks the trump suit",
        ),
        (
            "3C",
            ["QD", "AD", "QC"],
            "QD",
            "the pair forces it on the leader: diamonds outrank clubs; "
            "a pair outranks the trump suit",
        ),
        (
            "2H",
            ["9C", "6C", "6D"],
            "6D",
            "two 15s with the led 9: diamonds outrank clubs; a 15 outranks card order",
        ),
        (
            "9H",
            ["9C", "6C", "6D"],
            "9C",
            "trump number 9: only a joker beats it; a trump number outranks a 15",
        ),
        (
            "2H",
            ["5C", "JS", "KS"],
            "KS",
            "two 15s with the led 5: K outranks J; a 15 outranks card order",
        ),
        ("7C", ["QD", "KD", "7D", "7H"], "7H", "trump number 7: hearts is the highest suit played"),
        (
            "2S",
            ["QH", "AH", "4S", "QD", "2C"],
            "2C",
            "trump number 2: only a joker beats it; a trump number outranks a pair",
        ),
    ],
)
def test_every_worked_example_of_the_rulebook_takes_the_trick_it_says(
    trump_card, plays, takes, why
):
    ruling = judge(trump_card, plays)
    assert plays[ruling.winner] == takes
    assert ruling.card.code == takes
    assert ruling.why == why


def test_the_api_example_answers_index_3_and_its_sentence():
    ruling = judge("7C", ["QD", "KD", "7D", "7H"])
    assert (ruling.winner, ruling.why) == (3, "trump number 7: hearts is the highest suit played")


def test_the_five_player_example_changes_hands_card_by_card_as_the_rulebook_tells():
    plays = ["QH", "AH", "4S", "QD", "2C"]
    answers = [judge("2S", plays[:count]) for count in range(1, 6)]
    assert [plays[a.winner] for a in answers] == ["QH", "AH", "4S", "QH", "2C"]
    assert answers[0].why == "only the led card has been played"
    assert answers[1].why == "no trump played: AH is the highest heart, the led suit"
    assert answers[2].why == "spades are trump, and 4S is the only trump played"
    assert answers[3].why == (
        "the pair forces it on the leader: hearts outrank diamonds; a pair outranks the trump suit"
    )


# --- The order of power and its decision -----------------------------------------------------


@pytest.mark.parametrize(
    ("trump_card", "plays", "takes", "why_starts"),
    [
        ("2S", ["QH", "BJ", "LJ", "2C"], "BJ", "the Big Joker beats every card"),
        ("2S", ["LJ", "2S", "AS"], "LJ", "the Little Joker beats every card but the Big Joker"),
        ("2S", ["BJ", "LJ"], "BJ", "the Big Joker"),
        # The decision RULES.md makes: a 15 outranks a pair and the trump suit.
        ("3S", ["5H", "5D", "10C"], "10C", "10 makes 15 with the led 5; a 15 outranks a pair"),
        ("3S", ["7H", "8C", "2S"], "8C", "8 makes 15 with the led 7; a 15 outranks the trump"),
        # An ace is worth 1, so it never makes 15 (nor does a 4 with a 10, 4 + 10 = 14).
        ("3S", ["KH", "AH", "4H"], "AH", "no trump played: AH is the highest heart"),
        ("3C", ["QD", "AD"], "AD", "no trump played: AD is the highest diamond"),
        ("KD", ["QD", "AD"], "AD", "diamonds are trump, and AD is the highest trump played"),
        # A joker turned up: no trump suit and no trump number.
        ("BJ", ["2H", "2S", "9H"], "2S", "the pair takes it: spades outrank hearts"),
        ("LJ", ["QC", "AC", "9S"], "AC", "no trump this hand: AC is the highest club"),
        ("7C", ["9H"], "9H", "only the led card has been played"),
        ("7C", ["9H", "3D"], "9H", "no trump played and no other heart: the led card takes it"),
        # A trump number that is also the led card, paired: the trump number's suit order.
        ("2S", ["2H", "2D", "2C"], "2H", "trump number 2: hearts is the highest suit played"),
    ],
)
def test_the_strongest_power_held_takes_the_trick(trump_card, plays, takes, why_starts):
    ruling = judge(trump_card, plays)
    assert plays[ruling.winner] == takes
    assert ruling.why.startswith(why_starts)


def test_cards_may_be_written_in_lower_case_with_spaces_around():
    assert judge(" 2s ", [" qh", "ah ", "4s"]).winner == 2


# --- Bad tricks --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump_card", "plays", "message"),
    [
        ("2S", [], "no card has been played: plays needs at least the led card"),
        ("2S", "QH", "plays must be a list of the cards played, the led card first"),
        ("2S", None, "plays must be a list"),
        ("2S", ["QH", "QH"], "QH is played twice; a card appears at most once in a trick"),
        ("2S", ["QH", "qh"], "QH is played twice"),
        ("2S", ["1H"], "the led card '1H' is not a card: write the rank (2-10, J, Q, K, A)"),
        ("2S", ["QH", "QX"], "card 2 'QX' is not a card"),
        ("2S", ["QH", "10"], "card 2 '10' is not a card"),
        ("2S", ["QH", ""], "card 2 '' is not a card"),
        ("2S", ["QH", 7], "card 2 must be a card written as text"),
        ("2S", ["Q" * 500], "the led card 'QQQQQQQQQQQQ…' is not a card"),
        ("ZZ", ["QH"], "the trump card 'ZZ' is not a card"),
        (None, ["QH"], "the trump card must be a card written as text"),
        ("2S", [f"{r}H" for r in "2345678"] + ["9H"], "8 cards is more than one trick: 42 has"),
    ],
)
def test_a_bad_trick_is_refused_with_a_sentence_naming_the_card(trump_card, plays, message):
    with pytest.raises(EntryError) as refused:
        judge(trump_card, plays)
    assert message in str(refused.value)


def test_seven_cards_are_a_trick_of_the_largest_table():
    assert judge("2S", ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]).winner == 6


def test_the_error_names_the_field_so_the_api_can_point_at_it():
    with pytest.raises(EntryError) as refused:
        judge("2S", ["QH", "AH", "XX"])
    assert refused.value.field == "plays.2"


# --- Invariants ----------------------------------------------------------------------------------

tricks = st.tuples(
    st.sampled_from(DECK), st.lists(st.sampled_from(DECK), min_size=1, max_size=7, unique=True)
)


@given(tricks, st.randoms(use_true_random=False))
def test_the_same_card_wins_whatever_the_order_of_the_cards_after_the_led_one(trick, random):
    trump_card, plays = trick
    followers = plays[1:]
    random.shuffle(followers)
    reordered = [plays[0], *followers]
    assert winner(trump_card, plays) == winner(trump_card, reordered)
    assert judge(trump_card, plays).why == judge(trump_card, reordered).why


@given(tricks)
def test_the_big_joker_always_wins(trick):
    trump_card, plays = trick
    if "BJ" in plays:
        assert winner(trump_card, plays) == "BJ"


@given(tricks)
def test_a_trump_number_beats_everything_but_a_joker(trick):
    trump_card, plays = trick
    if trump_card in ("LJ", "BJ"):
        return
    number = trump_card[:-1]
    has_number = any(card[:-1] == number for card in plays if card not in ("LJ", "BJ"))
    has_joker = any(card in ("LJ", "BJ") for card in plays)
    if has_number and not has_joker:
        assert winner(trump_card, plays)[:-1] == number


@given(tricks)
def test_the_winner_is_one_of_the_cards_played_and_the_sentence_is_never_empty(trick):
    trump_card, plays = trick
    ruling = judge(trump_card, plays)
    assert 0 <= ruling.winner < len(plays)
    assert ruling.why and ruling.why == ruling.why.strip()
