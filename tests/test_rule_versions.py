"""Each game's rules declare a version, and every game keeps the version that scored its rounds.
A corrected rule is a new version: `manage.py rescore` and the data migration that comes with
it (games.rescoring.rescore_games) score the games kept under an older one again, flagging a
round the corrected rule refuses. Migration 0011 gave games saved before rounds kept their
scores those scores."""

import io
from dataclasses import replace

import pytest
from django.apps import apps as installed_apps
from django.core.management import call_command
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from games.kinds import GAMES
from games.models import Game, Player
from games.rescoring import rescore_games
from games.scoring import EntryError
from games.scoring.messages import Message

FOURSCORE = type(GAMES["fourscore"])
MOST_CARDS = 30


def piles(players, *counts):
    return {"hands": [{"player": p.pk, "pile": n} for p, n in zip(players, counts, strict=True)]}


@pytest.fixture
def corrected_fourscore(monkeypatch):
    """FourScore as if a rule were corrected (version 2): a pile over 30 cards is refused."""
    original = FOURSCORE.play_round

    def play_round(rules, table, entry):
        for hand in entry["hands"]:
            if hand["pile"] > MOST_CARDS:
                raise EntryError(
                    Message("a pile holds at most %(most)s cards", most=MOST_CARDS),
                    field=f"hands.{hand['player']}.pile",
                )
        original(rules, table, entry)

    def corrected():
        monkeypatch.setattr(FOURSCORE, "version", FOURSCORE.version + 1)
        monkeypatch.setattr(FOURSCORE, "play_round", play_round)

    return corrected


@pytest.fixture
def games(owner):
    ann, bob = Player.add(owner, "Ann"), Player.add(owner, "Bob")
    fine = Game.start(owner, "fourscore", [ann, bob], options={"deals": 3})
    fine.add_round(piles([ann, bob], 10, 20), owner)
    broken = Game.start(owner, "fourscore", [ann, bob], options={"deals": 3})
    broken.add_round(piles([ann, bob], 10, 20), owner)
    broken.add_round(piles([ann, bob], 40, 5), owner)
    other = Game.start(owner, "under10", [ann, bob])
    return fine, broken, other


def fresh(game):
    return Game.objects.get(pk=game.pk)


@pytest.mark.django_db
def test_a_new_game_keeps_the_version_of_its_rules(games):
    assert [fresh(game).rules_version for game in games] == [
        GAMES[game.kind].version for game in games
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("how", ["command", "data migration"])
def test_games_kept_under_an_older_version_are_scored_again_and_a_refused_round_flagged(
    games, corrected_fourscore, owner_client, how
):
    fine, broken, other = games
    other_updated = fresh(other).updated
    corrected_fourscore()
    if how == "command":
        out = io.StringIO()
        call_command("rescore", stdout=out)
        assert "Scored 2 game(s) again; 1 now break a rule" in out.getvalue()
    else:
        assert rescore_games(installed_apps, ["fourscore"]) == 2
    assert fresh(fine).rules_version == fresh(broken).rules_version == 2
    assert fresh(fine).problem is None
    board = fresh(broken).scoreboard
    assert (board.problem.round_number, board.problem.message) == (
        2,
        "a pile holds at most 30 cards",
    )
    assert [r.status for r in board.rounds] == ["complete", "unscored"]
    assert board.totals == {
        seat.player_id: total for seat, total in zip(fine.seats, (10, 20), strict=True)
    }
    assert fresh(other).updated == other_updated, "a game of another kind was scored again"
    page = owner_client.get(reverse("game_detail", args=[broken.pk])).content.decode()
    assert "Round 2 breaks a rule as the game now reads it" in page
    assert reverse("round_edit", args=[broken.pk, 2]) in page


@pytest.mark.django_db
def test_a_save_to_a_game_kept_under_an_older_version_scores_it_again_first(
    games, corrected_fourscore, owner
):
    _fine, broken, _other = games
    corrected_fourscore()
    ann, bob = (seat.player for seat in broken.seats)
    with pytest.raises(EntryError, match="Round 2: a pile holds at most 30 cards"):
        fresh(broken).add_round(piles([ann, bob], 1, 1), owner)
    game = fresh(broken)
    game.replace_round(2, piles([ann, bob], 30, 5), owner)
    assert fresh(broken).rules_version == 2 and fresh(broken).problem is None
    assert fresh(broken).scoreboard.totals == {ann.pk: 40, bob.pk: 25}


# --- Migration 0011: games saved before rounds kept their scores ------------------------------

BEFORE = ("games", "0010_kind_choices_from_registry")
AFTER = ("games", "0011_stored_scores")


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


@pytest.mark.database
@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_the_scores_of_every_round_saved_before_it(owner):
    old = migrate(BEFORE)
    try:
        OldPlayer, OldGame = old.get_model("games", "Player"), old.get_model("games", "Game")
        OldSeat, OldRound = old.get_model("games", "Seat"), old.get_model("games", "Round")
        names = ["Ann", "Bob", "Cy"]
        players = [
            OldPlayer.objects.create(owner_id=owner.pk, name=name, name_key=name.lower())
            for name in names
        ]
        ann, bob, cy = (player.pk for player in players)
        game = OldGame.objects.create(
            owner_id=owner.pk, kind="under10", options={}, first_dealer=players[1]
        )
        for position, player in enumerate(players):
            OldSeat.objects.create(game=game, player=player, position=position)
        entries = [
            {"called_by": ann, "hands": [{"player": ann, "points": 3},
                                         {"player": bob, "points": 12},
                                         {"player": cy, "points": 9}]},
            {"called_by": cy, "hands": [{"player": ann, "points": 8},
                                        {"player": bob, "cards": []},
                                        {"player": cy, "points": 4}]},
        ]  # fmt: skip
        for number, entry in enumerate(entries, start=1):
            OldRound.objects.create(game=game, number=number, entry=entry, status="complete")
    finally:
        migrate(AFTER)
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("games")[0])

    migrated = Game.objects.get(pk=game.pk)
    assert migrated.rules_version == GAMES["under10"].version
    rows = list(migrated.rounds.order_by("number"))
    replayed = migrated.replay([row.entry for row in rows], strict=False)
    kept = migrated.scoreboard
    assert replace(kept, problem=None) == replace(replayed, problem=None)
    first = rows[0]
    assert (first.status, first.dealer) == ("complete", bob)
    assert [(r["player"], r["points"], r["total"]) for r in first.results] == [
        (ann, 0, 0),
        (bob, 12, 12),
        (cy, 9, 9),
    ]
    assert first.state["totals"] == [0, 12, 9] and first.state["dealer"] == cy
    # Bob's blank hand, which the corrected rules refuse: kept unscored, the game flagged.
    assert rows[1].status == "unscored"
    assert migrated.problem["round"] == 2
    assert str(kept.problem) == str(replayed.problem)


# --- Migration 0015: Under the 10's players who are out stand by their totals (version 2) ------


@pytest.mark.database
@pytest.mark.django_db(transaction=True)
def test_the_migration_places_under_the_10s_players_who_are_out_by_their_totals(owner):
    from games import ratings
    from games.models import RatingStep, Seat

    four = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    ann, bob, cy, dee = (player.pk for player in four)
    game = Game.start(owner, "under10", four)
    for hands in [
        {ann: 0, bob: 90, cy: 90, dee: 5},
        {ann: 0, bob: 62, cy: 1, dee: 5},  # Bob 152: out first
        {ann: 0, cy: 80, dee: 5},  # Cy 171: out second
        {ann: 0, dee: 100},
        {ann: 0, dee: 45},  # Dee 160: out last, and Ann is left
    ]:
        entry = {"empty_hand": ann, "hands": [{"player": p, "points": n} for p, n in hands.items()]}
        game.add_round(entry, owner)
    # As version 1 kept it: the most recently knocked out first, and rated so.
    old_places = {ann: 1, dee: 2, cy: 3, bob: 4}
    for player, rank in old_places.items():
        Seat.objects.filter(game=game, player=player).update(rank=rank)
    Game.objects.filter(pk=game.pk).update(rules_version=1)
    with transaction.atomic():  # the owner's row is locked for the recompute
        ratings.recompute(owner.pk, ["under10"])
    assert dict(RatingStep.objects.values_list("player", "rank")) == old_places

    migrate(("games", "0014_accounts_own_the_limits"))
    migrate(("games", "0015_under10_standings_by_total"))
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("games")[0])

    places = {ann: 1, bob: 2, dee: 3, cy: 4}
    assert dict(Seat.objects.filter(game=game).values_list("player", "rank")) == places
    assert dict(RatingStep.objects.values_list("player", "rank")) == places
    migrated = fresh(game)
    assert migrated.rules_version == 2 and migrated.winners == [ann]
    assert [(s.player, s.total) for s in migrated.scoreboard.standings] == [
        (ann, 0), (bob, 152), (dee, 160), (cy, 171)
    ]  # fmt: skip
