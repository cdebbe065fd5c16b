"""Sign up, log in, log out, and the base page every other page builds on."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from .conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_the_landing_page_is_open_to_everyone(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Sign up" in response.content


def test_it_signs_up_a_new_user_and_logs_them_in(client):
    response = client.post(
        reverse("signup"), {"username": "bob", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302
    assert response.url == reverse("home")
    assert get_user_model().objects.filter(username="bob").exists()
    home = client.get("/")
    assert home.context["user"].username == "bob"


def test_sign_up_keeps_the_form_and_says_what_is_wrong(client):
    response = client.post(
        reverse("signup"), {"username": "bob", "password1": PASSWORD, "password2": "something else"}
    )
    assert response.status_code == 200
    assert b"didn" in response.content  # "The two password fields didn't match."
    assert b'value="bob"' in response.content
    assert not get_user_model().objects.filter(username="bob").exists()


def test_it_logs_in_with_the_standard_fields(client, owner):
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get("/").context["user"] == owner


def test_a_wrong_password_is_refused(client, owner):
    response = client.post(reverse("login"), {"username": "ann", "password": "nope"})
    assert response.status_code == 200
    assert b"correct username and password" in response.content


def test_log_out_is_a_post(owner_client):
    response = owner_client.post(reverse("logout"))
    assert response.status_code == 302
    assert not owner_client.get("/").context["user"].is_authenticated


@pytest.mark.parametrize("path", ["/games/new/", "/games/1/", "/games/1/rounds/new/"])
def test_anonymous_users_are_sent_to_log_in(client, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_the_base_page_is_made_for_phones_and_loads_htmx(owner_client):
    html = owner_client.get("/").content.decode()
    assert '<meta name="viewport" content="width=device-width' in html
    assert "htmx" in html and "<script" in html
    assert 'hx-headers=\'{"X-CSRFToken": "' in html
    assert "css/app.css" in html


def test_forms_need_the_csrf_token(owner):
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 403


def test_the_admin_is_there(client):
    assert client.get("/admin/login/").status_code == 200
