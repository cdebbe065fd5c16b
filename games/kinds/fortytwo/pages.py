"""42's pages: its round form and a seat's part on a player's phone (forms.py), its
entry told in words (words.py), their templates (templates/fortytwo/). Its rules name this package
(found beside its rules: games.kinds.base.kind_ui)."""

from .forms import FortyTwoForm as round_form
from .forms import FortyTwoPart as part_form
from .forms import form_data
from .words import describe

referee = "referee_fortytwo"  # who takes a trick (games/referee_views.py)

__all__ = ["describe", "form_data", "part_form", "referee", "round_form"]
