"""The scoreboard laid out for the page like a score pad: a column per player (or team), a row
of round points per round under the running totals, each round's explanation one tap away, and
the game's own information in plain words. Only arranges what the engine computed."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from .charts import Fields, ScoreChart, score_chart
from .scoring import Scoreboard
from .scoring.base import team_place
from .scoring.numbers import shown
from .words import info_said, said

TO_COME = "\N{HORIZONTAL ELLIPSIS}"  # in each cell of an open round: the result is to come
NOT_PLAYED = "\N{EN DASH}"  # in the cell of a player out of the game, or of an unscored round
# A long game's pad shows its latest rounds: nobody scrolls a phone through 200 rows, and the
# page (and its drawing after each save) then costs the same at round 30 as at round 300. The
# earlier rounds sit behind one row that fetches them (htmx), or opens them on a page.
LATEST_SHOWN = 20
FOLD_AFTER = 25  # a game of up to this many rounds shows them all
# Where a round's page is from the pad's page (the owner's or the watch link's): the links are
# relative, so one markup serves both and outlives a new watch link.
PAD = "rounds/"


@dataclass
class Column(Fields):
    key: int | str
    name: str
    total: int
    leading: bool
    out: bool = False
    deals: bool = False  # the D: who deals next, or who is dealing the hand still open

    @property
    def total_shown(self) -> str:
        return shown(self.total)


@dataclass
class Place(Fields):
    """A line of the standings: a player's, or a team's in a game with teams."""

    rank: int
    name: str
    total: int
    out: bool = False
    leading: bool = False  # bold in the standings: the column's star, said again

    @property
    def total_shown(self) -> str:
        return shown(self.total)


@dataclass
class Row(Fields):
    """A round's row of the pad: its number, its status (a CSS class), its link and a cell per
    column; `why` is its explanation, when the row is shown with it open."""

    number: str  # a string: the template writes it as it is (a number would be localised)
    status: str
    link: str  # the round's page, relative to the page the row is on
    cells: list[str]
    why: Explanation | None = None


@dataclass
class Reason(Fields):
    """A column's line of a round's explanation."""

    name: str
    points: str
    total: str
    why: str  # the reasons (cancels, blocks, penalties), or empty


@dataclass
class Explanation(Fields):
    """What happened in a round, in words: who dealt, the round's notes as sentences, and each
    column's points, running total and reasons once the round is complete."""

    number: str
    dealer: str
    notes: list[str]
    complete: bool
    reasons: list[Reason]


def leaders_of(board: Scoreboard) -> set[int]:
    """Who the board marks as leading: the winners once the game is over; before that the
    players first in the standings, if someone still playing stands behind them."""
    if board.finished:
        return set(board.winners)
    playing = [s for s in board.standings if not s.eliminated]
    first = {s.player for s in playing if s.rank == 1}
    return first if len(first) < len(playing) else set()


class ScoreTable(Fields):
    """The scoreboard laid out as plain values (names, cells, classes, sentences) for
    templates/games/scoreboard.html, whose partials draw the header, the rows and the
    explanations; the markup of a version is drawn once and cached ({% cache %}).

    Leaders, winners and standings all come from the board's standings and winners, so the
    star, the banner and the ranks can't disagree: once the game is over the leaders are its
    winners. Before that, nobody leads while everyone still playing is level (0-0-0-0 before
    the first round): a star on every column would say nothing."""

    def __init__(self, game, board: Scoreboard, names: Mapping[int, str]):
        # Each player's total, for a phone to compare with the totals it scored itself.
        self.totals_json = json.dumps({str(p): total for p, total in board.totals.items()})
        self.game = game
        self.board = board
        self.names = names
        leaders = leaders_of(board)
        # While a hand is open (its bids saved, the tricks to come) its dealer is still the one
        # dealing: the next dealer's turn comes once it is complete.
        self.hand_open = board.open_round is not None
        dealer = board.open_round.dealer if board.open_round else board.next_dealer
        eliminated = set(board.extras.get("eliminated", []))
        if board.teams:
            self.columns = [
                Column(
                    team.team,
                    self.team_name(team.players),
                    team.total,
                    any(p in leaders for p in team.players),
                )
                for team in board.teams
            ]
            self.column_players = [team.players[0] for team in board.teams]
            self.standings = self._team_standings(board, leaders)
        else:
            self.columns = [
                Column(
                    p,
                    names[p],
                    board.totals[p],
                    p in leaders,
                    p in eliminated,
                    deals=not board.finished and p == dealer,
                )
                for p in board.players
            ]
            self.column_players = list(board.players)
            self.standings = [
                Place(s.rank, names[s.player], s.total, s.eliminated, s.player in leaders)
                for s in board.standings
            ]
        self.winners = [names[p] for p in board.winners]
        self.dealer = names.get(dealer) if dealer and not board.finished else None
        self.info = list(self._information(game, board))

    def team_name(self, players) -> str:
        return " & ".join(self.names[p] for p in players)

    def _team_standings(self, board: Scoreboard, leaders: set[int]) -> list[Place]:
        """One line per team, ranked among the teams (partners share a total and a rank)."""
        rank_of = {s.player: s.rank for s in board.standings}
        places = [
            Place(
                team_place(rank_of[team.players[0]], len(team.players)),
                self.team_name(team.players),
                team.total,
                leading=any(p in leaders for p in team.players),
            )
            for team in board.teams
        ]
        return sorted(places, key=lambda place: place.rank)

    # What follows is laid out when a page's {% cache %} block for this version of the game
    # misses (templates/games/scoreboard.html, game_detail.html): once per version in each
    # process, which keeps the fragment in its own "pages" cache for every page after it.

    @property
    def span(self) -> int:
        """The columns of a row: the round's number and one per column."""
        return len(self.columns) + 1

    @cached_property
    def rows(self) -> list[Row]:
        """The latest rounds' rows (every round's, in a short game), for the pad. The
        explanations are not in them (they were most of a long game's page): a round's
        number fetches its own into the round's <tbody> (htmx), or opens the round's page
        without JavaScript. Only the broken round of a game saved under older rules shows why
        from the start."""
        return self._rows(self.board.rounds[self.earlier_count :], PAD)

    @cached_property
    def chart(self) -> ScoreChart | None:
        """The score chart, laid out (templates/games/score_chart.html draws it)."""
        return score_chart(self.board, self.names)

    @property
    def earlier_count(self) -> int:
        """How many of the first rounds the pad folds into one row (none in a short game)."""
        count = len(self.board.rounds)
        return count - LATEST_SHOWN if count > FOLD_AFTER else 0

    def earlier_rows(self, base: str = PAD) -> list[Row]:
        """The rows of the rounds folded away on the page, which a tap on the fold row swaps
        in; `base` is where the rounds' pages are from the page the rows are on."""
        return self._rows(self.board.rounds[: self.earlier_count], base)

    def _rows(self, results, base: str) -> list[Row]:
        problem = self.board.problem
        broken = problem.round_number if problem else None
        return [self._row(result, result.number == broken, base) for result in results]

    def row(self, number: int, *, opened: bool) -> Row:
        """One round's row, its explanation open or not: what a tap on its number swaps in."""
        return self._row(self.board.rounds[number - 1], opened, PAD)

    def explanation(self, number: int) -> Explanation:
        """One round's explanation, for its own page."""
        return self._explanation(self.board.rounds[number - 1])

    def _row(self, result, opened: bool, base: str) -> Row:
        by_player = {r.player: r for r in result.results}
        cells = [self._cell(by_player.get(player), result.status) for player in self.column_players]
        why = self._explanation(result) if opened else None
        return Row(str(result.number), result.status, f"{base}{result.number}/", cells, why)

    @staticmethod
    def _cell(result, status: str) -> str:
        if status == "open":
            return TO_COME
        if result is None or result.total is None:
            return NOT_PLAYED
        return shown(result.points)

    def _explanation(self, result) -> Explanation:
        reasons = []
        if result.status == "complete":
            by_player = {r.player: r for r in result.results}
            for column, player in zip(self.columns, self.column_players, strict=True):
                mine = by_player.get(player)
                if mine is None:
                    continue  # out of the game before this round
                why = " · ".join(said(note) for note in mine.notes)
                reasons.append(Reason(column.name, shown(mine.points), shown(mine.total), why))
        return Explanation(
            number=str(result.number),
            dealer=self.names.get(result.dealer, "?"),
            notes=[self._sentence(said(note)) for note in result.notes],
            complete=result.status == "complete",
            reasons=reasons,
        )

    def _sentence(self, note: str) -> str:
        """A round's note as a sentence ("not scored: ..." → "Not scored: ..."), leaving one
        that starts with a player's name as the name is written."""
        if note[:1].islower() and not any(note.startswith(name) for name in self.names.values()):
            return note[0].upper() + note[1:]
        return note

    def _information(self, game, board: Scoreboard):
        """The game's own lines (a countdown, who is out, what is left to play)."""
        return [info_said(line, self.names) for line in game.rules.information(board)]
