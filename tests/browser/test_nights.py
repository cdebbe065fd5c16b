"""Game nights on a 360 x 740 phone: the phone's clock dates the night, and the nights and player
pages read well (screenshots in test-artifacts/)."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Game, GameNight, Player, evening_of
from tests.factories import PASSWORD

from .conftest import PHONE_CONTEXT

pytestmark = pytest.mark.browser

NEW_YORK_IN_NOVEMBER = -5 * 60


@pytest.fixture
def new_york_phone(browser, live_server, transactional_db):
    """A 360 x 740 touch phone whose clock is New York's, logged in as Ann."""
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    context = browser.new_context(**PHONE_CONTEXT, timezone_id="America/New_York")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").tap()
    page.wait_for_url(f"{live_server.url}/")
    page.user = user
    yield page
    context.close()


def fits(page):
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width}px wide on a 360px phone"


def _offset_now(page) -> int:
    return page.evaluate("() => -new Date().getTimezoneOffset()")


def test_the_phones_clock_dates_the_night_and_play_again_joins_it(new_york_phone, live_server):
    page = new_york_phone
    for name in ("Ann", "Bob", "Cy"):
        Player.add(page.user, name)
    page.goto(f"{live_server.url}/games/new/?kind=fourscore")
    offset = _offset_now(page)
    assert offset in (NEW_YORK_IN_NOVEMBER, NEW_YORK_IN_NOVEMBER + 60)  # EST, or EDT
    expect(page.locator('input[name="utc_offset"]')).to_have_value(str(offset))
    chips = page.locator("[data-chips]")
    for name in ("Ann", "Bob", "Cy"):  # tapped clockwise
        chips.get_by_text(name, exact=True).tap()
    page.get_by_role("spinbutton", name="Deals").fill("1")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("FourScore")
    night = GameNight.objects.get()
    assert night.utc_offset == offset
    assert night.date == evening_of(timezone.now(), offset)

    page.get_by_role("link", name="Enter round 1").tap()
    for name, cards in (("Ann", "1"), ("Bob", "5"), ("Cy", "3")):
        page.get_by_role("spinbutton", name=name).fill(cards)
    page.get_by_role("button", name="Save round 1").tap()
    # The board the save answers with (swapped in by htmx) carries the phone's clock too.
    again = page.get_by_role("button", name="Play again")
    expect(again.locator("xpath=..").locator('input[name="utc_offset"]')).to_have_value(str(offset))
    again.tap()
    expect(page.get_by_role("link", name="Enter round 1")).to_be_visible()
    assert GameNight.objects.count() == 1
    assert Game.objects.filter(night=night).count() == 2


def _history(user) -> list[Player]:
    """Three evenings of games: a place, finished and unfinished games, a tie."""
    ann, bob, cy, dee = (Player.add(user, name) for name in ("Ann", "Bob", "Cy", "Dee"))
    today = evening_of(timezone.now())
    for days_ago, place, games in (
        (9, "", [([bob, cy, dee], [2, 1, 7])]),
        (2, "Kitchen table at Bob's", [([ann, bob, cy, dee], [4, 2, 6, 2]), ([ann, cy], [0, 3])]),
        (0, "", [([ann, bob, cy], [1, 5, 3]), ([ann, bob, cy], None)]),
    ):
        night = GameNight.objects.create(owner=user, date=today - timedelta(days=days_ago))
        night.update_details(night.date, place, "")
        for players, piles in games:
            game = Game.start(user, "fourscore", players, night=night, options={"deals": 1})
            if piles:
                hands = [{"player": p.pk, "pile": n} for p, n in zip(players, piles, strict=True)]
                game.add_round({"hands": hands}, user)
    return [ann, bob, cy, dee]


def test_the_nights_and_player_pages_on_a_phone(new_york_phone, live_server, screenshot):
    page = new_york_phone
    ann = _history(page.user)[0]

    page.goto(f"{live_server.url}/nights/")
    nights = page.locator("li.night")
    expect(nights).to_have_count(3)
    second = nights.nth(1)
    expect(second).to_contain_text("Kitchen table at Bob's · 2 games")
    expect(second.locator(".night-games li")).to_have_text(
        ["FourScore: Bob & Dee won", "FourScore: Ann won"]
    )
    # Each card holds its games: nothing of it spills out below its border.
    for card in nights.all():
        box, games = card.bounding_box(), card.locator(".night-games").bounding_box()
        assert games["y"] + games["height"] <= box["y"] + box["height"]
    fits(page)
    screenshot(page, "nights-360")

    nights.first.get_by_role("link").tap()
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    fits(page)
    screenshot(page, "night-360")

    page.goto(f"{live_server.url}/players/{ann.pk}/")
    recent = page.locator(".recent-games li")
    expect(recent).to_have_count(4)
    expect(recent.nth(0)).to_contain_text("Still playing")
    expect(recent.nth(1)).to_contain_text("Won")
    expect(recent.nth(1)).to_contain_text("1 point")
    expect(page.locator("#head-to-head-means")).to_contain_text("finished ahead of them")
    fits(page)
    screenshot(page, "player-360")

    page.goto(f"{live_server.url}/players/")
    fits(page)
    screenshot(page, "players-360")
