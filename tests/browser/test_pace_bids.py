"""A round of each game played as a person at the table plays it, by taps only, on the narrowest
phone: how many taps and how long it takes, that it is saved right, and that every tap target
on the round page is at least 44 px each way and the headings go h1 then h2.

The time is the taps at half a second each plus the page waits measured here (a save, a new
page): what the table waits for, not how fast a test can click."""

import re
import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Game, Player, Round
from tests.factories import PASSWORD

from .conftest import PHONE, PHONE_CONTEXT, log_in

pytestmark = pytest.mark.browser

SECONDS_PER_TAP = 0.5
# At most this many taps from the scoreboard's "Enter round 1" to the round saved (both
# included), for the rounds played below. Before one-save entry, 42 and Forty Fives took 10.
# Under the 10 took 8 while each hand had its own keypad (a page four screens tall), and still
# does with one keypad for every hand (#30): the next hand's first card, tapped on its own keys,
# goes on to it.
TAP_LIMITS = {"fortytwo": 8, "fortyfives": 7, "under10": 8, "fourscore": 6}
TAP_TARGET = 44  # px, each way

# Every a, button, input, select and label-as-button in main that is shown and smaller than a
# tap target. A radio or check box inside a label is tapped through its label: the label counts.
SMALL_TARGETS = """() => {
  const small = [];
  const seen = new Set();
  for (const el of document.querySelectorAll(
      "main a, main button, main input, main select, main .choices label")) {
    if (el.type === "hidden") continue;
    const target = (el.matches("input[type=radio], input[type=checkbox]") && el.closest("label"))
      || el;
    if (seen.has(target)) continue;
    seen.add(target);
    const box = target.getBoundingClientRect();
    if (!box.width && !box.height) continue;  // not shown
    if (box.width < 44 || box.height < 44) {
      const text = (target.textContent || target.name || "").trim().slice(0, 30);
      small.push(`${target.tagName.toLowerCase()} "${text}" ${box.width}x${box.height}`);
    }
  }
  return small;
}"""
HEADINGS = (
    "() => Array.from(document.querySelectorAll('main h1, main h2, main h3, main h4'))"
    ".map(h => Number(h.tagName[1]))"
)


class Taps:
    """Taps on a touch screen, counted, and the waits for the pages they open, timed."""

    def __init__(self, page):
        self.page = page
        self.count = 0
        self.waits = 0.0

    def tap(self, locator):
        locator.tap()
        self.count += 1

    def tap_to_page(self, locator):
        started = time.perf_counter()
        with self.page.expect_navigation():
            locator.tap()
        self.page.wait_for_load_state("load")
        self.waits += time.perf_counter() - started
        self.count += 1

    @property
    def seconds(self) -> float:
        return self.count * SECONDS_PER_TAP + self.waits


@pytest.fixture
def phone(browser, live_server, transactional_db):
    """The narrowest phone (conftest's PHONE: see there why not a wider one too), touch, logged
    in as Ann: (page, user, screen name)."""
    context = browser.new_context(**PHONE_CONTEXT)
    page = context.new_page()
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    log_in(page, live_server)
    yield page, user, f"{PHONE['width']}x{PHONE['height']}"
    context.close()


def begin(phone, live_server, kind, names):
    """The game's scoreboard, then one tap on "Enter round 1"."""
    page, user, screen = phone
    players = [Player.add(user, name) for name in names]
    game = Game.start(user, kind, players)  # the first player deals
    page.goto(f"{live_server.url}/games/{game.pk}/")
    taps = Taps(page)
    taps.tap_to_page(page.get_by_role("link", name="Enter round 1"))
    return page, game, {p.name: p.pk for p in players}, taps, screen


def choice(page, group, text):
    return page.get_by_role("group", name=group, exact=True).get_by_text(text, exact=True)


def cell(page, label):
    """The box of a list that the keypad dock fills (a tap on it brings the keypad there)."""
    return page.locator(".dock-target").filter(has=page.get_by_label(label, exact=True))


def key(page, label):
    """A key of the keypad dock at the bottom of the screen."""
    return page.locator("[data-dock]").get_by_role("button", name=label, exact=True)


def check_the_page(page, screenshot, name):
    assert page.evaluate(SMALL_TARGETS) == []
    levels = page.evaluate(HEADINGS)
    assert levels[0] == 1
    assert all(level == 2 for level in levels[1:]), levels
    assert (
        page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
    )
    screenshot(page, name)


def finish(kind, screen, page, taps, screenshot):
    print(f"\nPACE {kind} {screen}: {taps.count} taps, {taps.seconds:.2f} s")
    screenshot(page, f"pace-{kind}-{screen}-saved")
    assert taps.count <= TAP_LIMITS[kind]


def test_a_round_of_42_entered_after_the_hand_is_one_save(phone, live_server, screenshot):
    page, game, ids, taps, screen = begin(phone, live_server, "fortytwo", ["Ann", "Bob", "Cy"])
    # Ann deals, so Bob bids first and Ann last: the keypad takes the bids in that order, then
    # the tricks.
    for value in ("3", "3", "0", "3", "4", "0"):
        taps.tap(key(page, value))
    expect(page.locator("#preview")).to_contain_text("Ann +7")
    check_the_page(page, screenshot, f"pace-fortytwo-{screen}")
    taps.tap_to_page(page.get_by_role("button", name="Save round 1"))

    saved = Round.objects.get(game=game)
    assert saved.status == Round.COMPLETE
    assert saved.entry == {
        "hands": [
            {"player": ids["Ann"], "bid": 0, "tricks": 0},
            {"player": ids["Bob"], "bid": 3, "tricks": 3},
            {"player": ids["Cy"], "bid": 3, "tricks": 4},
        ]
    }
    expect(page.locator("#scoreboard tr.totals")).to_contain_text("7")
    finish("fortytwo", screen, page, taps, screenshot)


def test_a_round_of_forty_fives_entered_after_the_hand_is_one_save(phone, live_server, screenshot):
    page, game, ids, taps, screen = begin(
        phone, live_server, "fortyfives", ["Ann", "Bob", "Cy", "Dee"]
    )
    taps.tap(choice(page, "Bidder", "Ann"))
    taps.tap(choice(page, "Bid", "20"))
    taps.tap(choice(page, "Trump", "Hearts"))
    taps.tap(choice(page, "Tricks taken by Ann & Cy", "3"))
    expect(page.get_by_text("Bob & Dee took 2.")).to_be_visible()  # shown, not entered
    taps.tap(choice(page, "Who took the highest trump?", "Ann & Cy"))
    expect(page.locator("#preview")).to_contain_text("Ann +20")
    check_the_page(page, screenshot, f"pace-fortyfives-{screen}")
    taps.tap_to_page(page.get_by_role("button", name="Save round 1"))

    saved = Round.objects.get(game=game)
    assert saved.status == Round.COMPLETE
    assert saved.entry == {
        "bidder": ids["Ann"],
        "bid": 20,
        "trump": "hearts",
        "tricks": {"A": 3, "B": 2},
        "high_trump": "A",
    }
    expect(page.locator("#scoreboard tr.totals")).to_contain_text("20")
    finish("fortyfives", screen, page, taps, screenshot)


def test_a_round_of_under_the_10_by_taps(phone, live_server, screenshot):
    page, game, ids, taps, screen = begin(phone, live_server, "under10", ["Ann", "Bob", "Cy"])
    taps.tap(choice(page, "Who ended the round?", "Ann"))
    for name, cards in {"Ann": ["3", "5"], "Bob": ["13"], "Cy": ["2", "9"]}.items():
        first, *rest = cards
        taps.tap(key(page, first if name == "Ann" else f"{name} {first}"))
        for card in rest:
            taps.tap(key(page, card))
    expect(page.locator("#preview")).to_contain_text("Cy +11")
    check_the_page(page, screenshot, f"pace-under10-{screen}")
    taps.tap_to_page(page.get_by_role("button", name="Save round 1"))

    saved = Round.objects.get(game=game)
    assert saved.entry["called_by"] == ids["Ann"]
    assert [hand["cards"] for hand in saved.entry["hands"]] == [[3, 5], [13], [2, 9]]
    finish("under10", screen, page, taps, screenshot)


def test_a_round_of_fourscore_by_taps(phone, live_server, screenshot):
    page, game, ids, taps, screen = begin(phone, live_server, "fourscore", ["Ann", "Bob", "Cy"])
    for label in ("Ann collects 4", "Ann collects 2", "Bob collects 3", "Cy collects 1"):
        taps.tap(page.get_by_role("button", name=label))
    expect(page.locator("#preview")).to_contain_text("Ann +6")
    check_the_page(page, screenshot, f"pace-fourscore-{screen}")
    taps.tap_to_page(page.get_by_role("button", name="Save round 1"))

    saved = Round.objects.get(game=game)
    assert saved.entry == {
        "hands": [
            {"player": ids["Ann"], "pile": 6},
            {"player": ids["Bob"], "pile": 3},
            {"player": ids["Cy"], "pile": 1},
        ]
    }
    finish("fourscore", screen, page, taps, screenshot)


def test_the_dealers_bid_tapped_first_is_kept_and_named_when_the_others_forbid_it(
    phone, live_server, screenshot
):
    page, game, ids, taps, screen = begin(phone, live_server, "fortytwo", ["Ann", "Bob", "Cy"])
    dealer_bid = page.get_by_label("Ann bids", exact=True)
    taps.tap(cell(page, "Ann bids"))
    taps.tap(key(page, "1"))  # then the keypad goes back to the first bid still empty, Bob's
    taps.tap(key(page, "3"))
    taps.tap(key(page, "3"))  # Cy's: 3 + 3, Ann's 1 would make 7
    # Not cleared: still chosen, and the page says why it can't stay.
    expect(dealer_bid).to_have_value("1")
    note = page.locator("[data-forbidden-note]")
    expect(note).to_contain_text("Ann is dealing and may not bid 1")
    expect(page.locator("#preview")).to_contain_text("Ann is dealing and may not bid 1")
    for took in ("3", "3", "1"):  # Bob, Cy, Ann
        taps.tap(key(page, took))
    screenshot(page, f"pace-fortytwo-hook-{screen}")
    # Saved anyway: the server refuses it in a sentence, in place (one round trip, the page
    # stays), and everything tapped is still there.
    taps.tap(page.get_by_role("button", name="Save round 1"))
    expect(page.get_by_role("alert")).to_contain_text("Ann is dealing and may not bid 1")
    assert not Round.objects.filter(game=game).exists()
    expect(dealer_bid).to_have_value("1")
    for label, value in (("Bob bids", "3"), ("Cy bids", "3"), ("Cy took", "3")):
        expect(page.get_by_label(label, exact=True)).to_have_value(value)
    screenshot(page, f"pace-fortytwo-hook-refused-{screen}")

    taps.tap(cell(page, "Ann bids"))
    expect(key(page, "1")).to_be_enabled()  # still Ann's bid: it may be kept, or changed
    taps.tap(key(page, "0"))
    expect(dealer_bid.locator("option[value='1']")).to_be_disabled()
    expect(page.locator("[data-forbidden-note]")).to_have_text(
        "The dealer may not bid 1: the bids would add up to 7."
    )
    taps.tap(cell(page, "Ann bids"))
    expect(key(page, "1")).to_be_disabled()  # now crossed out on the keypad too
    taps.tap(key(page, "0"))
    taps.tap(cell(page, "Ann took"))
    taps.tap(key(page, "0"))
    taps.tap(cell(page, "Cy took"))
    taps.tap(key(page, "4"))
    taps.tap_to_page(page.get_by_role("button", name="Save round 1"))
    bids = {hand["player"]: hand["bid"] for hand in Round.objects.get(game=game).entry["hands"]}
    assert bids == {ids["Ann"]: 0, ids["Bob"]: 3, ids["Cy"]: 3}


def test_fixing_a_round_of_42_shows_everything_on_one_page(phone, live_server, screenshot):
    page, user, screen = phone
    players = [Player.add(user, name) for name in ("Ann", "Bob", "Cy")]
    game = Game.start(user, "fortytwo", players)
    ann, bob, cy = (p.pk for p in players)
    hands = [(ann, 0, 0), (bob, 3, 3), (cy, 3, 4)]
    game.add_round({"hands": [{"player": p, "bid": b, "tricks": t} for p, b, t in hands]}, user)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/1/edit/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Fix round 1")
    expect(page.get_by_text(re.compile("come back"))).to_have_count(0)
    expect(page.locator("[data-dock]")).to_be_hidden()  # all in: tap what to change
    cell(page, "Bob took").tap()
    key(page, "4").tap()
    cell(page, "Cy took").tap()
    key(page, "3").tap()
    check_the_page(page, screenshot, f"pace-fortytwo-fix-{screen}")
    page.get_by_role("button", name="Save round 1").tap()
    expect(page.locator("#scoreboard tr.totals")).to_be_visible()
    saved = Round.objects.get(game=game).entry["hands"]
    assert [hand["tricks"] for hand in saved] == [0, 4, 3]


def test_without_javascript_42_and_forty_fives_are_still_saved_in_one_tap_of_save(
    browser, live_server, transactional_db
):
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
        java_script_enabled=False,
    )
    page = context.new_page()
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    players = [Player.add(user, name) for name in ("Ann", "Bob", "Cy", "Dee")]

    forty_two = Game.start(user, "fortytwo", players[:3])
    page.goto(f"{live_server.url}/games/{forty_two.pk}/rounds/new/")
    for name, bid, took in (("Bob", "3", "3"), ("Cy", "3", "4"), ("Ann", "0", "0")):
        page.get_by_label(f"{name} bids", exact=True).select_option(bid)
        page.get_by_label(f"{name} took", exact=True).select_option(took)
    page.get_by_role("button", name="Save round 1").tap()
    expect(page.locator("#scoreboard tr.totals")).to_be_visible()
    assert Round.objects.get(game=forty_two).status == Round.COMPLETE

    forty_fives = Game.start(user, "fortyfives", players)
    page.goto(f"{live_server.url}/games/{forty_fives.pk}/rounds/new/")
    choice(page, "Bidder", "Bob").tap()
    choice(page, "Bid", "15").tap()
    choice(page, "Tricks taken by Ann & Cy", "1").tap()
    choice(page, "Who took the highest trump?", "Bob & Dee").tap()
    page.get_by_role("button", name="Save round 1").tap()
    expect(page.locator("#scoreboard tr.totals")).to_be_visible()
    assert Round.objects.get(game=forty_fives).entry["tricks"] == {"A": 1, "B": 4}
    context.close()
