"""What holds for every game: the registry, pure Python, and scores that depend on entries only."""

import subprocess
import sys

import pytest

from games.kinds import GAMES, kind_choices
from games.scoring.base import EntryError, competition_ranks


def test_the_registry_holds_the_five_games_by_kind():
    assert set(GAMES) == {"fortybelow", "fortytwo", "under10", "fortyfives", "fourscore"}
    assert all(game.kind == kind for kind, game in GAMES.items())
    assert dict(kind_choices())["fortytwo"] == "42"


def test_the_scoring_engine_never_imports_django():
    code = (
        "import sys, games.scoring\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "sys.exit('imports ' + ', '.join(bad) if bad else 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("totals", "ranks"),
    [
        ([10, 12, 12, 15], [1, 2, 2, 4]),
        ([3, 3, 3], [1, 1, 1]),
        ([], []),
    ],
)
def test_ranks_are_shared_on_ties(totals, ranks):
    assert competition_ranks(totals) == ranks


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_game_refuses_a_repeated_player_and_a_stranger_dealing(kind):
    game = GAMES[kind]
    players = list(range(1, game.min_players + 1))
    with pytest.raises(EntryError, match="only have one seat"):
        game.replay([*players[:-1], players[0]], [])
    with pytest.raises(EntryError, match="first dealer must be one of the players"):
        game.replay(players, [], first_dealer=99)


@pytest.mark.parametrize("kind", sorted(GAMES))
@pytest.mark.parametrize("entry", [None, [], "hands", 7, {"hands": "x"}, {"hands": [None]}])
def test_every_game_refuses_junk_with_a_message(kind, entry):
    game = GAMES[kind]
    with pytest.raises(EntryError) as error:
        game.replay(list(range(1, game.min_players + 1)), [entry])
    assert str(error.value).startswith("Round 1: ")


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_game_refuses_absurdly_large_numbers(kind):
    game = GAMES[kind]
    players = list(range(1, game.min_players + 1))
    huge = 10**5000
    entries = {
        "fortybelow": {
            "went_out": 1,
            "hands": [{"player": p, "grid": [[huge] * 3] * 2} for p in players],
        },
        "fortytwo": {"hands": [{"player": p, "bid": huge} for p in players]},
        "under10": {"called_by": 1, "hands": [{"player": p, "points": huge} for p in players]},
        "fortyfives": {"bidder": 1, "bid": huge},
        "fourscore": {"hands": [{"player": p, "pile": huge} for p in players]},
    }
    with pytest.raises(EntryError):
        game.replay(players, [entries[kind]])


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_game_lists_its_options_with_defaults_in_range(kind):
    game = GAMES[kind]
    assert game.check_options({}) == {name: o.default for name, o in game.options.items()}
