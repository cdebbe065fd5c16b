"""Under the 10's pages: its round form and a seat's part on a player's phone (forms.py), its
entry told in words (words.py), their templates (templates/under10/). Its rules name this package
(found beside its rules: games.kinds.base.kind_ui)."""

from .forms import UnderTheTenForm as round_form
from .forms import UnderTheTenPart as part_form
from .forms import form_data
from .words import describe

__all__ = ["describe", "form_data", "part_form", "round_form"]
