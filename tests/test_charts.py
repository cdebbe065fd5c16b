"""The score chart's SVG for games played through the write path: lines, labels, emphasis, size.

Each SVG is parsed with xml.etree and its points checked against totals worked out by hand; and
for any running totals, the chart's lines (thinned when long) are checked against those totals.
"""

import itertools
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from hypothesis import given
from hypothesis import strategies as st

from games.charts import BASELINE, LINE_GAP, MAX_POINTS, score_chart
from games.kinds import GAMES
from games.models import Game, Player
from games.scoring.base import PlayerResult, RoundResult, Scoreboard, Standing
from games.scoring.numbers import MINUS
from tests.factories import piles, play
from tests.test_css import colours, contrast

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"
CSS = (Path(__file__).resolve().parent.parent / "static" / "css" / "app.css").read_text()
# On a 360 px phone the chart sits in the page's padding (.75rem of 17px each side) and, at
# most, a card's (.75rem and a 1px border each side).
NARROWEST_DRAWN_WIDTH = 360 - 2 * (12.75 + 12.75 + 1)
TOLERANCE = 0.11  # coordinates are rounded to one decimal place


def under10(players, caller, *points):
    hands = [{"player": p.pk, "points": n} for p, n in zip(players, points, strict=True)]
    return {"called_by": caller.pk, "hands": hands}


def fives(bidder, bid, tricks_a=None, high_trump="A"):
    entry = {"bidder": bidder.pk, "bid": bid}
    if tricks_a is not None:
        entry.update(tricks={"A": tricks_a, "B": 5 - tricks_a}, high_trump=high_trump)
    return entry


def svg_of(board, names) -> str:
    """The chart's SVG as the pages draw it (templates/games/score_chart.html)."""
    return render_to_string("games/score_chart.html", {"chart": score_chart(board, names)})


def chart_of(game) -> str:
    return svg_of(game.scoreboard, game.player_names)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def floats(text: str) -> list[float]:
    return [float(number) for number in re.findall(r"-?\d+(?:\.\d+)?", text)]


def visible_text(element: ET.Element) -> str:
    """A label's text without its <title> tooltip."""
    return (element.text or "") + "".join(child.tail or "" for child in element)


def series(root: ET.Element) -> dict[str, dict]:
    """Each line by its label: its points, its group, its label element and its line width."""
    groups = {
        group.get("class").split()[0]: group
        for group in root.iter(f"{SVG}g")
        if group.find(f"{SVG}polyline") is not None
    }
    labels = {
        text.get("class"): text for text in root.find(f"{SVG}g[@class='labels']").iter(f"{SVG}text")
    }
    found = {}
    for colour, group in groups.items():
        polyline = group.find(f"{SVG}polyline")
        numbers = floats(polyline.get("points"))
        label = labels[colour]
        found[label.find(f"{SVG}title").text] = {
            "points": list(zip(numbers[::2], numbers[1::2], strict=True)),
            "group": group,
            "polyline": polyline,
            "label": label,
        }
    return found


def check_scale(lines: dict[str, dict], totals_by_hand: dict[str, list[tuple[int, int]]]):
    """Every point is (a + b * round, c + d * total) for one a, b, c, d shared by all lines,
    with higher totals drawn higher: the lines follow the totals and share their axes."""
    pairs = []
    for name, expected in totals_by_hand.items():
        assert len(lines[name]["points"]) == len(expected), name
        pairs += zip(expected, lines[name]["points"], strict=True)
    (_, (a, c)) = next(pair for pair in pairs if pair[0] == (0, 0))
    (last_round, _), (x_last, _) = max(pairs, key=lambda pair: pair[0][0])
    (_, far_total), (_, y_far) = max(pairs, key=lambda pair: abs(pair[0][1]))
    b, d = (x_last - a) / last_round, (y_far - c) / far_total
    assert b > 0 and d < 0
    for (round_number, total), (x, y) in pairs:
        assert abs(x - (a + b * round_number)) < 2 * TOLERANCE, (round_number, total)
        assert abs(y - (c + d * total)) < 2 * TOLERANCE, (round_number, total)
    return a, c, b, d


def total_at(root: ET.Element, y: float) -> float:
    """The total a height stands for, read off the chart's own score ticks."""
    ticks = [t for t in root.find(f"{SVG}g[@class='ticks']") if t.get("text-anchor") == "end"]
    (y1, v1), (y2, v2) = [
        (float(t.get("y")) - BASELINE, int(t.text.replace("\N{MINUS SIGN}", "-")))
        for t in (ticks[0], ticks[-1])
    ]
    return v1 + (y - y1) * (v2 - v1) / (y2 - y1)


def shape_of(marker: ET.Element) -> tuple:
    """A marker's shape wherever it is drawn: its kind, size and path without the first move."""
    path = re.sub(r"^M[-\d.]+,[-\d.]+", "", marker.get("d", ""))
    return marker.tag, path, marker.get("r"), marker.get("width"), marker.get("height")


# --- A known game, line by line ---


@pytest.fixture
def fourscore(owner, players):
    """Ann 3+4+2 = 9, Bob 5+1+6 = 12, Cy 2+6+3 = 11: Ann has fewest and wins."""
    return play(
        owner,
        "fourscore",
        players[:3],
        [
            piles(players[:3], 3, 5, 2),
            piles(players[:3], 4, 1, 6),
            piles(players[:3], 2, 6, 3),
        ],
        deals=3,
    )


FOURSCORE_TOTALS = {
    "Ann": [(0, 0), (1, 3), (2, 7), (3, 9)],
    "Bob": [(0, 0), (1, 5), (2, 6), (3, 12)],
    "Cy": [(0, 0), (1, 2), (2, 8), (3, 11)],
}


def test_each_line_follows_its_players_running_totals_from_zero(fourscore):
    root = parse(chart_of(fourscore))
    lines = series(root)
    assert set(lines) == {"Ann", "Bob", "Cy"}
    check_scale(lines, FOURSCORE_TOTALS)


def test_the_score_ticks_sit_where_the_lines_put_those_totals(fourscore):
    root = parse(chart_of(fourscore))
    _, y0, _, d = check_scale(series(root), FOURSCORE_TOTALS)
    ticks = root.find(f"{SVG}g[@class='ticks']")
    score_ticks = [t for t in ticks if t.get("text-anchor") == "end"]
    assert len(score_ticks) >= 3
    values = [int(t.text.replace("\N{MINUS SIGN}", "-")) for t in score_ticks]
    assert values[0] == 0 and values[-1] >= 12  # from the start to above the highest total
    for tick, value in zip(score_ticks, values, strict=True):
        assert abs(float(tick.get("y")) - BASELINE - (y0 + d * value)) < TOLERANCE * 2
    round_ticks = [t for t in ticks if t.get("text-anchor") == "middle"]
    assert [t.text for t in round_ticks] == ["0", "1", "2", "3"]


def test_each_line_is_labelled_with_its_players_name_just_past_its_end(fourscore):
    lines = series(parse(chart_of(fourscore)))
    for name, line in lines.items():
        label = line["label"]
        end_x, end_y = line["points"][-1]
        assert visible_text(label) == name
        assert float(label.get("x")) > end_x
        assert abs(float(label.get("y")) - BASELINE - end_y) < LINE_GAP


def test_the_winners_line_is_thicker_and_the_others_lighter(fourscore):
    lines = series(parse(chart_of(fourscore)))
    ann, others = lines["Ann"], [lines["Bob"], lines["Cy"]]
    assert all(
        float(ann["polyline"].get("stroke-width")) > float(other["polyline"].get("stroke-width"))
        for other in others
    )
    assert ann["polyline"].get("stroke-opacity") is None
    assert all(float(other["polyline"].get("stroke-opacity")) < 1 for other in others)
    assert ann["label"].get("font-weight") == "bold"
    assert all(other["label"].get("font-weight") is None for other in others)


def test_a_game_still_playing_emphasises_nobody(owner, players):
    game = play(owner, "fourscore", players[:3], [piles(players[:3], 3, 5, 2)], deals=3)
    lines = series(parse(chart_of(game)))
    widths = {line["polyline"].get("stroke-width") for line in lines.values()}
    assert len(widths) == 1
    assert all(line["polyline"].get("stroke-opacity") is None for line in lines.values())


def test_it_is_an_image_with_a_summary_for_screen_readers(fourscore):
    root = parse(chart_of(fourscore))
    assert root.get("role") == "img"
    summary = root.get("aria-label")
    assert root.find(f"{SVG}title").text == summary
    assert "3 rounds" in summary
    assert "Ann wins with 9" in summary
    assert "Ann 9, Bob 12, Cy 11" in summary


# --- Labels ---


def test_labels_of_lines_ending_together_are_nudged_apart(owner, players):
    # Ann and Bob tie on 5; Cy ends on 6, Dee on 4: four ends within two points.
    game = play(owner, "fourscore", players, [piles(players, 5, 5, 6, 4)], deals=2)
    lines = series(parse(chart_of(game)))
    centres = sorted(float(line["label"].get("y")) for line in lines.values())
    assert all(b - a >= LINE_GAP - TOLERANCE for a, b in itertools.pairwise(centres))
    *_, height = floats(parse(chart_of(game)).get("viewBox"))
    assert all(0 < centre < height for centre in centres)


def test_a_long_name_is_shortened_on_the_chart_and_kept_whole_in_its_title(owner, players):
    long_name = Player.add(owner, "Bartholomew Christopherson")
    game = play(owner, "fourscore", [long_name, players[0]], [piles([long_name, players[0]], 1, 2)])
    root = parse(chart_of(game))
    label = series(root)["Bartholomew Christopherson"]["label"]
    assert visible_text(label).endswith("…")
    assert "Bartholomew Christopherson".startswith(visible_text(label)[:-1])


def test_names_are_escaped(owner, players):
    mallory = Player.add(owner, "<script>alert(1)</script>")
    game = play(owner, "fourscore", [mallory, players[0]], [piles([mallory, players[0]], 1, 2)])
    svg = chart_of(game)
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg
    assert "<script>alert(1)</script>" in series(parse(svg))  # parsed back, the name is whole


# --- Games with their own shapes ---


def test_nothing_is_drawn_before_the_first_complete_round(owner, players):
    assert chart_of(Game.start(owner, "fourscore", players[:2])) == ""
    forty_two = Game.start(owner, "fortytwo", players[:3])
    forty_two.add_round({"hands": [{"player": p.pk, "bid": 2} for p in players[:3]]}, owner)
    assert forty_two.scoreboard.rounds[0].status == "open"
    assert chart_of(forty_two) == ""


def test_an_open_round_is_not_plotted(owner, players):
    # 42, three players, Ann deals first: bids 2, 0, 4 and tricks 2, 1, 4 score Ann 2 + 3,
    # Bob 1 (bid 0, took 1), Cy 4 + 3. Then round 2's bids are saved without tricks.
    table = players[:3]
    game = Game.start(owner, "fortytwo", table)
    game.add_round(
        {
            "hands": [
                {"player": p.pk, "bid": b, "tricks": t}
                for p, b, t in zip(table, (2, 0, 4), (2, 1, 4), strict=True)
            ]
        },
        owner,
    )
    game.add_round({"hands": [{"player": p.pk, "bid": 1} for p in table]}, owner)
    root = parse(chart_of(game))
    check_scale(
        series(root),
        {"Ann": [(0, 0), (1, 5)], "Bob": [(0, 0), (1, 1)], "Cy": [(0, 0), (1, 7)]},
    )
    ticks = root.find(f"{SVG}g[@class='ticks']")
    assert [t.text for t in ticks if t.get("text-anchor") == "middle"] == ["0", "1"]


@pytest.fixture
def forty_fives(owner, players):
    """Ann and Cy (team A) against Bob and Dee (team B), to 120.

    Ann bids 20, A take 4 tricks and the high trump: A +25, B +5. Bob bids 25, B take 2: B
    are set, -25; A +20. Ann bids 30 three times and A take everything: +30 each; B +0.
    A: 25, 45, 75, 105, 135 and win; B: 5, -20, -20, -20, -20.
    """
    ann, bob, *_ = players
    return play(
        owner,
        "fortyfives",
        players,
        [
            fives(ann, 20, 4),
            fives(bob, 25, 3),
            fives(ann, 30, 5),
            fives(ann, 30, 5),
            fives(ann, 30, 5),
        ],
    )


def test_forty_fives_draws_one_line_per_team(forty_fives):
    root = parse(chart_of(forty_fives))
    lines = series(root)
    assert set(lines) == {"Ann & Cy", "Bob & Dee"}
    check_scale(
        lines,
        {
            "Ann & Cy": [(0, 0), (1, 25), (2, 45), (3, 75), (4, 105), (5, 135)],
            "Bob & Dee": [(0, 0), (1, 5), (2, -20), (3, -20), (4, -20), (5, -20)],
        },
    )
    assert "Ann &amp; Cy win with 135" in chart_of(forty_fives)
    winner, loser = lines["Ann & Cy"], lines["Bob & Dee"]
    assert float(winner["polyline"].get("stroke-width")) > float(
        loser["polyline"].get("stroke-width")
    )


def test_totals_below_zero_get_a_zero_line_where_the_lines_put_zero(forty_fives, fourscore):
    root = parse(chart_of(forty_fives))
    zero = root.find(f"{SVG}line[@class='zero']")
    start_y = series(root)["Ann & Cy"]["points"][0][1]  # every line starts at 0
    assert float(zero.get("y1")) == float(zero.get("y2")) == start_y
    assert parse(chart_of(fourscore)).find(f"{SVG}line[@class='zero']") is None


def test_forty_fives_open_bid_is_not_plotted(owner, players):
    ann, bob, *_ = players
    game = play(owner, "fortyfives", players, [fives(ann, 20, 4), fives(bob, 25)])
    lines = series(parse(chart_of(game)))
    assert [len(line["points"]) for line in lines.values()] == [2, 2]


def test_an_eliminated_players_line_stops_where_they_went_out(owner, players):
    # Under the 10, Ann calls with 0 every round. Bob: 60, then 40 makes exactly 100, halved
    # to 50, then 90 (140) and 20 take him to 160: out. Cy: 5 a round, then 7 with Ann alone.
    ann, bob, cy = players[:3]
    game = play(
        owner,
        "under10",
        [ann, bob, cy],
        [
            under10([ann, bob, cy], ann, 0, 60, 5),
            under10([ann, bob, cy], ann, 0, 40, 5),
            under10([ann, bob, cy], ann, 0, 90, 5),
            under10([ann, bob, cy], ann, 0, 20, 5),
            under10([ann, cy], ann, 0, 7),
        ],
    )
    lines = series(parse(chart_of(game)))
    check_scale(
        lines,
        {
            "Ann": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],
            "Bob": [(0, 0), (1, 60), (2, 50), (3, 140), (4, 160)],
            "Cy": [(0, 0), (1, 5), (2, 10), (3, 15), (4, 20), (5, 27)],
        },
    )
    assert visible_text(lines["Bob"]["label"]) == "Bob out"
    assert "Bob 160 (out after round 4)" in parse(chart_of(game)).get("aria-label")


# --- Telling lines apart, reading them on a phone, and size ---


def test_lines_differ_by_dash_and_end_marker_not_only_by_colour(owner, players):
    six = [*players, Player.add(owner, "Eve"), Player.add(owner, "Fay")]
    game = play(owner, "fourscore", six, [piles(six, 1, 2, 3, 4, 5, 6)])
    lines = series(parse(chart_of(game)))
    dashes, shapes = set(), set()
    for line in lines.values():
        dashes.add(line["polyline"].get("stroke-dasharray"))  # None: a solid line
        marker = next(child for child in line["group"] if child.tag != f"{SVG}polyline")
        shapes.add(shape_of(marker))
    assert len(dashes) == len(shapes) == 6
    assert len({line["group"].get("class") for line in lines.values()}) == 6


def test_text_is_at_least_12_pixels_on_a_360_pixel_phone(fourscore):
    root = parse(chart_of(fourscore))
    _, _, width, _ = floats(root.get("viewBox"))
    font_size = float(root.get("font-size"))
    assert font_size * NARROWEST_DRAWN_WIDTH / width >= 12
    assert root.get("width") == "100%"
    assert [element for element in root.iter() if element.get("font-size")] == [root]


def test_a_six_player_game_of_200_rounds_stays_small():
    """Under the 10 with nobody out: the caller has 0 and the others 1 to 3 points, never
    jumping over 100, so totals climb to 100, halve to 50 and climb again. Replayed by the
    engine alone: 200 rounds through the write path take seconds and prove nothing more."""
    six = [1, 2, 3, 4, 5, 6]
    names = {1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee", 5: "Eve", 6: "Fay"}
    pick = random.Random(7)
    entries = []
    totals = dict.fromkeys(six, 0)
    halvings = dict.fromkeys(six, 0)
    highest = dict.fromkeys(six, 0)
    for number in range(200):
        caller = six[number % 6]
        points = [0 if p == caller else min(pick.randint(1, 3), 100 - totals[p]) for p in six]
        hands = [{"player": p, "points": n} for p, n in zip(six, points, strict=True)]
        entries.append({"called_by": caller, "hands": hands})
        for player, gained in zip(six, points, strict=True):
            total = totals[player] + gained
            halvings[player] += total == 100
            totals[player] = 50 if total == 100 else total
            highest[player] = max(highest[player], totals[player])
    board = GAMES["under10"].replay(six, entries, names=names)
    assert len(board.rounds) == 200 and not board.finished

    svg = svg_of(board, names)
    assert len(svg.encode()) < 15_000
    assert not re.findall(r"\d\.\d\d", svg)  # one decimal place at most
    root = parse(svg)
    for name, line in series(root).items():
        player = next(p for p, n in names.items() if n == name)
        drawn = [(x, total_at(root, y)) for x, y in line["points"]]
        assert len(drawn) <= MAX_POINTS
        assert drawn[0][1] == pytest.approx(0, abs=0.5)
        assert drawn[-1][1] == pytest.approx(totals[player], abs=0.5)
        # Thinned, the line still reaches its highest total and shows every halving's drop.
        assert max(t for _, t in drawn) == pytest.approx(highest[player], abs=0.5)
        drops = sum(1 for (_, t1), (_, t2) in itertools.pairwise(drawn) if t2 < t1 - 30)
        assert drops == halvings[player] > 0


# --- Any running totals, thinned ---


@st.composite
def running_totals(draw) -> dict[int, list[tuple[int, int]]]:
    """Players 1 to 7 over up to 350 rounds: each one's points (round, running total) from
    (0, 0), climbing, dropping and staying put in stretches. Player 1 plays every round; the
    others may go out before the end, or miss a few rounds on the way."""
    rounds = draw(st.integers(1, 350))
    points = {}
    for player in range(1, draw(st.integers(1, 7)) + 1):
        last = rounds if player == 1 else draw(st.integers(1, rounds))
        missed = draw(st.sets(st.integers(1, last - 1), max_size=5)) if last > 1 else set()
        stretches = draw(
            st.lists(st.tuples(st.integers(1, 40), st.integers(-50, 50)), min_size=1, max_size=8)
        )
        steps = itertools.cycle([step for length, step in stretches for _ in range(length)])
        total = 0
        points[player] = [(0, 0)]
        for number in range(1, last + 1):
            total += next(steps)
            if number not in missed:
                points[player].append((number, total))
    return points


def board_of(points: dict[int, list[tuple[int, int]]], finished: bool) -> Scoreboard:
    """A board with these points (the engine plays no such games: it takes entries, not totals)."""
    last_round = max(number for line in points.values() for number, _ in line)
    rounds = [
        RoundResult(number, 1, "complete", {}, [])  # entries are not read by the chart
        for number in range(1, last_round + 1)
    ]
    for player, line in points.items():
        for number, total in line[1:]:
            rounds[number - 1].results.append(PlayerResult(player, 0, total))
    standings = [
        Standing(player, line[-1][1], 1, eliminated=line[-1][0] < last_round)
        for player, line in points.items()
    ]
    winners = [1] if finished else []
    return Scoreboard("under10", tuple(points), rounds, standings, finished, winners, None, [])


def marker_box(marker) -> tuple[float, float, float, float]:
    """The box around a line's end marker: left, top, right, bottom."""
    if marker.shape == "circle":
        x, y = float(marker.cx), float(marker.cy)
        return x, y, x, y
    if marker.shape == "rect":
        x, y = float(marker.x), float(marker.y)
        return x, y, x + float(marker.width), y + float(marker.height)
    # A path: a move to its start, then moves and lines relative to the pen.
    corners = []
    for command, numbers in re.findall(r"([MmlhzZ])([^MmlhzZ]*)", marker.d):
        steps = floats(numbers)
        if command == "M":
            corners.append((steps[0], steps[1]))
        elif command in "ml":
            corners.append((corners[-1][0] + steps[0], corners[-1][1] + steps[1]))
        elif command == "h":
            corners.append((corners[-1][0] + steps[0], corners[-1][1]))
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return min(xs), min(ys), max(xs), max(ys)


@given(points=running_totals(), finished=st.booleans())
def test_every_line_goes_through_its_own_totals_from_zero_to_its_marker(points, finished):
    """Long lines are thinned: whatever the totals, each drawn point is one of the line's own
    (round, total) on the chart's scale, in round order, from (0, 0) to its last, keeping its
    lowest and highest totals, and the line ends on its marker."""
    chart = score_chart(board_of(points, finished), {})
    last_round = max(number for number, _ in points[1])
    left, right = float(chart.left), float(chart.right)
    ticks = [int(tick.text.replace(MINUS, "-")) for tick in chart.y_ticks]
    low, high = ticks[0], ticks[-1]
    bottom, top = float(chart.grid[0]), float(chart.grid[-1])  # the heights of low and high

    def x_of(number: int) -> float:
        return left + (right - left) * number / last_round

    def y_of(total: int) -> float:
        return bottom + (top - bottom) * (total - low) / (high - low)

    assert len(chart.lines) == len(points)
    for line in chart.lines:
        player = int(line.colour.removeprefix("s"))  # s1 for the first seat, and so on
        total_at = dict(points[player])
        drawn = [tuple(map(float, pair.split(","))) for pair in line.points.split(" ")]
        assert len(drawn) <= MAX_POINTS
        if len(total_at) <= MAX_POINTS:
            assert len(drawn) == len(total_at)
        kept = []
        for x, y in drawn:
            number = round((x - left) / (right - left) * last_round)
            assert abs(x - x_of(number)) <= TOLERANCE
            assert number in total_at, (player, number)
            assert abs(y - y_of(total_at[number])) <= TOLERANCE, (player, number)
            kept.append((number, total_at[number]))
        assert [number for number, _ in kept] == sorted({number for number, _ in kept})
        assert kept[0] == (0, 0) and line.points.startswith(f"{chart.left},")
        assert kept[-1] == points[player][-1]
        if kept[-1][0] == last_round:
            assert abs(drawn[-1][0] - right) <= TOLERANCE
        assert min(total for _, total in kept) == min(total_at.values())
        assert max(total for _, total in kept) == max(total_at.values())
        box_left, box_top, box_right, box_bottom = marker_box(line.marker)
        assert max(box_right - box_left, box_bottom - box_top) <= 10 + TOLERANCE  # small
        end_x, end_y = drawn[-1]
        assert box_left - TOLERANCE <= end_x <= box_right + TOLERANCE
        assert box_top - TOLERANCE <= end_y <= box_bottom + TOLERANCE


# --- Colours ---


def chart_css() -> tuple[dict[str, str], dict[str, str]]:
    block = CSS[CSS.index("/* Score chart") : CSS.index("/* end Score chart */")]
    light, dark = block.split("@media (prefers-color-scheme: dark)")
    pattern = r"\.score-chart \.(s\d) \{ color: (#[0-9a-fA-F]{6}); \}"
    return dict(re.findall(pattern, light)), dict(re.findall(pattern, dark))


def test_the_chart_styles_are_one_block_at_the_end_of_the_stylesheet():
    assert CSS.count("/* Score chart") == 1
    assert CSS.rstrip().endswith("/* end Score chart */")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_lines_colour_reads_as_text_on_the_page_and_on_a_card(scheme):
    light, dark = chart_css()
    series_colours = light if scheme == "light" else dark
    page = colours(CSS.split("@media (prefers-color-scheme: dark)")[0 if scheme == "light" else 1])
    assert sorted(series_colours) == [f"s{n}" for n in range(1, 8)]
    for colour in series_colours.values():
        assert contrast(colour, page["bg"]) >= 4.5
        assert contrast(colour, page["card"]) >= 4.5
