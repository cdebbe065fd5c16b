"""The third table round (#30) on the narrowest phone: the owner's page follows a round saved
elsewhere, a refused save says why under the thumb, nobody leads at 0-0-0, and an open 42 hand
is its dealer's, its bids in bidding order. Light and dark (screenshots of one run: a scheme
changes colours alone), English and Dutch."""

import pytest
from playwright.sync_api import expect

from games.models import Game, Player
from tests.browser.conftest import PHONE, log_in, poll_now, save_light_and_dark, save_screenshot
from tests.factories import PASSWORD, piles

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser, live_server, user):
    """Ann's phone, 360x740 and touch, signed in; `phone(locale=...)`."""
    contexts = []

    def open_phone(**options):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, **options)
        contexts.append(context)
        page = context.new_page()
        if options.get("locale") == "nl-NL":
            page.goto(f"{live_server.url}/accounts/login/")
            page.get_by_label("Gebruikersnaam").fill("ann")
            page.get_by_label("Wachtwoord").fill(PASSWORD)
            page.get_by_role("button", name="Inloggen").click()
            page.wait_for_url(f"{live_server.url}/")
        else:
            log_in(page, live_server)
        return page

    yield open_phone
    for context in contexts:
        context.close()


def seated(user, names=("Ann", "Bob", "Cy")):
    return [Player.add(user, name) for name in names]


def test_the_owners_page_follows_a_round_saved_on_another_phone(phone, live_server, user):
    players = seated(user)
    game = Game.start(user, "fourscore", players, options={"deals": 3})
    page = phone()
    page.clock.install()  # its polls are moved on (poll_now) rather than waited out
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.get_by_role("link", name="Enter round 1")).to_be_visible()
    expect(page.locator("#chart")).to_be_hidden()
    # Nobody leads before a round is played.
    expect(page.locator("#scoreboard thead")).not_to_contain_text("★")
    expect(page.locator("ol.standings li.leader")).to_have_count(0)
    save_light_and_dark(page, "table-round-no-leader", full_page=True)

    game.add_round(piles(players, 5, 2, 9), user)  # saved elsewhere: the API, a phone
    poll_now(page)
    expect(page.get_by_role("link", name="Enter round 2")).to_be_visible(timeout=10_000)
    expect(page.get_by_role("button", name="Undo round 1")).to_be_visible()
    expect(page.locator("#chart")).to_be_visible()
    expect(page.get_by_role("link", name="Download CSV")).to_be_visible()
    expect(page.locator("#scoreboard thead")).to_contain_text("Bob★leading")

    game.add_round(piles(players, 1, 2, 3), user)
    game.add_round(piles(players, 4, 4, 4), user)  # the last deal: Bob wins, with the fewest cards
    poll_now(page)
    expect(page.get_by_role("button", name="Play again")).to_be_visible(timeout=10_000)
    expect(page.get_by_role("button", name="Undo round 3")).to_be_visible()
    expect(page.get_by_role("link", name="Enter round 2")).to_have_count(0)
    expect(page.locator("#phones")).to_be_hidden()
    expect(page.get_by_role("link", name="Download CSV")).to_be_visible()
    save_light_and_dark(page, "table-round-followed", full_page=True)


def test_a_save_refused_without_htmx_says_why_in_the_bar_under_the_thumb(phone, live_server, user):
    players = seated(user, ("Ann", "Bob"))
    game = Game.start(user, "fourscore", players, options={"deals": 3})
    page = phone(java_script_enabled=False)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    page.get_by_role("spinbutton", name="Ann").fill("4")
    page.get_by_role("spinbutton", name="Bob").fill("-4")
    page.get_by_role("button", name="Save round 1").click()
    bar = page.locator("#preview")
    expect(bar).to_contain_text("Not saved:")
    expect(bar).not_to_contain_text("The scores show here")
    # The bar is where the thumb is: at the bottom of the screen, over the form.
    box = bar.bounding_box()
    assert (
        box and box["y"] + box["height"] <= PHONE["height"] + 1 and box["y"] > PHONE["height"] / 2
    )
    save_screenshot(page, "table-round-refused")


@pytest.mark.parametrize("locale", ["en-GB", "nl-NL"])
def test_an_open_42_hand_is_dealt_by_its_dealer_and_its_bids_read_in_bidding_order(
    phone, live_server, user, locale
):
    ann, bob, cy = seated(user)
    game = Game.start(user, "fortytwo", [ann, bob, cy], first_dealer=bob)
    bids = {"hands": [{"player": p.pk, "bid": b} for p, b in ((ann, 2), (bob, 3), (cy, 1))]}
    game.add_round(bids, user)
    page = phone(locale=locale)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    status = page.locator("p.pad-status")
    if locale == "nl-NL":
        expect(status).to_contain_text("Bob geeft deze hand.")
        expect(status).to_contain_text("Biedingen: Cy 1, Ann 2, Bob 3")
    else:
        expect(status).to_contain_text("Bob deals this hand.")
        expect(status).to_contain_text("Bids: Cy 1, Ann 2, Bob 3")
        expect(page.get_by_role("link", name="Finish round 1")).to_be_visible()
    expect(page.locator("#scoreboard thead .deal")).to_have_count(1)
    expect(page.locator("#scoreboard thead th", has=page.locator(".deal"))).to_contain_text("Bob")
    save_screenshot(page, f"table-round-open-hand-{locale}", full_page=True)
