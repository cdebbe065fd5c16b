"""The trick referee pages of 42 and Forty Fives: tap the trump and each card as it is played.

The engine (games.scoring.referee_*) says who takes the trick and why. Public, and nothing is
stored: the page's whole state is in its address, so a reload, a watcher's phone and a phone
without JavaScript all work; every tap is a plain link to the next state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_not_required
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from ..kinds.fortyfives import referee as fortyfives
from ..kinds.fortytwo import referee as fortytwo
from ..scoring import EntryError
from ..scoring.cards import (
    JOKERS,
    RANK_NAMES,
    RANKS,
    SUIT_NAMES,
    SUIT_OF_NAME,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    read_card,
    read_plays,
)
from ..scoring.messages import Message
from ..words import said

# A whole hand of Forty Fives is under 200 characters of address; more is not one of ours.
LONGEST_QUERY = 500
CARD_SEPARATOR = "-"  # "QH-AH-4S": safe in an address without escaping
TRICK_SEPARATOR = "_"
TEMPLATE = "games/referee.html"
CARD_CODE = re.compile(r"\b(10|[2-9JQKA])([CDHS])\b")


class BadAddress(Exception):
    """The address does not hold a trick (typed or cut short): the page says why."""


@dataclass(frozen=True)
class State:
    """Everything the page shows, as read from (and written back to) its address.

    `rank` and `suit` are half a card: the one tapped, waiting for the other half."""

    kind: str
    trump: str = ""  # 42: the trump card's code; Forty Fives: the suit's name
    plays: tuple[Card, ...] = ()
    rank: str = ""
    suit: str = ""
    first: str = "A"  # Forty Fives: the team leading the hand's first trick
    hand: tuple[tuple[Card, ...], ...] = ()  # Forty Fives: the hand's finished tricks

    def url(self, **changes) -> str:
        state = replace(self, **changes)
        params = {
            "trump": state.trump,
            "plays": CARD_SEPARATOR.join(card.code for card in state.plays),
            "rank": state.rank,
            "suit": state.suit,
        }
        if state.kind == "fortyfives":
            params["first"] = "" if state.first == "A" else state.first
            params["hand"] = TRICK_SEPARATOR.join(
                CARD_SEPARATOR.join(card.code for card in trick) for trick in state.hand
            )
        query = urlencode({name: value for name, value in params.items() if value})
        path = reverse(f"referee_{state.kind}")
        return f"{path}?{query}" if query else path

    def with_card(self, card: Card) -> str:
        """The address once this card is tapped: 42's trump card first, then the plays."""
        if self.kind == "fortytwo" and not self.trump:
            return self.url(trump=card.code, rank="", suit="")
        return self.url(plays=(*self.plays, card), rank="", suit="")


def _cards(text: str, what: str, *, jokers: bool) -> list[Card]:
    return [
        read_card(code, what, jokers=jokers) for code in text.split(CARD_SEPARATOR) if code.strip()
    ]


def read_state(request, kind: str) -> State:
    """The page's state from its address; anything that is not a trick is a BadAddress."""
    if len(request.META.get("QUERY_STRING", "")) > LONGEST_QUERY:
        raise BadAddress(_("This address is too long to hold a trick."))
    get = request.GET
    jokers = kind == "fortytwo"
    game = fortytwo.GAME if jokers else fortyfives.GAME
    seats = fortytwo.MOST_PLAYERS if jokers else fortyfives.PLAYERS
    try:
        trump = get.get("trump", "").strip()
        if trump and jokers:
            trump = read_card(trump, Message("the trump card"), jokers=True).code
        elif trump:
            fortyfives.read_trump(trump)
        plays = _cards(get.get("plays", ""), Message("a played card"), jokers=jokers)
        if plays:
            plays = read_plays([card.code for card in plays], seats=seats, jokers=jokers, game=game)
        hand = tuple(
            tuple(_cards(trick, Message("a card of the hand"), jokers=False))
            for trick in get.get("hand", "").split(TRICK_SEPARATOR)
            if trick.strip() and not jokers
        )
    except EntryError as error:
        raise BadAddress(
            _("This address does not hold a trick: %(why)s.") % {"why": said(error.message)}
        ) from None
    rank, suit = get.get("rank", ""), get.get("suit", "")
    if rank not in ("", *RANKS) or suit not in ("", *SUITS):
        raise BadAddress(_("This address does not hold a trick: the half-tapped card is not one."))
    first = get.get("first", "A") if not jokers else "A"
    if first not in fortyfives.TEAMS:
        raise BadAddress(_("This address does not hold a trick: the leading team is A or B."))
    if (plays or hand) and not trump:
        raise BadAddress(_("This address does not hold a trick: cards are played after the trump."))
    return State(kind, trump, tuple(plays), rank, suit, first, hand)


def pretty(sentence: str) -> str:
    """The engine's sentence with its card codes as a table reads them: `4S` → `4♠`."""
    return CARD_CODE.sub(lambda m: m.group(1) + SUIT_SYMBOLS[m.group(2)], sentence)


# --- The card picker -------------------------------------------------------------------------


@dataclass
class Pick:
    """One target of the picker: a link to the next state, or a dead one (`href` None)."""

    text: str
    label: str
    href: str | None
    current: bool = False
    red: bool = False
    wide: bool = False


@dataclass
class Picker:
    ranks: list[Pick] = field(default_factory=list)
    suits: list[Pick] = field(default_factory=list)
    jokers: list[Pick] = field(default_factory=list)


def picker(state: State, used: set[Card], open_: bool) -> Picker:
    """A rank row, a suit row (and 42's jokers): tap a rank and a suit, in either order.

    A card already played is dead, and so is every target once the trick is full."""
    result = Picker()
    for rank in RANKS:
        card = Card(rank, state.suit) if state.suit else None
        if not open_ or (card and card in used):
            href = None
        elif card:
            href = state.with_card(card)
        else:
            href = state.url(rank="" if state.rank == rank else rank)
        name = said(RANK_NAMES.get(rank, rank))
        result.ranks.append(Pick(rank, name, href, current=state.rank == rank))
    for suit in SUITS:
        card = Card(state.rank, suit) if state.rank else None
        if not open_ or (card and card in used):
            href = None
        elif card:
            href = state.with_card(card)
        else:
            href = state.url(suit="" if state.suit == suit else suit)
        result.suits.append(
            Pick(
                SUIT_SYMBOLS[suit],
                said(SUIT_NAMES[suit]),
                href,
                current=state.suit == suit,
                red=suit in ("D", "H"),
            )
        )
    if state.kind == "fortytwo":
        for joker in JOKERS:
            card = Card(joker, None)
            href = state.with_card(card) if open_ and card not in used else None
            result.jokers.append(Pick(said(card.label), said(card.label), href, wide=True))
    return result


def trick_chips(cards, winner: int | None, teams: list[str] | None = None) -> list[dict]:
    return [
        {
            "label": said(card.label),
            "red": card.is_red,
            "taking": index == winner,
            "team": teams[index] if teams else "",
        }
        for index, card in enumerate(cards)
    ]


# --- The pages -------------------------------------------------------------------------------


def _respond(request, context: dict, status: int = 200):
    """The whole page, or just the referee for htmx; the address bar follows the state."""
    if request.htmx and not request.htmx.history_restore_request:
        response = render(request, TEMPLATE + "#referee", context, status=status)
        response["HX-Replace-Url"] = request.get_full_path()
        return response
    return render(request, TEMPLATE, context, status=status)


def _refused(request, kind: str, problem: str):
    context = {"kind": kind, "problem": problem, "start": reverse(f"referee_{kind}")}
    return _respond(request, context, status=400)


@login_not_required
@vary_on_headers("HX-Request")
@require_safe
def referee_fortytwo(request):
    try:
        state = read_state(request, "fortytwo")
    except BadAddress as problem:
        return _refused(request, "fortytwo", str(problem))
    trump = fortytwo.Trump(read_card(state.trump, "", jokers=True)) if state.trump else None
    ruling = fortytwo.judge_cards(trump, state.plays) if trump and state.plays else None
    full = len(state.plays) >= fortytwo.MOST_PLAYERS
    context = {
        "kind": "fortytwo",
        "game_name": "42",
        "state": state,
        "trump_label": said(trump.card.label) if trump else "",
        "trump_means": said(trump.describe()) if trump else "",
        "trick": trick_chips(state.plays, ruling.winner if ruling else None),
        "taker": said(ruling.card.label) if ruling else "",
        "why": pretty(said(ruling.why)) if ruling else "",
        "picker": picker(state, set(state.plays), open_=not full),
        "full": full,
        "most": fortytwo.MOST_PLAYERS,
        "undo": _undo(state),
        "clear": state.url(plays=(), rank="", suit="") if state.plays else None,
        "change_trump": state.url(trump="", plays=(), rank="", suit="") if trump else None,
    }
    return _respond(request, context)


def _undo(state: State) -> str | None:
    """Take back the last tap: half a card, the last card, or (Forty Fives) the last trick."""
    if state.rank or state.suit:
        return state.url(rank="", suit="")
    if state.plays:
        return state.url(plays=state.plays[:-1])
    if state.hand:
        return state.url(hand=state.hand[:-1], plays=state.hand[-1])
    return None


@login_not_required
@vary_on_headers("HX-Request")
@require_safe
def referee_fortyfives(request):
    try:
        state = read_state(request, "fortyfives")
        trump = SUIT_OF_NAME[state.trump] if state.trump else None
        hand = (
            fortyfives.replay_hand(trump, state.first, state.hand, state.plays) if trump else None
        )
    except BadAddress as problem:
        return _refused(request, "fortyfives", str(problem))
    except EntryError as error:
        return _refused(
            request,
            "fortyfives",
            _("This address does not hold a hand: %(why)s.") % {"why": said(error.message)},
        )
    ruling = fortyfives.judge_cards(trump, state.plays) if hand and state.plays else None
    teams = [hand.team_of(i) for i in range(len(state.plays))] if hand else []
    used = {card for trick in state.hand for card in trick} | set(state.plays)
    full = len(state.plays) >= fortyfives.PLAYERS or bool(hand and hand.over)
    best = hand.highest_trump(state.plays) if hand else None
    context = {
        "kind": "fortyfives",
        "game_name": "Forty Fives",
        "state": state,
        "trumps": [
            {
                "text": SUIT_SYMBOLS[letter],
                "name": said(name),
                "href": state.url(trump=name),
                "red": letter in ("D", "H"),
            }
            for name, letter in SUIT_OF_NAME.items()
        ],
        "trump_label": f"{SUIT_SYMBOLS[trump]} {said(state.trump)}" if trump else "",
        "hand": hand,
        "trick_number": len(state.hand) + 1,
        "tricks_a": hand.tricks("A") if hand else 0,
        "tricks_b": hand.tricks("B") if hand else 0,
        "trick": trick_chips(state.plays, ruling.winner if ruling else None, teams),
        "taker": said(ruling.card.label) if ruling else "",
        "taker_team": teams[ruling.winner] if ruling else "",
        "why": pretty(said(ruling.why)) if ruling else "",
        "best": {"label": said(best[0].label), "team": best[1]} if best else None,
        "picker": picker(state, used, open_=not full),
        "full": full,
        "most": fortyfives.PLAYERS,
        "undo": _undo(state),
        "clear": state.url(plays=(), rank="", suit="") if state.plays else None,
        "next_trick": (
            state.url(hand=(*state.hand, state.plays), plays=(), rank="", suit="")
            if hand and not hand.over and len(state.plays) == fortyfives.PLAYERS
            else None
        ),
        "switch_leader": (
            state.url(first="B" if state.first == "A" else "A")
            if hand is not None and not state.hand
            else None
        ),
        "new_hand": reverse("referee_fortyfives") if state.trump else None,
    }
    return _respond(request, context)
