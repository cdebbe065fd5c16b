"""A half-entered round stays on the phone: through a reload, "Back to the scores" and a tab the
phone closed, until it is saved (then it is gone) or discarded."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game, GameNight, Player

from .test_pace_fortybelow import ON_SCREEN, ann, screen, shown, sign_in  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser

SELECTED = re.compile(r"\bselected\b")

DRAFTS = """() => Object.keys(localStorage).filter((key) => key.startsWith("scorekeeper-draft:"))"""


def start(user, kind, names, **options) -> Game:
    players = [Player.add(user, name) for name in names]
    return Game.start(user, kind, players, options=options, night=GameNight.tonight(user))


@pytest.fixture
def phone(browser, live_server, ann):  # noqa: F811 (the fixture imported above)
    context, page = sign_in(browser, live_server, "360x740")
    yield context, page
    context.close()


def back_to_the_round(page, number):
    page.get_by_role("link", name="Back to the scores").tap()
    expect(page.locator("#scoreboard tr.totals")).to_be_visible()
    page.get_by_role("link", name=f"Enter round {number}").tap()


def test_a_fourscore_tally_survives_a_reload_the_scoreboard_and_a_closed_tab_until_saved(
    phone,
    live_server,
    ann,  # noqa: F811
):
    context, page = phone
    game = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=5)
    round_url = f"{live_server.url}/games/{game.pk}/rounds/new/"
    page.goto(round_url)
    for button in ["Ann collects 4", "Ann collects 2", "Bob collects 3", "Bob collects 1"]:
        page.get_by_role("button", name=button).tap()
    page.get_by_role("button", name="Arrow match for Bob").tap()
    piles = {"Ann": "6", "Bob": "3", "Cy": ""}

    def expect_piles(piles):
        for name, pile in piles.items():
            expect(page.get_by_role("spinbutton", name=name)).to_have_value(pile)

    page.reload()
    expect_piles(piles)
    expect(page.get_by_role("status").filter(has_text="as you left it")).to_be_visible()
    screen(page, "drafts-fourscore-restored")

    back_to_the_round(page, 1)
    expect_piles(piles)

    # The phone closed the tab (locked for long): a new one finds the tally where it was.
    page.close()
    page = context.new_page()
    page.goto(round_url)
    expect_piles(piles)
    # The preview of the kept tally is the server's, as for one typed in.
    page.get_by_role("button", name="Cy collects 4").tap()
    expect(page.locator("#preview")).to_contain_text("Bob +3")

    page.get_by_role("button", name="Save round 1").tap()
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    assert page.evaluate(DRAFTS) == []
    assert [hand["pile"] for hand in game.rounds.get(number=1).entry["hands"]] == [6, 3, 4]
    page.get_by_role("link", name="Enter round 2").tap()
    expect_piles({"Ann": "", "Bob": "", "Cy": ""})
    expect(page.get_by_text("as you left it")).to_have_count(0)


def test_a_half_entered_fortybelow_round_comes_back_at_its_next_card_and_can_be_discarded(
    phone,
    live_server,
    ann,  # noqa: F811
):
    _, page = phone
    game = start(ann, "fortybelow", ["Ann", "Bob"])
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    keypad = page.locator("[data-keypad]")
    for value in [5, 5, 3, 5]:
        keypad.get_by_role("button", name=shown(value), exact=True).tap()

    def expect_half_entered():
        for label, value in [
            ("row 1 column 1", "5"),
            ("row 1 column 3", "3"),
            ("row 2 column 1", "5"),
        ]:
            expect(page.get_by_label(f"Ann {label}", exact=True)).to_have_value(value)
        expect(page.get_by_label("Ann row 2 column 2", exact=True)).to_have_class(SELECTED)
        expect(page.locator("[data-dock-where]")).to_have_text("Ann: bottom row, card 2")
        where = page.evaluate(ON_SCREEN, None)
        assert where["keypad"] and where["cell"], where

    page.reload()
    expect_half_entered()
    screen(page, "drafts-fortybelow-restored")
    back_to_the_round(page, 1)
    expect_half_entered()

    # On from where it was: the rest of the cards, who went out, save.
    for value in [5, -1, 7, 2, 7, 7, 9, 7]:
        keypad.get_by_role("button", name=shown(value), exact=True).tap()
    page.get_by_role("group", name="Who went out?").locator("label", has_text="Ann").tap()
    expect(page.locator("#preview")).to_contain_text("Ann \N{MINUS SIGN}38")
    page.get_by_role("button", name="Save round 1").tap()
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    assert page.evaluate(DRAFTS) == []
    players = [seat.player_id for seat in game.seats]
    assert game.rounds.get(number=1).entry == {
        "went_out": players[0],
        "hands": [
            {"player": players[0], "grid": [[5, 5, 3], [5, 5, -1]]},
            {"player": players[1], "grid": [[7, 2, 7], [7, 9, 7]]},
        ],
    }

    # Round 2, two cards in, then thrown away with "Discard it": gone for good.
    page.get_by_role("link", name="Enter round 2").tap()
    for value in [8, 9]:
        keypad.get_by_role("button", name=shown(value), exact=True).tap()
    assert len(page.evaluate(DRAFTS)) == 1
    page.reload()
    discard = page.get_by_role("button", name="Discard it")
    expect(page.get_by_label("Ann row 1 column 2", exact=True)).to_have_value("9")
    discard.tap()
    expect(discard).to_have_count(0)
    expect(page.get_by_label("Ann row 1 column 1", exact=True)).to_have_value("")
    expect(page.get_by_label("Ann row 1 column 1", exact=True)).to_have_class(SELECTED)
    assert page.evaluate(DRAFTS) == []
    page.reload()
    expect(page.get_by_label("Ann row 1 column 2", exact=True)).to_have_value("")
    expect(page.get_by_text("as you left it")).to_have_count(0)


def test_42_bids_come_back_with_the_dealer_still_kept_from_the_forbidden_bid(
    phone,
    live_server,
    ann,  # noqa: F811
):
    _, page = phone
    game = start(ann, "fortytwo", ["Ann", "Bob", "Cy"])
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    # Ann deals and bids last; Bob 3 and Cy 3 forbid her a 1.
    keypad = page.locator("[data-dock]")
    keypad.get_by_role("button", name="3", exact=True).tap()
    keypad.get_by_role("button", name="3", exact=True).tap()
    page.reload()
    for name in ("Bob", "Cy"):
        expect(page.get_by_label(f"{name} bids", exact=True)).to_have_value("3")
    dealer = page.get_by_label("Ann bids", exact=True)
    expect(dealer.locator("option[value='1']")).to_be_disabled()
    expect(page.get_by_text("The dealer may not bid 1")).to_be_visible()
    # The keypad is back at the first bid still empty, the dealer's, without the forbidden one.
    expect(keypad.locator("[data-dock-where]")).to_have_text("Ann bids")
    expect(keypad.get_by_role("button", name="1", exact=True)).to_be_disabled()
    page.get_by_role("button", name="Discard it").tap()
    expect(page.get_by_label("Bob bids", exact=True)).to_have_value("")
    expect(keypad.locator("[data-dock-where]")).to_have_text("Bob bids")
    assert page.evaluate(DRAFTS) == []


def test_under_the_10_hands_tapped_on_the_keypad_come_back_after_a_reload(
    phone,
    live_server,
    ann,  # noqa: F811
):
    _, page = phone
    game = start(ann, "under10", ["Ann", "Bob", "Cy"])
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    page.get_by_role("group", name="Who ended the round?").get_by_text("Bob").tap()
    keypad = page.locator("[data-dock]")
    # The next hand's first card is tapped on its own keys ("Bob 2").
    for label in ("3", "5", "Bob 2", "Cy 13", "Joker +10"):
        keypad.get_by_role("button", name=label, exact=True).tap()
    page.reload()
    cards = page.get_by_label("or the cards (e.g. 2 5 13)")
    for number, value in enumerate(("3 5", "2", "13")):
        expect(cards.nth(number)).to_have_value(value)
    expect(page.locator("[data-held]").nth(2)).to_have_text("Joker +10")
    # On from where it was: Cy's hand, with the joker, and one card more.
    cards.nth(2).tap()
    expect(keypad.get_by_role("button", name="Joker +10")).to_have_attribute("aria-pressed", "true")
    keypad.get_by_role("button", name="1", exact=True).tap()
    expect(page.locator("#preview")).to_contain_text("Cy +24")
    page.get_by_role("button", name="Discard it").tap()
    expect(cards.nth(0)).to_have_value("")
    expect(page.locator("[data-held]").nth(2)).to_be_hidden()
    assert page.evaluate(DRAFTS) == []
