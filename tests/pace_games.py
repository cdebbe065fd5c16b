"""Games played through the write path for the score pad's tests (tests/test_scoreboard_pad.py,
tests/test_watch_link.py, tests/browser/test_pace_board.py): one of each kind, as a table
would play it, with blocks, cancels, penalties, sets and a team game."""

from games.models import Game, Player

# FortyBelow grids that make every kind of note: a -40 block with a -1 (-38), cancelled
# columns, plain hands, -10s, a hand of six equal cards, and a hand that cancels to 0.
GRIDS = [
    [[5, 5, 3], [5, 5, -1]],
    [[7, 2, 7], [7, 9, 7]],
    [[1, 2, 3], [4, 5, 6]],
    [[-10, 0, 12], [-1, 0, 11]],
    [[9, 9, 2], [9, 9, 2]],
    [[3, 8, 4], [6, 8, 0]],
]
SIX_NAMES = ["Annabelle", "Bob", "Cy", "Dee", "Ezekiel", "Flo"]


def players(user, names):
    return [Player.add(user, name) for name in names]


def fortybelow(user, seated, rounds=10, played=None):
    """A game of `rounds` rounds (the game's length: it ends with the last one), `played` of
    them played (all unless said)."""
    game = Game.start(user, "fortybelow", seated, options={"rounds": rounds})
    for number in range(rounds if played is None else played):
        hands = [
            {"player": p.pk, "grid": GRIDS[(seat + number) % len(GRIDS)]}
            for seat, p in enumerate(seated)
        ]
        game.add_round({"went_out": seated[number % len(seated)].pk, "hands": hands}, user)
    return game


def fortytwo(user, seated):
    """Three players: the first bids and takes all 7 three times and wins at 42."""
    game = Game.start(user, "fortytwo", seated)

    def hand(bids, tricks):
        return {
            "hands": [
                {"player": p.pk, "bid": b, "tricks": t}
                for p, b, t in zip(seated, bids, tricks, strict=True)
            ]
        }

    game.add_round(hand([7, 0, 1], [7, 0, 0]), user)
    game.add_round(hand([3, 2, 1], [4, 2, 1]), user)
    game.add_round(hand([7, 0, 1], [7, 0, 0]), user)
    game.add_round(hand([7, 0, 1], [7, 0, 0]), user)
    return game


def under10(user, seated):
    """Calls, a failed call (penalty) and a joker held, until someone is out or it ends."""
    game = Game.start(user, "under10", seated)
    rounds = [
        (0, [2, 10, 7]),
        (1, [5, 1, 9]),
        (2, [8, 6, 7]),  # Cy calls with 7 but Bob has 6: Cy's penalty
        (0, [3, 12, 9]),
    ]
    for caller, points in rounds:
        game.add_round(
            {
                "called_by": seated[caller].pk,
                "hands": [
                    {"player": p.pk, "points": n} for p, n in zip(seated, points, strict=True)
                ],
            },
            user,
        )
    game.add_round(
        {
            "called_by": seated[1].pk,
            "hands": [
                {"player": seated[0].pk, "points": 4, "bonus": ["joker"]},
                {"player": seated[1].pk, "points": 2},
                {"player": seated[2].pk, "points": 11},
            ],
        },
        user,
    )
    return game


def fortyfives(user, seated, *, finished=True):
    """Ann & Cy against Bob & Dee: a set, made bids, and Ann & Cy out at 120."""
    ann, bob, cy, _ = seated
    game = Game.start(user, "fortyfives", seated)
    hands = [
        (bob, 20, {"A": 3, "B": 2}, "A"),  # Bob & Dee set: -20
        (ann, 30, {"A": 5, "B": 0}, "A"),
        (cy, 25, {"A": 4, "B": 1}, "A"),
        (ann, 30, {"A": 5, "B": 0}, "A"),
    ]
    if finished:
        hands.append((cy, 30, {"A": 5, "B": 0}, "A"))
    for bidder, bid, tricks, high in hands:
        entry = {"bidder": bidder.pk, "bid": bid, "trump": "hearts"}
        game.add_round({**entry, "tricks": tricks, "high_trump": high}, user)
    return game


def fourscore(user, seated, deals=4):
    game = Game.start(user, "fourscore", seated, options={"deals": deals})
    piles = [(6, 3, 9), (2, 8, 5), (7, 7, 1), (4, 0, 6), (3, 5, 2)]
    for number in range(deals):
        counts = piles[number % len(piles)]
        game.add_round(
            {"hands": [{"player": p.pk, "pile": n} for p, n in zip(seated, counts, strict=True)]},
            user,
        )
    return game
