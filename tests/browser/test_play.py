"""Short games played on a phone from the home page to the winner banner."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Player

from .conftest import poll_now

pytestmark = pytest.mark.browser


def start_game(page, live_server, user, game_name, names):
    for name in names:
        Player.add(user, name)
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="New game").click()
    page.get_by_role("link", name=re.compile(game_name)).click()
    chips = page.locator("[data-chips]")
    for name in names:  # tapped clockwise: the order tapped is the seat order
        chips.get_by_text(name, exact=True).click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(game_name)


def test_a_fourscore_game_is_played_to_the_winner_and_watched_from_another_phone(
    page, live_server, logged_in, screenshot, browser
):
    start_game(page, live_server, logged_in, "FourScore", ["Ann", "Bob", "Cy"])
    page.get_by_role("button", name="Share a watch link").click()
    share_url = page.locator('a[href*="/s/"]').get_attribute("href")
    watcher = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    watcher.clock.install()  # its polls are moved on (poll_now) rather than waited out
    watcher.goto(f"{live_server.url}{share_url}")
    expect(
        watcher.get_by_text("Bob deals next.").or_(watcher.get_by_text("Ann deals next."))
    ).to_be_visible()

    page.get_by_role("link", name="Enter round 1").click()
    page.get_by_role("spinbutton", name="Ann").fill("6")
    page.get_by_role("button", name="Bob collects 3").click()
    page.get_by_role("button", name="Bob collects 1").click()
    page.get_by_role("button", name="Arrow match for Bob").click()
    page.get_by_role("spinbutton", name="Cy").fill("9")
    expect(page.locator("#preview")).to_contain_text("Bob +3")
    screenshot(page, "fourscore-entry")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_role("status").filter(has_text="Winner")).to_contain_text("Bob")
    screenshot(page, "fourscore-scoreboard")

    # The watcher's page polls and shows the winner without a reload.
    poll_now(watcher)
    expect(watcher.get_by_text("Winner: Bob")).to_be_visible(timeout=10_000)
    screenshot(watcher, "fourscore-shared")


def test_a_fortybelow_grid_is_six_taps_and_a_past_round_can_be_fixed(
    page, live_server, logged_in, screenshot
):
    start_game(page, live_server, logged_in, "FortyBelow", ["Ann", "Bob"])
    page.get_by_role("link", name="Enter round 1").click()
    keypad = page.locator("[data-keypad]")
    for value in ["5", "5", "3", "5", "5", "\N{MINUS SIGN}1"]:  # Ann: block and 3 + -1 = -38
        keypad.get_by_role("button", name=value, exact=True).click()
    for value in ["7", "2", "7", "7", "9", "7"]:  # Bob: columns 1 and 3 cancel = 11
        keypad.get_by_role("button", name=value, exact=True).click()
    page.get_by_text("Ann", exact=True).last.click()  # who went out
    expect(page.locator("#preview")).to_contain_text("Ann \N{MINUS SIGN}38")
    expect(page.locator("#preview")).to_contain_text("Bob +11")
    # The block and the cancelled columns are shown on the grids themselves.
    expect(page.get_by_label("Ann row 1 column 1")).to_have_class(re.compile(r"\bblock\b"))
    expect(page.get_by_label("Ann row 1 column 3")).not_to_have_class(re.compile(r"\bblock\b"))
    expect(page.get_by_label("Bob row 2 column 3")).to_have_class(re.compile(r"\bcancel\b"))
    expect(page.get_by_label("Bob row 1 column 2")).not_to_have_class(re.compile(r"\bcancel\b"))
    screenshot(page, "fortybelow-entry")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#scoreboard tr.totals")).to_contain_text("\N{MINUS SIGN}38")

    # Fix round 1: Bob's hand was 7 2 7 / 7 2 7, which cancels to 0. The round's number opens
    # what happened in it, and the way to edit it.
    page.locator("#scoreboard a.why").first.click()
    previews = []
    page.on(
        "request", lambda request: previews.append(request) if "/preview/" in request.url else 0
    )
    page.get_by_role("link", name="Edit round 1").click()
    # The fix page opens on the round as it was scored: its scores, the block and the cancelled
    # columns coloured, asked for once.
    expect(page.locator("#preview")).to_contain_text("Bob +11")
    expect(page.get_by_label("Ann row 1 column 1")).to_have_class(re.compile(r"\bblock\b"))
    expect(page.get_by_label("Bob row 2 column 3")).to_have_class(re.compile(r"\bcancel\b"))
    assert len(previews) == 1
    page.get_by_label("Bob row 2 column 2").select_option("2")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#scoreboard tr.totals")).to_contain_text("0")
    screenshot(page, "fortybelow-scoreboard")


def test_a_game_of_42_takes_bids_then_tricks_and_the_dealer_may_not_hook(
    page, live_server, logged_in, screenshot
):
    start_game(page, live_server, logged_in, "42", ["Ann", "Bob", "Cy"])
    page.get_by_role("link", name="Enter round 1").click()
    # Ann deals first and bids last; Bob 3 and Cy 3 forbid Ann a 1. One keypad at the bottom
    # of the screen takes the bids in bidding order.
    keypad = page.locator("[data-dock]")
    expect(keypad.locator("[data-dock-where]")).to_have_text("Bob bids")
    keypad.get_by_role("button", name="3", exact=True).click()
    keypad.get_by_role("button", name="3", exact=True).click()
    expect(keypad.locator("[data-dock-where]")).to_have_text("Ann bids")
    expect(keypad.get_by_role("button", name="1", exact=True)).to_be_disabled()
    expect(page.get_by_label("Ann bids").locator("option[value='1']")).to_be_disabled()
    expect(page.get_by_text("The dealer may not bid 1")).to_be_visible()
    keypad.get_by_role("button", name="0", exact=True).click()
    screenshot(page, "fortytwo-bids")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_text("Bids: Bob 3, Cy 3, Ann 0")).to_be_visible()

    page.get_by_role("link", name="Finish round 1").click()
    keypad = page.locator("[data-dock]")
    expect(keypad.locator("[data-dock-where]")).to_have_text("Bob took")  # the bids are kept
    for took in ("3", "4", "0"):  # Bob, Cy, Ann
        keypad.get_by_role("button", name=took, exact=True).click()
    expect(page.locator("#preview")).to_contain_text("Ann +7")
    screenshot(page, "fortytwo-tricks")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#scoreboard tr.totals")).to_contain_text("7")
    screenshot(page, "fortytwo-scoreboard")


def test_under_the_10_scores_a_call_with_a_joker_held(page, live_server, logged_in, screenshot):
    start_game(page, live_server, logged_in, "Under the 10", ["Ann", "Bob", "Cy"])
    page.get_by_role("link", name="Enter round 1").click()
    page.get_by_role("group", name="Who ended the round?").get_by_text("Ann").click()
    points = page.get_by_label("Points in hand")
    points.nth(0).fill("8")
    points.nth(1).fill("2")
    # One keypad for every hand: a tap on a hand's cards brings it there.
    keypad = page.locator("[data-dock]")
    page.get_by_label("or the cards (e.g. 2 5 13)").nth(1).click()
    keypad.get_by_role("button", name="Joker +10").click()
    expect(page.locator("[data-held]").nth(1)).to_have_text("Joker +10")
    page.get_by_label("or the cards (e.g. 2 5 13)").nth(2).click()
    keypad.get_by_role("button", name="13", exact=True).click()
    keypad.get_by_role("button", name="2", exact=True).click()
    expect(page.get_by_label("or the cards (e.g. 2 5 13)").nth(2)).to_have_value("13 2")
    expect(page.locator("#preview")).to_contain_text("Ann +0")
    expect(page.locator("#preview")).to_contain_text("Bob +12")
    screenshot(page, "under10-entry")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#scoreboard tr.totals")).to_contain_text("15")
    screenshot(page, "under10-scoreboard")


def test_forty_fives_teams_bid_then_score_and_an_error_keeps_the_input(
    page, live_server, logged_in, screenshot
):
    start_game(page, live_server, logged_in, "Forty Fives", ["Ann", "Bob", "Cy", "Dee"])
    page.get_by_role("link", name="Enter round 1").click()
    page.get_by_role("group", name="Bidder").get_by_text("Ann").click()
    page.get_by_role("group", name="Bid").get_by_text("20", exact=True).click()
    page.get_by_role("group", name="Trump").get_by_text("Hearts").click()
    page.get_by_role("button", name="Save round 1").click()
    page.get_by_role("link", name="Finish round 1").click()
    page.get_by_role("group", name="Tricks taken by Ann & Cy").get_by_text("0").click()
    page.get_by_role("group", name="Who took the highest trump?").get_by_text("Ann & Cy").click()
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".error")).to_contain_text("took no trick")  # nor the highest trump
    page.get_by_role("group", name="Tricks taken by Ann & Cy").get_by_text("3").click()
    expect(page.get_by_text("Bob & Dee took 2.")).to_be_visible()  # the rest of the five
    screenshot(page, "fortyfives-entry")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#scoreboard tr.totals")).to_contain_text("20")
    expect(page.locator("#scoreboard tr.totals")).to_contain_text("10")
    screenshot(page, "fortyfives-scoreboard")


def test_seven_players_fit_a_360_pixel_phone(browser, live_server, transactional_db, screenshot):
    from django.contrib.auth import get_user_model

    from games.models import Game
    from tests.factories import PASSWORD, piles

    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    names = [
        "Annabelle",
        "Bob",
        "Cy",
        "Dee",
        "Bartholomeus van den Berg",
        "Flo",
        "Wolfeschlegelsteinhausenbergerdorff",
    ]
    players = [Player.add(user, name) for name in names]
    game = Game.start(user, "fortytwo", players)
    for _ in range(3):
        hands = [{"player": p.pk, "bid": 1, "tricks": 1} for p in players[:6]]
        hands.append({"player": players[6].pk, "bid": 0, "tricks": 1})
        game.add_round({"hands": hands}, user)
    page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#scoreboard tr.totals")).to_contain_text("12")
    # The page itself never scrolls sideways; only the score table may.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    # A long name in the standings wraps between its words, and inside one only when that word
    # is wider than the column itself (without pushing the page wider).
    assert page.evaluate(BROKEN_WORDS, ".standings bdi") == [names[-1]]
    screenshot(page, "fortytwo-seven-players-360")
    # Nor does any other page that names the player of one long word: it breaks instead.
    long_name, ann = players[-1], players[0]
    finished = Game.start(user, "fourscore", [long_name, ann, players[1]], options={"deals": 1})
    finished.add_round(piles([long_name, ann, players[1]], 5, 2, 9), user)
    for path in [
        "/players/",  # with its ratings
        f"/players/{long_name.pk}/",
        f"/players/{long_name.pk}/merge/?into={players[2].pk}",
        "/games/new/?kind=fortytwo",
        f"/games/{game.pk}/rounds/new/",
        f"/games/{finished.pk}/rounds/1/edit/",
        f"/games/{finished.pk}/delete/",
        "/nights/",
    ]:
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path


# The words of the elements a selector finds that a line break cuts in two.
BROKEN_WORDS = """selector => [...document.querySelectorAll(selector)].flatMap(element => {
  const text = element.firstChild;
  let at = 0;
  return text.data.split(" ").filter(word => {
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + word.length);
    at += word.length + 1;
    return range.getClientRects().length > 1;
  });
})"""
