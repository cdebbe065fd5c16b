"""What `make bench` (bench/run.py, bench/ratings.py) plays of FourScore, besides its sample
rounds."""

# The engine's figure replays this game whole: players, rounds, options.
LONGEST = (6, 20, {"deals": 20})
# bench/ratings.py rates finished games of this kind: a game of one deal (its options by
# default) finishes with `rated_round`; with these options it does not.
NOT_FINISHED_BY_ONE_ROUND = {"deals": 2}


def rated_round(players: list[int], game_number: int) -> dict:
    """A deal whose ranks vary from game to game, with ties now and then."""
    return {
        "hands": [
            {"player": player, "pile": (game_number * 7 + seat * 3) % 5 + seat % 2}
            for seat, player in enumerate(players)
        ]
    }
