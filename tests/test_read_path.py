"""The read path: a board is read from what the rounds keep, playing nothing; the seats and
rounds of many games come in a fixed number of queries (Game.objects.with_history()); and a
write never leaves an instance holding the rows it changed."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.kinds import GAMES
from games.models import Game, Player

pytestmark = [pytest.mark.django_db, pytest.mark.database]


@pytest.fixture
def players(owner):
    return [Player.add(owner, name) for name in ("Ann", "Bob", "Cy")]


def piles(players, *counts):
    return {"hands": [{"player": p.pk, "pile": n} for p, n in zip(players, counts, strict=True)]}


def played(owner, players, rounds: int, deals: int = 5) -> Game:
    game = Game.start(owner, "fourscore", players, options={"deals": deals})
    for number in range(rounds):
        game.add_round(piles(players, number % 5, 2, 4), owner)
    return Game.objects.get(pk=game.pk)


def no_replays(monkeypatch):
    """Any scoring by the engine fails the test: reads read what the rounds keep."""

    def refused(*args, **kwargs):
        raise AssertionError("a read played rounds")

    for rules in GAMES.values():
        monkeypatch.setattr(type(rules), "play_on", refused)


def test_a_board_is_read_from_the_rows_in_three_queries_and_nothing_is_played(
    owner, players, monkeypatch
):
    game = played(owner, players, 3)
    fresh = Game.objects.get(pk=game.pk)
    replayed = game.replay([r.entry for r in game.rounds.order_by("number")])
    no_replays(monkeypatch)
    with CaptureQueriesContext(connection) as queries:
        board = fresh.scoreboard
    assert len(queries) == 3  # the seats, the rounds, the last round's state
    assert board == replayed
    with CaptureQueriesContext(connection) as queries:
        assert fresh.scoreboard is board
    assert not queries


def test_with_history_reads_any_number_of_boards_in_three_queries(owner, players, monkeypatch):
    for rounds in (1, 2, 3):
        played(owner, players, rounds)
    no_replays(monkeypatch)
    with CaptureQueriesContext(connection) as queries:
        games = list(Game.objects.filter(owner=owner).order_by("pk").with_history())
        boards = [game.scoreboard for game in games]
        names = [game.player_names for game in games]
    assert len(queries) == 3  # the games with their last states, their seats, their rounds
    assert [len(board.rounds) for board in boards] == [1, 2, 3]
    assert [board.totals[players[1].pk] for board in boards] == [2, 4, 6]
    assert names == [{p.pk: p.name for p in players}] * 3


def test_a_renamed_player_is_named_anew_in_every_note_without_scoring_again(owner, monkeypatch):
    ann, bob = Player.add(owner, "Ann"), Player.add(owner, "Bob")
    game = Game.start(owner, "under10", [ann, bob])
    hands = [{"player": ann.pk, "points": 2}, {"player": bob.pk, "points": 9}]
    game.add_round({"called_by": ann.pk, "hands": hands}, owner)
    no_replays(monkeypatch)
    ann.rename("Annie")
    notes = Game.objects.get(pk=game.pk).scoreboard.rounds[0].notes
    assert str(notes[0]).startswith("Annie called Under the 10")


def test_with_seats_reads_the_seats_of_any_number_of_games_in_two_queries(owner, players):
    for rounds in (1, 2):
        played(owner, players, rounds)
    with CaptureQueriesContext(connection) as queries:
        games = list(Game.objects.filter(owner=owner).with_seats())
        seated = [[seat.player.name for seat in game.seats] for game in games]
    assert len(queries) == 2
    assert seated == [["Ann", "Bob", "Cy"]] * 2


def test_a_write_leaves_no_instance_holding_the_rows_it_changed(owner, players):
    game = played(owner, players, 4)
    assert len(game.saved_rounds) == 4 and game.winners == []  # read, and held
    game.add_round(piles(players, 1, 2, 9), owner)  # the fifth and last deal: Ann wins
    assert len(game.saved_rounds) == 5
    assert game.winners == [players[0].pk]
    assert game.scoreboard.finished
    game.delete_last_round(5, owner)
    assert len(game.saved_rounds) == 4 and game.winners == []
    assert not game.scoreboard.finished


def test_a_games_seats_and_rounds_can_only_be_read(owner, players):
    """Nothing outside the model plants rows on a game: prefetching them is Django's way."""
    game = played(owner, players, 1)
    with pytest.raises(AttributeError):
        game.seats = []
    with pytest.raises(AttributeError):
        game.saved_rounds = []
    with pytest.raises(AttributeError):
        game.scoreboard = None
