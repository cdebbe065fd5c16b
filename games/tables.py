"""The scoreboard laid out for the page: a column per player (or team), a row per round, and
the game's own information in plain words. Only arranges what the engine computed."""

from __future__ import annotations

from dataclasses import dataclass, field

from .scoring import Scoreboard


@dataclass
class Cell:
    points: int | None
    total: int | None
    notes: list[str] = field(default_factory=list)


@dataclass
class Row:
    number: int
    dealer: str
    status: str
    cells: list[Cell]
    notes: list[str]


@dataclass
class Column:
    key: int | str
    name: str
    total: int
    leading: bool
    out: bool = False


class ScoreTable:
    def __init__(self, game, board: Scoreboard):
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
            column_player = [team.players[0] for team in board.teams]
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
            column_player = list(board.players)
        self.rows = []
        for result in board.rounds:
            by_player = {r.player: r for r in result.results}
            cells = [
                Cell(by_player[p].points, by_player[p].total, by_player[p].notes)
                if p in by_player
                else Cell(None, None)
                for p in column_player
            ]
            self.rows.append(
                Row(
                    result.number,
                    names[result.dealer],
                    result.status,
                    cells,
                    result.notes,
                )
            )
        self.standings = [(s.rank, names[s.player], s.total, s.eliminated) for s in board.standings]
        self.winners = [names[p] for p in board.winners]
        self.next_dealer = names.get(board.next_dealer) if board.next_dealer else None
        self.info = list(self._information(game, board))

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
        if extras.get("rounds_left"):
            yield f"{extras['rounds_left']} rounds to play"
        if extras.get("deals_left"):
            yield f"{extras['deals_left']} deals to play"
