"""FourScore, a Str8 Eight game: each deal, every player's scoring pile is counted; fewest wins."""

from collections.abc import Mapping

from ...scoring.base import (
    Info,
    Option,
    Rules,
    Scoreboard,
    Table,
)
from ...scoring.messages import N_, Plural
from ...scoring.schema import Hands, PlayerId, Shape, Whole

PILE = Whole(0, what=N_("%(name)s's pile"))  # the cards in a player's scoring pile


class FourScore(Rules):
    kind = "fourscore"
    version = 1
    name = N_("FourScore")
    summary = N_("Play cards onto four rows; the fewest cards collected wins.")
    min_players = 2
    max_players = 6
    options = {
        "deals": Option(
            1,
            N_("How many deals make the match; the lowest sum of piles wins."),
            minimum=1,
            maximum=20,
            label=N_("Deals in the match"),
        ),
    }
    entry_schema = Shape(
        "FourScoreEntry",
        {"hands": Hands(Shape("FourScoreHand", {"player": PlayerId(), "pile": PILE}))},
    )

    def play_round(self, table: Table, entry: Mapping) -> None:
        hands = table.read_hands(entry)
        points = {player: hand["pile"] for player, hand in hands.items()}
        table.record(entry, points, notes={})
        if table.played == table.options["deals"]:
            table.end_with_lowest_total()

    def describe(self, table: Table) -> dict:
        return {"deals_left": table.options["deals"] - table.played}

    def information(self, board: Scoreboard) -> list[Info]:
        left = board.extras["deals_left"]
        if not left:
            return []
        return [Info(Plural("%(count)d deal to play", "%(count)d deals to play"), {"count": left})]

    def sample_round(self, players: list[int], number: int) -> dict:
        """A round that lets the game go on (what the tests and the benchmark play)."""
        return {
            "hands": [
                {"player": player, "pile": (seat * 3 + number) % 9}
                for seat, player in enumerate(players)
            ]
        }


GAME = FourScore()
