"""The settings helpers read the environment and refuse bad values loudly."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.urls import path

from scorekeeper import settings as project_settings

from . import production_recipe

ROOT = Path(__file__).resolve().parent.parent


def test_env_example_lists_every_variable_the_settings_read():
    """The README sends the reader to .env.example for every setting from the environment."""
    source = (ROOT / "scorekeeper" / "settings.py").read_text(encoding="utf-8")
    read = set(re.findall(r'(?:env_\w+|os\.environ\.get)\(\s*"([A-Z_]+)"', source))
    listed = set(re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), re.MULTILINE))
    assert "REDIS_URL" in read and "PYODIDE_DIR" in read  # the search finds the settings read
    assert read - {"XDG_DATA_HOME"} == listed  # XDG's own: the user's data folder, not the app's


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


def _manage(*args, without=(), **env):
    """Run manage.py from the checkout: this process's environment but the variables `without`,
    and `env` on top."""
    environment = {name: value for name, value in os.environ.items() if name not in without}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
    )


def test_a_bad_setting_stops_the_app_at_start():
    result = _manage("check", DEBUG="perhaps")
    assert result.returncode != 0
    assert "DEBUG must be true or false" in result.stderr


def readme_environment(tmp_path) -> dict[str, str]:
    """The README's production `export` line with its placeholders filled in, and DATA_DIR in
    a temporary folder rather than the server's /var/lib."""
    variables = production_recipe.environment(
        long_random_value=secrets.token_urlsafe(50), password="a-database-password"
    )
    return {**variables, "DATA_DIR": str(tmp_path / "data")}


def test_the_readmes_production_environment_passes_check_deploy(tmp_path):
    environment = readme_environment(tmp_path)
    assert environment["DEBUG"] == "false"
    [check] = [command for command in production_recipe.commands() if "check" in command]
    assert check[1:] == ["-m", "django", "check", "--deploy", "--fail-level", "WARNING"]
    result = subprocess.run(
        [sys.executable, *check[1:]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, **environment},
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize(
    "key", [None, "", project_settings.DEVELOPMENT_SECRET_KEY], ids=["unset", "empty", "dev key"]
)
def test_debug_false_without_a_secret_key_of_its_own_refuses_to_start(tmp_path, key):
    environment = readme_environment(tmp_path)
    environment.pop("SECRET_KEY")
    if key is not None:
        environment["SECRET_KEY"] = key
    result = _manage("check", without=["SECRET_KEY"], **environment)
    assert result.returncode != 0
    assert "SECRET_KEY must be set to a long random value" in result.stderr
    assert "when DEBUG is false" in result.stderr


def test_a_developer_needs_no_secret_key_while_debug_is_unset_or_true(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    for debug in (None, "true"):
        key = project_settings.secret_key(debug)
        assert key == project_settings.DEVELOPMENT_SECRET_KEY


def test_a_fresh_clone_migrates_without_make_and_makes_its_data_folder(tmp_path):
    data = tmp_path / "not" / "made" / "yet"
    result = _manage("migrate", "--noinput", without=["DATABASE_URL"], DATA_DIR=str(data))
    assert result.returncode == 0, result.stdout + result.stderr
    assert (data / "db.sqlite3").stat().st_size > 0


def test_the_data_folder_is_var_in_a_checkout_and_the_users_data_folder_once_installed(
    monkeypatch, tmp_path
):
    monkeypatch.delenv("DATA_DIR", raising=False)
    assert project_settings.data_dir() == project_settings.BASE_DIR / "var"
    monkeypatch.setattr(project_settings, "CHECKOUT", False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert project_settings.data_dir() == tmp_path / "scorekeeper"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert project_settings.data_dir() == tmp_path / "home" / ".local" / "share" / "scorekeeper"
    monkeypatch.setenv("DATA_DIR", str(tmp_path / "chosen"))
    assert project_settings.data_dir() == tmp_path / "chosen"


def test_a_data_folder_that_cant_be_made_stops_the_app_naming_it(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    result = _manage("check", without=["DATABASE_URL"], DATA_DIR=str(blocker / "data"))
    assert result.returncode != 0
    assert f"DATA_DIR {blocker / 'data'} can't be created" in result.stderr


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


@pytest.mark.parametrize("debug", [None, "false"], ids=["DEBUG unset", "DEBUG=false"])
def test_serving_with_debug_off_refuses_the_development_key(debug):
    # What gunicorn imports: a server left without DEBUG set is a server too.
    environment = {"DEBUG": debug} if debug else {}
    result = subprocess.run(
        [sys.executable, "-c", "import scorekeeper.wsgi"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={
            **{k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")},
            **environment,
        },
        timeout=120,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set to a long random value" in result.stderr
