"""Sign up, log in and log out; your account: the password, signing out everywhere, leaving."""

from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.login, name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", views.account, name="account"),
    path("password_change/", views.password_change, name="password_change"),
    path(
        "password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(http_method_names=["get", "head", "options"]),
        name="password_change_done",
    ),
    path("logout_everywhere/", views.logout_everywhere, name="logout_everywhere"),
    path("delete/", views.account_delete, name="account_delete"),
]
