"""Who may do what: every URL pattern by role (anonymous, owner, another user, share-link holder).

Only the owner changes anything; the share link reads its one game; everything else is a login
redirect (pages), 401 (API) or 404 (another user's rows). CSRF guards every form and htmx post.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from types import SimpleNamespace
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import override_settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import seats, transfer
from games.models import Game, GameNight, Player, Round, RoundDraft, RoundRevision, Seat, SeatLink
from tests.factories import FAST_PASSWORD_HASHERS, PASSWORD, piles

pytestmark = pytest.mark.django_db

# --- The world every case starts from --------------------------------------------------------

# Names nobody would type by chance, so "not in the page" means the page doesn't show them.
OWNERS_PLAYERS = ("Annabel Quince", "Bartholomew Reed", "Cyrano Vale", "Delphine Moss")
OUTSIDERS_PLAYERS = ("Evander Mallory", "Florian Nash")


@pytest.fixture(scope="module")
def saved_world(django_db_setup, django_db_blocker):
    """The owner's four players, tonight's night, a shared FourScore game with two rounds (the
    first edited, so a version is kept) and an unshared one; another user's players and game.

    Saved once for the module, in a transaction that each case's own nests in and rolls back to,
    as Django's TestCase.setUpTestData keeps its data: building it took most of a case's time.
    """
    fast_hashing = override_settings(PASSWORD_HASHERS=FAST_PASSWORD_HASHERS)
    with django_db_blocker.unblock(), transaction.atomic(), fast_hashing:
        users = get_user_model().objects
        owner = users.create_user("ann", password=PASSWORD)
        outsider = users.create_user("mallory", password=PASSWORD)
        ann, bob, cy, dee = (Player.add(owner, name) for name in OWNERS_PLAYERS)
        night = GameNight.tonight(owner)
        game = Game.start(owner, "fourscore", [ann, bob, cy], options={"deals": 5}, night=night)
        game.add_round(piles([ann, bob, cy], 1, 2, 3), owner)
        game.add_round(piles([ann, bob, cy], 2, 2, 2), owner)
        game.replace_round(1, piles([ann, bob, cy], 3, 2, 1), owner)
        game.share()
        seats.turn_on(game)  # players' phones: Ann's phone holds a seat link
        seat_token = seats.join(game, 0)
        unshared = Game.start(owner, "fourscore", [cy, dee], night=night)
        eve, flo = (Player.add(outsider, name) for name in OUTSIDERS_PLAYERS)
        theirs = Game.start(outsider, "fourscore", [eve, flo], night=GameNight.tonight(outsider))
        saved = {
            "owner": owner,
            "outsider": outsider,
            **{"ann": ann, "bob": bob, "cy": cy, "dee": dee, "eve": eve, "flo": flo},
            **{"night": night, "game": game, "unshared": unshared, "theirs": theirs},
            "revision": game.revisions.get(),
            "seat_link": SeatLink.objects.get(),
        }
        yield {name: (type(row), row.pk) for name, row in saved.items()}, seat_token
        transaction.set_rollback(True)


@pytest.fixture
def world(saved_world, db):
    """The saved world, read afresh for each case: a case may change its rows in memory."""
    saved, seat_token = saved_world
    rows = {name: model.objects.get(pk=pk) for name, (model, pk) in saved.items()}
    return SimpleNamespace(**rows, seat_token=seat_token)


@pytest.fixture
def owner(world):
    """The world's owner (the suite's own would be a second "ann")."""
    return world.owner


@pytest.fixture
def outsider(world):
    return world.outsider


def rows(owner=None) -> dict:
    """Every row a request could change (only the owner's, given an owner), in a fixed order."""
    mine = {"owner": owner} if owner else {}
    theirs = {"game__owner": owner} if owner else {}
    return {
        "users": list(
            get_user_model()
            .objects.filter(**({"pk": owner.pk} if owner else {}))
            .order_by("pk")
            .values_list("pk", "username", "password", "is_active")
        ),
        "players": list(Player.objects.filter(**mine).order_by("pk").values_list("pk", "name")),
        "nights": list(
            GameNight.objects.filter(**mine)
            .order_by("pk")
            .values_list("pk", "date", "location", "notes")
        ),
        "games": list(
            Game.objects.filter(**mine)
            .order_by("pk")
            .values_list("pk", "first_dealer", "finished_at", "updated", "share_token", "join_code")
        ),
        "seat_links": list(
            SeatLink.objects.filter(**theirs)
            .order_by("pk")
            .values_list("pk", "seat", "token_digest")
        ),
        "drafts": list(
            RoundDraft.objects.filter(**theirs)
            .order_by("pk")
            .values_list("pk", "number", "parts", "version")
        ),
        "seats": list(
            Seat.objects.filter(**theirs)
            .order_by("pk")
            .values_list("pk", "player", "won", "rank", "total")
        ),
        "rounds": list(
            Round.objects.filter(**theirs)
            .order_by("pk")
            .values_list("pk", "number", "entry", "status")
        ),
        "revisions": list(
            RoundRevision.objects.filter(**theirs).order_by("pk").values_list("pk", "entry")
        ),
    }


# --- The matrix -------------------------------------------------------------------------------

PAGE = "page"  # needs a login: anyone else is sent to log in
API = "api"  # needs a token or a session: anyone else gets 401
OPEN = "open"  # anyone: the landing page, signing up and in and out
SHARE = "share"  # anyone holding the share link: read only
SEAT = "seat"  # anyone holding a seat link: that seat's part of the round, nothing else


@dataclass(frozen=True)
class Url:
    """How a URL answers. `answers` holds the owner's status for each method the URL takes, and
    `bodies` a request body the owner's write is made with (every other role sends the same)."""

    gate: str
    owned: bool  # the URL names one of the owner's rows: other users get 404
    address: Callable[[SimpleNamespace], dict]
    answers: dict[str, int]
    bodies: dict[str, Callable[[SimpleNamespace], object]] = field(default_factory=dict)
    changes: bool = True  # the owner's writes change saved rows

    def path(self, world, name) -> str:
        return reverse(name, kwargs=self.address(world))


def url(gate, address=None, *, owned=None, changes=True, **methods) -> Url:
    """A row of the matrix: `GET=200` or `POST=(302, body)` for each method the URL takes."""
    answers, bodies = {}, {}
    for method, answer in methods.items():
        if isinstance(answer, tuple):
            answer, bodies[method] = answer
        answers[method] = answer
    return Url(
        gate=gate,
        owned=address is not None if owned is None else owned,
        address=address or (lambda w: {}),
        answers=answers,
        bodies=bodies,
        changes=changes,
    )


def game(w):
    return {"pk": w.game.pk}


def last_round(w):
    return {"pk": w.game.pk, "number": 2}


def first_round(w):
    return {"pk": w.game.pk, "number": 1}


def revision(w):
    return {"pk": w.game.pk, "revision_pk": w.revision.pk}


def night(w):
    return {"pk": w.night.pk}


def player(w):
    return {"pk": w.dee.pk}  # sits only at the unshared game, so it can merge into Ann


def seated(w):
    return [w.ann, w.bob, w.cy]


def round_fields(w, *counts):
    return {f"pile_{p.pk}": n for p, n in zip(seated(w), counts, strict=True)}


def backup(w):
    """A small export document: one player to import."""
    players = [{"id": 1, "name": "Imported Ida"}]
    return {"format": transfer.FORMAT, "players": players, "nights": [], "games": []}


def backup_file(w):
    return {"document": SimpleUploadedFile("backup.json", json.dumps(backup(w)).encode())}


def seat_link(w):
    return {"token": w.seat_token}


def seat_pick(w):
    return {"seat": 1}  # Bob's


def seat_part(w):
    return {"stage": "3-hand", "pile": 4}  # Ann's pile in round 3


def api_game(w):
    return {"game_id": w.game.pk}


def api_round(w):
    return {"game_id": w.game.pk, "number": 2}


# Every URL pattern by name. To add one: its gate; for a URL naming one of the owner's rows, a
# function giving its address from the world; and for each method it takes, the owner's status,
# or (status, body) for a write. A write whose body is wrong would be refused for that reason
# rather than for who sent it, so every body here is one the owner's request succeeds with.
URLS: dict[str, Url] = {
    # -- open to anyone; a signed-in user is sent on from the sign-up and log-in pages
    "home": url(OPEN, GET=200),
    "signup": url(
        OPEN,
        GET=302,
        POST=(
            302,
            lambda w: {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD},
        ),
        changes=False,
    ),
    "login": url(
        OPEN, GET=302, POST=(302, lambda w: {"username": "ann", "password": "wrong"}), changes=False
    ),
    "logout": url(OPEN, POST=(302, lambda w: {}), changes=False),
    # DELETE revokes the token it is sent with: the matrix's owner has a session, no token, so
    # it is a 401 (tests/test_your_account.py revokes a real one).
    "api-token": url(
        OPEN,
        POST=(400, lambda w: {"username": "ann", "password": "wrong"}),
        DELETE=401,
        changes=False,
    ),
    # the footer's language switch: a cookie for this browser, nobody's data
    "set_language": url(OPEN, POST=(302, lambda w: {"language": "nl", "next": "/"}), changes=False),
    "service_worker": url(OPEN, GET=200),
    "engine_bundle": url(OPEN, GET=200),
    "web_manifest": url(OPEN, GET=200),
    "game_shared": url(SHARE, lambda w: {"token": w.game.share_token}, owned=False, GET=200),
    "shared_round": url(
        SHARE, lambda w: {"token": w.game.share_token, "number": 1}, owned=False, GET=200
    ),
    # a short game folds no rounds away: the pad itself (tests/test_earlier_rounds.py: a long one)
    "shared_earlier_rounds": url(
        SHARE, lambda w: {"token": w.game.share_token}, owned=False, GET=302
    ),
    # -- players' phones: joining with the code, then a seat link (docs/seats.md)
    "join": url(OPEN, GET=200, POST=(302, lambda w: {"code": w.game.join_code}), changes=False),
    "join_table": url(
        SEAT, lambda w: {"code": w.game.join_code}, owned=False, GET=200, POST=(302, seat_pick)
    ),
    "join_link": url(
        SEAT, lambda w: {"token": w.game.join_token}, owned=False, GET=200, POST=(302, seat_pick)
    ),
    "seat_page": url(SEAT, seat_link, owned=False, GET=200, POST=(302, seat_part)),
    "seat_live": url(SEAT, seat_link, owned=False, GET=200),
    # -- the trick referee: its state is in its address and it stores nothing
    "referee": url(OPEN, lambda w: {"kind": "fortyfives"}, owned=False, GET=200),
    # how a game is scored (each game's rules.md): no one's data, for anyone at the table
    "game_rules": url(OPEN, lambda w: {"kind": "fourscore"}, owned=False, GET=200),
    # -- the signed-in user's own lists and forms
    "game_new": url(
        PAGE,
        GET=200,
        POST=(
            302,
            lambda w: {
                "kind": "fourscore",
                "players": [w.ann.pk, w.bob.pk],
                "option_deals": 2,
            },
        ),
    ),
    # GET: the players page (an address the language switch may come back to).
    "player_add": url(PAGE, GET=302, POST=(302, lambda w: {"name": "Zebedee Hart"})),
    "night_list": url(PAGE, GET=200),
    "player_list": url(PAGE, GET=200),
    "your_data": url(PAGE, GET=200, POST=(302, backup_file)),
    "account": url(PAGE, GET=200),
    "password_change": url(
        PAGE,
        GET=200,
        POST=(
            302,
            lambda w: {
                "old_password": PASSWORD,
                "new_password1": "another long table password 43",
                "new_password2": "another long table password 43",
            },
        ),
    ),
    "password_change_done": url(PAGE, GET=200),
    # Ends other sessions and revokes tokens: neither is among the rows compared here
    # (tests/test_your_account.py checks both).
    "logout_everywhere": url(PAGE, POST=(302, lambda w: {}), changes=False),
    "account_delete": url(PAGE, GET=200, POST=(302, lambda w: {"password": PASSWORD})),
    "data_export": url(PAGE, GET=200),
    # -- pages of one of the owner's games, nights or players
    "game_detail": url(PAGE, game, GET=200),
    "game_share": url(PAGE, game, POST=(302, lambda w: {"action": "stop"})),
    "game_again": url(PAGE, game, POST=(302, lambda w: {})),
    # The game has rounds (and isn't "back" to a finished one): it stays.
    "game_discard": url(PAGE, game, POST=(302, lambda w: {"back": w.game.pk}), changes=False),
    "game_delete": url(PAGE, game, GET=200),
    "game_csv": url(PAGE, game, GET=200),
    "round_new": url(
        PAGE, game, GET=200, POST=(302, lambda w: {"number": 3, **round_fields(w, 1, 0, 4)})
    ),
    "round_preview": url(
        PAGE,
        game,
        POST=(200, lambda w: {"number": 3, **round_fields(w, 1, 0, 4)}),
        changes=False,
    ),
    "round_detail": url(PAGE, first_round, GET=200),
    "earlier_rounds": url(PAGE, game, GET=302),
    "round_edit": url(PAGE, first_round, GET=200, POST=(302, lambda w: round_fields(w, 5, 5, 5))),
    "round_delete": url(PAGE, last_round, POST=(302, lambda w: {})),
    "revision_restore": url(PAGE, revision, POST=(302, lambda w: {})),
    "game_phones": url(PAGE, game, GET=302, POST=(302, lambda w: {"action": "off"})),
    "phones_off": url(PAGE, game, GET=200),
    "phones_save": url(PAGE, game, POST=(302, lambda w: {}), changes=False),
    "phones_take_over": url(PAGE, game, GET=200),
    "phone_revoke": url(
        PAGE, lambda w: {"pk": w.game.pk, "link_pk": w.seat_link.pk}, POST=(302, lambda w: {})
    ),
    "night_detail": url(
        PAGE,
        night,
        GET=200,
        POST=(
            302,
            lambda w: {
                "date": timezone.localdate().isoformat(),
                "location": "The back room",
                "notes": "Bring the good cards",
            },
        ),
    ),
    "night_csv": url(PAGE, night, GET=200),
    "player_detail": url(PAGE, player, GET=200, POST=(302, lambda w: {"name": "Delphine Two"})),
    # GET asks first (without a player to merge into, the player's page says to choose one).
    "player_merge": url(PAGE, player, GET=302, POST=(302, lambda w: {"into": w.ann.pk})),
    # -- the JSON API
    "api-players": url(API, GET=200, POST=(201, lambda w: {"name": "Zebedee Hart"})),
    "api-player-stats": url(API, lambda w: {"player_id": w.ann.pk}, GET=200),
    # A game's kind, not a row: each user reads their own players' ratings.
    "api-ratings": url(API, lambda w: {"kind": "fourscore"}, owned=False, GET=200),
    "api-nights": url(API, GET=200, POST=(201, lambda w: {"date": "2026-11-21"})),
    "api-night": url(API, lambda w: {"night_id": w.night.pk}, GET=200),
    "api-rules": url(API, GET=200),
    "api-games": url(
        API, GET=200, POST=(201, lambda w: {"kind": "fourscore", "players": [w.ann.pk, w.bob.pk]})
    ),
    "api-game": url(API, api_game, GET=200),
    "api-rounds": url(API, api_game, POST=(201, lambda w: piles(seated(w), 1, 0, 4))),
    "api-round": url(
        API,
        api_round,
        PUT=(200, lambda w: piles(seated(w), 6, 6, 6)),
        PATCH=(200, lambda w: piles(seated(w), 7, 7, 7)),
        DELETE=204,
    ),
    "api-referee-fortytwo": url(
        API, POST=(200, lambda w: {"trump_card": "2S", "plays": ["QH", "AH"]}), changes=False
    ),
    "api-referee-fortyfives": url(
        API, POST=(200, lambda w: {"trump": "hearts", "plays": ["6H", "JH"]}), changes=False
    ),
    "api-export": url(API, GET=200),
    "api-import": url(API, POST=(201, backup)),
}

NOT_IN_THE_MATRIX = {
    "admin": "Django's admin keeps its own staff-only login (tests/test_accounts.py opens it)",
    "api-schema": "the API's schema is public and holds no data (tests/api/test_schema.py)",
    "api-docs": "the schema's documentation page is public and holds no data",
}

WRITES = ("POST", "PUT", "PATCH", "DELETE")


def url_names(patterns, namespace=None):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from url_names(pattern.url_patterns, pattern.namespace or namespace)
        elif isinstance(pattern, URLPattern):
            yield namespace or pattern.name or f"unnamed {pattern.pattern}"


def cases(*gates, owned=None, untaken=False):
    """(url name, method) for the rows of these gates: each method the URL takes, or with
    `untaken`, each of GET and the writes that it doesn't."""
    return [
        pytest.param(name, method, id=f"{method} {name}")
        for name, row in URLS.items()
        if row.gate in gates and (owned is None or row.owned == owned)
        for method in (("GET", *WRITES) if untaken else row.answers)
        if not untaken or method not in row.answers
    ]


# --- Clients ----------------------------------------------------------------------------------


def client_for(role, world, *, csrf=False) -> APIClient:
    """A browser-like client: the owner's or the other user's session, nobody's, or the one of
    someone who was sent the share link and opened it."""
    client = APIClient(enforce_csrf_checks=csrf)
    if role == "owner":
        client.force_login(world.owner)
    elif role == "outsider":
        client.force_login(world.outsider)
    elif role == "share_holder":
        assert client.get(reverse("game_shared", args=[world.game.share_token])).status_code == 200
    elif role == "seat_holder":
        assert client.get(reverse("seat_page", args=[world.seat_token])).status_code == 200
    elif role == "seat_holder_revoked":  # a phone that held a seat link until it was revoked
        assert client.get(reverse("seat_page", args=[world.seat_token])).status_code in (200, 404)
    return client


def send(client, method, path, row: Url, world, **extra):
    body = row.bodies[method](world) if method in row.bodies else None
    if row.gate == API and body is not None:
        extra["format"] = "json"
    if body is None:
        return getattr(client, method.lower())(path, **extra)
    return getattr(client, method.lower())(path, body, **extra)


def text(response) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    return content.decode("utf-8", errors="replace")


def shows_the_owners_players(response) -> bool:
    page = text(response)
    return any(player in page for player in OWNERS_PLAYERS)


def role_of(name) -> str:
    """Who uses a URL: signing up and in are for visitors (a signed-in user is sent on before
    anything happens); everything else is tried as the owner."""
    return "anonymous" if name in ("signup", "login") else "owner"


# --- The matrix is complete --------------------------------------------------------------------


def test_every_url_pattern_is_in_the_access_matrix():
    names = set(url_names(get_resolver().url_patterns))
    missing = names - set(URLS) - set(NOT_IN_THE_MATRIX)
    assert not missing, f"add these URLs to URLS in tests/test_access.py: {sorted(missing)}"
    assert not set(URLS) - names, "URLS holds names that are no longer URL patterns"
    assert not set(NOT_IN_THE_MATRIX) - names


def test_each_row_of_the_matrix_takes_a_method_and_has_bodies_only_for_its_methods():
    assert all(row.answers for row in URLS.values())
    assert all(set(row.bodies) <= set(row.answers) for row in URLS.values())


# --- Anonymous visitors and share-link holders --------------------------------------------------


@pytest.mark.parametrize("role", ["anonymous", "share_holder", "seat_holder"])
@pytest.mark.parametrize(("name", "method"), cases(PAGE))
def test_without_a_login_every_page_sends_to_log_in_and_changes_nothing(world, role, name, method):
    row = URLS[name]
    path = row.path(world, name)
    before = rows()
    response = send(client_for(role, world), method, path, row, world)
    assert response.status_code == 302
    login = urlsplit(response.url)
    assert login.path == reverse("login")
    assert parse_qs(login.query)["next"] == [path]
    assert rows() == before


@pytest.mark.parametrize("role", ["anonymous", "share_holder", "seat_holder"])
@pytest.mark.parametrize(("name", "method"), cases(API))
def test_without_a_login_every_endpoint_is_a_401_and_changes_nothing(world, role, name, method):
    row = URLS[name]
    before = rows()
    response = send(client_for(role, world), method, row.path(world, name), row, world)
    assert response.status_code == 401
    assert rows() == before


# --- Another user --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "method"), cases(PAGE, API, owned=True))
def test_another_user_gets_404_for_the_owners_rows_and_changes_nothing(world, name, method):
    row = URLS[name]
    before = rows()
    response = send(client_for("outsider", world), method, row.path(world, name), row, world)
    assert response.status_code == 404
    assert rows() == before


@pytest.mark.parametrize(("name", "method"), cases(PAGE, API, OPEN, owned=False))
def test_another_user_sees_and_changes_only_their_own(world, name, method):
    # The same requests the owner makes, names of the owner's players included.
    row = URLS[name]
    before = rows(world.owner)
    response = send(client_for("outsider", world), method, row.path(world, name), row, world)
    assert response.status_code < 500
    assert rows(world.owner) == before
    assert not shows_the_owners_players(response)


@pytest.mark.parametrize(("name", "method"), cases(OPEN))
def test_anonymous_visitors_see_and_change_nothing_of_the_owners_on_open_pages(world, name, method):
    row = URLS[name]
    before = rows(world.owner)
    response = send(client_for("anonymous", world), method, row.path(world, name), row, world)
    assert response.status_code < 500
    assert rows(world.owner) == before
    assert not shows_the_owners_players(response)


def test_another_users_rows_named_in_a_body_are_refused(world):
    """Ids in a body are checked as well as those in the address: each request is refused while
    it names one of the owner's rows, and goes through once it names the user's own instead."""
    client = client_for("outsider", world)
    eve, flo, ann = world.eve.pk, world.flo.pk, world.ann.pk
    own_night = GameNight.tonight(world.outsider).pk
    gus = Player.add(world.outsider, "Gustav Lind").pk  # has played nowhere: can be merged
    start = {"kind": "fourscore", "players": [eve, flo]}
    hand = {"player": eve, "pile": 1}
    # path, what names the owner's row, the same naming the user's own
    requests = [
        (reverse("game_new"), {"players": [eve, ann]}, {"players": [eve, flo]}),
        ("/api/games/", {"first_dealer": ann}, {"first_dealer": flo}),
        ("/api/games/", {"night": world.night.pk}, {"night": own_night}),
        (
            f"/api/games/{world.theirs.pk}/rounds/",
            {"hands": [hand, {"player": ann, "pile": 2}]},
            {"hands": [hand, {"player": flo, "pile": 2}]},
        ),
        (reverse("player_merge", args=[gus]), {"into": ann}, {"into": eve}),
    ]
    bodies = {
        reverse("game_new"): {
            "kind": "fourscore",
            "option_deals": 1,
        },
        "/api/games/": start,
    }

    def post(path, naming):
        body = {**bodies.get(path, {}), **naming}
        if path.startswith("/api/"):
            return client.post(path, body, format="json")
        return client.post(path, body)

    before = rows()
    for path, owners, _ in requests:
        assert post(path, owners).status_code in (200, 302, 400), path
        assert rows() == before, (path, owners)
    for path, _, own in requests:
        assert post(path, own).status_code in (201, 302), (path, own)
    assert Game.objects.filter(owner=world.outsider).count() == 4
    assert world.theirs.rounds.count() == 1
    assert not Player.objects.filter(pk=gus).exists()  # merged into Eve


# --- The owner ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "method"), cases(PAGE, API, OPEN, SHARE, SEAT))
def test_the_owner_gets_every_answer_and_only_writes_change_anything(world, name, method):
    row = URLS[name]
    before = rows()
    response = send(client_for("owner", world), method, row.path(world, name), row, world)
    assert response.status_code == row.answers[method], text(response)[:500]
    if method in WRITES and row.changes:
        assert rows() != before
    else:
        assert rows() == before


@pytest.mark.parametrize(("name", "method"), cases(PAGE, API, OPEN, SHARE, SEAT, untaken=True))
def test_a_method_a_url_does_not_take_is_a_405_and_changes_nothing(world, name, method):
    # A write reachable by GET would skip the CSRF check; a read that takes POST hides a write.
    row = URLS[name]
    before = rows()
    response = getattr(client_for(role_of(name), world), method.lower())(row.path(world, name))
    assert response.status_code == 405
    assert rows() == before


# --- The share link ----------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["anonymous", "share_holder", "outsider", "owner"])
def test_the_share_link_shows_its_one_game_to_anyone_who_has_it(world, role):
    response = client_for(role, world).get(reverse("game_shared", args=[world.game.share_token]))
    assert response.status_code == 200
    page = text(response)
    assert all(p.name in page for p in seated(world))
    assert world.dee.name not in page  # plays only in the owner's other game
    assert not any(name in page for name in OUTSIDERS_PLAYERS)
    assert reverse("round_new", args=[world.game.pk]) not in page


def test_the_share_link_opens_none_of_the_games_pages(world):
    holder = client_for("share_holder", world)
    for name in ("game_detail", "round_new", "game_csv"):
        response = holder.get(reverse(name, args=[world.game.pk]))
        assert response.status_code == 302, name
    assert holder.get(f"/api/games/{world.game.pk}/").status_code == 401


def test_a_share_link_turned_off_or_made_up_reads_nothing(world):
    token = world.game.share_token
    world.game.stop_sharing()
    assert (
        client_for("anonymous", world).get(reverse("game_shared", args=[token])).status_code == 404
    )
    for guess in ("x", token[:-1], token + "x", token.upper()):
        assert client_for("anonymous", world).get(f"/s/{guess}/").status_code == 404


# --- CSRF ----------------------------------------------------------------------------------


class Forms(HTMLParser):
    """The page's POST forms (with whether each holds the CSRF field) and <body hx-headers>."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []
        self.hx_headers: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "body":
            self.hx_headers = attrs.get("hx-headers")
        elif tag == "form" and (attrs.get("method") or "").lower() == "post":
            self.forms.append({"action": attrs.get("action"), "token": None})
        elif tag == "input" and attrs.get("name") == "csrfmiddlewaretoken" and self.forms:
            self.forms[-1]["token"] = attrs.get("value")


def parse(response) -> Forms:
    forms = Forms()
    forms.feed(text(response))
    return forms


def htmx_token(client) -> str:
    """The token htmx sends: the X-CSRFToken of <body hx-headers> on the home page."""
    forms = parse(client.get(reverse("home")))
    return json.loads(forms.hx_headers)["X-CSRFToken"]


POST_PAGES = [
    pytest.param(name, id=name)
    for name, row in URLS.items()
    if row.gate in (PAGE, OPEN, SEAT) and name != "api-token" and "POST" in row.answers
]


@pytest.mark.parametrize("name", POST_PAGES)
def test_a_post_without_the_csrf_token_is_refused_and_changes_nothing(world, name):
    row = URLS[name]
    client = client_for(role_of(name), world, csrf=True)
    htmx_token(client)  # the browser has the cookie; the request leaves the token out
    before = rows()
    response = send(client, "POST", row.path(world, name), row, world)
    assert response.status_code == 403
    assert rows() == before


@pytest.mark.parametrize("name", POST_PAGES)
def test_a_post_with_the_token_in_htmxs_header_is_accepted(world, name):
    row = URLS[name]
    client = client_for(role_of(name), world, csrf=True)
    token = htmx_token(client)
    response = send(client, "POST", row.path(world, name), row, world, HTTP_X_CSRFTOKEN=token)
    assert response.status_code != 403
    if role_of(name) == "owner":
        assert response.status_code == row.answers["POST"]


@pytest.mark.parametrize("name", POST_PAGES)
def test_a_post_with_the_token_in_the_forms_field_is_accepted(world, name):
    row = URLS[name]
    client = client_for(role_of(name), world, csrf=True)
    token = htmx_token(client)
    body = row.bodies["POST"](world)
    response = client.post(row.path(world, name), {**body, "csrfmiddlewaretoken": token})
    assert response.status_code != 403
    if role_of(name) == "owner":
        assert response.status_code == row.answers["POST"]


API_WRITES = [
    pytest.param(name, method, id=f"{method} {name}")
    for name, row in URLS.items()
    if row.gate == API
    for method in row.answers
    if method in WRITES
]


@pytest.mark.parametrize(("name", "method"), API_WRITES)
def test_the_api_with_a_session_needs_the_csrf_token(world, name, method):
    row = URLS[name]
    client = client_for("owner", world, csrf=True)
    token = htmx_token(client)
    before = rows()
    response = send(client, method, row.path(world, name), row, world)
    assert response.status_code == 403
    assert rows() == before
    response = send(client, method, row.path(world, name), row, world, HTTP_X_CSRFTOKEN=token)
    assert response.status_code == row.answers[method]


@pytest.mark.parametrize(("name", "method"), API_WRITES)
def test_the_api_with_a_token_needs_no_csrf_token(world, name, method):
    row = URLS[name]
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=world.owner).key}")
    response = send(client, method, row.path(world, name), row, world)
    assert response.status_code == row.answers[method]


def test_the_form_check_would_catch_a_post_form_without_the_token():
    forms = Forms()
    forms.feed('<body><form method="post" action="/x/"><button>Go</button></form></body>')
    assert forms.forms == [{"action": "/x/", "token": None}]
    assert forms.hx_headers is None
