"""The scoring engine: one module per game, and the registry of games by their stored kind."""

from . import fortybelow, fortyfives, fortytwo, fourscore, under10
from .base import EntryError, Game, Scoreboard

GAMES: dict[str, Game] = {
    module.GAME.kind: module.GAME
    for module in (fortybelow, fortytwo, under10, fortyfives, fourscore)
}


def kind_choices() -> list[tuple[str, str]]:
    """The registered games as a model field's choices, read when asked: a game registered
    later (a test's) is a valid kind too."""
    return [(kind, game.name) for kind, game in GAMES.items()]


__all__ = ["GAMES", "EntryError", "Game", "Scoreboard", "kind_choices"]
