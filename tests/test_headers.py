"""Response headers: a Content-Security-Policy that allows nothing inline, and signed-in pages
kept out of shared caches (tests/browser/test_csp.py shows the pages work under the policy)."""

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from .test_access import OPEN, PAGE, SHARE, URLS, client_for, text

# The access matrix's world, saved once for this module too, and its users.
from .test_access import outsider as outsider
from .test_access import owner as owner
from .test_access import saved_world as saved_world
from .test_access import world as world

pytestmark = pytest.mark.django_db


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = (part.split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in directives}


@pytest.mark.parametrize(
    "path", ["/", reverse("login"), "/api/rules/", "/api/docs/", "/api/nothing/", "/static/x"]
)
def test_every_answer_carries_the_policy(client, path):
    answer = policy(client.get(path))
    assert answer["default-src"] == ["'self'"]
    # WebAssembly may be compiled (the phone's engine); JavaScript's eval stays forbidden.
    assert answer["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert answer["style-src"] == ["'self'"]
    assert answer["worker-src"] == ["'self'"]  # the service worker at /sw.js
    assert answer["manifest-src"] == ["'self'"]  # /manifest.webmanifest
    assert answer["frame-ancestors"] == ["'none'"]
    assert answer["object-src"] == ["'none'"]
    sources = {source for values in answer.values() for source in values}
    assert not sources & {"'unsafe-inline'", "'unsafe-eval'", "*"}


class Inline(HTMLParser):
    """What the policy would refuse: inline scripts and styles, style attributes, handlers."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        names = {name for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self.found.append("an inline <script>")
        if tag == "style":
            self.found.append("a <style> element")
        if "style" in names:
            self.found.append(f"a style attribute on <{tag}>")
        self.found += [f"{name} on <{tag}>" for name in names if name.startswith("on")]
        self.found += [f"{name} on <{tag}>" for name in names if name.startswith("hx-on")]


def inline_parts(html: str) -> list[str]:
    parser = Inline()
    parser.feed(html)
    return parser.found


NOT_HTML = {"service_worker", "web_manifest"}  # JavaScript and JSON: no markup to hold anything

GET_PAGES = [
    pytest.param(name, id=name)
    for name, row in URLS.items()
    if row.gate in (PAGE, OPEN, SHARE) and row.answers.get("GET") == 200 and name not in NOT_HTML
]


@pytest.mark.parametrize("name", GET_PAGES)
def test_no_page_holds_anything_inline(world, name):
    row = URLS[name]
    response = client_for("owner", world).get(row.path(world, name))
    assert response.status_code == 200
    assert inline_parts(text(response)) == []


@pytest.mark.parametrize("name", ["login", "signup"])
def test_the_visitors_pages_hold_nothing_inline(name):
    assert inline_parts(Client().get(reverse(name)).content.decode()) == []


def test_the_fragments_hold_nothing_inline(world, owner_client):
    game = reverse("game_detail", args=[world.game.pk])
    poll = owner_client.get(game, HTTP_HX_REQUEST="true")
    assert inline_parts(poll.content.decode()) == []


def test_the_api_docs_page_holds_nothing_inline(client):
    assert inline_parts(client.get("/api/docs/").content.decode()) == []


def test_the_checks_would_catch_each_kind_of_inline_part():
    html = (
        '<script>alert(1)</script><style>p{}</style><p style="color:red" onclick="x()">'
        '<b hx-on:click="x()"></b><script src="/static/js/app.js"></script>'
    )
    assert inline_parts(html) == [
        "an inline <script>",
        "a <style> element",
        "a style attribute on <p>",
        "onclick on <p>",
        "hx-on:click on <b>",
    ]


# --- Caching -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/", "/players/", "/accounts/", "/data/export.json", "/api/players/"]
)
def test_signed_in_answers_are_private(owner_client, path):
    assert "private" in owner_client.get(path)["Cache-Control"]


def cache_control(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part.strip()}


@pytest.mark.parametrize(
    "path", ["/", "/players/", "/accounts/", "/data/", "/data/export.json", "/api/players/"]
)
def test_signed_in_answers_are_not_kept_by_the_browser(owner_client, path):
    assert {"private", "no-store"} <= cache_control(owner_client.get(path))


def test_signed_in_scoreboards_and_round_pages_are_not_kept_by_the_browser(world, owner_client):
    for name in ("game_detail", "round_new"):
        page = owner_client.get(reverse(name, args=[world.game.pk]))
        assert {"private", "no-store"} <= cache_control(page)


@pytest.mark.parametrize("path", ["/api/players/", "/api/export/", "/api/games/"])
def test_api_answers_to_a_token_are_not_kept_by_the_browser(owner, path):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    assert {"private", "no-store"} <= cache_control(api.get(path))


def test_the_landing_page_is_not_marked_private(client):
    assert "private" not in client.get("/").get("Cache-Control", "")


def test_the_scoreboard_poll_keeps_its_etag_and_304_while_private(world, owner_client):
    url = reverse("game_detail", args=[world.game.pk])
    first = owner_client.get(url, HTTP_HX_REQUEST="true")
    # Kept, to be asked about again (no-cache): no-store would leave the browser no ETag to send.
    assert cache_control(first) == {"private", "no-cache"}
    again = owner_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_the_share_page_poll_still_answers_304(world, client):
    url = reverse("game_shared", args=[world.game.share_token])
    first = client.get(url, HTTP_HX_REQUEST="true")
    again = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_an_unchanged_poll_carries_no_description_of_a_body_it_does_not_send(world, owner_client):
    url = reverse("game_detail", args=[world.game.pk])
    first = owner_client.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="nl")
    assert first["Content-Language"] == "nl"
    again = owner_client.get(
        url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"], HTTP_ACCEPT_LANGUAGE="nl"
    )
    assert again.status_code == 304
    assert "Content-Language" not in again and "Content-Type" not in again
    assert "Accept-Language" in again["Vary"]  # what a cache needs stays
