"""A save on a slow phone (Chromium emulating slow 4G and a CPU four times slower), timed from the
tap on Save in the same page as one round trip to the server:

- the new totals, scored on the phone by its engine (Pyodide, static/js/engine.js), show within
  PHONE_TOTALS round trips (#phone-board, inserted before the form);
- the server's board saying "Round N saved" replaces them within SAVED round trips: the save is
  one round trip, answered with the board (an htmx swap).

Throttling is turned on only once the engine is ready: the engine's start on a slow phone is
bench/offline_engine.py's figure, not this test's; the typing, its preview and the save run
throttled."""

import statistics

import pytest
from playwright.sync_api import expect

from .. import factories
from .conftest import ENGINE_READY, SLOW_4G, log_in

pytestmark = [pytest.mark.browser, pytest.mark.timing, pytest.mark.engine]

FAST = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
# Issue #27's target for "Round N saved" is 1.5 round trips; the code before it took 2.5 to 3.4.
# Measured alone on the 2-core build machine: 1.4 to 1.5 (the htmx swap itself, on a CPU four
# times slower, is a third of a round trip). Held here to 2, so that the two round trips of
# before fail it.
SAVED = 2.0
PHONE_TOTALS = 0.3  # before the engine, the totals came with the server's board
ENGINE_START = 120_000  # ms: starting Python on the phone is seconds of CPU, more on a busy machine
ONE_ROUND_TRIP = """async () => {
  const times = [];
  for (let n = 0; n < 5; n++) {
    const start = performance.now();
    await (await fetch("/api/rules/?trip=" + n, {cache: "no-store"})).text();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2];
}"""
# In the page: when the tap reached it (capture phase, before htmx), when the phone's totals first
# showed, and when the server's board said the words (it replaces the form in place, so the page,
# and these, live on). Watched by the page itself: Playwright's search of the page, run again and
# again on the CPU four times slower, would slow the swap it waits for.
WATCH = """(words) => {
  document.addEventListener("click", () => { window.tappedAt = performance.now(); },
                            {capture: true, once: true});
  new MutationObserver((changes, observer) => {
    if (!window.totalsAt && document.getElementById("phone-board")) {
      window.totalsAt = performance.now();
    }
    const said = document.querySelector("#main .messages");
    if (said && said.textContent.includes(words)) {
      window.savedAt = performance.now();
      observer.disconnect();
    }
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def test_a_save_shows_the_phones_totals_at_once_and_round_saved_within_two_round_trips(
    page, live_server, user, screenshot
):
    players = factories.add_players(user, ("Ann", "Bob", "Cy"))
    entries = [factories.piles(players, 3, n % 7, 5) for n in range(12)]
    game = factories.play(user, "fourscore", players, entries, deals=20)
    log_in(page, live_server)
    cdp = page.context.new_cdp_session(page)
    totals, saved, lines = [], [], []
    for number in range(len(game.saved_rounds) + 1, len(game.saved_rounds) + 6):
        page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
        page.wait_for_function(ENGINE_READY, timeout=ENGINE_START)
        cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        for n, field in enumerate(page.locator("input[type=number]").all()):
            field.fill(str(n + number))
        expect(page.locator("#preview")).to_contain_text("This round:", timeout=30_000)
        round_trip = page.evaluate(ONE_ROUND_TRIP)
        page.evaluate(WATCH, f"Round {number} saved.")
        page.get_by_role("button", name=f"Save round {number}").tap()
        page.wait_for_function("() => window.savedAt", polling=100, timeout=10_000)
        tapped, at_totals, at_saved = page.evaluate(
            "() => [window.tappedAt, window.totalsAt, window.savedAt]"
        )
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        cdp.send("Network.emulateNetworkConditions", FAST)
        expect(page.get_by_text(f"Round {number} saved.")).to_be_visible()
        assert at_totals is not None, (
            f"round {number}: the server's board came, the phone's totals never showed"
            " (static/js/offline.js instantBoard: Save's button is not yet disabled at"
            " htmx:beforeRequest, so when the preview's answer is reused it returns at once)"
        )
        totals.append((at_totals - tapped) / round_trip)
        saved.append((at_saved - tapped) / round_trip)
        lines.append(
            f"round {number}: tap→totals {at_totals - tapped:.0f} ms, tap→saved"
            f" {at_saved - tapped:.0f} ms, one round trip {round_trip:.0f} ms"
        )
    print("\n".join(lines))
    for name, ratios in (("totals", totals), ("saved", saved)):
        print(f"tap→{name} / round trip: median {statistics.median(ratios):.3f},"
              f" {min(ratios):.3f} to {max(ratios):.3f}")  # fmt: skip
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/")
    screenshot(page, "save-round-trip")
    assert statistics.median(totals) <= PHONE_TOTALS, totals
    assert statistics.median(saved) <= SAVED, saved
