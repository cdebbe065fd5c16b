"""The service worker's own notes (a page not kept, a form not sent) in the page's language."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Game, GameNight, Player
from tests.factories import PASSWORD

pytestmark = pytest.mark.browser


@pytest.fixture
def dutch_phone(browser, browser_context_args, live_server, transactional_db):
    """A phone whose browser asks for Dutch, signed in as Ann, its service worker in charge."""
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    players = [Player.add(user, name) for name in ("Ann", "Bob", "Cy")]
    game = Game.start(
        user, "fourscore", players, options={"deals": 5}, night=GameNight.tonight(user)
    )
    context = browser.new_context(**browser_context_args, locale="nl-NL")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Gebruikersnaam").fill("ann")
    page.get_by_label("Wachtwoord").fill(PASSWORD)
    page.get_by_role("button", name="Inloggen").click()
    page.wait_for_url(f"{live_server.url}/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    yield context, page, game
    context.close()


def keep(page, live_server, path):
    page.goto(f"{live_server.url}{path}")
    page.wait_for_function(
        "path => caches.open('pages').then(c => c.match(path)).then(Boolean)", arg=path
    )


def test_the_offline_notes_follow_the_pages_language(dutch_phone, live_server, screenshot):
    context, page, game = dutch_phone
    keep(page, live_server, f"/games/{game.pk}/")
    context.set_offline(True)
    page.goto(f"{live_server.url}/players/")
    expect(page.get_by_role("status")).to_have_text(
        "Je bent offline, en deze pagina staat niet op de telefoon."
    )
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page).to_have_title("Offline · Score bijhouden")
    expect(page.get_by_role("link", name="Je spellen")).to_be_visible()
    screenshot(page, "dutch-offline-not-kept")
    # A form sent offline (here the footer's switch itself) says in Dutch that nothing was saved.
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("status")).to_have_text(
        "Je bent offline: dat is niet bewaard. Ga terug en probeer het opnieuw zodra de "
        "telefoon weer online is."
    )

    # Switched to English in the footer (the browser still asks for Dutch): the notes follow.
    context.set_offline(False)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    keep(page, live_server, "/")
    context.set_offline(True)
    page.goto(f"{live_server.url}/players/")
    expect(page.get_by_role("status")).to_have_text(
        "You are offline, and this page is not kept on the phone."
    )
    expect(page.locator("html")).to_have_attribute("lang", "en")
