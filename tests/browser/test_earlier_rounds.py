"""A long game's pad on a phone: its latest rounds, and one row standing for the earlier ones,
which a tap fills in place (htmx); without JavaScript it opens a page of them."""

import re

import pytest
from playwright.sync_api import expect

from ..test_earlier_rounds import long_game
from .conftest import log_in, save_screenshot

pytestmark = pytest.mark.browser


@pytest.fixture
def game(user):
    return long_game(user, 40)


def test_a_tap_on_the_fold_fills_in_the_earlier_rounds(open_phone, live_server, user, game):
    phone = open_phone()
    log_in(phone, live_server)
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    rows = phone.locator("#scoreboard tr.round")
    expect(rows).to_have_count(20)
    expect(phone.locator("#round-21")).to_be_visible()
    fold = phone.get_by_role("link", name="Rounds 1\N{EN DASH}20")
    box = fold.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    fold.scroll_into_view_if_needed()
    save_screenshot(phone, "earlier-rounds-folded")
    fold.click()
    expect(rows).to_have_count(40)
    expect(fold).to_have_count(0)
    numbers = [
        int(n) for n in rows.locator("th a").evaluate_all("els => els.map(e => e.id.slice(6))")
    ]
    assert numbers == list(range(1, 41))
    # An earlier round opens its explanation like any other.
    phone.get_by_role("link", name="Round 3", exact=True).click()
    expect(phone.locator("#why-3")).to_contain_text("Round 3,")
    save_screenshot(phone, "earlier-rounds")


def test_without_javascript_the_fold_opens_a_page_of_the_earlier_rounds(
    open_phone, live_server, user, game
):
    phone = open_phone(javascript=False)
    log_in(phone, live_server)
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.get_by_role("link", name="Rounds 1\N{EN DASH}20").click()
    phone.wait_for_url(re.compile(rf"/games/{game.pk}/rounds/earlier/$"))
    expect(phone.locator("tr.round")).to_have_count(20)
    phone.get_by_role("link", name="Round 3", exact=True).click()
    phone.wait_for_url(re.compile(rf"/games/{game.pk}/rounds/3/$"))
    expect(phone.locator("main")).to_contain_text("Round 3,")


def test_a_watcher_fills_in_the_earlier_rounds_too(open_phone, live_server, game):
    watcher = open_phone()
    watcher.goto(f"{live_server.url}/s/{game.share_token}/")
    watcher.get_by_role("link", name="Rounds 1\N{EN DASH}20").click()
    expect(watcher.locator("#scoreboard tr.round")).to_have_count(40)
