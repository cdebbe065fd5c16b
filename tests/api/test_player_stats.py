"""GET /api/players/{id}/stats/: only finished games count; shared and partners' wins count;
the same figures as the player page (games.stats.player_stats)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Player
from games.stats import player_stats
from tests.factories import piles

from .conftest import add_players, bids, post_round, start_game

pytestmark = pytest.mark.django_db

KINDS = ["fortybelow", "fortytwo", "under10", "fortyfives", "fourscore"]


def stats(client, player):
    response = client.get(f"/api/players/{player}/stats/")
    assert response.status_code == 200
    return response.json()


def games_and_wins(figures):
    return {"games": figures["games"], "wins": figures["wins"]}


def forty_fives_won_by_team_a(client, ann, bob, cy, dee):
    """Team A (Ann and Cy) bids and makes 30 four times: 120."""
    game = start_game(client, "fortyfives", [ann, bob, cy, dee])
    for _ in range(4):
        post_round(
            client,
            game["id"],
            {"bidder": ann, "bid": 30, "tricks": {"A": 5, "B": 0}, "high_trump": "A"},
        )
    return game


def test_a_player_with_no_games_has_no_win_rate(api):
    [ann] = add_players(api, "Ann")
    names = {"fortybelow": "FortyBelow", "fortytwo": "42", "under10": "Under the 10"}
    names |= {"fortyfives": "Forty Fives", "fourscore": "FourScore"}
    assert stats(api, ann) == {
        "player": ann,
        "games": 0,
        "wins": 0,
        "win_rate": None,
        "by_kind": {
            kind: {
                "kind": kind,
                "name": names[kind],
                "games": 0,
                "wins": 0,
                "win_rate": None,
                "rounds": 0,
                "average_round": None,
                "best_round": None,
                # FortyBelow counts its blocks and -51 hands (none yet); other kinds have none.
                "forty_below_blocks": 0 if kind == "fortybelow" else None,
                "minus_51_hands": 0 if kind == "fortybelow" else None,
            }
            for kind in KINDS
        },
        "longest_streak": 0,
        "current_streak": 0,
        "head_to_head": [],
        "ratings": {},
    }


def test_co_winners_each_count_a_win_and_unfinished_games_do_not_count(api):
    ann, bob, cy = add_players(api, "Ann", "Bob", "Cy")
    tie = start_game(api, "fourscore", [ann, bob, cy])
    post_round(api, tie["id"], piles([ann, bob, cy], 3, 3, 9))
    bob_wins = start_game(api, "fourscore", [ann, bob])
    post_round(api, bob_wins["id"], piles([ann, bob], 5, 1))
    unfinished = start_game(api, "fourscore", [ann, bob], options={"deals": 2})
    post_round(api, unfinished["id"], piles([ann, bob], 0, 9))
    open_round = start_game(api, "fortytwo", [ann, bob, cy])
    post_round(api, open_round["id"], bids([ann, bob, cy], [2, 0, 4]))

    assert stats(api, ann)["games"] == 2
    assert stats(api, ann)["wins"] == 1
    assert stats(api, ann)["win_rate"] == 0.5
    assert stats(api, bob)["wins"] == 2
    assert stats(api, bob)["win_rate"] == 1
    cy_stats = stats(api, cy)
    assert [cy_stats[key] for key in ("player", "games", "wins", "win_rate")] == [cy, 1, 0, 0]
    assert games_and_wins(stats(api, ann)["by_kind"]["fourscore"]) == {"games": 2, "wins": 1}
    assert games_and_wins(stats(api, ann)["by_kind"]["fortytwo"]) == {"games": 0, "wins": 0}


def test_both_partners_of_the_winning_forty_fives_team_win(api):
    ann, bob, cy, dee = add_players(api, "Ann", "Bob", "Cy", "Dee")
    forty_fives_won_by_team_a(api, ann, bob, cy, dee)
    for player, wins in [(ann, 1), (cy, 1), (bob, 0), (dee, 0)]:
        assert games_and_wins(stats(api, player)["by_kind"]["fortyfives"]) == {
            "games": 1,
            "wins": wins,
        }


def test_a_deleted_last_round_takes_the_win_back(api):
    ann, bob = add_players(api, "Ann", "Bob")
    game = start_game(api, "fourscore", [ann, bob])
    post_round(api, game["id"], piles([ann, bob], 1, 5))
    assert stats(api, ann)["wins"] == 1
    api.delete(f"/api/games/{game['id']}/rounds/1/")
    assert stats(api, ann)["games"] == 0


def test_the_statistics_take_the_same_few_queries_however_many_games(api):
    ann, bob, cy, dee = add_players(api, "Ann", "Bob", "Cy", "Dee")
    forty_fives_won_by_team_a(api, ann, bob, cy, dee)
    with CaptureQueriesContext(connection) as one_game:
        stats(api, ann)
    for _ in range(3):
        forty_fives_won_by_team_a(api, ann, bob, cy, dee)
        game = start_game(api, "fourscore", [ann, bob])
        post_round(api, game["id"], piles([ann, bob], 1, 5))
    with CaptureQueriesContext(connection) as seven_games:
        assert stats(api, ann)["games"] == 7
    # The token, the player, then the games, their seats and their rounds; and the ratings.
    assert len(seven_games) == len(one_game) <= 6


def test_the_api_answers_the_player_pages_figures_with_rounds_streaks_and_head_to_head(api):
    ann, bob, cy, dee = add_players(api, "Ann", "Bob", "Cy", "Dee")
    forty_fives_won_by_team_a(api, ann, bob, cy, dee)
    tie = start_game(api, "fourscore", [ann, bob], options={"deals": 2})
    post_round(api, tie["id"], piles([ann, bob], 4, 1))
    post_round(api, tie["id"], piles([ann, bob], 0, 3))  # 4 + 0 = 1 + 3: Ann and Bob share it
    answer = stats(api, ann)

    ratings = answer.pop("ratings")
    assert answer == player_stats(Player.objects.get(pk=ann)).as_json()
    assert set(ratings) == {"fortyfives", "fourscore"}  # tests/api/test_ratings.py: the figures
    # Team A made 30 four times: four rounds of 30. FourScore: rounds 4 and 0, best the lowest.
    fortyfives, fourscore = answer["by_kind"]["fortyfives"], answer["by_kind"]["fourscore"]
    assert [fortyfives[key] for key in ("rounds", "average_round", "best_round")] == [4, 30.0, 30]
    assert [fourscore[key] for key in ("rounds", "average_round", "best_round")] == [2, 2.0, 0]
    # Won both, the tie included. Bob: behind in Forty Fives, level in the tie; Dee: behind;
    # Cy is Ann's partner, not an opponent.
    assert (answer["longest_streak"], answer["current_streak"]) == (2, 2)
    assert answer["head_to_head"] == [
        {"opponent": bob, "name": "Bob", "games": 2, "ahead": 1, "behind": 0, "level": 1},
        {"opponent": dee, "name": "Dee", "games": 1, "ahead": 1, "behind": 0, "level": 0},
    ]


@pytest.mark.parametrize("player", ["unknown", "outsiders", "huge"])
def test_an_unknown_or_another_users_player_is_a_404(api, outsider_api, player):
    [ann] = add_players(api, "Ann")
    player_id = {"unknown": ann + 100, "outsiders": ann, "huge": 10**30}[player]
    response = outsider_api.get(f"/api/players/{player_id}/stats/")
    assert response.status_code == 404
    assert response.json() == {"detail": f"there is no player {player_id}"}
