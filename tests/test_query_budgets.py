"""SQL queries per request for the main pages and the API: each page's count is pinned, and it
is the same for a large game and account as for a small one (no query per round, player or game).
"""

from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Game, GameNight, Player

pytestmark = [pytest.mark.django_db, pytest.mark.database]


def under10_round(players: list[int], number: int) -> dict:
    """A call that eliminates nobody however long the game goes: the caller holds under 10
    and is lowest, everyone else holds 10, so totals step by 10 and halve at exactly 100."""
    caller = players[number % len(players)]
    return {
        "called_by": caller,
        "hands": [{"player": p, "points": number % 10 if p == caller else 10} for p in players],
    }


def under10_form(players: list[int], number: int) -> dict:
    """The same round as the round page's form posts it."""
    entry = under10_round(players, number)
    data = {"number": number, "how": "called", "ended_by": entry["called_by"]}
    data.update({f"points_{hand['player']}": hand["points"] for hand in entry["hands"]})
    return data


@dataclass
class Case:
    name: str
    game: Game
    players: list[int]  # the seated players' ids
    client: Client  # signed in as the game's owner
    api: APIClient  # with the owner's token

    @property
    def rounds(self) -> int:
        return len(self.game.saved_rounds)


def build(django_user_model, name, *, players, seated, rounds, other_games) -> Case:
    """An account with `players` in its circle, an Under the 10 game of `seated` players and
    `rounds` rounds tonight (shared), and `other_games` FourScore matches on earlier nights,
    all made through the write path."""
    user = django_user_model.objects.create_user(name)
    circle = [Player.add(user, f"Player {n}") for n in range(1, players + 1)]
    game = Game.start(user, "under10", circle[:seated], night=GameNight.tonight(user))
    seated_ids = [player.pk for player in circle[:seated]]
    for number in range(1, rounds + 1):
        game.add_round(under10_round(seated_ids, number), user)
    game.share()
    for n in range(other_games):
        night = GameNight.objects.create(
            owner=user, date=timezone.localdate() - timedelta(days=n + 1)
        )
        table = circle[n % 4 : n % 4 + 3]
        match = Game.start(user, "fourscore", table, night=night)
        piles = zip(table, [n % 5, 2, 4], strict=True)
        match.add_round({"hands": [{"player": p.pk, "pile": pile} for p, pile in piles]}, user)
    client = Client()
    client.force_login(user)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return Case(name, Game.objects.get(pk=game.pk), seated_ids, client, api)


@pytest.fixture
def small(django_user_model):
    return build(django_user_model, "small", players=2, seated=2, rounds=1, other_games=0)


@pytest.fixture
def large(django_user_model):
    case = build(django_user_model, "large", players=12, seated=6, rounds=40, other_games=6)
    assert case.game.scoreboard.extras["eliminated"] == []  # every round was saved, none refused
    return case


# Each request: its budget, the status meant, and how to make it ready (an ETag fetched, a
# round taken back, the page drawn once before: not counted) before it is sent and its queries
# counted. A page reads the game and its last round; drawing its board (the first time for a
# version of the game: then it is in the cache) reads the seats, the rounds and the last
# round's state too, three queries whatever the game's length.


def page(url_name, *, of_game=False, query="", **headers):
    def ready(case):
        url = reverse(url_name, args=[case.game.pk] if of_game else []) + query
        return lambda: case.client.get(url, **headers)

    return ready


def api_get(url_name, *, of_game=False):
    def ready(case):
        url = reverse(url_name, args=[case.game.pk] if of_game else [])
        return lambda: case.api.get(url)

    return ready


def shared_page(case):
    url = reverse("game_shared", args=[case.game.share_token])
    return lambda: Client().get(url)


def drawn_before(ready):
    """The same request once its page's board is in the cache (another phone drew it)."""

    def ready_again(case):
        send = ready(case)
        send()
        return send

    return ready_again


def unchanged_poll(case):
    url = reverse("game_detail", args=[case.game.pk])
    etag = case.client.get(url, HTTP_HX_REQUEST="true")["ETag"]
    return lambda: case.client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)


def round_edit(case):
    url = reverse("round_edit", args=[case.game.pk, case.rounds])
    return lambda: case.client.get(url)


def round_explanation(case):
    url = reverse("round_detail", args=[case.game.pk, case.rounds])
    return lambda: case.client.get(url, HTTP_HX_REQUEST="true")


def shared_round_explanation(case):
    url = reverse("shared_round", args=[case.game.share_token, case.rounds])
    return lambda: Client().get(url, HTTP_HX_REQUEST="true")


def round_preview(case):
    url = reverse("round_preview", args=[case.game.pk])
    data = under10_form(case.players, case.rounds + 1)
    return lambda: case.client.post(url, data, HTTP_HX_REQUEST="true")


def saved_again_from_the_page(case):
    number = case.rounds
    case.game.delete_last_round(number, case.game.owner)
    url = reverse("round_new", args=[case.game.pk])
    return lambda: case.client.post(url, under10_form(case.players, number))


def saved_again_by_the_api(case):
    number = case.rounds
    case.game.delete_last_round(number, case.game.owner)
    url = reverse("api-rounds", args=[case.game.pk]) + f"?number={number}"
    return lambda: case.api.post(url, under10_round(case.players, number), format="json")


def player_page(case):
    url = reverse("player_detail", args=[case.players[0]])
    return lambda: case.client.get(url)


def night_page(case):
    """The night of the account's latest finished game (tonight's, in the small account)."""
    latest = Game.objects.filter(owner=case.game.owner, finished_at__isnull=False).first()
    url = reverse("night_detail", args=[(latest or case.game).night_id])
    return lambda: case.client.get(url)


def api_ratings(case):
    url = reverse("api-ratings", args=["fourscore"])
    return lambda: case.api.get(url)


def api_player_stats(case):
    url = reverse("api-player-stats", args=[case.players[0]])
    return lambda: case.api.get(url)


REQUESTS = {
    "home": (7, 200, page("home")),  # + each listed game's players (seats and names)
    "new game": (3, 200, page("game_new", query="?kind=under10")),
    # The scoreboard also gives the phone's engine the table it plays on from (docs/offline.md):
    # the last round's state and the players' names, read once per version of the game, as
    # the board is; drawn before, the page reads the session, the user, the game and where its
    # rounds are (the last one's number and status).
    "scoreboard": (8, 200, page("game_detail", of_game=True)),
    "scoreboard, its board drawn before": (4, 200, drawn_before(page("game_detail", of_game=True))),
    "htmx poll": (7, 200, page("game_detail", of_game=True, HTTP_HX_REQUEST="true")),
    "htmx poll, unchanged": (3, 304, unchanged_poll),
    "round form": (6, 200, page("round_new", of_game=True)),
    "round edit": (6, 200, round_edit),
    "round preview": (7, 200, round_preview),
    "shared link page": (5, 200, shared_page),
    "shared link page, its board drawn before": (2, 200, drawn_before(shared_page)),
    "a round's explanation (a tap on its number)": (5, 200, round_explanation),
    "a round's explanation, from the watch link": (3, 200, shared_round_explanation),
    "API game": (4, 200, api_get("api-game", of_game=True)),
    "API game list": (3, 200, api_get("api-games")),
    "API export": (6, 200, api_get("api-export")),
    # Each player's ratings, their history lines and a night's: one query each.
    "players": (4, 200, page("player_list")),
    "player page": (10, 200, player_page),
    "night page": (6, 200, night_page),
    "API ratings": (2, 200, api_ratings),
    "API player stats": (6, 200, api_player_stats),
    # The last round taken back (not counted) and saved again.
    "round saved from the page": (13, 302, saved_again_from_the_page),
    "round saved by the API": (11, 201, saved_again_by_the_api),
}


@pytest.mark.parametrize("name", REQUESTS)
def test_each_request_makes_its_budget_of_queries_for_a_small_and_a_large_game(
    name, small, large, django_assert_num_queries
):
    budget, status, ready = REQUESTS[name]
    for case in (small, large):
        send = ready(case)
        with django_assert_num_queries(budget, info=f"{name}, {case.name} game"):
            response = send()
        assert response.status_code == status
