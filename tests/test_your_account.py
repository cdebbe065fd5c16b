"""Your account: changing the password, revoking API tokens, signing out everywhere else,
deleting the account and everything in it; and the limit on signing up."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import FailedLogin, SignUp
from games.models import Game, GameNight, Player, Round
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "another long table password 43"


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def token_client(key) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_the_account_page_links_everything_a_person_can_do(owner_client):
    page = owner_client.get(reverse("account")).content.decode()
    for name in ("password_change", "your_data", "logout_everywhere", "account_delete"):
        assert f'"{reverse(name)}"' in page, name
    assert f'href="{reverse("account")}"' in owner_client.get("/").content.decode()


# --- The password ---------------------------------------------------------------------------------


def test_changing_the_password_signs_out_other_phones_and_revokes_tokens(owner):
    here, elsewhere = signed_in(owner), signed_in(owner)
    key = Token.objects.create(user=owner).key
    response = here.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.url == reverse("password_change_done")
    assert here.get(reverse("password_change_done")).status_code == 200  # still signed in here
    assert elsewhere.get(reverse("account")).status_code == 302  # sent to log in
    assert token_client(key).get("/api/players/").status_code == 401
    owner.refresh_from_db()
    assert owner.check_password(NEW_PASSWORD)


def test_a_wrong_old_password_is_refused_and_counted_up_to_the_limit(owner, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 2
    client = signed_in(owner)
    wrong = {"old_password": "nope", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    for _ in range(2):
        response = client.post(reverse("password_change"), wrong)
        assert response.status_code == 200
        assert b"old password was entered incorrectly" in response.content
    right = {**wrong, "old_password": PASSWORD}
    response = client.post(reverse("password_change"), right)
    assert response.status_code == 429
    assert b"Too many wrong passwords" in response.content
    owner.refresh_from_db()
    assert owner.check_password(PASSWORD)
    assert FailedLogin.objects.count() == 2


# --- API tokens --------------------------------------------------------------------------------


def test_delete_on_the_token_endpoint_revokes_the_token_it_is_sent_with(owner, outsider):
    key = APIClient().post(
        "/api/auth/token/", {"username": "ann", "password": PASSWORD}, format="json"
    )
    key = key.json()["token"]
    theirs = Token.objects.create(user=outsider).key
    client = token_client(key)
    assert client.get("/api/players/").status_code == 200
    response = client.delete("/api/auth/token/")
    assert response.status_code == 204
    assert client.get("/api/players/").status_code == 401
    assert client.delete("/api/auth/token/").status_code == 401
    assert token_client(theirs).get("/api/players/").status_code == 200


def test_only_a_token_can_revoke_itself(owner, owner_client):
    Token.objects.create(user=owner)
    assert owner_client.delete("/api/auth/token/").status_code == 401
    assert APIClient().delete("/api/auth/token/").status_code == 401
    assert Token.objects.filter(user=owner).exists()


def test_revoking_a_token_is_in_the_openapi_schema():
    schema = APIClient().get("/api/schema/?format=json").json()
    delete = schema["paths"]["/api/auth/token/"]["delete"]
    assert set(delete["responses"]) == {"204", "401"}
    assert delete["security"] == [{"tokenAuth": []}]


# --- Signing out everywhere else ------------------------------------------------------------------


def test_signing_out_everywhere_else_ends_other_sessions_and_tokens_but_not_this_one(
    owner, outsider
):
    here, elsewhere, theirs = signed_in(owner), signed_in(owner), signed_in(outsider)
    key = Token.objects.create(user=owner).key
    response = here.post(reverse("logout_everywhere"), follow=True)
    assert "1 other session ended" in response.content.decode()
    assert here.get(reverse("account")).status_code == 200
    assert elsewhere.get(reverse("account")).status_code == 302
    assert theirs.get(reverse("account")).status_code == 200
    assert token_client(key).get("/api/players/").status_code == 401


# --- Deleting the account -------------------------------------------------------------------------


def own_a_table(user, names):
    players = [Player.add(user, name) for name in names]
    game = Game.start(user, "fourscore", players, night=GameNight.tonight(user))
    game.add_round({"hands": [{"player": p.pk, "pile": 1} for p in players]}, user)
    game.share()
    return game


def test_the_delete_page_offers_the_export_first(owner_client):
    page = owner_client.get(reverse("account_delete")).content.decode()
    assert f'href="{reverse("data_export")}"' in page


def test_a_wrong_password_deletes_nothing(owner, owner_client):
    own_a_table(owner, ["Ann", "Bob"])
    response = owner_client.post(reverse("account_delete"), {"password": "nope"})
    assert response.status_code == 400
    assert b"That is not your password" in response.content
    assert get_user_model().objects.filter(pk=owner.pk).exists()
    assert Game.objects.count() == 1
    assert FailedLogin.objects.count() == 1


def test_deleting_the_account_deletes_everything_it_owns_and_nothing_else(owner, outsider):
    game = own_a_table(owner, ["Ann", "Bob"])
    theirs = own_a_table(outsider, ["Eve", "Flo"])
    Token.objects.create(user=owner)
    client = signed_in(owner)
    response = client.post(reverse("account_delete"), {"password": PASSWORD}, follow=True)
    assert response.redirect_chain == [(reverse("home"), 302)]
    assert "deleted" in response.content.decode()
    assert not get_user_model().objects.filter(pk=owner.pk).exists()
    assert list(Game.objects.all()) == [theirs]
    assert set(Player.objects.values_list("name", flat=True)) == {"Eve", "Flo"}
    assert list(GameNight.objects.values_list("owner", flat=True)) == [outsider.pk]
    assert Round.objects.filter(game=theirs).count() == 1
    assert not Token.objects.exists()
    assert Client().get(reverse("game_shared", args=[game.share_token])).status_code == 404
    assert not client.get("/").context["user"].is_authenticated


def test_deleting_the_account_is_under_the_limit_of_wrong_passwords(owner, settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 2
    client = signed_in(owner)
    for _ in range(2):
        client.post(reverse("account_delete"), {"password": "nope"})
    response = client.post(reverse("account_delete"), {"password": PASSWORD})
    assert response.status_code == 429
    assert get_user_model().objects.filter(pk=owner.pk).exists()


# --- Signing up ---------------------------------------------------------------------------------


def sign_up(client, username, address="10.0.0.7"):
    return client.post(
        reverse("signup"),
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
        REMOTE_ADDR=address,
    )


def test_one_address_can_make_only_so_many_accounts_an_hour(settings):
    settings.SIGNUPS_PER_ADDRESS = 3
    for number in range(3):
        assert sign_up(Client(), f"player{number}").status_code == 302
    response = sign_up(Client(), "onetoomany")
    assert response.status_code == 429
    assert b"Too many new accounts from this address" in response.content
    assert not get_user_model().objects.filter(username="onetoomany").exists()
    assert sign_up(Client(), "elsewhere", address="10.0.0.8").status_code == 302


def test_a_refused_sign_up_does_not_count(settings):
    settings.SIGNUPS_PER_ADDRESS = 1
    client = Client()
    response = client.post(
        reverse("signup"),
        {"username": "bob", "password1": PASSWORD, "password2": "different"},
        REMOTE_ADDR="10.0.0.7",
    )
    assert response.status_code == 200
    assert not SignUp.objects.exists()
    assert sign_up(client, "bob").status_code == 302
