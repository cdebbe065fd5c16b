"""games.stats on hand-made histories saved through the write path: every figure worked by hand,
and query counts that stay the same however long the history."""

import datetime

import pytest

from games.kinds import GAMES
from games.models import GameNight, Player
from games.stats import (
    HeadToHead,
    PlayerRef,
    night_summary,
    nights_with_winners,
    player_records,
    player_stats,
    recent_games,
)
from tests.factories import grids, piles, play

pytestmark = [pytest.mark.django_db, pytest.mark.database]


def fourscore(owner, seated, *counts, night=None, deals=1):
    """A FourScore game of one deal (finished: the lowest pile wins) unless `deals` is more."""
    return play(owner, "fourscore", seated, [piles(seated, *counts)], night=night, deals=deals)


def forty_two(seated, bid_list, tricks=None):
    hands = [{"player": p.pk, "bid": b} for p, b in zip(seated, bid_list, strict=True)]
    for hand, taken in zip(hands, tricks or [], strict=False):
        hand["tricks"] = taken
    return {"hands": hands}


def forty_fives(bidder, bid, team_a_tricks, high_trump):
    tricks = {"A": team_a_tricks, "B": 5 - team_a_tricks}
    return {"bidder": bidder.pk, "bid": bid, "tricks": tricks, "high_trump": high_trump}


def under10(called_by, *hands):
    """An Under the 10 entry: `called_by` called; (player, points in hand) for each player in."""
    return {
        "called_by": called_by.pk,
        "hands": [{"player": p.pk, "points": n} for p, n in hands],
    }


def under10_game(ann, bob, cy):
    """A whole game of Under the 10 in which Bob goes out, then Ann, and Cy wins."""
    return [
        # Ann calls with 5, below Bob's 90 and Cy's 20: Ann 0, Bob 90, Cy 20.
        under10(ann, (ann, 5), (bob, 90), (cy, 20)),
        # Again: Bob 151, out (above 150); Cy 40.
        under10(ann, (ann, 5), (bob, 61), (cy, 20)),
        # Bob is out, so only Ann and Cy have hands. Cy calls with 3 below Ann's 80: Cy 0, Ann 80.
        under10(cy, (ann, 80), (cy, 3)),
        # Again: Ann 160, out too, and Cy, the last one standing, wins.
        under10(cy, (ann, 80), (cy, 3)),
    ]


def kind_figures(stats, kind):
    figures = stats.by_kind[kind]
    return (figures.games, figures.wins, figures.rounds, figures.average_round, figures.best_round)


def record(stats):
    """Head-to-head as (opponent's name, games, ahead, behind, level)."""
    return [(row.name, row.games, row.ahead, row.behind, row.level) for row in stats.head_to_head]


# --- A player -------------------------------------------------------------------------------------


def test_a_player_with_no_games_has_zeros_and_no_rates_or_rounds(players):
    ann = players[0]
    stats = player_stats(ann)
    assert (stats.player, stats.games, stats.wins, stats.win_rate) == (ann.pk, 0, 0, None)
    assert list(stats.by_kind) == list(GAMES)
    for kind, figures in stats.by_kind.items():
        assert (figures.kind, figures.name) == (kind, GAMES[kind].name)
        assert (figures.games, figures.wins, figures.win_rate) == (0, 0, None)
        assert (figures.rounds, figures.average_round, figures.best_round) == (0, None, None)
    fortybelow, fourscore = stats.by_kind["fortybelow"], stats.by_kind["fourscore"]
    assert fortybelow.extra == {"forty_below_blocks": 0, "minus_51_hands": 0}
    assert fourscore.extra == {"forty_below_blocks": None, "minus_51_hands": None}
    assert (stats.longest_streak, stats.current_streak, stats.head_to_head) == (0, 0, [])


def test_every_co_winner_of_a_tie_counts_a_win(owner, players):
    ann, bob, cy, _ = players
    fourscore(owner, [ann, bob, cy], 3, 3, 9)  # the two piles of 3 share the lowest
    fourscore(owner, [ann, bob], 5, 1)  # Bob alone
    # Ann: 2 games, 1 win (the tie); Bob: 2 wins; Cy: 1 game, no win.
    overall = {p.name: player_stats(p) for p in (ann, bob, cy)}
    assert [(s.games, s.wins, s.win_rate) for s in overall.values()] == [
        (2, 1, 0.5),
        (2, 2, 1.0),
        (1, 0, 0.0),
    ]
    assert overall["Ann"].by_kind["fourscore"].win_rate == 0.5


def test_an_unfinished_game_is_not_played_but_its_complete_rounds_count(owner, players):
    ann, bob, cy, _ = players
    # 42, dealt by Ann first. Round 1: bids Ann 2, Bob 0, Cy 4 (Ann, dealing, may not bid
    # 7 - 4 = 3); tricks 2, 1, 4. Ann made 2: 2 + 3 = 5; Bob bid 0 took 1: 1; Cy made 4: 7.
    game = play(
        owner, "fortytwo", [ann, bob, cy], [forty_two([ann, bob, cy], [2, 0, 4], [2, 1, 4])]
    )
    # Round 2, dealt by Bob: only the bids so far, an open round with no points yet.
    game.add_round(forty_two([ann, bob, cy], [1, 0, 2]), owner)
    assert kind_figures(player_stats(ann), "fortytwo") == (0, 0, 1, 5.0, 5)
    assert player_stats(ann).games == 0

    # Round 2's tricks 3, 0, 4: Ann bid 1 took 3: 3; Bob made 0 at a table of three: 7; Cy bid 2
    # took 4: 4. 42 is won high, so the best round is the highest: Ann's 5 (not 3), Bob's 7.
    game.complete_round(2, forty_two([ann, bob, cy], [1, 0, 2], [3, 0, 4]), owner)
    assert kind_figures(player_stats(ann), "fortytwo") == (0, 0, 2, (5 + 3) / 2, 5)
    assert kind_figures(player_stats(bob), "fortytwo") == (0, 0, 2, (1 + 7) / 2, 7)
    assert player_stats(ann).by_kind["fortytwo"].extra["forty_below_blocks"] is None


def test_where_the_lowest_total_wins_the_best_round_is_the_lowest(owner, players):
    ann, bob, *_ = players
    play(
        owner, "fourscore", [ann, bob], [piles([ann, bob], 5, 1), piles([ann, bob], 2, 7)], deals=2
    )
    # Ann 5 + 2 = 7 beats Bob 1 + 7 = 8. Ann's rounds 5 and 2: mean 3.5, best 2; Bob's best is 1.
    assert kind_figures(player_stats(ann), "fourscore") == (1, 1, 2, 3.5, 2)
    assert kind_figures(player_stats(bob), "fourscore") == (1, 0, 2, 4.0, 1)


def test_fortybelow_counts_blocks_and_minus_51_hands_from_the_grids(owner, players):
    ann, bob, *_ = players
    minus_51_left = [[5, 5, -10], [5, 5, -1]]  # block in columns 1-2: -40, then -10 + -1 = -51
    minus_51_right = [[-10, 7, 7], [-1, 7, 7]]  # block in columns 2-3: -40, then -11 = -51
    block_only = [[3, 3, 2], [3, 3, 4]]  # -40 + 2 + 4 = -34
    plain = [[1, 2, 3], [4, 5, 6]]  # 21
    play(
        owner,
        "fortybelow",
        [ann, bob],
        [
            # Ann went out strictly lowest (-51 against 21): no penalty.
            grids(ann, (ann, minus_51_left), (bob, plain)),
            # Ann went out with -34 but Bob had -51, at or below her: +10, so Ann scores -24.
            grids(ann, (ann, block_only), (bob, minus_51_right)),
        ],
        rounds=2,
    )
    ann_stats, bob_stats = player_stats(ann), player_stats(bob)
    # Ann: -51 - 24 = -75 beats Bob's 21 - 51 = -30. Rounds -51 and -24: mean -37.5, best -51.
    assert kind_figures(ann_stats, "fortybelow") == (1, 1, 2, -37.5, -51)
    # The hand counts, not the round's points: the penalised -34 hand still made a block.
    assert ann_stats.by_kind["fortybelow"].extra["forty_below_blocks"] == 2
    assert ann_stats.by_kind["fortybelow"].extra["minus_51_hands"] == 1
    # Bob: rounds 21 and -51: mean -15, best -51 (lowest); one block, and it was a -51.
    assert kind_figures(bob_stats, "fortybelow") == (1, 0, 2, -15.0, -51)
    assert bob_stats.by_kind["fortybelow"].extra["forty_below_blocks"] == 1
    assert bob_stats.by_kind["fortybelow"].extra["minus_51_hands"] == 1


def test_an_eliminated_player_scores_no_more_rounds_and_ranks_by_their_total(owner, players):
    ann, bob, cy, _ = players
    play(
        owner,
        "under10",
        [ann, bob, cy],
        under10_game(ann, bob, cy),
    )
    # Ann: rounds 0, 0, 80, 80, mean 40, best 0; Bob: two rounds, 90 and 61, mean 75.5, best
    # 61 (none after he went out); Cy: 20, 20, 0, 0, mean 10.
    assert kind_figures(player_stats(ann), "under10") == (1, 0, 4, 40.0, 0)
    assert kind_figures(player_stats(bob), "under10") == (1, 0, 2, 75.5, 61)
    assert kind_figures(player_stats(cy), "under10") == (1, 1, 4, 10.0, 0)
    # Ann (160) went out after Bob (151): the totals place them, so Bob ranks ahead of her.
    assert record(player_stats(ann)) == [("Bob", 1, 0, 1, 0), ("Cy", 1, 0, 1, 0)]
    assert record(player_stats(bob)) == [("Ann", 1, 1, 0, 0), ("Cy", 1, 0, 1, 0)]


def test_a_forty_fives_players_place_is_their_teams_as_the_scoreboard_shows_it(owner, players):
    ann, bob, cy, dee = players
    made = forty_fives(ann, 30, 5, "A")  # team A (Ann, Cy) makes 30 a hand: 120 after four
    game = play(owner, "fortyfives", [ann, bob, cy, dee], [made] * 4)
    # The ranks count players, partners level (1, 1, 3, 3: API.md); the scoreboard's standings
    # count teams: "1. Ann & Cy", "2. Bob & Dee". A player's page says the team's place.
    assert sorted(s.rank for s in game.scoreboard.standings) == [1, 1, 3, 3]
    for partner in (bob, dee):
        assert [(g.won, g.place, g.result) for g in recent_games(partner)] == [
            (False, 2, "2nd place")
        ]
    assert [(g.won, g.place) for g in recent_games(ann)] == [(True, 1)]


def test_both_forty_fives_partners_win_and_score_their_teams_points(owner, players):
    ann, bob, cy, dee = players  # seats 0 and 2 (Ann, Cy) are team A; Bob and Dee team B
    set_first = forty_fives(ann, 30, 3, "A")  # A takes 3 tricks + highest trump = 20 < 30: -30;
    # B takes 2 tricks: +10. Then A bids 30 and takes all 5 and the highest trump, five times:
    # -30 + 5 x 30 = 120, and A wins after round 6.
    made = forty_fives(ann, 30, 5, "A")
    play(owner, "fortyfives", [ann, bob, cy, dee], [set_first, made, made, made, made, made])
    # A's rounds: -30 and five 30s, mean 120 / 6 = 20, best 30 (highest wins); B's: 10 then 0s.
    for partner in (ann, cy):
        assert kind_figures(player_stats(partner), "fortyfives") == (1, 1, 6, 20.0, 30)
    for partner in (bob, dee):
        assert kind_figures(player_stats(partner), "fortyfives") == (1, 0, 6, 10 / 6, 10)
    # Partners are not opponents: Ann's record has Bob and Dee only, both behind her.
    assert record(player_stats(ann)) == [("Bob", 1, 1, 0, 0), ("Dee", 1, 1, 0, 0)]
    assert record(player_stats(dee)) == [("Ann", 1, 0, 1, 0), ("Cy", 1, 0, 1, 0)]


def test_the_winning_streaks_run_across_kinds_and_count_shared_wins(owner, players):
    ann, bob, *_ = players
    fourscore(owner, [ann, bob], 1, 2)  # Ann wins
    all_equal = [[1, 1, 1], [1, 1, 1]]  # one block (-40) and column 3 cancels: -40
    play(
        owner,
        "fortybelow",
        [ann, bob],
        [grids(ann, (ann, all_equal), (bob, [[1, 2, 3], [4, 5, 6]]))],
        rounds=1,
    )  # Ann wins
    fourscore(owner, [ann, bob], 5, 2)  # Bob wins
    fourscore(owner, [ann, bob], 3, 3)  # both win
    fourscore(owner, [ann, bob], 0, 4)  # Ann
    fourscore(owner, [ann, bob], 1, 2)  # Ann
    # Ann: W W L W W W, runs 1 2 0 1 2 3; Bob: L L W W L L, runs 0 0 1 2 0 0.
    assert (player_stats(ann).longest_streak, player_stats(ann).current_streak) == (3, 3)
    assert (player_stats(bob).longest_streak, player_stats(bob).current_streak) == (2, 0)
    fourscore(owner, [ann, bob], 9, 1)  # Bob: Ann's streak ends
    assert (player_stats(ann).longest_streak, player_stats(ann).current_streak) == (3, 0)
    assert (player_stats(bob).longest_streak, player_stats(bob).current_streak) == (2, 1)


def test_the_streak_follows_the_order_games_finished_not_started(owner, players):
    ann, bob, *_ = players
    started_first = play(owner, "fourscore", [ann, bob], [piles([ann, bob], 1, 2)], deals=2)
    fourscore(owner, [ann, bob], 5, 1)  # started second, finished first: Bob wins
    started_first.add_round(piles([ann, bob], 1, 2), owner)  # finished last: Ann wins 2 to 4
    # In the order finished: L W, so Ann's current streak is 1 (it would be 0 in start order).
    assert (player_stats(ann).longest_streak, player_stats(ann).current_streak) == (1, 1)
    assert (player_stats(bob).longest_streak, player_stats(bob).current_streak) == (1, 0)


def test_head_to_head_counts_ahead_behind_and_level_over_finished_games_both_played(owner, players):
    ann, bob, cy, dee = players
    fourscore(owner, [ann, bob, cy], 1, 5, 5)  # ranks Ann 1, Bob 2, Cy 2
    fourscore(owner, [ann, bob, cy], 4, 2, 4)  # Bob 1, Ann 2, Cy 2
    fourscore(owner, [ann, bob], 3, 3)  # Ann 1, Bob 1
    fourscore(owner, [ann, dee], 9, 0, deals=2)  # unfinished: not counted
    # Ann v Bob: ahead (game 1), behind (2), level (3). Ann v Cy: ahead (1), level (2).
    assert player_stats(ann).head_to_head == [
        HeadToHead(opponent=bob.pk, name="Bob", games=3, ahead=1, behind=1, level=1),
        HeadToHead(opponent=cy.pk, name="Cy", games=2, ahead=1, behind=0, level=1),
    ]
    # Bob v Ann mirrors Ann v Bob; Bob v Cy: level (1), ahead (2).
    assert record(player_stats(bob)) == [("Ann", 3, 1, 1, 1), ("Cy", 2, 1, 0, 1)]
    # Cy v Ann: behind (1), level (2); Cy v Bob: level (1), behind (2). Equal games: by name.
    assert record(player_stats(cy)) == [("Ann", 2, 0, 1, 1), ("Bob", 2, 0, 1, 1)]
    assert player_stats(dee).head_to_head == []


def test_as_json_is_plain_data_with_the_api_fields(owner, players):
    ann, bob, *_ = players
    fourscore(owner, [ann, bob], 1, 2)
    data = player_stats(ann).as_json()
    assert data["by_kind"]["fourscore"] == {
        "kind": "fourscore",
        "name": "FourScore",
        "games": 1,
        "wins": 1,
        "win_rate": 1.0,
        "rounds": 1,
        "average_round": 1.0,
        "best_round": 1,
        "forty_below_blocks": None,
        "minus_51_hands": None,
    }
    assert data["head_to_head"] == [
        {"opponent": bob.pk, "name": "Bob", "games": 1, "ahead": 1, "behind": 0, "level": 0}
    ]
    assert (data["player"], data["games"], data["wins"], data["win_rate"]) == (ann.pk, 1, 1, 1.0)
    assert (data["longest_streak"], data["current_streak"]) == (1, 1)


def test_the_players_list_counts_finished_games_and_wins(owner, outsider, players):
    ann, bob, cy, _ = players
    fourscore(owner, [ann, bob, cy], 3, 3, 9)  # Ann and Bob share the win
    fourscore(owner, [ann, bob], 5, 1)  # Bob
    fourscore(owner, [ann, cy], 0, 9, deals=2)  # unfinished
    Player.add(outsider, "Zed")
    # Ann 1 of 2, Bob 2 of 2, Cy 0 of 1, Dee no games.
    assert [(r.name, r.games, r.wins, r.win_rate) for r in player_records(owner)] == [
        ("Ann", 2, 1, 0.5),
        ("Bob", 2, 2, 1.0),
        ("Cy", 1, 0, 0.0),
        ("Dee", 0, 0, None),
    ]


# --- Game nights ----------------------------------------------------------------------------------


def test_a_nights_champions_are_who_won_most_of_its_finished_games_ties_shared(owner, players):
    ann, bob, cy, _ = players
    night = GameNight.objects.create(owner=owner, date=datetime.date(2026, 11, 20))
    first = fourscore(owner, [ann, bob, cy], 1, 5, 5, night=night)  # Ann
    second = fourscore(owner, [ann, bob], 4, 2, night=night)  # Bob
    third = fourscore(owner, [ann, bob, cy], 3, 3, 9, night=night)  # Ann and Bob
    fourth = fourscore(owner, [cy, bob], 0, 9, night=night)  # Cy
    running = fourscore(owner, [cy, ann], 0, 9, night=night, deals=2)  # Cy leads, not finished
    fourscore(owner, [cy, ann], 0, 9)  # in no night: not this night's
    summary = night_summary(GameNight.objects.get(pk=night.pk))
    ref = {p: PlayerRef(p.pk, p.name) for p in players}
    assert [(g.id, g.name, g.finished, g.winners) for g in summary.games] == [
        (first.pk, "FourScore", True, [ref[ann]]),
        (second.pk, "FourScore", True, [ref[bob]]),
        (third.pk, "FourScore", True, [ref[ann], ref[bob]]),
        (fourth.pk, "FourScore", True, [ref[cy]]),
        (running.pk, "FourScore", False, []),
    ]
    assert summary.games[4].players == [ref[cy], ref[ann]]
    # Ann 2 wins (first, third), Bob 2 (second, third), Cy 1 (fourth): Ann and Bob share it.
    assert (summary.champions, summary.champion_wins) == ([ref[ann], ref[bob]], 2)
    assert summary.finished_games == 4


def test_a_night_without_a_finished_game_has_no_champion(owner, players):
    ann, bob, *_ = players
    night = GameNight.objects.create(owner=owner, date=datetime.date(2026, 11, 20))
    assert night_summary(night).champions == []
    fourscore(owner, [ann, bob], 0, 9, night=night, deals=2)
    summary = night_summary(GameNight.objects.get(pk=night.pk))
    assert (len(summary.games), summary.champions, summary.champion_wins) == (1, [], 0)


def test_the_nights_list_is_newest_first_with_each_games_winners(owner, outsider, players):
    ann, bob, *_ = players
    older = GameNight.objects.create(owner=owner, date=datetime.date(2026, 11, 19))
    newer = GameNight.objects.create(owner=owner, date=datetime.date(2026, 11, 21))
    middle = GameNight.objects.create(owner=owner, date=datetime.date(2026, 11, 20))
    GameNight.objects.create(owner=outsider, date=datetime.date(2026, 11, 22))
    fourscore(owner, [ann, bob], 1, 2, night=middle)
    fourscore(owner, [ann, bob], 2, 1, night=middle)
    fourscore(owner, [ann, bob], 7, 1, night=newer)
    nights = nights_with_winners(owner)
    assert [night.id for night in nights] == [newer.pk, middle.pk, older.pk]
    assert [[g.winners for g in night.games] for night in nights] == [
        [[PlayerRef(bob.pk, "Bob")]],
        [[PlayerRef(ann.pk, "Ann")], [PlayerRef(bob.pk, "Bob")]],
        [],
    ]
    # Middle: one game each, so both are champions with 1; newer: Bob; older: no game.
    assert [[p.name for p in night.champions] for night in nights] == [["Bob"], ["Ann", "Bob"], []]


# --- Queries --------------------------------------------------------------------------------------


def a_history(owner, players, games_of_each_kind, night=None):
    """Games of every kind among the players, finished and not, with several rounds each."""
    ann, bob, cy, dee = players
    fortybelow_round = grids(
        bob, (ann, [[5, 5, -10], [5, 5, -1]]), (bob, [[1, 1, 2], [1, 1, 3]]), (cy, [[0] * 3] * 2)
    )
    under10_rounds = under10_game(ann, bob, cy)
    forty_fives_round = forty_fives(ann, 30, 5, "A")
    forty_two_round = forty_two([ann, bob, cy], [2, 0, 4], [2, 1, 4])
    for _ in range(games_of_each_kind):
        fourscore(owner, [ann, bob, cy, dee], 3, 1, 4, 1, night=night)
        deals = [piles([dee, cy, bob, ann], 2, 2, 5, 0)] * 3
        play(owner, "fourscore", [dee, cy, bob, ann], deals, night=night, deals=3)
        play(owner, "fortybelow", [ann, bob, cy], [fortybelow_round] * 2, night=night, rounds=2)
        play(owner, "under10", [ann, bob, cy], under10_rounds, night=night)
        play(owner, "fortyfives", [ann, bob, cy, dee], [forty_fives_round] * 4, night=night)
        play(owner, "fortytwo", [ann, bob, cy], [forty_two_round], night=night)  # unfinished


@pytest.mark.parametrize("games_of_each_kind", [1, 6])
def test_a_players_statistics_take_three_queries_however_long_the_history(
    owner, players, django_assert_num_queries, games_of_each_kind
):
    a_history(owner, players, games_of_each_kind)
    ann = Player.objects.get(pk=players[0].pk)
    with django_assert_num_queries(3):  # games, their seats with players, their rounds
        stats = player_stats(ann)
    # 4 finished games of each batch (the 3-deal FourScore is finished too; 42 isn't): 5 a batch.
    assert stats.games == 5 * games_of_each_kind
    assert stats.by_kind["fortybelow"].rounds == 2 * games_of_each_kind


@pytest.mark.parametrize("games_of_each_kind", [1, 4])
def test_the_nights_take_a_fixed_number_of_queries_however_many_games(
    owner, players, django_assert_num_queries, games_of_each_kind
):
    for day in range(1, 1 + games_of_each_kind):
        night = GameNight.objects.create(owner=owner, date=datetime.date(2026, 11, day))
        a_history(owner, players, games_of_each_kind, night=night)
    with django_assert_num_queries(3):  # nights, their games, the games' seats with players
        nights = nights_with_winners(owner)
    assert sum(len(night.games) for night in nights) == 6 * games_of_each_kind**2
    night = GameNight.objects.get(pk=night.pk)
    with django_assert_num_queries(2):  # the night's games, their seats with players
        night_summary(night)
    with django_assert_num_queries(1):
        player_records(owner)
