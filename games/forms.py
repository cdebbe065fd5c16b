"""The app's own forms: a new game, players, game nights, a merge, an import. Each game's
round form is its folder's (games/kinds/<kind>/pages.py names it)."""

from __future__ import annotations

import re

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import transfer
from .kinds.base import NUMBER
from .models import NAME_INPUT_MAX_LENGTH, Player, name_key, normal_name
from .words import said

NAME_LENGTH_ERROR = gettext_lazy("A player's name can be 1 to 40 characters.")


class NewPlayerForm(forms.Form):
    # The 40-character limit is the normalised name's (Player.add); this only bounds the input.
    name = forms.CharField(
        max_length=NAME_INPUT_MAX_LENGTH,
        label=gettext_lazy("New player's name"),
        error_messages={"required": NAME_LENGTH_ERROR, "max_length": NAME_LENGTH_ERROR},
    )


class NightForm(forms.Form):
    date = forms.DateField(
        # A date input's value is ISO whatever the language (the browser shows it the phone's
        # way): Dutch's own format, 20-11-2026, would leave the field blank.
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        label=gettext_lazy("Date"),
    )
    location = forms.CharField(required=False, max_length=100, label=gettext_lazy("Place"))
    notes = forms.CharField(
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        label=gettext_lazy("Notes"),
    )


class MergeForm(forms.Form):
    into = forms.ModelChoiceField(
        queryset=None,
        label=gettext_lazy("The same person as"),
        empty_label=gettext_lazy("Choose a player"),
    )

    def __init__(self, data=None, *, others):
        super().__init__(data)
        self.fields["into"].queryset = others


class ImportForm(forms.Form):
    """An export file, read as JSON, as it is or packed with gzip (.json.gz); what is inside is
    the import's to check. Read once the import has its slot (views.your_data)."""

    document = forms.FileField(label=gettext_lazy("Export file (.json or .json.gz)"))

    def __init__(self, *args, dropped_as_too_large: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        # The file sent was larger than an import reads, so LimitedUploadHandler dropped it.
        self.dropped_as_too_large = dropped_as_too_large
        self.fields["document"].required = not dropped_as_too_large

    def clean_document(self):
        if self.dropped_as_too_large:
            raise forms.ValidationError(too_large_a_file())
        upload = self.cleaned_data["document"]
        try:
            if upload.size > transfer.LARGEST_BODY:
                raise transfer.TooLarge()
            return transfer.read_document(upload)
        except transfer.TooLarge:
            raise forms.ValidationError(too_large_a_file()) from None
        except transfer.NotJSON:
            raise forms.ValidationError(
                _("This file is not an export file: it is not JSON.")
            ) from None
        except transfer.BrokenText:
            raise forms.ValidationError(
                _("This file is not an export file: it holds broken text.")
            ) from None
        except transfer.Refused as refusal:  # packed, but not well
            raise forms.ValidationError(
                _("This file is not an export file: %(why)s.") % {"why": refusal.message}
            ) from None


def too_large_a_file() -> str:
    return _("The file is over %(megabytes)s MB unpacked: more than an import reads.") % {
        "megabytes": transfer.LARGEST_DOCUMENT // (1024 * 1024)
    }


class LimitedUploadHandler(FileUploadHandler):
    """The first of settings.FILE_UPLOAD_HANDLERS: an uploaded file larger than an import reads
    (the only upload there is) is dropped as it arrives, before Django keeps it in memory or in
    a temporary file; the request is marked, and the page says the file was too large."""

    def receive_data_chunk(self, raw_data, start):
        if start + len(raw_data) > transfer.LARGEST_BODY:
            self.request.upload_too_large = True  # ImportForm's dropped_as_too_large
            raise StopUpload(connection_reset=False)  # the rest of the body is read, not kept
        return raw_data

    def file_complete(self, file_size):
        return None  # the next handlers keep the file


class NewGameForm(forms.Form):
    """The players in seat order (the chips in the order tapped, then any names typed), who
    deals first (a player, or whoever sits first), and the game's options in words."""

    # Names separated by commas or new lines: how a phone without JavaScript adds players.
    new_players = forms.CharField(
        required=False,
        max_length=2000,
        label=gettext_lazy("New players"),
        help_text=gettext_lazy(
            "Names, separated by commas. They sit after the players tapped above, "
            "in the order typed."
        ),
    )

    def __init__(self, data=None, *, rules, players):
        super().__init__(data)
        self.rules = rules
        self.circle = list(players)  # recent players first
        self.players_by_id = {str(p.pk): p for p in self.circle}
        choices = [(str(p.pk), p.name) for p in self.circle]
        self.fields["players"] = forms.MultipleChoiceField(
            choices=choices,
            required=False,
            label=_("Players"),
            error_messages={"invalid_choice": _("Only your own players can be seated.")},
        )
        self.fields["first_dealer"] = forms.ChoiceField(
            choices=[("", _("Whoever sits first")), *choices],
            required=False,
            label=_("Deals first"),
            error_messages={"invalid_choice": _("Only your own players can deal.")},
        )
        for name, option in rules.options.items():
            self.fields[f"option_{name}"] = _option_field(name, option)

    # -- what the page draws --

    def picked(self) -> list[str]:
        """The tapped players' ids in seat order, as posted (kept when the page comes back)."""
        if not self.is_bound:
            return []
        return [pk for pk in self.data.getlist("players") if pk in self.players_by_id]

    def chips(self) -> list[tuple[Player, int | None]]:
        """Every player with their seat number (None when not seated): the seated first, in
        seat order, so that a phone without JavaScript posts them in that order again; then
        the rest, most recent first."""
        picked = list(dict.fromkeys(self.picked()))
        seated = [(self.players_by_id[pk], seat) for seat, pk in enumerate(picked, start=1)]
        rest = [(p, None) for p in self.circle if str(p.pk) not in picked]
        return seated + rest

    def chosen_dealer(self) -> str:
        return str(self.data.get("first_dealer", "")) if self.is_bound else ""

    def team_letters(self) -> str:
        """Each seat's team, in seat order ("A B A B"), for the seat numbers on the chips."""
        if not self.rules.has_teams:
            return ""
        return " ".join(self.rules.team_of_seat(s) for s in range(self.rules.max_players))

    def option_fields(self):
        return [self[f"option_{name}"] for name in self.rules.options]

    # -- what was asked for --

    def clean_new_players(self) -> list[str]:
        names = []
        for typed in re.split(r"[,\n]", self.cleaned_data["new_players"]):
            if not typed.strip():
                continue
            try:
                names.append(normal_name(typed))
            except ValidationError as error:
                raise forms.ValidationError(f"{typed.strip()[:40]}: {error.messages[0]}") from None
        return names

    def clean(self):
        picked = self.cleaned_data.get("players") or []
        if len(set(picked)) != len(picked):
            raise forms.ValidationError(_("A player can only have one seat."))
        seated = {str(p.pk) for p in self.seating() if isinstance(p, Player)}
        dealer = self.cleaned_data.get("first_dealer")
        if dealer and dealer not in seated:
            name = self.players_by_id[dealer].name
            raise forms.ValidationError(
                _("%(name)s is not playing: tap one of the players in the game to deal first.")
                % {"name": name}
            )
        return self.cleaned_data

    def seating(self) -> list[Player | str]:
        """The players in seat order: the tapped ones, then the typed names (a name already
        in the circle is that player; a new one is a name still to be added)."""
        seats: list[Player | str] = [
            self.players_by_id[pk] for pk in self.cleaned_data.get("players") or []
        ]
        by_key = {p.name_key: p for p in self.circle}
        for name in self.cleaned_data.get("new_players") or []:
            known = by_key.get(name_key(name))
            if known is None:
                if name_key(name) not in {name_key(s) for s in seats if isinstance(s, str)}:
                    seats.append(name)
            elif known not in seats:
                seats.append(known)
        return seats

    def new_names(self) -> list[str]:
        return [seat for seat in self.seating() if isinstance(seat, str)]

    def first_dealer(self) -> Player | None:
        """The player tapped to deal first; None is whoever sits first."""
        pk = self.cleaned_data.get("first_dealer")
        return self.players_by_id[pk] if pk else None

    def options(self) -> dict:
        return {name: self.cleaned_data[f"option_{name}"] for name in self.rules.options}


def _option_field(name: str, option) -> forms.Field:
    label = said(option.label) or name.replace("_", " ").capitalize()
    if isinstance(option.default, bool):
        return forms.BooleanField(
            required=False, initial=option.default, label=label, help_text=said(option.help)
        )
    if isinstance(option.default, int):
        return forms.IntegerField(
            min_value=option.minimum,
            max_value=option.maximum,
            initial=option.default,
            label=label,
            help_text=said(option.help),
            widget=NUMBER,
        )
    words = [said(word) for word in option.choice_labels] or [
        c.replace("_", " ").capitalize() for c in option.choices
    ]
    return forms.ChoiceField(
        choices=list(zip(option.choices, words, strict=True)),
        initial=option.default,
        label=label,
        help_text=said(option.help),
        widget=forms.RadioSelect,
    )
