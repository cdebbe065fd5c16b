"""A game set up by taps only on a small touch phone (360 x 740), counted; then a round undone
and brought back with one tap, and an earlier version seen and put back on its round's page."""

import itertools
import re

import pytest
from playwright.sync_api import expect

from games.models import Game, Player

from .conftest import PHONE, PHONE_CONTEXT

pytestmark = pytest.mark.browser

# Taps from the home page to a started game of four, one of them new and one who deals first,
# on the page of dropdowns this replaced (measured on it: two per seat, two for the dealer, two
# for the new player's name and its page reload). The new page must stay well under it.
TAPS_WITH_DROPDOWNS = 15
TAPS_NOW = 9

HEADINGS = """() => Array.from(document.querySelectorAll("main h1, main h2, main h3, main h4"))
  .filter((h) => h.offsetParent !== null).map((h) => Number(h.tagName[1]))"""
# Every control a thumb may tap, visible, with its size (a label holding its input counts as
# one target: the label is what is tapped).
TARGETS = """() => Array.from(document.querySelectorAll(
    "main button, main a.button, main label:has(input), main input:not([type=hidden])"))
  .filter((el) => el.offsetParent !== null && (el.matches("label") || !el.closest("label")))
  .map((el) => { const r = el.getBoundingClientRect();
                 return [el.textContent.trim().slice(0, 30) || el.name, r.width, r.height]; })"""


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, **PHONE_CONTEXT}


def check_the_page(page):
    """Headings without a jump, every tap target at least 44 px, nothing wider than the phone."""
    levels = page.evaluate(HEADINGS)
    assert levels[0] == 1
    assert all(b <= a + 1 for a, b in itertools.pairwise(levels)), levels
    small = [t for t in page.evaluate(TARGETS) if t[1] < 44 or t[2] < 44]
    assert small == [], small
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


def test_four_players_are_seated_by_taps_and_a_round_is_undone_and_brought_back(
    page, live_server, logged_in, screenshot
):
    for name in ("Ann", "Bob", "Cy"):
        Player.add(logged_in, name)
    taps = 0

    def tap(locator):
        nonlocal taps
        taps += 1
        locator.tap()

    page.goto(f"{live_server.url}/")
    tap(page.get_by_role("link", name="New game"))
    tap(page.get_by_role("link", name=re.compile("FortyBelow")))
    expect(page.get_by_role("heading", level=1)).to_have_text("New game of FortyBelow")
    page.evaluate("() => { window.samePage = true; }")  # gone if the page reloads
    chips = page.locator("[data-chips]")

    # Tapped again, a player is out again (not counted: a correction, not the set-up).
    chips.get_by_text("Cy", exact=True).tap()
    expect(chips.locator("label", has_text="Cy").locator("[data-seat]")).to_have_text("1")
    chips.get_by_text("Cy", exact=True).tap()
    expect(chips.locator("label", has_text="Cy").locator("[data-seat]")).to_have_text("")

    for name in ("Ann", "Bob", "Cy"):  # clockwise from Ann
        tap(chips.get_by_text(name, exact=True))
    tap(page.get_by_label("New players"))
    page.keyboard.type("Dee")
    tap(page.get_by_role("button", name="Add", exact=True))
    dee = chips.locator("label", has_text="Dee")
    expect(dee.locator("[data-seat]")).to_have_text("4")  # added and seated, in place
    assert page.evaluate("() => window.samePage") is True
    expect(page.get_by_label("New players")).to_have_value("")
    expect(page.locator("[data-seating]")).to_have_text("Clockwise: 1. Ann, 2. Bob, 3. Cy, 4. Dee")
    # A name typed again for a player already seated is said so, and seats nobody twice.
    page.get_by_label("New players").fill("ann")
    page.get_by_role("button", name="Add", exact=True).tap()
    expect(page.get_by_role("alert").filter(has_text="Ann already has a seat.")).to_be_visible()
    expect(page.get_by_label("New players")).to_have_value("")
    expect(page.locator("[data-seating]")).to_have_text("Clockwise: 1. Ann, 2. Bob, 3. Cy, 4. Dee")

    dealers = page.locator("[data-dealers]")
    expect(dealers.locator("label:visible")).to_have_text(["Ann", "Bob", "Cy", "Dee"])
    tap(dealers.get_by_text("Bob", exact=True))
    expect(page.get_by_label("Rounds in the game")).to_have_value("10")
    check_the_page(page)
    screenshot(page, "setup-new-game")

    tap(page.get_by_role("button", name="Start the game"))
    expect(page.get_by_role("heading", level=1)).to_have_text("FortyBelow")
    expect(page.get_by_text("Bob deals next.")).to_be_visible()
    game = Game.objects.get()
    assert [seat.player.name for seat in game.seats] == ["Ann", "Bob", "Cy", "Dee"]
    assert game.first_dealer.name == "Bob"
    print(f"\nset-up taps: {taps} (with dropdowns: {TAPS_WITH_DROPDOWNS})")
    assert taps == TAPS_NOW < TAPS_WITH_DROPDOWNS

    # A round saved, then undone by mistake and brought back with one tap.
    ids = [seat.player_id for seat in game.seats]
    grids = [[[5, 5, 3], [5, 5, -1]], [[1, 2, 3], [4, 5, 6]], [[0, 0, 1], [2, 2, 2]], [[7] * 3] * 2]
    hands = [{"player": p, "grid": g} for p, g in zip(ids, grids, strict=True)]
    game.add_round({"went_out": ids[0], "hands": hands}, logged_in)
    page.reload()
    board = Game.objects.get(pk=game.pk).scoreboard
    totals = ["Total", *(str(board.totals[p]).replace("-", "\N{MINUS SIGN}") for p in ids)]
    expect(page.locator("#scoreboard tr.totals > *")).to_have_text(totals)
    page.get_by_role("button", name="Undo round 1").tap()
    notice = page.get_by_role("status").filter(has_text="Round 1 undone.")
    expect(notice).to_be_visible()
    expect(page.locator("#scoreboard tr.totals > *")).not_to_have_text(totals)
    check_the_page(page)
    screenshot(page, "setup-undone")
    notice.get_by_role("button", name="Bring round 1 back").tap()
    expect(page.get_by_role("status").filter(has_text="Round 1 is back.")).to_be_visible()
    expect(page.locator("#scoreboard tr.totals > *")).to_have_text(totals)
    assert game.rounds.count() == 1

    # A fix, then the earlier version seen in words on round 1's page and put back.
    game.replace_round(1, {"went_out": ids[1], "hands": hands}, logged_in)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/1/edit/")
    version = page.get_by_role("article", name=re.compile("Round 1 as it was before it was fixed"))
    # The undone version is there too: every earlier version of round 1 is on its page.
    expect(page.locator("article.version")).to_have_count(2)
    expect(version).to_contain_text("Ann went out.")
    expect(version).to_contain_text("Scores with this version: Ann \N{MINUS SIGN}")
    check_the_page(page)
    version.scroll_into_view_if_needed()
    screenshot(page, "setup-round-versions")
    version.get_by_role("button", name="Put this version back").tap()
    expect(page.get_by_role("status").filter(has_text="Round 1 restored.")).to_be_visible()
    expect(page.locator("#scoreboard tr.totals > *")).to_have_text(totals)

    # Home: a second FortyBelow tonight reads apart from the first.
    seats = [seat.player for seat in game.seats]
    Game.start(logged_in, "fortybelow", seats[2:] + seats[:2], night=game.night)
    page.goto(f"{live_server.url}/")
    tonight = page.locator(".card .list li")
    expect(tonight).to_have_count(2)
    expect(tonight.nth(0)).to_contain_text("Cy, Dee, Ann, Bob")  # the newest first
    expect(tonight.nth(0)).to_contain_text("0 rounds")
    expect(tonight.nth(1)).to_contain_text("Ann, Bob, Cy, Dee")
    expect(tonight.nth(1)).to_contain_text("1 round")
    check_the_page(page)
    screenshot(page, "setup-home")


def test_without_javascript_the_same_page_sets_up_a_game(
    page, live_server, logged_in, browser, screenshot
):
    for name in ("Ann", "Bob", "Cy"):
        Player.add(logged_in, name)
    context = browser.new_context(**PHONE_CONTEXT, java_script_enabled=False)
    context.add_cookies(page.context.cookies())
    phone = context.new_page()
    phone.goto(f"{live_server.url}/games/new/?kind=fourscore")
    chips = phone.locator("[data-chips]")
    chips.get_by_text("Cy", exact=True).tap()
    chips.get_by_text("Ann", exact=True).tap()
    phone.get_by_label("New players").tap()
    phone.keyboard.type("Dee")
    phone.get_by_role("button", name="Add", exact=True).tap()  # the page comes back
    expect(phone.get_by_role("status")).to_contain_text("Dee joined your circle.")
    expect(chips.locator("label", has_text="Dee").locator("[data-seat]")).to_have_text("3")
    expect(chips.locator("input:checked")).to_have_count(3)
    phone.locator("[data-dealers]").get_by_text("Dee", exact=True).tap()
    check_the_page(phone)
    screenshot(phone, "setup-without-javascript")
    phone.get_by_role("button", name="Start the game").tap()
    expect(phone.get_by_text("Dee deals next.")).to_be_visible()
    game = Game.objects.get()
    assert [seat.player.name for seat in game.seats] == ["Cy", "Ann", "Dee"]
    context.close()


def test_forty_fives_shows_each_seats_team_and_its_options_in_words(
    page, live_server, logged_in, screenshot
):
    for name in ("Ann", "Bob", "Cy", "Dee"):
        Player.add(logged_in, name)
    page.goto(f"{live_server.url}/games/new/?kind=fortyfives")
    chips = page.locator("[data-chips]")
    for name in ("Ann", "Bob", "Cy", "Dee"):
        chips.get_by_text(name, exact=True).tap()
    seats = [
        chips.locator("label", has_text=name).locator("[data-seat]") for name in ["Ann", "Bob"]
    ]
    expect(seats[0]).to_have_text("1\N{NO-BREAK SPACE}A")
    expect(seats[1]).to_have_text("2\N{NO-BREAK SPACE}B")
    # One seat left of four, two names typed: the first sits down, the second stays in the box
    # with the reason, and joins nobody's circle.
    chips.get_by_text("Dee", exact=True).tap()
    page.get_by_label("New players").fill("Eve, Fay")
    page.get_by_role("button", name="Add", exact=True).tap()
    expect(page.get_by_role("alert")).to_have_text("This game has at most 4 players.")
    expect(page.get_by_label("New players")).to_have_value("Fay")
    expect(chips.locator("label", has_text="Eve").locator("[data-seat]")).to_have_text(
        "4\N{NO-BREAK SPACE}B"
    )
    expect(chips.locator("label", has_text="Fay")).to_have_count(0)
    assert not Player.objects.filter(name="Fay").exists()
    page.get_by_text("On the green").tap()
    expect(page.get_by_label("On the green")).to_be_checked()
    check_the_page(page)
    screenshot(page, "setup-forty-fives")
