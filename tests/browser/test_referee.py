"""The trick referee on a phone: the rulebook's five-player trick of 42 tapped card by card, and a
Forty Fives trick with the hand's highest trump, from a watcher's share link without an account."""

import pytest
from playwright.sync_api import expect

from games.models import Game, Player

from .conftest import PHONE_CONTEXT

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser):
    context = browser.new_context(**PHONE_CONTEXT)
    yield context.new_page()
    context.close()


def tap_card(page, rank, suit):
    picker = page.locator(".picker")
    picker.get_by_role("link", name=rank, exact=True).tap()
    expect(picker.locator('[aria-current="true"]')).to_have_count(1)
    picker.get_by_role("link", name=suit, exact=True).tap()
    expect(picker.locator('[aria-current="true"]')).to_have_count(0)


def test_the_rulebooks_five_player_trick_is_refereed_card_by_card_on_a_phone(
    phone, live_server, screenshot
):
    page = phone
    page.goto(f"{live_server.url}/referee/fortytwo/")
    tap_card(page, "2", "spades")
    expect(page.locator(".referee-trump")).to_contain_text("spades are trump and every 2")
    answer = page.locator("#answer")
    taking = page.locator(".chip.taking")
    page.evaluate("window.stillThisPage = true")  # gone if a tap reloaded the whole page
    history = page.evaluate("history.length")
    expected = [
        ("queen", "hearts", "Q♥", "Only the led card has been played."),
        ("ace", "hearts", "A♥", "No trump played: A♥ is the highest heart, the led suit."),
        ("4", "spades", "4♠", "Spades are trump, and 4♠ is the only trump played."),
        (
            "queen",
            "diamonds",
            "Q♥",
            "The pair forces it on the leader: hearts outrank diamonds; "
            "a pair outranks the trump suit.",
        ),
        (
            "2",
            "clubs",
            "2♣",
            "Trump number 2: only a joker beats it; a trump number outranks a pair.",
        ),
    ]
    for number, (rank, suit, takes, why) in enumerate(expected, start=1):
        tap_card(page, rank, suit)
        expect(page.locator(".chip:not(.empty)")).to_have_count(number)
        expect(answer).to_contain_text(f"{takes} takes the trick")
        expect(answer).to_contain_text(why)
        expect(taking).to_have_count(1)
        expect(taking).to_contain_text(takes)
        screenshot(page, f"referee-fortytwo-{number}")
    # htmx swapped each answer in; the address followed without filling the history.
    assert page.evaluate("window.stillThisPage") is True
    assert page.evaluate("history.length") == history
    # The address holds the trick: a reload shows the same answer, nothing was stored.
    assert page.url.endswith("?trump=2S&plays=QH-AH-4S-QD-2C")
    page.reload()
    expect(answer).to_contain_text("2♣ takes the trick")

    # Every target is big enough for a thumb, and nothing is wider than the screen.
    for box in (
        target.bounding_box() for target in page.locator(".pick, .referee-actions a").all()
    ):
        assert box["height"] >= 44 and box["width"] >= 44, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # One tap clears the trick and keeps the trump for the next one.
    page.get_by_role("link", name="Clear the trick").tap()
    expect(page.locator(".chip:not(.empty)")).to_have_count(0)
    expect(page.locator(".referee-trump")).to_contain_text("2♠")
    tap_card(page, "king", "hearts")
    expect(answer).to_contain_text("K♥ takes the trick")


def test_a_watcher_referees_a_forty_fives_trick_from_the_share_link(
    phone, live_server, screenshot, transactional_db
):
    owner = Game._meta.get_field("owner").related_model.objects.create_user(
        "ann", password="x" * 20
    )
    players = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    game = Game.start(owner, "fortyfives", players)
    game.add_round({"bidder": players[0].pk, "bid": 20, "trump": "diamonds"}, owner)
    game.share()

    page = phone
    page.goto(f"{live_server.url}/s/{game.share_token}/")
    page.get_by_role("link", name="Who takes this trick?").tap()
    page.get_by_role("link", name="♦ diamonds").tap()
    expect(page.locator(".referee-hand")).to_contain_text("Trick 1 of 5, team A leads")
    answer = page.locator("#answer")

    tap_card(page, "king", "diamonds")
    expect(answer).to_contain_text("K♦ takes the trick for team A")
    tap_card(page, "ace", "hearts")
    expect(answer).to_contain_text("A♥ takes the trick for team B")
    expect(answer).to_contain_text("the ace of hearts is always a trump")
    tap_card(page, "jack", "diamonds")
    expect(answer).to_contain_text("J♦ takes the trick for team A")
    expect(page.locator("#high-trump")).to_contain_text("J♦, team A")
    tap_card(page, "2", "clubs")
    expect(page.locator(".chip.taking")).to_contain_text("J♦")
    screenshot(page, "referee-fortyfives-trick")

    page.get_by_role("link", name="Next trick").tap()
    expect(page.locator(".referee-hand")).to_contain_text("Trick 2 of 5, team A leads")
    expect(page.locator(".referee-hand")).to_contain_text("Tricks taken: A 1, B 0")
    expect(page.locator("#high-trump")).to_contain_text("J♦, team A")
    screenshot(page, "referee-fortyfives-next")


def test_without_javascript_every_tap_is_a_plain_link_and_still_answers(browser, live_server):
    context = browser.new_context(**PHONE_CONTEXT, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/referee/fortytwo/?trump=3C")
    tap_card(page, "queen", "diamonds")
    tap_card(page, "ace", "diamonds")
    tap_card(page, "queen", "clubs")
    expect(page.locator("#answer")).to_contain_text("Q♦ takes the trick")
    expect(page.locator("#answer")).to_contain_text("The pair forces it on the leader")
    context.close()
