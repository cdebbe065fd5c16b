"""The round entries' shapes, one per game kind: the schema's (the engine checks every entry)."""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from ..scoring.fortyfives import SUITS, TEAMS
from ..scoring.under10 import BONUS_COSTS, HAND_SIZE, HIGHEST_CARD, LOWEST_CARD, MOST_POINTS_IN_HAND

# --- Entries, one shape per game kind (for the schema; the engine checks them) ----------------


class FortyBelowHand(serializers.Serializer):
    player = serializers.IntegerField()
    grid = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=3, max_length=3),
        min_length=2,
        max_length=2,
        help_text="Two rows of three cards, top row first; a card is -10, -1 or 0 to 12.",
    )


class FortyBelowEntry(serializers.Serializer):
    went_out = serializers.IntegerField(help_text="The player who went out.")
    hands = FortyBelowHand(many=True)


class FortyTwoHand(serializers.Serializer):
    player = serializers.IntegerField()
    bid = serializers.IntegerField(min_value=0, max_value=7)
    tricks = serializers.IntegerField(
        min_value=0,
        max_value=7,
        required=False,
        help_text="Left out for every player while the round is open (bids saved).",
    )


class FortyTwoEntry(serializers.Serializer):
    hands = FortyTwoHand(many=True)


class UnderTheTenHand(serializers.Serializer):
    player = serializers.IntegerField()
    points = serializers.IntegerField(
        min_value=0,
        max_value=MOST_POINTS_IN_HAND,
        required=False,
        help_text="The hand's points; or give `cards`. One of the two is required.",
    )
    cards = serializers.ListField(
        child=serializers.IntegerField(min_value=LOWEST_CARD, max_value=HIGHEST_CARD),
        required=False,
        max_length=HAND_SIZE,
        help_text=f"The hand's card values: 1 to {HAND_SIZE} cards with the bonus cards, "
        "empty only for the player who went out with an empty hand.",
    )
    bonus = serializers.ListField(
        child=serializers.ChoiceField(choices=list(BONUS_COSTS)),
        required=False,
        help_text="Bonus cards held.",
    )


class UnderTheTenCallEntry(serializers.Serializer):
    called_by = serializers.IntegerField(help_text='The player who called "Under the 10!".')
    hands = UnderTheTenHand(many=True)


class UnderTheTenEmptyHandEntry(serializers.Serializer):
    empty_hand = serializers.IntegerField(
        help_text='The player who went out with an empty hand (entered as {"points": 0}).'
    )
    hands = UnderTheTenHand(many=True)


class FortyFivesTricks(serializers.Serializer):
    A = serializers.IntegerField(min_value=0, max_value=5)
    B = serializers.IntegerField(min_value=0, max_value=5)


class FortyFivesEntry(serializers.Serializer):
    bidder = serializers.IntegerField()
    bid = serializers.IntegerField(help_text="15, 20, 25 or 30 (5 and 10 with no_minimum_bid).")
    trump = serializers.ChoiceField(choices=list(SUITS), required=False, allow_null=True)
    tricks = FortyFivesTricks(
        required=False, help_text="Each team's tricks; left out while the hand is open."
    )
    high_trump = serializers.ChoiceField(
        choices=list(TEAMS),
        required=False,
        allow_null=True,
        help_text="The team that took the highest trump; null when no trump was played.",
    )


class FortyFivesThrownInEntry(serializers.Serializer):
    thrown_in = serializers.BooleanField(
        help_text="Always true: everyone passed, nobody scores and the deal moves on."
    )


class FourScoreHand(serializers.Serializer):
    player = serializers.IntegerField()
    pile = serializers.IntegerField(min_value=0)


class FourScoreEntry(serializers.Serializer):
    hands = FourScoreHand(many=True)


ENTRY = PolymorphicProxySerializer(
    component_name="Entry",
    serializers=[
        FortyBelowEntry,
        FortyTwoEntry,
        UnderTheTenCallEntry,
        UnderTheTenEmptyHandEntry,
        FortyFivesEntry,
        FortyFivesThrownInEntry,
        FourScoreEntry,
    ],
    resource_type_field_name=None,
    many=False,
)


@extend_schema_field(ENTRY)
class EntryField(serializers.DictField):
    """A round's entry: a JSON object in the shape of its game's kind."""
