"""Every page of the app on a 360 x 740 phone: axe-core finds no accessibility violation, and
every tap target is at least 44 x 44 CSS pixels.

axe-core comes from npm (package.json; `make test-browser` runs `npm ci`). It is injected into
each page, which the app's Content-Security-Policy would refuse, so this test's browser context
bypasses the CSP; test_csp.py checks the policy itself.
"""

from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from bench import entries
from games.models import Game, GameNight, Player
from tests.factories import PASSWORD, under10_game_saved_with_a_blank_hand

from .conftest import PHONE_CONTEXT

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SMALLEST_TARGET = 44  # CSS pixels, each way (WCAG 2.5.5, and the house rule)

# The target rule: every a, button, input, select and summary in <main> or the <nav> that a
# person can see is at least 44 x 44, measured on the element or, for a form control, on its
# label when the label is the bigger target (tapping a label works the control). Exempt:
# - a link inside a sentence: an <a> in a <p>, <li> or <td> among text of its own (WCAG 2.5.8's
#   "inline" exception: a sentence's line height can't be 44 px);
# - hidden inputs and what isn't rendered (display: none, zero size with no label).
TAP_TARGETS = """(LEAST) => {
  const textAround = (el) => {
    const parent = el.parentElement;
    if (!parent || !parent.matches("p, li, td, dd, figcaption, .help")) return false;
    const own = Array.from(parent.childNodes).filter(
      (n) => n !== el && n.textContent.trim());
    return own.length > 0;
  };
  const describe = (el) => {
    const text = (el.getAttribute("aria-label") || el.textContent || el.value || "").trim();
    const name = el.id ? "#" + el.id : (el.name ? `[name=${el.name}]` : "");
    return `<${el.tagName.toLowerCase()}${name}> "${text.replace(/\\s+/g, " ").slice(0, 40)}"`;
  };
  const small = [];
  for (const el of document.querySelectorAll(
      "main a, main button, main input, main select, main summary, nav a, nav button")) {
    if (el.type === "hidden") continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") continue;
    if (el.tagName === "A" && textAround(el)) continue;
    let box = el.getBoundingClientRect();
    let width = box.width, height = box.height;
    for (const label of el.labels || []) {
      const lbox = label.getBoundingClientRect();
      if (lbox.width * lbox.height > width * height) { width = lbox.width; height = lbox.height; }
    }
    if (width === 0 && height === 0) continue;
    if (width < LEAST - 0.5 || height < LEAST - 0.5) {
      small.push(`${describe(el)}: ${Math.round(width)} x ${Math.round(height)}`);
    }
  }
  return small;
}"""


@dataclass
class Site:
    """The pages to visit: (what it is, its address, and what to do there before the check)."""

    url: str
    pages: list[tuple[str, str, object, bool]] = field(default_factory=list)
    logged_in: bool = False  # whether the pages added now are the logged-in user's

    def add(self, name: str, path: str, then=None) -> None:
        self.pages.append((name, self.url + path, then, self.logged_in))


def _played(user, kind: str, players: list[Player], count: int, night, **options) -> Game:
    game = Game.start(user, kind, players, options=options, night=night)
    for entry in entries.rounds(kind, [p.pk for p in players], count):
        game.add_round(entry, user)
    return game


def _wrong_password(page):
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_selector(".errorlist, .error, [role=alert]")


def _save_anyway(page):
    """Sends the page's main form as it is, past the browser's own checks: the errors show."""
    with page.expect_navigation():
        page.evaluate(
            """() => {
              const form = document.querySelector("main form[method=post]");
              form.noValidate = true;
              form.requestSubmit(form.querySelector("button[type=submit]"));
            }"""
        )
    expect(page.locator(".error, .errorlist, [role=alert]").first).to_be_visible()


def _start_empty(page):
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_load_state()


def _every_page(live_server) -> Site:
    """A user with a game of every kind (each with a round, 42 and Forty Fives mid-bidding too),
    a game broken by the corrected rules, a shared game, a night and players; the pages of all."""
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    players = [Player.add(user, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    annie = Player.add(user, "Annie")  # Ann's other name, to merge
    night = GameNight.tonight(user)
    earlier = GameNight.objects.create(owner=user, date=night.date - timedelta(days=3))
    _played(user, "under10", players[:2], 1, earlier)
    games = {
        "fortybelow": _played(user, "fortybelow", players[:3], 1, night, rounds=10),
        "fortytwo": _played(user, "fortytwo", players, 1, night),
        "under10": _played(user, "under10", players[:3], 1, night),
        "fortyfives": _played(user, "fortyfives", players, 1, night),
        "fourscore": _played(user, "fourscore", players[:3], 1, night, deals=3),
    }
    # Bids saved, tricks to come: the round page asks for the tricks.
    ids = [p.pk for p in players]
    fortytwo_open = _played(user, "fortytwo", players, 1, night)
    fortytwo_open.add_round({"hands": [{"player": pk, "bid": 2} for pk in ids]}, user)
    fortyfives_open = _played(user, "fortyfives", players, 1, night)
    fortyfives_open.add_round({"bidder": ids[1], "bid": 20, "trump": "diamonds"}, user)
    # A finished game: the players', a player's and the night's pages show ratings.
    _played(user, "fourscore", players, 1, night, deals=1)
    broken = under10_game_saved_with_a_blank_hand(user, players)[0]
    long_game = _played(user, "under10", players, 30, night)  # its early rounds folded away
    shared = games["fortyfives"]
    shared.share()
    site = Site(live_server.url)
    site.add("landing (logged out)", "/")
    site.add("log in", "/accounts/login/")
    site.add("log in, wrong password", "/accounts/login/", _wrong_password)
    site.add("sign up", "/accounts/signup/")
    site.add("sign up, nothing filled in", "/accounts/signup/", _save_anyway)
    for kind in games:
        site.add(f"rules of {kind}", f"/rules/{kind}/")
    site.add("42 referee", "/referee/fortytwo/")
    site.add("42 referee, a trick", "/referee/fortytwo/?trump=2S&plays=3S-4D")
    site.add("42 referee, half a card", "/referee/fortytwo/?trump=2S&plays=3S&rank=5")
    site.add("Forty Fives referee", "/referee/fortyfives/")
    site.add("Forty Fives referee, a trick", "/referee/fortyfives/?trump=diamonds&plays=5D-JH")
    site.add("referee, a bad address", "/referee/fortytwo/?trump=ZZ")
    site.add("watch link", f"/s/{shared.share_token}/")
    site.add("watch link: a round explained", f"/s/{shared.share_token}/rounds/1/")
    site.add("watch link: a long game's earlier rounds", f"/s/{long_game.share()}/rounds/earlier/")
    site.add("not found", "/no/such/page/")
    site.logged_in = True
    site.add("home", "/")
    site.add("new game: pick a game", "/games/new/")
    for kind, game in games.items():
        site.add(f"new game: {kind}", f"/games/new/?kind={kind}")
        site.add(f"scoreboard: {kind}", f"/games/{game.pk}/")
        site.add(f"round entry: {kind}", f"/games/{game.pk}/rounds/new/")
        site.add(f"fix round 1: {kind}", f"/games/{game.pk}/rounds/1/edit/")
    for kind, game in games.items():
        site.add(f"round entry with errors: {kind}", f"/games/{game.pk}/rounds/new/", _save_anyway)
    site.add("42: the tricks of a bid round", f"/games/{fortytwo_open.pk}/rounds/new/")
    site.add("Forty Fives: the tricks of a bid hand", f"/games/{fortyfives_open.pk}/rounds/new/")
    site.add("new game: FourScore, nobody seated", "/games/new/?kind=fourscore", _start_empty)
    site.add("scoreboard: a round breaks a rule", f"/games/{broken.pk}/")
    site.add("a round explained", f"/games/{broken.pk}/rounds/2/")
    site.add("scoreboard: a long game", f"/games/{long_game.pk}/")
    site.add("a long game's earlier rounds", f"/games/{long_game.pk}/rounds/earlier/")
    site.add("fix a broken round", f"/games/{broken.pk}/rounds/2/edit/")
    site.add("nights", "/nights/")
    site.add("a night", f"/nights/{night.pk}/")
    site.add("players", "/players/")
    site.add("a player", f"/players/{players[0].pk}/")
    site.add("your data", "/data/")
    site.add("account", "/accounts/")
    site.add("change password", "/accounts/password_change/")
    site.add("password changed", "/accounts/password_change/done/")
    site.add("delete account", "/accounts/delete/")
    site.add("not found, logged in", "/nights/999999/")
    site.add("merge a player: asked first", f"/players/{annie.pk}/merge/?into={players[0].pk}")
    site.add("delete a game: asked first", f"/games/{long_game.pk}/delete/")
    # Last, as it turns the watch link off: a message, and the link to turn back on.
    site.add("a message, and a watch link turned off", f"/games/{shared.pk}/", _turn_the_link_off)
    return site


def _turn_the_link_off(page):
    page.get_by_role("button", name="Turn the link off").click()
    expect(page.get_by_role("button", name="Turn the same link back on")).to_be_visible()
    expect(page.locator(".messages")).to_have_text("The watch link is off.")


# Dark mode changes colours only (app.css's prefers-color-scheme blocks set colours and nothing
# else), so in dark mode axe runs the rules that read colours; the light run has all of them.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


@dataclass
class Found:
    """What the walk found, page by page: axe-core's violations in light mode (every rule) and
    in dark mode (the colour rules), and the tap targets under SMALLEST_TARGET."""

    axe: dict[str, list[str]] = field(default_factory=dict)
    axe_dark: dict[str, list[str]] = field(default_factory=dict)
    small_targets: dict[str, list[str]] = field(default_factory=dict)


def _walk(browser, site: Site) -> Found:
    """Goes through every page once on a 360 x 740 phone, logged out and then, where the
    logged-in pages start, logged in, and checks each page as loaded: its tap targets and axe in
    light mode, then axe's colour rules with the same page in dark mode. Switching a loaded page
    to dark shows what loading it dark would: the scheme is read by app.css's media queries
    alone, no script of the app reads it."""
    context = browser.new_context(**PHONE_CONTEXT, bypass_csp=True)
    page = context.new_page()
    found, logged_in = Found(), False
    try:
        for name, url, then, as_user in site.pages:
            if as_user and not logged_in:
                page.goto(f"{site.url}/accounts/login/")
                page.get_by_label("Username").fill("ann")
                page.get_by_label("Password").fill(PASSWORD)
                page.get_by_role("button", name="Log in").click()
                page.wait_for_url(f"{site.url}/")
                logged_in = True
            page.emulate_media(color_scheme="light")
            response = page.goto(url)
            refused = name.startswith("not found") or "bad address" in name
            assert (response.status >= 400) == refused, f"{name}: {url} answered {response.status}"
            if then:
                then(page)
            if small := page.evaluate(TAP_TARGETS, SMALLEST_TARGET):
                found.small_targets[f"{name} (light)"] = small
            if problems := _axe(page):
                found.axe[f"{name} (light)"] = problems
            page.emulate_media(color_scheme="dark")
            if problems := _axe(page, COLOUR_RULES):
                found.axe_dark[f"{name} (dark)"] = problems
    finally:
        context.close()
    return found


@pytest.fixture(scope="session")
def _walks() -> dict:
    """The one walk of the site for this run's process: what it found, or the error that ended
    it. Session-wide rather than module-wide: a test of another module may run between this
    module's tests (the slow tests go first), and a module fixture would be made again after it."""
    return {}


@pytest.fixture
def found(_walks, browser, live_server, transactional_db) -> Found:
    """What every page showed (`Found`), walked by the first test that asks and read from there
    by the others: a walk is a minute or more of a core, and the three checks need the same
    pages. The walk's database is that first test's, emptied after it as any browser test's."""
    if "error" in _walks:
        raise _walks["error"]
    if "found" not in _walks:
        assert AXE.exists(), f"{AXE} is missing: run `npm ci` (make test-browser does)"
        try:
            _walks["found"] = _walk(browser, _every_page(live_server))
        except Exception as error:
            _walks["error"] = error
            raise
    return _walks["found"]


def _axe(page, rules: list[str] | None = None) -> list[str]:
    """axe-core's violations on the page, every rule or only `rules` (axe put on the page once)."""
    if not page.evaluate("() => typeof axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    options = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    result = page.evaluate(
        """async (options) => {
          const r = await axe.run(document, options);
          return r.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => ({target: n.target.join(" "),
                                        summary: n.failureSummary}))}));
        }""",
        options,
    )
    lines = []
    for violation in result:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:6]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    {node['target']}: {summary[:300]}")
        if len(violation["nodes"]) > 6:
            lines.append(f"    ...and {len(violation['nodes']) - 6} more")
    return lines


def _report(found: dict[str, list[str]]) -> str:
    return "\n".join(f"\n{name}:\n  " + "\n  ".join(lines) for name, lines in found.items())


# The first of the three to run walks the site for all three (`found`): this one, as slow, goes
# first. The other two are not marked slow: that would deal them to the heads of other xdist
# workers, each to walk the site again; unmarked, they follow it in the collection, on its worker.
@pytest.mark.slow
def test_axe_finds_no_accessibility_violation_on_any_page(found):
    assert not found.axe, (
        f"axe-core found violations on {len(found.axe)} pages:{_report(found.axe)}"
    )


def test_axe_finds_no_colour_contrast_violation_on_any_page_in_dark_mode(found):
    assert not found.axe_dark, (
        f"axe-core found violations on {len(found.axe_dark)} pages:{_report(found.axe_dark)}"
    )


def test_every_tap_target_on_every_page_is_at_least_44_px_each_way(found):
    small = found.small_targets
    assert not small, f"Tap targets under 44 x 44 px on {len(small)} pages:{_report(small)}"
