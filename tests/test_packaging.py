"""`pip install .` makes a package that stands alone: the README's production recipe, run as
written in a fresh virtualenv, outside the checkout, serves the pages with their CSS.

One slow test on purpose, since each step needs the one before it: 26 s on a quiet machine with
a warm pip cache (2.5 min with the machine's two cores shared five ways), most of it pip and
collectstatic's compression, which is also why the collected files are checked here rather than
by a collectstatic test of their own.
"""

import http.client
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from . import production_recipe
from .live_server import free_port

ROOT = Path(__file__).resolve().parent.parent
SERVER = "/srv/scorekeeper"  # the recipe's virtualenv, made in a temporary folder here
HOST = "scores.example.org"  # the recipe's ALLOWED_HOSTS
NOT_SHIPPED = (".git", ".venv", "var", "build", "*.egg-info", "staticfiles", "test-artifacts")
NOT_SHIPPED += ("__pycache__", "node_modules", ".hypothesis", ".ruff_cache")
STARTUP_SECONDS = 60


def run(command, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(command, capture_output=True, text=True, timeout=600, **kwargs)
    assert result.returncode == 0, f"{command} failed:\n{result.stdout}\n{result.stderr}"
    return result


def get(
    port: int, path: str, *, https: bool = True, language: str = "en"
) -> http.client.HTTPResponse:
    """A request as the reverse proxy in front of gunicorn passes it on (BEHIND_PROXY)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Host": HOST, "Accept-Language": language}
    headers |= {"X-Forwarded-Proto": "https"} if https else {}
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.body = response.read()
    connection.close()
    return response


def wait_until_serving(port: int, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        assert server.poll() is None, log.read_text()
        try:
            get(port, "/accounts/login/")
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"gunicorn did not answer within {STARTUP_SECONDS} s")


@pytest.mark.slow
def test_the_readmes_recipe_installs_a_package_that_serves_its_pages_outside_the_checkout(
    tmp_path,
):
    # The checkout as a fresh clone has it (no venv, no build leftovers), so nothing the
    # developer made by hand ends up in the package.
    source = tmp_path / "checkout"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_SHIPPED))
    venv = tmp_path / "server"
    lines = production_recipe.recipe_lines()
    export = next(i for i, line in enumerate(lines) if line.startswith("export "))
    install = "\n".join(lines[:export]).replace(SERVER, str(venv))
    run(["bash", "-euo", "pipefail", "-c", install], cwd=source)

    data = tmp_path / "data"  # not made yet: the app makes it
    environment = {
        **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PYTHONPATH")},
        **production_recipe.environment(long_random_value="s" * 30 + "3cr3t-" * 5, password="-"),
        "DATA_DIR": str(data),
    }
    # No database server here: the default SQLite file in DATA_DIR instead of PostgreSQL. The
    # recipe's REDIS_URL stays: nothing answers there, and the app serves all the same.
    environment.pop("DATABASE_URL")

    # Imported from the virtualenv, not the checkout (which Python can't see from there).
    imports = (
        "import django; django.setup(); import games.models, scorekeeper as s; print(s.__file__)"
    )
    where = run([venv / "bin/python", "-c", imports], cwd=venv, env=environment)
    assert where.stdout.strip().startswith(str(venv)), where.stdout

    *django_commands, gunicorn = production_recipe.commands()
    names = [command[3] for command in django_commands]
    assert names == ["migrate", "collectstatic", "check"]
    for command in django_commands:
        run([venv / command[0], *command[1:]], cwd=venv, env=environment)
    assert (data / "db.sqlite3").stat().st_size > 0
    for command in production_recipe.scheduled():  # what the server runs every few minutes
        run([venv / command[0], *command[1:]], cwd=venv, env=environment)
    # collectstatic (the slow step: it compresses every file twice) hashed and compressed them
    collected = data / "staticfiles"
    assert (collected / "staticfiles.json").exists()
    [stylesheet] = [path.name for path in (collected / "css").glob("app.*.css")]
    assert (collected / "css" / f"{stylesheet}.gz").exists()
    assert (collected / "css" / f"{stylesheet}.br").exists()
    assert not list(collected.rglob("*.map.br")), "source maps are not worth compressing"

    port = free_port()
    log = tmp_path / "gunicorn.log"
    assert gunicorn[:2] == ["bin/gunicorn", "scorekeeper.wsgi"]
    # One worker is enough to show it serves (the machine is shared); no control socket, which
    # every gunicorn run as root would otherwise share.
    with log.open("w") as log_file:  # the child keeps its own copy of the file
        server = subprocess.Popen(
            [
                *(venv / gunicorn[0], *gunicorn[1:]),
                *("--bind", f"127.0.0.1:{port}", "--workers", "1", "--no-control-socket"),
            ],
            cwd=venv,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=log_file,
            start_new_session=True,
        )
    try:
        wait_until_serving(port, server, log)
        login = get(port, "/accounts/login/")
        assert login.status == 200
        html = login.body.decode()
        assert f'<link rel="stylesheet" href="/static/css/{stylesheet}">' in html
        css = get(port, f"/static/css/{stylesheet}")
        assert css.status == 200
        assert css.getheader("Content-Type").startswith("text/css")
        assert b"--" in css.body  # the real stylesheet (custom properties), not an error page

        rules = get(port, "/rules/fortybelow/")  # rendered from the docs inside the package
        assert rules.status == 200
        assert "Forty below." in rules.body.decode()

        # The compiled catalogue is in the package: a Dutch browser gets Dutch.
        dutch = get(port, "/accounts/login/", language="nl").body.decode()
        assert '<html lang="nl"' in dutch and "<h1>Inloggen</h1>" in dutch

        plain_http = get(port, "/accounts/login/", https=False)
        assert plain_http.status == 301
        assert plain_http.getheader("Location") == f"https://{HOST}/accounts/login/"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    assert not list(venv.glob("lib/python*/site-packages/var")), "nothing written in the package"
