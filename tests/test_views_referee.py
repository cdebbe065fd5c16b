"""The trick referee pages: public, state in the address, the engine's answer, htmx fragments."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game, Player
from tests.markup import parse

pytestmark = pytest.mark.django_db

FORTY_TWO = reverse("referee", args=["fortytwo"])
FORTY_FIVES = reverse("referee", args=["fortyfives"])


def page(response) -> str:
    return response.content.decode()


def links(response) -> dict[str, str]:
    """Each link of the referee by its accessible name (aria-label, else its text)."""
    found = {}
    for link in parse(response).find_all("a[href]"):
        found.setdefault(link.get("aria-label", link.text).strip(), link["href"])
    return found


def tap(client, response, *names, **headers):
    for name in names:
        response = client.get(links(response)[name], **headers)
        assert response.status_code == 200, page(response)
    return response


def answer(response) -> str:
    found = parse(response).first("div.answer")
    return " ".join(found.strings) if found else ""


def taking(response) -> str:
    """The card that takes the trick so far: its chip's label (before its team and the words
    for a screen reader)."""
    found = parse(response).first("li.chip.taking")
    return found.strings[0] if found else ""


# --- 42 -----------------------------------------------------------------------------------


def test_anyone_can_open_the_referee_without_an_account(client):
    response = client.get(FORTY_TWO)
    assert response.status_code == 200
    assert "Tap the trump card" in page(response)
    assert client.get(FORTY_FIVES).status_code == 200


def test_tapping_the_rulebooks_five_card_trick_shows_who_takes_it_after_each_card(client):
    response = tap(client, client.get(FORTY_TWO), "2", "spades")
    assert "spades are trump and every 2 is a trump number" in page(response)
    expected = [
        ("queen", "hearts", "Q♥", "Only the led card has been played."),
        ("ace", "hearts", "A♥", "No trump played: A♥ is the highest heart, the led suit."),
        ("4", "spades", "4♠", "Spades are trump, and 4♠ is the only trump played."),
        ("queen", "diamonds", "Q♥", "The pair forces it on the leader: hearts outrank diamonds"),
        ("2", "clubs", "2♣", "Trump number 2: only a joker beats it"),
    ]
    for rank, suit, takes, why in expected:
        response = tap(client, response, rank, suit)
        assert taking(response) == takes
        assert answer(response).startswith(f"{takes} takes the trick {why}")
    assert response.request["QUERY_STRING"] == "trump=2S&plays=QH-AH-4S-QD-2C"


def test_a_suit_may_be_tapped_before_the_rank(client):
    response = tap(client, client.get(f"{FORTY_TWO}?trump=2S"), "hearts", "queen")
    assert taking(response) == "Q♥"


def test_the_trump_is_kept_when_the_trick_is_cleared(client):
    response = client.get(f"{FORTY_TWO}?trump=2S&plays=QH-AH")
    response = tap(client, response, "Clear the trick")
    assert response.request["QUERY_STRING"] == "trump=2S"
    assert "Trump: <strong>2♠</strong>" in page(response)
    assert "Clear the trick" not in links(response)


def test_undo_takes_back_half_a_card_then_the_last_card(client):
    response = client.get(f"{FORTY_TWO}?trump=2S&plays=QH-AH&rank=4")
    response = tap(client, response, "Undo")
    assert response.request["QUERY_STRING"] == "trump=2S&plays=QH-AH"
    response = tap(client, response, "Undo")
    assert response.request["QUERY_STRING"] == "trump=2S&plays=QH"


def test_a_card_already_played_cannot_be_tapped_again(client):
    response = client.get(f"{FORTY_TWO}?trump=2S&plays=QH&rank=Q")
    assert "hearts" not in links(response)
    assert "spades" in links(response)
    assert 'aria-label="hearts" role="link" aria-disabled="true"' in page(response)


def test_the_jokers_can_be_the_trump_card_and_be_played(client):
    response = tap(client, client.get(FORTY_TWO), "Little Joker")
    assert "no trump suit and no trump number" in page(response)
    response = tap(client, response, "9", "hearts", "Big Joker")
    assert taking(response) == "Big Joker"


def test_a_trick_of_seven_cards_is_full(client):
    response = client.get(f"{FORTY_TWO}?trump=2S&plays=3H-4H-5H-6H-7H-8H-9H")
    assert "Every player has played (7 cards)" in page(response)
    assert "queen" not in links(response)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("trump=XX", "the trump card &#x27;XX&#x27; is not a card"),
        ("trump=2S&plays=QH-QH", "QH is played twice"),
        ("trump=2S&plays=QH-1H", "&#x27;1H&#x27; is not a card"),
        ("plays=QH", "cards are played after the trump"),
        ("trump=2S&rank=1", "the half-tapped card is not one"),
        ("trump=2S&plays=2H-3H-4H-5H-6H-7H-8H-9H", "8 cards is more than one trick"),
        ("trump=2S&plays=" + "-QH" * 200, "This address is too long to hold a trick."),
        ("trump=<script>", "&#x27;&lt;script&gt;&#x27; is not a card"),
    ],
)
def test_an_address_that_holds_no_trick_is_a_400_with_a_way_back(client, query, message):
    response = client.get(f"{FORTY_TWO}?{query}")
    assert response.status_code == 400
    assert message in page(response)
    assert links(response)["Start again"] == FORTY_TWO
    assert "<script>" not in page(response).lower().replace('<script src="', "")


def test_htmx_gets_the_referee_alone_and_the_address_bar_follows(client):
    response = client.get(f"{FORTY_TWO}?trump=2S&plays=QH", HTTP_HX_REQUEST="true")
    assert page(response).lstrip().startswith('<section id="referee"')
    assert "<html" not in page(response)
    assert response["HX-Replace-Url"] == f"{FORTY_TWO}?trump=2S&plays=QH"
    assert "HX-Request" in response["Vary"]


def test_the_back_buttons_history_restore_gets_the_whole_page(client):
    response = client.get(
        f"{FORTY_TWO}?trump=2S", HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    )
    assert "<html" in page(response)


def test_the_referee_takes_only_get(client):
    assert client.post(FORTY_TWO).status_code == 405


@pytest.mark.parametrize("kind", ["fourscore", "fortybelow", "chess"])
def test_a_game_without_a_trick_referee_has_no_referee_page(client, kind):
    assert client.get(reverse("referee", args=[kind])).status_code == 404


# --- Forty Fives ----------------------------------------------------------------------------


def test_forty_fives_names_the_trump_then_tells_the_trick_and_the_teams(client):
    response = tap(client, client.get(FORTY_FIVES), "♦ diamonds")
    assert "Trick 1 of 5, team A leads" in page(response)
    response = tap(client, response, "king", "diamonds", "ace", "hearts")
    assert answer(response).startswith("A♥ takes the trick for team B Diamonds are trump: A♥")
    assert "Highest trump so far: <strong>A♥</strong>, team B." in page(response)
    response = tap(client, response, "3", "diamonds", "2", "clubs")
    assert "Next trick" in links(response)
    response = tap(client, response, "Next trick")
    assert "Trick 2 of 5, team B leads. Tricks taken: A 0, B 1." in page(response)
    # The team that took the trick leads the next; its cards can't come back.
    response = tap(client, response, "queen", "spades", "jack", "diamonds")
    assert answer(response).startswith("J♦ takes the trick for team A")
    assert "Highest trump so far: <strong>J♦</strong>, team A." in page(response)
    response = tap(client, response, "king")
    assert "diamonds" not in links(response)  # KD went in the first trick


def test_the_first_leader_can_be_switched_before_the_first_trick_is_done(client):
    response = client.get(f"{FORTY_FIVES}?trump=hearts&plays=6H")
    response = tap(client, response, "Team B leads instead")
    assert "team B leads" in page(response)
    assert "6♥<small>team B</small>" in page(response)
    response = client.get(f"{FORTY_FIVES}?trump=hearts&hand=6H-7H-8H-9H")
    assert "Team A leads instead" not in links(response)


def test_a_whole_hand_tells_the_tricks_and_high_trump_the_round_asks_for(client):
    hand = "_".join(["5H-2C-3C-4C", "6C-7C-8C-9C", "KS-QS-JS-AS", "2D-3D-4D-6D", "KH-QH-2S-3S"])
    response = client.get(f"{FORTY_FIVES}?trump=hearts&hand={hand}")
    assert "The hand is over: team A took 3, team B 2." in page(response)
    assert "Team A took the highest trump (5♥)." in page(response)
    assert "queen" not in links(response)  # nothing left to play
    assert links(response)["New hand"] == FORTY_FIVES


def test_undo_in_forty_fives_reopens_the_last_trick(client):
    response = client.get(f"{FORTY_FIVES}?trump=hearts&hand=6H-7H-8H-9H")
    response = tap(client, response, "Undo")
    assert response.request["QUERY_STRING"] == "trump=hearts&plays=6H-7H-8H-9H"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("trump=trumps", "trump must be one of clubs, diamonds, hearts, spades"),
        ("trump=hearts&plays=LJ", "LJ is a joker, and Forty Fives is played without jokers"),
        ("trump=hearts&hand=6H-7H&plays=2C", "one card from each of the 4 players"),
        ("trump=hearts&hand=6H-7H-8H-9H&plays=6H", "6H was already played in this hand"),
        ("trump=hearts&first=C", "the leading team is A or B"),
        ("hand=2C-3C-4C-6C", "cards are played after the trump"),
    ],
)
def test_a_forty_fives_address_that_holds_no_hand_is_a_400(client, query, message):
    response = client.get(f"{FORTY_FIVES}?{query}")
    assert response.status_code == 400
    assert message in page(response)


CARDS = st.sampled_from(["QH", "AH", "4S", "2C", "10D", "LJ", "BJ", "1H", "", "qh", "\x00"])
ADDRESSES = st.fixed_dictionaries(
    {},
    optional={
        "trump": st.one_of(CARDS, st.sampled_from(["hearts", "spades", "x"]), st.text()),
        "plays": st.one_of(st.lists(CARDS, max_size=9).map("-".join), st.text()),
        "hand": st.one_of(st.lists(CARDS, max_size=12).map("-".join), st.text()),
        "rank": st.one_of(st.sampled_from(["Q", "10", "1"]), st.text()),
        "suit": st.one_of(st.sampled_from(["H", "S", "X"]), st.text()),
        "first": st.one_of(st.sampled_from(["A", "B", "C"]), st.text()),
    },
)


@settings(max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from([FORTY_TWO, FORTY_FIVES]), query=ADDRESSES)
def test_no_address_makes_the_referee_fail(client, kind, query):
    response = client.get(kind, query)
    assert response.status_code in (200, 400)


# --- The way in, from the games' pages -------------------------------------------------------


def test_the_42_and_forty_fives_pages_link_to_their_referee(owner, owner_client):
    players = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    forty_two = Game.start(owner, "fortytwo", players[:3])
    forty_fives = Game.start(owner, "fortyfives", players)
    forty_fives.add_round({"bidder": players[0].pk, "bid": 20, "trump": "spades"}, owner)
    fourscore = Game.start(owner, "fourscore", players[:2])
    for game in (forty_two, forty_fives, fourscore):
        game.share()
    for url in (
        reverse("game_detail", args=[forty_two.pk]),
        reverse("round_new", args=[forty_two.pk]),
    ):
        assert links(owner_client.get(url))["Who takes this trick?"] == FORTY_TWO
    assert (
        links(owner_client.get(reverse("game_detail", args=[forty_fives.pk])))[
            "Who takes this trick?"
        ]
        == FORTY_FIVES
    )
    round_page = owner_client.get(reverse("round_new", args=[forty_fives.pk]))
    assert links(round_page)["Who takes this trick?"] == f"{FORTY_FIVES}?trump=spades"
    watcher = links(owner_client.get(reverse("game_shared", args=[forty_fives.share_token])))
    assert watcher["Who takes this trick?"] == FORTY_FIVES
    fourscore_page = owner_client.get(reverse("game_detail", args=[fourscore.pk]))
    assert "Who takes this trick?" not in links(fourscore_page)
