"""The games the app knows, each one folder: its rules (`rules.py`, pure Python, which a phone
runs too), its round form read as an entry (`entry.py`, pure too: phone.py plays it offline),
its trick referee if it has one (`referee.py`, pure too), its pages (`pages.py`,
Django's), templates, scripts, rules pages and tests. This list is the one place outside those
folders that names a game; each folder is also a Django app
(settings.INSTALLED_APPS reads this list), so that Django finds its templates and static files
as any app's.

Pure Python, as every module the rules import: nothing here may import Django.
"""

import sys
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path

from ..scoring.base import Rules
from ..scoring.referee import TrickReferee

PACKAGES = [
    "games.kinds.fortybelow",
    "games.kinds.fortytwo",
    "games.kinds.under10",
    "games.kinds.fortyfives",
    "games.kinds.fourscore",
]

GAMES: dict[str, Rules] = {}
REFEREES: dict[str, TrickReferee] = {}  # the games that have a trick referee, by kind


def register(package: str) -> Rules:
    """The game whose folder is `package` (its `rules.GAME`), known by its kind from now on;
    and its trick referee (`referee.REFEREE`), if its folder has one."""
    rules = import_module(f"{package}.rules").GAME
    GAMES[rules.kind] = rules
    if find_spec(f"{package}.referee") is not None:
        REFEREES[rules.kind] = import_module(f"{package}.referee").REFEREE
    return rules


for package in PACKAGES:
    register(package)


def kind_choices() -> list[tuple[str, str]]:
    """The registered games as a model field's choices, read when asked: a game registered
    later (a test's) is a valid kind too."""
    return [(kind, game.name) for kind, game in GAMES.items()]


def folder_of(rules: Rules) -> Path:
    """The game's folder: its rules, pages, templates, scripts and rules pages."""
    return Path(sys.modules[type(rules).__module__].__file__).parent
