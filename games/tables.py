"""The scoreboard laid out for the page like a score pad: a column per player (or team), a row
of round points per round under the running totals, each round's explanation one tap away, and
the game's own information in plain words. Only arranges what the engine computed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .charts import score_chart
from .scoring import Scoreboard
from .scoring.numbers import shown
from .words import info_said, said

TO_COME = "\N{HORIZONTAL ELLIPSIS}"  # in each cell of an open round: the result is to come
NOT_PLAYED = "\N{EN DASH}"  # in the cell of a player out of the game, or of an unscored round
# A long game's pad shows its latest rounds: nobody scrolls a phone through 200 rows, and the
# page (and its drawing after each save) then costs the same at round 30 as at round 300. The
# earlier rounds sit behind one row that fetches them (htmx), or opens them on a page.
LATEST_SHOWN = 20
FOLD_AFTER = 25  # a game of up to this many rounds shows them all


@dataclass
class Column:
    key: int | str
    name: str
    total: int
    leading: bool
    out: bool = False
    deals_next: bool = False

    @property
    def total_shown(self) -> str:
        return shown(self.total)


@dataclass
class Place:
    """A line of the standings: a player's, or a team's in Forty Fives."""

    rank: int
    name: str
    total: int
    out: bool = False

    @property
    def total_shown(self) -> str:
        return shown(self.total)


class ScoreTable:
    """The table's header, totals, standings and information lines are a handful of values the
    template lays out; its body, a row per round and a cell per column, is built here as one
    piece of markup (hundreds of cells in a long game are too many for template tags), cached
    with the page's fragment under the game's version.

    Leaders, winners and standings all come from the board's standings and winners, so the
    star, the banner and the ranks can't disagree: once the game is over the leaders are its
    winners."""

    def __init__(self, game, board: Scoreboard):
        self.game = game
        self.board = board
        names = game.board_names
        self.names = names
        if board.finished:
            leaders = set(board.winners)
        else:
            leaders = {s.player for s in board.standings if s.rank == 1 and not s.eliminated}
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
            self.standings = self._team_standings(board)
        else:
            self.columns = [
                Column(
                    p,
                    names[p],
                    board.totals[p],
                    p in leaders,
                    p in eliminated,
                    deals_next=not board.finished and p == board.next_dealer,
                )
                for p in board.players
            ]
            self.column_players = list(board.players)
            self.standings = [
                Place(s.rank, names[s.player], s.total, s.eliminated) for s in board.standings
            ]
        self.winners = [names[p] for p in board.winners]
        self.next_dealer = names.get(board.next_dealer) if board.next_dealer else None
        self.info = list(self._information(game, board))

    def team_name(self, players) -> str:
        return " & ".join(self.names[p] for p in players)

    def _team_standings(self, board: Scoreboard) -> list[Place]:
        """One line per team, ranked among the teams (partners share a total and a rank)."""
        rank_of = {s.player: s.rank for s in board.standings}
        player_ranks = [rank_of[team.players[0]] for team in board.teams]
        places = [
            Place(
                1 + sum(1 for other in player_ranks if other < mine),
                self.team_name(team.players),
                team.total,
            )
            for team, mine in zip(board.teams, player_ranks, strict=True)
        ]
        return sorted(places, key=lambda place: place.rank)

    # The markup below is built when a page's {% cache %} block for this version of the game
    # misses (templates/games/scoreboard.html, game_detail.html): once per version, in any
    # worker, and read from the "versions" cache by every page after it.

    @cached_property
    def body(self) -> SafeString:
        """The rows, for the watch link's page (its explanations have no edit link)."""
        return mark_safe(self._body(editable=False))

    @cached_property
    def editable_body(self) -> SafeString:
        """The rows, for the owner's page (its explanations have a link to edit the round)."""
        return mark_safe(self._body(editable=True))

    @cached_property
    def chart(self) -> SafeString:
        """The score chart's SVG."""
        return score_chart(self.board, self.names)

    def _body(self, *, editable: bool) -> str:
        """The rows: per round, a <tbody> with its row of points. The explanations are not in
        it (they were nine tenths of a long game's page): a round's number fetches its own into
        the round's <tbody> (htmx), or opens the round's page without JavaScript. Only the
        broken round of a game saved under older rules shows why from the start."""
        rounds = self.board.rounds
        hidden = self.earlier_count
        return self._earlier_row(hidden) + self._groups(rounds[hidden:], editable)

    @property
    def earlier_count(self) -> int:
        """How many of the first rounds the pad folds into one row (none in a short game)."""
        count = len(self.board.rounds)
        return count - LATEST_SHOWN if count > FOLD_AFTER else 0

    def earlier_groups(self, *, editable: bool, base: str = "rounds/") -> SafeString:
        """The rounds folded away on the page, as the rows a tap on the fold row swaps in."""
        return mark_safe(self._groups(self.board.rounds[: self.earlier_count], editable, base=base))

    def _groups(self, results, editable: bool, base: str = "rounds/") -> str:
        problem = self.board.problem
        broken = problem.round_number if problem else None
        return "".join(
            self._group(result, editable, opened=result.number == broken, base=base)
            for result in results
        )

    def _earlier_row(self, hidden: int) -> str:
        """The row standing for the first `hidden` rounds: a link to them (relative, like the
        rounds' own), which htmx swaps for their rows in place."""
        if not hidden:
            return ""
        span = len(self.columns) + 1
        label = escape(_("Rounds 1–%(last)d") % {"last": hidden})  # noqa: RUF001 (the msgid)
        return (
            f'<tbody class="earlier"><tr><td colspan="{span:d}">'
            f'<a class="tap" href="rounds/earlier/" hx-get="rounds/earlier/">{label}</a>'
            "</td></tr></tbody>\n"
        )

    def round_group(self, number: int, *, editable: bool, opened: bool) -> SafeString:
        """One round's <tbody>, its explanation open or not: what a tap on its number swaps in."""
        return mark_safe(self._group(self.board.rounds[number - 1], editable, opened))

    def explanation(self, number: int, *, editable: bool) -> SafeString:
        """One round's explanation, for its own page."""
        return mark_safe(self._explanation(self.board.rounds[number - 1], editable))

    def _group(self, result, editable: bool, opened: bool, base: str = "rounds/") -> str:
        """A round's <tbody>. Every text is escaped here: names and notes with escape(), and the
        numbers go through shown(), which takes integers only. The round's link is relative
        (rounds/N/ of the owner's page or of the watch link's), so one markup serves both and
        outlives a new watch link."""
        number = result.number
        by_player = {r.player: r for r in result.results}
        cells = "".join(
            self._cell(by_player.get(player), result.status) for player in self.column_players
        )
        url = f"{base}{number:d}/"
        row = (
            f'<tr class="round {result.status}"><th scope="row">'
            f'<a class="why" id="round-{number:d}" href="{url}" '
            f'hx-get="{url}{"?closed=1" if opened else ""}" '
            f'aria-expanded="{"true" if opened else "false"}">'
            f'<span class="visually-hidden">{escape(_("Round"))} </span>{number:d}</a></th>'
            f"{cells}</tr>"
        )
        if opened:
            span = len(self.columns) + 1
            row += (
                f'<tr class="explain" id="why-{number:d}"><td colspan="{span:d}">'
                f"{self._explanation(result, editable)}</td></tr>"
            )
        return f"<tbody>{row}</tbody>\n"

    @staticmethod
    def _cell(result, status: str) -> str:
        if status == "open":
            return f"<td>{TO_COME}</td>"
        if result is None or result.total is None:
            return f"<td>{NOT_PLAYED}</td>"
        return f"<td>{shown(result.points)}</td>"

    def _explanation(self, result, editable: bool) -> str:
        """What happened in a round, in words: who dealt, the round's notes, and each column's
        points, running total and the reasons (cancels, blocks, penalties)."""
        number = result.number
        names = self.names
        dealer = f"<bdi>{escape(names.get(result.dealer, '?'))}</bdi>"
        lines = [_("Round %(number)s, %(dealer)s dealt.") % {"number": number, "dealer": dealer}]
        lines += [f"{escape(self._sentence(said(note)))}." for note in result.notes]
        parts = [f"<p>{' '.join(lines)}</p>"]
        if result.status == "complete":
            by_player = {r.player: r for r in result.results}
            lines = []
            for column, player in zip(self.columns, self.column_players, strict=True):
                mine = by_player.get(player)
                if mine is None:
                    continue  # out of the game before this round
                why = escape(" · ".join(said(note) for note in mine.notes))
                lines.append(
                    f"<li><bdi>{escape(column.name)}</bdi> <strong>{shown(mine.points)}</strong>"
                    + escape(_(", total %(total)s") % {"total": shown(mine.total)})
                    + (f'<span class="muted">: {why}</span>' if why else "")
                    + "</li>"
                )
            parts.append(f'<ul class="why-list">{"".join(lines)}</ul>')
        if editable:
            url = reverse("round_edit", args=[self.game.pk, number])
            edit = escape(_("Edit round %(number)s") % {"number": number})
            parts.append(f'<a class="button" href="{escape(url)}">{edit}</a>')
        return "".join(parts)

    def _sentence(self, note: str) -> str:
        """A round's note as a sentence ("not scored: ..." → "Not scored: ..."), leaving one
        that starts with a player's name as the name is written."""
        if note[:1].islower() and not any(note.startswith(name) for name in self.names.values()):
            return note[0].upper() + note[1:]
        return note

    def _information(self, game, board: Scoreboard):
        """The game's own lines (42's countdown, who is out, what is left to play)."""
        return [info_said(line, self.names) for line in game.rules.information(board)]
