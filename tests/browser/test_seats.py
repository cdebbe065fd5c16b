"""Players' phones: one owner and three seat phones (four browser contexts) play a FortyBelow
round in parallel and an Under the 10 round with a failed call; no seat sees another's values
before the round is saved."""

import re

import pytest
from playwright.sync_api import expect

from games import seats
from games.models import Game, Player
from tests.factories import PASSWORD

from .conftest import SEAT_POLL, poll_now
from .test_accessibility import AXE, COLOUR_RULES, SMALLEST_TARGET, TAP_TARGETS, _axe, _report

pytestmark = pytest.mark.browser

MINUS = "\N{MINUS SIGN}"
PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}


def turn_phones_on(page, live_server, game) -> str:
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("button", name="Let players join").click()
    phones = page.locator("#phones")
    expect(phones.locator("svg.qr")).to_be_visible()
    return phones.locator(".join-code").inner_text()


def join(browser, live_server, code, name):
    """A phone with no account: the join page, the code typed, its name tapped. Its polls are
    moved on (poll_now) rather than waited out."""
    phone = browser.new_context(**PHONE).new_page()
    phone.clock.install()
    phone.goto(f"{live_server.url}/join/")
    phone.get_by_label("The game's code").fill(code.lower())
    phone.get_by_role("button", name="Join").click()
    phone.get_by_role("button", name=name, exact=True).click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text(name)
    return phone


def live(phone) -> str:
    return phone.locator("#seat-live").inner_text()


def tap_grid(phone, cards):
    keypad = phone.locator("[data-keypad]")
    for card in cards:
        keypad.get_by_role("button", name=card, exact=True).click()


def seat_line(live_part, name):
    return live_part.locator("[data-progress] li").filter(has_text=name)


def totals_row(page) -> str:
    return page.locator("#scoreboard tr.totals").inner_text()


def test_three_phones_enter_their_own_hands_and_the_rounds_save_themselves(
    page, live_server, logged_in, browser, screenshot
):
    ann, bob, cy = (Player.add(logged_in, name) for name in ("Ann", "Bob", "Cy"))
    game = Game.start(logged_in, "fortybelow", [ann, bob, cy])
    page.clock.install()
    code = turn_phones_on(page, live_server, game)
    phones = {name: join(browser, live_server, code, name) for name in ("Ann", "Bob", "Cy")}
    poll_now(page, SEAT_POLL)
    expect(page.locator("#phones .list li")).to_have_count(3, timeout=10_000)

    # FortyBelow, all three at once: each phone has only its own grid.
    grids = {
        "Ann": ["5", "5", "3", "5", "5", f"{MINUS}1"],  # -38
        "Bob": ["7", "2", "7", "7", "9", "7"],  # 11
        "Cy": ["4", "4", "4", "4", "4", "4"],  # -40
    }
    for name, phone in phones.items():
        assert phone.locator("[data-grid] select").count() == 6
        tap_grid(phone, grids[name])
    screenshot(phones["Ann"], "seats-fortybelow-grid")
    phones["Ann"].get_by_label("I went out").check()
    phones["Ann"].get_by_role("button", name="Send my hand").click()
    phones["Bob"].get_by_role("button", name="Send my hand").click()
    expect(phones["Ann"].get_by_text("Your grid scores " + MINUS + "38")).to_be_visible()

    # Cy's phone and the owner's follow: Ann and Bob are done, Cy still entering; no values.
    cy_live = phones["Cy"].locator("#seat-live")
    poll_now(phones["Cy"], SEAT_POLL)
    poll_now(page, SEAT_POLL)
    expect(seat_line(cy_live, "Ann")).to_contain_text("done", timeout=10_000)
    expect(seat_line(cy_live, "Bob")).to_contain_text("done", timeout=10_000)
    expect(seat_line(cy_live, "Cy")).to_contain_text("still entering")
    expect(cy_live).to_contain_text("Ann went out")
    expect(page.locator("#phones [data-progress]")).to_contain_text(
        "Ann: done · Bob: done · Cy: still entering", timeout=10_000
    )
    screenshot(page, "seats-owner-progress")
    for name, phone in phones.items():
        text = live(phone)
        others = [other for other in phones if other != name]
        for other in others:
            player = {"Ann": ann, "Bob": bob, "Cy": cy}[other]
            assert phone.locator(f'[name^="card_{player.pk}_"]').count() == 0
        if name != "Ann":
            assert f"{MINUS}38" not in text
        if name != "Bob":
            assert "11" not in text
    phones["Cy"].get_by_role("button", name="Send my hand").click()
    expect(phones["Cy"].get_by_text("Yours was the last part: the round is saved.")).to_be_visible()

    # Saved through the write path: Ann went out but Cy was lower, so Ann has +10.
    saved = game.rounds.get()
    assert saved.entry["went_out"] == ann.pk
    assert {hand["player"]: hand["grid"] for hand in saved.entry["hands"]} == {
        ann.pk: [[5, 5, 3], [5, 5, -1]],
        bob.pk: [[7, 2, 7], [7, 9, 7]],
        cy.pk: [[4, 4, 4], [4, 4, 4]],
    }
    poll_now(page)
    expect(page.locator("#scoreboard tr.totals")).to_contain_text(f"{MINUS}28", timeout=10_000)
    assert re.sub(r"\s+", " ", totals_row(page)).strip() == f"Total {MINUS}28 11 {MINUS}40"
    # Every phone shows the saved round and moves on to round 2 by itself.
    for phone in phones.values():
        poll_now(phone, SEAT_POLL)
        expect(phone.locator("[data-last-round]")).to_contain_text(f"Ann {MINUS}28", timeout=10_000)
        expect(phone.locator("h2.seat-round")).to_contain_text("Round 2", timeout=10_000)
        expect(phone.locator("[data-last-round]")).to_contain_text("Bob +11")
    screenshot(phones["Bob"], "seats-fortybelow-saved")

    # Under the 10, on a new game: Ann calls with 7, Bob holds 5 and 7, Cy 7: the call fails
    # (Cy is as low as Ann): Ann 27, Bob 12, Cy 0.
    under10 = Game.start(logged_in, "under10", [ann, bob, cy])
    code = turn_phones_on(page, live_server, under10)
    for phone in phones.values():
        phone.context.close()
    phones = {name: join(browser, live_server, code, name) for name in ("Ann", "Bob", "Cy")}
    phones["Ann"].get_by_label("Points in hand").fill("7")
    phones["Ann"].get_by_text("I called “Under the 10!”").click()
    keypad = phones["Bob"].locator("[data-dock]")  # the round page's keypad, for one hand
    expect(keypad.locator("[data-dock-where]")).to_have_text("My hand")
    keypad.get_by_role("button", name="5", exact=True).click()
    keypad.get_by_role("button", name="7", exact=True).click()
    expect(phones["Bob"].get_by_label("or the cards (e.g. 2 5 13)")).to_have_value("5 7")
    screenshot(phones["Bob"], "seats-under10-hand")
    phones["Cy"].get_by_label("Points in hand").fill("7")
    phones["Ann"].get_by_role("button", name="Send my hand").click()
    phones["Bob"].get_by_role("button", name="Send my hand").click()
    bob_live = phones["Bob"].locator("#seat-live")
    expect(bob_live).to_contain_text("Ann called")
    poll_now(phones["Bob"], SEAT_POLL)
    expect(seat_line(bob_live, "Ann")).to_contain_text("done", timeout=10_000)
    assert "7" not in live(phones["Cy"]).replace("Round 1", "")
    phones["Cy"].get_by_role("button", name="Send my hand").click()
    expect(phones["Cy"].get_by_text("Yours was the last part: the round is saved.")).to_be_visible()
    saved = under10.rounds.get()
    assert saved.entry == {
        "called_by": ann.pk,
        "hands": [
            {"player": ann.pk, "points": 7},
            {"player": bob.pk, "cards": [5, 7]},
            {"player": cy.pk, "points": 7},
        ],
    }
    page.goto(f"{live_server.url}/games/{under10.pk}/")
    assert re.sub(r"\s+", " ", totals_row(page)).strip() == "Total 27 12 0"
    for phone in phones.values():
        poll_now(phone, SEAT_POLL)
        expect(phone.locator("[data-last-round]")).to_contain_text("Ann +27", timeout=10_000)
    screenshot(phones["Ann"], "seats-under10-saved")


def test_the_phones_pages_pass_axe_and_every_tap_target_is_44_px(browser, live_server, logged_in):
    """The join pages, a seat page of each game with parts, the seat link off, and the owner's
    section, on a 360 px phone: every check in light mode, the colour rules in dark (as
    tests/browser/test_accessibility.py checks)."""
    assert AXE.exists(), f"{AXE} is missing: run `npm ci`"
    players = [Player.add(logged_in, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    pages = []
    for kind in ("fortybelow", "under10", "fortytwo", "fortyfives", "fourscore"):
        game = Game.start(logged_in, kind, players)
        seats.turn_on(game)
        pages.append((f"seat page, {kind}", f"/p/{seats.join(game, 0)}/"))
    pages += [
        ("join", "/join/"),
        ("pick a seat", f"/join/{game.join_code}/"),
        ("owner's phones section", f"/games/{game.pk}/"),
        ("seat link off", "/p/not-a-seat-link/"),
    ]
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, bypass_csp=True
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")
    found = {}
    for name, path in pages:
        page.emulate_media(color_scheme="light")
        page.goto(f"{live_server.url}{path}")
        if problems := _axe(page) + page.evaluate(TAP_TARGETS, SMALLEST_TARGET):
            found[f"{name} (light)"] = problems
        page.emulate_media(color_scheme="dark")  # colours alone change: their rules
        if problems := _axe(page, COLOUR_RULES):
            found[f"{name} (dark)"] = problems
    context.close()
    assert not found, _report(found)


def test_a_part_another_phone_sent_for_the_seat_is_in_this_phones_form_before_it_sends_again(
    browser, live_server, logged_in
):
    """Two phones on one seat: the first sends a pile, the second another. The first, at its
    next poll, opens afresh with the second's pile in its form, so that a tap on Send can't
    quietly put back its own."""
    players = [Player.add(logged_in, name) for name in ("Ann", "Bob", "Cy")]
    game = Game.start(logged_in, "fourscore", players)
    seats.turn_on(game)
    first, second = (browser.new_context(**PHONE).new_page() for _ in range(2))
    first.clock.install()
    for phone in (first, second):
        phone.goto(f"{live_server.url}/p/{seats.join(Game.objects.get(pk=game.pk), 0)}/")
    for phone, pile in ((first, "5"), (second, "7")):
        phone.get_by_label("My pile").fill(pile)
        phone.get_by_role("button", name="Send my pile").click()
        expect(phone.get_by_label("My pile")).to_have_value(pile)
    poll_now(first, SEAT_POLL)
    expect(first.get_by_label("My pile")).to_have_value("7")
    expect(first.locator("#seat-live")).to_contain_text("Another phone changed your part")
