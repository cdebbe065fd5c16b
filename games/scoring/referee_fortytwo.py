"""42's trick referee: which card takes a trick, from the turned-up trump card and the plays.

RULES.md, "Trick referee": jokers, then trump numbers, 15s, pairs, the trump suit, card order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import (
    BIG_JOKER,
    LITTLE_JOKER,
    RANKS,
    SUIT_NAMES,
    SUITS,
    Card,
    Ruling,
    count_word,
    read_card,
    read_plays,
    suit_noun,
)
from .fortytwo import MAX_PLAYERS

GAME = "42"
MOST_PLAYERS = MAX_PLAYERS  # a trick holds one card a player
FIFTEEN = 15
FACE_VALUE = 10  # J, Q and K when making 15
ACE_VALUE = 1  # so an ace never makes 15

# The kinds of power, strongest first; each is named in the sentence that says why.
JOKER = "joker"
TRUMP_NUMBER = "trump number"
MAKES_FIFTEEN = "15"
PAIR = "pair"
TRUMP_SUIT = "trump suit"
CARD_ORDER = "card order"
POWERS = (JOKER, TRUMP_NUMBER, MAKES_FIFTEEN, PAIR, TRUMP_SUIT, CARD_ORDER)
# How each kind of power is named when it beats another: "a pair outranks the trump suit".
# (A trump beating the led suit goes without saying, and nothing outranks a joker.)
AS_SUBJECT = {TRUMP_NUMBER: "a trump number", MAKES_FIFTEEN: "a 15", PAIR: "a pair"}
AS_OBJECT = {
    MAKES_FIFTEEN: "a 15",
    PAIR: "a pair",
    TRUMP_SUIT: "the trump suit",
    CARD_ORDER: "card order",
}


class Trump:
    """What the turned-up card sets: the trump suit and number (neither for a joker)."""

    def __init__(self, card: Card):
        self.card = card
        self.suit = card.suit  # None for a joker
        self.number = None if card.is_joker else card.rank

    def describe(self) -> str:
        if self.card.is_joker:
            return "a joker: no trump suit and no trump number this hand"
        return f"{SUIT_NAMES[self.suit]} are trump and every {self.number} is a trump number"  # type: ignore[index]


def read_trump(value: object) -> Trump:
    return Trump(read_card(value, "the trump card", jokers=True, field="trump_card"))


def order(card: Card) -> int:
    """Card order: 2 lowest, then up to K and A; the jokers above (Little, then Big)."""
    if card.rank == LITTLE_JOKER:
        return len(RANKS)
    if card.rank == BIG_JOKER:
        return len(RANKS) + 1
    return RANKS.index(card.rank)


def suit_order(card: Card) -> int:
    """Clubs, diamonds, hearts, spades, low to high: it breaks ties of equal ranks."""
    return SUITS.index(card.suit) if card.suit else -1


def fifteen_value(card: Card) -> int | None:
    """A card's worth when making 15: numbers at face value, J/Q/K 10, an ace 1, a joker none."""
    if card.is_joker:
        return None
    if card.rank == "A":
        return ACE_VALUE
    if card.rank in ("J", "Q", "K"):
        return FACE_VALUE
    return int(card.rank)


# --- Each kind of power: the cards that hold it, and which of them is strongest -------------


def _holders(power: str, cards: Sequence[Card], trump: Trump) -> list[int]:
    """The indexes of the cards that hold this power in this trick."""
    led = cards[0]
    if power == JOKER:
        return [i for i, card in enumerate(cards) if card.is_joker]
    if power == TRUMP_NUMBER:
        return [i for i, card in enumerate(cards) if trump.number and card.rank == trump.number]
    if power == MAKES_FIFTEEN:
        led_value = fifteen_value(led)
        if led_value is None:
            return []
        # A joker is worth nothing (None), so it never makes 15.
        return [
            i for i, card in enumerate(cards) if i and fifteen_value(card) == FIFTEEN - led_value
        ]
    if power == PAIR:
        paired = [
            i for i, card in enumerate(cards) if i and not led.is_joker and card.rank == led.rank
        ]
        return [0, *paired] if paired else []
    if power == TRUMP_SUIT:
        return [i for i, card in enumerate(cards) if trump.suit and card.suit == trump.suit]
    return [i for i, card in enumerate(cards) if card.suit == led.suit]


STRONGEST: dict[str, Callable[[Card], tuple]] = {
    JOKER: lambda card: (order(card),),
    TRUMP_NUMBER: lambda card: (suit_order(card),),
    MAKES_FIFTEEN: lambda card: (order(card), suit_order(card)),
    PAIR: lambda card: (suit_order(card),),
    TRUMP_SUIT: lambda card: (order(card),),
    CARD_ORDER: lambda card: (order(card),),
}


def _decide(cards: Sequence[Card], trump: Trump, powers: Sequence[str]) -> tuple[str, list[int]]:
    """The strongest power held in the trick, and its holders, strongest first."""
    for power in powers:
        holders = _holders(power, cards, trump)
        if holders:
            strength = STRONGEST[power]
            return power, sorted(holders, key=lambda i: strength(cards[i]), reverse=True)
    raise AssertionError("the led card always holds card order")


# --- The sentence ------------------------------------------------------------------------------


def _suits_compared(winner: Card, runner_up: Card) -> str:
    # Suit names are plural nouns: "diamonds outrank clubs".
    return f"{SUIT_NAMES[winner.suit]} outrank {SUIT_NAMES[runner_up.suit]}"  # type: ignore[index]


def _because(power: str, ranked: list[int], cards: Sequence[Card], trump: Trump) -> str:
    winner = cards[ranked[0]]
    runner_up = cards[ranked[1]] if len(ranked) > 1 else None
    led = cards[0]
    if power == JOKER:
        if winner.rank == BIG_JOKER:
            return "the Big Joker beats every card"
        return "the Little Joker beats every card but the Big Joker"
    if power == TRUMP_NUMBER:
        if runner_up is None:
            return f"trump number {trump.number}: only a joker beats it"
        return f"trump number {trump.number}: {winner.suit_name} is the highest suit played"
    if power == MAKES_FIFTEEN:
        if runner_up is None:
            return f"{winner.rank} makes 15 with the led {led.rank}"
        count = count_word(len(ranked))
        if winner.rank == runner_up.rank:
            return f"{count} 15s with the led {led.rank}: {_suits_compared(winner, runner_up)}"
        return f"{count} 15s with the led {led.rank}: {winner.rank} outranks {runner_up.rank}"
    if power == PAIR:
        assert runner_up is not None
        compared = _suits_compared(winner, runner_up)
        if ranked[0] == 0:
            return f"the pair forces it on the leader: {compared}"
        return f"the pair takes it: {compared}"
    if power == TRUMP_SUIT:
        trumps = SUIT_NAMES[trump.suit]  # type: ignore[index]
        if runner_up is None:
            return f"{trumps} are trump, and {winner} is the only trump played"
        return f"{trumps} are trump, and {winner} is the highest trump played"
    if len(cards) == 1:
        return "only the led card has been played"
    noun = suit_noun(led.suit)  # type: ignore[arg-type]
    no_trump = "no trump this hand" if trump.card.is_joker else "no trump played"
    if ranked[0] == 0 and runner_up is None:
        return f"{no_trump} and no other {noun}: the led card takes it"
    return f"{no_trump}: {winner} is the highest {noun}, the led suit"


def judge_cards(trump: Trump, cards: Sequence[Card]) -> Ruling:
    """Who takes the trick: the strongest power held decides, and the sentence says which.

    When a trump number, 15 or pair takes a trick some weaker power would have taken, the
    sentence also says what it outranked ("a pair outranks the trump suit").
    """
    power, ranked = _decide(cards, trump, POWERS)
    why = _because(power, ranked, cards, trump)
    if power in AS_SUBJECT:
        weaker = POWERS[POWERS.index(power) + 1 :]
        rival_power, rival = _decide(cards, trump, weaker)
        # Several trump numbers: the suit that decided among them is the whole story.
        if rival[0] != ranked[0] and not (power == TRUMP_NUMBER and len(ranked) > 1):
            why += f"; {AS_SUBJECT[power]} outranks {AS_OBJECT[rival_power]}"
    return Ruling(ranked[0], why, cards[ranked[0]])


def judge(trump_card: object, plays: object) -> Ruling:
    """Who takes this trick of 42: `trump_card` is the turned-up card (`"10S"`, or a joker) and
    `plays` the cards in play order (`["QD", "KD", "7D", "7H"]`). Raises EntryError naming a
    bad card."""
    trump = read_trump(trump_card)
    cards = read_plays(plays, seats=MOST_PLAYERS, jokers=True, game=GAME)
    return judge_cards(trump, cards)
