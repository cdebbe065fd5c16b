"""The scoring engine: one module per game, and the registry of games by their stored kind."""

from . import fortybelow, fortyfives, fortytwo, fourscore, under10
from .base import EntryError, Game, Scoreboard

GAMES: dict[str, Game] = {
    module.GAME.kind: module.GAME
    for module in (fortybelow, fortytwo, under10, fortyfives, fourscore)
}

KIND_CHOICES = [(kind, game.name) for kind, game in GAMES.items()]

__all__ = ["GAMES", "KIND_CHOICES", "EntryError", "Game", "Scoreboard"]
