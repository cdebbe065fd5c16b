"""42's pages: its round form and a seat's part on a player's phone (forms.py), its
entry told in words (words.py), its part of the trick referee's page (referee_page.py), their
templates (templates/fortytwo/). Its rules name this package (found beside its rules:
games.kinds.base.kind_ui)."""

from . import referee_page as referee
from .forms import FortyTwoForm as round_form
from .forms import FortyTwoPart as part_form
from .forms import form_data
from .words import describe

__all__ = ["describe", "form_data", "part_form", "referee", "round_form"]
