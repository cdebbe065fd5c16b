"""Each game's pages, one package per kind (games/kinds/<kind>/): its round form, its seat's
part on a player's phone, its entry told in words and its templates. A game's rules name theirs
by dotted path (`Game.ui_module`), so a new game is one rules class and one such package."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..scoring import GAMES
from ..scoring.base import Game as Rules


@dataclass(frozen=True)
class KindUI:
    """What a kind's package gives the views (each a module-level name of the package)."""

    round_form: type  # the round page's form (games.kinds.base.RoundForm)
    # An entry as the round form's POST data: the reverse of the form's cleaning.
    form_data: Callable[[Mapping], dict[str, Any]]
    # The entry told in words, a line each: describe(game, entry, name) (games/history.py).
    describe: Callable[..., list[str]]
    part_form: type | None = None  # a seat's part on a player's phone (games.kinds.base.PartForm)


def kind_ui(rules: Rules) -> KindUI:
    return _load(rules.ui_module)


@cache
def _load(path: str) -> KindUI:
    module = importlib.import_module(path)
    return KindUI(
        round_form=module.round_form,
        form_data=module.form_data,
        describe=getattr(module, "describe", lambda game, entry, name: []),
        part_form=getattr(module, "part_form", None),
    )


def template_folders() -> Iterator[Path]:
    """The `templates/` folder beside each registered game's package (games.kinds.loader)."""
    for rules in GAMES.values():
        spec = importlib.util.find_spec(rules.ui_module) if rules.ui_module else None
        if spec is not None and spec.origin:
            yield Path(spec.origin).parent / "templates"
