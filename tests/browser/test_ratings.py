"""The ratings on a 360 x 740 phone: who is best on Players, a player's ratings with their
history lines, and a night's ratings after it, in English and Dutch, light and dark; each page
fits the screen, is screenshot (test-artifacts/ratings-*.png) and has no axe-core violation."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import GameNight, Player
from tests.factories import PASSWORD, piles, play

from .conftest import PHONE, PHONE_CONTEXT
from .test_accessibility import AXE, _axe

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Bob", "Cy", "Dee", "Maximiliaan van den Broek")


def history(user):
    """Two nights: on the first, FourScore games of four and of three; on the second (tonight),
    two more, one with a long name, and a game of Forty Fives."""
    ann, bob, cy, dee, max_ = (Player.add(user, name) for name in NAMES)
    tonight = GameNight.tonight(user)
    earlier = GameNight.objects.create(owner=user, date=tonight.date - timedelta(days=7))

    def fourscore(seated, *counts, night):
        play(user, "fourscore", seated, [piles(seated, *counts)], night=night, deals=1)

    fourscore([ann, bob, cy, dee], 1, 5, 5, 9, night=earlier)
    fourscore([ann, dee, cy], 2, 3, 0, night=earlier)
    fourscore([ann, bob, dee, max_], 4, 6, 0, 0, night=tonight)
    fourscore([dee, cy, max_], 0, 3, 8, night=tonight)
    hand = {"bidder": bob.pk, "bid": 30, "tricks": {"A": 0, "B": 5}, "high_trump": "B"}
    play(user, "fortyfives", [ann, bob, cy, dee], [hand] * 4, night=tonight)
    return ann, tonight


@pytest.fixture
def phone(browser, live_server, transactional_db):
    """A 360 x 740 phone signed in as the owner of that history (the CSP bypassed for axe)."""
    assert AXE.exists(), f"{AXE} is missing: run `npm ci` (make test-browser does)"
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    ann, night = history(user)
    context = browser.new_context(**PHONE_CONTEXT, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")
    yield page, ann, night
    context.close()


def fits_the_screen(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for table in page.locator("table.ratings").all():  # no table scrolls sideways either
        assert table.evaluate("t => t.parentElement.scrollWidth <= t.parentElement.clientWidth")


def no_violations(page):
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert _axe(page) == [], scheme
    page.emulate_media(color_scheme="light")


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_ratings_pages_on_a_phone(phone, live_server, screenshot, language):
    page, _, night = phone
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    dutch = language == "nl"

    page.goto(f"{live_server.url}/players/")
    heading = "Wie is de beste per spel" if dutch else "Who is best at each game"
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    fourscore = page.locator("table.ratings", has=page.locator("caption", has_text="FourScore"))
    expect(fourscore.locator("tbody tr")).to_have_count(5)
    expect(fourscore.locator("tbody tr").first).to_contain_text(
        re.compile(r"1\. \w+.*(na|after) \d+ (spel|game)")
    )
    page.locator("#ratings").scroll_into_view_if_needed()
    screenshot(page, f"ratings-players-{language}")
    fits_the_screen(page)
    no_violations(page)

    page.get_by_role("link", name="Ann", exact=True).first.click()
    lines = page.get_by_role("img", name=re.compile("(Speelsterkte bij|rating after)"))
    expect(lines).to_have_count(2)  # Forty Fives and FourScore
    for line in lines.all():
        box = line.bounding_box()
        assert box["width"] == 96 and box["height"] == 32
        assert box["x"] + box["width"] <= PHONE["width"]
    screenshot(page, f"ratings-player-{language}")
    fits_the_screen(page)
    no_violations(page)

    page.goto(f"{live_server.url}/nights/{night.pk}/")
    after = "Speelsterkte na vanavond" if dutch else "Ratings after tonight"
    expect(page.get_by_role("heading", name=after)).to_be_visible()
    expect(page.locator("table.ratings")).to_have_count(2)
    screenshot(page, f"ratings-night-{language}")
    fits_the_screen(page)
    no_violations(page)
