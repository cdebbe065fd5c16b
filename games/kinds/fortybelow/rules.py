"""FortyBelow: each round every player's two-by-three grid is tallied; lowest total wins."""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ...scoring.base import (
    ExtraStat,
    Info,
    Option,
    Rules,
    Scoreboard,
    Table,
)
from ...scoring.messages import N_, Message, Plural
from ...scoring.numbers import shown
from ...scoring.schema import Choice, Hands, ListOf, PlayerId, Shape, check_entry

FORTY_BELOW = -40  # four equal cards in a two-column block
GO_OUT_PENALTY = 10  # for each other player at or below the one who went out
LOWEST_HAND = -51  # a block of four plus a -10 over a -1, as the rulebook notes
CARD_VALUES = (-10, -1, *range(0, 13))  # 0..12 accepted because the deck's top is not stated
ROWS = 2
COLUMNS = 3
BLOCKS = ((1, 2), (2, 3))  # only neighbouring columns make a block


@dataclass(frozen=True)
class Tally:
    """One hand scored: its points, its forty-below block, the columns that cancel, and why."""

    score: int
    block: tuple[int, int] | None  # the block's two columns, 1..3 left to right
    cancelled: tuple[int, ...]  # columns outside the block whose two cards are equal
    notes: tuple[str, ...]


CARDS_ALLOWED = Message(
    "%(lowest)s, %(next)s or 0 to %(highest)s",
    lowest=shown(CARD_VALUES[0]),
    next=shown(CARD_VALUES[1]),
    highest=CARD_VALUES[-1],
)

# A hand: two rows of three cards, top row first.
CARD = Choice(CARD_VALUES, what=N_("each card of %(name)s's grid"), allowed=CARDS_ALLOWED)
GRID = ListOf(
    ListOf(CARD, COLUMNS, COLUMNS),
    ROWS,
    ROWS,
    help=f"{ROWS} rows of {COLUMNS} cards, top row first; a card is "
    f"{CARD_VALUES[0]}, {CARD_VALUES[1]} or 0 to {CARD_VALUES[-1]}.",
    what=N_("%(name)s's grid"),
    shape=N_("two rows of three cards"),
)
ANYONE = Message("the player")  # whose grid a live tally checks: it doesn't know


def tally(grid: object) -> Tally:
    """Score one hand live: a forty-below block, then cancelled columns, then face values.

    Raises EntryError if `grid` is not two rows of three card values.
    """
    check_entry(GRID, grid, owner=ANYONE)
    return tallied(grid)  # type: ignore[arg-type]


def tallied(grid: list[list[int]]) -> Tally:
    """`tally` of a grid already checked (one in an entry the schema has passed)."""
    top, bottom = grid
    pairs = list(zip(top, bottom, strict=True))

    def all_equal(columns: tuple[int, ...]) -> bool:
        cards = {card for column in columns for card in pairs[column - 1]}
        return len(cards) == 1

    # Both blocks only match when all six cards are equal; that hand takes one block (and a
    # cancelled column) because the rules put the floor at -51, not -80.
    block = next((columns for columns in BLOCKS if all_equal(columns)), None)
    score = FORTY_BELOW if block else 0
    notes = (
        [
            Message(
                "columns %(first)s-%(last)s: forty below %(points)s",
                first=block[0],
                last=block[1],
                points=shown(FORTY_BELOW),
            )
        ]
        if block
        else []
    )
    cancelled = []
    for column, (upper, lower) in enumerate(pairs, start=1):
        if block and column in block:
            continue
        if upper == lower:
            cancelled.append(column)
            notes.append(Message("column %(column)s cancels", column=column))
        else:
            score += upper + lower
    return Tally(score, block, tuple(cancelled), tuple(notes))


def go_out_penalty(scores: Mapping[int, int], went_out: int) -> int:
    """The penalty for the player who went out, from every player's tally score (by player).

    Nothing if they are strictly lowest; otherwise 10 for each other player at or below them.
    """
    mine = scores[went_out]
    at_or_below = sum(1 for player, score in scores.items() if player != went_out and score <= mine)
    return GO_OUT_PENALTY * at_or_below


# Grids from the rules page's worked examples (blocks, cancelled columns, plain cards), for
# `sample_round`.
SAMPLE_GRIDS = [
    [[5, 5, 3], [5, 5, -1]],
    [[7, 2, 7], [7, 9, 7]],
    [[4, 4, 4], [4, 4, 4]],
    [[-10, 3, 12], [-10, 3, 11]],
    [[1, 2, 3], [4, 5, 6]],
    [[-10, -10, -10], [-10, -10, -1]],
]


class FortyBelow(Rules):
    kind = "fortybelow"
    version = 1
    name = N_("FortyBelow")
    summary = N_("Arrange six cards in two rows; cancel columns, make blocks; lowest total wins.")
    min_players = 2
    max_players = 6
    options = {
        "rounds": Option(
            10,
            N_("How many rounds make the game; the lowest total wins."),
            minimum=1,
            maximum=20,
            label=N_("Rounds in the game"),
        ),
    }

    entry_schema = Shape(
        "FortyBelowEntry",
        {
            "went_out": PlayerId(
                help="The player who went out.",
                what=N_("the player who went out"),
                missing=N_("say who went out this round"),
            ),
            "hands": Hands(Shape("FortyBelowHand", {"player": PlayerId(), "grid": GRID})),
        },
    )
    extra_stats = (
        ExtraStat(
            "forty_below_blocks",
            Message("%(blocks)s blocks", blocks=shown(FORTY_BELOW)),
            f"hands with a {FORTY_BELOW} block",
        ),
        ExtraStat(
            "minus_51_hands",
            Message("%(score)s hands", score=shown(LOWEST_HAND)),
            f"hands worth {LOWEST_HAND}",
        ),
    )

    def play_round(self, table: Table, entry: Mapping) -> None:
        hands = table.read_hands(entry)
        tallies = {player: tallied(hand["grid"]) for player, hand in hands.items()}
        went_out = table.read_player(
            entry["went_out"], Message("the player who went out"), field="went_out"
        )
        scores = {player: hand_tally.score for player, hand_tally in tallies.items()}
        notes = {player: list(hand_tally.notes) for player, hand_tally in tallies.items()}
        penalty = go_out_penalty(scores, went_out)
        points = dict(scores)
        points[went_out] += penalty
        notes[went_out].append(Message("went out"))
        said = {"name": table.name(went_out), "penalty": penalty}
        round_note = Message("%(name)s went out", **said)
        if penalty:
            notes[went_out].append(Message("go-out penalty +%(penalty)s", penalty=penalty))
            lowest = min(scores.values())
            if scores[went_out] == lowest:
                round_note = Message(
                    "%(name)s went out tied for the lowest hand: +%(penalty)s", **said
                )
            else:
                round_note = Message(
                    "%(name)s went out without the lowest hand: +%(penalty)s", **said
                )
        table.record(entry, points, notes, [round_note])
        if table.played == table.options["rounds"]:
            table.end_with_lowest_total()

    def describe(self, table: Table) -> dict:
        """`rounds_left`: how many rounds remain to be played (0 once the game is over)."""
        return {"rounds_left": table.options["rounds"] - table.played}

    def information(self, board: Scoreboard) -> list[Info]:
        left = board.extras["rounds_left"]
        if not left:
            return []
        return [
            Info(Plural("%(count)d round to play", "%(count)d rounds to play"), {"count": left})
        ]

    def extra_stats_of(self, player: int, entries: Iterable[Mapping]) -> dict[str, int]:
        """The player's hands with a forty-below block, and those worth the lowest score."""
        hands = [
            tally(hand["grid"])
            for entry in entries
            for hand in entry["hands"]
            if hand["player"] == player
        ]
        return {
            "forty_below_blocks": sum(1 for hand in hands if hand.block is not None),
            "minus_51_hands": sum(1 for hand in hands if hand.score == LOWEST_HAND),
        }

    def sample_round(self, players: list[int], number: int) -> dict:
        """Round `number` (from 1): each player one of the grids, the out-goer moving round."""
        return {
            "went_out": players[number % len(players)],
            "hands": [
                {"player": player, "grid": SAMPLE_GRIDS[(seat + number) % len(SAMPLE_GRIDS)]}
                for seat, player in enumerate(players)
            ],
        }


GAME = FortyBelow()
