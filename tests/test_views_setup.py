"""Setting up a game in a few taps: players tapped in seat order (recent ones first), new names
added in place or with the form, the first dealer tapped by name, options in words, and a home
page that tells two games of one kind apart."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game, GameNight, Player
from tests.markup import parse

pytestmark = pytest.mark.django_db


def new_game(kind):
    return reverse("game_new") + f"?kind={kind}"


def seated(game):
    return [seat.player.name for seat in Game.objects.get(pk=game.pk).seats]


def chip_order(html):
    """The players' chips as the page lists them: (name, seat number or "")."""
    return [
        (chip.find("bdi").text, chip.find("span.pill[data-seat]").text)
        for chip in parse(html).find_all("label.player-chip")
    ]


def first_dealer(html) -> str:
    """The value of the first dealer's choice the page sends checked."""
    return parse(html).find("input[name=first_dealer][checked]")["value"]


# --- Seats by tapping ---


def test_the_players_sit_in_the_order_their_chips_were_tapped(owner_client, players):
    ann, bob, cy, dee = players
    data = {"kind": "fortybelow", "players": [cy.pk, ann.pk, dee.pk, bob.pk], "option_rounds": 3}
    response = owner_client.post(reverse("game_new"), data)
    game = Game.objects.get()
    assert response.status_code == 302
    assert seated(game) == ["Cy", "Ann", "Dee", "Bob"]
    assert game.first_dealer == cy  # no one tapped to deal: whoever sits first


def test_the_chips_list_the_players_who_played_most_recently_first(owner_client, owner, players):
    ann, bob, cy, dee = players
    long_ago = timezone.now() - timedelta(days=30)
    Player.objects.update(created=long_ago)
    old = Game.start(owner, "fourscore", [ann, bob])
    Game.objects.filter(pk=old.pk).update(created=long_ago + timedelta(days=1))
    Game.start(owner, "fourscore", [dee, cy])  # tonight
    html = owner_client.get(new_game("fortybelow")).content.decode()
    assert chip_order(html) == [("Cy", ""), ("Dee", ""), ("Ann", ""), ("Bob", "")]


def test_a_player_just_added_is_listed_first(owner_client, owner, players):
    Player.objects.update(created=timezone.now() - timedelta(days=3))
    Player.add(owner, "Zoë")
    html = owner_client.get(new_game("fortybelow")).content.decode()
    assert chip_order(html)[0] == ("Zoë", "")


def test_a_refused_game_comes_back_with_the_players_in_their_seats(owner_client, players):
    ann, bob, _, dee = players
    data = {"kind": "fortyfives", "players": [dee.pk, ann.pk, bob.pk], "first_dealer": ann.pk}
    response = owner_client.post(reverse("game_new"), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Forty Fives is for exactly 4 players, not 3" in html
    # Seated first, in seat order, numbered; so that a phone without JavaScript posts them in
    # that order again. The dealer tapped is still ticked.
    assert chip_order(html) == [("Dee", "1"), ("Ann", "2"), ("Bob", "3"), ("Cy", "")]
    assert first_dealer(html) == str(ann.pk)
    assert not Game.objects.exists()


def test_the_new_game_form_is_sent_to_its_games_address_so_a_language_switch_returns_to_it(
    owner_client, players
):
    """After a refused start the phone is at the address the form was sent to: with the game
    in it, the footer's language switch comes back to that game's form, not to "Which game?"."""
    url = reverse("game_new") + "?kind=fortyfives"
    form = parse(owner_client.get(url)).find("form#new-game")
    assert form["action"] == url
    refused = owner_client.post(form["action"], {"kind": "fortyfives", "players": [players[0].pk]})
    back = parse(refused).find("footer input[name=next]")["value"]
    assert back == url


def test_the_same_player_twice_is_refused(owner_client, players):
    ann, bob, _, _ = players
    data = {"kind": "fourscore", "players": [ann.pk, bob.pk, ann.pk], "option_deals": 1}
    response = owner_client.post(reverse("game_new"), data)
    assert "A player can only have one seat." in response.content.decode()
    assert not Game.objects.exists()


def test_another_users_player_cannot_be_tapped_in(owner_client, players, outsider):
    mallory = Player.add(outsider, "Mallory")
    data = {"kind": "fourscore", "players": [players[0].pk, mallory.pk], "option_deals": 1}
    response = owner_client.post(reverse("game_new"), data)
    assert "Only your own players can be seated." in response.content.decode()
    assert "Mallory" not in response.content.decode()
    assert not Game.objects.exists()


# --- The first dealer, by name ---


def test_the_first_dealer_is_picked_by_name_not_by_seat(owner_client, players):
    ann, bob, cy, _ = players
    html = owner_client.get(new_game("fourscore")).content.decode()
    assert "Seat 1" not in html
    assert f'<input type="radio" name="first_dealer" value="{bob.pk}"> <bdi>Bob</bdi>' in html
    data = {"kind": "fourscore", "players": [ann.pk, bob.pk, cy.pk], "first_dealer": bob.pk}
    owner_client.post(reverse("game_new"), {**data, "option_deals": 1})
    assert Game.objects.get().first_dealer == bob


def test_a_dealer_who_is_not_playing_is_refused_by_name(owner_client, players):
    ann, bob, _, dee = players
    data = {"kind": "fourscore", "players": [ann.pk, bob.pk], "first_dealer": dee.pk}
    response = owner_client.post(reverse("game_new"), {**data, "option_deals": 1})
    assert "Dee is not playing: tap one of the players in the game to deal first." in (
        response.content.decode()
    )
    assert not Game.objects.exists()


# --- New names: in place with the script, with the form without it ---


def test_the_script_adds_a_player_in_place_and_gets_them_back_as_json(owner_client, owner):
    url = reverse("player_add")
    response = owner_client.post(url, {"name": " Zoë "}, HTTP_ACCEPT="application/json")
    assert response.status_code == 201
    zoe = Player.objects.get(owner=owner)
    assert response.json() == {"id": zoe.pk, "name": "Zoë"}
    # The same name again (any case) is the same player: the page seats them.
    again = owner_client.post(url, {"name": "ZOË"}, HTTP_ACCEPT="application/json")
    assert (again.status_code, again.json()) == (200, {"id": zoe.pk, "name": "Zoë"})
    assert Player.objects.filter(owner=owner).count() == 1


def test_the_script_gets_a_clear_message_for_a_name_that_cannot_be(owner_client, owner):
    url = reverse("player_add")
    for name, message in [
        ("", "A player's name can be 1 to 40 characters."),
        ("x" * 41, "A player's name can be at most 40 characters."),
        ("\u200b", "A player's name can't be empty (or only invisible characters)."),
    ]:
        response = owner_client.post(url, {"name": name}, HTTP_ACCEPT="application/json")
        assert response.status_code == 400
        assert response.json()["error"] == message
    assert not Player.objects.exists()


def test_the_page_has_the_script_and_the_box_for_new_names_before_start(owner_client, players):
    html = owner_client.get(new_game("fortybelow")).content.decode()
    assert "js/setup.js" in html
    assert html.index('name="new_players"') < html.index("Start the game")
    assert html.index('name="add"') < html.index("Start the game")  # Enter in the box adds


def test_without_javascript_add_comes_back_with_the_new_players_seated(owner_client, players):
    bob = players[1]
    data = {
        "kind": "fortybelow",
        "players": [bob.pk],
        "new_players": "Zoë, ann, Émile",
        "first_dealer": bob.pk,
        "option_rounds": 4,
        "add": "1",
    }
    response = owner_client.post(reverse("game_new"), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Zoë, Émile joined your circle." in html
    # Bob, then the names in the order typed; "ann" is Ann.
    assert [c for c in chip_order(html) if c[1]] == [
        ("Bob", "1"),
        ("Zoë", "2"),
        ("Ann", "3"),
        ("Émile", "4"),
    ]
    assert 'name="new_players" id="id_new_players" value=""' in html
    assert 'name="option_rounds" value="4"' in html
    assert first_dealer(html) == str(bob.pk)
    assert not Game.objects.exists()


def test_names_typed_with_the_form_join_the_game_after_the_players_tapped(owner_client, players):
    bob = players[1]
    data = {"kind": "fourscore", "players": [bob.pk], "new_players": "Zoë\nann", "option_deals": 1}
    assert owner_client.post(reverse("game_new"), data).status_code == 302
    assert seated(Game.objects.get()) == ["Bob", "Zoë", "Ann"]
    assert Player.objects.filter(name="Zoë").exists()


def test_a_refused_game_adds_none_of_the_names_typed_and_keeps_them(owner_client, players):
    data = {"kind": "fortyfives", "players": [players[0].pk], "new_players": "Zoë, Yann"}
    response = owner_client.post(reverse("game_new"), data)
    html = response.content.decode()
    assert "Forty Fives is for exactly 4 players, not 3" in html
    assert 'value="Zoë, Yann"' in html
    assert not Player.objects.filter(name__in=["Zoë", "Yann"]).exists()


def test_a_name_that_cannot_be_is_refused_with_a_message_and_nothing_lost(owner_client, players):
    data = {"kind": "fourscore", "players": [players[0].pk], "new_players": "Zoë, " + "x" * 41}
    response = owner_client.post(reverse("game_new"), data)
    html = response.content.decode()
    assert "A player&#x27;s name can be at most 40 characters." in html
    assert f'value="Zoë, {"x" * 41}"' in html
    assert not Game.objects.exists()
    assert not Player.objects.filter(name="Zoë").exists()


# --- Options in words ---


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("under10", ["When the game ends", "When one player is left standing"]),
        ("under10", ["When the first player goes above 150"]),
        ("fortyfives", ["Thirty for sixty", "On the green", "Over 100 bids at least 20"]),
        ("fortybelow", ["Rounds in the game"]),
        ("fourscore", ["Deals in the match"]),
    ],
)
def test_options_are_in_words(owner_client, players, kind, words):
    html = owner_client.get(new_game(kind)).content.decode()
    for text in words:
        assert text in html
    # Raw values only as the inputs' values, never as words on the page.
    assert "_" not in parse(html).text


def test_the_option_in_words_is_saved_as_its_value(owner_client, players):
    data = {"kind": "under10", "players": [p.pk for p in players[:3]], "option_end": "first_out"}
    owner_client.post(reverse("game_new"), data)
    assert Game.objects.get().options == {"end": "first_out"}


# --- Home: two games of one kind told apart ---


def test_home_tells_two_games_of_the_same_kind_apart(owner_client, owner, players):
    ann, bob, cy, dee = players
    night = GameNight.tonight(owner)
    first = Game.start(owner, "fortytwo", [ann, bob, cy], first_dealer=cy, night=night)
    second = Game.start(owner, "fortytwo", [dee, ann, bob], night=night)
    bid_and_took = [(ann, 2, 2), (bob, 2, 2), (cy, 2, 3)]  # Cy deals, bids last
    hands = [{"player": p.pk, "bid": bid, "tricks": took} for p, bid, took in bid_and_took]
    first.add_round({"hands": hands}, owner)
    html = owner_client.get(reverse("home")).content.decode()
    started = timezone.localtime(first.created).strftime("%H:%M")
    lines: dict[str, list[str]] = {}  # tonight's list, then the games still playing
    for link in parse(html).find_all("a[href^=/games/]"):
        if re.fullmatch(r"/games/\d+/", link["href"]):
            lines.setdefault(link["href"].split("/")[2], []).append(link.text)
    assert list(lines) == [str(second.pk), str(first.pk)]  # the newest first
    first_lines, second_lines = lines[str(first.pk)], lines[str(second.pk)]
    assert first_lines[0] == f"42 Ann, Bob, Cy started {started} · 1 round playing"
    assert second_lines[0] == f"42 Dee, Ann, Bob started {started} · 0 rounds playing"
    day = timezone.localtime(first.created).strftime("%a %-d %b")
    assert first_lines[1] == f"42 Ann, Bob, Cy started {day}, {started} · 1 round playing"
