"""Playing cards as the trick referees read them: `10H`, `QS`, `AH`, and the jokers `LJ`, `BJ`.

Rank then suit; a card appears at most once in a trick. Pure Python, like the rest of the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .base import EntryError
from .messages import N_, Message

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # low to high
SUITS = ("C", "D", "H", "S")  # low to high, in a game that ranks the suits
SUIT_NAMES = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
SUIT_OF_NAME = {name: letter for letter, name in SUIT_NAMES.items()}
SUIT_SYMBOLS = {"C": "\N{BLACK CLUB SUIT}", "D": "\N{BLACK DIAMOND SUIT}"}
SUIT_SYMBOLS |= {"H": "\N{BLACK HEART SUIT}", "S": "\N{BLACK SPADE SUIT}"}
RED_SUITS = ("D", "H")
LITTLE_JOKER = "LJ"
BIG_JOKER = "BJ"
JOKERS = (LITTLE_JOKER, BIG_JOKER)
RANK_NAMES = {"J": N_("jack"), "Q": N_("queen"), "K": N_("king"), "A": N_("ace")}
# A card's code as the API's schema writes it: rank then suit, or (with jokers) a joker.
CARD_PATTERN = "^(10|[2-9JQKA])[CDHS]$"
CARD_OR_JOKER_PATTERN = "^((10|[2-9JQKA])[CDHS]|[LB]J)$"

LONGEST_CARD_TEXT = 3  # "10H"; longer text is never a card, and is cut short in messages
SHOWN_OF_BAD_TEXT = 12


@dataclass(frozen=True)
class Card:
    """One card. A joker has its code as rank ("LJ", "BJ") and no suit."""

    rank: str
    suit: str | None

    @property
    def code(self) -> str:
        return self.rank + (self.suit or "")

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def label(self) -> str:
        """The card as a person reads it on a phone: `Q♥`, `10♣`, `Big Joker`."""
        if self.rank == BIG_JOKER:
            return N_("Big Joker")
        if self.rank == LITTLE_JOKER:
            return N_("Little Joker")
        return self.rank + SUIT_SYMBOLS[self.suit]  # type: ignore[index]

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return self.code


def every_card(*, jokers: bool) -> list[Card]:
    """The deck: 52 cards, and the two jokers when `jokers`."""
    cards = [Card(rank, suit) for suit in SUITS for rank in RANKS]
    return cards + [Card(joker, None) for joker in JOKERS] if jokers else cards


def _shown(text: str) -> str:
    return (
        text
        if len(text) <= SHOWN_OF_BAD_TEXT
        else text[:SHOWN_OF_BAD_TEXT] + "\N{HORIZONTAL ELLIPSIS}"
    )


def read_card(
    value: object, what: str, *, jokers: bool, joker_refused: str = "", field: str | None = None
) -> Card:
    """A card from its text (`10H`, `qs`, and in a deck with jokers `LJ` and `BJ`); anything
    else is an EntryError naming the text and what it was meant to be. A joker in a deck
    without them is refused by `joker_refused` (its game's message, of `what` and `card`), or
    else as text that is not a card."""
    if not isinstance(value, str):
        raise EntryError(
            Message("%(what)s must be a card written as text, like 10H or QS", what=what),
            field=field,
        )
    text = value.strip().upper()  # type: ignore[union-attr]
    if text in JOKERS and jokers:
        return Card(text, None)
    if text in JOKERS and joker_refused:
        raise EntryError(Message(joker_refused, what=what, card=text), field=field)
    rank, suit = text[:-1], text[-1:]
    if len(text) > LONGEST_CARD_TEXT or rank not in RANKS or suit not in SUITS:
        shown = repr(_shown(value.strip()))  # type: ignore[union-attr]
        if jokers:
            message = Message(
                "%(what)s %(text)s is not a card: write the rank (2-10, J, Q, K, A) then the "
                "suit (C, D, H, S), like 10H or QS, or LJ and BJ for the jokers",
                what=what,
                text=shown,
            )
        else:
            message = Message(
                "%(what)s %(text)s is not a card: write the rank (2-10, J, Q, K, A) then the "
                "suit (C, D, H, S), like 10H or QS",
                what=what,
                text=shown,
            )
        raise EntryError(message, field=field)
    return Card(rank, suit)


def read_plays(
    value: object, *, seats: int, jokers: bool, game: str, joker_refused: str = ""
) -> list[Card]:
    """The cards of one trick in play order, the led card first: 1 to `seats` different cards."""
    if not isinstance(value, list):
        raise EntryError(
            Message("plays must be a list of the cards played, the led card first"), field="plays"
        )
    plays: Sequence[object] = value  # type: ignore[assignment]
    if not plays:
        raise EntryError(
            Message("no card has been played: plays needs at least the led card"), field="plays"
        )
    if len(plays) > seats:
        raise EntryError(
            Message(
                "%(count)s cards is more than one trick: %(game)s has at most %(seats)s players",
                count=len(plays),
                game=game,
                seats=seats,
            ),
            field="plays",
        )
    cards: list[Card] = []
    for index, text in enumerate(plays):
        what = (
            Message("the led card") if index == 0 else Message("card %(number)s", number=index + 1)
        )
        card = read_card(
            text, what, jokers=jokers, joker_refused=joker_refused, field=f"plays.{index}"
        )
        if card in cards:
            raise EntryError(
                Message(
                    "%(card)s is played twice; a card appears at most once in a trick",
                    card=str(card),
                ),
                field=f"plays.{index}",
            )
        cards.append(card)
    return cards


@dataclass(frozen=True)
class Ruling:
    """Who takes the trick: the winning card's index in the plays (the led card is 0) and a
    sentence naming the rule that decided."""

    winner: int
    why: str
    card: Card


SUIT_NOUNS = {"C": N_("club"), "D": N_("diamond"), "H": N_("heart"), "S": N_("spade")}
COUNT_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five")}
COUNT_WORDS |= {6: N_("six"), 7: N_("seven")}


def suit_noun(suit: str) -> str:
    """`heart`: one of the suit's cards as a noun ("the highest heart"), a Message the app says
    in the reader's language."""
    return Message(SUIT_NOUNS[suit])


def suit_said(suit: str) -> str:
    """The suit's name ("hearts") as a Message, for a sentence's parameter."""
    return Message(SUIT_NAMES[suit])


def count_word(count: int) -> str:
    return Message(COUNT_WORDS[count]) if count in COUNT_WORDS else str(count)
