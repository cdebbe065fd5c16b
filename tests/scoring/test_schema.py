"""An entry's declared shape (games.scoring.schema): where it names players, and renumbering
them (an import's ids, a merge of two players) without touching anything else."""

import pytest

from games.kinds import GAMES
from games.scoring.schema import (
    ByPlayer,
    ListOf,
    OneOf,
    PlayerId,
    Shape,
    Whole,
    player_fields,
    with_new_player_ids,
)


def test_the_player_fields_come_from_each_games_schema():
    assert {kind: rules.player_fields for kind, rules in GAMES.items()} == {
        "fortybelow": ("went_out", "hands.*.player"),
        "fortytwo": ("hands.*.player",),
        "under10": ("called_by", "hands.*.player", "empty_hand"),
        "fortyfives": ("bidder",),  # its tricks are the teams'
        "fourscore": ("hands.*.player",),
    }


def test_a_by_player_object_names_players_by_its_keys():
    schema = Shape("E", {"hands": ByPlayer(Shape("H", {"number": Whole(0, 9)}))})
    assert list(player_fields(schema)) == ["hands.<key>"]


def renumbered(kind, entry, ids):
    return with_new_player_ids(
        GAMES[kind].entry_schema, entry, lambda value, at: ids.get(value, value)
    )


def test_every_player_id_of_an_entry_is_renumbered_and_nothing_else():
    entry = {"went_out": 1, "hands": [{"player": 1, "grid": [[1, 1, 1], [2, 2, 2]]}]}
    assert renumbered("fortybelow", entry, {1: 10, 2: 20}) == {
        "went_out": 10,
        "hands": [{"player": 10, "grid": [[1, 1, 1], [2, 2, 2]]}],
    }
    forty_fives = {"bidder": 2, "bid": 20, "tricks": {"A": 2, "B": 3}, "high_trump": "A"}
    assert renumbered("fortyfives", forty_fives, {2: 20, 3: 30}) == {**forty_fives, "bidder": 20}
    thrown_in = {"thrown_in": True}
    assert renumbered("fortyfives", thrown_in, {1: 10}) == thrown_in


@pytest.mark.parametrize("ender", ["called_by", "empty_hand"])
def test_under_the_10s_two_shapes_both_renumber_their_ender_and_hands(ender):
    entry = {ender: 2, "hands": [{"player": 1, "points": 4}, {"player": 2, "cards": []}]}
    assert renumbered("under10", entry, {1: 10, 2: 20}) == {
        ender: 20,
        "hands": [{"player": 10, "points": 4}, {"player": 20, "cards": []}],
    }


def test_what_does_not_fit_the_schema_is_left_for_the_engine_to_refuse():
    odd = {"went_out": "Ann", "hands": "all of them", "extra": 1}
    assert renumbered("fortybelow", odd, {}) == odd
    assert renumbered("fortytwo", {"hands": [7, {"bid": 2}]}, {7: 70}) == {"hands": [7, {"bid": 2}]}


def test_a_by_player_objects_keys_are_renumbered_and_its_other_keys_kept():
    schema = Shape("E", {"hands": ByPlayer(Shape("H", {"number": Whole(0, 9)}))})
    entry = {"hands": {"1": {"number": 5}, "2": {"number": 7}, "Ann": {"number": 1}}}
    seen = []

    def new_id(value, at):
        seen.append(at)
        return {1: 10, 2: 20}.get(value, value)

    assert with_new_player_ids(schema, entry, new_id) == {
        "hands": {"10": {"number": 5}, "20": {"number": 7}, "Ann": {"number": 1}}
    }
    assert seen == ["hands.1", "hands.2"]


def test_the_place_of_each_id_is_given_as_a_path_in_the_entry():
    seen = []
    schema = OneOf(
        (Shape("A", {"who": PlayerId(), "list": ListOf(Shape("I", {"p": PlayerId()}))}),)
    )
    with_new_player_ids(
        schema, {"who": 1, "list": [{"p": 2}, {"p": 3}]}, lambda v, at: seen.append(at)
    )
    assert seen == ["who", "list.0.p", "list.1.p"]
