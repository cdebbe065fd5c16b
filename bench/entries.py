"""Long, valid games of every kind for the benchmark and the tests: each game's own sample rounds
(`sample_round`, in its rules) as the API takes them, and the same rounds as the round page's
form fields; and what each game's folder declares the benchmark plays of it (its bench.py)."""

from importlib import import_module
from importlib.util import find_spec
from types import ModuleType

from games.kinds import GAMES
from games.kinds.base import kind_ui
from games.scoring import Rules


def rounds(kind: str, players: list[int], count: int, first: int = 1) -> list[dict]:
    return [GAMES[kind].sample_round(players, number) for number in range(first, first + count)]


def form_data(kind: str, entry: dict, number: int) -> dict:
    """The round page's form fields for an entry, as a phone posts them: the game's own
    `form_data` (its pages), with the round's number."""
    return {"number": number, **kind_ui(GAMES[kind]).form_data(entry)}


def bench_of(rules: Rules) -> ModuleType | None:
    """The bench.py beside the game's rules.py, if it has one."""
    name = type(rules).__module__.rpartition(".")[0] + ".bench"
    return import_module(name) if find_spec(name) is not None else None


def the_game_declaring(name: str) -> tuple[Rules, object]:
    """The one registered game whose bench.py declares `name`, and what it declares."""
    found = [rules for rules in GAMES.values() if hasattr(bench_of(rules), name)]
    assert len(found) == 1, f"one game's bench.py declares {name}, not {len(found)}"
    return found[0], getattr(bench_of(found[0]), name)
