"""The account pages' forms beyond Django's own."""

from django import forms
from django.utils.translation import gettext_lazy


class DeleteAccountForm(forms.Form):
    """The password, typed again before the account is deleted."""

    password = forms.CharField(
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        label=gettext_lazy("Your password, to confirm"),
        max_length=4096,
    )
