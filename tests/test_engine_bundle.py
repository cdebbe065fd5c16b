"""The engine a phone runs (docs/offline.md): the modules /engine.json gives are the whole
engine, standing alone without Django or the rest of the project; each game's pages tell the
phone where its table stands; and the pages allow WebAssembly, nothing more. What the phone
makes of it is tested in Chromium (tests/browser/test_engine_on_phone.py, test_offline_game.py)."""

import base64
import json
import subprocess
import sys

import pytest
from django.test import Client
from django.urls import reverse

from games import offline
from games.kinds import GAMES
from games.models import Game, Player
from tests import factories
from tests.markup import parse

pytestmark = pytest.mark.django_db


def bundle() -> dict:
    response = Client().get("/engine.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Cache-Control"] == "no-cache"
    return json.loads(response.content)


def test_the_bundle_alone_plays_a_game_with_no_django_and_no_project_beside_it(tmp_path):
    given = bundle()
    for path, source in given["files"].items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(source)
    mo = tmp_path / "locale" / "nl" / "LC_MESSAGES" / "django.mo"
    mo.parent.mkdir(parents=True)
    mo.write_bytes(base64.b64decode(given["catalogues"]["nl"]))
    rules = GAMES["fourscore"]
    request = {
        "kind": "fourscore",
        "names": {"1": "Ann", "2": "Bob"},
        "base": rules.start([1, 2], options={"deals": 2}).state(),
        "rounds": [
            {"number": 1, "form": {"pile_1": ["3"], "pile_2": ["5"]}},
            {"number": 2, "form": {"pile_1": ["4"], "pile_2": [""]}},
        ],
    }
    script = (
        "import json, sys\n"
        "from games.kinds import phone\n"
        "answer = phone.play(json.loads(sys.argv[1]), phone.translations_for('nl', 'locale'))\n"
        "assert not [m for m in sys.modules if m.split('.')[0] in ('django', 'tests')]\n"
        "print(json.dumps(answer))\n"
    )
    # -I: the project's own folder (and whatever is installed for it) is not on the path.
    run = subprocess.run(
        [sys.executable, "-I", "-c", script, json.dumps(request)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tmp_path)},
        check=False,
    )
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert [r["number"] for r in answer["rounds"]] == [1]
    assert [(s["player"], s["total"]) for s in answer["standings"]] == [(1, 3), (2, 5)]
    assert answer["error"]["number"] == 2 and answer["error"]["incomplete"]
    assert answer["error"]["message"] == "Vul de hand van iedere speler in om de scores te zien."


def test_the_bundle_is_every_games_pure_modules_and_each_languages_catalogue():
    given = bundle()
    files = set(given["files"])
    assert {"games/__init__.py", "games/kinds/__init__.py", "games/kinds/phone.py"} <= files
    for kind in GAMES:
        assert {f"games/kinds/{kind}/rules.py", f"games/kinds/{kind}/entry.py"} <= files
    assert not any(path.endswith(("forms.py", "pages.py", "models.py")) for path in files)
    imports = [line for source in given["files"].values() for line in source.splitlines()]
    assert not [line for line in imports if line.lstrip().startswith(("import dj", "from dj"))]
    assert set(given["catalogues"]) == {"nl"}
    assert given["version"] == bundle()["version"]


def test_a_game_page_tells_the_phone_its_table_and_where_the_engine_is(owner_client, owner):
    players = factories.add_players(owner, ("Ann", "Bob", "Cy"))
    game = factories.play(owner, "fourscore", players, [factories.piles(players, 1, 2, 3)], deals=3)
    for url in (reverse("game_detail", args=[game.pk]), reverse("round_new", args=[game.pk])):
        page = parse(owner_client.get(url).content)
        data = json.loads(page.find("#phone-engine")["data-engine"])
        assert data["kind"] == "fourscore" and data["game"] == game.pk
        assert data["names"] == {str(p.pk): p.name for p in players}
        assert data["base"] == game.rounds.get(number=1).state
        assert data["rounds"] == []
        assert data["runtime"].startswith("/static/pyodide-")
        assert data["bundle"] == "/engine.json"
    fix = owner_client.get(reverse("round_edit", args=[game.pk, 1]))
    assert parse(fix.content).first("#phone-engine") is None  # a fix is sent as it is


def test_the_phones_table_follows_each_save_undo_and_rename_though_drawn_once_per_version(
    owner_client, owner
):
    players = factories.add_players(owner, ("Ann", "Bob", "Cy"))
    game = factories.play(owner, "fourscore", players, [factories.piles(players, 1, 2, 3)], deals=3)

    def given() -> dict:
        page = parse(owner_client.get(reverse("game_detail", args=[game.pk])).content)
        return json.loads(page.find("#phone-engine")["data-engine"])

    assert given()["base"] == game.rounds.get(number=1).state
    game.save_round(2, factories.piles(players, 3, 2, 1), owner)
    assert given()["base"] == game.rounds.get(number=2).state
    Game.objects.get(pk=game.pk).delete_last_round(2, owner)
    assert given()["base"] == game.rounds.get(number=1).state
    players[0].rename("Annie")
    assert given()["names"][str(players[0].pk)] == "Annie"


def test_an_open_round_comes_as_its_entry_after_the_table_before_it(owner):
    players = factories.add_players(owner, ("Ann", "Bob", "Cy", "Dee"))
    game = factories.play(owner, "fortytwo", players)
    game.save_round(1, {"hands": [{"player": p.pk, "bid": 0} for p in players]}, owner)
    start = Game.objects.get(pk=game.pk).phone_start()
    assert start["base"] == GAMES["fortytwo"].start([p.pk for p in players]).state()
    assert start["rounds"] == [
        {"number": 1, "entry": {"hands": [{"player": p.pk, "bid": 0} for p in players]}}
    ]


def test_a_finished_game_or_one_with_a_broken_round_gives_the_phone_nothing(owner):
    players = factories.add_players(owner, ("Ann", "Bob", "Cy"))
    over = factories.play(owner, "fourscore", players, [factories.piles(players, 1, 2, 3)])
    assert over.finished and over.phone_start() is None
    broken = factories.play(owner, "fourscore", players, deals=3)
    Game.objects.filter(pk=broken.pk).update(problem={"round": 1, "message": "x", "field": None})
    assert Game.objects.get(pk=broken.pk).phone_start() is None


def test_without_pyodide_the_pages_work_as_before_and_the_log_says_so(
    owner_client, owner, settings, caplog
):
    settings.PYODIDE_VERSION = ""
    game = Game.start(owner, "fourscore", [Player.add(owner, n) for n in ("Ann", "Bob")])
    page = owner_client.get(reverse("round_new", args=[game.pk]))
    assert page.status_code == 200 and parse(page.content).first("#phone-engine") is None
    assert "engine" not in Client().get("/sw.js").content.decode().split("const ENGINE = ")[1][:3]
    from django.apps import apps

    with caplog.at_level("WARNING", logger="games"):
        apps.get_app_config("games").ready()
    assert "Pyodide is not installed" in caplog.text


def test_the_pages_may_compile_webassembly_and_nothing_else_new():
    policy = Client().get("/accounts/login/")["Content-Security-Policy"]
    script = next(d for d in policy.split("; ") if d.startswith("script-src"))
    assert script == "script-src 'self' 'wasm-unsafe-eval'"


def test_the_service_worker_keeps_the_runtime_and_the_modules_it_is_told_of():
    worker = Client().get("/sw.js").content.decode()
    engine = json.loads(worker.split("const ENGINE = ")[1].split(";\n")[0])
    assert engine == {**offline.engine_runtime(), "files": list(offline.PYODIDE_FILES)}
    assert "/static/js/engine-worker.js" in worker and "/static/js/engine.js" in worker
