"""The ratings on the pages: who is best at each game on Players, a player's ratings with their
history line, and a night's "ratings after tonight", in English and Dutch, read with a parser."""

import re
import xml.etree.ElementTree as ET
from datetime import date
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from games.models import GameNight, Rating, RatingStep
from games.sparkline import HEIGHT, MARGIN, WIDTH, rating_line
from tests.factories import piles, play

pytestmark = pytest.mark.django_db

MINUS = "\N{MINUS SIGN}"
SVG = "{http://www.w3.org/2000/svg}"


class Tables(HTMLParser):
    """Each table of class "ratings": its caption, and its body's rows as lists of cell texts
    (a cell's reading, `.reading`, kept apart), and each <svg> as its markup."""

    def __init__(self):
        super().__init__()
        self.tables: list[dict] = []
        self.svgs: list[str] = []
        self.within: list[str] = []
        self.cell: list[str] | None = None
        self.reading: list[str] | None = None
        self.svg: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if self.svg is not None:
            self.svg.append(self.get_starttag_text())
            return
        if tag == "svg":
            self.svg = [self.get_starttag_text()]
            return
        if tag == "table" and "ratings" in (attributes.get("class") or "").split():
            self.tables.append({"caption": "", "rows": [], "headings": []})
            self.within.append("table")
        elif self.within and tag in ("caption", "tr", "th", "td", "thead", "tbody"):
            self.within.append(tag)
            if tag == "tr" and "tbody" in self.within:
                self.tables[-1]["rows"].append([])
            if tag in ("th", "td"):
                self.cell = []
        elif self.within and tag == "span" and "reading" in (attributes.get("class") or ""):
            self.reading = []

    def handle_startendtag(self, tag, attrs):
        if self.svg is not None:
            self.svg.append(self.get_starttag_text())  # whole: <line ... />
        else:
            super().handle_startendtag(tag, attrs)

    def handle_endtag(self, tag):
        if self.svg is not None:
            self.svg.append(f"</{tag}>")
            if tag == "svg":
                self.svgs.append("".join(self.svg))
                self.svg = None
            return
        if tag == "span" and self.reading is not None:
            text = " ".join("".join(self.reading).split())
            self.tables[-1]["rows"][-1].append(("reading", text))
            self.reading = None
        elif self.within and self.within[-1] == tag:
            self.within.pop()
            if tag in ("th", "td") and self.cell is not None:
                text = " ".join("".join(self.cell).split())
                if "tbody" in self.within:
                    self.tables[-1]["rows"][-1].append(text)
                else:
                    self.tables[-1]["headings"].append(text)
                self.cell = None

    def handle_data(self, data):
        if self.svg is not None:
            self.svg.append(data.replace("&", "&amp;").replace("<", "&lt;"))
        elif self.reading is not None:
            self.reading.append(data)
        elif self.within and self.within[-1] == "caption":
            self.tables[-1]["caption"] += data.strip()
        elif self.cell is not None:
            self.cell.append(data)


def read(response) -> Tables:
    assert response.status_code == 200
    tables = Tables()
    tables.feed(response.content.decode())
    return tables


def fourscore(owner, seated, *counts, night=None):
    return play(owner, "fourscore", seated, [piles(seated, *counts)], night=night, deals=1)


@pytest.fixture
def history(owner, players):
    """Two nights of FourScore: Ann, Bob, Cy and Dee on the first (Ann wins, Bob and Cy level),
    then Ann beats Dee; on the second, Dee wins twice. And a Forty Fives game, Ann and Cy's."""
    ann, bob, cy, dee = players
    first = GameNight.objects.create(owner=owner, date=date(2026, 11, 20))
    second = GameNight.objects.create(owner=owner, date=date(2026, 11, 27))
    fourscore(owner, players, 1, 5, 5, 9, night=first)
    fourscore(owner, [ann, dee], 2, 3, night=first)
    fourscore(owner, [ann, bob, dee], 4, 6, 0, night=second)
    fourscore(owner, [dee, cy], 0, 3, night=second)
    fives = {"bidder": ann.pk, "bid": 30, "tricks": {"A": 5, "B": 0}, "high_trump": "A"}
    play(owner, "fortyfives", players, [fives] * 4, night=second)
    return first, second


def ordinal(player, kind="fourscore"):
    return Rating.objects.get(player=player, kind=kind).ordinal


def shown(value):
    return f"{round(value, 1):.1f}".replace("-", MINUS)


def signed(value):
    text = shown(value)
    return text if text.startswith(MINUS) else f"+{text}"


def test_the_players_page_has_a_table_per_game_best_first_with_readings_and_changes(
    owner_client, history
):
    tables = read(owner_client.get(reverse("player_list"))).tables
    assert [table["caption"] for table in tables] == ["Forty Fives", "FourScore"]
    fourscore_table = tables[1]
    assert fourscore_table["headings"] == ["Player", "Rating", "Last game"]
    ratings = Rating.objects.filter(kind="fourscore").order_by("-ordinal")
    expected = []
    for place, rating in enumerate(ratings, start=1):
        name = rating.player.name
        games = rating.games
        change = "first game" if games == 1 else signed(rating.change)
        reading = ("reading", f"after {games} game{'s' * (games != 1)}: still settling")
        expected.append([reading, f"{place}. {name}", shown(rating.ordinal), change])
    assert fourscore_table["rows"] == expected
    assert expected[0][1] == "1. Ann"  # won two of three, and second to Dee in the third


def test_level_ratings_share_a_place_and_are_listed_by_name(owner_client, owner, players):
    ann, bob, cy, _ = players
    fourscore(owner, [cy, ann, bob], 3, 3, 0)
    rows = read(owner_client.get(reverse("player_list"))).tables[0]["rows"]
    assert [row[1] for row in rows] == ["1. Bob", "2. Ann", "2. Cy"]
    assert rows[1][3] == rows[2][3] == "first game"


def test_a_players_page_has_their_rating_at_each_game_with_its_history_line(
    owner_client, history, players
):
    ann = players[0]
    tables = read(owner_client.get(reverse("player_detail", args=[ann.pk])))
    [table] = tables.tables
    assert table["headings"] == ["Game", "Rating", "Over time"]
    fives, fourscore_row = table["rows"]
    assert fives[:2] == [("reading", "after 1 game: still settling"), "Forty Fives"]
    assert fives[2:4] == [("reading", "first game"), shown(ordinal(ann, "fortyfives"))]
    change = Rating.objects.get(player=ann, kind="fourscore").change
    assert fourscore_row[:2] == [("reading", "after 3 games: still settling"), "FourScore"]
    assert fourscore_row[2:4] == [("reading", f"{signed(change)} last game"), shown(ordinal(ann))]

    fives_svg, fourscore_svg = (ET.fromstring(svg) for svg in tables.svgs)
    steps = list(RatingStep.objects.filter(player=ann, kind="fourscore").order_by("sequence"))
    title = fourscore_svg.find(f"{SVG}title").text
    assert title == fourscore_svg.get("aria-label")
    assert title == (
        f"FourScore rating after 3 games: {shown(steps[-1].ordinal)} (from 0.0; lowest "
        f"{shown(min(0, *(s.ordinal for s in steps)))}, highest "
        f"{shown(max(0, *(s.ordinal for s in steps)))})."
    )
    points = fourscore_svg.find(f"{SVG}polyline").get("points").split()
    assert len(points) == 4  # the start, then each of Ann's three games
    assert fives_svg.find(f"{SVG}polyline").get("points").count(",") == 2


def test_the_history_line_rises_and_falls_with_the_rating_and_stays_in_its_box():
    line = rating_line("FourScore", [0.0, 3.0, -2.0, 5.0])
    xs, ys = zip(*(map(float, point.split(",")) for point in line.points.split()), strict=True)
    assert xs == tuple(sorted(xs)) and xs[0] == MARGIN and xs[-1] == WIDTH - MARGIN
    assert ys[3] < ys[1] < ys[0] < ys[2]  # higher is better, drawn higher
    assert min(ys) == MARGIN and max(ys) == HEIGHT - MARGIN
    assert (line.end_x, line.end_y) == (str(WIDTH - MARGIN), str(MARGIN))
    flat = rating_line("FourScore", [0.0, 0.2])  # a small change is drawn small
    ys = [float(point.split(",")[1]) for point in flat.points.split()]
    assert abs(ys[0] - ys[1]) < 2


def test_a_long_history_is_drawn_with_few_points_keeping_its_highs_and_lows():
    values = [0.0] + [float(n % 7) for n in range(1, 500)] + [-3.0]
    values[250] = 20.0
    line = rating_line("FourScore", values)
    points = line.points.split()
    assert len(points) <= 62
    ys = [float(point.split(",")[1]) for point in points]
    assert min(ys) == MARGIN  # the peak at game 250 is kept
    assert float(points[-1].split(",")[0]) == WIDTH - MARGIN


def test_a_nights_page_has_the_ratings_after_it_and_each_players_change_over_it(
    owner_client, history, players
):
    ann, bob, cy, dee = players
    first, second = history
    tables = read(owner_client.get(reverse("night_detail", args=[second.pk]))).tables
    assert [table["caption"] for table in tables] == ["Forty Fives", "FourScore"]
    fourscore_table = tables[1]
    assert fourscore_table["headings"] == ["Player", "Rating", "Tonight"]

    def before_tonight(player):
        return (
            RatingStep.objects.filter(player=player, kind="fourscore", game__night=first)
            .order_by("sequence")
            .last()
            .ordinal
        )

    by_name = {row[1].split(". ")[1]: row for row in fourscore_table["rows"]}
    assert set(by_name) == {"Ann", "Bob", "Cy", "Dee"}
    for player in (ann, bob, cy, dee):
        row = by_name[player.name]
        assert row[2] == shown(ordinal(player))
        assert row[3] == signed(ordinal(player) - before_tonight(player))
    # The first night's page shows the ratings as they were after it.
    tables = read(owner_client.get(reverse("night_detail", args=[first.pk]))).tables
    [fourscore_table] = tables
    after_first = {
        step.player_id: step.ordinal
        for step in RatingStep.objects.filter(game__night=first).order_by("sequence")
    }
    rows = {row[1].split(". ")[1]: row for row in fourscore_table["rows"]}
    assert rows["Ann"][2] == shown(after_first[ann.pk])
    assert rows["Ann"][3] == signed(after_first[ann.pk])  # everyone began at 0 that night


def test_pages_without_a_finished_game_show_no_ratings(owner_client, owner, players):
    night = GameNight.tonight(owner)
    play(owner, "fourscore", players, [piles(players, 1, 2, 3, 4)], night=night, deals=2)
    for url in (
        reverse("player_list"),
        reverse("player_detail", args=[players[0].pk]),
        reverse("night_detail", args=[night.pk]),
    ):
        page = owner_client.get(url).content.decode()
        assert 'id="ratings"' not in page
        assert read(owner_client.get(url)).tables == []


def test_the_ratings_are_said_in_dutch_with_a_decimal_comma_and_a_true_minus(
    owner_client, history, players
):
    dutch = {"HTTP_ACCEPT_LANGUAGE": "nl"}
    tables = read(owner_client.get(reverse("player_list"), **dutch)).tables
    assert tables[1]["headings"] == ["Speler", "Sterkte", "Laatste spel"]
    rows = tables[1]["rows"]
    numbers = [row[2] for row in rows] + [row[3] for row in rows if row[3] != "eerste spel"]
    assert all(re.fullmatch(rf"[+{MINUS}]?\d+,\d", number) for number in numbers), numbers
    assert any(MINUS in number for number in numbers)
    assert rows[0][0] == ("reading", "na 3 spellen: nog onzeker")  # Ann's
    player = read(owner_client.get(reverse("player_detail", args=[players[0].pk]), **dutch))
    title = ET.fromstring(player.svgs[1]).find(f"{SVG}title").text
    assert title.startswith("Speelsterkte bij FourScore na 3 spellen: ")
    night = read(owner_client.get(reverse("night_detail", args=[history[1].pk]), **dutch))
    assert night.tables[1]["headings"] == ["Speler", "Sterkte", "Vanavond"]


def test_another_users_pages_show_none_of_the_ratings(outsider_client, history, players):
    assert read(outsider_client.get(reverse("player_list"))).tables == []
    for url in (
        reverse("player_detail", args=[players[0].pk]),
        reverse("night_detail", args=[history[0].pk]),
    ):
        assert outsider_client.get(url).status_code == 404
