"""Sign up, log in, log out, and the base page every other page builds on."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import FailedLogin
from tests.factories import PASSWORD

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


# --- Guessing passwords ---


@pytest.fixture
def limit_of_three(settings):
    settings.LOGIN_ATTEMPTS_LIMIT = 3


def wrong_password(client, username="ann", address="10.0.0.1"):
    return client.post(
        reverse("login"), {"username": username, "password": "nope"}, REMOTE_ADDR=address
    )


def test_after_the_limit_of_wrong_passwords_even_the_right_one_is_refused(
    client, owner, limit_of_three
):
    for _ in range(3):
        assert wrong_password(client).status_code == 200
    response = client.post(
        reverse("login"), {"username": "ann", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )
    assert response.status_code == 429
    assert b"Too many wrong passwords: wait 15 minutes" in response.content
    assert b'value="ann"' in response.content  # the name typed is kept
    assert not client.get("/").context["user"].is_authenticated


def test_the_limit_counts_the_name_whatever_its_case(client, owner, limit_of_three):
    for name in ["ann", "ANN", "Ann"]:
        wrong_password(client, name)
    assert wrong_password(client, "aNn").status_code == 429


def test_a_guesser_elsewhere_does_not_lock_the_player_out(client, owner, limit_of_three):
    for _ in range(5):
        wrong_password(client, address="203.0.113.9")
    response = client.post(
        reverse("login"), {"username": "ann", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )
    assert response.status_code == 302


def test_an_ipv6_guesser_counts_as_one_however_many_addresses_of_its_64_it_takes(
    client, owner, limit_of_three
):
    # A home or a phone is given a whole /64 and may pick any address in it.
    for address in ("2001:db8::1", "2001:db8::2", "2001:db8::ffff:3"):
        assert wrong_password(client, address=address).status_code == 200
    assert wrong_password(client, address="2001:db8::4:4").status_code == 429
    assert wrong_password(client, address="2001:db8:0:1::1").status_code == 200  # another /64
    # An IPv4 caller as a dual-stack server sees it counts as its IPv4 address.
    for _ in range(3):
        wrong_password(client, address="::ffff:198.51.100.7")
    assert wrong_password(client, address="198.51.100.7").status_code == 429


def test_many_wrong_passwords_from_one_address_do_not_lock_out_the_others_behind_it(
    client, owner, outsider, limit_of_three
):
    # A pub's wifi or a phone network's shared address: one guesser there trying many names
    # locks out each name it guessed, never the other people at that address.
    for number in range(3 * 5):
        wrong_password(client, f"name{number}")
    for _ in range(3):
        wrong_password(client, "ann")
    assert wrong_password(client, "ann").status_code == 429
    response = client.post(
        reverse("login"), {"username": "mallory", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )
    assert response.status_code == 302


LOOK_ALIKES_OF_ANN = ["ANN", "\uff21nn", "A\u200bnn", "Ann\u202e", " ann ", "A\u0301nn"[0:1] + "nn"]


def test_the_limit_counts_look_alike_names_as_one(client, owner, limit_of_three):
    for name in LOOK_ALIKES_OF_ANN[:3]:
        assert wrong_password(client, name).status_code == 200
    for name in LOOK_ALIKES_OF_ANN:
        assert wrong_password(client, name).status_code == 429
    response = client.post(
        reverse("login"), {"username": "ann", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )
    assert response.status_code == 429


def test_the_admins_log_in_answers_429_past_the_limit(client, owner, limit_of_three):
    owner.is_staff = owner.is_superuser = True
    owner.save()
    for _ in range(3):
        response = client.post(
            "/admin/login/", {"username": "ann", "password": "nope"}, REMOTE_ADDR="10.0.0.1"
        )
        assert response.status_code == 200
    response = client.post(
        "/admin/login/", {"username": "ANN", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )
    assert response.status_code == 429
    assert b"Too many wrong passwords" in response.content
    assert not client.get("/").context["user"].is_authenticated
    response = client.post(
        "/admin/login/", {"username": "ann", "password": PASSWORD}, REMOTE_ADDR="10.0.0.2"
    )
    assert response.status_code == 302  # from another address, the admin gets in


def test_the_admin_and_the_app_share_one_count(client, owner, limit_of_three):
    client.post("/admin/login/", {"username": "ann", "password": "nope"}, REMOTE_ADDR="10.0.0.1")
    wrong_password(client)
    client.post(
        "/api/auth/token/",
        {"username": "ann", "password": "nope"},
        content_type="application/json",
        REMOTE_ADDR="10.0.0.1",
    )
    assert FailedLogin.objects.count() == 3
    assert wrong_password(client).status_code == 429


def test_every_password_check_is_refused_past_the_limit(rf, owner, limit_of_three):
    from django.contrib.auth import authenticate

    request = rf.post("/", REMOTE_ADDR="10.0.0.1")
    for _ in range(3):
        assert authenticate(request, username="ann", password="nope") is None
    assert authenticate(request, username="ann", password=PASSWORD) is None
    assert authenticate(rf.post("/", REMOTE_ADDR="10.0.0.2"), username="ann", password=PASSWORD)


def test_the_count_starts_again_after_a_right_password(client, owner, limit_of_three):
    wrong_password(client)
    wrong_password(client)
    client.post(reverse("login"), {"username": "ann", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1")
    client.post(reverse("logout"))
    wrong_password(client)
    wrong_password(client)
    assert wrong_password(client).status_code == 200


def test_wrong_passwords_older_than_the_window_no_longer_count(client, owner, limit_of_three):
    for _ in range(3):
        wrong_password(client)
    FailedLogin.objects.update(at=timezone.now() - FailedLogin.WINDOW - timedelta(seconds=1))
    assert wrong_password(client).status_code == 200
    assert FailedLogin.objects.count() == 1  # the old ones were cleared away


def test_behind_the_proxy_the_limit_follows_the_address_the_proxy_saw(
    client, owner, limit_of_three, settings
):
    settings.BEHIND_PROXY = True
    for _ in range(3):
        client.post(
            reverse("login"),
            {"username": "ann", "password": "nope"},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR="1.2.3.4, 198.51.100.7",
        )
    assert FailedLogin.objects.filter(address="198.51.100.7").count() == 3
    assert wrong_password(client, address="127.0.0.1").status_code == 200  # another caller


@pytest.mark.parametrize("name", ["a\x00b", "x" * 500, "🃏\u202e"])
def test_any_name_typed_is_counted_without_a_crash(client, owner, limit_of_three, name):
    assert wrong_password(client, name).status_code == 200
    # A name with NUL is refused by the form before any password is checked: nothing to count.
    assert FailedLogin.objects.count() == (0 if "\x00" in name else 1)


def test_the_api_token_endpoint_shares_the_limit(client, owner, limit_of_three):
    for _ in range(3):
        response = client.post(
            "/api/auth/token/",
            {"username": "ann", "password": "nope"},
            content_type="application/json",
            REMOTE_ADDR="10.0.0.1",
        )
        assert response.status_code == 400
    response = client.post(
        "/api/auth/token/",
        {"username": "ann", "password": PASSWORD},
        content_type="application/json",
        REMOTE_ADDR="10.0.0.1",
    )
    assert response.status_code == 429
    assert response.json() == {
        "detail": "Too many wrong passwords: wait 15 minutes, then try again."
    }
    assert response["Retry-After"] == "900"


@pytest.mark.django_db(transaction=True)
def test_the_limits_counted_before_accounts_had_an_app_are_kept_in_it():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from accounts.models import SignUp

    executor = MigrationExecutor(connection)
    executor.migrate([("games", "0013_ratings"), ("accounts", None)])
    old = executor.loader.project_state([("games", "0013_ratings")]).apps
    old.get_model("games", "FailedLogin").objects.create(username="ann", address="10.0.0.1")
    old.get_model("games", "SignUp").objects.create(address="10.0.0.2")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert FailedLogin.objects.get().address == "10.0.0.1"
    assert SignUp.objects.get().address == "10.0.0.2"


@pytest.mark.django_db(transaction=True)
def test_the_ipv6_addresses_counted_before_are_counted_by_their_64_after_the_migration():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from accounts.models import SignUp

    executor = MigrationExecutor(connection)
    executor.migrate([("accounts", "0001_initial")])
    old = executor.loader.project_state([("accounts", "0001_initial")]).apps
    for address in ("2001:db8::7:1", "10.0.0.1", "::ffff:198.51.100.7", None):
        old.get_model("accounts", "FailedLogin").objects.create(username="ann", address=address)
    old.get_model("accounts", "SignUp").objects.create(address="2001:db8:0:5:1:2:3:4")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    kept = FailedLogin.objects.order_by("pk").values_list("address", flat=True)
    assert list(kept) == ["2001:db8::", "10.0.0.1", "198.51.100.7", None]
    assert SignUp.objects.get().address == "2001:db8:0:5::"
