"""The scoring engine's core, shared by every game's rules (games/kinds/<kind>/rules.py): entry
errors, the table a game is played on, results and boards, cards, messages, the entry schema
and the form data a game's entry is read from (form_data.py). Pure Python: nothing here may
import Django."""

from .base import EntryError, Rules, Scoreboard
from .form_data import FormData, Incomplete

__all__ = ["EntryError", "FormData", "Incomplete", "Rules", "Scoreboard"]
