"""Highest number: each round every player says a number from 0 to 99; the one highest number,
if nobody else said it, scores a point; the first to the points to win wins.

A game made for the tests, written as a real game's rules module is (games/scoring/<kind>.py):
pure Python, its constants named, its entry's shape declared from them; its pages are
tests/sixth_game/pages.py.
"""

from collections.abc import Mapping

from games.scoring.base import EntryError, Info, Option, Rules, Table
from games.scoring.messages import N_, Message, Plural
from games.scoring.schema import ByPlayer, Shape, Whole

LOWEST_NUMBER = 0
HIGHEST_NUMBER = 99
POINT_FOR_THE_HIGHEST = 1


class Highest(Rules):
    kind = "highest"
    version = 1
    name = N_("Highest number")
    summary = N_("Everyone says a number; the one highest number scores a point.")
    min_players = 2
    max_players = 6
    lower_total_wins = False
    options = {
        "points_to_win": Option(
            3,
            N_("The points that win the game."),
            minimum=1,
            maximum=10,
            label=N_("Points to win"),
        ),
    }
    entry_schema = Shape(
        "HighestEntry",
        {
            "hands": ByPlayer(
                Shape(
                    "HighestHand",
                    {"number": Whole(LOWEST_NUMBER, HIGHEST_NUMBER, what=N_("%(name)s's number"))},
                ),
                help="Each player's number, by player id.",
            )
        },
    )

    def play_round(self, table: Table, entry: Mapping) -> None:
        hands = entry["hands"]  # the schema has checked each one's shape and number
        numbers = {}
        for player in table.active:
            if str(player) not in hands:
                raise EntryError(
                    Message("say %(name)s's number", name=table.name(player)),
                    field=f"hands.{player}.number",
                )
            numbers[player] = hands[str(player)]["number"]
        strangers = sorted(set(hands) - {str(player) for player in table.active})
        if strangers:
            raise EntryError(
                Message("%(key)s is not a player at this table", key=strangers[0]),
                field=f"hands.{strangers[0]}",
            )
        highest = max(numbers.values())
        said_it = [player for player, number in numbers.items() if number == highest]
        points = {player: 0 for player in numbers}
        notes: dict[int, list[str]] = {}
        if len(said_it) == 1:
            points[said_it[0]] = POINT_FOR_THE_HIGHEST
            notes[said_it[0]] = [Message("the highest number")]
        table.record(entry, points, notes)
        reached = [p for p in table.players if table.totals[p] >= table.options["points_to_win"]]
        if reached:
            table.finished = True
            table.winners = reached

    def describe(self, table: Table) -> dict:
        return {"points_to_win": table.options["points_to_win"]}

    def information(self, board) -> list[Info]:
        if board.finished:
            return []
        target = board.extras["points_to_win"]
        return [Info(Plural("%(count)d point wins", "%(count)d points win"), {"count": target})]

    def sample_round(self, players: list[int], number: int) -> dict:
        """Everyone says the same number: nobody scores, and the game goes on."""
        return {"hands": {str(player): {"number": number % 10} for player in players}}


GAME = Highest()
