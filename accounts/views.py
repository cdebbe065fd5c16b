"""Your account: sign up, log in (limited), the password, signing out everywhere, leaving."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import SESSION_KEY
from django.contrib.auth import login as auth_login
from django.contrib.auth import logout as auth_logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.sessions.models import Session
from django.db import transaction
from django.shortcuts import redirect, render, resolve_url
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)
from rest_framework.authtoken.models import Token

from .forms import DeleteAccountForm
from .models import FailedLogin, SignUp


@login_not_required
@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and SignUp.too_many(request):
        context = {"form": form, "too_many": SignUp.TOO_MANY}
        return render(request, "registration/signup.html", context, status=429)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            SignUp.record(request)
        auth_login(request, user)
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


class LoginView(auth_views.LoginView):
    """Django's log-in page, refusing (429) a name and address that keep getting the password
    wrong. (Wrong passwords are counted, and right ones clear the count, by accounts.apps.)"""

    redirect_authenticated_user = True
    http_method_names = ["get", "head", "post", "options"]  # FormView would take PUT as POST

    def get_success_url(self):
        # Signed in and sent back to this page (?next=/accounts/login/): Django would call that
        # a redirect loop and fail; home is where they meant to go.
        url = super().get_success_url()
        return resolve_url(settings.LOGIN_REDIRECT_URL) if url == self.request.path else url

    def post(self, request, *args, **kwargs):
        if FailedLogin.locked_out(request, request.POST.get("username")):
            form = self.form_class(request, initial={"username": request.POST.get("username")})
            context = self.get_context_data(form=form, locked_out=FailedLogin.LOCKED_OUT)
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)


login = LoginView.as_view()


@require_safe
def account(request):
    """Your account: the password, signing out of other phones, your data and leaving."""
    return render(request, "registration/account.html")


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change, under the limit of wrong passwords like every log-in; the new
    password signs out every other phone (Django's session check) and every API token."""

    http_method_names = ["get", "head", "post", "options"]

    def post(self, request, *args, **kwargs):
        if FailedLogin.locked_out(request, request.user.get_username()):
            context = self.get_context_data(locked_out=FailedLogin.LOCKED_OUT)
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        if form.has_error("old_password"):
            FailedLogin.record(self.request, self.request.user.get_username())
        return super().form_invalid(form)

    def form_valid(self, form):
        Token.objects.filter(user=self.request.user).delete()
        return super().form_valid(form)


password_change = PasswordChangeView.as_view()


@require_POST
def logout_everywhere(request):
    """Every API token revoked and every other session ended; this phone stays signed in."""
    user = request.user
    Token.objects.filter(user=user).delete()
    ended = _end_other_sessions(request)
    messages.success(
        request,
        ngettext(
            "Signed out everywhere else: %(count)d other session ended and API tokens revoked.",
            "Signed out everywhere else: %(count)d other sessions ended and API tokens revoked.",
            ended,
        )
        % {"count": ended},
    )
    return redirect("account")


def _end_other_sessions(request) -> int:
    # Sessions are stored signed and encoded, not by user: each live one is read to find them.
    # (An account has a handful; the table holds only unexpired sessions worth reading.) Each
    # is ended by the session engine, so that a copy in the cache (cached_db) goes too.
    mine = str(request.user.pk)
    current = request.session.session_key
    keys = [
        session.session_key
        for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator()
        if session.session_key != current and session.get_decoded().get(SESSION_KEY) == mine
    ]
    for key in keys:
        type(request.session)().delete(key)
    return len(keys)


@require_http_methods(["GET", "POST"])
def account_delete(request):
    """Delete the account and everything it owns, once the password is confirmed."""
    form = DeleteAccountForm(request.POST or None)
    user = request.user
    if request.method == "POST":
        if FailedLogin.locked_out(request, user.get_username()):
            context = {"form": form, "locked_out": FailedLogin.LOCKED_OUT}
            return render(request, "registration/account_delete.html", context, status=429)
        if form.is_valid():
            if user.check_password(form.cleaned_data["password"]):
                with transaction.atomic():
                    user.delete()  # and everything they own with them
                auth_logout(request)
                messages.success(request, _("Your account and everything in it are deleted."))
                return redirect("home")
            FailedLogin.record(request, user.get_username())
            form.add_error("password", _("That is not your password."))
    return render(
        request,
        "registration/account_delete.html",
        {"form": form},
        status=400 if form.errors else 200,
    )
