"""Long, valid games of every kind for the benchmark and the tests: each game's own sample rounds
(`sample_round`, in its rules) as the API takes them, and the same rounds as the round page's
form fields."""

from games.kinds import GAMES
from games.kinds.base import kind_ui


def rounds(kind: str, players: list[int], count: int, first: int = 1) -> list[dict]:
    return [GAMES[kind].sample_round(players, number) for number in range(first, first + count)]


def form_data(kind: str, entry: dict, number: int) -> dict:
    """The round page's form fields for an entry, as a phone posts them: the game's own
    `form_data` (its pages), with the round's number."""
    return {"number": number, **kind_ui(GAMES[kind]).form_data(entry)}
