"""The read path (issue #15): a game's version is replayed once and kept in Django's versions
cache, whose backend hands the same live object to every read in the process; the seats and
rounds of many games come in a fixed number of queries (Game.objects.with_history()); and a
write never leaves an instance holding the rows it changed."""

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.caches import VersionsCache
from games.models import Game, Player, Replayed

pytestmark = pytest.mark.django_db


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


def test_every_read_of_a_version_in_a_process_shares_one_replay_and_reads_no_rows(owner, players):
    game = played(owner, players, 2)
    first = game.replayed
    with CaptureQueriesContext(connection) as queries:
        again = Game.objects.get(pk=game.pk).replayed
    assert again is first  # the live object the write kept, not an unpickled copy
    assert len(queries) == 1  # the game's row only
    assert [r.number for r in again.board.rounds] == [1, 2]
    assert again.names == {p.pk: p.name for p in players}


def test_another_worker_reads_the_replay_the_writer_kept_without_replaying(owner, players):
    game = played(owner, players, 3)
    VersionsCache.forget_here()  # another process: only the files are shared
    fresh = Game.objects.get(pk=game.pk)
    with CaptureQueriesContext(connection) as queries:
        kept = fresh.replayed
    assert not queries, "it read the seats or rounds to replay the game"
    assert isinstance(kept, Replayed) and kept.table is not None
    assert kept.board == fresh._replayed_from(fresh.seats, fresh.saved_rounds).board


def test_a_version_with_nothing_kept_is_replayed_once_and_kept(owner, players):
    game = played(owner, players, 2)
    caches["versions"].clear()
    with CaptureQueriesContext(connection) as queries:
        board = game.scoreboard
    assert len(queries) == 2  # the seats and the rounds
    with CaptureQueriesContext(connection) as queries:
        assert game.scoreboard is board
    assert not queries


def test_with_history_reads_any_number_of_games_in_three_queries(owner, players):
    for rounds in (1, 2, 3):
        played(owner, players, rounds)
    with CaptureQueriesContext(connection) as queries:
        games = list(Game.objects.filter(owner=owner).order_by("pk").with_history())
        boards = [game.replay_saved() for game in games]
        names = [game.player_names for game in games]
    assert len(queries) == 3  # the games, their seats with players, their rounds
    assert [len(board.rounds) for board in boards] == [1, 2, 3]
    assert names == [{p.pk: p.name for p in players}] * 3


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
