"""Every game's entries go through its schema, then its rules: an entry of any shape, drawn from
the schema, mutated or plain junk, is played or refused with an EntryError whose `field` names a
part of the entry the schema declares (None only for the entry as a whole), never a crash.

The entries of the schema's shape are drawn from the declaration itself (`entries_of`), so
every value the schema (and so the API's OpenAPI schema) describes is one its check passes, and
the rules, which no longer check shapes, never meet one they can't read.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.kinds import GAMES
from games.scoring.base import EntryError
from games.scoring.messages import Message
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
    shapes,
)

from ..sixth_game import rules as highest

EVERY_GAME = sorted([*GAMES.values(), highest.GAME], key=lambda rules: rules.kind)
STRANGER = 99  # a player id no table seats
# Refusals of the table's state rather than of an entry, and of an entry that is no object.
ABOUT_NO_FIELD = {
    "the game is already over",
    "round %(number)s is still open; finish it first",
    "a round's entry must be an object",
    "unknown field %(field)s in %(what)s",
}


def values_of(item, players: list[int]) -> st.SearchStrategy:
    """The values `item` declares, players drawn mostly from the table's."""
    if isinstance(item, Whole):
        low = -50 if item.minimum is None else item.minimum
        high = low + 150 if item.maximum is None else item.maximum
        return st.integers(low, high)
    if isinstance(item, Choice):
        return st.sampled_from([*item.values, *([None] if item.nullable else [])])
    if isinstance(item, PlayerId):
        return st.sampled_from([*players, *players, STRANGER])
    if isinstance(item, Flag):
        return st.booleans()
    if isinstance(item, Hands):
        return hands_of(item.item, players)
    if isinstance(item, ListOf):
        low = item.minimum or 0
        return st.lists(
            values_of(item.item, players),
            min_size=low,
            max_size=item.maximum if item.maximum is not None else low + 6,
        )
    if isinstance(item, ByPlayer):
        keys = st.sampled_from([str(player) for player in [*players, STRANGER]])
        return st.dictionaries(keys, values_of(item.item, players), max_size=len(players) + 1)
    if isinstance(item, Shape):
        required = set(item.required_fields)
        return st.fixed_dictionaries(
            {
                name: values_of(part, players)
                for name, part in item.fields.items()
                if name in required
            },
            optional={
                name: values_of(part, players)
                for name, part in item.fields.items()
                if name not in required
            },
        )
    if isinstance(item, OneOf):
        return st.one_of([values_of(variant, players) for variant in item.variants])
    raise TypeError(item)


@st.composite
def hands_of(draw, hand: Shape, players: list[int]) -> list[dict]:
    """One hand per player mostly; sometimes one missing, one twice or a stranger's."""
    seated = draw(
        st.one_of(
            st.just(list(players)),
            st.permutations(players),
            st.lists(st.sampled_from([*players, STRANGER]), max_size=len(players) + 1),
        )
    )
    rest = Shape(
        hand.name,
        {k: v for k, v in hand.fields.items() if k != "player"},
        tuple(name for name in hand.required_fields if name != "player"),
    )
    return [{"player": player, **draw(values_of(rest, players))} for player in seated]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 200) | st.floats() | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def mutated(draw, entry: object, names: list[str]) -> object:
    """`entry` with one to three of its parts deleted, replaced by junk, or added to."""
    entry = _copy(entry)
    for _ in range(draw(st.integers(1, 3))):
        parts = list(_parts(entry))
        if not parts:
            return draw(json_values)
        container, key = draw(st.sampled_from(parts))
        action = draw(st.sampled_from(["delete", "replace", "add"]))
        if action == "delete" and isinstance(container, dict):
            del container[key]
        elif action == "add" and isinstance(container, dict):
            container[draw(st.sampled_from([*names, "junk"]))] = draw(json_values)
        elif action == "add":
            container.append(draw(json_values))
        else:
            container[key] = draw(json_values)
    return entry


def _copy(value):
    if isinstance(value, dict):
        return {key: _copy(part) for key, part in value.items()}
    if isinstance(value, list):
        return [_copy(part) for part in value]
    return value


def _parts(value):
    """Every (container, key) of a JSON value, nested ones too."""
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, part in items:
        yield value, key
        yield from _parts(part)


def field_names_a_part(schema, field: str | None) -> bool:
    """Whether `field` is a path the schema declares: objects' fields and players' ids (a
    hand's, a by-player key), never a place in a list."""
    if field is None:
        return True
    items = [schema]
    for step in field.split("."):
        found = []
        for item in items:
            while isinstance(item, ListOf) and not isinstance(item, Hands):
                item = item.item
            if isinstance(item, OneOf):
                found += [v.fields[step] for v in item.variants if step in v.fields]
            elif isinstance(item, Shape) and step in item.fields:
                found.append(item.fields[step])
            elif isinstance(item, Hands | ByPlayer) and step.lstrip("-").isdigit():
                found.append(item.item)
        if not found:
            return False
        items = found
    return True


def play(rules, players, entries):
    """Each entry played on from the table the ones before it left: (entry, EntryError or None)."""
    names = {player: f"P{player}" for player in players}
    table = rules.start(players, names=names)
    for entry in entries:
        try:
            table = rules.play_on(table, [entry]).table
        except EntryError as error:
            yield entry, error
        else:
            yield entry, None


def assert_refused_well(rules, error: EntryError) -> None:
    assert isinstance(error.message, Message), "an engine refusal is a Message"
    assert "%(" not in str(error)
    if error.field is None:
        assert error.message.msgid in ABOUT_NO_FIELD, error.message
    assert field_names_a_part(rules.entry_schema, error.field), (error.field, error.message)


def seated(rules, data) -> list[int]:
    count = data.draw(st.integers(rules.min_players, min(rules.max_players, 5)))
    return list(range(1, count + 1))


each_game = pytest.mark.parametrize("rules", EVERY_GAME, ids=lambda rules: rules.kind)


@each_game
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_every_entry_the_schema_describes_passes_its_check_and_the_rules_play_or_refuse_it(
    rules, data
):
    players = seated(rules, data)
    entries = data.draw(st.lists(values_of(rules.entry_schema, players), min_size=1, max_size=4))
    for entry in entries:
        check_entry(rules.entry_schema, entry)
    for _entry, error in play(rules, players, entries):
        if error is not None:
            assert_refused_well(rules, error)


@each_game
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_mutated_entry_is_played_or_refused_naming_its_field_never_a_crash(rules, data):
    players = seated(rules, data)
    names = sorted({name for shape in shapes(rules.entry_schema) for name in shape.fields})
    entry = data.draw(values_of(rules.entry_schema, players))
    bad = data.draw(mutated(entry, names))
    for _entry, error in play(rules, players, [bad]):
        if error is None:
            check_entry(rules.entry_schema, bad)  # played: so it is of the schema's shape
        else:
            assert_refused_well(rules, error)


@each_game
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_junk_is_refused_naming_its_field_never_a_crash(rules, data):
    players = seated(rules, data)
    for _entry, error in play(rules, players, data.draw(st.lists(json_values, max_size=3))):
        if error is not None:
            assert_refused_well(rules, error)


def test_the_paths_a_field_may_name_are_the_schemas():
    fortybelow, fortyfives = GAMES["fortybelow"].entry_schema, GAMES["fortyfives"].entry_schema
    assert field_names_a_part(fortybelow, "hands.3.grid")
    assert field_names_a_part(fortybelow, "went_out")
    assert not field_names_a_part(fortybelow, "hands.0.grid.1")
    assert not field_names_a_part(fortybelow, "grid")
    assert field_names_a_part(fortyfives, "tricks.B")
    assert not field_names_a_part(fortyfives, "tricks.C")
