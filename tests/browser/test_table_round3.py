"""The third table round (#30) on a 360 x 740 touch phone: what one tap did is undone or asked
first, new names are shown in the order added, the Dutch pages read right with the header on one
line, and the small things (dark-mode radios, pills on one line, FortyBelow's grids across their
card). Screenshots in test-artifacts/table3-*.png, light and dark, English and Dutch."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games import seats
from games.models import Game, GameNight, Player, SeatLink
from tests.factories import PASSWORD, piles

from .conftest import PHONE_CONTEXT, save_screenshot
from .test_accessibility import AXE, SMALLEST_TARGET, TAP_TARGETS, _axe, _report

pytestmark = pytest.mark.browser


@pytest.fixture
def ann(transactional_db):
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    for name in ("Ann", "Bob", "Cy", "Dee"):
        Player.add(user, name)
    return user


@pytest.fixture
def phone(browser, live_server, ann):
    """Ann's phone, signed in; `phone(locale=..., dark=...)` for another language or scheme.
    Axe is injected into its pages, so its context bypasses the CSP (test_csp.py checks it)."""
    contexts = []

    def open_phone(*, locale="en-GB", dark=False):
        context = browser.new_context(
            **PHONE_CONTEXT,
            locale=locale,
            color_scheme="dark" if dark else "light",
            bypass_csp=True,
        )
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/")
        page.locator("input[name=username]").fill("ann")
        page.locator("input[name=password]").fill(PASSWORD)
        page.locator("main button[type=submit]").click()
        page.wait_for_url(f"{live_server.url}/")
        return page

    yield open_phone
    for context in contexts:
        context.close()


def checked(page, name: str, found: dict) -> None:
    """Axe and the tap targets on this page, in its scheme; a screenshot of it."""
    problems = _axe(page) + page.evaluate(TAP_TARGETS, SMALLEST_TARGET)
    if problems:
        found[name] = problems
    save_screenshot(page, f"table3-{name}", full_page=True)


def players(user, *names):
    return [Player.objects.get(owner=user, name=name) for name in names]


# --- Item 3: one tap loses nothing ---


def test_turning_phones_off_asks_first_and_a_phone_joining_again_is_listed_once(
    phone, browser, live_server, ann
):
    assert AXE.exists(), f"{AXE} is missing: run `npm ci`"
    game = Game.start(ann, "fortybelow", players(ann, "Ann", "Bob", "Cy"))
    seats.turn_on(game)
    game.refresh_from_db()
    # Bob's phone joins, goes back, taps Ann by mistake, then his own name: one phone, his.
    bob = browser.new_context(**PHONE_CONTEXT).new_page()
    bob.goto(f"{live_server.url}/j/{game.join_token}/")
    bob.get_by_role("button", name="Bob", exact=True).click()
    expect(bob.get_by_role("heading", level=1)).to_contain_text("Bob")
    for name in ("Ann", "Bob"):
        bob.goto(f"{live_server.url}/j/{game.join_token}/")
        bob.get_by_role("button", name=name, exact=True).click()
        expect(bob.get_by_role("heading", level=1)).to_contain_text(name)
    assert SeatLink.objects.filter(game=game).count() == 1
    found = {}
    for dark in (False, True):
        page = phone(dark=dark)
        scheme = "dark" if dark else "light"
        page.goto(f"{live_server.url}/games/{game.pk}/#phones")
        card = page.locator("#phones")
        expect(card.locator("ul.list li")).to_have_count(1)
        expect(card.locator("ul.list li")).to_contain_text("Bob")
        card.get_by_role("link", name="Turn off…").tap()
        expect(page.get_by_role("heading", level=1)).to_have_text("Turn players' phones off?")
        expect(page.locator("main")).to_contain_text("1 phone's seat link is revoked")
        checked(page, f"turn-off-{scheme}", found)
        page.get_by_role("link", name="Keep them on").tap()
        expect(page.locator("#phones .join-code")).to_be_visible()
    game.refresh_from_db()
    assert game.join_code
    page.get_by_role("link", name="Turn off…").tap()
    page.get_by_role("button", name="Turn phones off").tap()
    expect(page.locator("ul.messages")).to_contain_text("Players' phones are off")
    game.refresh_from_db()
    assert game.join_code is None
    bob.context.close()
    assert not found, _report(found)


def test_play_again_and_everyone_passed_each_come_with_an_undo(phone, live_server, ann):
    ann_, bob, cy, dee = players(ann, "Ann", "Bob", "Cy", "Dee")
    done = Game.start(ann, "fourscore", [ann_, bob, cy], options={"deals": 1})
    done.add_round(piles([ann_, bob, cy], 5, 2, 9), ann)
    fives = Game.start(ann, "fortyfives", [ann_, bob, cy, dee])
    found = {}
    for dark in (False, True):
        scheme = "dark" if dark else "light"
        page = phone(dark=dark)
        page.goto(f"{live_server.url}/games/{done.pk}/")
        page.get_by_role("button", name="Play again").tap()
        notice = page.get_by_role("status").filter(has_text="A new game, with the same players.")
        expect(notice).to_be_visible()
        assert Game.objects.count() == 3
        checked(page, f"play-again-{scheme}", found)
        notice.get_by_role("button", name="Undo: back to the finished game").tap()
        expect(page.locator("ul.messages")).to_contain_text("The new game is taken back.")
        assert page.url.endswith(f"/games/{done.pk}/")
        assert Game.objects.count() == 2

        page.goto(f"{live_server.url}/games/{fives.pk}/rounds/new/")
        page.get_by_role("button", name="Everyone passed: throw the hand in").tap()
        notice = page.get_by_role("status").filter(has_text="everyone passed")
        expect(notice).to_contain_text("Round 1: everyone passed, the hand is thrown in.")
        assert fives.rounds.count() == 1
        checked(page, f"thrown-in-{scheme}", found)
        notice.get_by_role("button", name="Undo: play round 1 again").tap()
        expect(page.get_by_role("status").filter(has_text="Round 1 undone.")).to_be_visible()
        assert fives.rounds.count() == 0
    assert not found, _report(found)


# --- Item 7: new names in the order added ---


def test_new_names_are_shown_in_the_order_they_were_added(phone, live_server):
    page = phone()
    page.goto(f"{live_server.url}/games/new/?kind=fortybelow")
    names = page.get_by_label("New players")
    for name in ("Ann B", "Bob B", "Cor", "Dirk"):
        names.fill(name)
        page.get_by_role("button", name="Add", exact=True).tap()
        expect(page.locator("[data-chips]")).to_contain_text(name)
    chips = page.locator("[data-chips] label")
    expect(chips.nth(0)).to_have_text("Ann B1")
    added = [chips.nth(i).inner_text().split() for i in range(4)]
    assert added == [["Ann", "B", "1"], ["Bob", "B", "2"], ["Cor", "3"], ["Dirk", "4"]], added
    expect(page.locator("[data-seating]")).to_have_text(
        "Clockwise: 1. Ann B, 2. Bob B, 3. Cor, 4. Dirk"
    )
    # Typed together, they come in the order typed too.
    names.fill("Eve, Fay")
    page.get_by_role("button", name="Add", exact=True).tap()
    expect(chips.nth(5)).to_contain_text("Fay")
    expect(chips.nth(4)).to_contain_text("Eve")
    save_screenshot(page, "table3-new-names", full_page=True)


# --- Item 9: Dutch ---


def test_the_dutch_pages_read_dutch_and_the_header_is_one_line(phone, live_server, ann):
    ann_, bob, cy = players(ann, "Ann", "Bob", "Cy")
    below = Game.start(ann, "fortybelow", [ann_, bob, cy])
    seats.turn_on(below)
    under = Game.start(ann, "under10", [ann_, bob, cy])
    seats.turn_on(under)
    for dark in (False, True):
        scheme = "dark" if dark else "light"
        page = phone(locale="nl-NL", dark=dark)
        expect(page.locator("html")).to_have_attribute("lang", "nl")
        header = page.locator("header.bar")
        for path in ("/", "/games/new/", f"/games/{below.pk}/", "/players/", "/nights/"):
            page.goto(f"{live_server.url}{path}")
            box = header.bounding_box()
            assert box["height"] < 56, f"{path}: the header is {box['height']} px tall"
            brand = page.locator(".brand").bounding_box()
            last = page.locator("header nav a").last.bounding_box()
            assert abs(brand["y"] - last["y"]) < 2, (path, brand, last)
            cut = page.locator(".brand").evaluate("(el) => el.scrollWidth > el.clientWidth")
            assert not cut, f"{path}: the app's name is cut short"
        page.goto(f"{live_server.url}/games/{below.pk}/#phones")
        card = page.locator("#phones")
        expect(card.get_by_role("button", name="Vastleggen")).to_be_visible()
        expect(card.get_by_role("link", name="Uitzetten…")).to_be_visible()
        expect(card).not_to_contain_text("Nat")
        save_screenshot(page, f"table3-nl-phones-fortybelow-{scheme}", full_page=True)
        page.goto(f"{live_server.url}/games/{under.pk}/#phones")
        expect(page.locator("#phones").get_by_role("button", name="Vastleggen")).to_be_visible()
        save_screenshot(page, f"table3-nl-phones-under10-{scheme}", full_page=True)
        page.get_by_role("link", name="Uitzetten…").tap()
        expect(page.get_by_role("heading", level=1)).to_have_text(
            "Telefoons van de spelers uitzetten?"
        )
        expect(page.get_by_role("button", name="Telefoons uitzetten")).to_be_visible()
        save_screenshot(page, f"table3-nl-turn-off-{scheme}", full_page=True)
        for name, path in (
            ("home", "/"),
            ("new-game", "/games/new/"),
            ("new-fortyfives", "/games/new/?kind=fortyfives"),
            ("round-under10", f"/games/{under.pk}/rounds/new/"),
            ("round-fortybelow", f"/games/{below.pk}/rounds/new/"),
        ):
            page.goto(f"{live_server.url}{path}")
            save_screenshot(page, f"table3-nl-{name}-{scheme}", full_page=True)


# --- Item 10: small things ---

RADIOS = """() => Array.from(document.querySelectorAll("main input[type=radio]"))
  .filter((r) => r.offsetParent !== null).map((r) => {
    const dot = getComputedStyle(r, "::before");
    const box = r.getBoundingClientRect();
    return {checked: r.checked, dot: dot.transform, width: box.width, height: box.height,
            fill: getComputedStyle(r).backgroundColor, card: getComputedStyle(document.body)
              .getPropertyValue("--card")};
  })"""


def test_radios_pills_and_grids(phone, live_server, ann):
    ann_, bob, cy = players(ann, "Ann", "Bob", "Cy")
    below = Game.start(ann, "fortybelow", [ann_, bob, cy])
    for dark in (False, True):
        scheme = "dark" if dark else "light"
        page = phone(dark=dark)
        # Radios: the chosen one has the dot, the others are empty rings, in both schemes.
        page.goto(f"{live_server.url}/games/new/?kind=fortyfives")
        for name in ("Ann", "Bob"):
            page.locator("[data-chips]").get_by_text(name, exact=True).tap()
        radios = page.evaluate(RADIOS)
        assert [r["checked"] for r in radios] == [True, False], radios
        for radio in radios:
            shown = radio["dot"] not in ("matrix(0, 0, 0, 0, 0, 0)",)
            assert shown == radio["checked"], radio
            assert abs(radio["width"] - radio["height"]) < 1, radio
        save_screenshot(page, f"table3-radios-{scheme}", full_page=True)
        # Pills: one line each, on the page listing the games ("2 to 6 players").
        page.goto(f"{live_server.url}/games/new/")
        pills = page.locator("main .pill")
        assert pills.count() >= 5
        for i in range(pills.count()):
            pill = pills.nth(i)
            lines = pill.evaluate("(el) => el.getClientRects().length")
            height = pill.bounding_box()["height"]
            assert lines == 1 and height < 30, (pill.inner_text(), height)
        save_screenshot(page, f"table3-pills-{scheme}", full_page=True)
        # FortyBelow's grids fill their card.
        page.goto(f"{live_server.url}/games/{below.pk}/rounds/new/")
        widths = page.evaluate(
            """() => Array.from(document.querySelectorAll("[data-hand]")).map((hand) => {
                 const style = getComputedStyle(hand);
                 const inner = hand.clientWidth - parseFloat(style.paddingLeft)
                   - parseFloat(style.paddingRight);
                 return [hand.querySelector(".grid6").getBoundingClientRect().width, inner];
               })"""
        )
        assert len(widths) == 3
        for grid, inner in widths:
            assert grid >= inner - 1, widths
        save_screenshot(page, f"table3-fortybelow-grid-{scheme}", full_page=True)


def test_a_night_pill_saying_who_won_stays_on_one_line(phone, live_server, ann):
    ann_, bob, cy = players(ann, "Ann", "Bob", "Cy")
    night = GameNight.tonight(ann)
    game = Game.start(ann, "fourscore", [ann_, bob, cy], options={"deals": 1}, night=night)
    game.add_round(piles([ann_, bob, cy], 5, 2, 9), ann)
    page = phone()
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    pill = page.locator("main .pill").filter(has_text=re.compile("won"))
    expect(pill).to_have_count(1)
    assert pill.evaluate("(el) => el.getClientRects().length") == 1
    assert pill.bounding_box()["height"] < 30
    save_screenshot(page, "table3-night-pill", full_page=True)
