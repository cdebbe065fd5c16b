"""The games app, and the admin under the limit of wrong passwords."""

from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class GamesConfig(AppConfig):
    default = True  # for "games" in INSTALLED_APPS; the admin's config below is named in full
    name = "games"
    verbose_name = "Games"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        # Every check of a password through authenticate() counts, whoever asks: the app's
        # log-in, the admin's, the API's token.
        user_login_failed.connect(count_wrong_password, dispatch_uid="games.count_wrong_password")
        user_logged_in.connect(forget_wrong_passwords, dispatch_uid="games.forget_wrong_passwords")

        # What keeps rows of its own about games hears of every write (games.models).
        from . import models, ratings, seats

        models.game_written.connect(seats.game_written, dispatch_uid="games.seats")
        models.game_written.connect(ratings.game_written, dispatch_uid="games.ratings")
        models.games_rescored.connect(ratings.games_rescored, dispatch_uid="games.ratings")


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
    default_site = "games.admin_site.AdminSite"
