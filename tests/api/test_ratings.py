"""GET /api/ratings/{kind}/ and a player's `ratings`: every rating equals an independent replay
of the finished games through openskill, before and after an early game is fixed or undone."""

import pytest
from openskill.models import PlackettLuce

from tests.factories import piles

from .conftest import add_players, post_round, start_game

pytestmark = pytest.mark.django_db


def forty_fives_hand(bidder, tricks_a, high_trump):
    return {
        "bidder": bidder,
        "bid": 30,
        "trump": "hearts",
        "tricks": {"A": tricks_a, "B": 5 - tricks_a},
        "high_trump": high_trump,
    }


def play_forty_fives(api, seats, winner):
    """A Forty Fives game the team `winner` ("A": seats 1 and 3) takes with four hands of 30."""
    game = start_game(api, "fortyfives", seats)
    bidder = seats[0] if winner == "A" else seats[1]
    for _ in range(4):
        post_round(api, game["id"], forty_fives_hand(bidder, 5 if winner == "A" else 0, winner))
    return game["id"]


def play_fourscore(api, seats, *deals):
    game = start_game(api, "fourscore", seats, options={"deals": len(deals)})
    for counts in deals:
        post_round(api, game["id"], piles(seats, *counts))
    return game["id"]


def independent_replay(api, game_ids):
    """Each player's rating after the games (finished, in the order given), worked out here
    from what the API says of each game: its players, teams and totals. Ranks come from the
    points (the fewest cards in FourScore, the most points in Forty Fives; level shares)."""
    model = PlackettLuce()
    ratings, games, change = {}, {}, {}
    for game_id in game_ids:
        game = api.get(f"/api/games/{game_id}/").json()
        assert game["finished"]
        totals = {standing["player"]: standing["total"] for standing in game["standings"]}
        if game["teams"]:
            sides = [team["players"] for team in game["teams"]]
            points = [-team["total"] for team in game["teams"]]  # the most points wins
        else:
            sides = [[player["id"]] for player in game["players"]]
            points = [totals[side[0]] for side in sides]  # the fewest cards wins
        ranks = [1 + sum(other < mine for other in points) for mine in points]
        teams = [[ratings.get(player, model.rating()) for player in side] for side in sides]
        for side, rated in zip(sides, model.rate(teams, ranks=ranks), strict=True):
            for player, rating in zip(side, rated, strict=True):
                before = ratings.get(player, model.rating()).ordinal()
                ratings[player] = rating
                games[player] = games.get(player, 0) + 1
                change[player] = rating.ordinal() - before
    return {
        player: {
            "player": player,
            "mu": rating.mu,
            "sigma": rating.sigma,
            "ordinal": rating.ordinal(),
            "games": games[player],
            "change": change[player],
        }
        for player, rating in ratings.items()
    }


def assert_ratings_are_the_replay(api, kind, game_ids, names):
    expected = independent_replay(api, game_ids)
    listed = api.get(f"/api/ratings/{kind}/").json()
    assert {row["player"]: row for row in listed} == expected  # to the last bit
    ordinals = [(-row["ordinal"], names[row["player"]].casefold()) for row in listed]
    assert ordinals == sorted(ordinals)  # best first, a tie by name
    for player, rating in expected.items():
        stats = api.get(f"/api/players/{player}/stats/").json()
        assert stats["ratings"][kind] == {
            field: rating[field] for field in ("mu", "sigma", "ordinal", "games")
        }


def test_every_rating_is_an_independent_replay_of_the_finished_games_even_after_a_fix(api):
    ann, bob, cy, dee, eve = add_players(api, "Ann", "Bob", "Cy", "Dee", "Eve")
    names = {ann: "Ann", bob: "Bob", cy: "Cy", dee: "Dee", eve: "Eve"}
    fourscore = [
        play_fourscore(api, [ann, bob, cy], (2, 5, 5)),  # Bob and Cy level second
        play_fourscore(api, [ann, bob, cy, dee], (3, 3, 1, 7), (4, 4, 6, 0)),  # Ann, Bob first
        play_fourscore(api, [bob, dee], (4, 4)),  # everyone level
        play_fourscore(api, [eve, cy, ann, dee, bob], (0, 9, 3, 3, 12)),
    ]
    unfinished = start_game(api, "fourscore", [ann, bob], options={"deals": 2})
    post_round(api, unfinished["id"], piles([ann, bob], 0, 9))  # counts for nothing yet
    play_fourscore(api, [cy, eve], (1, 2))
    fourscore.append(api.get("/api/games/").json()[0]["id"])
    forty_fives = [
        play_forty_fives(api, [ann, bob, cy, dee], "A"),  # Ann and Cy beat Bob and Dee
        play_forty_fives(api, [ann, bob, cy, dee], "B"),
        play_forty_fives(api, [eve, ann, bob, cy], "A"),  # Eve and Bob beat Ann and Cy
    ]

    assert_ratings_are_the_replay(api, "fourscore", fourscore, names)
    assert_ratings_are_the_replay(api, "fortyfives", forty_fives, names)
    assert api.get("/api/ratings/fortytwo/").json() == []
    assert set(api.get(f"/api/players/{eve}/stats/").json()["ratings"]) == {
        "fourscore",
        "fortyfives",
    }

    # Round 1 of the first game fixed: Ann now last, and every later rating follows.
    fixed = api.put(
        f"/api/games/{fourscore[0]}/rounds/1/", piles([ann, bob, cy], 9, 5, 1), format="json"
    )
    assert fixed.status_code == 200
    assert_ratings_are_the_replay(api, "fourscore", fourscore, names)
    # And the second game's last round fixed, to a tie for first of three players.
    fixed = api.put(
        f"/api/games/{fourscore[1]}/rounds/2/",
        piles([ann, bob, cy, dee], 4, 4, 6, 0),
        format="json",
    )
    assert fixed.status_code == 200
    assert_ratings_are_the_replay(api, "fourscore", fourscore, names)

    # Its last round undone, the first Forty Fives game no longer counts...
    assert api.delete(f"/api/games/{forty_fives[0]}/rounds/4/").status_code == 204
    assert_ratings_are_the_replay(api, "fortyfives", forty_fives[1:], names)
    # ...until it is finished again: now, so it is rated after the others.
    post_round(api, forty_fives[0], forty_fives_hand(ann, 5, "A"))
    assert_ratings_are_the_replay(api, "fortyfives", [*forty_fives[1:], forty_fives[0]], names)
    # The unfinished game, finished, is rated last.
    post_round(api, unfinished["id"], piles([ann, bob], 0, 0))
    assert_ratings_are_the_replay(api, "fourscore", [*fourscore, unfinished["id"]], names)


def test_a_player_with_no_finished_game_of_a_kind_is_not_listed(api):
    ann, bob, cy = add_players(api, "Ann", "Bob", "Cy")
    play_fourscore(api, [ann, bob], (1, 2))
    game = start_game(api, "fourscore", [ann, cy], options={"deals": 2})
    post_round(api, game["id"], piles([ann, cy], 1, 2))
    listed = api.get("/api/ratings/fourscore/").json()
    assert [row["player"] for row in listed] == [ann, bob]
    assert listed[0]["games"] == 1
    assert listed[0]["change"] == listed[0]["ordinal"]  # from the starting ordinal, 0
    assert api.get(f"/api/players/{cy}/stats/").json()["ratings"] == {}


def test_a_tie_in_rating_is_listed_by_name(api):
    zoe, ann, bob = add_players(api, "zoë", "Ann", "Bob")
    play_fourscore(api, [zoe, ann, bob], (3, 3, 0))  # zoë and Ann level second
    listed = api.get("/api/ratings/fourscore/").json()
    assert [row["player"] for row in listed] == [bob, ann, zoe]
    assert listed[1]["ordinal"] == listed[2]["ordinal"]


def test_an_unknown_kind_is_not_found(api):
    response = api.get("/api/ratings/chess/")
    assert response.status_code == 404
    assert response.json() == {"detail": "there is no game called chess"}


def test_another_users_ratings_are_neither_listed_nor_told(api, outsider_api):
    ann, bob = add_players(api, "Ann", "Bob")
    play_fourscore(api, [ann, bob], (1, 2))
    assert outsider_api.get("/api/ratings/fourscore/").json() == []
    assert outsider_api.get(f"/api/players/{ann}/stats/").status_code == 404


def test_ratings_need_a_token(anonymous):
    assert anonymous.get("/api/ratings/fourscore/").status_code == 401
