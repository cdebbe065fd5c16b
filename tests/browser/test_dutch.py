"""A Dutch phone plays a round of Under the 10 in Dutch, then switches the page to English."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Player
from tests.factories import PASSWORD

pytestmark = pytest.mark.browser


@pytest.fixture
def dutch_page(browser, browser_context_args, live_server, transactional_db):
    """A phone whose browser asks for Dutch (Accept-Language: nl-NL), signed in as Ann."""
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    for name in ("Ann", "Bob", "Cy"):
        Player.add(user, name)
    context = browser.new_context(**browser_context_args, locale="nl-NL")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Inloggen")
    page.get_by_label("Gebruikersnaam").fill("ann")
    page.get_by_label("Wachtwoord").fill(PASSWORD)
    page.get_by_role("button", name="Inloggen").click()
    page.wait_for_url(f"{live_server.url}/")
    yield page
    context.close()


def test_a_round_of_under_the_10_is_played_in_dutch(dutch_page, live_server, screenshot):
    page = dutch_page
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    page.get_by_role("link", name="Nieuw spel").click()
    page.get_by_role("link", name=re.compile("Onder de 10")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Nieuw spel Onder de 10")
    chips = page.locator("[data-chips]")
    for name in ("Ann", "Bob", "Cy"):
        chips.get_by_text(name, exact=True).click()
    expect(page.locator("[data-seating]")).to_have_text("Met de klok mee: 1. Ann, 2. Bob, 3. Cy")
    page.get_by_role("button", name="Begin het spel").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Onder de 10")

    page.get_by_role("link", name="Ronde 1 invullen").click()
    expect(page).to_have_title("Ronde 1 · Onder de 10 · Score bijhouden")
    page.get_by_role("group", name="Wie maakte de ronde af?").get_by_text("Bob").click()
    expect(page.get_by_label("Riep „Onder de 10!”")).to_be_checked()
    points = {name: Player.objects.get(name=name).pk for name in ("Ann", "Bob", "Cy")}
    page.locator(f"#id_points_{points['Ann']}").fill("12")
    page.locator(f"#id_points_{points['Bob']}").fill("4")
    page.locator(f"#id_points_{points['Cy']}").fill("9")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Deze ronde:")
    expect(preview).to_contain_text("Bob +0")
    screenshot(page, "dutch-under10-entry")
    page.get_by_role("button", name="Ronde 1 bewaren").click()

    expect(page.get_by_role("status").filter(has_text="Ronde 1 bewaard.")).to_be_visible()
    expect(page.get_by_role("heading", name="Stand")).to_be_visible()
    expect(page.locator("#scoreboard tr.totals")).to_contain_text("Tot.")
    page.locator("#scoreboard a.why").first.click()
    explained = page.locator("#why-1")
    expect(explained).to_contain_text("Bob riep Onder de 10 met 4 en won de ronde")
    expect(explained).to_contain_text("riep en had de laagste hand")
    expect(page.get_by_role("link", name="Ronde 2 invullen")).to_be_visible()
    screenshot(page, "dutch-under10-scoreboard")

    # The footer's switch: one tap, remembered, and the same page comes back in English.
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    expect(page.get_by_role("link", name="Enter round 2")).to_be_visible()
    page.reload()
    expect(page.get_by_role("link", name="Enter round 2")).to_be_visible()
