"""42's and Under the 10's round forms on the narrowest phone, 360x740, with four players: the
page is at most a screen and a half tall, and a typical round takes no more taps than it did
when each hand had its own keypad and pills (issue #30, item 2). One keypad kept at the bottom
of the screen follows the input being entered (static/js/dock.js); each tap is counted, from
"Enter round 1" to Save, both included. Screenshots in light and dark mode (of one run: a scheme
changes colours alone), and in Dutch."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Game, Player, Round
from tests.factories import PASSWORD

from .conftest import PHONE, PHONE_CONTEXT, log_in, save_light_and_dark, save_screenshot
from .test_pace_bids import SMALL_TARGETS

pytestmark = pytest.mark.browser

MOST_SCREENS = 1.5
# The page's height in screens with four players, before #30 (each hand its own 15-key keypad
# and three full-width bonus rows; 16 pills a player in 42), and its taps for the rounds below.
BEFORE = {"under10": 4.02, "fortytwo": 2.74}
TAPS_BEFORE = {"fortytwo": 10, "under10": 10}
NAMES = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture
def phone(browser, live_server, transactional_db):
    """The narrowest phone, touch, signed in as Ann."""
    context = browser.new_context(**PHONE_CONTEXT)
    page = context.new_page()
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    log_in(page, live_server)
    yield page, user
    context.close()


class Taps:
    def __init__(self, page):
        self.page = page
        self.count = 0

    def tap(self, locator):
        locator.tap()
        self.count += 1


def begin(phone, live_server, kind):
    """Four players (Ann deals), the scoreboard, then one tap on "Enter round 1"."""
    page, user = phone
    players = [Player.add(user, name) for name in NAMES]
    game = Game.start(user, kind, players)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    taps = Taps(page)
    taps.tap(page.get_by_role("link", name="Enter round 1"))
    expect(page.locator("[data-dock]")).to_be_visible()  # the keypad, at the first input
    return page, game, {p.name: p.pk for p in players}, taps


def screens(page) -> float:
    return page.evaluate("() => document.documentElement.scrollHeight") / PHONE["height"]


def key(page, label):
    """A key of the keypad dock, for the input being entered (the next hand's keys are named
    after it: "Bob 13")."""
    return page.locator("[data-dock]").get_by_role("button", name=label, exact=True)


def check_the_form(page, kind):
    tall = screens(page)
    print(f"\nHEIGHT {kind}: {tall:.2f} screens (before: {BEFORE[kind]})")
    assert tall <= MOST_SCREENS
    assert page.evaluate(SMALL_TARGETS) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    save_light_and_dark(page, f"long-forms-{kind}")
    save_light_and_dark(page, f"long-forms-{kind}-full", full_page=True)


def saved_on_screen(page):
    """The board that answers Save opens at its top, as a new page would: "Round 1 saved" and
    the totals on the screen, not the chart below them where the thumb left the form."""
    expect(page.locator(".messages")).to_contain_text("Round 1 saved.")
    expect(page.locator(".messages")).to_be_in_viewport()
    expect(page.locator("#scoreboard tr.totals")).to_be_in_viewport()


def test_a_four_player_round_of_42_is_a_screen_and_a_half_and_no_more_taps(phone, live_server):
    page, game, ids, taps = begin(phone, live_server, "fortytwo")
    check_the_form(page, "fortytwo")
    where = page.locator("[data-dock-where]")
    expect(where).to_have_text("Bob bids")  # the dealer's left bids first
    # The bids in bidding order (Ann deals, and bids last), then the tricks: a tap each.
    for bid in ("2", "1", "2"):
        taps.tap(key(page, bid))
    expect(where).to_have_text("Ann bids")
    expect(key(page, "2")).to_be_disabled()  # 2 + 1 + 2: Ann's 2 would make 7
    taps.tap(key(page, "1"))
    expect(where).to_have_text("Bob took")
    for took in ("2", "1", "3", "1"):
        taps.tap(key(page, took))
    expect(page.locator("[data-dock]")).to_be_hidden()  # all in: the scores and Save show
    expect(page.locator("#preview")).to_contain_text("Di +3")
    save_light_and_dark(page, "long-forms-fortytwo-entered")
    taps.tap(page.get_by_role("button", name="Save round 1"))
    saved_on_screen(page)

    saved = Round.objects.get(game=game)
    assert saved.status == Round.COMPLETE
    assert {hand["player"]: (hand["bid"], hand["tricks"]) for hand in saved.entry["hands"]} == {
        ids["Bob"]: (2, 2),
        ids["Cy"]: (1, 1),
        ids["Di"]: (2, 3),
        ids["Ann"]: (1, 1),
    }
    print(f"TAPS fortytwo: {taps.count} (before: {TAPS_BEFORE['fortytwo']})")
    assert taps.count <= TAPS_BEFORE["fortytwo"]


LONGEST_HAND_SHOWS_WHOLE = """() => Array.from(document.querySelectorAll(".u10-cards input"))
  .every((box) => {
    const typed = box.value;
    box.value = "13 13 13 13 13";
    const whole = box.scrollWidth <= box.clientWidth;
    box.value = typed;
    return whole;
  })"""


def test_a_four_player_round_of_under_the_10_is_a_screen_and_a_half(phone, live_server):
    page, game, ids, taps = begin(phone, live_server, "under10")
    expect(page.locator(".dock-keys:not(.current)")).to_contain_text("Bob next")  # its keys too
    check_the_form(page, "under10")
    # The longest hand there is, five cards of 13, shows whole in a hand's box.
    assert page.evaluate(LONGEST_HAND_SHOWS_WHOLE)
    dock_height = page.locator("[data-dock]").bounding_box()["height"]
    where = page.locator(".dock-keys.current [data-dock-where]")
    expect(where).to_have_text("Ann")
    taps.tap(page.get_by_role("group", name="Who ended the round?").get_by_text("Ann"))
    hands = {"Ann": ["3", "5"], "Bob": ["13"], "Cy": ["2", "9"], "Di": ["4"]}
    for number, (name, cards) in enumerate(hands.items()):
        first, *rest = cards
        if number:  # the next hand's first card, on its own keys, goes on to it
            expect(key(page, f"{name} {first}")).to_be_visible()
            taps.tap(key(page, f"{name} {first}"))
        else:
            taps.tap(key(page, first))
        expect(where).to_have_text(name)
        for card in rest:
            taps.tap(key(page, card))
        expect(page.locator(f"#id_cards_{ids[name]}")).to_have_value(" ".join(cards))
    expect(page.locator(".dock-keys:not(.current)")).to_be_hidden()  # Di's is the last hand
    # ...and its place is kept: no key moves under a thumb on its way to Save.
    assert page.locator("[data-dock]").bounding_box()["height"] == dock_height
    taps.tap(key(page, "Joker +10"))  # Di holds the joker too
    expect(key(page, "Joker +10")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-hand]").last.locator("[data-held]")).to_have_text("Joker +10")
    expect(page.locator("#preview")).to_contain_text("Di +14")
    save_light_and_dark(page, "long-forms-under10-entered")
    taps.tap(page.get_by_role("button", name="Save round 1"))
    saved_on_screen(page)

    saved = Round.objects.get(game=game).entry
    assert saved["called_by"] == ids["Ann"]
    assert [(hand.get("cards"), hand.get("bonus")) for hand in saved["hands"]] == [
        ([3, 5], None),
        ([13], None),
        ([2, 9], None),
        ([4], ["joker"]),
    ]
    print(f"TAPS under10: {taps.count} (before: {TAPS_BEFORE['under10']})")
    assert taps.count <= TAPS_BEFORE["under10"]


def test_the_compact_forms_in_dutch(browser, live_server, transactional_db):
    context = browser.new_context(**PHONE_CONTEXT, locale="nl-NL")
    page = context.new_page()
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Gebruikersnaam").fill("ann")
    page.get_by_label("Wachtwoord").fill(PASSWORD)
    page.get_by_role("button", name="Inloggen").click()
    players = [Player.add(user, name) for name in NAMES]
    for kind in ("fortytwo", "under10"):
        game = Game.start(user, kind, players)
        page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
        expect(page.locator("[data-dock]")).to_be_visible()
        print(f"\nHEIGHT {kind} nl: {screens(page):.2f} screens")
        save_screenshot(page, f"long-forms-{kind}-nl")
        save_screenshot(page, f"long-forms-{kind}-nl-full", full_page=True)
        assert screens(page) <= MOST_SCREENS
        assert page.evaluate(SMALL_TARGETS) == []
    expect(page.locator("[data-dock] .dock-keys:not(.current)")).to_contain_text("Bob volgende")
    context.close()
