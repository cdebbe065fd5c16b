"""The watch link (games.views.game_shared, templates/games/game_shared.html, watch_link.html):
its poll brings the chart along, a link turned off says so and stops the polling, and the link
can be passed on whole, by a copy button or by a QR code drawn on the server."""

import re

import pytest
import zxingcpp
from django.test import Client
from django.urls import reverse
from PIL import Image, ImageDraw

from games.models import Game

from . import factories
from .markup import parse

pytestmark = pytest.mark.django_db
POLL = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def seated(owner):
    return factories.add_players(owner, ["Ann", "Bob", "Cy"])


@pytest.fixture
def game(owner, seated):
    """FourScore, three deals, one dealt, shared."""
    game = Game.start(owner, "fourscore", seated, options={"deals": 3})
    game.add_round(
        {"hands": [{"player": p.pk, "pile": n} for p, n in zip(seated, (6, 3, 9), strict=True)]},
        owner,
    )
    game.share()
    return Game.objects.get(pk=game.pk)


def watch_url(game):
    return reverse("game_shared", args=[game.share_token])


def chart_section(html):
    return parse(html).find("section#chart")


def post_forms(html) -> list[str]:
    """The action of each form the page posts."""
    return [form["action"] for form in parse(html).find_all("form[method=post]")]


def qr_modules(svg: str) -> tuple[int, set[tuple[int, int]]]:
    """The dark modules of a QR code drawn as segno draws it (one path of horizontal runs:
    M x y, m dx dy, h n, each run on the row y - 0.5), read back from the page's markup."""
    drawing = parse(svg).find("svg")
    _, _, size, height = (int(number) for number in drawing["viewbox"].split())
    assert size == height, drawing
    path = drawing.find("path[stroke='#000']")["d"]
    dark, x, y = set(), 0.0, 0.0
    for command, numbers in re.findall(r"([Mmh])([^Mmh]+)", path):
        values = [float(value) for value in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        else:
            dark.update((int(x) + step, int(y - 0.5)) for step in range(int(values[0])))
            x += values[0]
    return size, dark


def read_qr(svg: str) -> list[str]:
    size, dark = qr_modules(svg)
    scale = 8
    image = Image.new("L", (size * scale, size * scale), 255)
    draw = ImageDraw.Draw(image)
    for column, row in dark:
        box = (column * scale, row * scale, (column + 1) * scale - 1, (row + 1) * scale - 1)
        draw.rectangle(box, fill=0)
    return [code.text for code in zxingcpp.read_barcodes(image)]


# --- The chart follows the game ---


def test_a_poll_brings_the_chart_out_of_band_with_the_scoreboard(client, game):
    response = client.get(watch_url(game), **POLL)
    html = response.content.decode().strip()
    assert html.startswith('<section id="scoreboard"')
    chart = chart_section(html)
    assert chart["hx-swap-oob"] == "true"
    assert "running totals over 1 round" in chart.markup


def test_the_chart_is_on_the_page_before_any_round_so_a_poll_can_fill_it(client, owner, seated):
    game = Game.start(owner, "fourscore", seated, options={"deals": 2})
    game.share()
    html = client.get(watch_url(game)).content.decode()
    chart = chart_section(html)
    assert chart.has("hidden")
    assert chart.first("svg") is None
    assert not chart.has("hx-swap-oob")  # the page itself swaps nothing


def test_the_owners_poll_brings_the_chart_and_its_csv_link_too(owner_client, game):
    html = owner_client.get(reverse("game_detail", args=[game.pk]), **POLL).content.decode()
    chart = chart_section(html)
    assert chart["hx-swap-oob"] == "true" and chart.first("svg")
    csv = reverse("game_csv", args=[game.pk])
    assert chart.first(f"a[href='{csv}']")


def test_an_unchanged_poll_still_answers_304(client, game):
    first = client.get(watch_url(game), **POLL)
    again = client.get(watch_url(game), **POLL, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


# --- A link turned off ---


def test_a_poll_of_a_link_turned_off_gets_a_notice_in_place_of_the_board(client, game):
    url = watch_url(game)
    game.stop_sharing()
    response = client.get(url, **POLL)
    html = response.content.decode()
    assert response.status_code == 404
    assert html.strip().startswith('<section id="scoreboard" class="banner link-off" role="alert">')
    assert "The owner turned this link off." in html
    assert "hx-trigger" not in html and "hx-get" not in html  # the polling ends with it
    assert '<section id="chart" hidden hx-swap-oob="true"></section>' in html
    assert '<section id="watch-link" hidden hx-swap-oob="true"></section>' in html
    assert "<html" not in html
    # Once the owner turns the same link back on, the notice's link shows the board again.
    look_again = parse(html).find("a.button")
    assert (look_again.text, look_again["href"]) == ("Look again", url)
    game.share(again=True)
    assert client.get(look_again["href"]).status_code == 200


def test_a_visit_to_a_link_turned_off_says_so_on_a_whole_page(client, game):
    url = watch_url(game)
    game.stop_sharing()
    response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 404
    assert html.startswith("<!doctype html>")
    assert "This watch link is off" in html
    assert 'id="scoreboard"' not in html


def test_a_made_up_link_is_404_and_shows_no_game(client, game):
    response = client.get(reverse("game_shared", args=["W" * 43]))
    assert response.status_code == 404
    assert "Ann" not in response.content.decode()


def test_the_watching_page_loads_the_script_that_shows_the_notice(client, game):
    html = client.get(watch_url(game)).content.decode()
    assert '<script src="/static/js/watch.js" defer></script>' in html


# --- Passing the link on ---


def test_the_owners_page_shows_the_whole_link_a_copy_button_and_its_qr_code(owner_client, game):
    html = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    full = f"http://testserver{watch_url(game)}"
    assert f'<a class="watch-url" href="{watch_url(game)}">{full}</a>' in html
    assert f'<button class="button" type="button" data-copy="{full}" hidden>Copy the link' in html
    qr = parse(html).find("svg.qr[role=img]")
    assert qr["aria-label"] == f"QR code of the watch link: {full}"
    assert read_qr(qr.markup) == [full]
    assert "Turn the link off" in html


def test_a_link_turned_off_by_mistake_comes_back_the_same(owner, owner_client, game):
    sent_round = watch_url(game)
    share = reverse("game_share", args=[game.pk])
    page = owner_client.post(share, {"action": "stop"}, follow=True)
    assert "The watch link is off." in page.content.decode()
    assert owner_client.get(sent_round).status_code == 404
    form = parse(page).find("input[name=action][value=again]").parent
    assert form["action"] == share
    assert form.find("button").text == "Turn the same link back on"
    # From any of the owner's phones, and after a round saved meanwhile.
    other_phone = Client()
    other_phone.force_login(owner)
    game.add_round({"hands": [{"player": s.player_id, "pile": 4} for s in game.seats]}, owner)
    html = other_phone.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "Turn the same link back on" in html and "Share a new watch link" in html
    other_phone.post(share, {"action": "again"})
    assert watch_url(Game.objects.get(pk=game.pk)) == sent_round
    assert owner_client.get(sent_round).status_code == 200
    # A new link made (on whichever phone), the one before is gone for good: turned off in its
    # turn, the new one is what comes back.
    owner_client.post(share, {"action": "stop"})
    other_phone.post(share)
    new = watch_url(Game.objects.get(pk=game.pk))
    assert new != sent_round
    other_phone.post(share, {"action": "stop"})
    owner_client.post(share, {"action": "again"})
    assert watch_url(Game.objects.get(pk=game.pk)) == new
    assert owner_client.get(sent_round).status_code == 404


def test_the_qr_code_follows_the_address_the_page_was_asked_at(game):
    html = Client(HTTP_HOST="127.0.0.1:8000").get(watch_url(game)).content.decode()
    qr = parse(html).find("svg.qr[role=img]")
    assert read_qr(qr.markup) == [f"http://127.0.0.1:8000{watch_url(game)}"]


def test_a_watcher_can_pass_the_link_on_but_not_turn_it_off(client, game):
    html = client.get(watch_url(game)).content.decode()
    assert "Show this board on another phone" in html
    assert 'class="qr"' in html and "data-copy=" in html
    assert "Turn the link off" not in html
    # The one form is the footer's language switch, which changes nothing in the game.
    assert post_forms(html) == [reverse("set_language")]


def test_a_game_not_shared_has_no_link_qr_code_or_script(owner_client, owner, seated):
    game = Game.start(owner, "fourscore", seated, options={"deals": 2})
    html = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "Share a watch link" in html
    assert 'class="qr"' not in html and "watch.js" not in html


@pytest.mark.parametrize("whose", ["owner", "watcher"])
def test_no_style_attribute_anywhere_for_the_content_security_policy(
    owner_client, client, game, whose
):
    url = reverse("game_detail", args=[game.pk]) if whose == "owner" else watch_url(game)
    html = (owner_client if whose == "owner" else client).get(url).content.decode()
    assert "<svg" in html
    assert [element for element in parse(html).iter() if element.has("style")] == []
