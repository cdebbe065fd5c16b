"""Highest number: everyone says a whole number from 0 to 99; the one highest, if no one else
said it, scores a point; the first to reach `points_to_win` wins. Pure rules, as in
games/scoring/: no Django here."""

from collections.abc import Mapping

from games.scoring.base import EntryError, Game, Option, Table, entry_fields, number_between

HIGHEST_NUMBER = 99


class Highest(Game):
    kind = "highest"
    name = "Highest number"
    summary = "Everyone says a number; the one highest scores a point."
    min_players = 2
    max_players = 6
    options = {
        "points_to_win": Option(
            3, "Points that win the game.", minimum=1, maximum=10, label="Points to win"
        ),
    }
    lower_total_wins = False
    ui_module = "tests.sixth_game.pages"

    def play_round(self, table: Table, entry: Mapping) -> None:
        entry = entry_fields(entry, {"hands"})
        hands = entry.get("hands")
        if not isinstance(hands, Mapping):
            raise EntryError("hands must be an object with a hand per player", field="hands")
        unknown = sorted(set(hands) - {str(player) for player in table.active})
        if unknown:
            raise EntryError(f"{unknown[0]} is not a player in this game", field="hands")
        numbers = {}
        for player in table.active:
            hand = hands.get(str(player))
            if not isinstance(hand, Mapping) or "number" not in hand:
                raise EntryError(f"{table.name(player)} has no number", field=f"hands.{player}")
            numbers[player] = number_between(
                hand["number"],
                0,
                HIGHEST_NUMBER,
                f"{table.name(player)}'s number",
                field=f"hands.{player}.number",
            )
        highest = max(numbers.values())
        top = [player for player, number in numbers.items() if number == highest]
        points = {player: int(top == [player]) for player in numbers}
        table.record(entry, points, notes={})
        reached = [p for p in table.players if table.totals[p] >= table.options["points_to_win"]]
        if reached:
            table.finished = True
            table.winners = reached


GAME = Highest()
