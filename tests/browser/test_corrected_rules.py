"""The corrected rules (issue #13) played on a touch phone: the thrown-in hand, blank hands asked
for by name, 42's bids in bidding order, winners first, a broken old game fixed, plain English."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.kinds.fortytwo.tests import test_rules as fortytwo
from games.models import Game, Player, Round
from tests.factories import PASSWORD, under10_game_saved_with_a_blank_hand

from .conftest import PHONE, PHONE_CONTEXT, save_screenshot

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser, live_server, transactional_db):
    """The narrowest phone (conftest's PHONE: see there why not a wider one too), touch, logged
    in as Ann; counts the taps made on it."""
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    context = browser.new_context(**PHONE_CONTEXT)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").tap()
    page.wait_for_url(f"{live_server.url}/")
    page.size = PHONE["width"]
    page.user = user
    page.taps = 0
    yield page
    context.close()


def tap(page, locator):
    page.taps += 1
    locator.tap()


def fits(page):
    """The page never scrolls sideways on the phone."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{width}px wide on a {page.size}px phone"


def shot(page, screenshot, name):
    fits(page)
    screenshot(page, f"corrected-{name}-{page.size}")


def glance(page, name):
    """What the phone's screen shows right now (sticky bars where a person sees them)."""
    save_screenshot(page, f"corrected-{name}-{page.size}-screen")


def hand_of(page, name):
    """One player's hand on the Under the 10 round page."""
    heading = page.get_by_role("heading", name=re.compile(rf"^{name}( dealer)?$"))
    return page.locator(".hand").filter(has=heading)


def game_url(live_server, game):
    return f"{live_server.url}/games/{game.pk}/"


def test_forty_fives_everyone_passed_is_two_taps_and_scores_nothing(phone, live_server, screenshot):
    players = [Player.add(phone.user, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    game = Game.start(phone.user, "fortyfives", players)
    phone.goto(game_url(live_server, game))
    tap(phone, phone.get_by_role("link", name="Enter round 1"))
    thrown_in = phone.get_by_role("button", name="Everyone passed: throw the hand in")
    expect(thrown_in).to_be_visible()
    glance(phone, "fortyfives-round-opened")
    thrown_in.scroll_into_view_if_needed()
    glance(phone, "fortyfives-round-button")
    shot(phone, screenshot, "fortyfives-round")
    tap(phone, thrown_in)
    # What happened is under the round's number (looked at, not a step of entering the round).
    phone.locator("#scoreboard a.why").first.click()
    expect(phone.get_by_text("Everyone passed: Ann's deal is thrown in")).to_be_visible()
    expect(phone.locator("#scoreboard").get_by_text("deals next")).to_have_text("Bob deals next.")
    expect(phone.locator("#scoreboard tr.totals > *")).to_have_text(["Total", "0", "0"])
    assert phone.taps == 2
    assert Round.objects.get(game=game).entry == {"thrown_in": True}
    shot(phone, screenshot, "fortyfives-thrown-in")


def test_forty_fives_enter_on_the_bid_saves_the_bid_and_never_throws_the_hand_in(
    phone, live_server
):
    players = [Player.add(phone.user, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    game = Game.start(phone.user, "fortyfives", players)
    phone.goto(f"{game_url(live_server, game)}rounds/new/")
    phone.get_by_role("group", name="Bidder").get_by_text("Dee").click()
    phone.get_by_role("group", name="Bid").get_by_text("20").click()
    phone.keyboard.press("Enter")
    expect(phone.get_by_role("link", name="Finish round 1")).to_be_visible()
    assert Round.objects.get(game=game).entry == {"bidder": players[3].pk, "bid": 20}


def test_under_the_10_asks_for_a_blank_hand_by_name_and_refuses_impossible_ones(
    phone, live_server, screenshot
):
    ann, bob, cy = (Player.add(phone.user, name) for name in ("Ann", "Bob", "Cy"))
    game = Game.start(phone.user, "under10", [ann, bob, cy])
    phone.goto(game_url(live_server, game))
    tap(phone, phone.get_by_role("link", name="Enter round 1"))
    tap(phone, phone.get_by_role("group", name="Who ended the round?").get_by_text("Ann"))
    hand_of(phone, "Ann").get_by_label("Points in hand").fill("3")
    hand_of(phone, "Cy").get_by_label("or the cards (e.g. 2 5 13)").fill("4 5")
    tap(phone, phone.get_by_role("button", name="Save round 1"))
    # Refused where the thumb is (the sticky bar), naming the hand; what was typed stays.
    refused = phone.locator("#preview").get_by_role("alert")
    expect(refused).to_have_text("Not saved: Round 1: enter Bob's hand: its points or its cards")
    bob = hand_of(phone, "Bob")
    glance(phone, "under10-after-save")
    expect(hand_of(phone, "Ann").get_by_label("Points in hand")).to_have_value("3")
    expect(hand_of(phone, "Cy").get_by_label("or the cards (e.g. 2 5 13)")).to_have_value("4 5")
    bob.scroll_into_view_if_needed()
    glance(phone, "under10-blank-hand")
    shot(phone, screenshot, "under10-blank-hand")
    assert not Round.objects.filter(game=game).exists()

    bob.get_by_label("or the cards (e.g. 2 5 13)").fill("1 2 3 4 5 6")
    tap(phone, phone.get_by_role("button", name="Save round 1"))
    expect(refused).to_contain_text("Bob's hand has 6 cards; a hand holds at most 5")
    bob.get_by_label("or the cards (e.g. 2 5 13)").fill("")
    bob.get_by_label("Points in hand").fill("101")
    tap(phone, phone.get_by_role("button", name="Save round 1"))
    expect(refused).to_contain_text("Bob's points must be from 0 to 100, not 101")
    bob.scroll_into_view_if_needed()
    glance(phone, "under10-too-many-points")
    shot(phone, screenshot, "under10-too-many-points")

    bob.get_by_label("Points in hand").fill("2")
    # The bonus cards are keys of the keypad, which a tap on Bob's cards brings to his hand.
    tap(phone, bob.get_by_label("or the cards (e.g. 2 5 13)"))
    keypad = phone.locator("[data-dock]")
    tap(phone, keypad.get_by_role("button", name="Trade hand +20"))
    tap(phone, keypad.get_by_role("button", name="Joker +10"))
    tap(phone, phone.get_by_role("button", name="Save round 1"))
    phone.locator("#scoreboard a.why").first.click()  # what happened: under the round's number
    expect(phone.locator("#scoreboard")).to_contain_text("Trade hand +20 · Joker +10")
    expect(phone.locator("#scoreboard")).not_to_contain_text("trade_hand")

    # Round 2: Cy empties the hand (a stroke of luck) and leaves it blank; that is fine.
    tap(phone, phone.get_by_role("link", name="Enter round 2"))
    tap(phone, phone.get_by_role("group", name="Who ended the round?").get_by_text("Cy"))
    tap(phone, phone.get_by_role("group", name="How?").get_by_text("Emptied their hand"))
    hand_of(phone, "Ann").get_by_label("Points in hand").fill("12")
    hand_of(phone, "Bob").get_by_label("Points in hand").fill("7")
    tap(phone, phone.get_by_role("button", name="Save round 2"))
    expect(phone.get_by_role("link", name="Enter round 3")).to_be_visible()
    assert Round.objects.get(game=game, number=2).entry["hands"][2] == {
        "player": cy.pk,
        "cards": [],
    }
    shot(phone, screenshot, "under10-scoreboard")


def test_42_asks_for_the_bids_from_the_dealers_left_round_to_the_dealer(
    phone, live_server, screenshot
):
    players = [Player.add(phone.user, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    game = Game.start(phone.user, "fortytwo", players, first_dealer=players[1])  # Bob deals
    phone.goto(game_url(live_server, game))
    tap(phone, phone.get_by_role("link", name="Enter round 1"))
    lists = phone.locator("select[name^=bid_]")
    expect(lists).to_have_count(4)
    ids = [lists.nth(i).get_attribute("id") for i in range(4)]
    labels = [phone.locator(f"label[for='{name}']").inner_text().strip() for name in ids]
    assert labels == ["Cy bids", "Dee bids", "Ann bids", "Bob bids"]
    expect(phone.locator("[data-dock-where]")).to_have_text("Cy bids")  # the keypad starts there
    expect(phone.locator(".hand").last.locator(".pill")).to_have_text("dealer")
    glance(phone, "fortytwo-bidding-order")
    shot(phone, screenshot, "fortytwo-bidding-order")


def test_42s_winner_stands_first_above_the_player_waiting_at_42(phone, live_server, screenshot):
    ann, bob, cy = (Player.add(phone.user, name) for name in ("Ann", "Bob", "Cy"))
    game = Game.start(phone.user, "fortytwo", [bob, ann, cy], first_dealer=cy)
    ids = {fortytwo.ANN: ann.pk, fortytwo.BOB: bob.pk, fortytwo.CY: cy.pk}
    entries = [
        *fortytwo.raise_to({fortytwo.ANN: 39, fortytwo.BOB: 40, fortytwo.CY: 5}),
        fortytwo.hand(
            {fortytwo.ANN: 0, fortytwo.BOB: 3, fortytwo.CY: 5},
            {fortytwo.ANN: 0, fortytwo.BOB: 2, fortytwo.CY: 5},
        ),
    ]
    for entry in entries:
        game.add_round(
            {"hands": [{**hand, "player": ids[hand["player"]]} for hand in entry["hands"]]},
            phone.user,
        )
    phone.goto(game_url(live_server, game))
    expect(phone.get_by_role("status").filter(has_text="Winner")).to_have_text("Winner: Ann")
    standings = phone.locator("ol.standings li")
    expect(standings.nth(0)).to_contain_text("1. Ann")
    expect(standings.nth(0)).to_contain_text("42")
    expect(standings.nth(1)).to_contain_text("2. Bob")
    expect(standings.nth(1)).to_contain_text("42")
    expect(phone.locator("ol.standings li.leader")).to_have_count(1)
    expect(phone.get_by_text("★")).to_have_count(1)
    expect(phone.locator("thead th", has_text="★")).to_have_text(re.compile(r"^Ann★"))
    phone.locator("ol.standings").scroll_into_view_if_needed()
    shot(phone, screenshot, "fortytwo-winner-first")


def test_an_old_game_that_breaks_a_corrected_rule_is_flagged_and_fixed_in_a_few_taps(
    phone, live_server, screenshot
):
    # Saved by the old page: Bob's hand left blank was kept as no cards.
    game, _ = under10_game_saved_with_a_blank_hand(phone.user)
    phone.goto(game_url(live_server, game))
    notice = phone.locator("#scoreboard").get_by_role("alert")
    expect(notice).to_contain_text("Round 2 breaks a rule as the game now reads it:")
    expect(notice).to_contain_text("Bob's hand has no cards")
    expect(notice).to_have_css("color", re.compile(r"rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)"))
    shot(phone, screenshot, "under10-broken-round")

    tap(phone, notice.get_by_role("link", name="Fix round 2"))
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Fix round 2")
    bob_hand = hand_of(phone, "Bob")
    bob_hand.get_by_label("or the cards (e.g. 2 5 13)").fill("5 6")
    shot(phone, screenshot, "under10-fix-round-2")
    tap(phone, phone.get_by_role("button", name="Save round 2"))
    expect(phone.locator("#scoreboard")).not_to_contain_text("breaks a rule")
    expect(phone.locator("#scoreboard tr.totals > *")).to_have_text(["Total", "8", "23", "9"])
    assert phone.taps == 2
    shot(phone, screenshot, "under10-fixed")


def test_fortybelow_says_one_round_to_play(phone, live_server, screenshot):
    ann, bob = (Player.add(phone.user, name) for name in ("Ann", "Bob"))
    game = Game.start(phone.user, "fortybelow", [ann, bob], options={"rounds": 2})
    game.add_round(
        {
            "went_out": ann.pk,
            "hands": [
                {"player": ann.pk, "grid": [[1, 2, 3], [4, 5, 6]]},
                {"player": bob.pk, "grid": [[1, 2, 3], [4, 5, 7]]},
            ],
        },
        phone.user,
    )
    phone.goto(game_url(live_server, game))
    expect(phone.locator("#scoreboard").get_by_text("1 round to play")).to_be_visible()
    expect(phone.locator("#scoreboard")).not_to_contain_text("1 rounds")
    shot(phone, screenshot, "fortybelow-one-round-left")
