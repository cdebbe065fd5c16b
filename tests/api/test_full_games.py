"""A whole game of every kind played through the API to its winner, against totals worked out
by hand from RULES.md."""

import pytest

from tests.factories import piles

from .conftest import add_players, bids, post_round, start_game

pytestmark = pytest.mark.django_db


def game_url(game):
    return f"/api/games/{game['id']}/"


def totals_by_player(game):
    return {standing["player"]: standing["total"] for standing in game["standings"]}


def ranks_by_player(game):
    return {standing["player"]: standing["rank"] for standing in game["standings"]}


def results_by_player(round_):
    return {result["player"]: (result["points"], result["total"]) for result in round_["results"]}


def test_fortybelow_is_won_by_the_lowest_total_after_the_last_round(api):
    ann, bob, cy = add_players(api, "Ann", "Bob", "Cy")
    game = start_game(api, "fortybelow", [ann, bob, cy], options={"rounds": 2})

    # Round 1, Ann deals, Cy goes out: Ann's block of four fives (-40) and 3 + -1 = -38;
    # Bob's columns 1 and 3 cancel, 2 + 9 = 11; Cy 1+4 + 2+5 + 3+6 = 21, not lowest, and both
    # others are at or below 21: +20.
    first = post_round(
        api,
        game["id"],
        {
            "went_out": cy,
            "hands": [
                {"player": ann, "grid": [[5, 5, 3], [5, 5, -1]]},
                {"player": bob, "grid": [[7, 2, 7], [7, 9, 7]]},
                {"player": cy, "grid": [[1, 2, 3], [4, 5, 6]]},
            ],
        },
    )
    assert first["dealer"] == ann
    assert results_by_player(first) == {ann: (-38, -38), bob: (11, 11), cy: (41, 41)}
    assert "go-out penalty +20" in first["results"][2]["notes"]

    # Round 2, Bob deals, Ann goes out with the lowest hand: no penalty. Ann six fours: -40;
    # Bob's columns 1 and 2 cancel, 12 + 11 = 23; Cy's four zeros -40 and 1 + 2 = -37.
    second = post_round(
        api,
        game["id"],
        {
            "went_out": ann,
            "hands": [
                {"player": ann, "grid": [[4, 4, 4], [4, 4, 4]]},
                {"player": bob, "grid": [[-10, 3, 12], [-10, 3, 11]]},
                {"player": cy, "grid": [[0, 0, 1], [0, 0, 2]]},
            ],
        },
    )
    assert second["dealer"] == bob
    assert results_by_player(second) == {ann: (-40, -78), bob: (23, 34), cy: (-37, 4)}

    board = api.get(game_url(game)).json()
    assert totals_by_player(board) == {ann: -78, bob: 34, cy: 4}
    assert [standing["player"] for standing in board["standings"]] == [ann, cy, bob]
    assert board["finished"] is True
    assert board["winners"] == [ann]
    assert board["next_dealer"] == cy


def test_fortytwo_is_won_by_making_a_bid_at_42(api):
    ann, bob, cy = add_players(api, "Ann", "Bob", "Cy")
    game = start_game(api, "fortytwo", [ann, bob, cy], first_dealer=cy)
    seats = [ann, bob, cy]

    # Round 1 (Cy deals): bids saved first, then the tricks. Ann makes 2: 5; Bob misses 0 with
    # 1 trick: 1; Cy makes 4: 7.
    opened = post_round(api, game["id"], bids(seats, [2, 0, 4]))
    assert opened["status"] == "open" and opened["results"] == []
    completed = api.patch(
        f"{game_url(game)}rounds/1/", bids(seats, [2, 0, 4], [2, 1, 4]), format="json"
    ).json()
    assert results_by_player(completed) == {ann: (5, 5), bob: (1, 1), cy: (7, 7)}

    # Round 2 (Ann deals; Bob and Cy bid 1, so Ann may not bid 6): Ann makes 7: 14; Bob misses:
    # 0; Cy makes 0 with three players: 7.
    second = post_round(api, game["id"], bids(seats, [7, 1, 0], [7, 0, 0]))
    assert second["dealer"] == ann
    assert results_by_player(second) == {ann: (14, 19), bob: (0, 1), cy: (7, 14)}

    # Round 3 (Bob deals; the others bid 7 so Bob may not bid 0): the dealer's bid is checked.
    refused = api.post(f"{game_url(game)}rounds/", bids(seats, [7, 0, 0]), format="json")
    assert refused.status_code == 400
    assert refused.json()["detail"] == (
        "Round 3: Bob is dealing and may not bid 0: the bids would add up to 7"
    )
    third = post_round(api, game["id"], bids(seats, [7, 1, 0], [7, 0, 0]))
    assert results_by_player(third) == {ann: (14, 33), bob: (0, 1), cy: (7, 21)}

    # Round 4 (Cy deals): Ann makes 7 again: 33 + 14 = 47, capped at 42, and she made her bid.
    fourth = post_round(api, game["id"], bids(seats, [7, 1, 0], [7, 0, 0]))
    assert results_by_player(fourth) == {ann: (14, 42), bob: (0, 1), cy: (7, 28)}
    assert "capped at 42" in fourth["results"][0]["notes"]

    board = api.get(game_url(game)).json()
    assert board["finished"] is True
    assert board["winners"] == [ann]
    assert ranks_by_player(board) == {ann: 1, cy: 2, bob: 3}
    over = api.post(f"{game_url(game)}rounds/", bids(seats, [1, 1, 1]), format="json")
    assert over.status_code == 409


def test_under_the_ten_is_won_by_the_last_player_standing(api):
    ann, bob, cy = add_players(api, "Ann", "Bob", "Cy")
    game = start_game(api, "under10", [ann, bob, cy])

    # Round 1: Ann calls with 7 but Cy also has 7: Ann 20 + 7, Bob 12, Cy 0.
    first = post_round(
        api,
        game["id"],
        {
            "called_by": ann,
            "hands": [
                {"player": ann, "points": 7},
                {"player": bob, "points": 12},
                {"player": cy, "points": 7},
            ],
        },
    )
    assert results_by_player(first) == {ann: (27, 27), bob: (12, 12), cy: (0, 0)}

    # Round 2 (Bob deals): Bob plays his last card, a stroke of luck: Bob 0; Ann holds 80 (107)
    # and Cy a full hand, four 13s and a trade-hand card: 52 + 20 = 72.
    second = post_round(
        api,
        game["id"],
        {
            "empty_hand": bob,
            "hands": [
                {"player": ann, "points": 80},
                {"player": bob, "cards": []},
                {"player": cy, "cards": [13, 13, 13, 13], "bonus": ["trade_hand"]},
            ],
        },
    )
    assert results_by_player(second) == {ann: (80, 107), bob: (0, 12), cy: (72, 72)}

    # Round 3 (Cy deals): Cy calls with cards 1 and 2 (3), strictly lowest: 0. Ann 107 + 60 =
    # 167 is out; Bob 12 + 88 = 100 is halved to 50.
    third = post_round(
        api,
        game["id"],
        {
            "called_by": cy,
            "hands": [
                {"player": ann, "points": 60},
                {"player": bob, "points": 88},
                {"player": cy, "cards": [1, 2]},
            ],
        },
    )
    assert results_by_player(third) == {ann: (60, 167), bob: (88, 50), cy: (0, 72)}
    assert "eliminated" in third["results"][0]["notes"]

    # Ann is out: a hand for her is refused, and the deal skips her.
    refused = api.post(
        f"{game_url(game)}rounds/",
        {
            "empty_hand": bob,
            "hands": [
                {"player": ann, "points": 3},
                {"player": bob, "points": 0},
                {"player": cy, "points": 3},
            ],
        },
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["detail"] == "Round 4: Ann is out of the game"

    # Round 4 (Bob deals: Ann's turn is skipped): Bob goes out with an empty hand; Cy holds
    # four 13s and a joker: 52 + 10 = 62, so 134, still in.
    fourth = post_round(
        api,
        game["id"],
        {
            "empty_hand": bob,
            "hands": [
                {"player": bob, "cards": []},
                {"player": cy, "cards": [13, 13, 13, 13], "bonus": ["joker"]},
            ],
        },
    )
    assert fourth["dealer"] == bob
    assert results_by_player(fourth) == {bob: (0, 50), cy: (62, 134)}

    # Round 5 (Cy deals): Bob goes out again; Cy holds 13 and 13 (26): 160, above 150. Bob is
    # the last one standing.
    fifth = post_round(
        api,
        game["id"],
        {
            "empty_hand": bob,
            "hands": [{"player": bob, "points": 0}, {"player": cy, "cards": [13, 13]}],
        },
    )
    assert fifth["dealer"] == cy
    assert results_by_player(fifth) == {bob: (0, 50), cy: (26, 160)}

    board = api.get(game_url(game)).json()
    assert board["finished"] is True
    assert board["winners"] == [bob]
    assert board["standings"] == [
        {"player": bob, "total": 50, "rank": 1, "eliminated": False},
        {"player": cy, "total": 160, "rank": 2, "eliminated": True},
        {"player": ann, "total": 167, "rank": 3, "eliminated": True},
    ]


def test_forty_fives_is_won_by_the_first_team_to_120_and_both_partners_win(api):
    ann, bob, cy, dee = add_players(api, "Ann", "Bob", "Cy", "Dee")  # A: Ann, Cy; B: Bob, Dee
    game = start_game(api, "fortyfives", [ann, bob, cy, dee])

    def hand(bidder, bid, tricks_a, high_trump, trump="hearts"):
        return {
            "bidder": bidder,
            "bid": bid,
            "trump": trump,
            "tricks": {"A": tricks_a, "B": 5 - tricks_a},
            "high_trump": high_trump,
        }

    def team_points(round_):
        results = results_by_player(round_)
        return {"A": results[ann], "B": results[bob]}

    # Ann bids 20, A takes 3 tricks and the highest trump: A +20, B +10.
    assert team_points(post_round(api, game["id"], hand(ann, 20, 3, "A"))) == {
        "A": (20, 20),
        "B": (10, 10),
    }
    # Bob bids 25, B takes 2 tricks (10): set, -25; A 3 and the highest trump: +20.
    assert team_points(post_round(api, game["id"], hand(bob, 25, 3, "A"))) == {
        "A": (20, 40),
        "B": (-25, -15),
    }
    # Cy bids 30 and A takes everything: +30.
    assert team_points(post_round(api, game["id"], hand(cy, 30, 5, "A"))) == {
        "A": (30, 70),
        "B": (0, -15),
    }
    # Dee bids 15: saved open, then completed with B taking all five and the highest trump.
    opened = post_round(api, game["id"], {"bidder": dee, "bid": 15})
    assert opened["status"] == "open"
    completed = api.patch(f"{game_url(game)}rounds/4/", hand(dee, 15, 0, "B"), format="json").json()
    assert team_points(completed) == {"A": (0, 70), "B": (30, 15)}
    # Ann bids 30 in spades and makes it: 100.
    assert team_points(post_round(api, game["id"], hand(ann, 30, 5, "A", "spades"))) == {
        "A": (30, 100),
        "B": (0, 15),
    }
    # Cy bids 20 and A takes 4 tricks, no trump played: 20, made: 120 wins.
    last = post_round(api, game["id"], hand(cy, 20, 4, None, trump=None))
    assert team_points(last) == {"A": (20, 120), "B": (5, 20)}

    board = api.get(game_url(game)).json()
    assert board["finished"] is True
    assert board["winners"] == [ann, cy]
    assert board["teams"] == [
        {"team": "A", "players": [ann, cy], "total": 120},
        {"team": "B", "players": [bob, dee], "total": 20},
    ]
    assert ranks_by_player(board) == {ann: 1, cy: 1, bob: 3, dee: 3}
    assert totals_by_player(board) == {ann: 120, cy: 120, bob: 20, dee: 20}
    assert board["next_dealer"] == cy  # six hands from Ann: Ann, Bob, Cy, Dee, Ann, Bob


def test_fourscore_is_won_by_the_fewest_cards_and_a_tie_shares_the_win(api):
    ann, bob, cy = add_players(api, "Ann", "Bob", "Cy")
    seats = [ann, bob, cy]
    game = start_game(api, "fourscore", seats, options={"deals": 3})
    post_round(api, game["id"], piles(seats, 5, 2, 9))
    post_round(api, game["id"], piles(seats, 0, 4, 1))
    assert api.get(game_url(game)).json()["finished"] is False
    last = post_round(api, game["id"], piles(seats, 4, 3, 0))
    assert results_by_player(last) == {ann: (4, 9), bob: (3, 9), cy: (0, 10)}

    board = api.get(game_url(game)).json()
    assert board["finished"] is True
    assert board["winners"] == [ann, bob]
    assert ranks_by_player(board) == {ann: 1, bob: 1, cy: 3}
