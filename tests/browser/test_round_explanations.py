"""A round's explanation on a phone: a tap on its number opens it in place, a second folds it
away; without JavaScript the same tap opens the round's own page and comes back."""

import re

import pytest
from playwright.sync_api import expect

from .. import factories, pace_games
from .conftest import log_in

pytestmark = pytest.mark.browser


@pytest.fixture
def game(user):
    seated = factories.add_players(user, ["Ann", "Bob", "Cy"])
    return pace_games.fortybelow(user, seated, rounds=3)


def test_without_javascript_a_rounds_number_opens_its_page_and_leads_back(
    open_phone, live_server, user, game
):
    phone = open_phone(javascript=False)
    log_in(phone, live_server)
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.get_by_role("link", name="Round 2", exact=True).click()
    phone.wait_for_url(re.compile(rf"/games/{game.pk}/rounds/2/$"))
    expect(phone.locator("main")).to_contain_text(
        "Round 2, Bob dealt. Bob went out without the lowest hand: +20."
    )
    phone.get_by_role("link", name="Back to the scoreboard").click()
    phone.wait_for_url(re.compile(rf"/games/{game.pk}/#round-2$"))
    expect(phone.locator("#scoreboard tr.totals")).to_be_visible()


def test_a_watcher_taps_a_round_open_without_an_edit_link(open_phone, live_server, game):
    watcher = open_phone()
    watcher.goto(f"{live_server.url}/s/{game.share()}/")
    watcher.get_by_role("link", name="Round 1", exact=True).click()
    expect(watcher.locator("#why-1")).to_contain_text("Round 1, Ann dealt.")
    expect(watcher.get_by_role("link", name="Edit round 1")).to_have_count(0)
