"""The scoring engine's core, shared by every game's rules (games/kinds/<kind>/rules.py): entry
errors, the table a game is played on, results and boards, cards, messages and the entry
schema. Pure Python: nothing here may import Django."""

from .base import EntryError, Rules, Scoreboard

__all__ = ["EntryError", "Rules", "Scoreboard"]
