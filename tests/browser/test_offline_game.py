"""A whole game with no network: the phone's own engine (Pyodide running the server's engine
modules, static/js/engine.js) scores every round saved offline, the board shows each round's
totals as they are saved, and once online the server holds those rounds with the very totals
the phone showed."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from games.offline import PYODIDE_FILES

from .. import factories
from .conftest import ENGINE_READY, PHONE, log_in, save_screenshot
from .test_offline import go_offline, start, visit_while_online

pytestmark = [pytest.mark.browser, pytest.mark.engine]

PILES = [
    {"Ann": 3, "Bob": 7, "Cy": 2},
    {"Ann": 5, "Bob": 1, "Cy": 4},
    {"Ann": 0, "Bob": 6, "Cy": 6},
    {"Ann": 2, "Bob": 2, "Cy": 9},
]


# In the page: whether the service worker keeps every file the engine needs to start offline.
ENGINE_KEPT = """async (names) => {
  const runtime = (await caches.keys()).find((name) => name.startsWith("engine-"));
  const kept = runtime ? (await (await caches.open(runtime)).keys()).map((r) => r.url) : [];
  return names.every((name) => kept.some((url) => url.endsWith("/" + name)));
}"""


def engine_kept_not_started(page):
    """The scoreboard opened online: the service worker keeps the engine's files, so that the
    engine can start offline, and the page starts no engine (starting Python is seconds of a
    phone's CPU, and a scoreboard only needs it for rounds kept on the phone)."""
    page.wait_for_function(ENGINE_KEPT, arg=[*PYODIDE_FILES, "engine.json"], timeout=60_000)
    assert page.workers == []
    assert page.evaluate("() => document.documentElement.dataset.engine") is None


def totals_shown(page) -> dict[str, int]:
    """The totals the phone's board shows, by name ("Ann 8" pills, a minus as U+2212)."""
    pills = page.locator(".phone-board .phone-totals .pill").all_inner_texts()
    return {
        name: int(total.replace("\u2212", "-"))
        for name, total in (pill.rsplit(" ", 1) for pill in pills)
    }


def test_four_rounds_saved_offline_are_scored_on_the_phone_and_saved_with_those_totals(
    phones, live_server, ann
):
    game = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=len(PILES))
    context, page = phones(ann)
    context.set_default_timeout(30_000)  # the engine's first start compiles WebAssembly
    visit_while_online(page, live_server, game)
    engine_kept_not_started(page)
    go_offline(context, page)

    running = {"Ann": 0, "Bob": 0, "Cy": 0}
    shown = []
    page.get_by_role("link", name="Enter round 1").click()
    for number, piles in enumerate(PILES, start=1):
        if number == 3:  # the rounds kept so far survive a reload (and a closed tab)
            page.reload()
        expect(page.get_by_role("heading", level=1)).to_contain_text(
            f"Round {number}", timeout=30_000
        )
        for name, pile in piles.items():
            page.get_by_role("spinbutton", name=name).fill(str(pile))
        expect(page.locator("#preview")).to_contain_text("This round:", timeout=30_000)
        page.get_by_role("button", name=f"Save round {number}").click()
        board = page.locator("#phone-board")
        expect(board).to_contain_text("On this phone, not yet sent")
        expect(board).to_contain_text(f"Round {number}:")
        running = {name: running[name] + pile for name, pile in piles.items()}
        shown.append(totals_shown(page))
        assert shown[-1] == running  # FourScore: each pile adds to its player's total
        save_screenshot(page, f"offline-game-round-{number}")
        if number < len(PILES):
            board.get_by_role("button", name=f"Enter round {number + 1}").click()

    expect(page.locator("#phone-board")).to_contain_text("Winner on this phone: Ann")
    page.get_by_role("link", name="Back to the scores").click()
    expect(page.locator(".phone-board")).to_contain_text("Round 4:", timeout=30_000)
    assert totals_shown(page) == shown[-1]
    assert Game.objects.get(pk=game.pk).rounds.count() == 0

    context.set_offline(False)
    page.wait_for_function(
        f"() => document.querySelectorAll('#scoreboard [id^=round-]').length >= {len(PILES)}"
    )
    saved = Game.objects.get(pk=game.pk)
    rounds = list(saved.rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4]
    names = saved.player_names
    for row, phone_totals in zip(rounds, shown, strict=True):
        assert {names[line["player"]]: line["total"] for line in row.results} == phone_totals
    assert saved.finished and saved.scoreboard.winners == [saved.seats[0].player_id]
    expect(page.locator("main")).not_to_contain_text("otherwise than this phone")


# In the page: whether the phone's board showed before the server's board replaced the form.
WATCH_BOARDS = """() => {
  window.seen = [];
  new MutationObserver(() => {
    const last = window.seen[window.seen.length - 1];
    const phone = document.getElementById("phone-board");
    const now = phone ? "phone" : document.getElementById("scoreboard") ? "server" : null;
    if (now && now !== last) window.seen.push(now);
  }).observe(document.body, {childList: true, subtree: true});
}"""


def test_online_a_save_shows_the_phones_totals_first_and_says_when_the_server_differs(
    phones, live_server, ann
):
    game = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=4)
    _context, page = phones(ann)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    page.wait_for_function(ENGINE_READY, timeout=60_000)
    # A phone holding an older copy of the rules: here, one that thinks Ann starts at 100.
    page.evaluate("() => { window.phoneEngine.start.base.totals[0] = 100; }")
    page.evaluate(WATCH_BOARDS)
    for name, pile in PILES[0].items():
        page.get_by_role("spinbutton", name=name).fill(str(pile))
    expect(page.locator("#preview")).to_contain_text("Ann +3 → 103")  # scored on the phone
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".messages")).to_contain_text("Round 1 saved.")
    assert page.evaluate("window.seen") == ["phone", "server"]
    expect(page.locator("main")).to_contain_text(
        "The server scored round 1 otherwise than this phone did: the board shows the server's"
    )
    assert [r["total"] for r in game.rounds.get().results] == [3, 7, 2]

    # The phone that agrees with the server says nothing more.
    page.get_by_role("link", name="Enter round 2").click()
    page.wait_for_function(ENGINE_READY, timeout=60_000)
    for name, pile in PILES[1].items():
        page.get_by_role("spinbutton", name=name).fill(str(pile))
    expect(page.locator("#preview")).to_contain_text("Ann +5 → 8")
    page.get_by_role("button", name="Save round 2").click()
    expect(page.locator(".messages")).to_contain_text("Round 2 saved.")
    expect(page.locator("main")).not_to_contain_text("otherwise than this phone")


def key(page, label):
    """A key of the keypad at the bottom of the screen."""
    return page.locator("[data-dock]").get_by_role("button", name=label, exact=True)


def test_offline_bids_saved_alone_are_finished_on_the_phone_and_the_server_agrees(
    phones, live_server, ann
):
    game = start(ann, "fortytwo", ["Ann", "Bob", "Cy"])  # Ann deals: Bob bids first
    context, page = phones(ann)
    context.set_default_timeout(30_000)
    visit_while_online(page, live_server, game)
    engine_kept_not_started(page)
    go_offline(context, page)

    page.get_by_role("link", name="Enter round 1").click()
    page.wait_for_function(ENGINE_READY, timeout=60_000)
    for bid in ("3", "3", "0"):  # Bob, Cy, Ann
        key(page, bid).click()
    expect(page.locator("#preview")).to_contain_text("The bids are fine", timeout=30_000)
    page.get_by_role("button", name="Save round 1").click()
    board = page.locator("#phone-board")
    expect(board).to_contain_text("Round 1: the bids are saved.")

    board.get_by_role("button", name="Finish round 1").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Round 1")
    for tricks in ("3", "4", "0"):
        key(page, tricks).click()

    expect(page.locator("#preview")).to_contain_text("This round:")
    page.get_by_role("button", name="Save round 1").click()
    expect(board).to_contain_text("Round 1:")
    shown = totals_shown(page)
    board.get_by_role("button", name="Enter round 2").click()
    # Bob deals round 2: Cy bids first and Bob last, and Bob may not make the bids add up to 7.
    expect(page.locator("[data-dealer]")).to_have_text("Bob deals.")
    expect(page.locator("[data-dock-where]")).to_have_text("Cy bids")
    key(page, "3").click()
    key(page, "3").click()
    expect(page.locator("[data-dock-where]")).to_have_text("Bob bids")
    expect(key(page, "1")).to_be_disabled()
    expect(key(page, "2")).to_be_enabled()
    assert game.rounds.count() == 0

    context.set_offline(False)  # the round page reloads, now the server's, saying so
    # Its bids and its tricks were two saves, of one round.
    expect(page.locator("main")).to_contain_text("The round kept on this phone is sent and saved.")
    saved = game.rounds.get()
    assert saved.status == "complete" and saved.entry["hands"][0]["tricks"] is not None
    names = game.player_names
    assert {names[line["player"]]: line["total"] for line in saved.results} == shown


def test_a_save_cut_off_mid_way_is_kept_and_scored_on_the_phone_then_sent(phones, live_server, ann):
    game = start(ann, "fourscore", ["Ann", "Bob", "Cy"], deals=4)
    context, page = phones(ann)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    page.wait_for_function(ENGINE_READY, timeout=60_000)
    # The save leaves the phone and the connection drops before any answer.
    context.route("**/rounds/new/", lambda route: route.abort("internetdisconnected"))
    for name, pile in PILES[0].items():
        page.get_by_role("spinbutton", name=name).fill(str(pile))
    expect(page.locator("#preview")).to_contain_text("Ann +3 → 3")
    page.get_by_role("button", name="Save round 1").click()
    board = page.locator("#phone-board")
    expect(board).to_contain_text("On this phone, not yet sent")
    assert totals_shown(page) == PILES[0]
    assert game.rounds.count() == 0

    context.unroute("**/rounds/new/")
    page.reload()  # the page sends what it keeps as it opens
    expect(page.locator("main")).to_contain_text("The round kept on this phone is sent and saved.")
    assert [line["total"] for line in game.rounds.get().results] == [3, 7, 2]


SLOW_ENGINE = """(late) => {
  const play = window.phoneEngine.play;
  window.phoneEngine.play = async (...rounds) => {
    const answer = await play.apply(window.phoneEngine, rounds);
    await new Promise((done) => setTimeout(done, late));
    return answer;
  };
}"""


def test_after_a_refused_save_the_phone_scores_the_corrected_round(phones, live_server, ann):
    game = start(ann, "under10", ["Ann", "Bob", "Cy"])
    _context, page = phones(ann)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    page.wait_for_function(ENGINE_READY, timeout=60_000)
    # A phone slower than the server: each preview scored on it comes a second late, so the one
    # the tap on Save starts (its field's change) comes after the server's refusal.
    page.evaluate(SLOW_ENGINE, 1000)
    page.get_by_role("group", name="Who ended the round?").get_by_text("Ann").click()
    points = page.get_by_label("Points in hand")
    for field, value in zip(points.all(), ("8", "101", "5"), strict=True):
        field.fill(value)
    page.get_by_role("button", name="Save round 1").click()
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Not saved")  # the server's reason, in the preview's place
    page.wait_for_timeout(1500)
    expect(preview).to_contain_text("Not saved")  # not covered by the older form's score
    points.nth(1).fill("40")
    expect(preview).to_contain_text("Bob +40")  # scored on the phone in the new preview
    expect(preview).not_to_contain_text("Not saved")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".messages")).to_contain_text("Round 1 saved.")


def test_previews_scored_on_the_phone_send_no_request(page, live_server, user):
    players = factories.add_players(user, ("Ann", "Bob", "Cy"))
    entries = [factories.piles(players, 3, n % 7, 5) for n in range(3)]
    game = factories.play(user, "fourscore", players, entries, deals=20)
    page.set_viewport_size(PHONE)
    log_in(page, live_server)
    previews = []
    page.on(
        "request",
        lambda r: previews.append(r.url) if "/rounds/preview/" in r.url else None,
    )
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    page.wait_for_function(ENGINE_READY, timeout=120_000)
    for name, pile in {"Ann": 4, "Bob": 9, "Cy": 1}.items():
        page.get_by_role("spinbutton", name=name).press_sequentially(str(pile), delay=80)
    preview = page.locator("#preview")
    # Rounds 1 to 3 gave Ann 9, Bob 3 and Cy 15 (piles 3, n % 7, 5).
    expect(preview).to_contain_text("This round:", timeout=30_000)
    expect(preview).to_contain_text("Ann +4 → 13")
    expect(preview).to_contain_text("Bob +9 → 12")
    expect(preview).to_contain_text("Cy +1 → 16")
    page.wait_for_timeout(1000)  # any preview request still to come (htmx's 300 ms delay)
    assert previews == []
