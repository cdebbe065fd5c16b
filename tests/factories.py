"""One way to make what the tests need: players, entries as the write path takes them, and games
played through that write path to a given round."""

from games.models import Game, Player

NAMES = ("Ann", "Bob", "Cy", "Dee")
PASSWORD = "a long table password 42"  # every test user's (conftest.py)
# A hasher quick enough for tests (the default one takes a tenth of a second a password).
FAST_PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def add_players(owner, names=NAMES) -> list[Player]:
    return [Player.add(owner, name) for name in names]


def ids(players) -> list:
    """Players as the entries name them: by id (a list of ids is taken as it is)."""
    return [getattr(player, "pk", player) for player in players]


def piles(players, *counts) -> dict:
    """A FourScore entry: each player's pile, in seat order."""
    return {"hands": [{"player": p, "pile": n} for p, n in zip(ids(players), counts, strict=True)]}


def called(caller, players, points) -> dict:
    """An Under the 10 round called by `caller`, each player's hand worth `points[n]`."""
    hands = [{"player": p, "points": n} for p, n in zip(ids(players), points, strict=True)]
    return {"called_by": ids([caller])[0], "hands": hands}


def grids(went_out, *hands) -> dict:
    """A FortyBelow entry from (player, grid) pairs."""
    return {
        "went_out": ids([went_out])[0],
        "hands": [{"player": ids([p])[0], "grid": grid} for p, grid in hands],
    }


def play(owner, kind, seated, entries=(), *, night=None, **options) -> Game:
    """A game started and played through the write path, one entry a round, read afresh."""
    game = Game.start(owner, kind, seated, options=options or None, night=night)
    for entry in entries:
        game.add_round(entry, owner)
    return Game.objects.get(pk=game.pk)


def under10_game_saved_with_a_blank_hand(owner, players=None):
    """An Under the 10 game whose round 2, saved by the old page, has Bob's hand blank (kept as
    no cards): the corrected rules refuse it, so the game reads "Fix round 2"."""

    from games.models import Round

    if players is None:
        players = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy")]
    ann, bob, cy = players[:3]
    game = Game.start(owner, "under10", [ann, bob, cy])
    game.add_round(called(ann, [ann, bob, cy], [3, 12, 9]), owner)
    Round.objects.create(
        game=game,
        number=2,
        status="complete",
        entry={"called_by": cy.pk, "hands": [{"player": ann.pk, "points": 8},
                                             {"player": bob.pk, "cards": []},
                                             {"player": cy.pk, "points": 4}]},
    )  # fmt: skip
    game.rescore()  # as the data migration that came with the corrected rule did
    return Game.objects.get(pk=game.pk), (ann, bob, cy)
