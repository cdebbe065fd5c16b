"""Offline on a phone: the app installs, a game's pages open without a connection, and rounds
saved offline are sent once when it comes back, or shown beside another phone's round."""

import re
from contextlib import suppress

import pytest
from django.contrib.sessions.models import Session
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from games.models import Game, GameNight, Player, RoundRevision
from tests.factories import PASSWORD

from .conftest import CHROMIUM, LAUNCH_ARGS, PHONE_CONTEXT, save_screenshot

pytestmark = pytest.mark.browser

KEPT = """new Promise((resolve) => {
  indexedDB.open("scorekeeper").onsuccess = (event) => {
    event.target.result.transaction("rounds").objectStore("rounds").getAll().onsuccess =
      (got) => resolve(got.target.result);
  };
})"""
RESEND = """async (kept) => {
  const body = new URLSearchParams(kept.body);
  body.set("csrfmiddlewaretoken", document.cookie.match(/csrftoken=([^;]+)/)[1]);
  return (await fetch(kept.url, { method: "POST", body })).text();
}"""
KEPT_PAGES = (
    "caches.open('pages').then(c => c.keys()).then(k => k.map(r => new URL(r.url).pathname))"
)
KEPT_AS_OF = re.compile(r"Offline, showing the scores as of \d\d:\d\d\.")


@pytest.fixture
def screenshot():
    """What the phone's screen shows (not the whole page): what must be clear at a glance."""

    def take(page, name):
        save_screenshot(page, name)

    return take


def start(user, kind, names, **options) -> Game:
    players = [Player.objects.get_or_create(owner=user, name=name)[0] for name in names]
    return Game.start(user, kind, players, options=options, night=GameNight.tonight(user))


def visit_while_online(page, live_server, game):
    """Open the scoreboard; the phone keeps it and the round page it links to."""
    page.goto(f"{live_server.url}/games/{game.pk}/")
    for path in (f"/games/{game.pk}/", f"/games/{game.pk}/rounds/new/"):
        page.wait_for_function(
            "path => caches.open('pages').then(c => c.match(path)).then(Boolean)", arg=path
        )


def go_offline(context, page):
    """The connection drops, and the scoreboard says so: its banner goes in above the board and
    moves what is below it, so a tap waits for it (a tap as it moves could miss its link)."""
    context.set_offline(True)
    expect(page.locator(".banner.offline")).to_be_visible()


def enter_fourscore(page, piles):
    for name, pile in piles.items():
        page.get_by_role("spinbutton", name=name).fill(str(pile))


def enter_under10(page):
    page.get_by_role("group", name="Who ended the round?").get_by_text("Ann").click()
    points = page.get_by_label("Points in hand")
    points.nth(0).fill("8")
    points.nth(1).fill("2")
    keypad = page.locator("[data-dock]")  # one keypad: a tap on a hand's cards brings it there
    page.get_by_label("or the cards (e.g. 2 5 13)").nth(1).click()
    keypad.get_by_role("button", name="Joker +10").click()
    page.get_by_label("or the cards (e.g. 2 5 13)").nth(2).click()
    keypad.get_by_role("button", name="13", exact=True).click()
    keypad.get_by_role("button", name="2", exact=True).click()


def test_the_app_is_installable_with_its_manifest_and_an_active_service_worker(
    playwright, live_server, tmp_path
):
    # A profile on disk: Chromium never offers to install from an incognito context.
    context = playwright.chromium.launch_persistent_context(
        tmp_path, executable_path=CHROMIUM, args=LAUNCH_ARGS, **PHONE_CONTEXT
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/")  # the landing page: installable before signing in
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == f"{live_server.url}/manifest.webmanifest"
    assert manifest["errors"] == []
    parsed = cdp.send("Page.getAppManifest")["data"]
    assert '"display": "standalone"' in parsed
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    state = page.evaluate(
        "navigator.serviceWorker.ready.then(r => [r.active.state, r.scope, r.active.scriptURL])"
    )
    assert state == ["activated", f"{live_server.url}/", f"{live_server.url}/sw.js"]
    assert [worker.url for worker in context.service_workers] == [f"{live_server.url}/sw.js"]
    # Every icon the manifest names is served.
    for src in re.findall(r'"src": "([^"]+)"', parsed):
        assert page.request.get(f"{live_server.url}{src}").ok, src
    context.close()


def test_the_scoreboard_opens_offline_after_one_online_visit_and_says_as_of_when(
    phones, ann, live_server, screenshot
):
    game = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=5)
    context, page = phones(ann)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    enter_fourscore(page, {"Ann": 6, "Bob": 2, "Cy": 9})
    page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_role("link", name="Enter round 2")).to_be_visible()
    visit_while_online(page, live_server, game)
    totals = page.locator("#scoreboard tr.totals").inner_text()

    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("status").filter(has_text="Offline")).to_have_text(KEPT_AS_OF)
    assert page.locator("#scoreboard tr.totals").inner_text() == totals
    screenshot(page, "offline-scoreboard")
    # A page kept before an update names the old hashed files: it gets the present ones.
    styles = page.evaluate("fetch('/static/css/app.0123456789ab.css').then(r => r.text())")
    assert ".banner.offline" in styles
    # Other forms say plainly that nothing was saved.
    page.get_by_role("button", name="Undo round 1").click()
    expect(page.get_by_text("You are offline: that was not saved.")).to_be_visible()
    back = page.get_by_role("link", name="Back to the page")  # the one it was sent from
    expect(back).to_have_attribute("href", f"/games/{game.pk}/")
    assert game.rounds.count() == 1
    page.go_back()

    # The round page is kept too; its preview says plainly that it needs the connection.
    page.get_by_role("link", name="Enter round 2").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Round 2")
    enter_fourscore(page, {"Ann": 1})
    expect(page.locator("#preview")).to_contain_text("Offline: no score preview.")
    screenshot(page, "offline-round-page")

    # A page that was never visited says it isn't kept rather than failing.
    page.goto(f"{live_server.url}/players/")
    expect(page.get_by_text("this page is not kept on the phone")).to_be_visible()


def test_rounds_of_two_games_saved_offline_survive_a_reload_and_are_each_saved_once(
    phones, ann, live_server, screenshot
):
    fourscore = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=5)
    under10 = start(ann, "under10", ["Ann", "Bob", "Cy"])
    context, page = phones(ann)
    visit_while_online(page, live_server, fourscore)
    visit_while_online(page, live_server, under10)

    context.set_offline(True)
    page.goto(f"{live_server.url}/games/{fourscore.pk}/")
    page.get_by_role("link", name="Enter round 1").click()
    enter_fourscore(page, {"Ann": 6, "Bob": 2, "Cy": 9})
    page.get_by_role("button", name="Save round 1").click()
    expect(page).to_have_url(f"{live_server.url}/games/{fourscore.pk}/")
    expect(page.locator(".waiting")).to_contain_text("Round 1: waiting to send")

    page.goto(f"{live_server.url}/games/{under10.pk}/")
    page.get_by_role("link", name="Enter round 1").click()
    enter_under10(page)
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".waiting")).to_contain_text("Round 1: waiting to send")
    page.reload()
    expect(page.locator(".waiting")).to_contain_text("Round 1: waiting to send")
    screenshot(page, "offline-waiting-to-send")
    # The round page of a game with a round waiting doesn't take another over it.
    page.get_by_role("link", name="Enter round 1").click()
    expect(page.get_by_text("Round 1 is kept on this phone, waiting to send.")).to_be_visible()
    expect(page.get_by_role("button", name="Save round 1")).to_be_disabled()
    screenshot(page, "offline-round-page-waiting")
    assert fourscore.rounds.count() == under10.rounds.count() == 0
    kept_rounds = page.evaluate(KEPT)
    assert sorted((r["game"], r["number"]) for r in kept_rounds) == [
        (fourscore.pk, 1),
        (under10.pk, 1),
    ]

    context.set_offline(False)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Round 2", timeout=15_000)
    expect(page.get_by_role("status")).to_have_text(
        "2 rounds kept on this phone are sent and saved."
    )
    screenshot(page, "offline-sent")
    page.goto(f"{live_server.url}/games/{under10.pk}/")
    expect(page.locator(".waiting")).to_have_count(0)
    assert under10.rounds.count() == 1
    expect(page.locator("#scoreboard tr.totals > *")).to_have_text(["Total", "0", "12", "15"])
    page.goto(f"{live_server.url}/games/{fourscore.pk}/")
    assert fourscore.rounds.count() == 1
    seats = [seat.player_id for seat in fourscore.seats]
    assert fourscore.rounds.get().entry == {
        "hands": [{"player": p, "pile": n} for p, n in zip(seats, (6, 2, 9), strict=True)]
    }
    totals = fourscore.replay([fourscore.rounds.get().entry]).totals
    expect(page.locator("#scoreboard tr.totals > *")).to_have_text(
        ["Total", *(str(totals[p]) for p in seats)]
    )

    # The kept forms sent again (a resend after a lost answer) make no second round.
    for kept in kept_rounds:
        answer = page.evaluate(RESEND, kept)
        assert "Round 1 was already saved." in answer
    assert fourscore.rounds.count() == under10.rounds.count() == 1


def test_a_round_saved_offline_that_another_phone_saved_meanwhile_is_shown_beside_it(
    phones, ann, live_server, screenshot
):
    game = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=5)
    offline_context, offline = phones(ann)
    _, online = phones(ann)
    visit_while_online(offline, live_server, game)

    go_offline(offline_context, offline)
    offline.get_by_role("link", name="Enter round 1").click()
    enter_fourscore(offline, {"Ann": 6, "Bob": 2, "Cy": 9})
    offline.get_by_role("button", name="Save round 1").click()
    expect(offline.locator(".waiting")).to_contain_text("Round 1: waiting to send")

    online.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    enter_fourscore(online, {"Ann": 1, "Bob": 1, "Cy": 1})
    online.get_by_role("button", name="Save round 1").click()
    expect(online.get_by_role("link", name="Enter round 2")).to_be_visible()

    offline_context.set_offline(False)
    waiting = offline.locator(".waiting")
    expect(waiting).to_contain_text(
        "Round 1 was already saved by someone else.Theirs is round 1 in the table.",
        timeout=15_000,
    )
    expect(waiting).to_contain_text(re.compile(r"Yours, saved here at \d\d:\d\d: Ann \+6 → 6"))
    expect(waiting.get_by_role("button", name="Keep theirs")).to_be_visible()
    screenshot(offline, "offline-conflict")
    theirs = game.rounds.get().entry
    assert [h["pile"] for h in theirs["hands"]] == [1, 1, 1]

    # Still there after a reload: nothing is dropped until the person chooses.
    offline.reload()
    offline.locator(".waiting").get_by_role("button", name="Replace it with mine").click()
    expect(offline.locator(".waiting")).to_have_count(0)
    expect(offline.get_by_role("status")).to_have_text(
        "Round 1 is now yours; theirs is kept among the round's earlier versions."
    )
    assert [h["pile"] for h in game.rounds.get().entry["hands"]] == [6, 2, 9]
    assert RoundRevision.objects.get(game=game, number=1).entry == theirs  # theirs, kept
    screenshot(offline, "offline-conflict-resolved")


def test_a_round_saved_offline_for_a_round_undone_meanwhile_is_refused_not_saved_as_another(
    phones, ann, live_server, screenshot
):
    game = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=5)
    for _ in range(2):
        game.add_round({"hands": [{"player": p.player_id, "pile": 1} for p in game.seats]}, ann)
    offline_context, offline = phones(ann)
    visit_while_online(offline, live_server, game)

    go_offline(offline_context, offline)
    offline.get_by_role("link", name="Enter round 3").click()
    enter_fourscore(offline, {"Ann": 6, "Bob": 2, "Cy": 9})
    offline.get_by_role("button", name="Save round 3").click()
    expect(offline.locator(".waiting")).to_contain_text("Round 3: waiting to send")
    Game.objects.get(pk=game.pk).delete_last_round(2, ann)  # another phone's undo

    offline_context.set_offline(False)
    waiting = offline.locator(".waiting")
    expect(waiting).to_contain_text(
        "This form was for round 3, but the game is at round 2: nothing was saved.",
        timeout=15_000,
    )
    expect(waiting.get_by_role("button", name="Discard mine")).to_be_visible()
    screenshot(offline, "offline-round-undone-meanwhile")
    assert game.rounds.count() == 1


def test_a_round_kept_while_signed_out_waits_and_is_sent_after_signing_in_again(
    phones, ann, live_server, screenshot
):
    game = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=5)
    context, page = phones(ann)
    visit_while_online(page, live_server, game)
    go_offline(context, page)
    page.get_by_role("link", name="Enter round 1").click()
    enter_fourscore(page, {"Ann": 6, "Bob": 2, "Cy": 9})
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".waiting")).to_contain_text("Round 1: waiting to send")

    context.clear_cookies(name="sessionid")  # signed out meanwhile (or the session ran out)
    context.set_offline(False)
    expect(page).to_have_url(re.compile(r"/accounts/login/"), timeout=15_000)
    expect(page.get_by_role("status")).to_have_text(
        "A round is kept on this phone, waiting to send: sign in again on this phone to send it."
    )
    screenshot(page, "offline-signed-out")
    assert game.rounds.count() == 0

    # Signing in changes the CSRF token: the kept form's is stale, the phone sends the new one.
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("#scoreboard tr.totals > *")).to_have_text(
        ["Total", "6", "2", "9"], timeout=15_000
    )
    expect(page.locator(".waiting")).to_have_count(0)
    assert game.rounds.count() == 1


def test_with_javascript_off_the_pages_work_as_before_and_nothing_is_installed(
    browser, ann, live_server
):
    game = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=5)
    context = browser.new_context(**PHONE_CONTEXT, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/games/{game.pk}/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Enter round 1").click()
    enter_fourscore(page, {"Ann": 6, "Bob": 2, "Cy": 9})
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#scoreboard tr.totals > *")).to_have_text(["Total", "6", "2", "9"])
    assert context.service_workers == []
    assert game.rounds.count() == 1
    context.close()


def test_signing_out_forgets_the_pages_kept_on_the_phone(phones, ann, live_server):
    game = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=5)
    context, page = phones(ann)
    page.goto(f"{live_server.url}/")  # home, now through the service worker, which keeps it
    visit_while_online(page, live_server, game)
    expected = ["/", f"/games/{game.pk}/", f"/games/{game.pk}/rounds/new/"]
    page.wait_for_function(
        f"want => ({KEPT_PAGES}).then(k => JSON.stringify(k.sort()) === JSON.stringify(want))",
        arg=expected,
    )
    page.goto(f"{live_server.url}/accounts/")  # Log out is on the account page
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(f"{live_server.url}/")
    context.set_offline(True)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.get_by_text("this page is not kept on the phone")).to_be_visible()
    assert page.evaluate(KEPT_PAGES) == ["/"]  # the landing page, as anyone sees it


def test_a_round_that_meets_a_gateway_error_is_kept_and_sent_later(phones, ann, live_server):
    game = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=5)
    context, page = phones(ann)
    down = {"yes": True}

    def proxy(route):
        if down["yes"] and route.request.method == "POST" and "/rounds/new/" in route.request.url:
            route.fulfill(status=502, body="Bad Gateway")
        else:
            route.continue_()

    context.route("**/*", proxy)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    enter_fourscore(page, {"Ann": 6, "Bob": 2, "Cy": 9})
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".waiting")).to_contain_text("Round 1: waiting to send")
    assert game.rounds.count() == 0
    down["yes"] = False
    # The page may be reloading itself already (it sends the kept round when it can): either
    # way it ends on the scoreboard with the round sent.
    with suppress(PlaywrightError):
        page.reload()
    expect(page.get_by_role("status")).to_have_text(
        "The round kept on this phone is sent and saved.", timeout=15_000
    )
    assert game.rounds.count() == 1


def test_a_phone_signed_out_elsewhere_forgets_the_pages_it_kept(phones, ann, live_server):
    game = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=5)
    context, page = phones(ann)
    page.goto(f"{live_server.url}/")  # home, now through the service worker, which keeps it
    visit_while_online(page, live_server, game)
    page.wait_for_function(f"() => ({KEPT_PAGES}).then(k => k.length === 3)")
    Session.objects.all().delete()  # "sign out everywhere" on another phone, or an expiry
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_url(f"{live_server.url}/accounts/login/**")
    assert page.evaluate(KEPT_PAGES) == []
    context.set_offline(True)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.get_by_text("this page is not kept on the phone")).to_be_visible()
