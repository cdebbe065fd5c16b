"""42's pages: its round form and a seat's part on a player's phone (forms.py), its
entry told in words (words.py), their templates (templates/fortytwo/). Its rules name this package
(`ui_module`): see games/kinds/__init__.py."""

from .forms import FortyTwoForm as round_form
from .forms import FortyTwoPart as part_form
from .forms import form_data
from .words import describe

__all__ = ["describe", "form_data", "part_form", "round_form"]
