"""A game's running totals drawn as a small server-rendered SVG line chart, one line per player.

Pure: it reads a Scoreboard and the players' names and lays the chart out (coordinates, labels,
its summary); templates/games/score_chart.html draws it, and static/css/app.css (its "Score
chart" block) gives the lines their colours in the light and dark schemes.
"""

from __future__ import annotations

import functools
import math
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .kinds import GAMES
from .scoring import Scoreboard
from .scoring.numbers import shown
from .words import said

# The viewBox, in user units. On a 360 px phone the chart is drawn about 310 px wide (the page
# and a card take their padding), so 13 units of text come out at 12.5 px or more.
WIDTH = 320
HEIGHT = 200
FONT_SIZE = 13
LINE_GAP = 15  # vertical distance between two labels' centres, so they never overlap
TOP = 10
BOTTOM = 26  # room for the round numbers under the plot
LABEL_OFFSET = 9  # from a line's end to its label: room for the end marker and a leader
LABEL_MAX_WIDTH = 84  # longer names are cut with "…"; the full name is in the title
BASELINE = 4.5  # from a text's vertical centre to its baseline, at FONT_SIZE
MAX_POINTS = 100  # per line; longer games keep each stretch's lowest and highest totals
Y_TICKS = 4
X_TICKS = 5
NARROW = set(" ijlrtf.,:;'|!()[]")
WIDE = set("mwMW@%&—…")
ROUND = gettext_lazy("Round")  # the x axis's title, after its last number
ROUND_OFFSET = 16

# Per series: a dash pattern and an end marker, so lines differ without their colours.
DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 2", "1 2 5 2", "12 4")
WINNER_WIDTH = 3.5
LINE_WIDTH = 2
LIGHTER = 0.6  # stroke opacity of the other lines once a game has a winner
BOLD = 1.1  # a winner's label is bold, so a little wider


@dataclass
class Series:
    name: str
    # Its points, from round 0 and a total of 0: the rounds its players played, and their
    # running total after each.
    rounds: list[int]
    totals: list[int]
    won: bool
    out: bool


class Fields:
    """Values laid out for a template. The template engine looks `{{ a.b }}` up as a["b"]
    before a.b: answering it spares an exception per lookup, most of a long pad's drawing."""

    def __getitem__(self, name: str):
        return getattr(self, name)


# What templates/games/score_chart.html draws: every coordinate already a short string (coord),
# every text plain (the template escapes it).


@dataclass
class Text(Fields):
    x: str
    y: str
    text: str


@dataclass
class Marker(Fields):
    """A line's end marker: a circle, a rect or a path, filled (`solid`) or stroked."""

    shape: str
    solid: bool = True
    cx: str = ""
    cy: str = ""
    x: str = ""
    y: str = ""
    width: str = ""
    height: str = ""
    d: str = ""


@dataclass
class Line(Fields):
    colour: str  # "s1" to "s7": static/css/app.css's colour of the series
    won: bool
    points: str
    width: str
    lighter: bool  # drawn lighter: someone else won
    dash: str
    marker: Marker


@dataclass
class Label(Fields):
    colour: str
    x: str
    y: str
    bold: bool
    name: str  # the whole name, in the label's title
    text: str  # as drawn, cut short when long
    leader: tuple[str, str, str, str] | None  # x1, y1, x2, y2 of a line to a nudged label


@dataclass
class ScoreChart(Fields):
    summary: str  # the chart in one sentence, for screen readers and as its title
    left: str  # the plot's left and right edges
    right: str
    grid: list[str]  # the heights of the grid's lines
    zero: str | None  # the height of the zero line, when totals go below zero
    y_ticks: list[Text]  # the totals, right-aligned left of the plot
    x_ticks: list[Text]  # the round numbers, centred under it
    x_title: Text  # "Round", after the last round number
    lines: list[Line]  # in drawing order: losers first, so a winner is drawn on top
    labels: list[Label]  # in series order
    # Numbers the template writes as they are (a float in a template would be localised).
    width: str = str(WIDTH)
    height: str = str(HEIGHT)
    font_size: str = str(FONT_SIZE)
    lighter: str = str(LIGHTER)


def score_chart(board: Scoreboard, names: Mapping[int, str]) -> ScoreChart | None:
    """The running totals by round, laid out for the SVG: a line per player (per team in Forty
    Fives).

    Only complete rounds are drawn; with none, there is no chart (None). A finished game's
    winners are drawn thicker and the other lines lighter.
    """
    rounds = [result for result in board.rounds if result.status == "complete"]
    if not rounds:
        return None
    series = _series(board, names, rounds)
    last_round = rounds[-1].number
    lowest = min(min(line.totals) for line in series)
    highest = max(max(line.totals) for line in series)
    y_ticks = _ticks(lowest, highest, Y_TICKS)
    x_ticks = list(range(0, last_round + 1, _nice_step(last_round / X_TICKS)))
    low, high = y_ticks[0], y_ticks[-1]

    left = max(_text_width(shown(tick)) for tick in y_ticks) + 8
    labels = [_label_text(line) for line in series]
    widths = [
        _text_width(text) * (BOLD if line.won else 1)
        for line, text in zip(series, labels, strict=True)
    ]
    round_title = str(ROUND)
    right = max(
        max(widths) + LABEL_OFFSET + 2,
        _text_width(round_title) + ROUND_OFFSET,
    )
    plot_width = WIDTH - left - right
    plot_bottom = HEIGHT - BOTTOM

    def x_of(round_number: float) -> float:
        return left + plot_width * round_number / last_round

    def y_of(total: float) -> float:
        return plot_bottom - (plot_bottom - TOP) * (total - low) / (high - low)

    # The lines, losers first so a winner is drawn on top. A long game's lines share their
    # rounds and repeat their totals, so each coordinate is written once, when first drawn.
    x_text, y_text = _Coordinates(x_of), _Coordinates(y_of)
    someone_won = any(line.won for line in series)
    order = sorted(range(len(series)), key=lambda index: series[index].won)
    lines = []
    for index in order:
        line = series[index]
        end_x, end_y = x_of(line.rounds[-1]), y_of(line.totals[-1])
        lines.append(
            Line(
                colour=f"s{index % len(DASHES) + 1}",
                won=line.won,
                points=_points(line, x_text, y_text),
                width=coord(WINNER_WIDTH if line.won else LINE_WIDTH),
                lighter=someone_won and not line.won,
                dash=DASHES[index % len(DASHES)],
                marker=_marker(index, end_x, end_y),
            )
        )

    # Labels at the lines' ends, nudged apart where they would overlap.
    placed = _place_labels(
        [
            (y_of(line.totals[-1]), x_of(line.rounds[-1]), width)
            for line, width in zip(series, widths, strict=True)
        ],
        low=TOP,
        high=plot_bottom - 2,
    )
    chart_labels = []
    for index, (line, text, centre) in enumerate(zip(series, labels, placed, strict=True)):
        end_x, end_y = x_of(line.rounds[-1]), y_of(line.totals[-1])
        leader = None
        if abs(centre - end_y) > 2:
            leader = (
                coord(end_x + 4),
                coord(end_y),
                coord(end_x + LABEL_OFFSET - 2),
                coord(centre),
            )
        chart_labels.append(
            Label(
                colour=f"s{index % len(DASHES) + 1}",
                x=coord(end_x + LABEL_OFFSET),
                y=coord(centre + BASELINE),
                bold=line.won,
                name=line.name,
                text=text,
                leader=leader,
            )
        )
    return ScoreChart(
        summary=_summary(board, series, last_round),
        left=coord(left),
        right=coord(left + plot_width),
        grid=[coord(y_of(tick)) for tick in y_ticks],
        zero=coord(y_of(0)) if low < 0 else None,
        y_ticks=[
            Text(coord(left - 5), coord(y_of(tick) + BASELINE), shown(tick)) for tick in y_ticks
        ],
        x_ticks=[Text(coord(x_of(tick)), coord(plot_bottom + 17), str(tick)) for tick in x_ticks],
        x_title=Text(coord(left + plot_width + ROUND_OFFSET), coord(plot_bottom + 17), round_title),
        lines=lines,
        labels=chart_labels,
    )


# --- What is drawn ---------------------------------------------------------------------------


def _series(board: Scoreboard, names: Mapping[int, str], rounds: Sequence) -> list[Series]:
    """A line per player in seat order, or per team when the totals are the team's."""

    def name(player: int) -> str:
        if player in names:  # the fallback is translated only when wanted
            return names[player]
        return _("player %(number)s") % {"number": player}

    out = {standing.player for standing in board.standings if standing.eliminated}
    if board.teams:
        lines = [(" & ".join(name(p) for p in team.players), team.players) for team in board.teams]
    else:
        lines = [(name(player), [player]) for player in board.players]
    # Each player's running totals, in one pass over the rounds (a long game has thousands of
    # results).
    totals: defaultdict[int, list[int]] = defaultdict(lambda: [0])
    for result in rounds:
        for mine in result.results:
            totals[mine.player].append(mine.total)
    # The rounds of those totals. A player has one result a round at most, so one with a total
    # for every round played them all. One missing from a round is out of the game (Under the
    # 10): a second pass finds the rounds they played.
    every_round = [0, *(result.number for result in rounds)]
    played = {player: every_round for player in totals if len(totals[player]) == len(every_round)}
    if len(played) < len(totals):
        missed: dict[int, list[int]] = {player: [0] for player in totals if player not in played}
        for result in rounds:
            for mine in result.results:
                if mine.player in missed:
                    missed[mine.player].append(result.number)
        played.update(missed)
    series = []
    for line_name, players in lines:
        # Partners always share a total, so the team's line follows its first player.
        series.append(
            Series(
                name=line_name,
                rounds=played.get(players[0], [0]),
                totals=totals.get(players[0], [0]),
                won=board.finished and any(p in board.winners for p in players),
                out=all(p in out for p in players),
            )
        )
    return series


def _summary(board: Scoreboard, series: list[Series], last_round: int) -> str:
    """The chart in one sentence for screen readers: who won and where everyone ended."""
    rounds = ngettext("%(count)d round", "%(count)d rounds", last_round) % {"count": last_round}
    game = said(GAMES[board.kind].name) if board.kind in GAMES else board.kind
    text = _("%(game)s score chart: running totals over %(rounds)s.") % {
        "game": game,
        "rounds": rounds,
    }
    winners = [line for line in series if line.won]
    if winners:
        names = _(" and ").join(line.name for line in winners)
        total = shown(winners[0].totals[-1])
        if len(winners) == 1 and not board.teams:
            text += " " + _("%(names)s wins with %(total)s.") % {"names": names, "total": total}
        else:
            text += " " + _("%(names)s win with %(total)s.") % {"names": names, "total": total}
    ends = []
    for line in series:
        ends.append(
            f"{line.name} {shown(line.totals[-1])}"
            + (
                " " + _("(out after round %(number)s)") % {"number": line.rounds[-1]}
                if line.out
                else ""
            )
        )
    if board.finished:
        heading = _("Final totals")
    else:
        heading = _("Totals after round %(number)s") % {"number": last_round}
    return f"{text} {heading}: {', '.join(ends)}."


def _label_text(line: Series) -> str:
    text = _("%(name)s out") % {"name": line.name} if line.out else line.name
    if _text_width(text) <= LABEL_MAX_WIDTH:
        return text
    while text and _text_width(text + "…") > LABEL_MAX_WIDTH:
        text = text[:-1]
    return text.rstrip() + "…"


def _points(line: Series, x_text: _Coordinates, y_text: _Coordinates) -> str:
    """A line's points as the SVG's polyline takes them, "x,y x,y ...", thinned."""
    rounds, totals = line.rounds, line.totals
    return " ".join(
        [f"{x_text[rounds[index]]},{y_text[totals[index]]}" for index in thinned(totals)]
    )


def thinned(totals: Sequence[float], most: int = MAX_POINTS) -> Sequence[int]:
    """Which of a line's points to draw, by index in round order: at most about `most`, the
    first, the last, and each stretch's lowest and highest totals, so a long game keeps its peaks
    and drops (halvings)."""
    if len(totals) <= most:
        return range(len(totals))
    inner = list(totals[1:-1])
    size = math.ceil(len(inner) / ((most - 2) // 2))
    kept = {0, len(totals) - 1}
    for start in range(0, len(inner), size):
        stretch = inner[start : start + size]
        ordered = sorted(stretch)  # one short sort is quicker than min() and max()
        kept.add(1 + start + stretch.index(ordered[0]))  # the first of its lowest totals
        kept.add(1 + start + stretch.index(ordered[-1]))  # and of its highest
    return sorted(kept)


def _place_labels(labels: list[tuple[float, float, float]], low: float, high: float) -> list[float]:
    """Each label's vertical centre: as near its line's end as it can be without overlapping.

    A label is (wanted centre, left x, width). Labels whose spans overlap sideways are set in
    one column; in each column, labels too close are pushed apart evenly about their mean.
    """
    columns: list[list[int]] = []
    spans: list[tuple[float, float]] = []
    for index in sorted(range(len(labels)), key=lambda i: labels[i][1]):
        _, left, width = labels[index]
        if spans and left <= spans[-1][1]:
            columns[-1].append(index)
            spans[-1] = (spans[-1][0], max(spans[-1][1], left + width + LABEL_OFFSET))
        else:
            columns.append([index])
            spans.append((left, left + width + LABEL_OFFSET))

    centres = [0.0] * len(labels)
    for column in columns:
        wanted = sorted(column, key=lambda i: (labels[i][0], i))
        groups: list[list[int]] = []

        def top(group: list[int]) -> float:
            middle = sum(labels[i][0] for i in group) / len(group)
            first = middle - (len(group) - 1) * LINE_GAP / 2
            return max(low, min(first, high - (len(group) - 1) * LINE_GAP))

        for index in wanted:
            groups.append([index])
            while len(groups) > 1 and top(groups[-2]) + len(groups[-2]) * LINE_GAP > top(
                groups[-1]
            ):
                last = groups.pop()
                groups[-1].extend(last)
        for group in groups:
            first = top(group)
            for position, index in enumerate(group):
                centres[index] = first + position * LINE_GAP
    return centres


# --- Drawing helpers -------------------------------------------------------------------------


def _marker(index: int, x: float, y: float) -> Marker:
    """A shape at a line's end, a different one per series."""
    shape = index % len(DASHES)
    if shape == 0:
        return Marker("circle", cx=coord(x), cy=coord(y))
    if shape == 1:
        return Marker("rect", x=coord(x - 3.5), y=coord(y - 3.5), width="7", height="7")
    if shape == 2:
        return Marker("path", d=f"M{coord(x)},{coord(y - 5)}l4.5,8h-9z")
    if shape == 3:
        return Marker("path", d=f"M{coord(x)},{coord(y - 5)}l5,5l-5,5l-5,-5z")
    if shape == 4:
        return Marker("path", d=f"M{coord(x)},{coord(y + 5)}l4.5,-8h-9z")
    if shape == 5:
        return Marker("path", solid=False, d=f"M{coord(x - 4)},{coord(y - 4)}l8,8m0,-8l-8,8")
    return Marker("rect", x=coord(x - 1.5), y=coord(y - 5), width="3", height="10")


def _nice_step(rough: float) -> int:
    """The whole step of 1, 2 or 5 times a power of ten at or above `rough`."""
    if rough <= 1:
        return 1
    power = 10 ** math.floor(math.log10(rough))
    return next(step * power for step in (1, 2, 5, 10) if step * power >= rough)


def _ticks(lowest: int, highest: int, count: int) -> list[int]:
    """Round scores from at or below both 0 and the lowest total to at or above the highest."""
    lowest, highest = min(lowest, 0), max(highest, 0)
    step = _nice_step(max(highest - lowest, 1) / count)
    start = math.floor(lowest / step) * step
    end = max(math.ceil(highest / step) * step, start + step)
    return list(range(start, end + 1, step))


def _text_width(text: str) -> float:
    """A generous guess at a text's width at FONT_SIZE, from rough widths of a sans-serif
    font's letters (emoji and CJK are a full em)."""
    width = 0.0
    for char in text:
        width += _letter_width(char)
    return width * FONT_SIZE


@functools.lru_cache(maxsize=1024)  # the names' letters and the digits, asked for on every chart
def _letter_width(char: str) -> float:
    """A letter's rough width in ems; none for a combining mark or an invisible format mark."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0.0
    if unicodedata.east_asian_width(char) in ("W", "F") or ord(char) > 0x1F000:
        return 1.1
    if char in NARROW:
        return 0.35
    if char in WIDE or char.isupper():
        return 0.9 if char in WIDE else 0.72
    return 0.6


class _Coordinates(dict):
    """Coordinates as the SVG writes them (coord), by the round number or the total they stand for
    (`place` turns one into a coordinate); each is worked out when first asked for."""

    def __init__(self, place: Callable[[int], float]):
        super().__init__()
        self.place = place

    def __missing__(self, value: int) -> str:
        text = self[value] = coord(self.place(value))
        return text


def coord(value: float) -> str:
    """A coordinate to one decimal place, without a trailing ".0"."""
    text = f"{value:.1f}".removesuffix(".0")
    return "0" if text == "-0" else text
