"""The installable app's two root files, the web app manifest and the service worker, and the
pages that link them. What they do in a browser is tested in tests/browser/test_offline.py."""

import json
import re
import shutil
import struct

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from games import offline
from games.models import Game, Player, Round

pytestmark = pytest.mark.django_db


def png_size(path) -> tuple[int, int]:
    with open(path, "rb") as file:
        head = file.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_the_manifest_is_served_from_the_root_to_anyone():
    response = Client().get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Scorekeeper"
    assert manifest["short_name"] == "Scores"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])


def test_the_manifests_icons_are_the_sizes_it_says_and_one_is_maskable():
    icons = json.loads(Client().get("/manifest.webmanifest").content)["icons"]
    pngs = [icon for icon in icons if icon["type"] == "image/png"]
    assert {(icon["sizes"], icon["purpose"]) for icon in pngs} == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    for icon in pngs:
        path = finders.find(icon["src"].removeprefix("/static/"))
        width, height = (int(n) for n in icon["sizes"].split("x"))
        assert png_size(path) == (width, height), icon["src"]
    assert png_size(finders.find("icons/apple-touch-icon.png")) == (180, 180)


def test_the_service_worker_is_served_from_the_root_to_anyone_and_never_cached_long():
    response = Client().get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    assert not response.cookies
    script = response.content.decode()
    assert "{{" not in script and "{%" not in script
    files = json.loads(re.search(r"const FILES = (\[.*\]);", script).group(1))
    assert files == [f"/static/{name}" for name in offline.offline_files()]


def test_both_files_are_the_same_for_everyone(owner_client):
    for path in ("/sw.js", "/manifest.webmanifest"):
        assert owner_client.get(path).content == Client().get(path).content


def test_the_service_worker_keeps_exactly_the_pages_a_table_uses(owner):
    script = Client().get("/sw.js").content.decode()
    page = re.compile(re.search(r"const PAGE = /(.+)/;", script).group(1).replace("\\/", "/"))
    game = Game.start(owner, "fourscore", [Player.add(owner, "Ann"), Player.add(owner, "Bob")])
    kept = [reverse("home"), reverse("game_detail", args=[game.pk])]
    kept.append(reverse("round_new", args=[game.pk]))
    not_kept = [
        reverse("round_edit", args=[game.pk, 1]),
        reverse("player_list"),
        reverse("game_csv", args=[game.pk]),
        "/api/games/",
    ]
    assert [path for path in kept if page.fullmatch(path)] == kept
    assert [path for path in not_kept if page.fullmatch(path)] == []


def test_the_service_worker_lists_the_hashed_static_files_that_collectstatic_wrote(
    settings, tmp_path
):
    """Under the production storage the names carry their contents' hash: the cache is exact,
    and a changed file changes the worker, which makes browsers install the new one."""
    plain = Client().get("/sw.js").content.decode()
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    from django.contrib.staticfiles.storage import staticfiles_storage

    for name in offline.offline_files():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(finders.find(name), tmp_path / name)
    paths = {name: (staticfiles_storage, name) for name in offline.offline_files()}
    list(staticfiles_storage.post_process(paths))
    offline._files_once.cache_clear()
    try:
        hashed = Client().get("/sw.js").content.decode()
    finally:
        offline._files_once.cache_clear()
    files = json.loads(re.search(r"const FILES = (\[.*\]);", hashed).group(1))
    for name, url in zip(offline.offline_files(), files, strict=True):
        stem, ext = name.rsplit(".", 1)
        assert re.fullmatch(rf"/static/{re.escape(stem)}\.[0-9a-f]{{12}}\.{ext}", url), url
        assert (tmp_path / url.removeprefix("/static/")).exists()
    version = re.compile(r'const STATIC = "static-([0-9a-f]{12})";')
    assert version.search(hashed).group(1) != version.search(plain).group(1)


@pytest.mark.parametrize("signed_in", [False, True])
def test_every_page_links_the_manifest_the_icons_and_the_offline_script(owner, signed_in):
    client = Client()
    if signed_in:
        client.force_login(owner)
    html = client.get(reverse("home")).content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<meta name="theme-color"' in html
    assert 'rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png"' in html
    assert '<script src="/static/js/offline.js" defer></script>' in html


def test_a_round_sent_after_the_game_ended_is_refused_with_an_error_not_taken_as_saved(
    owner_client, owner
):
    """A phone that was offline sends its round late; the page tells it apart from a round
    already saved (an info message) by the error, and the offline queue keeps it."""
    ann, bob = Player.add(owner, "Ann"), Player.add(owner, "Bob")
    game = Game.start(owner, "fourscore", [ann, bob], options={"deals": 1})
    form = {"number": 1, f"pile_{ann.pk}": 5, f"pile_{bob.pk}": 2}
    owner_client.post(reverse("round_new", args=[game.pk]), form)
    late = {"number": 2, f"pile_{ann.pk}": 1, f"pile_{bob.pk}": 1}
    response = owner_client.post(reverse("round_new", args=[game.pk]), late, follow=True)
    assert '<li class="message error">The game is over: this round was not saved.</li>' in (
        response.content.decode()
    )
    assert Round.objects.filter(game=game).count() == 1
