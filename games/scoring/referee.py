"""What a game's trick referee declares (`REFEREE` in its folder's referee.py): the shared
referee page and API ask this instead of naming the game. Pure Python, like the rest of the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .cards import Card, Ruling
from .schema import Shape


class HandSoFar(Protocol):
    """A whole hand followed trick by trick (a game whose referee page follows one)."""

    @property
    def over(self) -> bool:
        """Every trick of the hand has been played."""
        ...

    def team_of(self, index: int) -> str:
        """The team of the trick's play `index` (the led card is 0)."""
        ...


ReplayHand = Callable[[Any, str, Sequence[Sequence[Card]], Sequence[Card]], HandSoFar]


@dataclass(frozen=True)
class TrickReferee:
    """A game's trick referee: its deck, its trump, its table, and who takes a trick.

    `read_trump` and `judge_cards` are the engine's own: the trump from its text (an EntryError
    naming what is wrong), and the ruling on the cards played under that trump."""

    game: str  # the game as the referee's refusals name it ("%(game)s has at most 4 players")
    players: int  # the most cards in one trick: one a player
    jokers: bool  # the deck has the two jokers
    # The trump is a card turned up (tapped on the page like a played card, its address the
    # card's code), or else a suit named (one of four buttons, its address the suit's name).
    trump_is_card: bool
    read_trump: Callable[[object], Any]
    judge_cards: Callable[[Any, Sequence[Card]], Ruling]
    # The API's request body, in the words of the entry schema, named `<Game>Trick` (its
    # schema's component; the endpoint is "<Game> Referee"); `judge` takes its fields by name
    # and reads each one itself, so that a refusal names the bad card.
    request: Shape
    judge: Callable[..., Ruling]
    about: str  # what the API's endpoint answers, for its OpenAPI description (English)
    # A page that follows a whole hand: the two teams (partners), the first of them leading
    # unless the page is told otherwise, and the hand from its finished tricks and the one on
    # the table: replay_hand(trump, leading team, tricks, plays), an EntryError if it is none.
    teams: tuple[str, str] | None = None
    replay_hand: ReplayHand | None = None
    # A deck without jokers: a joker's refusal (a message of `what` and `card`), else a joker is
    # refused as text that is not a card.
    joker_refused: str = ""

    @property
    def follows_hand(self) -> bool:
        return self.replay_hand is not None
