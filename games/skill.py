"""Skill ratings from finished games: OpenSkill's Plackett-Luce model with its defaults, one
rating per player, moved by each game in turn. Pure (no Django): games/ratings.py keeps them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
# A player's rating before their first game: mu 25, sigma 25/3, an ordinal of 0.
START_ORDINAL = MODEL.rating().ordinal()


@dataclass(frozen=True)
class Played:
    """A finished game as it is rated: its sides (a player alone, or a team's partners
    together) and each side's rank in the final standings (1 is best; level sides share one)."""

    game: int
    sides: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class Rated:
    """A player's rating to carry on from: after their latest game, the `games`-th."""

    mu: float
    sigma: float
    ordinal: float
    games: int


@dataclass(frozen=True)
class Step:
    """A player's rating after one game: `ordinal` is mu - 3·sigma, `change` its change in this
    game, `games` the player's games rated so far, this one included."""

    game: int
    player: int
    mu: float
    sigma: float
    ordinal: float
    change: float
    games: int


def rate(games: Iterable[Played], before: Mapping[int, Rated] | None = None) -> list[Step]:
    """Each player's rating after each game, game by game in the order given.

    `before` holds each player's rating before the first of `games`, to carry on from; a player
    missing from it starts at the model's default rating. A rating is carried as its mu and
    sigma alone, so carrying on from stored ratings gives exactly the steps of rating every
    game from the start.
    """
    latest: dict[int, Rated] = dict(before or {})
    # The model's own rating objects, each player's latest carried into their next game rather
    # than made afresh from the same mu and sigma (the model gives each new one a uuid).
    current = {}

    def rating_of(player: int):
        if player not in current:
            prior = latest.get(player)
            current[player] = (
                MODEL.rating() if prior is None else MODEL.rating(mu=prior.mu, sigma=prior.sigma)
            )
        return current[player]

    steps: list[Step] = []
    for game in games:
        teams = [[rating_of(player) for player in side] for side in game.sides]
        rated = MODEL.rate(teams, ranks=list(game.ranks))
        for side, new_ratings in zip(game.sides, rated, strict=True):
            for player, rating in zip(side, new_ratings, strict=True):
                prior = latest.get(player)
                ordinal = rating.ordinal()
                games_played = (prior.games if prior else 0) + 1
                latest[player] = Rated(rating.mu, rating.sigma, ordinal, games_played)
                current[player] = rating
                steps.append(
                    Step(
                        game=game.game,
                        player=player,
                        mu=rating.mu,
                        sigma=rating.sigma,
                        ordinal=ordinal,
                        change=ordinal - (prior.ordinal if prior else START_ORDINAL),
                        games=games_played,
                    )
                )
    return steps
