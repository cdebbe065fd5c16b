"""Games saved before a rule was corrected: the data migration rewrites their kept facts, and a
game that a corrected rule makes invalid stays readable, is flagged, and is fixed by an edit."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from games.kinds.fortyfives.tests import test_rules as ff
from games.kinds.fortytwo.tests import test_rules as fortytwo
from games.models import Game, Player, Round
from games.scoring import EntryError
from tests.factories import under10_game_saved_with_a_blank_hand

BEFORE = ("games", "0002_failed_login")
AFTER = ("games", "0003_rescore_games_under_corrected_rules")

# Forty Fives, on the green. Saved under the old rules, where a team at 120 or more "won"
# whether or not it was set, and a waiting team never won when the bidders fell off the green.
SET_TEAM_CROWNED = [*ff.A_150_B_100, ff.hand(ff.ANN, 15, 2, 3, high="B")]  # A 135 set, B 120
FELL_OFF_THEN_PLAYED_ON = [
    *ff.A_140_B_95,
    ff.hand(ff.BOB, 15, 3, 2, high="A"),  # B set to 80: now A wins here, with 160
    ff.hand(ff.ANN, 15, 3, 2, high="A"),  # the old rules played on: A went out with 180
]


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def old_game(apps, owner_id, kind, names, entries, *, options, facts, finished):
    """A game as the old code left it: its rounds, and the facts it kept on the seats."""
    Player = apps.get_model("games", "Player")
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    Round = apps.get_model("games", "Round")
    players = [Player.objects.get_or_create(owner_id=owner_id, name=name)[0] for name in names]
    ids = {name: player.pk for name, player in zip(names, players, strict=True)}
    game = Game.objects.create(
        owner_id=owner_id,
        kind=kind,
        options=options,
        first_dealer=players[0],
        finished_at=timezone.now() if finished else None,
    )
    for position, player in enumerate(players):
        won, rank, total = facts[names[position]]
        team = "AB"[position % 2] if kind == "fortyfives" else ""
        Seat.objects.create(
            game=game, player=player, position=position, team=team, won=won, rank=rank, total=total
        )
    for number, entry in enumerate(entries(ids), start=1):
        status = "open" if kind == "fortyfives" and "tricks" not in entry else "complete"
        Round.objects.create(game=game, number=number, entry=entry, status=status)
    return game.pk


def with_ids(entries, ids_by_test_id):
    """Forty Fives entries written with the scoring tests' ids, given the database's."""
    return [
        {**entry, "bidder": ids_by_test_id[entry["bidder"]]} if "bidder" in entry else entry
        for entry in entries
    ]


ANN_42, BOB_42, CY_42 = fortytwo.THREE
WAITING_AT_42 = [
    *fortytwo.raise_to({ANN_42: 39, BOB_42: 40, CY_42: 5}),
    fortytwo.hand({ANN_42: 0, BOB_42: 3, CY_42: 5}, {ANN_42: 0, BOB_42: 2, CY_42: 5}),
]


def with_players(entries, ids):
    """42 entries written with the scoring tests' ids, given the database's by name."""
    by_test_id = {ANN_42: ids["Ann"], BOB_42: ids["Bob"], CY_42: ids["Cy"]}
    return [
        {"hands": [{**hand, "player": by_test_id[hand["player"]]} for hand in entry["hands"]]}
        for entry in entries
    ]


def seat_facts(game_id):
    game = Game.objects.get(pk=game_id)
    return game.finished, {
        seat.player.name: (seat.won, seat.rank, seat.total) for seat in game.seat_set.all()
    }


@pytest.mark.database
@pytest.mark.django_db(transaction=True)
def test_the_migration_rewrites_the_kept_facts_of_games_saved_under_the_old_rules(owner):
    apps = migrate(BEFORE)
    try:
        four = ["Ann", "Bob", "Cy", "Dee"]

        def ff_entries(entries):
            return lambda ids: with_ids(entries, {ff.ANN: ids["Ann"], ff.BOB: ids["Bob"]})

        green = {**{name: False for name in ff.OPTION_NAMES}, "on_the_green": True}
        crowned = old_game(
            apps, owner.pk, "fortyfives", four, ff_entries(SET_TEAM_CROWNED), options=green,
            facts={"Ann": (True, 1, 135), "Cy": (True, 1, 135),
                   "Bob": (False, 3, 120), "Dee": (False, 3, 120)},
            finished=True,
        )  # fmt: skip
        fell_off = old_game(
            apps, owner.pk, "fortyfives", four, ff_entries(FELL_OFF_THEN_PLAYED_ON), options=green,
            facts={"Ann": (True, 1, 180), "Cy": (True, 1, 180),
                   "Bob": (False, 3, 85), "Dee": (False, 3, 85)},
            finished=True,
        )  # fmt: skip
        # 42: Ann made her bid at 42 while Bob waited there; the old standings gave both
        # rank 1.
        waiting = old_game(
            apps, owner.pk, "fortytwo", ["Ann", "Bob", "Cy"],
            lambda ids: with_players(WAITING_AT_42, ids),
            options={},
            facts={"Ann": (True, 1, 42), "Bob": (False, 1, 42), "Cy": (False, 3, 13)},
            finished=True,
        )  # fmt: skip
        # Under the 10: Bob's hand was left blank in round 2 and saved as no cards (0 points).
        blank = old_game(
            apps, owner.pk, "under10", ["Ann", "Bob", "Cy"],
            lambda ids: [
                {"called_by": ids["Ann"], "hands": [{"player": ids["Ann"], "points": 3},
                                                    {"player": ids["Bob"], "points": 12},
                                                    {"player": ids["Cy"], "points": 9}]},
                {"called_by": ids["Cy"], "hands": [{"player": ids["Ann"], "points": 8},
                                                   {"player": ids["Bob"], "cards": []},
                                                   {"player": ids["Cy"], "points": 4}]},
            ],
            options={"end": "last_standing"},
            facts={"Ann": (False, 2, 8), "Bob": (False, 3, 12), "Cy": (False, 1, 33)},
            finished=False,
        )  # fmt: skip
    finally:
        migrate(AFTER)
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("games")[0])

    # The set team is no longer crowned: the game goes on, nobody has won.
    assert seat_facts(crowned) == (
        False,
        {"Ann": (False, 1, 135), "Cy": (False, 1, 135), "Bob": (False, 3, 120),
         "Dee": (False, 3, 120)},
    )  # fmt: skip
    # The waiting team won when the bidders fell off the green, a hand earlier; the hand played
    # after it stays saved and is flagged.
    assert seat_facts(fell_off) == (
        True,
        {"Ann": (True, 1, 160), "Cy": (True, 1, 160), "Bob": (False, 3, 80),
         "Dee": (False, 3, 80)},
    )  # fmt: skip
    board = Game.objects.get(pk=fell_off).scoreboard
    assert (board.problem.round_number, board.problem.message) == (11, "the game is already over")
    # The player waiting at 42 stands below the winner.
    assert seat_facts(waiting) == (
        True, {"Ann": (True, 1, 42), "Bob": (False, 2, 42), "Cy": (False, 3, 13)}
    )  # fmt: skip
    # The blank hand is not scored 0 any more: the game reads up to round 1 and is flagged.
    assert seat_facts(blank) == (
        False, {"Ann": (False, 1, 0), "Bob": (False, 3, 12), "Cy": (False, 2, 9)}
    )  # fmt: skip
    game = Game.objects.get(pk=blank)
    assert game.rounds.get(number=2).entry["hands"][1] == {
        "player": Player.objects.get(owner=owner, name="Bob").pk,
        "cards": [],
    }
    assert game.scoreboard.problem.round_number == 2


# --- A game broken by a corrected rule, on its pages and in the API ----------------------------


@pytest.fixture
def blank_hand_game(owner):
    return under10_game_saved_with_a_blank_hand(owner)


@pytest.mark.django_db
def test_a_broken_game_is_shown_up_to_the_broken_round_with_a_link_to_fix_it(
    blank_hand_game, owner_client
):
    game, _ = blank_hand_game
    page = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "Round 2 breaks a rule as the game now reads it" in page
    assert "Bob&#x27;s hand has no cards" in page
    assert reverse("round_edit", args=[game.pk, 2]) in page
    assert owner_client.get(reverse("round_edit", args=[game.pk, 2])).status_code == 200


@pytest.mark.django_db
def test_a_broken_game_tells_the_api_which_round_and_why(blank_hand_game, owner):
    game, _ = blank_hand_game
    api = APIClient()
    api.force_authenticate(owner)
    body = api.get(f"/api/games/{game.pk}/").json()
    assert body["problem"]["round"] == 2
    assert body["problem"]["detail"].startswith("Bob's hand has no cards")
    assert [r["status"] for r in body["rounds"]] == ["complete", "unscored"]
    assert body["finished"] is False


@pytest.mark.django_db
def test_a_broken_game_takes_no_new_round_until_it_is_fixed_and_an_edit_fixes_it(
    blank_hand_game, owner
):
    game, (ann, bob, cy) = blank_hand_game
    next_round = {"empty_hand": ann.pk, "hands": [{"player": ann.pk, "points": 0},
                                                  {"player": bob.pk, "points": 5},
                                                  {"player": cy.pk, "points": 6}]}  # fmt: skip
    with pytest.raises(EntryError, match="Round 2: Bob's hand has no cards"):
        game.add_round(next_round, owner)
    still_broken = {**Round.objects.get(game=game, number=2).entry}
    still_broken["hands"][1] = {"player": bob.pk, "cards": [1, 2, 3, 4, 5, 6]}
    with pytest.raises(EntryError, match="Bob's hand has 6 cards"):
        game.replace_round(2, still_broken, owner)
    fixed = {**still_broken}
    fixed["hands"][1] = {"player": bob.pk, "cards": [5, 6]}
    game.replace_round(2, fixed, owner)
    board = Game.objects.get(pk=game.pk).scoreboard
    assert board.problem is None
    assert board.totals == {ann.pk: 8, bob.pk: 23, cy.pk: 9}
    game.add_round(next_round, owner)


@pytest.mark.django_db
def test_an_edit_before_the_broken_round_is_saved_but_one_that_breaks_an_earlier_round_is_not(
    blank_hand_game, owner
):
    game, (_, bob, cy) = blank_hand_game
    first = Round.objects.get(game=game, number=1).entry
    game.replace_round(
        1, {**first, "hands": [*first["hands"][:2], {"player": cy.pk, "points": 7}]}, owner
    )
    assert Game.objects.get(pk=game.pk).scoreboard.problem.round_number == 2
    with pytest.raises(EntryError, match="Round 1: enter Bob's hand"):
        game.replace_round(
            1, {**first, "hands": [first["hands"][0], {"player": bob.pk}, first["hands"][2]]}, owner
        )


@pytest.mark.django_db
def test_the_preview_of_an_edit_before_the_broken_round_answers_as_its_save_would(
    blank_hand_game, owner
):
    """Saved as it is, the round before the broken one scores, the game staying broken where it
    was: its preview says so (it used to call the untouched round the break of the later one)."""
    game, (ann, bob, cy) = blank_hand_game
    first = Round.objects.get(game=game, number=1).entry
    previewed = game.preview_round(1, first)
    assert [(r.player, r.points) for r in previewed.results] == [
        (ann.pk, 0),
        (bob.pk, 12),
        (cy.pk, 9),
    ]
    with pytest.raises(EntryError, match="Round 1: enter Bob's hand"):
        game.preview_round(
            1, {**first, "hands": [first["hands"][0], {"player": bob.pk}, first["hands"][2]]}
        )


@pytest.mark.django_db
def test_undo_works_on_a_broken_game(blank_hand_game, owner):
    game, _ = blank_hand_game
    game.delete_last_round(2, owner)
    assert Game.objects.get(pk=game.pk).scoreboard.problem is None
