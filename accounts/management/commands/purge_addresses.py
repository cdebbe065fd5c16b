"""Delete the client addresses kept past their window: wrong passwords and join codes
(FailedLogin, 15 minutes) and sign-ups (SignUp, an hour). A server runs it on a schedule
(README, "Production"); each write also deletes the expired rows of its own table."""

from django.core.management.base import BaseCommand

from accounts.models import FailedLogin, SignUp


class Command(BaseCommand):
    help = "Delete wrong-password and sign-up records (with their addresses) past their window."

    def handle(self, *args, **options):
        failed = FailedLogin.forget_expired()
        signups = SignUp.forget_expired()
        if options["verbosity"] >= 1:
            self.stdout.write(
                f"Deleted {failed} wrong passwords or codes and {signups} sign-ups past their "
                "window."
            )
