"""The games app: players, nights, games and their rounds, and the pages and API about them."""

import logging

from django.apps import AppConfig
from django.conf import settings


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        # What keeps rows of its own about games hears of every write (games.models).
        from . import models, ratings, seats

        models.game_written.connect(seats.game_written, dispatch_uid="games.seats")
        models.game_written.connect(ratings.game_written, dispatch_uid="games.ratings")
        models.games_rescored.connect(ratings.games_rescored, dispatch_uid="games.ratings")
        if not settings.PYODIDE_VERSION:
            logging.getLogger("games").warning(
                "Pyodide is not installed (%s): phones can't score rounds offline and keep "
                "one round per game until the connection is back. `make run` (or `npm ci`) "
                "installs it; see docs/offline.md.",
                settings.PYODIDE_DIR,
            )
