"""The phone pages around a game: home, starting a game, the scoreboard, sharing, playing again."""

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, GameNight, Player
from tests.factories import piles
from tests.markup import parse

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(owner, players):
    """A FourScore match of three deals, not yet started."""
    return Game.start(owner, "fourscore", players[:3], options={"deals": 3})


def seated(game):
    return [seat.player for seat in game.seats]


def new_game_data(kind, seated, *, first_dealer=0, **options):
    """The new-game form as posted: the players in seat order, the dealer by seat."""
    data = {"kind": kind, "players": [player.pk for player in seated]}
    data["first_dealer"] = seated[first_dealer].pk if first_dealer < len(seated) else ""
    data.update({f"option_{name}": value for name, value in options.items()})
    return data


def fragment_headers(**extra):
    return {"HTTP_HX_REQUEST": "true", **extra}


# --- Home ---


def test_the_home_page_lists_tonight_and_the_games_still_playing(owner_client, owner, game):
    game.night = GameNight.tonight(owner)
    game.save()
    response = owner_client.get(reverse("home"))
    assert response.status_code == 200
    assert response.context["tonight"] == game.night
    assert list(response.context["running"]) == [game]
    assert reverse("game_detail", args=[game.pk]).encode() in response.content


def test_the_home_page_shows_nothing_of_other_peoples_games(outsider_client, game):
    response = outsider_client.get(reverse("home"))
    assert response.context["tonight"] is None
    assert list(response.context["running"]) == []
    assert reverse("game_detail", args=[game.pk]).encode() not in response.content


def test_anonymous_visitors_see_the_landing_page_at_home(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert response.templates[0].name == "landing.html"


# --- New game ---


def test_the_new_game_page_first_asks_which_game(owner_client):
    response = owner_client.get(reverse("game_new"))
    assert response.status_code == 200
    for kind in ("fortybelow", "fortytwo", "under10", "fortyfives", "fourscore"):
        assert f"?kind={kind}".encode() in response.content


def test_the_new_game_form_offers_only_the_users_own_players(owner_client, players, outsider):
    Player.add(outsider, "Mallory")
    response = owner_client.get(reverse("game_new"), {"kind": "fourscore"})
    assert response.status_code == 200
    assert b"New game of FourScore" in response.content
    assert b"Ann" in response.content
    assert b"Mallory" not in response.content


@pytest.mark.parametrize(
    ("kind", "seats", "options", "stored_options"),
    [
        ("fortybelow", 2, {"rounds": 5}, {"rounds": 5}),
        ("fortytwo", 3, {}, {}),
        ("under10", 3, {"end": "first_out"}, {"end": "first_out"}),
        (
            "fortyfives",
            4,
            {"on_the_green": "on", "no_minimum_bid": "on"},
            {
                "thirty_for_sixty": False,
                "on_the_green": True,
                "no_minimum_bid": True,
                "hundred_bids_twenty": False,
            },
        ),
        ("fourscore", 2, {"deals": 4}, {"deals": 4}),
    ],
)
def test_it_starts_each_kind_of_game_with_its_seats_dealer_and_options(
    owner_client, owner, players, kind, seats, options, stored_options
):
    seated = players[:seats]
    response = owner_client.post(
        reverse("game_new"), new_game_data(kind, seated, first_dealer=1, **options)
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("game_detail", args=[game.pk])
    assert game.kind == kind
    assert game.owner == owner
    assert [seat.player for seat in game.seats] == seated
    assert game.first_dealer == seated[1]
    assert game.options == stored_options
    assert game.night == GameNight.objects.get(owner=owner)


def test_forty_fives_seats_partners_opposite(owner_client, players):
    owner_client.post(reverse("game_new"), new_game_data("fortyfives", players))
    game = Game.objects.get()
    assert [(seat.player.name, seat.team) for seat in game.seats] == [
        ("Ann", "A"),
        ("Bob", "B"),
        ("Cy", "A"),
        ("Dee", "B"),
    ]


def test_the_dealer_is_the_player_tapped_not_a_seat_number(owner_client, players):
    ann, bob, cy, _ = players
    data = {"kind": "fourscore", "players": [cy.pk, ann.pk, bob.pk], "option_deals": 1}
    owner_client.post(reverse("game_new"), {**data, "first_dealer": bob.pk})
    assert Game.objects.get().first_dealer == bob


def test_it_refuses_a_dealer_who_is_not_playing(owner_client, players):
    ann, bob, cy, _ = players
    data = {"kind": "fourscore", "players": [ann.pk, bob.pk], "option_deals": 1}
    response = owner_client.post(reverse("game_new"), {**data, "first_dealer": cy.pk})
    assert response.status_code == 200
    assert b"Cy is not playing" in response.content
    assert not Game.objects.exists()


def test_too_few_players_are_refused_with_the_rule_and_nothing_saved(owner_client, players):
    response = owner_client.post(reverse("game_new"), new_game_data("fortyfives", players[:3]))
    assert response.status_code == 200
    assert b"Forty Fives is for exactly 4 players, not 3" in response.content
    assert not Game.objects.exists()


def test_a_player_in_two_seats_is_refused(owner_client, players):
    ann, bob, _, _ = players
    data = new_game_data("fourscore", [ann, bob, ann], deals=1)
    response = owner_client.post(reverse("game_new"), data)
    assert response.status_code == 200
    assert b"A player can only have one seat." in response.content
    assert not Game.objects.exists()


def test_another_users_player_cannot_be_seated(owner_client, players, outsider):
    mallory = Player.add(outsider, "Mallory")
    data = new_game_data("fourscore", [players[0], mallory], deals=1)
    response = owner_client.post(reverse("game_new"), data)
    assert response.status_code == 200
    assert not Game.objects.exists()


# --- Adding a player ---


def test_it_adds_a_player_and_goes_back_to_the_new_game_form(owner_client, owner):
    response = owner_client.post(reverse("player_add"), {"name": " Zoë ", "kind": "fortytwo"})
    assert response.status_code == 302
    assert response.url == reverse("game_new") + "?kind=fortytwo"
    assert list(Player.objects.filter(owner=owner).values_list("name", flat=True)) == ["Zoë"]
    page = owner_client.get(response.url)
    assert "Zoë joined your circle." in page.content.decode()


def test_a_second_player_with_the_same_name_is_refused(owner_client, players):
    response = owner_client.post(reverse("player_add"), {"name": "ANN"}, follow=True)
    # Named as the circle spells them, not as typed.
    assert "You already have a player called Ann." in response.content.decode()
    assert Player.objects.filter(name__iexact="ann").count() == 1


def test_an_unknown_kind_goes_back_to_the_plain_new_game_page(owner_client):
    response = owner_client.post(reverse("player_add"), {"name": "Zoë", "kind": "chess"})
    assert response.url == reverse("game_new")


def test_a_player_added_by_an_outsider_joins_their_own_circle(outsider_client, outsider, players):
    outsider_client.post(reverse("player_add"), {"name": "Ann"})
    assert Player.objects.get(owner=outsider).name == "Ann"


# --- The scoreboard ---


def test_the_scoreboard_page_shows_the_totals_and_the_next_round(owner_client, owner, game):
    game.add_round(piles(seated(game), 5, 2, 9), owner)
    response = owner_client.get(reverse("game_detail", args=[game.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.startswith("<!doctype html>")
    assert '<section id="scoreboard"' in html
    assert "Enter round 2" in html
    assert [column.total for column in response.context["table"].columns] == [5, 2, 9]
    assert 'href="rounds/1/"' in html  # the round's explanation, with its edit link
    explained = owner_client.get(reverse("round_detail", args=[game.pk, 1])).content.decode()
    assert reverse("round_edit", args=[game.pk, 1]) in explained


def test_htmx_polling_gets_the_scoreboard_and_what_follows_the_round_out_of_band(
    owner_client, game
):
    response = owner_client.get(reverse("game_detail", args=[game.pk]), **fragment_headers())
    html = response.content.decode().strip()
    assert response.status_code == 200
    assert html.startswith('<section id="scoreboard"')
    assert "<html" not in html
    assert "HX-Request" in response["Vary"]
    # Everything else it holds goes to its own place further down the page.
    page = parse(html)
    swapped = [element["id"] for element in page.find_all("[hx-swap-oob]")]
    assert swapped == ["actions", "round-tools", "chart", "phones"]
    tops = [child for child in page.children if not isinstance(child, str)]
    assert [element["id"] for element in tops] == ["scoreboard", *swapped]


def poll(client, game, etag=""):
    url = reverse("game_detail", args=[game.pk])
    return client.get(url, **fragment_headers(HTTP_IF_NONE_MATCH=etag))


def test_a_round_saved_elsewhere_moves_the_actions_the_chart_and_its_csv_link_on(
    owner_client, owner, game
):
    """The owner's page follows a round saved on another phone or by the API: its buttons
    open the next round and undo the last, not the ones the page was drawn with."""
    game.add_round(piles(seated(game), 5, 2, 9), owner)
    first = poll(owner_client, game)
    game.add_round(piles(seated(game), 1, 2, 3), owner)
    again = poll(owner_client, game, first["ETag"])
    assert again.status_code == 200
    page = parse(again)
    assert page.find("#actions a.primary").text == "Enter round 3"
    assert page.find("#actions a.primary")["href"] == reverse("round_new", args=[game.pk])
    undo = page.find("#round-tools form.undo")
    assert undo["action"] == reverse("round_delete", args=[game.pk, 2])
    assert undo.find("button").text == "Undo round 2"
    assert page.first("#round-tools input[name=csrfmiddlewaretoken]") is not None
    chart = page.find("#chart")
    assert not chart.has("hidden") and "over 2 rounds" in chart.find("svg")["aria-label"]
    assert chart.find("a[download]")["href"] == reverse("game_csv", args=[game.pk])
    # Nothing changed since: 304, and the page keeps what it has.
    assert poll(owner_client, game, again["ETag"]).status_code == 304


def test_a_game_finished_elsewhere_offers_play_again_and_takes_the_phones_card_away(
    owner_client, owner, game
):
    first = poll(owner_client, game)
    assert parse(first).find("section#phones").text.startswith("Players' phones")
    for counts in ((5, 2, 9), (1, 2, 3), (4, 4, 4)):
        game.add_round(piles(seated(game), *counts), owner)
    page = parse(poll(owner_client, game, first["ETag"]))
    assert page.find("#actions button").text == "Play again"
    assert "sticky-actions" not in page.find("#actions").classes
    assert page.find("#round-tools").text == "Undo round 3 Tap a round's number to see or fix it."
    phones = page.find("#phones")
    assert phones.tag == "div" and phones.has("hidden") and not phones.children


def test_turning_the_players_phones_on_changes_the_polls_version(owner_client, game):
    """While on, the phones' card polls itself: the game page's poll no longer draws it."""
    first = poll(owner_client, game)
    owner_client.post(reverse("game_phones", args=[game.pk]), {"action": "on"})
    again = poll(owner_client, game, first["ETag"])
    assert again.status_code == 200
    assert parse(again).first("#phones") is None


def test_an_unchanged_poll_answers_304(owner_client, game):
    url = reverse("game_detail", args=[game.pk])
    first = owner_client.get(url, **fragment_headers())
    again = owner_client.get(url, **fragment_headers(HTTP_IF_NONE_MATCH=first["ETag"]))
    assert again.status_code == 304
    assert again.content == b""


def test_an_unchanged_poll_answers_304_when_the_poll_was_gzipped(owner_client, game):
    # GZipMiddleware weakens the ETag to W/"..." and the browser sends that back.
    url = reverse("game_detail", args=[game.pk])
    gzipped = fragment_headers(HTTP_ACCEPT_ENCODING="gzip")
    first = owner_client.get(url, **gzipped)
    assert first["ETag"].startswith("W/")
    again = owner_client.get(url, **gzipped, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_a_poll_after_a_new_round_gets_the_new_scoreboard(owner_client, owner, game):
    url = reverse("game_detail", args=[game.pk])
    first = owner_client.get(url, **fragment_headers())
    game.add_round(piles(seated(game), 1, 2, 3), owner)
    again = owner_client.get(url, **fragment_headers(HTTP_IF_NONE_MATCH=first["ETag"]))
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]


def test_the_back_button_gets_the_whole_page_even_with_the_polls_etag(owner_client, game):
    url = reverse("game_detail", args=[game.pk])
    poll = owner_client.get(url, **fragment_headers())
    restore = owner_client.get(
        url,
        **fragment_headers(HTTP_HX_HISTORY_RESTORE_REQUEST="true", HTTP_IF_NONE_MATCH=poll["ETag"]),
    )
    assert restore.status_code == 200
    assert restore.content.decode().startswith("<!doctype html>")


def test_a_message_after_a_redirect_is_not_hidden_by_a_304(owner_client, game):
    url = reverse("game_detail", args=[game.pk])
    page = owner_client.get(url)
    owner_client.post(reverse("game_share", args=[game.pk]), {"action": "stop"})
    response = owner_client.get(url, HTTP_IF_NONE_MATCH=page.get("ETag", ""))
    assert response.status_code == 200
    assert "The watch link is off." in response.content.decode()


# --- Sharing ---


def test_sharing_makes_a_link_the_page_shows(owner_client, game):
    response = owner_client.post(reverse("game_share", args=[game.pk]), follow=True)
    game.refresh_from_db()
    assert game.share_token
    assert reverse("game_shared", args=[game.share_token]) in response.content.decode()
    assert "Turn the link off" in response.content.decode()


def test_the_share_link_is_read_only_and_needs_no_login(client, owner, game):
    game.add_round(piles(seated(game), 5, 2, 9), owner)
    token = game.share()
    response = client.get(reverse("game_shared", args=[token]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "watching" in html
    assert [column.total for column in response.context["table"].columns] == [5, 2, 9]
    assert reverse("round_edit", args=[game.pk, 1]) not in html
    assert reverse("round_new", args=[game.pk]) not in html
    # The one form is the footer's language switch, which changes nothing in the game.
    assert [form["action"] for form in parse(html).find_all("form[method=post]")] == [
        reverse("set_language")
    ]


def test_the_share_link_polls_its_own_fragment(client, game):
    token = game.share()
    url = reverse("game_shared", args=[token])
    response = client.get(url, **fragment_headers())
    html = response.content.decode().strip()
    assert html.startswith('<section id="scoreboard"')
    assert f'hx-get="{url}"' in html
    again = client.get(url, **fragment_headers(HTTP_IF_NONE_MATCH=response["ETag"]))
    assert again.status_code == 304


def test_turning_the_link_off_makes_it_404(owner_client, client, game):
    token = game.share()
    owner_client.post(reverse("game_share", args=[game.pk]), {"action": "stop"})
    game.refresh_from_db()
    assert game.share_token is None
    assert client.get(reverse("game_shared", args=[token])).status_code == 404


def test_a_made_up_share_token_is_404(client, game):
    game.share()
    assert client.get(reverse("game_shared", args=["not-the-token"])).status_code == 404


# --- Playing again ---


def test_play_again_starts_the_same_game_with_the_next_dealer(owner_client, owner, players):
    ann, bob, cy, _ = players
    game = Game.start(owner, "fourscore", [ann, bob, cy], first_dealer=bob, options={"deals": 1})
    game.add_round(piles([ann, bob, cy], 5, 2, 9), owner)
    page = owner_client.get(reverse("game_detail", args=[game.pk]))
    assert "Play again" in page.content.decode()
    response = owner_client.post(reverse("game_again", args=[game.pk]))
    again = Game.objects.exclude(pk=game.pk).get()
    # Its page offers to take the new game back (tests/test_one_tap_undo.py).
    assert response.url == reverse("game_detail", args=[again.pk]) + f"?again={game.pk}"
    assert again.kind == "fourscore"
    assert [seat.player for seat in again.seats] == [ann, bob, cy]
    assert again.first_dealer == cy
    assert again.options == {"deals": 1}
    assert not again.rounds.exists()


# --- Who may see and do what ---


def owner_pages(game):
    return [
        reverse("game_detail", args=[game.pk]),
        reverse("round_new", args=[game.pk]),
        reverse("round_edit", args=[game.pk, 1]),
    ]


def owner_actions(game, revision_pk):
    return [
        reverse("game_share", args=[game.pk]),
        reverse("game_again", args=[game.pk]),
        reverse("round_new", args=[game.pk]),
        reverse("round_preview", args=[game.pk]),
        reverse("round_edit", args=[game.pk, 1]),
        reverse("round_delete", args=[game.pk, 1]),
        reverse("revision_restore", args=[game.pk, revision_pk]),
    ]


@pytest.fixture
def played(owner, game):
    """The game with one round, and a kept revision of it."""
    game.add_round(piles(seated(game), 1, 2, 3), owner)
    game.replace_round(1, piles(seated(game), 3, 2, 1), owner)
    return game


def test_another_user_gets_404_for_every_page_of_the_owners_game(outsider_client, played):
    for url in owner_pages(played):
        assert outsider_client.get(url).status_code == 404, url
        assert outsider_client.get(url, **fragment_headers()).status_code == 404, url


def test_another_user_gets_404_for_every_action_on_the_owners_game(outsider_client, played):
    revision = played.revisions.get()
    data = {"number": 1, **{f"pile_{s.player_id}": 0 for s in played.seats}}
    for url in owner_actions(played, revision.pk):
        assert outsider_client.post(url, data).status_code == 404, url
    played.refresh_from_db()
    assert played.share_token is None
    assert played.rounds.get().entry == piles(seated(played), 3, 2, 1)
    assert Game.objects.count() == 1


@pytest.mark.parametrize("url", [reverse("game_new")])
def test_anonymous_users_are_sent_to_log_in_for_the_new_game_page(client, url):
    response = client.get(url)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_anonymous_users_are_sent_to_log_in_for_every_game_page_and_action(client, played):
    revision = played.revisions.get()
    for url in owner_pages(played):
        response = client.get(url)
        assert response.status_code == 302, url
        assert response.url == f"{reverse('login')}?next={url}"
    for url in [reverse("player_add"), reverse("game_new"), *owner_actions(played, revision.pk)]:
        response = client.post(url, {"number": 1, "name": "Eve"})
        assert response.status_code == 302, url
        assert response.url.startswith(reverse("login"))
    assert not Player.objects.filter(name="Eve").exists()
    assert played.revisions.count() == 1


def test_a_post_without_the_csrf_token_is_refused(owner, game):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    response = client.post(reverse("game_share", args=[game.pk]))
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.share_token is None


def test_a_post_with_the_pages_csrf_token_is_accepted(owner, game):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    page = client.get(reverse("game_detail", args=[game.pk]))
    token = page.context["csrf_token"]
    response = client.post(reverse("game_share", args=[game.pk]), {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
