"""Names with markup, quotes, emoji, right-to-left and combining letters show escaped and intact
on every page and in the API; names too long or with control characters are refused, never a 500.
"""

import csv
import io
import json
from urllib.parse import urlsplit

import pytest
from django.urls import resolve, reverse
from django.utils import timezone
from django.utils.html import escape
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import NAME_MAX_LENGTH, Game, GameNight, Player

pytestmark = [pytest.mark.django_db, pytest.mark.database]

FORTY = "Maximiliana Theodora Wolfeschlegel-Stein"
HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=1>',
    'O\'Brien "Bob"',
    "🃏 Ann 👩‍👩‍👧",  # the family is one emoji of five code points joined by ZWJ
    "שרה",
    "مريم",
    "Zo\u00eb N\u00fa\u00f1ez",  # composed, as kept (typed decomposed, it is composed: test_names)
    FORTY,
]
SCRIPT_SEATS, OTHER_SEATS = HOSTILE[:4], HOSTILE[4:]
PLACE = '<b>Bob\'s</b> "den" & yard'
NOTES = "</textarea><script>alert(2)</script>"
# What must never reach a page unescaped: each would open a tag or close an attribute.
RAW = [text for text in [*HOSTILE, PLACE, NOTES] if set(text) & set("<>\"'")] + [
    "<script>",
    "<img",
]


def test_the_names_are_what_they_claim():
    assert len(FORTY) == NAME_MAX_LENGTH
    assert len("🃏 Ann 👩‍👩‍👧") == 11
    assert all(len(name) <= NAME_MAX_LENGTH for name in HOSTILE)
    assert len({name.casefold() for name in HOSTILE}) == len(HOSTILE)


# --- A table of hostile names, made through the pages ------------------------------------------


def redirected_pk(response) -> int:
    assert response.status_code == 302, response.content[:300]
    return resolve(urlsplit(response.url).path).kwargs["pk"]


def start(client, names, deals) -> Game:
    ids = [Player.objects.get(name=name).pk for name in names]
    data = {"kind": "fourscore", "players": ids, "option_deals": deals}
    return Game.objects.get(pk=redirected_pk(client.post(reverse("game_new"), data)))


def play(client, game, *piles):
    seats = [seat.player_id for seat in game.seats]
    data = {"number": 1} | {f"pile_{pk}": pile for pk, pile in zip(seats, piles, strict=True)}
    assert client.post(reverse("round_new", args=[game.pk]), data).status_code == 302


@pytest.fixture
def table(owner_client):
    """Every hostile name added on the new-game page; a finished game where the first four all
    won (so they are the night's champions) and a running one with the other four, both shared;
    tonight's place and notes hostile too."""
    for name in HOSTILE:
        response = owner_client.post(reverse("player_add"), {"name": name, "kind": "fourscore"})
        assert response.status_code == 302
    assert sorted(Player.objects.values_list("name", flat=True)) == sorted(HOSTILE)
    finished = start(owner_client, SCRIPT_SEATS, deals=1)
    play(owner_client, finished, 0, 0, 0, 0)
    running = start(owner_client, OTHER_SEATS, deals=3)
    play(owner_client, running, 1, 2, 3, 4)
    for game in (finished, running):
        owner_client.post(reverse("game_share", args=[game.pk]))
        game.refresh_from_db()
    night = GameNight.objects.get()
    response = owner_client.post(
        reverse("night_detail", args=[night.pk]),
        {"date": timezone.localdate().isoformat(), "location": PLACE, "notes": NOTES},
    )
    assert response.status_code == 302
    assert finished.finished and not running.finished
    return {"finished": finished, "running": running, "night": night}


def page(client, path, *, post=None, **headers):
    response = client.get(path, **headers) if post is None else client.post(path, post, **headers)
    assert response.status_code == 200, path
    return response.content.decode()


def pile_fields(game, *piles):
    seats = [seat.player_id for seat in game.seats]
    return {f"pile_{pk}": pile for pk, pile in zip(seats, piles, strict=True)}


# Each page that shows names, with the names it must show (and the night's text where shown).
PAGES = {
    "home": (lambda t: reverse("home"), [PLACE]),
    "new game": (lambda t: reverse("game_new") + "?kind=fourscore", HOSTILE),
    "finished scoreboard": (
        lambda t: reverse("game_detail", args=[t["finished"].pk]),
        SCRIPT_SEATS,
    ),
    "running scoreboard": (lambda t: reverse("game_detail", args=[t["running"].pk]), OTHER_SEATS),
    "round form": (lambda t: reverse("round_new", args=[t["running"].pk]), OTHER_SEATS),
    "round edit": (lambda t: reverse("round_edit", args=[t["running"].pk, 1]), OTHER_SEATS),
    "finished share": (
        lambda t: reverse("game_shared", args=[t["finished"].share_token]),
        SCRIPT_SEATS,
    ),
    "running share": (
        lambda t: reverse("game_shared", args=[t["running"].share_token]),
        OTHER_SEATS,
    ),
    "nights": (lambda t: reverse("night_list"), [*SCRIPT_SEATS, PLACE]),
    "night": (
        lambda t: reverse("night_detail", args=[t["night"].pk]),
        [*SCRIPT_SEATS, PLACE, NOTES],
    ),
    "players": (lambda t: reverse("player_list"), HOSTILE),
}


def assert_escaped_and_intact(html: str, shown: list[str]):
    for raw in RAW:
        assert raw not in html, f"unescaped: {raw!r}"
    for text in shown:
        assert escape(text) in html, f"not shown intact: {text!r}"


@pytest.mark.parametrize("name", PAGES)
def test_every_page_shows_the_names_escaped_and_intact(owner_client, table, name):
    address, shown = PAGES[name]
    assert_escaped_and_intact(page(owner_client, address(table)), shown)


@pytest.mark.parametrize("name", ["finished share", "running share"])
def test_the_share_page_shows_them_escaped_to_anyone(client, table, name):
    address, shown = PAGES[name]
    assert_escaped_and_intact(page(client, address(table)), shown)


def test_htmx_fragments_show_them_escaped_and_intact(owner_client, table):
    running = table["running"]
    htmx = {"HTTP_HX_REQUEST": "true"}
    poll = page(owner_client, reverse("game_detail", args=[running.pk]), **htmx)
    assert_escaped_and_intact(poll, OTHER_SEATS)
    preview = page(
        owner_client,
        reverse("round_preview", args=[running.pk]),
        post={"number": 2, **pile_fields(running, 4, 3, 2, 1)},
        **htmx,
    )
    assert_escaped_and_intact(preview, OTHER_SEATS)


@pytest.mark.parametrize("name", HOSTILE)
def test_each_players_page_shows_their_name_escaped_and_intact(owner_client, table, name):
    player = Player.objects.get(name=name)
    html = page(owner_client, reverse("player_detail", args=[player.pk]))
    assert_escaped_and_intact(html, [name])


def test_the_checks_would_catch_a_name_shown_unescaped():
    with pytest.raises(AssertionError, match="unescaped"):
        assert_escaped_and_intact(f"<td>{HOSTILE[0]}</td>", [])
    with pytest.raises(AssertionError, match="intact"):
        assert_escaped_and_intact("<td>Zoe\u0308 Nu\u0301n\u0303ez</td>", [HOSTILE[6]])


# --- Downloads and the API: exactly as typed ----------------------------------------------------


def csv_cells(response) -> set[str]:
    assert response.status_code == 200
    text = response.content.decode("utf-8-sig")
    return {cell for row in csv.reader(io.StringIO(text)) for cell in row}


def test_the_csv_downloads_keep_every_name_as_typed(owner_client, table):
    finished, running = table["finished"], table["running"]
    assert set(SCRIPT_SEATS) <= csv_cells(owner_client.get(reverse("game_csv", args=[finished.pk])))
    assert set(OTHER_SEATS) <= csv_cells(owner_client.get(reverse("game_csv", args=[running.pk])))
    night = csv_cells(owner_client.get(reverse("night_csv", args=[table["night"].pk])))
    assert set(HOSTILE) | {PLACE, NOTES} <= night


def test_the_export_download_keeps_every_name_as_typed(owner_client, table):
    document = json.loads(owner_client.get(reverse("data_export")).content)
    assert sorted(p["name"] for p in document["players"]) == sorted(HOSTILE)
    assert [(n["location"], n["notes"]) for n in document["nights"]] == [(PLACE, NOTES)]


@pytest.fixture
def api(owner):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    return client


def test_the_api_takes_and_gives_back_every_name_exactly(api):
    ids = {}
    for name in HOSTILE:
        response = api.post("/api/players/", {"name": name}, format="json")
        assert response.status_code == 201
        assert response.json()["name"] == name
        ids[name] = response.json()["id"]
    listed = json.loads(api.get("/api/players/").content.decode("utf-8"))
    assert {p["name"]: p["id"] for p in listed} == ids
    game = api.post(
        "/api/games/",
        {"kind": "fourscore", "players": [ids[n] for n in OTHER_SEATS]},
        format="json",
    ).json()
    read_back = api.get(f"/api/games/{game['id']}/").json()
    assert [p["name"] for p in read_back["players"]] == OTHER_SEATS


def test_the_api_json_is_json_and_never_html(api, table):
    response = api.get(f"/api/games/{table['finished'].pk}/")
    assert response["Content-Type"] == "application/json"
    assert [p["name"] for p in response.json()["players"]] == SCRIPT_SEATS


# --- Refused names ------------------------------------------------------------------------------

REFUSED = {
    "41 characters": FORTY + "x",
    "far too long": "A" * 5000,
    "NUL": "Ann\x00Bob",
    "only NUL": "\x00",
    "bell": "Ann\x07",
    "escape": "\x1b[31mAnn",
    "delete": "Ann\x7f",
    "C1 control": "Ann\x85Bob",
    "newline": "Ann\nBob",
    "tab": "Ann\tBob",
    "carriage return": "Ann\rBob",
    "empty": "",
    "spaces": "   ",
}


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


@pytest.mark.parametrize("name", REFUSED.values(), ids=REFUSED.keys())
def test_a_bad_name_is_refused_on_the_new_game_page_with_a_message(owner_client, name):
    response = owner_client.post(reverse("player_add"), {"name": name}, follow=True)
    assert response.status_code == 200
    assert messages_of(response), "no message"
    assert not Player.objects.exists()


@pytest.mark.parametrize("name", REFUSED.values(), ids=REFUSED.keys())
def test_a_bad_name_is_refused_on_the_players_page_with_a_message(owner_client, owner, name):
    player = Player.add(owner, "Ann")
    response = owner_client.post(reverse("player_detail", args=[player.pk]), {"name": name})
    assert response.status_code == 400
    assert response.context["rename"].errors
    player.refresh_from_db()
    assert player.name == "Ann"


@pytest.mark.parametrize("name", REFUSED.values(), ids=REFUSED.keys())
def test_a_bad_name_is_refused_by_the_api_with_a_sentence(api, name):
    response = api.post("/api/players/", {"name": name}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"]
    assert not Player.objects.exists()


@pytest.mark.parametrize("name", REFUSED.values(), ids=REFUSED.keys())
def test_a_bad_name_in_an_imported_file_is_refused_and_nothing_imported(api, name):
    document = {
        "format": "scorekeeper/1",
        "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": name}],
        "nights": [],
        "games": [],
    }
    response = api.post("/api/import/", document, format="json")
    assert response.status_code == 400
    assert response.json()["detail"]
    assert not Player.objects.exists()


def test_forty_characters_are_taken_everywhere(owner_client, api, owner):
    assert owner_client.post(reverse("player_add"), {"name": FORTY}).status_code == 302
    assert api.post("/api/players/", {"name": FORTY.upper()}, format="json").status_code == 400
    player = Player.add(owner, "Ann")
    response = owner_client.post(reverse("player_detail", args=[player.pk]), {"name": FORTY[::-1]})
    assert response.status_code == 302
    assert sorted(Player.objects.values_list("name", flat=True)) == sorted([FORTY, FORTY[::-1]])


# --- Addresses and headers: PostgreSQL refuses NUL in text, so no lookup may be sent one -------


@pytest.mark.parametrize("token", ["%00", "a%00b", "%3Cscript%3E", "x" * 300, "%F0%9F%83%8F"])
def test_a_share_address_that_cannot_be_a_token_is_a_404(client, owner, token):
    assert client.get(f"/s/{token}/").status_code == 404


# Django checks a Host's name against ALLOWED_HOSTS, not its port; the watch page's link and
# QR code are drawn from the whole Host, and thousands of digits overflowed the QR code (a 500).
@pytest.mark.parametrize("port", ["9" * 3000, "65536", "000001"])
def test_a_host_with_a_port_no_server_has_is_refused_with_a_400(client, owner, port):
    game = Game.start(owner, "fourscore", [Player.add(owner, "Ann"), Player.add(owner, "Bob")])
    watch = f"/s/{game.share()}/"
    shown = client.get(watch, HTTP_HOST="localhost:8000")
    assert shown.status_code == 200 and "http://localhost:8000/s/" in shown.text
    assert client.get(watch, HTTP_HOST=f"localhost:{port}").status_code == 400


# A server hands WSGI each header's bytes as latin-1 text, so UTF-8 arrives as such.
@pytest.mark.parametrize(
    "key", ["a\x00b", "\x00", "<script>", "f" * 300, "🃏".encode().decode("latin-1")]
)
def test_a_token_header_that_cannot_be_a_token_is_a_401(owner, key):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/players/").status_code == 401


def test_names_on_the_scoreboard_are_isolated_so_right_to_left_text_keeps_its_order(
    owner_client, owner
):
    from games.models import Game, Player

    sara, bob = Player.add(owner, "שרה"), Player.add(owner, "Bob")
    game = Game.start(owner, "fourscore", [sara, bob])
    game.add_round(
        {"hands": [{"player": sara.pk, "pile": 1}, {"player": bob.pk, "pile": 4}]}, owner
    )
    html = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert "Winner: <bdi>שרה</bdi>" in html
    assert "1. <bdi>שרה</bdi>" in html
    assert '<bdi>שרה</bdi><span class="marks"><span aria-hidden="true">★</span>' in html
