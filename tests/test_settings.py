"""The settings helpers read the environment and refuse bad values loudly."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.urls import path

from scorekeeper import settings as project_settings

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("raw", "expected"), [("true", True), ("1", True), ("off", False), ("", False), ("YES", True)]
)
def test_env_bool_reads_the_usual_words(monkeypatch, raw, expected):
    monkeypatch.setenv("SOME_FLAG", raw)
    assert project_settings.env_bool("SOME_FLAG", not expected) is expected


def test_env_bool_refuses_anything_else(monkeypatch):
    monkeypatch.setenv("SOME_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="SOME_FLAG must be true or false"):
        project_settings.env_bool("SOME_FLAG", False)


@pytest.mark.parametrize("raw", ["ten", "1.5", "-3"])
def test_env_int_refuses_what_is_not_a_whole_number(monkeypatch, raw):
    monkeypatch.setenv("SOME_NUMBER", raw)
    with pytest.raises(ImproperlyConfigured, match="SOME_NUMBER must"):
        project_settings.env_int("SOME_NUMBER", 0)


def test_env_list_splits_on_commas(monkeypatch):
    monkeypatch.setenv("SOME_HOSTS", " a.example , b.example,,")
    assert project_settings.env_list("SOME_HOSTS", []) == ["a.example", "b.example"]


def test_database_url_must_be_sqlite_or_postgres():
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL must be"):
        project_settings.database_from_url("mysql://x@localhost/db")


def test_sqlite_is_tuned_for_a_web_app():
    config = project_settings.database_from_url("sqlite:////tmp/x.sqlite3")
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]
    assert config["OPTIONS"]["timeout"] >= 5


def test_postgres_urls_are_understood():
    config = project_settings.database_from_url("postgres://u:p@db.example:5432/scores")
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "scores"


def _manage(*args, **env):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=120,
    )


def test_a_bad_setting_stops_the_app_at_start():
    result = _manage("check", DEBUG="perhaps")
    assert result.returncode != 0
    assert "DEBUG must be true or false" in result.stderr


PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-long-random-production-secret-0123456789-abcdefghijklmnop-XYZ",
    "ALLOWED_HOSTS": "scores.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://scores.example.org",
    "SECURE_SSL_REDIRECT": "true",
    "SESSION_COOKIE_SECURE": "true",
    "CSRF_COOKIE_SECURE": "true",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "true",
    "SECURE_HSTS_PRELOAD": "true",
}


def test_check_deploy_is_clean_with_production_settings():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_warns_about_the_development_secret_key():
    env = {**PRODUCTION}
    env.pop("SECRET_KEY")
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY="insecure-development-key-do-not-use-in-production",
        **{k: v for k, v in env.items()},
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stdout + result.stderr


def test_collectstatic_writes_hashed_and_compressed_files(tmp_path):
    result = _manage("collectstatic", "--noinput", STATIC_ROOT=str(tmp_path))
    assert result.returncode == 0, result.stderr
    css = list((tmp_path / "css").glob("app.*.css"))
    assert css, "the stylesheet gets a hashed name"
    assert (tmp_path / "css" / f"{css[0].name}.gz").exists()
    assert (tmp_path / "staticfiles.json").exists()


def boom(request):
    raise RuntimeError("a secret in the traceback")


urlpatterns = [path("boom/", login_not_required(boom))]


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_a_crash_shows_a_plain_page_and_no_traceback(settings):
    assert settings.DEBUG is False
    response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500
    html = response.content.decode()
    assert "Something went wrong" in html
    assert "secret" not in html and "Traceback" not in html


@pytest.mark.django_db
def test_a_missing_page_says_so_without_listing_the_urls(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Not found" in html
    assert "URLconf" not in html and "admin/" not in html
