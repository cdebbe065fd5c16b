"""The phone pages: function views that read top to bottom; scoring lives in games.scoring."""

from django.contrib.auth import login as auth_login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

# --- Accounts -------------------------------------------------------------------------------


@login_not_required
@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        auth_login(request, user)
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


login = auth_views.LoginView.as_view(redirect_authenticated_user=True)


# --- Home -----------------------------------------------------------------------------------


@login_not_required
def home(request):
    if not request.user.is_authenticated:
        return render(request, "landing.html")
    return render(request, "home.html")
