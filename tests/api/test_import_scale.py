"""Imports scale with the work: each game is scored once (not once per round), and a document's
size has stated limits, answered 400 naming the limit, never a 500 or a killed worker."""

import time

import pytest

from bench import entries
from games import transfer
from games.models import Game, GameNight, Player, Round
from games.scoring.under10 import GAME as UNDER_THE_TEN

from .conftest import everything_saved

pytestmark = pytest.mark.django_db

PLAYERS = [1, 2, 3, 4, 5, 6]


def document(rounds_per_game, games=1):
    return {
        "format": "scorekeeper/1",
        "players": [{"id": p, "name": f"P{p}"} for p in PLAYERS],
        "nights": [],
        "games": [
            {
                "id": game,
                "kind": "under10",
                "night": None,
                "players": PLAYERS,
                "first_dealer": 1,
                "options": {},
                "rounds": [
                    {"number": n, "entry": entries.under10_round(PLAYERS, n)}
                    for n in range(1, rounds_per_game + 1)
                ],
            }
            for game in range(1, games + 1)
        ],
    }


def timed_import(api, rounds):
    started = time.perf_counter()
    response = api.post("/api/import/", document(rounds), format="json")
    took = time.perf_counter() - started
    assert response.status_code == 201, response.json()
    return took


def forget_everything():
    for model in (Round, Game, GameNight, Player):
        model.objects.all().delete()


def test_a_1000_round_game_is_scored_once_and_imports_in_linear_time(api, monkeypatch):
    played = []
    real = type(UNDER_THE_TEN).play_round

    def counting(rules, table, entry):
        played.append(1)
        return real(rules, table, entry)

    monkeypatch.setattr(type(UNDER_THE_TEN), "play_round", counting)
    # The yardstick: a 100-round game on this machine, now (a shared machine's speed varies).
    small = []
    for _ in range(2):
        small.append(timed_import(api, 100))
        forget_everything()
    played.clear()
    took = timed_import(api, 1000)
    assert len(played) == 1000, "each round is played once, not once per later round"
    game = Game.objects.get()
    assert game.rounds.count() == 1000
    assert Round.objects.filter(status="complete").count() == 1000
    # Linear: ten times the rounds cost about ten times as much (quadratic would be 100 times).
    assert took < 25 * min(small), f"100 rounds took {min(small):.2f} s, 1,000 took {took:.2f} s"
    assert took < 5.0, f"a 1,000-round import took {took:.2f} s"
    fresh = Game.objects.get(pk=game.pk)
    replayed = fresh.replay([r.entry for r in fresh.rounds.order_by("number")])
    assert {s.player_id: s.total for s in fresh.seat_set.all()} == replayed.totals


@pytest.mark.parametrize(
    ("change", "detail", "field"),
    [
        (
            lambda d: d["games"][0]["rounds"].extend(
                {"number": n, "entry": entries.under10_round(PLAYERS, n)}
                for n in range(4, transfer.MOST_ROUNDS_IN_A_GAME + 2)
            ),
            f"game 1 has {transfer.MOST_ROUNDS_IN_A_GAME + 1} rounds; an import takes at most "
            f"{transfer.MOST_ROUNDS_IN_A_GAME} rounds in a game",
            "games.0.rounds",
        ),
        (
            lambda d: d["players"].extend(
                {"id": n, "name": f"Q{n}"} for n in range(100, 100 + transfer.MOST_PLAYERS)
            ),
            f"the document has {transfer.MOST_PLAYERS + 6} players; an import takes at most "
            f"{transfer.MOST_PLAYERS}",
            "players",
        ),
    ],
)
def test_a_document_over_a_limit_is_refused_naming_the_limit(api, change, detail, field):
    doc = document(3)
    change(doc)
    before = everything_saved()
    response = api.post("/api/import/", doc, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == detail
    assert response.json()["field"] == field
    assert everything_saved() == before


def test_the_rounds_of_a_whole_document_are_limited_too(api, monkeypatch):
    monkeypatch.setattr(transfer, "MOST_ROUNDS_IN_A_DOCUMENT", 5)
    response = api.post("/api/import/", document(3, games=2), format="json")
    assert response.status_code == 400
    assert response.json()["detail"].startswith(
        "the document has 6 rounds; an import takes at most 5"
    )
    assert not Game.objects.exists()
