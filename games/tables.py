"""The scoreboard laid out for the page: a column per player (or team), a row per round, and
the game's own information in plain words. Only arranges what the engine computed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from .charts import score_chart
from .models import recent_versions
from .scoring import Scoreboard

TO_COME = "\N{HORIZONTAL ELLIPSIS}"  # in each cell of an open round: the result is to come
NOT_PLAYED = "\N{EN DASH}"  # in the cell of a player out of the game


@dataclass
class Column:
    key: int | str
    name: str
    total: int
    leading: bool
    out: bool = False


class ScoreTable:
    """The table's header, totals, standings and information lines are a handful of values the
    template lays out; its body, a row per round and a cell per column, is built here as one
    piece of markup (hundreds of cells in a long game are too many for template tags) and kept
    beside the board under the game's scoreboard key."""

    def __init__(self, game, board: Scoreboard):
        self.game = game
        self.board = board
        names = game.player_names
        self.names = names
        leaders = {s.player for s in board.standings if s.rank == 1 and not s.eliminated}
        if board.teams:
            self.columns = [
                Column(
                    team.team,
                    " & ".join(names[p] for p in team.players),
                    team.total,
                    any(p in leaders for p in team.players),
                )
                for team in board.teams
            ]
            self.column_players = [team.players[0] for team in board.teams]
        else:
            self.columns = [
                Column(
                    p,
                    names[p],
                    board.totals[p],
                    p in leaders,
                    p in board.extras.get("eliminated", []),
                )
                for p in board.players
            ]
            self.column_players = list(board.players)
        self.standings = [(s.rank, names[s.player], s.total, s.eliminated) for s in board.standings]
        self.winners = [names[p] for p in board.winners]
        self.next_dealer = names.get(board.next_dealer) if board.next_dealer else None
        self.info = list(self._information(game, board))

    @cached_property
    def body(self) -> SafeString:
        """The rows, round numbers as plain text (the shared page)."""
        return self._cached("body", lambda: self._body(editable=False))

    @cached_property
    def editable_body(self) -> SafeString:
        """The rows, each round number a link to edit that round (the owner's page)."""
        return self._cached("editable-body", lambda: self._body(editable=True))

    @cached_property
    def chart(self) -> SafeString:
        """The score chart's SVG."""
        return self._cached("chart", lambda: score_chart(self.board, self.names))

    def _cached(self, part: str, build) -> SafeString:
        """`build()`, once per version of the game: the game's scoreboard key names the seats'
        players and names as well as the version, all that the markup is made from."""
        key = f"{self.game.scoreboard_key}:{part}"
        markup = recent_versions.get(key, shared=True)
        if markup is None:
            markup = str(build())
            recent_versions.keep(key, markup, shared=True)
        return mark_safe(markup)

    def _body(self, *, editable: bool) -> str:
        """The <tbody> rows. Every text is escaped here: names and notes with escape(), and
        the numbers go through the `d` format, which takes integers only."""
        span = len(self.columns)
        html = []
        for result in self.board.rounds:
            number = result.number
            if editable:
                url = reverse("round_edit", args=[self.game.pk, number])
                heading = (
                    f'<a href="{escape(url)}" aria-label="Edit round {number:d}">{number:d}</a>'
                )
            else:
                heading = f"{number:d}"
            by_player = {r.player: r for r in result.results}
            cells = "".join(
                self._cell(by_player.get(player), result.status == "open")
                for player in self.column_players
            )
            html.append(f'<tr>\n<th scope="row">{heading}</th>{cells}\n</tr>\n')
            if result.notes:
                notes = escape(" · ".join(result.notes))
                html.append(
                    f'<tr><td></td><td colspan="{span:d}" class="note round-note">'
                    f"{notes}</td></tr>\n"
                )
        return "".join(html)

    @staticmethod
    def _cell(result, open_round: bool) -> str:
        if open_round:
            return f"<td>{TO_COME}</td>"
        if result is None or result.total is None:
            return f"<td>{NOT_PLAYED}</td>"
        why = "".join(f" · {escape(note)}" for note in result.notes)
        return (
            f'<td>{result.total:d}<span class="note">{result.points:+d}'
            f'<span class="why">{why}</span></span></td>'
        )

    def _information(self, game, board: Scoreboard):
        """The game's own lines: 42's countdown, who is out, what is left to play."""
        names = self.names
        extras = board.extras
        if "countdown" in extras and not board.finished:
            for player, text in extras["countdown"].items():
                if text and text != "none":
                    yield f"{names[player]} wins with a made bid of {text}"
        if "open_bids" in extras:
            bids = extras["open_bids"]
            yield "Bids: " + ", ".join(f"{names[p]} {b}" for p, b in bids.items())
        elif game.kind == "fortytwo" and not board.finished and board.next_dealer:
            yield (
                f"{names[board.next_dealer]} deals and bids last, and may not make the "
                "bids add up to 7"
            )
        if extras.get("eliminated"):
            yield "Out of the game: " + ", ".join(names[p] for p in extras["eliminated"])
        for key, what in (("rounds_left", "round"), ("deals_left", "deal")):
            if left := extras.get(key):
                yield f"{left} {what}{'' if left == 1 else 's'} to play"
