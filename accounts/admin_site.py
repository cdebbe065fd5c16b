"""The admin site, whose log-in answers 429 past the limit of wrong passwords like the app's."""

from django.contrib import admin
from django.contrib.auth.decorators import login_not_required
from django.utils.decorators import method_decorator

from .models import FailedLogin


class AdminSite(admin.AdminSite):
    @method_decorator(login_not_required)
    def login(self, request, extra_context=None):
        # The password check itself (accounts.authentication.LimitedModelBackend) refuses a locked
        # out name; this only makes the answer say so, with the status the app's log-in gives.
        locked_out = request.method == "POST" and FailedLogin.locked_out(
            request, request.POST.get("username")
        )
        if locked_out:
            extra_context = {**(extra_context or {}), "locked_out": FailedLogin.LOCKED_OUT}
        response = super().login(request, extra_context)
        if locked_out:
            response.status_code = 429
        return response
