"""The API's serializers made from the registry of games: each game's round entry, from the
`entry_schema` its rules declare (games.scoring.schema), each game's extra statistics, and the
request of each game's trick referee, from the shape its referee declares.

They describe shapes for the OpenAPI schema only and never validate an entry: the engine checks
every entry against the same declaration (`check_entry`, from `Rules.play_on`), in the table's
words, and its 400 names the field at fault. Every entry that check passes fits these shapes
(tests/api/test_entry_schema.py). They are made when asked, from the games registered then, so
a game added to `GAMES` (a test's sixth game) is in the next schema with no other file changed.
"""

from __future__ import annotations

from drf_spectacular.serializers import PolymorphicProxySerializerExtension
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from ..kinds import GAMES
from ..scoring import schema as entry
from ..scoring.cards import CARD_OR_JOKER_PATTERN, CARD_PATTERN
from ..scoring.referee import TrickReferee

_SERIALIZERS: dict[str, tuple[entry.Shape, type[serializers.Serializer]]] = {}


def shape_serializer(shape: entry.Shape) -> type[serializers.Serializer]:
    """The serializer class of a shape, named as the shape (the schema's component name)."""
    made = _SERIALIZERS.get(shape.name)
    if made is not None and made[0] == shape:
        return made[1]
    fields = {
        name: field_for(item, required=name in shape.required_fields)
        for name, item in shape.fields.items()
    }
    made_class = type(shape.name, (serializers.Serializer,), fields)
    _SERIALIZERS[shape.name] = (shape, made_class)
    return made_class


# Cards as the rules pages write them; the engine also takes lower case and spaces around them.
@extend_schema_field({"type": "string", "pattern": CARD_PATTERN})
class CardField(serializers.CharField):
    """A card of a deck without jokers: `10H`, `QS`."""


@extend_schema_field({"type": "string", "pattern": CARD_OR_JOKER_PATTERN})
class CardOrJokerField(serializers.CharField):
    """A card of a deck with jokers: `10H`, `QS`, or a joker, `LJ` or `BJ`."""


def field_for(item: entry.Field, *, required: bool = True) -> serializers.Field:
    """The DRF field of one part of an entry."""
    common = {"required": required}
    if getattr(item, "help", ""):
        common["help_text"] = item.help
    if isinstance(item, entry.Whole):
        return serializers.IntegerField(min_value=item.minimum, max_value=item.maximum, **common)
    if isinstance(item, entry.PlayerId):
        return serializers.IntegerField(**common)
    if isinstance(item, entry.Choice):
        return serializers.ChoiceField(
            choices=list(item.values), allow_null=item.nullable, **common
        )
    if isinstance(item, entry.Flag):
        return serializers.BooleanField(**common)
    if isinstance(item, entry.CardCode):
        return (CardOrJokerField if item.jokers else CardField)(**common)
    if isinstance(item, entry.Shape):
        return shape_serializer(item)(**common)
    if isinstance(item, entry.ListOf):
        if isinstance(item.item, entry.Shape) and item.minimum is item.maximum is None:
            return shape_serializer(item.item)(many=True, **common)
        return serializers.ListField(
            child=field_for(item.item), min_length=item.minimum, max_length=item.maximum, **common
        )
    if isinstance(item, entry.ByPlayer):
        return serializers.DictField(child=field_for(item.item), **common)
    raise TypeError(f"an entry schema has no field like {item!r}")


def entry_serializers() -> list[type[serializers.Serializer]]:
    """One serializer per entry shape of every registered game, in the registry's order."""
    made = [
        shape_serializer(shape)
        for rules in GAMES.values()
        for shape in entry.shapes(rules.entry_schema)
    ]
    names = [serializer.__name__ for serializer in made]
    if len(set(names)) != len(names):
        raise ValueError(f"two games' entry shapes share a name: {sorted(names)}")
    return made


class RegisteredEntries(PolymorphicProxySerializer):
    """The schema's `Entry`: one of the registered games' entry shapes, read from the registry
    each time the schema is made (drf-spectacular would keep the first list)."""

    @property
    def serializers(self):
        return entry_serializers()

    @serializers.setter
    def serializers(self, value):
        pass


class RegisteredEntriesExtension(PolymorphicProxySerializerExtension):
    """drf-spectacular's reading of a PolymorphicProxySerializer, for this subclass of it."""

    target_class = "games.api.entries.RegisteredEntries"


ENTRY = RegisteredEntries(
    component_name="Entry", serializers=[], resource_type_field_name=None, many=False
)


@extend_schema_field(ENTRY)
class EntryField(serializers.DictField):
    """A round's entry: a JSON object in the shape of its game's kind."""


def referee_serializer(referee: TrickReferee) -> type[serializers.Serializer]:
    """A trick referee's request, from the shape its game declares. For the schema only: the
    engine reads the body itself, so that each refusal names the bad card."""
    return shape_serializer(referee.request)


def extra_stat_fields() -> dict[str, serializers.Field]:
    """A field per extra statistic that a game declares (null for the other kinds)."""
    return {
        stat.key: serializers.IntegerField(
            allow_null=True, help_text=f"{rules.name}: {stat.help}; null for other kinds."
        )
        for rules in GAMES.values()
        for stat in rules.extra_stats
    }
