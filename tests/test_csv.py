"""The CSV of a game and of a game night, read back with csv.reader and checked by hand.

Also: names a spreadsheet would run as formulas are defused; emoji and right-to-left names stay.
"""

import csv
import io
from datetime import date, datetime

import pytest
from django.utils import timezone

from games.models import Game, GameNight, Player
from games.transfer import game_csv, night_csv
from tests.factories import piles, play

pytestmark = pytest.mark.django_db

MINUS = "\N{MINUS SIGN}"


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def fourscore(owner, players, night=None):
    """Ann 3+4+2 = 9, Bob 5+1+6 = 12, Cy 2+6+3 = 11; Ann deals first, then Bob, then Cy."""
    return play(
        owner,
        "fourscore",
        players[:3],
        [piles(players[:3], 3, 5, 2), piles(players[:3], 4, 1, 6), piles(players[:3], 2, 6, 3)],
        night=night,
        deals=3,
    )


# --- A game ---


def test_a_game_is_a_row_per_round_then_the_totals_and_the_winner(owner, players):
    assert rows(game_csv(fourscore(owner, players))) == [
        ["Round", "Dealer", "Ann", "Bob", "Cy", "Notes"],
        ["1", "Ann", "3", "5", "2", ""],
        ["2", "Bob", "4", "1", "6", ""],
        ["3", "Cy", "2", "6", "3", ""],
        ["Total", "", "9", "12", "11", ""],
        ["Winner", "Ann"],
    ]


def test_tied_winners_are_all_named(owner, players):
    game = play(owner, "fourscore", players[:3], [piles(players[:3], 2, 2, 5)], deals=1)
    assert rows(game_csv(game))[-1] == ["Winners", "Ann & Bob"]


def test_negative_points_stay_numbers_and_the_notes_say_what_happened(owner, players):
    # FortyBelow: Ann's grid has a block in columns 1-2 (-40) and 5 over 3 (+8): -32, and she
    # went out with the lowest hand. Bob's 1 2 3 over 4 5 6 is 21.
    ann, bob = players[:2]
    block = [[-10, -10, 5], [-10, -10, 3]]
    plain = [[1, 2, 3], [4, 5, 6]]
    game = play(
        owner,
        "fortybelow",
        [ann, bob],
        [
            {
                "went_out": ann.pk,
                "hands": [{"player": ann.pk, "grid": block}, {"player": bob.pk, "grid": plain}],
            }
        ],
        rounds=2,
    )
    table = rows(game_csv(game))
    assert table[1][:4] == ["1", "Ann", "-32", "21"]
    assert table[1][4].startswith("Ann went out")
    assert f"Ann: columns 1-2: forty below {MINUS}40" in table[1][4]
    assert table[2] == ["Total", "", "-32", "21", ""]
    assert table[3] == ["Winner", "none yet: the game is not finished"]


def test_an_eliminated_players_cells_are_blank_and_halving_is_explained(owner, players):
    # Under the 10, Ann calls with 0 every round. Bob: 60, then 40 makes exactly 100, halved
    # to 50, then 90 (140) and 20 take him to 160: out. Cy: 5 a round, then 7 and 9 with Ann
    # alone: 36.
    ann, bob, cy = players[:3]

    def call(seated, *points):
        hands = [{"player": p.pk, "points": n} for p, n in zip(seated, points, strict=True)]
        return {"called_by": ann.pk, "hands": hands}

    game = play(
        owner,
        "under10",
        [ann, bob, cy],
        [
            call([ann, bob, cy], 0, 60, 5),
            call([ann, bob, cy], 0, 40, 5),
            call([ann, bob, cy], 0, 90, 5),
            call([ann, bob, cy], 0, 20, 5),
            call([ann, cy], 0, 7),
            call([ann, cy], 0, 9),
        ],
    )
    table = rows(game_csv(game))
    points = [row[2:5] for row in table[1:7]]
    assert points == [
        ["0", "60", "5"],
        ["0", "40", "5"],
        ["0", "90", "5"],
        ["0", "20", "5"],
        ["0", "", "7"],
        ["0", "", "9"],
    ]
    assert "halved 100 → 50" in table[2][5]
    assert table[4][5].endswith("Bob: eliminated")
    # 60 + 40 + 90 + 20 is 210, but the scored total is 50 + 90 + 20.
    assert table[7] == ["Total", "", "0", "160", "36", ""]


def test_forty_fives_has_a_column_per_team_and_leaves_out_an_open_bid(owner, players):
    # Ann bids 20 and A (Ann & Cy) take 4 tricks and the high trump: A +25, B +5. Bob bids 25
    # and B take 2: B are set, -25; A +20. Then Ann's bid of 30 is saved, the hand unplayed.
    ann, bob = players[:2]
    game = play(
        owner,
        "fortyfives",
        players,
        [
            {"bidder": ann.pk, "bid": 20, "tricks": {"A": 4, "B": 1}, "high_trump": "A"},
            {"bidder": bob.pk, "bid": 25, "tricks": {"A": 3, "B": 2}, "high_trump": "A"},
            {"bidder": ann.pk, "bid": 30},
        ],
    )
    table = rows(game_csv(game))
    assert table[0] == ["Round", "Dealer", "Ann & Cy", "Bob & Dee", "Notes"]
    assert [row[:4] for row in table[1:3]] == [["1", "Ann", "25", "5"], ["2", "Bob", "20", "-25"]]
    assert "Bob bid 25: set" in table[2][4]
    assert table[3] == ["Total", "", "45", "-20", ""]
    assert len(table) == 5


def test_42_open_round_is_left_out(owner, players):
    # Bids 2, 0, 4 and tricks 2, 1, 4: Ann 2 + 3, Bob 1, Cy 4 + 3. Round 2's bids only.
    table3 = players[:3]
    game = Game.start(owner, "fortytwo", table3)
    hands = zip(table3, (2, 0, 4), (2, 1, 4), strict=True)
    game.add_round({"hands": [{"player": p.pk, "bid": b, "tricks": t} for p, b, t in hands]}, owner)
    game.add_round({"hands": [{"player": p.pk, "bid": 1} for p in table3]}, owner)
    table = rows(game_csv(game))
    assert [row[0] for row in table] == ["Round", "1", "Total", "Winner"]
    assert table[1][2:5] == ["5", "1", "7"]


# --- A night ---


def test_a_night_is_its_games_one_after_another_in_the_order_played(owner, players):
    night = GameNight.objects.create(owner=owner, date=date(2026, 11, 20), location="Den")
    first = fourscore(owner, players, night=night)
    second = play(owner, "fourscore", players[1:3], [piles(players[1:3], 4, 1)], night=night)
    play(owner, "fourscore", players[:2], [piles(players[:2], 9, 9)])  # another night's game
    Game.objects.filter(pk=first.pk).update(
        created=datetime(2026, 11, 20, 20, 15, tzinfo=timezone.get_current_timezone())
    )
    Game.objects.filter(pk=second.pk).update(
        created=datetime(2026, 11, 20, 21, 40, tzinfo=timezone.get_current_timezone())
    )
    assert rows(night_csv(night)) == [
        ["Game night", "2026-11-20", "Den"],
        [],
        ["Game 1: FourScore", "started 2026-11-20 20:15"],
        ["Round", "Dealer", "Ann", "Bob", "Cy", "Notes"],
        ["1", "Ann", "3", "5", "2", ""],
        ["2", "Bob", "4", "1", "6", ""],
        ["3", "Cy", "2", "6", "3", ""],
        ["Total", "", "9", "12", "11", ""],
        ["Winner", "Ann"],
        [],
        ["Game 2: FourScore", "started 2026-11-20 21:40"],
        ["Round", "Dealer", "Bob", "Cy", "Notes"],
        ["1", "Bob", "4", "1", ""],
        ["Total", "", "4", "1", ""],
        ["Winner", "Cy"],
    ]


def test_a_nights_queries_do_not_grow_with_its_games_or_rounds(
    owner, players, django_assert_num_queries
):
    night = GameNight.objects.create(owner=owner, date=date(2026, 11, 20))
    fourscore(owner, players, night=night)
    with django_assert_num_queries(3):  # games, their seats with players, their rounds
        night_csv(night)
    for _ in range(3):
        fourscore(owner, players, night=night)
    with django_assert_num_queries(3):
        text = night_csv(night)
    assert sum(1 for row in rows(text) if row[:1] == ["Total"]) == 4


# --- Spreadsheet safety and names ---


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1:A9)", "=1+2"])
def test_a_name_a_spreadsheet_would_run_as_a_formula_gets_a_leading_apostrophe(
    owner, players, name
):
    sneaky = Player.add(owner, name)
    game = play(owner, "fourscore", [sneaky, players[0]], [piles([sneaky, players[0]], 1, 2)])
    table = rows(game_csv(game))
    assert table[0][2] == f"'{name}"  # the header
    assert table[1][1] == f"'{name}"  # the dealer
    assert table[-1] == ["Winner", f"'{name}"]
    assert not [cell for row in table for cell in row if cell[:1] in ("=", "+", "@")]


def test_a_nights_place_and_notes_are_defused_too(owner, players):
    night = GameNight.objects.create(owner=owner, date=date(2026, 11, 20))
    night.update_details(night.date, "=cmd|'/c calc'!A1", "@notes")
    table = rows(night_csv(night))
    assert table[0] == ["Game night", "2026-11-20", "'=cmd|'/c calc'!A1"]
    assert table[1] == ["Notes", "'@notes"]


def test_emoji_and_right_to_left_names_are_kept_intact(owner):
    names = ["Zoë 🂡", "שלום", "مريم", "👩‍👩‍👧 Fam"]
    seated = [Player.add(owner, name) for name in names]
    game = play(owner, "fourscore", seated, [piles(seated, 1, 2, 3, 4)])
    text = game_csv(game)
    assert rows(text)[0][2:6] == names
    assert rows(text)[-1] == ["Winner", "Zoë 🂡"]
    assert "'" not in text  # nothing to defuse in these names
