"""Every page writes a negative number with a true minus sign (U+2212), never a hyphen-minus
(docs/languages.md; games/scoring/numbers.py `shown`): a crawl of the site, in English and in
Dutch, through every link a signed-in owner can follow from home, plus the pages no link of
hers leads to (the watch link's, a seat phone's, the turn-off question)."""

import re
from urllib.parse import urljoin, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from bench import entries
from games import seats
from games.models import Game, GameNight, Player
from tests.factories import grids
from tests.markup import parse

pytestmark = pytest.mark.django_db

# A hyphen-minus starting a number: not inside a word, a date, a token or an address.
HYPHEN_NUMBER = re.compile(r"(?<![\w/\-.])-\d")
MINUS = "\N{MINUS SIGN}"
DASH = "\N{EN DASH}"
# Read as the page's text a person sees, and the labels a screen reader says.
SAID_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")
SKIP = ("/accounts/logout", "/api/", "/static/", "/language/", "/sw.js", "/manifest")
MOST_PAGES = 400


def hyphens_on(body: bytes | str) -> list[str]:
    """Each hyphen before a digit the page shows, with the words around it."""
    page = parse(body)
    said = [page.text] + [
        f"{name}={element.get(name)!r}"
        for element in page.iter()
        for name in SAID_ATTRIBUTES
        if element.get(name)
    ]
    return [
        text[max(hit.start() - 30, 0) : hit.end() + 10]
        for text in said
        for hit in HYPHEN_NUMBER.finditer(text)
    ]


def test_the_pattern_finds_hyphens_and_nothing_else():
    assert hyphens_on(f"<p>Ann -38, Bob (-4) and {MINUS}40</p>") == [
        "Ann -38, Bob (-4",
        f"Ann -38, Bob (-4) and {MINUS}40",
    ]
    assert (
        hyphens_on(
            f"<p>2026-11-26, 19:04, rounds 1{DASH}3, /s/ab-3x/, a_-1, 10-4, {MINUS}8.2</p>"
            "<script>-1</script>"
        )
        == []
    )
    assert hyphens_on('<p><abbr title="Best -41">x</abbr></p>') == ["title='Best -41'"]


@pytest.fixture
def played(owner):
    """Games of every kind, FortyBelow's with negative rounds and totals, finished and not, in
    a night; a rating from the finished ones; a shared game; phones on with a seat."""
    players = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    ann, bob, cy, _ = players
    night = GameNight.tonight(owner)
    low = [[5, 5, 3], [5, 5, -1]]  # -38
    forty = [[4, 4, 4], [4, 4, 4]]  # -40
    some = [[7, 2, 7], [7, 9, 7]]
    below = Game.start(owner, "fortybelow", [ann, bob, cy], options={"rounds": 2}, night=night)
    below.add_round(grids(ann, (ann, low), (bob, some), (cy, forty)), owner)
    below.add_round(grids(bob, (ann, forty), (bob, some), (cy, low)), owner)
    going = Game.start(owner, "fortybelow", [ann, bob, cy], options={"rounds": 5}, night=night)
    going.add_round(grids(cy, (ann, low), (bob, forty), (cy, some)), owner)
    going.share()
    seats.turn_on(going)
    going.refresh_from_db()
    for kind, seated in (
        ("under10", players[:3]),
        ("fortytwo", players),
        ("fortyfives", players),
        ("fourscore", players[:3]),
    ):
        game = Game.start(owner, kind, seated, night=night)
        for entry in entries.rounds(kind, [p.pk for p in seated], 3):
            if not game.finished:
                game.add_round(entry, owner)
    return {"below": below, "going": going, "seat": seats.join(going, 0)}


def crawl(client: Client, starts: list[str]) -> dict[str, list[str]]:
    seen, queue, found = set(), list(starts), {}
    while queue and len(seen) < MOST_PAGES:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        response = client.get(path)
        if response.status_code in (301, 302):
            queue.append(urljoin(path, response.url))
            continue
        if "text/html" not in response.get("Content-Type", ""):
            continue
        hyphens = hyphens_on(response.content)
        if hyphens:
            found[path] = hyphens
        for link in parse(response.content).find_all("a[href]"):
            if link.has("download"):
                continue
            href = urljoin(path, link["href"])
            parts = urlsplit(href)
            if parts.netloc not in ("", "testserver") or href.startswith(SKIP):
                continue
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            if not target.startswith(SKIP):
                queue.append(target)
    assert len(seen) > 30, seen  # the crawl went round the site
    return found


@pytest.mark.parametrize("language", ["en", "nl"])
def test_no_page_writes_a_hyphen_for_a_minus(owner, played, language):
    client = Client()
    client.force_login(owner)
    client.cookies["django_language"] = language
    going = played["going"]
    starts = [
        "/",
        reverse("phones_off", args=[going.pk]),
        reverse("game_shared", args=[going.share_token]),
        reverse("shared_round", args=[going.share_token, 1]),
        reverse("seat_page", args=[played["seat"]]),
        reverse("round_edit", args=[played["below"].pk, 1]),
    ]
    assert crawl(client, starts) == {}


def test_the_player_page_writes_its_negative_figures_with_a_minus(owner_client, owner, played):
    ann = Player.objects.get(owner=owner, name="Ann")
    page = parse(owner_client.get(reverse("player_detail", args=[ann.pk])))
    row = next(r for r in page.find_all("table.stats tbody tr") if "FortyBelow" in r.text)
    average, best = [cell.text for cell in row.find_all("td")][1:3]
    assert average.startswith(MINUS) and best.startswith(MINUS), row.text
    games = page.find("ul.recent-games").text
    assert f"{MINUS}38 points so far" in games, games
