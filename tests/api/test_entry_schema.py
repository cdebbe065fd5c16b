"""The OpenAPI schema's round entries are the rules' own: every limit comes from the game's
constants, every shape a game declares is one of the schema's `Entry`, and every entry the
engine's check of that declaration passes fits the API's shape of it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.api.entries import shape_serializer
from games.kinds import GAMES
from games.kinds.fortybelow import rules as fortybelow
from games.kinds.fortyfives import rules as fortyfives
from games.kinds.fortytwo import rules as fortytwo
from games.kinds.fourscore import rules as fourscore
from games.kinds.under10 import rules as under10
from games.scoring.errors import EntryError
from games.scoring.schema import OneOf, check_entry, shapes

from ..scoring.test_entries_checked import EVERY_GAME, mutated, values_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def components(anonymous):
    response = anonymous.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return response.json()["components"]["schemas"]


def properties(components, name):
    return components[name]["properties"]


def enum(components, field):
    """A field's values, given inline or through a $ref to an enum component."""
    if "enum" in field:
        return field["enum"]
    if "$ref" in field:
        return enum(components, components[field["$ref"].rsplit("/", 1)[1]])
    return [
        value for part in field.get("allOf", field.get("oneOf")) for value in enum(components, part)
    ]


def test_the_entry_is_one_of_every_shape_every_game_declares(components):
    declared = {shape.name for rules in GAMES.values() for shape in shapes(rules.entry_schema)}
    listed = {item["$ref"].rsplit("/", 1)[1] for item in components["Entry"]["oneOf"]}
    assert listed == declared
    assert len(declared) == 7  # FortyBelow, 42, FourScore one each; Under the 10, Forty Fives two


def test_42s_bids_and_tricks_are_limited_by_the_tricks_in_a_hand(components):
    hand = properties(components, "FortyTwoHand")
    assert (hand["bid"]["minimum"], hand["bid"]["maximum"]) == (0, fortytwo.HIGHEST_BID)
    assert (hand["tricks"]["minimum"], hand["tricks"]["maximum"]) == (0, fortytwo.TRICKS_PER_HAND)
    assert set(components["FortyTwoHand"]["required"]) == {"player", "bid"}


def test_a_fortybelow_grid_is_rows_of_columns_of_the_card_values(components):
    grid = properties(components, "FortyBelowHand")["grid"]
    assert (grid["minItems"], grid["maxItems"]) == (fortybelow.ROWS, fortybelow.ROWS)
    row = grid["items"]
    assert (row["minItems"], row["maxItems"]) == (fortybelow.COLUMNS, fortybelow.COLUMNS)
    assert enum(components, row["items"]) == list(fortybelow.CARD_VALUES)
    assert set(components["FortyBelowEntry"]["required"]) == {"went_out", "hands"}


def test_an_under_the_10_hand_is_limited_by_the_deck_and_the_hand_size(components):
    hand = properties(components, "UnderTheTenHand")
    assert (hand["points"]["minimum"], hand["points"]["maximum"]) == (
        0,
        under10.MOST_POINTS_IN_HAND,
    )
    assert hand["cards"]["maxItems"] == under10.HAND_SIZE
    card = hand["cards"]["items"]
    assert (card["minimum"], card["maximum"]) == (under10.LOWEST_CARD, under10.HIGHEST_CARD)
    assert enum(components, hand["bonus"]["items"]) == list(under10.BONUS_COSTS)
    assert components["UnderTheTenHand"]["required"] == ["player"]
    assert set(properties(components, "UnderTheTenCallEntry")) == {"called_by", "hands"}
    assert set(properties(components, "UnderTheTenEmptyHandEntry")) == {"empty_hand", "hands"}


def test_forty_fives_bids_suits_teams_and_tricks_are_the_rules(components):
    entry = properties(components, "FortyFivesEntry")
    assert enum(components, entry["bid"]) == list(fortyfives.NO_MINIMUM_BIDS)
    assert set(fortyfives.STANDARD_BIDS) <= set(fortyfives.NO_MINIMUM_BIDS)
    assert enum(components, entry["trump"]) == [*fortyfives.SUITS, None]
    assert enum(components, entry["high_trump"]) == [*fortyfives.TEAMS, None]
    tricks = properties(components, "FortyFivesTricks")
    assert set(tricks) == set(fortyfives.TEAMS)
    for team in fortyfives.TEAMS:
        assert (tricks[team]["minimum"], tricks[team]["maximum"]) == (
            0,
            fortyfives.TRICKS_PER_HAND,
        )
    assert set(components["FortyFivesEntry"]["required"]) == {"bidder", "bid"}
    assert properties(components, "FortyFivesThrownInEntry")["thrown_in"]["type"] == "boolean"


def test_a_fourscore_pile_is_never_below_zero(components):
    assert properties(components, "FourScoreHand")["pile"]["minimum"] == 0
    assert fourscore.GAME.entry_schema.name == "FourScoreEntry"


def test_the_player_statistics_list_every_games_own_figures(components):
    kind = properties(components, "KindStats")
    declared = [stat.key for rules in GAMES.values() for stat in rules.extra_stats]
    assert declared == ["forty_below_blocks", "minus_51_hands"]
    for key in declared:
        assert kind[key]["type"] == "integer" and kind[key]["nullable"] is True
    assert "FortyBelow: hands with a -40 block" in kind["forty_below_blocks"]["description"]


# --- The API's shapes and the engine's check say the same --------------------------------------


@settings(max_examples=40, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize("rules", EVERY_GAME, ids=lambda rules: rules.kind)
def test_every_entry_the_engines_check_passes_fits_the_apis_shape_of_it(rules, data):
    """The serializers never validate an entry (the engine does, naming the field), but they
    are its schema's description: an entry the check passes must fit the shape they give."""
    players = list(range(1, rules.min_players + 1))
    names = sorted({name for shape in shapes(rules.entry_schema) for name in shape.fields})
    entry = data.draw(values_of(rules.entry_schema, players))
    if data.draw(st.booleans()):
        entry = data.draw(mutated(entry, names))
    try:
        check_entry(rules.entry_schema, entry)
    except EntryError:
        return
    schema = rules.entry_schema
    shape = schema.variant_of(entry) if isinstance(schema, OneOf) else schema
    serializer = shape_serializer(shape)(data=entry)
    assert serializer.is_valid(), serializer.errors
