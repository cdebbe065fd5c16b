"""Games played through the write path for the score pad's tests (tests/test_scoreboard_pad.py,
tests/test_watch_link.py, tests/browser/test_pace_board.py): one of each kind, as a table
would play it, with blocks, cancels, penalties, sets and a team game."""

from .factories import called, piles, play

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


def fortybelow(user, seated, rounds=10, played=None):
    """A game of `rounds` rounds (the game's length: it ends with the last one), `played` of
    them played (all unless said)."""
    entries = [
        {
            "went_out": seated[number % len(seated)].pk,
            "hands": [
                {"player": p.pk, "grid": GRIDS[(seat + number) % len(GRIDS)]}
                for seat, p in enumerate(seated)
            ],
        }
        for number in range(rounds if played is None else played)
    ]
    return play(user, "fortybelow", seated, entries, rounds=rounds)


def fortytwo(user, seated):
    """Three players: the first bids and takes all 7 three times and wins at 42."""

    def hand(bids, tricks):
        return {
            "hands": [
                {"player": p.pk, "bid": b, "tricks": t}
                for p, b, t in zip(seated, bids, tricks, strict=True)
            ]
        }

    all_seven = hand([7, 0, 1], [7, 0, 0])
    return play(
        user, "fortytwo", seated, [all_seven, hand([3, 2, 1], [4, 2, 1]), all_seven, all_seven]
    )


def under10(user, seated):
    """Calls, a failed call (penalty) and a joker held, until someone is out or it ends."""
    rounds = [
        (0, [2, 10, 7]),
        (1, [5, 1, 9]),
        (2, [8, 6, 7]),  # Cy calls with 7 but Bob has 6: Cy's penalty
        (0, [3, 12, 9]),
    ]
    entries = [called(seated[caller], seated, points) for caller, points in rounds]
    entries.append(
        {
            "called_by": seated[1].pk,
            "hands": [
                {"player": seated[0].pk, "points": 4, "bonus": ["joker"]},
                {"player": seated[1].pk, "points": 2},
                {"player": seated[2].pk, "points": 11},
            ],
        }
    )
    return play(user, "under10", seated, entries)


def fortyfives(user, seated, *, finished=True):
    """Ann & Cy against Bob & Dee: a set, made bids, and Ann & Cy out at 120."""
    ann, bob, cy, _ = seated
    hands = [
        (bob, 20, {"A": 3, "B": 2}, "A"),  # Bob & Dee set: -20
        (ann, 30, {"A": 5, "B": 0}, "A"),
        (cy, 25, {"A": 4, "B": 1}, "A"),
        (ann, 30, {"A": 5, "B": 0}, "A"),
    ]
    if finished:
        hands.append((cy, 30, {"A": 5, "B": 0}, "A"))
    entries = [
        {"bidder": bidder.pk, "bid": bid, "trump": "hearts", "tricks": tricks, "high_trump": high}
        for bidder, bid, tricks, high in hands
    ]
    return play(user, "fortyfives", seated, entries)


def fourscore(user, seated, deals=4):
    counts = [(6, 3, 9), (2, 8, 5), (7, 7, 1), (4, 0, 6), (3, 5, 2)]
    entries = [piles(seated, *counts[number % len(counts)]) for number in range(deals)]
    return play(user, "fourscore", seated, entries, deals=deals)
