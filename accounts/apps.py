"""Accounts: signing up, logging in under the limit of wrong passwords, the password, tokens and
leaving; and the admin, whose log-in is under that limit too."""

from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class AccountsConfig(AppConfig):
    default = True  # for "accounts" in INSTALLED_APPS; the admin's config below is named in full
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        # Every check of a password through authenticate() counts, whoever asks: the app's
        # log-in, the admin's, the API's token.
        user_login_failed.connect(count_wrong_password, dispatch_uid="accounts.wrong_password")
        user_logged_in.connect(forget_wrong_passwords, dispatch_uid="accounts.logged_in")


def count_wrong_password(sender, credentials, request=None, **kwargs):
    from .models import FailedLogin

    if request is not None:
        FailedLogin.record(request, credentials.get("username"))


def forget_wrong_passwords(sender, request, user, **kwargs):
    from .models import FailedLogin

    if request is not None:
        FailedLogin.forget(request, user.get_username())


class AdminConfig(admin_apps.AdminConfig):
    default = False
    default_site = "accounts.admin_site.AdminSite"
