"""Every kind of page works under the Content-Security-Policy: not one violation reported by
Chromium on the pages, an htmx preview and poll, the share page or the API's documentation."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import poll_now
from .test_play import start_game

pytestmark = pytest.mark.browser

# Runs before any page script (Playwright injects it outside the page's policy).
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = `${event.sourceFile}:${event.lineNumber}`;
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${where}`);
});
"""


@pytest.fixture
def violations(page):
    """What the policy refused: console reports and securitypolicyviolation events."""
    found = []
    page.add_init_script(LISTEN)
    page.on(
        "console",
        lambda message: (
            found.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text
            else None
        ),
    )

    def check(where):
        found.extend(page.evaluate("window.__violations || []"))
        assert found == [], where

    return check


def test_no_page_breaks_the_policy(page, live_server, logged_in, violations, screenshot, browser):
    base = live_server.url
    page.clock.install()  # the board's poll is moved on (poll_now) rather than waited out
    start_game(page, live_server, logged_in, "FortyBelow", ["Ann", "Bob"])
    violations("new game and its scoreboard")

    # The round form and its htmx preview, which marks the grids out of band.
    page.get_by_role("link", name="Enter round 1").click()
    keypad = page.locator("[data-keypad]")
    for value in ["5", "5", "3", "5", "5", "\N{MINUS SIGN}1", "7", "2", "7", "7", "9", "7"]:
        keypad.get_by_role("button", name=value, exact=True).click()
    page.get_by_text("Ann", exact=True).last.click()
    expect(page.locator("#preview")).to_contain_text("Ann \N{MINUS SIGN}38")
    expect(page.get_by_label("Ann row 1 column 1")).to_have_class(re.compile(r"\bblock\b"))
    violations("round form with the live preview")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#scoreboard tr.totals")).to_contain_text("\N{MINUS SIGN}38")

    # The scoreboard polls with htmx; the share page too, for anyone.
    page.get_by_role("button", name="Share a watch link").click()
    share_url = page.locator('a[href*="/s/"]').get_attribute("href")
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        poll_now(page)  # one poll comes and goes under the policy
    violations("scoreboard and its poll")

    for path in [
        "/players/",
        "/nights/",
        "/data/",
        "/accounts/",
        "/accounts/password_change/",
        "/accounts/delete/",
    ]:
        page.goto(f"{base}{path}")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        violations(path)
    screenshot(page, "account-delete")
    page.goto(f"{base}/accounts/")
    screenshot(page, "account")

    watcher = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    watcher.add_init_script(LISTEN)
    watcher.clock.install()
    watcher.goto(f"{base}{share_url}")
    expect(watcher.get_by_role("heading", level=1)).to_be_visible()
    with watcher.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        poll_now(watcher)
    assert watcher.evaluate("window.__violations") == []


def test_the_visitors_pages_and_the_api_docs_keep_to_the_policy(page, live_server, violations):
    for path in ["/", "/accounts/login/", "/accounts/signup/"]:
        page.goto(f"{live_server.url}{path}")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        violations(path)
    page.goto(f"{live_server.url}/api/docs/")
    # Swagger UI built the page from the schema: its operations are listed.
    expect(page.locator(".opblock").first).to_be_visible(timeout=15_000)
    expect(page.get_by_text("/api/auth/token/").first).to_be_visible()
    violations("/api/docs/")
