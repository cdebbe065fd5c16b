"""The trick referee's rulings in Dutch: every kind of sentence the engine says is translated
(tests/test_languages.py checks the same pages for English left behind)."""

import html

import pytest
from django.urls import reverse

from games.kinds.fortyfives import referee as referee_fortyfives
from games.kinds.fortytwo import referee as referee_fortytwo
from games.scoring.cards import read_card, read_plays
from games.scoring.messages import Message

from .test_languages import DUTCH, ENGLISH, REFEREE_TRICKS, leftover_english


def _rulings(kind):
    """Each listed trick's ruling straight from the engine (the last card is never the issue)."""
    for query in REFEREE_TRICKS[kind]:
        params = dict(part.split("=") for part in query.split("&"))
        if "plays" not in params:
            continue
        codes = params["plays"].split("-")
        if kind == "fortytwo":
            trump = referee_fortytwo.Trump(read_card(params["trump"], "", jokers=True))
            cards = read_plays(codes, seats=7, jokers=True, game="42")
            yield query, referee_fortytwo.judge_cards(trump, cards).why
        else:
            suit = referee_fortyfives.read_trump(params["trump"])
            cards = read_plays(codes, seats=4, jokers=False, game="Forty Fives")
            yield query, referee_fortyfives.judge_cards(suit, cards).why


@pytest.mark.parametrize("kind", ["fortytwo", "fortyfives"])
def test_the_checked_tricks_say_every_sentence_of_the_referee(kind):
    """The tricks tests/test_languages.py renders reach each of the engine's sentences."""
    msgids = set()

    def collect(message):
        msgids.add(message.msgid)
        for value in message.params.values():
            if isinstance(value, Message):
                collect(value)

    for _query, why in _rulings(kind):
        assert isinstance(why, Message)
        collect(why)
    assert len(msgids) >= (20 if kind == "fortytwo" else 14), msgids


@pytest.mark.parametrize("kind", ["fortytwo", "fortyfives"])
def test_a_ruling_is_said_in_dutch(client, kind):
    for query, why in _rulings(kind):
        url = f"{reverse('referee', args=[kind])}?{query}"
        english = client.get(url, **ENGLISH).content.decode()
        dutch = client.get(url, **DUTCH).content.decode()
        assert "takes the trick" in english and "krijgt de slag" in dutch, url
        assert str(why)[1:].split(":")[0].split(",")[0][:8] in english  # the ruling is shown
        assert leftover_english(english, dutch, []) == [], url


def test_the_trump_card_is_explained_in_dutch(client):
    url = f"{reverse('referee', args=['fortytwo'])}?trump=10S"
    assert "is een troefgetal" in client.get(url, **DUTCH).content.decode()
    url = f"{reverse('referee', args=['fortytwo'])}?trump=BJ"
    assert "geen troefkleur en geen troefgetal" in client.get(url, **DUTCH).content.decode()


@pytest.mark.parametrize(
    ("kind", "query", "said"),
    [
        ("fortytwo", "trump=ZZ", "de troefkaart 'ZZ' is geen kaart: schrijf de waarde"),
        ("fortytwo", "trump=10S&plays=QD-XX", "een gespeelde kaart 'XX' is geen kaart"),
        ("fortyfives", "trump=hearts&plays=LJ", "een gespeelde kaart LJ is een joker"),
        ("fortyfives", "trump=hearts&plays=6H&hand=6H-2H-3H-4H", "6H is deze hand al gespeeld"),
        ("fortyfives", "trump=hearts&hand=6H-2H-3H", "één kaart van elk van de 4 spelers"),
    ],
)
def test_an_address_that_holds_no_trick_says_why_in_dutch(client, kind, query, said):
    url = f"{reverse('referee', args=[kind])}?{query}"
    english = client.get(url, **ENGLISH)
    dutch = client.get(url, **DUTCH)
    assert english.status_code == dutch.status_code == 400
    assert said in html.unescape(dutch.content.decode())
    # Card codes (the example QS, the jokers' LJ and BJ, the address's own ZZ and XX) are typed
    # the same in both languages.
    codes = ["QS LJ BJ ZZ XX"]
    assert leftover_english(english.content.decode(), dutch.content.decode(), codes) == []
