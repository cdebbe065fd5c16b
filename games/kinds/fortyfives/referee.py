"""Forty Fives' trick referee: which card takes a trick, from the named trump suit and the plays.

Its rules page's "Trick referee": the highest trump played takes the trick (5, J, A♥, A, K, Q,
then red trumps 10 down to 2 and black trumps 2 up to 10); with no trump, the highest card of the
led suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...scoring.base import EntryError
from ...scoring.cards import SUIT_OF_NAME, Card, Ruling, read_plays, suit_noun, suit_said
from ...scoring.messages import N_, Message
from ...scoring.referee import TrickReferee
from ...scoring.schema import CardCode, Choice, ListOf, Shape
from .rules import PLAYERS, SUITS, TEAMS, TRICKS_PER_HAND

GAME = "Forty Fives"
# A joker typed as a card (the deck is without them): `what` is the card's place, `card` its text.
NO_JOKERS = N_("%(what)s %(card)s is a joker, and Forty Fives is played without jokers")
ACE_OF_HEARTS = Card("A", "H")

# Highest first. A trump's place: the 5, the jack, the ace of hearts (always a trump), the ace
# of the trump suit, king, queen, then the numbers: red ones high to low, black ones low to high.
TRUMP_HEADS = ("5", "J", "AH", "A", "K", "Q")
RED_TRUMP_NUMBERS = ("10", "9", "8", "7", "6", "4", "3", "2")
BLACK_TRUMP_NUMBERS = ("2", "3", "4", "6", "7", "8", "9", "10")
# Off-suit (not trump), highest first; the ace of hearts is missing, being always a trump.
OFF_SUIT = {
    "H": ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"),
    "D": ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"),
    "C": ("K", "Q", "J", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10"),
    "S": ("K", "Q", "J", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10"),
}
LOW_BLACK_OFF_SUIT = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10"}  # not K, Q, J order
# Why an order surprises people at the table, said when it decides between two cards.
TRUMP_TOP_NOTES = {
    "5": N_("the 5 of trump is the highest card"),
    "J": N_("the jack of trump is second only to the 5"),
    "AH": N_("the ace of hearts is always a trump, the third highest"),
}
BLACK_TRUMP_NOTE = N_("black trumps rank 2 highest and 10 lowest")
OFF_SUIT_NOTES = {
    "D": N_("off suit, the ace of diamonds is the lowest diamond"),
    "C": N_("off suit, black cards rank K, Q, J, A, 2, 3 and so on, 10 lowest"),
    "S": N_("off suit, black cards rank K, Q, J, A, 2, 3 and so on, 10 lowest"),
}


def read_trump(value: object) -> str:
    """The trump suit's letter from its name: "hearts" → "H"."""
    names = ", ".join(SUIT_OF_NAME)
    if not (isinstance(value, str) and value in SUIT_OF_NAME):
        raise EntryError(Message("trump must be one of %(names)s", names=names), field="trump")
    return SUIT_OF_NAME[value]  # type: ignore[index]


def is_trump(card: Card, trump: str) -> bool:
    """A card of the trump suit, or the ace of hearts, which is always a trump."""
    return card.suit == trump or card == ACE_OF_HEARTS


def _trump_key(card: Card, trump: str) -> str:
    return "AH" if card == ACE_OF_HEARTS else card.rank


def trump_power(card: Card, trump: str) -> int:
    """A trump's strength, higher is stronger (0 is the lowest trump)."""
    numbers = RED_TRUMP_NUMBERS if trump in ("D", "H") else BLACK_TRUMP_NUMBERS
    ranking = [*TRUMP_HEADS, *numbers]
    if trump == "H":
        ranking.remove("A")  # with hearts trump, the ace of hearts is the trump ace
    return len(ranking) - ranking.index(_trump_key(card, trump))


def off_suit_power(card: Card) -> int:
    ranking = OFF_SUIT[card.suit]  # type: ignore[index]
    return len(ranking) - ranking.index(card.rank)


def led_suit(cards: Sequence[Card], trump: str) -> str:
    """The suit to follow: the led card's, or trump when the ace of hearts is led."""
    return trump if cards[0] == ACE_OF_HEARTS else cards[0].suit  # type: ignore[return-value]


def _trump_sentence(winner: Card, runner_up: Card | None, trump: str) -> str:
    trumps = suit_said(trump)
    if runner_up is None:
        if winner == ACE_OF_HEARTS and trump != "H":
            return Message("the ace of hearts is always a trump, and the only trump played")
        return Message(
            "%(trumps)s are trump, and %(card)s is the only trump played",
            trumps=trumps,
            card=str(winner),
        )
    sentence = Message(
        "%(trumps)s are trump: %(higher)s outranks %(lower)s",
        trumps=trumps,
        higher=str(winner),
        lower=str(runner_up),
    )
    note = TRUMP_TOP_NOTES.get(_trump_key(winner, trump))
    numbers = {winner.rank, runner_up.rank} <= set(BLACK_TRUMP_NUMBERS)
    if note is None and trump in ("C", "S") and numbers and runner_up != ACE_OF_HEARTS:
        note = BLACK_TRUMP_NOTE
    return _with_note(sentence, note)


def _with_note(sentence: Message, note: str | None) -> Message:
    if note is None:
        return sentence
    return Message("%(sentence)s (%(note)s)", sentence=sentence, note=Message(note))


def _led_suit_sentence(winner: Card, runner_up: Card | None, count: int) -> str:
    if count == 1:
        return Message("only the led card has been played")
    noun = suit_noun(winner.suit)  # type: ignore[arg-type]
    if runner_up is None:
        return Message("no trump played and no other %(noun)s: the led card takes it", noun=noun)
    sentence = Message(
        "no trump played: %(card)s is the highest %(noun)s, the led suit",
        card=str(winner),
        noun=noun,
    )
    note = None
    if winner.suit == "D" and "A" in (winner.rank, runner_up.rank):
        note = OFF_SUIT_NOTES["D"]
    elif winner.suit in ("C", "S") and {winner.rank, runner_up.rank} <= LOW_BLACK_OFF_SUIT:
        note = OFF_SUIT_NOTES[winner.suit]
    return _with_note(sentence, note)


def judge_cards(trump: str, cards: Sequence[Card]) -> Ruling:
    """The highest trump takes the trick; with none, the highest card of the led suit."""
    trumps = sorted(
        (i for i, card in enumerate(cards) if is_trump(card, trump)),
        key=lambda i: trump_power(cards[i], trump),
        reverse=True,
    )
    if trumps:
        runner_up = cards[trumps[1]] if len(trumps) > 1 else None
        return Ruling(
            trumps[0], _trump_sentence(cards[trumps[0]], runner_up, trump), cards[trumps[0]]
        )
    suit = led_suit(cards, trump)
    following = sorted(
        (i for i, card in enumerate(cards) if card.suit == suit),
        key=lambda i: off_suit_power(cards[i]),
        reverse=True,
    )
    runner_up = cards[following[1]] if len(following) > 1 else None
    why = _led_suit_sentence(cards[following[0]], runner_up, len(cards))
    return Ruling(following[0], why, cards[following[0]])


def judge(trump: object, plays: object) -> Ruling:
    """Who takes this trick of Forty Fives: `trump` is the named suit (`"hearts"`) and `plays`
    the cards in play order (`["6H", "JH", "5H", "AH"]`). Raises EntryError naming a bad card."""
    trump_suit = read_trump(trump)
    cards = read_plays(plays, seats=PLAYERS, jokers=False, game=GAME, joker_refused=NO_JOKERS)
    return judge_cards(trump_suit, cards)


# --- The hand so far: which team holds the highest trump (the round's `high_trump`) -----------


def other_team(team: str) -> str:
    return TEAMS[1 - TEAMS.index(team)]


def team_of_play(leading_team: str, index: int) -> str:
    """Partners sit opposite, so plays alternate teams: the leader's team plays 1st and 3rd."""
    return leading_team if index % 2 == 0 else other_team(leading_team)


@dataclass(frozen=True)
class HandSoFar:
    """A hand's finished tricks, as the referee page carries them from trick to trick.

    `leader` is the team that leads the trick now on the table (the bidder's team leads the
    first; the team that took a trick leads the next). `taken` is the team that took each
    finished trick; `high` the highest trump those tricks held and `high_team` the team that
    played (and so took) it, or None before any trump.
    """

    trump: str
    leader: str = TEAMS[0]
    taken: tuple[str, ...] = ()
    high: Card | None = None
    high_team: str | None = None

    @property
    def over(self) -> bool:
        return len(self.taken) >= TRICKS_PER_HAND

    def tricks(self, team: str) -> int:
        return self.taken.count(team)

    def team_of(self, index: int) -> str:
        """The team of the trick's play `index` (the led card is 0)."""
        return team_of_play(self.leader, index)

    def highest_trump(self, cards: Sequence[Card]) -> tuple[Card, str] | None:
        """The highest trump in play so far, the trick on the table included, and its team.

        The highest trump always takes its trick, so its team is the one that takes it: what
        the round's `high_trump` asks."""
        best = (self.high, self.high_team) if self.high and self.high_team else None
        for index, card in enumerate(cards):
            if not is_trump(card, self.trump):
                continue
            if best is None or trump_power(card, self.trump) > trump_power(best[0], self.trump):
                best = (card, self.team_of(index))
        return best

    def after(self, cards: Sequence[Card]) -> HandSoFar:
        """The hand once this whole trick (one card a player) is taken."""
        if self.over:
            raise EntryError(
                Message("the hand's %(count)s tricks have all been played", count=TRICKS_PER_HAND)
            )
        if len(cards) != PLAYERS:
            raise EntryError(
                Message(
                    "a trick of Forty Fives is one card from each of the %(count)s players",
                    count=PLAYERS,
                )
            )
        taker = self.team_of(judge_cards(self.trump, cards).winner)
        best = self.highest_trump(cards)
        return HandSoFar(
            trump=self.trump,
            leader=taker,
            taken=(*self.taken, taker),
            high=best[0] if best else None,
            high_team=best[1] if best else None,
        )


def replay_hand(
    trump: str, first_leader: str, tricks: Sequence[Sequence[Card]], on_the_table: Sequence[Card]
) -> HandSoFar:
    """The hand from its finished tricks, in order; a card is played once in a whole hand."""
    if first_leader not in TEAMS:
        raise EntryError(Message("the team that leads must be A or B"), field="first")
    hand = HandSoFar(trump=trump, leader=first_leader)
    seen: set[Card] = set()
    for trick in [*tricks, on_the_table]:
        for card in trick:
            if card in seen:
                raise EntryError(
                    Message("%(card)s was already played in this hand", card=str(card)),
                    field="plays",
                )
            seen.add(card)
    for trick in tricks:
        hand = hand.after(trick)
    return hand


REFEREE = TrickReferee(
    game=GAME,
    players=PLAYERS,
    jokers=False,
    joker_refused=NO_JOKERS,
    trump_is_card=False,
    read_trump=read_trump,
    judge_cards=judge_cards,
    request=Shape(
        "FortyFivesTrick",
        {
            "trump": Choice(SUITS, help="The suit the bidder named."),
            "plays": ListOf(
                CardCode(),
                minimum=1,
                maximum=PLAYERS,
                help="The cards played, in play order, the led card first; each card once.",
            ),
        },
    ),
    judge=judge,
    about="From the named trump suit and the cards played, the card that takes the trick and "
    "why: the highest trump, or with none the highest card of the led suit.",
    teams=TEAMS,
    replay_hand=replay_hand,
)
