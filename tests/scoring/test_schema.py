"""An entry's declared shape (games.scoring.schema): where it names players, renumbering them (an
import's ids, a merge of two players) without touching anything else, and the check of an entry
against it, construct by construct, in the table's words."""

import pytest

from games.kinds import GAMES
from games.scoring import schema as schema_module
from games.scoring.errors import EntryError
from games.scoring.messages import N_, Message, message_json, player_name
from games.scoring.numbers import MINUS
from games.scoring.schema import (
    ByPlayer,
    Choice,
    Flag,
    Hands,
    ListOf,
    OneOf,
    PlayerId,
    Shape,
    Whole,
    check_entry,
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


# --- Checking an entry against its schema (check_entry) -------------------------------------

NAMES = {1: "Ann", 2: "Bob", 3: "Cy"}


def refusal(schema, entry, **kwargs):
    """The EntryError `check_entry` raises: its message and field."""
    with pytest.raises(EntryError) as error:
        check_entry(schema, entry, name=lambda player: player_name(player, NAMES), **kwargs)
    return error.value.message, error.value.field


def one_field(item):
    return Shape("E", {"x": item})


@pytest.mark.parametrize(
    ("item", "value", "message"),
    [
        (Whole(0, 7), "3", "x must be a whole number"),
        (Whole(0, 7), 3.0, "x must be a whole number"),
        (Whole(0, 7), True, "x must be a whole number"),
        (Whole(0, 7), None, "x must be a whole number"),
        (Whole(0, 7), 8, "x must be from 0 to 7, not 8"),
        (Whole(0, 7), -1, "x must be from 0 to 7, not -1"),
        (Whole(0), -1, "x can't be below 0"),
        (Whole(maximum=9), 10, "x can't be above 9"),
        (Whole(), 10**7, "x is far too large"),
        pytest.param(Whole(), 10**5000, "x is far too large", id="a-huge-number"),
        (Whole(0, 7, what=N_("the bid")), 9, "the bid must be from 0 to 7, not 9"),
        (Choice((1, 2)), "1", "x must be a whole number"),
        (Choice((1, 2)), None, "x must be a whole number"),
        (Choice((-1, 2)), 3, f"x must be {MINUS}1 or 2, not 3"),
        (Choice((-1, 2)), -3, f"x must be {MINUS}1 or 2, not {MINUS}3"),
        (Choice(("A", "B")), "C", "x must be A or B, not C"),
        (Choice(("A", "B")), 1, "x must be A or B, not 1"),
        (Choice(("A", "B")), ["A"], "x must be A or B"),
        (Choice(("A", "B")), None, "x must be A or B"),
        pytest.param(Choice(("A", "B")), 10**5000, "x must be A or B", id="a-huge-choice"),
        (Choice(("A", "B")), "C" * 31, "x must be A or B"),
        (Choice(("A", "B"), nullable=True), "C", "x must be A, B or null, not C"),
        (Choice(("A",), allowed=N_("the first letter")), "B", "x must be the first letter, not B"),
        (PlayerId(), "1", "x must be a player at this table"),
        (PlayerId(), True, "x must be a player at this table"),
        (PlayerId(what=N_("the bidder")), None, "the bidder must be a player at this table"),
        (Flag(), 1, "x must be true or false"),
        (Flag(), None, "x must be true or false"),
    ],
)
def test_a_value_of_the_wrong_kind_or_out_of_bounds_is_refused_naming_its_field(
    item, value, message
):
    assert refusal(one_field(item), {"x": value}) == (message, "x")


@pytest.mark.parametrize(
    ("item", "value"),
    [
        (Whole(0, 7), 0),
        (Whole(0, 7), 7),
        (Whole(), -(10**6)),
        (Choice((-1, 2)), -1),
        (Choice(("A", "B"), nullable=True), None),
        (PlayerId(), 99),
        (Flag(), False),
        (ListOf(Whole(0, 1), 2, 2), [0, 1]),
        (ListOf(Whole()), ()),
    ],
)
def test_a_value_of_its_kind_within_its_bounds_passes(item, value):
    check_entry(one_field(item), {"x": value})


def test_an_entry_that_is_not_an_object_is_refused_as_a_whole():
    assert refusal(one_field(Whole()), [1]) == ("a round's entry must be an object", None)
    assert refusal(one_field(Whole()), None) == ("a round's entry must be an object", None)


def test_an_objects_unknown_and_missing_fields_are_named():
    schema = Shape(
        "E",
        {
            "bid": Whole(),
            "went_out": PlayerId(missing=N_("say who went out this round")),
            "tricks": Shape("T", {"A": Whole(), "B": Whole()}),
            "trump": Choice(("hearts",)),
        },
        required=("bid", "went_out"),
    )
    entry = {"bid": 1, "went_out": 1}
    check_entry(schema, entry)
    assert refusal(schema, {**entry, "zzz": 1, "kitty": 3}) == (
        "unknown field kitty in the entry",
        None,
    )
    assert refusal(schema, {"went_out": 1}) == ("the entry has no bid", "bid")
    assert refusal(schema, {"bid": 1}) == ("say who went out this round", "went_out")
    assert refusal(schema, {**entry, "tricks": {"A": 1}}) == ("tricks has no B", "tricks.B")
    assert refusal(schema, {**entry, "tricks": {"A": 1, "B": 2, "C": 3}}) == (
        "unknown field C in tricks",
        "tricks",
    )
    assert refusal(schema, {**entry, "tricks": [1, 2]}) == ("tricks must be an object", "tricks")
    assert refusal(schema, {**entry, "tricks": {"A": 1, "B": "2"}}) == (
        "B must be a whole number",
        "tricks.B",
    )


def test_a_list_is_refused_as_a_whole_and_its_items_each():
    cards = ListOf(Whole(0, 13), maximum=5, what=N_("the cards"))
    assert refusal(one_field(cards), {"x": "2 3"}) == (
        "the cards must be a list of at most 5 items",
        "x",
    )
    assert (
        refusal(one_field(cards), {"x": [1] * 6})[0]
        == "the cards must be a list of at most 5 items"
    )
    assert refusal(one_field(cards), {"x": [1, 14]}) == (
        "each of the cards must be from 0 to 13, not 14",
        "x",
    )
    assert refusal(one_field(ListOf(Whole())), {"x": {}}) == ("x must be a list", "x")
    assert refusal(one_field(ListOf(Whole(), 1, 1)), {"x": []})[0] == "x must be a list of 1 items"
    assert refusal(one_field(ListOf(Whole(), 2)), {"x": []})[0] == (
        "x must be a list of at least 2 items"
    )
    assert refusal(one_field(ListOf(Whole(), 1, 3)), {"x": []})[0] == (
        "x must be a list of 1 to 3 items"
    )


def test_a_list_may_say_how_it_holds_too_many_in_its_own_words():
    cards = ListOf(
        Whole(0, 13),
        maximum=5,
        what=N_("%(name)s's cards"),
        shape=N_("a list of card values"),
        too_many=N_("%(name)s's hand has %(count)s cards; a hand holds at most %(most)s"),
    )
    schema = Shape("E", {"hands": Hands(Shape("H", {"player": PlayerId(), "cards": cards}))})
    assert refusal(schema, {"hands": [{"player": 2, "cards": [1] * 6}]}) == (
        "Bob's hand has 6 cards; a hand holds at most 5",
        "hands.2.cards",
    )
    assert refusal(schema, {"hands": [{"player": 2, "cards": "1 2"}]}) == (
        "Bob's cards must be a list of card values",
        "hands.2.cards",
    )


def test_a_list_left_unnamed_inside_a_named_one_is_refused_as_the_named_one():
    grid = ListOf(
        ListOf(Choice((1, 2), what=N_("each card of the grid")), 3, 3),
        2,
        2,
        what=N_("the grid"),
        shape=N_("two rows of three cards"),
    )
    schema = one_field(grid)
    check_entry(schema, {"x": [[1, 1, 1], [2, 2, 2]]})
    for bad in ([[1, 1, 1]], [[1, 1, 1], [2, 2]], [[1, 1, 1], "abc"], [[1, 1, 1], {"a": 1}]):
        assert refusal(schema, {"x": bad}) == ("the grid must be two rows of three cards", "x")
    assert refusal(schema, {"x": [[1, 1, 1], [2, 2, 3]]}) == (
        "each card of the grid must be 1 or 2, not 3",
        "x",
    )


HANDS = Shape(
    "E",
    {
        "hands": Hands(
            Shape(
                "H",
                {
                    "player": PlayerId(),
                    "bid": Whole(0, 7, what=N_("%(name)s's bid")),
                    "tricks": Whole(0, 7),
                },
                required=("player", "bid"),
            )
        )
    },
)


@pytest.mark.parametrize(
    ("hands", "message", "field"),
    [
        ({}, "hands must be a list with one hand per player", "hands"),
        ([7], "each hand must be an object", "hands"),
        ([{"bid": 1}], "each hand's player must be a player at this table", "hands"),
        ([{"player": "2", "bid": 1}], "each hand's player must be a player at this table", "hands"),
        ([{"player": 2, "bid": 8}], "Bob's bid must be from 0 to 7, not 8", "hands.2.bid"),
        (
            [{"player": 2, "bid": 1, "tricks": 8}],
            "tricks must be from 0 to 7, not 8",
            "hands.2.tricks",
        ),
        ([{"player": 2}], "Bob's hand has no bid", "hands.2.bid"),
        ([{"player": 2, "bid": 1, "trump": 1}], "unknown field trump in Bob's hand", "hands.2"),
        (
            [{"player": 9, "bid": 1, "trump": 1}],
            "unknown field trump in player 9's hand",
            "hands.9",
        ),
    ],
)
def test_each_hand_is_named_by_its_player_and_its_field_is_theirs(hands, message, field):
    assert refusal(HANDS, {"hands": hands}) == (message, field)


def test_hands_left_out_are_asked_for_as_a_list():
    assert refusal(HANDS, {}) == ("hands must be a list with one hand per player", "hands")


def test_a_hand_is_a_shape_that_names_its_player():
    with pytest.raises(TypeError):
        Hands(Shape("H", {"who": PlayerId()}))
    with pytest.raises(TypeError):
        Hands(Whole())


def test_an_object_by_player_names_each_value_by_its_player():
    schema = Shape(
        "E", {"hands": ByPlayer(Shape("H", {"number": Whole(0, 9, what=N_("%(name)s's number"))}))}
    )
    check_entry(schema, {"hands": {"1": {"number": 5}, "2": {"number": 0}}})
    assert refusal(schema, {"hands": [1]}) == ("hands must be an object by player id", "hands")
    assert refusal(schema, {"hands": {"Ann": {"number": 1}}}) == (
        "Ann is not a player at this table",
        "hands",
    )
    # A key is named by its object, as an unknown field is: its dots would make a path ambiguous.
    assert refusal(schema, {"hands": {"2.number": {"number": 1}}}) == (
        "2.number is not a player at this table",
        "hands",
    )
    assert refusal(schema, {"hands": {"2": {"number": 10}}}) == (
        "Bob's number must be from 0 to 9, not 10",
        "hands.2.number",
    )
    assert refusal(schema, {"hands": {"2": 5}}) == ("Bob's hand must be an object", "hands.2")
    assert refusal(schema, {"hands": {"3": {}}}) == ("Cy's hand has no number", "hands.3.number")


CALL_OR_EMPTY = OneOf(
    (
        Shape("Call", {"called_by": PlayerId(), "hands": ListOf(Whole())}),
        Shape("Empty", {"empty_hand": PlayerId(), "hands": ListOf(Whole())}),
    ),
    either=N_("give called_by or empty_hand"),
)


def test_one_of_several_shapes_is_told_by_the_fields_only_it_requires():
    assert CALL_OR_EMPTY.own_fields(CALL_OR_EMPTY.variants[1]) == ("empty_hand",)
    assert CALL_OR_EMPTY.meant({"called_by": 1}).name == "Call"
    assert CALL_OR_EMPTY.meant({"empty_hand": 1, "hands": 7}).name == "Empty"
    assert CALL_OR_EMPTY.meant({"hands": []}) is None
    assert CALL_OR_EMPTY.meant({"called_by": 1, "empty_hand": 2}) is None
    check_entry(CALL_OR_EMPTY, {"empty_hand": 1, "hands": [1]})
    assert refusal(CALL_OR_EMPTY, {"empty_hand": 1}) == ("the entry has no hands", "hands")
    assert refusal(CALL_OR_EMPTY, {"empty_hand": 1, "hands": [], "called_by": 2}) == (
        "give called_by or empty_hand",
        "called_by",
    )
    assert refusal(CALL_OR_EMPTY, {"hands": []}) == ("give called_by or empty_hand", "called_by")


def test_without_its_sentence_an_entry_of_no_shape_is_read_as_the_first():
    bid_or_pass = OneOf(
        (Shape("Bid", {"bidder": PlayerId(), "bid": Whole()}), Shape("Pass", {"passed": Flag()}))
    )
    assert refusal(bid_or_pass, {}) == ("the entry has no bidder", "bidder")
    assert refusal(bid_or_pass, {"bid": 1, "passed": True}) == (
        "unknown field passed in the entry",
        None,
    )
    assert refusal(bid_or_pass, {"passed": 1}) == ("passed must be true or false", "passed")


def test_a_part_checked_by_itself_is_named_as_its_owners():
    hand = Shape("H", {"points": Whole(0, 100, what=N_("%(name)s's points"))})
    assert refusal(hand, 7, owner="Bob") == ("Bob's hand must be an object", None)
    assert refusal(hand, {"points": 101}, owner="Bob") == (
        "Bob's points must be from 0 to 100, not 101",
        "points",
    )
    assert refusal(hand, {"pile": 1}, owner="Bob") == ("unknown field pile in Bob's hand", None)


def test_a_refusal_names_players_as_the_table_does_so_a_kept_one_follows_renames():
    message, _field = refusal(HANDS, {"hands": [{"player": 2, "bid": 9}]})
    assert message_json(message)["params"]["what"] == {
        "msgid": "%(name)s's bid",
        "params": {"name": {"player": 2}},
    }


def test_a_valid_entry_is_checked_without_making_a_single_message(monkeypatch):
    """A replay checks every round: no sentence is made until one is refused."""
    made = []

    class Counted(Message):
        def __new__(cls, *args, **kwargs):
            made.append(args)
            return super().__new__(cls, *args, **kwargs)

    monkeypatch.setattr(schema_module, "Message", Counted)
    for kind, entry in VALID_ENTRIES.items():
        check_entry(GAMES[kind].entry_schema, entry, name=lambda player: player_name(player, NAMES))
    assert made == []


VALID_ENTRIES = {
    "fortybelow": {
        "went_out": 1,
        "hands": [{"player": p, "grid": [[5, 5, 3], [5, 5, -1]]} for p in (1, 2, 3)],
    },
    "fortytwo": {"hands": [{"player": p, "bid": 2, "tricks": 2} for p in (1, 2, 3)]},
    "under10": {
        "called_by": 1,
        "hands": [
            {"player": 1, "points": 4},
            {"player": 2, "cards": [2, 13], "bonus": ["joker"]},
            {"player": 3, "cards": []},
        ],
    },
    "fortyfives": {
        "bidder": 1,
        "bid": 20,
        "trump": None,
        "tricks": {"A": 3, "B": 2},
        "high_trump": "A",
    },
    "fourscore": {"hands": [{"player": p, "pile": 0} for p in (1, 2, 3)]},
}
