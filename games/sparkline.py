"""A rating's history as a small line, drawn on the server as SVG like the score chart: laid out
here, drawn by templates/games/rating_line.html, coloured by static/css/app.css ("Ratings")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.translation import ngettext

from .charts import coord, thinned
from .scoring.numbers import MINUS
from .words import said

# The viewBox, in user units, drawn at this size in CSS pixels: a table cell on a 360 px phone.
WIDTH = 96
HEIGHT = 32
MARGIN = 4  # room for the end marker's radius and the line's width
MIN_SPAN = 4.0  # rating points the height stands for at least, so that a wobble looks small
MAX_POINTS = 60  # a longer history keeps each stretch's lowest and highest


@dataclass(frozen=True)
class Sparkline:
    summary: str  # the line in one sentence, for screen readers and as its title
    points: str  # the polyline's "x,y x,y ..."
    end_x: str
    end_y: str
    start_y: str  # the height of the starting rating, a faint line to read the rest against
    width: str = str(WIDTH)
    height: str = str(HEIGHT)


def rating_line(game_name: str, ordinals: Sequence[float]) -> Sparkline:
    """The line of `ordinals`: the starting rating, then the rating after each game."""
    low, high = min(ordinals), max(ordinals)
    middle, span = (low + high) / 2, max(high - low, MIN_SPAN)
    bottom, top = middle - span / 2, middle + span / 2
    steps = max(len(ordinals) - 1, 1)

    def x_of(index: int) -> float:
        return MARGIN + (WIDTH - 2 * MARGIN) * index / steps

    def y_of(value: float) -> float:
        return HEIGHT - MARGIN - (HEIGHT - 2 * MARGIN) * (value - bottom) / (top - bottom)

    games = len(ordinals) - 1
    summary = ngettext(
        "%(game)s rating after %(count)s game: %(last)s (from %(first)s; lowest %(low)s, "
        "highest %(high)s).",
        "%(game)s rating after %(count)s games: %(last)s (from %(first)s; lowest %(low)s, "
        "highest %(high)s).",
        games,
    ) % {
        "game": said(game_name),
        "count": games,
        "last": decimal_shown(ordinals[-1]),
        "first": decimal_shown(ordinals[0]),
        "low": decimal_shown(low),
        "high": decimal_shown(high),
    }
    return Sparkline(
        summary=summary,
        points=" ".join(
            f"{coord(x_of(i))},{coord(y_of(ordinals[i]))}" for i in thinned(ordinals, MAX_POINTS)
        ),
        end_x=coord(x_of(len(ordinals) - 1)),
        end_y=coord(y_of(ordinals[-1])),
        start_y=coord(y_of(ordinals[0])),
    )


def decimal_shown(value: float) -> str:
    """A rating to one decimal place, as the reader's language writes it, with a true minus."""
    rounded = round(value, 1) or 0.0  # no minus sign on a nought
    return number_format(rounded, decimal_pos=1).replace("-", MINUS)
