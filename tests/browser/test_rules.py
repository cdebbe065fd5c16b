"""Each game's rules page on a small phone: reached from the new-game page, no sideways scroll."""

import re

import pytest
from playwright.sync_api import expect

from games.kinds import GAMES

from .conftest import PHONE, save_screenshot

pytestmark = pytest.mark.browser


def test_every_rules_page_fits_a_360_pixel_phone_and_is_linked_from_the_new_game_page(
    browser, page, live_server, logged_in, screenshot
):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_cookies(page.context.cookies())  # Ann's session, on a smaller phone
    page = context.new_page()
    page.goto(f"{live_server.url}/games/new/?kind=fortyfives")
    page.get_by_role("link", name="How this game is scored").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Forty Fives (Merrimack Valley style)"
    )
    for kind in GAMES:
        page.goto(f"{live_server.url}/rules/{kind}/")
        expect(page.get_by_role("heading", level=1)).to_have_text(
            re.compile(GAMES[kind].name.replace(" ", "|"))
        )
        expect(page.get_by_role("heading", name="What every game shares")).to_be_visible()
        # Wide tables scroll in their own box; the page itself never scrolls sideways.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        screenshot(page, f"rules-{kind}-360")
        # What a player sees at once, where the tables are: the worked examples.
        examples = page.get_by_role("heading", name=re.compile("^(Worked examples|A deal)$"))
        examples.evaluate("heading => heading.scrollIntoView()")
        save_screenshot(page, f"rules-{kind}-360-examples")
    context.close()
