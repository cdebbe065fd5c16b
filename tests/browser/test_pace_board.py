"""The scoreboard as a score pad and the watch link, on a 360 x 740 phone: a finished board fits
two screens, every tap target is 44 px, a round's explanation is one tap away, and a watching
phone follows the game (the chart too), is told when the link is turned off, and can pass the
link on by copying it or by its QR code."""

import io
import re
from itertools import pairwise

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from .. import factories, pace_games
from .conftest import PHONE, log_in, poll_now, save_screenshot

pytestmark = pytest.mark.browser

TWO_SCREENS = 2 * PHONE["height"]

# Every tap target on the page, as (what, width, height), that is shown and under 44 px.
SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
    'a, button, summary, select, input:not([type=hidden]), textarea'))
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map((el) => [el.outerHTML.slice(0, 80), el.getBoundingClientRect()])
  .filter(([, box]) => box.width < 44 || box.height < 44)
  .map(([what, box]) => [what, Math.round(box.width), Math.round(box.height)])"""

# The headings' levels in page order: each at most one deeper than the one before.
HEADINGS = """() => Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'))
  .filter((el) => el.getClientRects().length).map((el) => Number(el.tagName[1]))"""


@pytest.fixture
def phone(browser, live_server, user):
    """A 360 x 740 phone signed in as the user."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    log_in(page, live_server)
    yield page
    context.close()


@pytest.fixture
def watcher(browser):
    """Another phone, not signed in."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    yield context.new_page()
    context.close()


def screens(page, name):
    """The page as the phone shows it, screen by screen from the top (a full-page capture would
    draw the sticky header and actions where no screen ever shows them): name-1.png, ..."""
    height = page_height(page)
    for number, top in enumerate(range(0, height, PHONE["height"]), start=1):
        page.evaluate("top => window.scrollTo(0, top)", top)
        save_screenshot(page, f"{name}-{number}")
    page.evaluate("() => window.scrollTo(0, 0)")


def page_height(page) -> int:
    return page.evaluate("() => document.documentElement.scrollHeight")


def board_height(page) -> int:
    """The page down to the end of its content: the language switch in the footer, under
    everything on every page (docs/languages.md), is not part of the board."""
    return page.evaluate(
        "() => document.documentElement.scrollHeight"
        " - (document.querySelector('footer.language')?.offsetHeight || 0)"
    )


def page_width(page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth")


def assert_fits_a_thumb(page):
    """No sideways scrolling, every tap target at least 44 px, headings without jumps."""
    assert page_width(page) <= PHONE["width"]
    assert page.evaluate(SMALL_TARGETS) == []
    levels = page.evaluate(HEADINGS)
    assert levels[0] == 1
    assert all(after <= before + 1 for before, after in pairwise(levels))


def test_a_finished_ten_round_six_player_fortybelow_board_fits_two_screens(
    phone, live_server, user
):
    game = pace_games.fortybelow(user, factories.add_players(user, pace_games.SIX_NAMES))
    game.share()
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    expect(phone.get_by_role("status").filter(has_text="Winner")).to_have_text("Winner: Dee")
    screens(phone, "pace-board-fortybelow-six-players")
    assert board_height(phone) <= TWO_SCREENS
    assert_fits_a_thumb(phone)
    # The totals are on top, beside the names, and the last round is on the first screen.
    totals = phone.locator("#scoreboard tr.totals")
    assert totals.bounding_box()["y"] < PHONE["height"] / 2
    last_round = phone.locator("#scoreboard tr.round").last
    assert last_round.bounding_box()["y"] + last_round.bounding_box()["height"] < PHONE["height"]

    phone.goto(f"{live_server.url}/s/{game.share_token}/")
    assert board_height(phone) <= TWO_SCREENS
    assert_fits_a_thumb(phone)


def test_while_playing_the_last_round_shows_above_the_enter_button_on_the_first_screen(
    phone, live_server, user
):
    seated = factories.add_players(user, pace_games.SIX_NAMES)
    game = pace_games.fortybelow(user, seated, rounds=10, played=9)
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    enter = phone.get_by_role("link", name="Enter round 10")
    expect(enter).to_be_in_viewport()
    expect(phone.locator("#scoreboard").get_by_text("deals next")).to_have_text("Dee deals next.")
    last_round = phone.locator("#scoreboard tr.round").last.bounding_box()
    assert last_round["y"] + last_round["height"] <= enter.bounding_box()["y"]
    assert_fits_a_thumb(phone)
    screens(phone, "pace-board-fortybelow-playing")


def test_the_totals_stay_on_screen_while_a_long_game_scrolls(phone, live_server, user):
    seated = factories.add_players(user, ["Ann", "Bob", "Cy"])
    game = pace_games.fourscore(user, seated, deals=20)
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.locator("#scoreboard tr.round").last.scroll_into_view_if_needed()
    assert phone.evaluate("() => window.scrollY") > 0
    box = phone.locator("#scoreboard tr.totals").bounding_box()
    assert 0 <= box["y"] < 120  # stuck under the names at the top of the screen
    totals = game.scoreboard.totals
    expect(phone.locator("#scoreboard tr.totals > *")).to_have_text(
        ["Total", *(str(totals[player.pk]) for player in seated)]
    )


def test_a_rounds_explanation_is_one_tap_on_its_number_and_its_edit_link_is_there(
    phone, live_server, user
):
    seated = factories.add_players(user, ["Ann", "Bob", "Cy"])
    game = pace_games.fortybelow(user, seated, rounds=3)
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    why = phone.locator("#why-2")
    expect(why).to_have_count(0)  # fetched when asked for, not in the page
    expect(phone.locator("#scoreboard tr.round").nth(1).locator("td")).to_have_text(
        ["11", "41", "12"]
    )
    number = phone.get_by_role("link", name="Round 2", exact=True)
    expect(number).to_have_attribute("aria-expanded", "false")
    number.click()
    expect(why).to_be_visible()
    expect(number).to_have_attribute("aria-expanded", "true")
    expect(number).to_be_focused()  # still where the thumb was: the swap keeps the focus
    expect(why).to_contain_text("Round 2, Bob dealt. Bob went out without the lowest hand: +20.")
    expect(why).to_contain_text("Bob 41, total 52: went out · go-out penalty +20")
    expect(why).to_contain_text(
        "Ann 11, total \N{MINUS SIGN}27: column 1 cancels · column 3 cancels"
    )
    expect(phone.locator("#why-1")).to_have_count(0)
    assert phone.url.endswith(f"/games/{game.pk}/")  # opened in place, not a new page
    number.click()  # a second tap folds it away again
    expect(why).to_have_count(0)
    expect(number).to_have_attribute("aria-expanded", "false")
    number.click()
    phone.get_by_role("link", name="Edit round 2").click()
    phone.wait_for_url(re.compile(r"/rounds/2/edit/$"))


def test_the_scoreboard_of_every_game_on_a_360_pixel_phone(phone, live_server, user):
    six = factories.add_players(user, pace_games.SIX_NAMES)
    games = {
        "fortybelow": pace_games.fortybelow(user, six[:4], rounds=6),
        "fortytwo": pace_games.fortytwo(user, six[:3]),
        "under10": pace_games.under10(user, six[:3]),
        "fortyfives": pace_games.fortyfives(user, six[:4]),
        "fourscore": pace_games.fourscore(user, six[:3]),
    }
    for kind, game in games.items():
        phone.goto(f"{live_server.url}/games/{game.pk}/")
        expect(phone.locator("#scoreboard tr.totals")).to_be_visible()
        phone.locator("#scoreboard a.why").first.click()  # one explanation open, as a tap would
        expect(phone.locator("#why-1")).to_be_visible()
        assert_fits_a_thumb(phone)
        screens(phone, f"pace-board-{kind}")
    # In Dutch too, whose longer words (the Undo button's) must still leave no sideways scroll.
    phone.context.set_extra_http_headers({"Accept-Language": "nl"})
    for game in games.values():
        phone.goto(f"{live_server.url}/games/{game.pk}/")
        expect(phone.locator("#scoreboard tr.totals")).to_be_visible()
        assert page_width(phone) <= PHONE["width"], game.kind
    phone.context.set_extra_http_headers({"Accept-Language": "en"})
    # Forty Fives by team: two columns named for the partners, two lines of standings.
    phone.goto(f"{live_server.url}/games/{games['fortyfives'].pk}/")
    expect(phone.locator("#scoreboard thead tr").first.locator("th")).to_have_text(
        ["#", re.compile(r"^Annabelle & Cy"), re.compile(r"^Bob & Dee")]
    )
    expect(phone.locator("#scoreboard tr.totals > *")).to_have_text(
        ["Total", "135", "\N{MINUS SIGN}15"]
    )
    expect(phone.locator("ol.standings li")).to_have_count(2)


def test_a_watcher_follows_the_game_chart_included_until_the_link_is_turned_off(
    watcher, live_server, user
):
    from games.models import Game

    seated = factories.add_players(user, ["Ann", "Bob", "Cy"])
    game = Game.start(user, "fourscore", seated, options={"deals": 3})
    token = game.share()
    watcher.clock.install()  # its polls are moved on (poll_now) rather than waited out
    watcher.goto(f"{live_server.url}/s/{token}/")
    chart = watcher.locator("#chart")
    expect(chart).to_be_hidden()  # no complete round yet

    def deal(*piles):
        Game.objects.get(pk=game.pk).add_round(
            {"hands": [{"player": p.pk, "pile": n} for p, n in zip(seated, piles, strict=True)]},
            user,
        )

    deal(6, 3, 9)
    poll_now(watcher)
    expect(chart.locator("svg.score-chart")).to_have_attribute(
        "aria-label", re.compile("over 1 round"), timeout=10_000
    )
    deal(2, 8, 5)
    poll_now(watcher)
    expect(chart.locator("svg.score-chart")).to_have_attribute(
        "aria-label", re.compile("over 2 rounds"), timeout=10_000
    )
    expect(watcher.locator("#scoreboard tr.totals > *")).to_have_text(["Total", "8", "11", "14"])
    screens(watcher, "pace-board-watching")

    Game.objects.get(pk=game.pk).stop_sharing()
    poll_now(watcher)
    notice = watcher.get_by_role("alert")
    expect(notice).to_contain_text("The owner turned this link off", timeout=10_000)
    expect(watcher.locator("#scoreboard table")).to_have_count(0)
    expect(chart).to_be_hidden()
    expect(watcher.locator(".watch-url")).to_have_count(0)  # a dead link is not passed on
    screens(watcher, "pace-board-link-off")
    # No more polls: the notice has none of its own.
    polls = []
    watcher.on("request", lambda request: polls.append(request.url))
    poll_now(watcher)
    poll_now(watcher)
    watcher.wait_for_timeout(1_000)  # for a request the clock sent on its way to be seen
    assert [url for url in polls if "/s/" in url] == []


def test_the_watch_link_wraps_copies_and_shows_a_qr_code_that_reads_back(
    browser, live_server, user
):
    from games.models import Game

    seated = factories.add_players(user, ["Ann", "Bob", "Cy"])
    game = pace_games.fourscore(user, seated, deals=3)
    # The longest token the column takes, with nothing a browser would break a line at.
    Game.objects.filter(pk=game.pk).update(share_token="W" * 43)
    url = f"{live_server.url}/s/{'W' * 43}/"
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, permissions=["clipboard-read", "clipboard-write"]
    )
    page = context.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator(".watch-url")).to_have_text(url)
    assert page_width(page) <= PHONE["width"]

    page.get_by_role("button", name="Copy the link").click()
    expect(page.locator(".watch-link [role=status]")).to_have_text("Copied.")
    assert page.evaluate("() => navigator.clipboard.readText()") == url

    qr = page.locator("svg.qr")
    expect(qr).to_be_hidden()
    page.locator(".qr-code summary").click()
    expect(qr).to_be_visible()
    assert qr.bounding_box()["width"] >= 200
    assert_fits_a_thumb(page)
    qr.scroll_into_view_if_needed()
    save_screenshot(page, "pace-board-watch-link")
    read = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.screenshot())))
    assert [code.text for code in read] == [url]

    # The watching phone gets the same link to pass on, and no way to turn it off.
    page.goto(url)
    expect(page.locator(".watch-url")).to_have_text(url)
    expect(page.get_by_role("button", name="Turn the link off")).to_have_count(0)
    assert page_width(page) <= PHONE["width"]
    context.close()
