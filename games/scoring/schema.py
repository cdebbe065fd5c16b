"""The words a game uses to declare the shape of its round entry (its `entry_schema`), and the
check of an entry against that declaration; the same words declare a trick referee's API request
(games/scoring/referee.py).

Pure Python, built from each game's own constants. The engine checks every entry against its
game's schema before the rules play it (`check_entry`, called by `Rules.play_on`), so the rules
read only entries of the declared shape and check what is theirs alone (a player seated, tricks
adding up). The API's serializers and OpenAPI schema are generated from the same declaration
(games/api/entries.py), the round forms take their choices and limits from it, and the fields
that name players are read from it (`player_fields`, `with_new_player_ids`).

Besides `help` (the API schema's English description), each part may say how a refusal words it,
for the table:
- `what`: how it is named, an N_() text ("%(name)s's bid": `%(name)s` is the player whose hand it
  is in), or a Message when it takes values of its own. By default a field is named by its key
  ("trump") and an item of a named list as "each of" the list.
- `missing`: the sentence when it is a required field left out; by default "<the object> has
  no <field>".
- `shape` (lists and objects): what the whole must be, said after "must be" ("two rows of three
  cards"); by default "a list" or "an object". A list or an object left unnamed (a row of a
  grid) is refused as the named part it is in ("Bob's grid must be two rows of three cards").
- `allowed` (`Choice`): its values, said after "must be"; by default the values themselves.
- `too_many` (`ListOf`): the sentence when it holds more than its `maximum`, if not its `shape`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Union

from .errors import LARGEST_NUMBER, EntryError
from .messages import N_, Message, player_name
from .numbers import shown


@dataclass(frozen=True)
class Whole:
    """A whole number, within limits when given."""

    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    what: str = ""
    missing: str = ""


@dataclass(frozen=True)
class Choice:
    """One of a few values (strings, or whole numbers such as a card's); `nullable` when null is
    also allowed ("no trump was played")."""

    values: tuple
    help: str = ""
    nullable: bool = False
    what: str = ""
    missing: str = ""
    allowed: str = ""


@dataclass(frozen=True)
class PlayerId:
    """A seated player's id: the fields an import or a merge of players renumbers. The schema
    checks that it is an id; the rules, that it is a player at the table and still in."""

    help: str = ""
    what: str = ""
    missing: str = ""


@dataclass(frozen=True)
class Flag:
    """true or false."""

    help: str = ""
    what: str = ""
    missing: str = ""


@dataclass(frozen=True)
class CardCode:
    """A playing card written as text (games/scoring/cards.py): `10H`, `QS`; with `jokers`, the
    jokers `LJ` and `BJ` too. Only a trick referee's request uses it, which its engine reads
    itself (naming the bad card); `check_entry` does not take it."""

    jokers: bool = False
    help: str = ""


@dataclass(frozen=True)
class ListOf:
    """A list of `item`, of `minimum` to `maximum` items when given. `too_many` is the sentence
    when it holds more than `maximum` (given `%(count)s` and `%(most)s`), if it is not to be
    refused as not its `shape`."""

    item: Field
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    what: str = ""
    missing: str = ""
    shape: str = ""
    too_many: str = ""


@dataclass(frozen=True)
class Hands(ListOf):
    """The players' hands: a list of `item` objects, each naming its player in `player`. A
    refusal names a hand by its player ("Bob's hand"), and its `field` is `hands.<player id>`.
    That every player still in the game has exactly one is the rules' to check
    (`Table.read_hands`)."""

    def __post_init__(self):
        player = self.item.fields.get("player") if isinstance(self.item, Shape) else None
        if not isinstance(player, PlayerId):
            raise TypeError("each of the hands is a Shape whose `player` field is a PlayerId")


@dataclass(frozen=True)
class ByPlayer:
    """An object keyed by player id (as JSON keys are text: "3"), each value an `item`, that
    player's hand."""

    item: Field
    help: str = ""
    what: str = ""
    missing: str = ""
    shape: str = ""


@dataclass(frozen=True)
class Shape:
    """An object with these fields (in this order). `required` names the ones it must have; by
    default all. `name` names it in the API's schema (its component), so it must be unique."""

    name: str
    fields: Mapping[str, Field]
    required: tuple[str, ...] | None = None
    help: str = ""
    what: str = ""
    missing: str = ""
    shape: str = ""

    @property
    def required_fields(self) -> tuple[str, ...]:
        return tuple(self.fields) if self.required is None else self.required


@dataclass(frozen=True)
class OneOf:
    """An entry of one of several shapes (a round ended by a call, or by an empty hand). Which
    one is meant is told by the required fields that only that shape has (`called_by`);
    `either` is the sentence for an entry with those of none of them, or of several."""

    variants: tuple[Shape, ...] = field(default_factory=tuple)
    either: str = ""

    def own_fields(self, variant: Shape) -> tuple[str, ...]:
        """The required fields of `variant` that not every shape requires."""
        shared = set.intersection(*(set(other.required_fields) for other in self.variants))
        return tuple(name for name in variant.required_fields if name not in shared)

    def meant(self, value: Mapping) -> Shape | None:
        """The shape `value` is meant as: the one whose own fields it has (any of them), or
        None when it has those of none of the shapes or of several."""
        touched = [
            variant
            for variant in self.variants
            if any(name in value for name in self.own_fields(variant))
        ]
        return touched[0] if len(touched) == 1 else None

    def variant_of(self, value: Mapping) -> Shape:
        """The shape `value` is meant as, the first one when that is not told."""
        return self.meant(value) or self.variants[0]


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


# --- Checking an entry against its schema -----------------------------------------------------


def check_entry(
    schema: Field,
    entry: object,
    *,
    name: Callable[[int], str] | None = None,
    owner: str | None = None,
) -> None:
    """Refuse `entry` unless it has the shape `schema` declares: its fields and no others, the
    required ones given, each of its type and within its limits. The EntryError names the part
    at fault as the table would (players by `name(id)`: the table's `Table.name`) and its
    `field` is where in the entry it is, as the pages and the API read it: the fields of
    objects and the players' ids of hands, never a place in a list ("hands.3.grid", "bid"; None
    for the entry as a whole).

    With `owner`, `entry` is that player's part of an entry checked by itself (a hand, a grid),
    and is named as theirs ("the player's grid")."""
    check = _Check(name or _nameless)
    if owner is None:
        if not _is_object(entry):
            raise EntryError(Message("a round's entry must be an object"))
        check.value(schema, entry, (None, None, None, None, None, N_("the entry")))
    else:
        words = _HAND if isinstance(schema, Shape | OneOf) else ""
        check.value(schema, entry, (None, None, None, None, owner, words))


_HAND = N_("%(name)s's hand")  # a player's part of the entry


def _nameless(player: int) -> str:
    return player_name(player, {})


# Where a value is in the entry, as a plain tuple (a replay checks every value of every round,
# and nothing of this is worded until a refusal needs it):
# (the list or object it is in, that one's place, the field it is in, what it adds to the
# engine's `field` path (its field, or the player whose hand it is), the player whose hand it
# is in (an id, or a name given to check_entry), the words its place names it by).
_UP, _UP_AT, _KEY, _STEP, _OWNER, _WORDS = range(6)


def _is_object(value: object) -> bool:
    return type(value) is dict or isinstance(value, Mapping)


def _whole_fits(item: Whole, value: object) -> bool:
    return (
        type(value) is int
        and abs(value) <= LARGEST_NUMBER
        and (item.minimum is None or value >= item.minimum)
        and (item.maximum is None or value <= item.maximum)
    )


def _choice_fits(item: Choice, value: object) -> bool:
    if type(value) is int or type(value) is str:
        return value in item.values
    return value is None and item.nullable


_FITS: dict = {
    Whole: _whole_fits,
    Choice: _choice_fits,
    PlayerId: lambda item, value: type(value) is int,
    Flag: lambda item, value: type(value) is bool,
}


class _Check:
    """The walk of a value through its schema, which words a refusal only when it makes one."""

    def __init__(self, name: Callable[[int], str]):
        self.name = name

    def value(self, item: Field, value: object, at: tuple) -> None:
        fits = _FITS.get(type(item))
        if fits is None:
            _CONTAINERS[type(item)](self, item, value, at)
        elif not fits(item, value):
            self.refuse_leaf(item, value, at)

    # -- lists and objects --

    def list_of(self, item: ListOf, value: object, at: tuple) -> None:
        if not isinstance(value, list | tuple) or not (
            (item.minimum is None or len(value) >= item.minimum)
            and (item.maximum is None or len(value) <= item.maximum)
        ):
            self.refuse_whole(item, at, len(value) if isinstance(value, list | tuple) else None)
        inside = (item, at, None, None, at[_OWNER], "")
        part_item = item.item
        fits = _FITS.get(type(part_item))
        for part in value:  # type: ignore[union-attr]
            if fits is None:
                self.value(part_item, part, inside)
            elif not fits(part_item, part):
                self.refuse_leaf(part_item, part, inside)

    def hands(self, item: Hands, value: object, at: tuple) -> None:
        if type(value) is not list:
            raise EntryError(
                Message("hands must be a list with one hand per player"), field=_field(at)
            )
        for hand in value:
            if not _is_object(hand):
                raise EntryError(Message("each hand must be an object"), field=_field(at))
            player = hand.get("player")
            if type(player) is not int:
                raise EntryError(
                    Message(
                        "%(what)s must be a player at this table",
                        what=Message("each hand's player"),
                    ),
                    field=_field(at),
                )
            self.shape(item.item, hand, (item, at, None, player, player, _HAND))

    def by_player(self, item: ByPlayer, value: object, at: tuple) -> None:
        if not _is_object(value):
            self.refuse_whole(item, at)
        for key, part in value.items():  # type: ignore[union-attr]
            if not (type(key) is str and key.isascii() and key.isdigit()):
                # Named by the object, as an unknown field is: a key may hold anything, dots
                # included, which would make the field's path ambiguous.
                raise EntryError(
                    Message("%(key)s is not a player at this table", key=str(key)),
                    field=_field(at),
                )
            self.value(item.item, part, (item, at, None, key, int(key), _HAND))

    def one_of(self, item: OneOf, value: object, at: tuple) -> None:
        if not _is_object(value):
            self.refuse_whole(item, at)
        variant = item.meant(value)  # type: ignore[arg-type]
        if variant is None:
            if item.either:
                first = item.variants[0]
                where = (item.own_fields(first) or first.required_fields or tuple(first.fields))[0]
                raise EntryError(
                    Message(item.either), field=_field((item, at, None, where, None, ""))
                )
            variant = item.variants[0]
        self.shape(variant, value, at)

    def shape(self, item: Shape, value: object, at: tuple) -> None:
        if not _is_object(value):
            self.refuse_whole(item, at)
        fields = item.fields
        for key in value:  # type: ignore[union-attr]
            if key not in fields:
                self.refuse_unknown(item, value, at)  # type: ignore[arg-type]
        owner = at[_OWNER]
        for key, part in fields.items():
            if key in value:  # type: ignore[operator]
                part_value = value[key]  # type: ignore[index]
                fits = _FITS.get(type(part))
                if fits is None:
                    self.value(part, part_value, (item, at, key, key, owner, ""))
                elif not fits(part, part_value):
                    self.refuse_leaf(part, part_value, (item, at, key, key, owner, ""))
            elif key in item.required_fields:
                self.refuse_missing(part, key, item, at)

    # -- refusals, worded only now --

    def refuse_leaf(self, item: Field, value: object, at: tuple):
        what = self.what(item, at)
        if isinstance(item, PlayerId):
            message = Message("%(what)s must be a player at this table", what=what)
        elif isinstance(item, Flag):
            message = Message("%(what)s must be true or false", what=what)
        elif isinstance(item, Choice) and not all(type(v) is int for v in item.values):
            message = self.not_allowed(item, value, what, at)
        elif type(value) is not int:
            message = Message("%(what)s must be a whole number", what=what)
        elif abs(value) > LARGEST_NUMBER:
            message = Message("%(what)s is far too large", what=what)
        elif isinstance(item, Choice):
            message = self.not_allowed(item, value, what, at)
        elif item.minimum is not None and item.maximum is not None:  # type: ignore[union-attr]
            message = Message(
                "%(what)s must be from %(low)s to %(high)s, not %(number)s",
                what=what,
                low=item.minimum,  # type: ignore[union-attr]
                high=item.maximum,  # type: ignore[union-attr]
                number=value,
            )
        elif item.minimum is not None:  # type: ignore[union-attr]
            message = Message("%(what)s can't be below %(low)s", what=what, low=item.minimum)  # type: ignore[union-attr]
        else:
            message = Message("%(what)s can't be above %(high)s", what=what, high=item.maximum)  # type: ignore[union-attr]
        raise EntryError(message, field=_field(at))

    def not_allowed(self, item: Choice, value: object, what: str, at: tuple) -> str:
        allowed = self.words(item.allowed, at[_OWNER]) if item.allowed else _or_list(item)
        said = _said_value(value)
        if said is None:
            return Message("%(what)s must be %(allowed)s", what=what, allowed=allowed)
        return Message(
            "%(what)s must be %(allowed)s, not %(value)s", what=what, allowed=allowed, value=said
        )

    def refuse_whole(self, item: Field, at: tuple, count: int | None = None):
        """Refuse a list or an object that is not what it must be, as a whole (a list of
        `count` items)."""
        if count is not None and getattr(item, "too_many", "") and count > item.maximum:  # type: ignore[union-attr]
            message = self.words(item.too_many, at[_OWNER], count=count, most=item.maximum)  # type: ignore[union-attr]
            raise EntryError(message, field=_field(at))
        what, shape = self.named(item, at)
        raise EntryError(
            Message("%(what)s must be %(shape)s", what=what, shape=shape), field=_field(at)
        )

    def refuse_unknown(self, item: Shape, value: Mapping, at: tuple):
        unknown = sorted(str(key) for key in value if key not in item.fields)[0]
        what = self.named(item, at)[0]
        raise EntryError(
            Message("unknown field %(field)s in %(what)s", field=unknown, what=what),
            field=_field(at),
        )

    def refuse_missing(self, part: Field, key: str, item: Shape, at: tuple):
        if part.missing:  # type: ignore[union-attr]
            message = self.words(part.missing, at[_OWNER])  # type: ignore[union-attr]
        elif isinstance(part, Hands):
            message = Message("hands must be a list with one hand per player")
        else:
            what = self.named(item, at)[0]
            message = Message("%(what)s has no %(field)s", what=what, field=key)
        raise EntryError(message, field=_field((item, at, key, key, at[_OWNER], "")))

    def what(self, item: Field, at: tuple) -> str:
        return self.name_of(item, at) or Message("a part of the entry")

    def name_of(self, item: Field, at: tuple) -> str | None:
        """How a refusal names the value of `item` at `at`; None for a list or an object left
        unnamed."""
        declared = getattr(item, "what", "")
        if declared:
            return self.words(declared, at[_OWNER])
        if at[_WORDS]:
            return self.words(at[_WORDS], at[_OWNER])
        if at[_KEY] is not None:
            return at[_KEY]
        if at[_UP] is not None and type(item) in _FITS:
            around = self.name_of(at[_UP], at[_UP_AT])
            if around is not None:
                return Message("each of %(what)s", what=around)
        return None

    def named(self, item: Field, at: tuple) -> tuple[str, str]:
        """The name and the `shape` words of a list or an object, or of the named one it is in."""
        what = self.name_of(item, at)
        if what is None and at[_UP] is not None:
            return self.named(at[_UP], at[_UP_AT])
        return what or Message("a part of the entry"), self.shape_words(item, at[_OWNER])

    def shape_words(self, item: Field, owner: object) -> str:
        declared = getattr(item, "shape", "")
        if declared:
            return self.words(declared, owner)
        if isinstance(item, ByPlayer):
            return Message("an object by player id")
        if not isinstance(item, ListOf):
            return Message("an object")
        least, most = item.minimum, item.maximum
        if least is None and most is None:
            return Message("a list")
        if least == most:
            return Message("a list of %(count)s items", count=least)
        if least is None:
            return Message("a list of at most %(most)s items", most=most)
        if most is None:
            return Message("a list of at least %(least)s items", least=least)
        return Message("a list of %(least)s to %(most)s items", least=least, most=most)

    def words(self, text: str, owner: object, **values: object) -> str:
        """A declared text as said: a Message as it is, an N_() text with its player named (and
        the `values` it takes)."""
        if isinstance(text, Message):
            return text
        if "%(name)s" not in text:
            return Message(text, **values)
        if owner is None:
            player = Message("the player")
        elif type(owner) is int:
            player = self.name(owner)
        else:
            player = owner
        return Message(text, name=player, **values)


_CONTAINERS: dict = {
    ListOf: _Check.list_of,
    Hands: _Check.hands,
    ByPlayer: _Check.by_player,
    Shape: _Check.shape,
    OneOf: _Check.one_of,
}


def _field(at: tuple) -> str | None:
    """The engine's `field` of the value at `at`: the steps from the entry down to it."""
    steps = []
    while at is not None:
        if at[_STEP] is not None:
            steps.append(str(at[_STEP]))
        at = at[_UP_AT]
    return ".".join(reversed(steps)) or None


def _said_value(value: object) -> str | None:
    """A refused value as a sentence can show it: a number or a short text; None otherwise."""
    if type(value) is int and abs(value) <= LARGEST_NUMBER:
        return shown(value)
    if type(value) is str and len(value) <= 30:
        return value
    return None


def _or_list(item: Choice) -> str:
    """A choice's values as a sentence lists them: "A, B or null"."""
    words = [shown(value) if type(value) is int else str(value) for value in item.values]
    if item.nullable:
        words.append("null")
    if len(words) == 1:
        return words[0]
    return Message("%(values)s or %(last)s", values=", ".join(words[:-1]), last=words[-1])
