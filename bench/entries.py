"""Long, valid games of every kind for the benchmark: round entries as the API takes them, and
the same rounds as the round page's form fields. Each game can go on as long as its rules allow.
"""

from games.kinds import GAMES
from games.kinds.base import kind_ui

# FortyBelow grids from RULES.md's worked examples: blocks, cancelled columns, plain cards.
GRIDS = [
    [[5, 5, 3], [5, 5, -1]],
    [[7, 2, 7], [7, 9, 7]],
    [[4, 4, 4], [4, 4, 4]],
    [[-10, 3, 12], [-10, 3, 11]],
    [[1, 2, 3], [4, 5, 6]],
    [[-10, -10, -10], [-10, -10, -1]],
]


def fortybelow_round(players: list[int], number: int) -> dict:
    """Round `number` (from 1): each player one of the grids, the out-goer moving round."""
    return {
        "went_out": players[number % len(players)],
        "hands": [
            {"player": player, "grid": GRIDS[(seat + number) % len(GRIDS)]}
            for seat, player in enumerate(players)
        ],
    }


def under10_round(players: list[int], number: int) -> dict:
    """A call that eliminates nobody, however long the game: the caller holds under 10 and is
    strictly lowest (0), everyone else holds exactly 10, so every total steps by 10 and is
    halved when it lands on exactly 100. No total ever passes 100."""
    caller = players[number % len(players)]
    others = [[4, 6], [10], [3, 7], [1, 2, 3, 4]]
    return {
        "called_by": caller,
        "hands": [
            {"player": player, "cards": [number % 10] if player == caller else others[seat % 4]}
            for seat, player in enumerate(players)
        ],
    }


def fortytwo_round(players: list[int], number: int) -> dict:
    """Everyone bids one more than they take, so nobody makes a bid and nobody ever wins (the
    totals wait at 42). The bids add up to 7 + players, never the dealer's forbidden 7."""
    count = len(players)
    shares = [7 // count + (1 if seat < 7 % count else 0) for seat in range(count)]
    tricks = shares[number % count :] + shares[: number % count]
    return {
        "hands": [
            {"player": player, "bid": taken + 1, "tricks": taken}
            for player, taken in zip(players, tricks, strict=True)
        ]
    }


def fortyfives_round(players: list[int], number: int) -> dict:
    """The bidder's team bids 30 and is set (2 tricks); the other team takes 3 and the highest
    trump. Bidding goes round the table, so both teams sink by 10 every two hands."""
    bidder_seat = number % len(players)
    bidders, others = ("A", "B") if bidder_seat % 2 == 0 else ("B", "A")
    return {
        "bidder": players[bidder_seat],
        "bid": 30,
        "trump": "hearts",
        "tricks": {bidders: 2, others: 3},
        "high_trump": others,
    }


def fourscore_round(players: list[int], number: int) -> dict:
    return {
        "hands": [
            {"player": player, "pile": (seat * 3 + number) % 9}
            for seat, player in enumerate(players)
        ]
    }


ROUNDS = {
    "fortybelow": fortybelow_round,
    "fortytwo": fortytwo_round,
    "under10": under10_round,
    "fortyfives": fortyfives_round,
    "fourscore": fourscore_round,
}


def rounds(kind: str, players: list[int], count: int, first: int = 1) -> list[dict]:
    return [ROUNDS[kind](players, number) for number in range(first, first + count)]


def form_data(kind: str, entry: dict, number: int) -> dict:
    """The round page's form fields for an entry, as a phone posts them: the kind's own
    `form_data` (games/kinds/<kind>/), with the round's number."""
    return {"number": number, **kind_ui(GAMES[kind]).form_data(entry)}
