"""42's trick referee: which card takes a trick, from the turned-up trump card and the plays.

Its rules page's "Trick referee": jokers, then trump numbers, 15s, pairs, the trump suit, card
order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...scoring.cards import (
    BIG_JOKER,
    LITTLE_JOKER,
    RANKS,
    SUITS,
    Card,
    Ruling,
    count_word,
    read_card,
    read_plays,
    suit_noun,
    suit_said,
)
from ...scoring.messages import N_, Message
from ...scoring.referee import TrickReferee
from ...scoring.schema import CardCode, ListOf, Shape
from .rules import MAX_PLAYERS

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
AS_SUBJECT = {TRUMP_NUMBER: N_("a trump number"), MAKES_FIFTEEN: N_("a 15"), PAIR: N_("a pair")}
AS_OBJECT = {
    MAKES_FIFTEEN: N_("a 15"),
    PAIR: N_("a pair"),
    TRUMP_SUIT: N_("the trump suit"),
    CARD_ORDER: N_("card order"),
}


class Trump:
    """What the turned-up card sets: the trump suit and number (neither for a joker)."""

    def __init__(self, card: Card):
        self.card = card
        self.suit = card.suit  # None for a joker
        self.number = None if card.is_joker else card.rank

    def describe(self) -> str:
        if self.card.is_joker:
            return Message("a joker: no trump suit and no trump number this hand")
        return Message(
            "%(suit)s are trump and every %(number)s is a trump number",
            suit=suit_said(self.suit),  # type: ignore[arg-type]
            number=self.number,
        )


def read_trump(value: object) -> Trump:
    return Trump(read_card(value, Message("the trump card"), jokers=True, field="trump_card"))


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
    return Message(
        "%(higher)s outrank %(lower)s",
        higher=suit_said(winner.suit),  # type: ignore[arg-type]
        lower=suit_said(runner_up.suit),  # type: ignore[arg-type]
    )


def _because(power: str, ranked: list[int], cards: Sequence[Card], trump: Trump) -> str:
    winner = cards[ranked[0]]
    runner_up = cards[ranked[1]] if len(ranked) > 1 else None
    led = cards[0]
    if power == JOKER:
        if winner.rank == BIG_JOKER:
            return Message("the Big Joker beats every card")
        return Message("the Little Joker beats every card but the Big Joker")
    if power == TRUMP_NUMBER:
        if runner_up is None:
            return Message("trump number %(number)s: only a joker beats it", number=trump.number)
        return Message(
            "trump number %(number)s: %(suit)s is the highest suit played",
            number=trump.number,
            suit=suit_said(winner.suit),  # type: ignore[arg-type]
        )
    if power == MAKES_FIFTEEN:
        if runner_up is None:
            return Message("%(rank)s makes 15 with the led %(led)s", rank=winner.rank, led=led.rank)
        count = count_word(len(ranked))
        if winner.rank == runner_up.rank:
            return Message(
                "%(count)s 15s with the led %(led)s: %(compared)s",
                count=count,
                led=led.rank,
                compared=_suits_compared(winner, runner_up),
            )
        return Message(
            "%(count)s 15s with the led %(led)s: %(higher)s outranks %(lower)s",
            count=count,
            led=led.rank,
            higher=winner.rank,
            lower=runner_up.rank,
        )
    if power == PAIR:
        assert runner_up is not None
        compared = _suits_compared(winner, runner_up)
        if ranked[0] == 0:
            return Message("the pair forces it on the leader: %(compared)s", compared=compared)
        return Message("the pair takes it: %(compared)s", compared=compared)
    if power == TRUMP_SUIT:
        trumps = suit_said(trump.suit)  # type: ignore[arg-type]
        if runner_up is None:
            return Message(
                "%(trumps)s are trump, and %(card)s is the only trump played",
                trumps=trumps,
                card=str(winner),
            )
        return Message(
            "%(trumps)s are trump, and %(card)s is the highest trump played",
            trumps=trumps,
            card=str(winner),
        )
    if len(cards) == 1:
        return Message("only the led card has been played")
    noun = suit_noun(led.suit)  # type: ignore[arg-type]
    if ranked[0] == 0 and runner_up is None:
        if trump.card.is_joker:
            return Message(
                "no trump this hand and no other %(noun)s: the led card takes it", noun=noun
            )
        return Message("no trump played and no other %(noun)s: the led card takes it", noun=noun)
    if trump.card.is_joker:
        return Message(
            "no trump this hand: %(card)s is the highest %(noun)s, the led suit",
            card=str(winner),
            noun=noun,
        )
    return Message(
        "no trump played: %(card)s is the highest %(noun)s, the led suit",
        card=str(winner),
        noun=noun,
    )


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
            why = Message(
                "%(why)s; %(stronger)s outranks %(weaker)s",
                why=why,
                stronger=Message(AS_SUBJECT[power]),
                weaker=Message(AS_OBJECT[rival_power]),
            )
    return Ruling(ranked[0], why, cards[ranked[0]])


def judge(trump_card: object, plays: object) -> Ruling:
    """Who takes this trick of 42: `trump_card` is the turned-up card (`"10S"`, or a joker) and
    `plays` the cards in play order (`["QD", "KD", "7D", "7H"]`). Raises EntryError naming a
    bad card."""
    trump = read_trump(trump_card)
    cards = read_plays(plays, seats=MOST_PLAYERS, jokers=True, game=GAME)
    return judge_cards(trump, cards)


REFEREE = TrickReferee(
    game=GAME,
    players=MOST_PLAYERS,
    jokers=True,
    trump_is_card=True,
    read_trump=read_trump,
    judge_cards=judge_cards,
    request=Shape(
        "FortyTwoTrick",
        {
            "trump_card": CardCode(
                jokers=True,
                help="The turned-up trump card: it sets the trump suit and number (a joker: none).",
            ),
            "plays": ListOf(
                CardCode(jokers=True),
                minimum=1,
                maximum=MOST_PLAYERS,
                help="The cards played, in play order, the led card first; each card once.",
            ),
        },
    ),
    judge=judge,
    about="From the turned-up trump card and the cards played, the card that takes the trick and "
    "why: jokers, then trump numbers, 15s, pairs, the trump suit and card order.",
)
