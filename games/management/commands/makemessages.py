"""Django's makemessages, also finding the scoring engine's markers: N_("..."),
Message("...", ...) and Plural("...", "...") (games/scoring/messages.py), which keep the engine
free of Django."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=N_",
        "--keyword=Message",
        "--keyword=Plural:1,2",
    ]
