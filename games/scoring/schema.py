"""The words a game uses to declare the shape of its round entry (its `entry_schema`), and of
its trick referee's request (games/scoring/referee.py).

Pure Python, built from each game's own constants: the API's serializers and OpenAPI schema are
generated from it (games/api/entries.py), and the fields that name players are read from
it (`player_fields`, `with_new_player_ids`). The engine's `play_round` still checks every entry
itself, in the table's words; a schema says what is allowed, not why it is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True)
class Whole:
    """A whole number, within limits when given."""

    minimum: int | None = None
    maximum: int | None = None
    help: str = ""


@dataclass(frozen=True)
class Choice:
    """One of a few values (strings, or whole numbers such as a card's); `nullable` when null is
    also allowed ("no trump was played")."""

    values: tuple
    help: str = ""
    nullable: bool = False


@dataclass(frozen=True)
class PlayerId:
    """A seated player's id: the fields an import or a merge of players renumbers."""

    help: str = ""


@dataclass(frozen=True)
class Flag:
    """true or false."""

    help: str = ""


@dataclass(frozen=True)
class CardCode:
    """A playing card written as text (games/scoring/cards.py): `10H`, `QS`; with `jokers`, the
    jokers `LJ` and `BJ` too."""

    jokers: bool = False
    help: str = ""


@dataclass(frozen=True)
class ListOf:
    """A list of `item`, of `minimum` to `maximum` items when given."""

    item: Field
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""


@dataclass(frozen=True)
class ByPlayer:
    """An object keyed by player id (as JSON keys are text: "3"), each value an `item`."""

    item: Field
    help: str = ""


@dataclass(frozen=True)
class Shape:
    """An object with these fields (in this order). `required` names the ones it must have; by
    default all. `name` names it in the API's schema (its component), so it must be unique."""

    name: str
    fields: Mapping[str, Field]
    required: tuple[str, ...] | None = None
    help: str = ""

    @property
    def required_fields(self) -> tuple[str, ...]:
        return tuple(self.fields) if self.required is None else self.required


@dataclass(frozen=True)
class OneOf:
    """An entry of one of several shapes (Under the 10's call or empty hand)."""

    variants: tuple[Shape, ...] = field(default_factory=tuple)

    def variant_of(self, value: Mapping) -> Shape:
        """The shape `value` is meant as: the first whose required fields it all has."""
        for variant in self.variants:
            if all(name in value for name in variant.required_fields):
                return variant
        return self.variants[0]


Field = Union[Whole, Choice, PlayerId, Flag, CardCode, ListOf, ByPlayer, Shape, OneOf]  # noqa: UP007


def shapes(schema: Shape | OneOf) -> tuple[Shape, ...]:
    """The entry shapes a schema allows, each a whole entry."""
    return schema.variants if isinstance(schema, OneOf) else (schema,)


def player_fields(schema: Field, at: str = "") -> Iterator[str]:
    """The paths in an entry that hold player ids: "went_out", "hands.*.player", "hands.<key>"
    (the keys of a ByPlayer object), each once."""
    seen: set[str] = set()
    for path in _player_paths(schema, at):
        if path not in seen:
            seen.add(path)
            yield path


def _player_paths(schema: Field, at: str) -> Iterator[str]:
    def inside(name: str) -> str:
        return f"{at}.{name}" if at else name

    if isinstance(schema, PlayerId):
        yield at
    elif isinstance(schema, OneOf):
        for variant in schema.variants:
            yield from _player_paths(variant, at)
    elif isinstance(schema, Shape):
        for name, item in schema.fields.items():
            yield from _player_paths(item, inside(name))
    elif isinstance(schema, ListOf):
        yield from _player_paths(schema.item, inside("*"))
    elif isinstance(schema, ByPlayer):
        yield inside("<key>")
        yield from _player_paths(schema.item, inside("<key>"))


_HOLDS_PLAYERS: dict[int, tuple[Field, bool]] = {}  # by id, the node kept so its id isn't reused


def holds_players(schema: Field) -> bool:
    """Whether any player id is in this part of an entry (worked out once per schema node)."""
    known = _HOLDS_PLAYERS.get(id(schema))
    if known is None:
        known = _HOLDS_PLAYERS[id(schema)] = (schema, next(player_fields(schema), None) is not None)
    return known[1]


def with_new_player_ids(
    schema: Field, value: object, new_id: Callable[[object, str], object], at: str = ""
) -> object:
    """`value` (an entry, or a part of one) with each player id the schema names replaced by
    `new_id(id, where in the entry)`. Whatever does not fit the schema is left as it is, for
    the engine to refuse."""

    def inside(name: object) -> str:
        return f"{at}.{name}" if at else str(name)

    if isinstance(schema, PlayerId):
        return new_id(value, at)
    if isinstance(schema, OneOf | Shape) and isinstance(value, Mapping):
        shape = schema.variant_of(value) if isinstance(schema, OneOf) else schema
        return {
            name: with_new_player_ids(shape.fields[name], item, new_id, inside(name))
            if name in shape.fields and holds_players(shape.fields[name])
            else item
            for name, item in value.items()
        }
    if isinstance(schema, ListOf) and isinstance(value, list) and holds_players(schema.item):
        return [
            with_new_player_ids(schema.item, item, new_id, inside(index))
            for index, item in enumerate(value)
        ]
    if isinstance(schema, ByPlayer) and isinstance(value, Mapping):
        renamed = {}
        for key, item in value.items():
            new_key = key
            if isinstance(key, str) and key.isascii() and key.isdigit():
                player = new_id(int(key), inside(key))
                if type(player) is int:
                    new_key = str(player)
            renamed[new_key] = with_new_player_ids(schema.item, item, new_id, inside(key))
        return renamed
    return value
