"""The scoreboard's poll on the narrowest phone: an idle board asks "changed since?" with the
ETag it shows and gets 304s, which leave it as it is (a round's explanation opened on it stays
open); a round saved elsewhere still comes within a poll or two. The owner's page and the
watch page."""

import pytest
from playwright.sync_api import expect

from games.models import Game, Player
from tests.browser.conftest import PHONE, log_in, poll_now
from tests.factories import piles

pytestmark = pytest.mark.browser


@pytest.fixture
def players(user):
    return [Player.add(user, name) for name in ("Ann", "Bob", "Cy")]


@pytest.fixture
def game(user, players):
    game = Game.start(user, "fourscore", players, options={"deals": 5})
    game.add_round(piles(players, 5, 2, 9), user)
    return game


@pytest.fixture
def phone(browser):
    contexts = []

    def open_phone():
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


def watch_polls(page, url):
    """The board's polls from here on: each one's If-None-Match and status, as answered."""
    polls = []

    def answered(response):
        request = response.request
        if is_poll(response, url):
            polls.append((request.header_value("if-none-match"), response.status))

    page.on("response", answered)
    return polls


def is_poll(response, url) -> bool:
    return response.request.resource_type in ("xhr", "fetch") and response.url == url


def next_poll(page, url) -> int:
    """Moves the page's clock on by a poll's interval, so that the board polls now rather than
    in four seconds, and waits for the answer (the request itself takes real time); its status.
    A little over the interval: a board just swapped in arms its poll when htmx settles it, a
    timer of its own a moment after the swap. The clock also runs on by itself (install() does
    not pause it), so a poll of its own may be the one answered: as good as this one."""
    with page.expect_response(lambda response: is_poll(response, url)) as answer:
        poll_now(page)
    return answer.value.status


def idle_board_keeps_its_open_round(page, url, game, players):
    polls = watch_polls(page, url)
    page.clock.install()  # the board's every-4s timer then fires when the test moves the clock
    page.goto(url)
    page.get_by_role("link", name="Round 1", exact=True).tap()
    expect(page.locator("#why-1")).to_contain_text("Round 1, Ann dealt.")
    for _ in range(3):
        next_poll(page, url)
    assert len(polls) >= 3, polls
    # Each asked with the version of the board shown, the first too (the page's own board), and
    # answered 304: nothing rendered, nor swapped.
    assert all(etag and status == 304 for etag, status in polls), polls
    expect(page.locator("#why-1")).to_contain_text("Round 1, Ann dealt.")
    expect(page.get_by_role("link", name="Round 1", exact=True)).to_have_attribute(
        "aria-expanded", "true"
    )

    before = len(polls)
    game.add_round(piles(players, 1, 2, 3), game.owner)  # saved elsewhere: the API, a phone
    # Within two polls: one already on its way as the round was saved is answered 304.
    for _ in range(2):
        if next_poll(page, url) == 200:
            break
    expect(page.get_by_role("link", name="Round 2", exact=True)).to_be_visible()
    # The new board came with its new version (the one 200): the polls after it ask with that
    # version, and get 304s.
    count = next(i for i in range(before, len(polls)) if polls[i][1] == 200) + 1
    for _ in range(2):
        next_poll(page, url)
    assert [status for _, status in polls[count:]] and all(
        status == 304 for _, status in polls[count:]
    ), polls
    expect(page.locator("#scoreboard")).to_be_visible()


def test_the_owners_idle_board_is_asked_about_not_sent_again(
    phone, live_server, user, game, players
):
    page = phone()
    log_in(page, live_server)
    idle_board_keeps_its_open_round(page, f"{live_server.url}/games/{game.pk}/", game, players)


def test_the_watchers_idle_board_is_asked_about_not_sent_again(phone, live_server, game, players):
    page = phone()
    idle_board_keeps_its_open_round(page, f"{live_server.url}/s/{game.share()}/", game, players)
