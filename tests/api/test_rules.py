"""GET /api/rules/: every game that can be scored, with its players and option defaults."""

import pytest

pytestmark = pytest.mark.django_db


def test_it_lists_the_five_games_with_their_option_defaults(api):
    response = api.get("/api/rules/")
    assert response.status_code == 200
    rules = {rule["kind"]: rule for rule in response.json()}
    assert list(rules) == ["fortybelow", "fortytwo", "under10", "fortyfives", "fourscore"]
    assert rules["fortybelow"] == {
        "kind": "fortybelow",
        "name": "FortyBelow",
        "min_players": 2,
        "max_players": 6,
        "options": {"rounds": 10},
    }
    assert rules["fortytwo"]["options"] == {}
    assert (rules["fortytwo"]["min_players"], rules["fortytwo"]["max_players"]) == (2, 7)
    assert rules["under10"]["options"] == {"end": "last_standing"}
    assert rules["fortyfives"]["options"] == {
        "thirty_for_sixty": False,
        "on_the_green": False,
        "no_minimum_bid": False,
        "hundred_bids_twenty": False,
    }
    assert (rules["fortyfives"]["min_players"], rules["fortyfives"]["max_players"]) == (4, 4)
    assert rules["fourscore"]["options"] == {"deals": 1}
