"""The trick referee's page, one for every game that has a referee: tap the trump and each card
as it is played, and the game's engine says who takes the trick and why.

What differs between games is asked of the game: its referee's declaration (the deck, the trump
a card or a suit, the players, whether the page follows a whole hand; games.kinds.REFEREES) and
its part of the page (its pages' `referee`: referee_page.py and its template). Public, and
nothing is stored: the page's whole state is in its address, so a reload, a watcher's phone and
a phone without JavaScript all work; every tap is a plain link to the next state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_not_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from ..kinds import GAMES, REFEREES
from ..kinds.base import RefereePage, kind_ui
from ..scoring import EntryError
from ..scoring.cards import (
    JOKERS,
    RANK_NAMES,
    RANKS,
    RED_SUITS,
    SUIT_NAMES,
    SUIT_OF_NAME,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    read_card,
    read_plays,
)
from ..scoring.messages import Message
from ..scoring.referee import TrickReferee
from ..words import said

# A whole hand of a game of five tricks is under 200 characters of address; more is not ours.
LONGEST_QUERY = 500
CARD_SEPARATOR = "-"  # "QH-AH-4S": safe in an address without escaping
TRICK_SEPARATOR = "_"
TEMPLATE = "games/referee.html"
# The game's parts of the page, each a partial of its template (games.kinds.base.RefereePage).
PARTS = ("trump_prompt", "restart", "hand", "hand_below", "hand_over")
CARD_CODE = re.compile(r"\b(10|[2-9JQKA])([CDHS])\b")


class BadAddress(Exception):
    """The address does not hold a trick (typed or cut short): the page says why."""


@dataclass(frozen=True)
class State:
    """Everything the page shows, as read from (and written back to) its address.

    `rank` and `suit` are half a card: the one tapped, waiting for the other half."""

    kind: str
    referee: TrickReferee
    trump: str = ""  # as the address writes it: the trump card's code, or the suit's name
    plays: tuple[Card, ...] = ()
    rank: str = ""
    suit: str = ""
    first: str = ""  # a page that follows a hand: the team leading the hand's first trick
    hand: tuple[tuple[Card, ...], ...] = ()  # ... and the hand's finished tricks

    def url(self, **changes) -> str:
        state = replace(self, **changes)
        params = {
            "trump": state.trump,
            "plays": CARD_SEPARATOR.join(card.code for card in state.plays),
            "rank": state.rank,
            "suit": state.suit,
        }
        if state.referee.follows_hand:
            params["first"] = "" if state.first == state.referee.teams[0] else state.first
            params["hand"] = TRICK_SEPARATOR.join(
                CARD_SEPARATOR.join(card.code for card in trick) for trick in state.hand
            )
        query = urlencode({name: value for name, value in params.items() if value})
        path = reverse("referee", args=[state.kind])
        return f"{path}?{query}" if query else path

    def with_card(self, card: Card) -> str:
        """The address once this card is tapped: a trump card first, then the plays."""
        if self.referee.trump_is_card and not self.trump:
            return self.url(trump=card.code, rank="", suit="")
        return self.url(plays=(*self.plays, card), rank="", suit="")


def _cards(text: str, what: str, referee: TrickReferee) -> list[Card]:
    return [
        read_card(code, what, jokers=referee.jokers, joker_refused=referee.joker_refused)
        for code in text.split(CARD_SEPARATOR)
        if code.strip()
    ]


def read_state(request, kind: str, referee: TrickReferee) -> State:
    """The page's state from its address; anything that is not a trick is a BadAddress."""
    if len(request.META.get("QUERY_STRING", "")) > LONGEST_QUERY:
        raise BadAddress(_("This address is too long to hold a trick."))
    get = request.GET
    try:
        trump = get.get("trump", "").strip()
        if trump and referee.trump_is_card:
            trump = read_card(
                trump,
                Message("the trump card"),
                jokers=referee.jokers,
                joker_refused=referee.joker_refused,
            ).code
        elif trump:
            referee.read_trump(trump)
        plays = _cards(get.get("plays", ""), Message("a played card"), referee)
        if plays:
            plays = read_plays(
                [card.code for card in plays],
                seats=referee.players,
                jokers=referee.jokers,
                game=referee.game,
                joker_refused=referee.joker_refused,
            )
        hand = tuple(
            tuple(_cards(trick, Message("a card of the hand"), referee))
            for trick in get.get("hand", "").split(TRICK_SEPARATOR)
            if trick.strip() and referee.follows_hand
        )
    except EntryError as error:
        raise BadAddress(
            _("This address does not hold a trick: %(why)s.") % {"why": said(error.message)}
        ) from None
    rank, suit = get.get("rank", ""), get.get("suit", "")
    if rank not in ("", *RANKS) or suit not in ("", *SUITS):
        raise BadAddress(_("This address does not hold a trick: the half-tapped card is not one."))
    first = ""
    if referee.follows_hand:
        first_team, second_team = referee.teams
        first = get.get("first", first_team)
        if first not in referee.teams:
            raise BadAddress(
                _("This address does not hold a trick: the leading team is %(one)s or %(other)s.")
                % {"one": first_team, "other": second_team}
            )
    if (plays or hand) and not trump:
        raise BadAddress(_("This address does not hold a trick: cards are played after the trump."))
    return State(kind, referee, trump, tuple(plays), rank, suit, first, hand)


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
    """A rank row, a suit row (and the jokers, in a deck with them): tap a rank and a suit, in
    either order.

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
                red=suit in RED_SUITS,
            )
        )
    if state.referee.jokers:
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
    context = {
        "game_name": said(GAMES[kind].name),
        "problem": problem,
        "start": reverse("referee", args=[kind]),
    }
    return _respond(request, context, status=400)


def _referee_of(kind: str) -> tuple[TrickReferee, RefereePage]:
    """The game's referee and its part of the page; a 404 for a game without a referee."""
    rules = GAMES.get(kind)
    page = kind_ui(rules).referee if rules else None
    if page is None or kind not in REFEREES:
        raise Http404("This game has no trick referee.")
    return REFEREES[kind], page


def _trump_label(referee: TrickReferee, trump: str) -> str:
    """The trump as the page shows it: the card (`2♠`, `Big Joker`), or the suit (`♥ hearts`)."""
    if referee.trump_is_card:
        return said(read_card(trump, "", jokers=referee.jokers).label)
    return f"{SUIT_SYMBOLS[SUIT_OF_NAME[trump]]} {said(trump)}"


def _undo(state: State) -> str | None:
    """Take back the last tap: half a card, the last card, or (a hand) the last trick."""
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
def referee(request, kind: str):
    referee, page = _referee_of(kind)
    try:
        state = read_state(request, kind, referee)
        trump = referee.read_trump(state.trump) if state.trump else None
        hand = (
            referee.replay_hand(trump, state.first, state.hand, state.plays)
            if referee.replay_hand and state.trump
            else None
        )
    except BadAddress as problem:
        return _refused(request, kind, str(problem))
    except EntryError as error:  # the hand's tricks (the address holds each trick's cards)
        return _refused(
            request,
            kind,
            _("This address does not hold a hand: %(why)s.") % {"why": said(error.message)},
        )
    ruling = referee.judge_cards(trump, state.plays) if state.trump and state.plays else None
    teams = [hand.team_of(i) for i in range(len(state.plays))] if hand else []
    used = {card for trick in state.hand for card in trick} | set(state.plays)
    full = len(state.plays) >= referee.players or bool(hand and hand.over)
    other_team = None
    if hand is not None and not state.hand:  # who leads the first trick can still be changed
        other_team = next(team for team in referee.teams if team != state.first)
    context = {
        "game_name": said(GAMES[kind].name),
        "part": {name: f"{page.template}#{name}" for name in PARTS},
        "state": state,
        # A trump named rather than turned up: the four suits, until one is tapped.
        "trumps": [
            {
                "text": SUIT_SYMBOLS[letter],
                "name": said(name),
                "href": state.url(trump=name),
                "red": letter in RED_SUITS,
            }
            for name, letter in SUIT_OF_NAME.items()
        ]
        if not referee.trump_is_card and not state.trump
        else [],
        "trump_label": _trump_label(referee, state.trump) if state.trump else "",
        "hand": hand,
        "trick": trick_chips(state.plays, ruling.winner if ruling else None, teams),
        "taker": said(ruling.card.label) if ruling else "",
        "taker_team": teams[ruling.winner] if ruling and teams else "",
        "why": pretty(said(ruling.why)) if ruling else "",
        "picker": picker(state, used, open_=not full),
        "full": full,
        "most": referee.players,
        "undo": _undo(state),
        "clear": state.url(plays=(), rank="", suit="") if state.plays else None,
        "next_trick": (
            state.url(hand=(*state.hand, state.plays), plays=(), rank="", suit="")
            if hand and not hand.over and len(state.plays) == referee.players
            else None
        ),
        "switch_leader": (
            {"href": state.url(first=other_team), "team": other_team} if other_team else None
        ),
        "restart": reverse("referee", args=[kind]) if state.trump else None,
        **page.context(trump, state, hand),
    }
    return _respond(request, context)
