"""The JSON API of docs/api.md: thin DRF views over the models' one write path.

Serializers here check a request's shape only; every rule is the scoring engine's, reached through
the model methods, and each kind of refusal maps to one status code in `api_exception`.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DataError, transaction
from django.db.models import Prefetch
from django.http import JsonResponse, QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import defaults
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import exceptions, serializers, status
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from . import stats, transfer
from .authentication import TokenAuthentication
from .models import Conflict, FailedLogin, Game, GameNight, Player, Round
from .scoring import GAMES, EntryError, referee_fortyfives, referee_fortytwo
from .scoring.base import UNSCORED
from .scoring.fortyfives import SUITS, TEAMS
from .scoring.under10 import BONUS_COSTS, HAND_SIZE, HIGHEST_CARD, LOWEST_CARD, MOST_POINTS_IN_HAND
from .words import error_said, said

# Ids past a bigint can't name anything, and SQLite can't even be asked about them.
BIGGEST_ID = 2**63 - 1
# A request lists at most this many ids (a table seats 7): it keeps the lookup one small query.
MOST_IDS_IN_A_REQUEST = 100


# --- Refusals ---------------------------------------------------------------------------------


class Invalid(exceptions.APIException):
    """400: `{"detail": sentence, "field": where or null, "round": round number or null}`."""

    status_code = status.HTTP_400_BAD_REQUEST

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        round_number: int | None = None,
        errors: object = None,
    ):
        super().__init__()
        self.detail = {"detail": message, "field": field, "round": round_number}
        if errors is not None:
            self.detail["errors"] = errors


class TooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE

    def __init__(self):
        super().__init__(too_large())


def too_large() -> str:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return _("the request body is larger than %(limit)s bytes, the most this API takes") % {
        "limit": limit
    }


class Conflicting(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = gettext_lazy("the game's present state doesn't allow this")


def first_error(detail: object, path: tuple[str, ...] = ()) -> tuple[tuple[str, ...], str] | None:
    """The first message in DRF's nested error detail, with the path of fields leading to it."""
    if isinstance(detail, Mapping):
        for key, value in detail.items():
            inner = path if key == "non_field_errors" else (*path, str(key))
            found = first_error(value, inner)
            if found:
                return found
        return None
    if isinstance(detail, list):
        for index, value in enumerate(detail):
            inner = (*path, str(index)) if isinstance(value, Mapping | list) else path
            found = first_error(value, inner)
            if found:
                return found
        return None
    return path, str(detail)


def api_exception(exc: Exception) -> Exception:
    """The API's answer to an exception from the models, the engine or DRF's parsing."""
    if isinstance(exc, EntryError):
        return Invalid(error_said(exc), field=exc.field, round_number=exc.round_number)
    if isinstance(exc, transfer.Refused):
        return Invalid(exc.message, field=exc.field, round_number=exc.round_number)
    if isinstance(exc, DjangoValidationError):
        return Invalid(" ".join(exc.messages))
    if isinstance(exc, Conflict):
        return Conflicting(str(exc))
    if isinstance(exc, ObjectDoesNotExist):
        return exceptions.NotFound(str(exc) or None)
    if isinstance(exc, exceptions.ValidationError):
        path, message = first_error(exc.detail) or ((), "the request is not valid")
        field = ".".join(path) or None
        return Invalid(f"{field}: {message}" if field else message, field=field, errors=exc.detail)
    if isinstance(exc, exceptions.ParseError):
        return Invalid(str(exc.detail))
    if isinstance(exc, RequestDataTooBig):
        return TooLarge()
    if isinstance(exc, OverflowError | DataError):
        # The engine bounds every number in an entry; should a total still outgrow its column,
        # the write path's transaction has been rolled back and the request was at fault.
        return Invalid(_("a number in the request is too large to keep"))
    return exc


class SafeJSONParser(JSONParser):
    """JSON bodies; one nested too deeply for Python's parser is a 400, not a crash, and so is
    a lone surrogate (JSON's "\\ud800"): no text can hold one, nor can UTF-8 say it back."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
            if transfer.holds_a_surrogate(data):
                raise exceptions.ParseError("JSON parse error - a lone surrogate (\\ud800-\\udfff)")
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - nested too deeply") from None
        return data


class RefusalsAsJSON:
    """Views that answer every refusal with the status and JSON body of `api_exception`."""

    def handle_exception(self, exc):
        return super().handle_exception(api_exception(exc))  # type: ignore[misc]


class ApiView(RefusalsAsJSON, APIView):
    parser_classes = [SafeJSONParser]
    renderer_classes = [JSONRenderer]


def read(serializer_class: type[serializers.Serializer], request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def read_entry(request) -> dict:
    """A round's entry is the whole body; the engine checks everything inside it."""
    if isinstance(request.data, QueryDict) or not isinstance(request.data, dict):
        raise Invalid(_("send the round's entry as a JSON object"))
    return request.data


def owned(model, user, ids: list[int], what: str, field: str) -> list:
    """The user's objects with these ids, in order; any other id is refused without saying why
    (another user's object and a missing one look the same)."""
    found = model.objects.filter(owner=user).in_bulk([i for i in ids if 0 < i <= BIGGEST_ID])
    for object_id in ids:
        if object_id not in found:
            raise Invalid(
                _("%(what)s %(id)s is not one of yours") % {"what": what, "id": object_id},
                field=field,
            )
    return [found[object_id] for object_id in ids]


def get_game_for_user(request, game_id: int) -> Game:
    game = Game.objects.filter(owner=request.user, pk=game_id).first()
    if game is None:
        raise exceptions.NotFound(_("there is no game %(id)s") % {"id": game_id})
    return game


# --- Request fields: JSON types as they are, without DRF's conversions ------------------------


class WholeNumberField(serializers.IntegerField):
    """A JSON whole number, as ids are sent (DRF's IntegerField would also take "3" and 3.0)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return data


class TextField(serializers.CharField):
    """Text as sent (DRF would otherwise turn 7 into "7"); trimming and limits are the model's."""

    def __init__(self, **kwargs):
        kwargs.setdefault("trim_whitespace", False)
        kwargs.setdefault("allow_blank", True)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class ShapeSerializer(serializers.Serializer):
    """A request body's shape. Unknown fields are refused: a misspelt optional field
    ("frist_dealer") would otherwise be ignored in silence."""

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({unknown[0]: ["there is no such field"]})
        return super().to_internal_value(data)


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


# --- Response shapes (the schema's; the views build plain dicts) ------------------------------


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What is wrong, as a sentence.")
    field = serializers.CharField(allow_null=True, help_text="Where: a field or a path in it.")
    round = serializers.IntegerField(
        allow_null=True, help_text="The round found at fault, when replaying."
    )
    errors = serializers.DictField(
        required=False, help_text="For a malformed request, every field's messages."
    )


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField()


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class KindStatsSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=list(GAMES))
    name = serializers.CharField(help_text="The game's name.")
    games = serializers.IntegerField(help_text="Finished games of this kind played.")
    wins = serializers.IntegerField(help_text="Finished games of this kind won.")
    win_rate = serializers.FloatField(
        allow_null=True, min_value=0, max_value=1, help_text="wins / games; null with no games."
    )
    rounds = serializers.IntegerField(
        help_text="Complete rounds the player scored in, in finished and unfinished games."
    )
    average_round = serializers.FloatField(
        allow_null=True, help_text="The mean of those rounds' points; null with no rounds."
    )
    best_round = serializers.IntegerField(
        allow_null=True,
        help_text="The best of those rounds' points: the lowest where the lowest total wins "
        "(FortyBelow, Under the 10, FourScore), the highest otherwise; null with no rounds.",
    )
    forty_below_blocks = serializers.IntegerField(
        allow_null=True, help_text="FortyBelow: hands with a -40 block; null for other kinds."
    )
    minus_51_hands = serializers.IntegerField(
        allow_null=True, help_text="FortyBelow: hands worth -51; null for other kinds."
    )


class HeadToHeadSerializer(serializers.Serializer):
    opponent = serializers.IntegerField(help_text="The other player's id.")
    name = serializers.CharField(help_text="The other player's name.")
    games = serializers.IntegerField(
        help_text="Finished games both played, not as Forty Fives partners."
    )
    ahead = serializers.IntegerField(help_text="Of those, games this player ranked better.")
    behind = serializers.IntegerField(help_text="Games this player ranked worse.")
    level = serializers.IntegerField(help_text="Games both shared a rank.")


class PlayerStatsSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    games = serializers.IntegerField(help_text="Finished games played.")
    wins = serializers.IntegerField(help_text="Finished games won, shared wins included.")
    win_rate = serializers.FloatField(
        allow_null=True, min_value=0, max_value=1, help_text="wins / games; null with no games."
    )
    by_kind = serializers.DictField(
        child=KindStatsSerializer(), help_text="Every kind of game, played or not."
    )
    longest_streak = serializers.IntegerField(
        help_text="Most finished games won in a row, in the order they finished, any kind."
    )
    current_streak = serializers.IntegerField(
        help_text="Finished games won since the last one not won."
    )
    head_to_head = HeadToHeadSerializer(
        many=True, help_text="Each opponent, the most games together first."
    )


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    finished = serializers.BooleanField()
    winners = serializers.ListField(child=serializers.IntegerField())


class GameListItemSerializer(GameSummarySerializer):
    night = serializers.IntegerField(allow_null=True)
    players = serializers.ListField(
        child=serializers.IntegerField(), help_text="Player ids in seat order."
    )


class NightSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    date = serializers.DateField()
    location = serializers.CharField(allow_blank=True)
    notes = serializers.CharField(allow_blank=True)
    games = GameSummarySerializer(many=True)


@extend_schema_field({"anyOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "string"}]})
class OptionValueField(serializers.Field):
    """An option's value, passed on as sent: the engine checks each option by name."""

    def to_internal_value(self, data):
        return data

    def to_representation(self, value):
        return value


class RuleSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=list(GAMES))
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options = serializers.DictField(child=OptionValueField(), help_text="Each option's default.")


class SeatedPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seat = serializers.IntegerField(help_text="0, 1, ... clockwise.")
    team = serializers.CharField(allow_null=True, help_text="Forty Fives' team, A or B.")


class PlayerResultSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    points = serializers.IntegerField(help_text="What the rules score for this round.")
    total = serializers.IntegerField(help_text="The running total after the round.")
    notes = serializers.ListField(child=serializers.CharField())


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=[Round.OPEN, Round.COMPLETE, UNSCORED],
        help_text="`unscored`: saved before a rule was corrected and breaking it now (see the "
        "game's `problem`); not scored until that round is fixed.",
    )
    entry = EntryField(help_text="The round's input as saved.")
    results = PlayerResultSerializer(many=True, help_text="Empty while the round is open.")
    notes = serializers.ListField(
        child=serializers.CharField(), help_text="What happened in the round as a whole."
    )


class StandingSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    total = serializers.IntegerField()
    rank = serializers.IntegerField()
    eliminated = serializers.BooleanField()


class TeamSerializer(serializers.Serializer):
    team = serializers.CharField()
    players = serializers.ListField(child=serializers.IntegerField())
    total = serializers.IntegerField()


@extend_schema_field(
    {
        "type": "object",
        "nullable": True,
        "properties": {
            "round": {"type": "integer", "description": "The first round that breaks a rule."},
            "detail": {"type": "string", "description": "Which rule, as a sentence."},
        },
        "required": ["round", "detail"],
    }
)
class ProblemField(serializers.DictField):
    """A saved round that breaks a rule as corrected since it was saved (null if none)."""


class GameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=list(GAMES))
    night = serializers.IntegerField(allow_null=True)
    options = serializers.DictField(child=OptionValueField())
    players = SeatedPlayerSerializer(many=True)
    first_dealer = serializers.IntegerField()
    rounds = RoundSerializer(many=True)
    standings = StandingSerializer(many=True, help_text="Best first.")
    teams = TeamSerializer(many=True, help_text="Forty Fives' teams; empty in other games.")
    finished = serializers.BooleanField()
    winners = serializers.ListField(child=serializers.IntegerField())
    next_dealer = serializers.IntegerField(allow_null=True)
    problem = ProblemField(
        allow_null=True,
        help_text="Null, unless a round saved before a rule was corrected breaks it: the game "
        "is scored up to that round until it is fixed (PUT).",
    )


# --- Request shapes ---------------------------------------------------------------------------


class PlayerCreateSerializer(ShapeSerializer):
    name = TextField(help_text="1 to 40 characters after trimming; unique ignoring case.")


class NightCreateSerializer(ShapeSerializer):
    date = serializers.DateField()
    location = TextField(required=False, default="")
    notes = TextField(required=False, default="")


@extend_schema_field(serializers.ChoiceField(choices=list(GAMES)))
class KindField(TextField):
    """Any text: an unknown kind is the engine's to refuse, in its words."""


class GameCreateSerializer(ShapeSerializer):
    kind = KindField()
    players = serializers.ListField(
        child=WholeNumberField(),
        max_length=MOST_IDS_IN_A_REQUEST,
        help_text="Player ids in clockwise seat order.",
    )
    first_dealer = WholeNumberField(
        required=False,
        allow_null=True,
        help_text="A seated player's id; the first seat by default.",
    )
    night = WholeNumberField(required=False, allow_null=True)
    options = serializers.DictField(
        child=OptionValueField(),
        required=False,
        help_text="The game's options by name (see /api/rules/); defaults for those left out.",
    )


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField()


class ImportCountsSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    nights = serializers.IntegerField()
    games = serializers.IntegerField()


# The export document: its shape, checked before an import, and the schema of both endpoints.


class DocumentPlayerSerializer(serializers.Serializer):
    id = WholeNumberField()
    name = TextField()


class DocumentNightSerializer(serializers.Serializer):
    id = WholeNumberField()
    date = serializers.DateField()
    location = TextField(required=False, default="")
    notes = TextField(required=False, default="")


class DocumentRoundSerializer(serializers.Serializer):
    number = WholeNumberField(help_text="1, 2, 3... in order.")
    entry = EntryField()


class DocumentGameSerializer(serializers.Serializer):
    id = WholeNumberField()
    kind = KindField()
    night = WholeNumberField(allow_null=True, required=False, default=None)
    players = serializers.ListField(child=WholeNumberField(), help_text="Player ids in seat order.")
    first_dealer = WholeNumberField()
    options = serializers.DictField(child=OptionValueField(), required=False, default=dict)
    rounds = DocumentRoundSerializer(many=True)


class DocumentSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=[transfer.FORMAT])
    exported_at = serializers.DateTimeField(required=False)
    players = DocumentPlayerSerializer(many=True)
    nights = DocumentNightSerializer(many=True)
    games = DocumentGameSerializer(many=True)


# The trick referee (RULES.md's "Trick referee"). These shapes are the schema's: the engine reads
# the body, so each refusal names the bad card. Cards as RULES.md writes them; the engine also
# takes lower case and spaces around them.


@extend_schema_field({"type": "string", "pattern": "^((10|[2-9JQKA])[CDHS]|[LB]J)$"})
class FortyTwoCardField(serializers.CharField):
    """A card of 42's deck: `10H`, `QS`, or a joker, `LJ` or `BJ`."""


@extend_schema_field({"type": "string", "pattern": "^(10|[2-9JQKA])[CDHS]$"})
class FortyFivesCardField(serializers.CharField):
    """A card of Forty Fives' deck (no jokers): `10H`, `QS`."""


class FortyTwoTrickSerializer(serializers.Serializer):
    trump_card = FortyTwoCardField(
        help_text="The turned-up trump card: it sets the trump suit and number (a joker: none).",
    )
    plays = serializers.ListField(
        child=FortyTwoCardField(),
        min_length=1,
        max_length=referee_fortytwo.MOST_PLAYERS,
        help_text="The cards played, in play order, the led card first; each card once.",
    )


class FortyFivesTrickSerializer(serializers.Serializer):
    trump = serializers.ChoiceField(choices=list(SUITS), help_text="The suit the bidder named.")
    plays = serializers.ListField(
        child=FortyFivesCardField(),
        min_length=1,
        max_length=referee_fortyfives.PLAYERS,
        help_text="The cards played, in play order, the led card first; each card once.",
    )


class RulingSerializer(serializers.Serializer):
    winner = serializers.IntegerField(
        min_value=0, help_text="The index in `plays` of the card that takes the trick (led: 0)."
    )
    why = serializers.CharField(help_text="A sentence naming the rule that decided.")
    card = serializers.CharField(help_text="The winning card, written as in RULES.md (`7H`).")


def documented(ok_status: int, ok, *errors: int) -> dict:
    """An endpoint's documented responses: its success and the refusals it can give."""
    refusals = {
        400: OpenApiResponse(ErrorSerializer, description="Invalid input; nothing was saved."),
        401: OpenApiResponse(DetailSerializer, description="No token or a bad token."),
        404: OpenApiResponse(DetailSerializer, description="Unknown, or not yours."),
        409: OpenApiResponse(DetailSerializer, description="Not in the game's present state."),
    }
    return {ok_status: ok, 401: refusals[401]} | {code: refusals[code] for code in errors}


# --- JSON of the objects ----------------------------------------------------------------------


def player_json(player: Player) -> dict:
    return {"id": player.pk, "name": player.name}


def game_summary_json(game: Game) -> dict:
    """A game as listings show it, from the facts the write path keeps on its seats."""
    seats = game.seat_set.all()  # in seat order, prefetched by the listings
    return {
        "id": game.pk,
        "kind": game.kind,
        "finished": game.finished,
        "winners": [seat.player_id for seat in seats if seat.won],
    }


def night_json(night: GameNight) -> dict:
    return {
        "id": night.pk,
        "date": night.date.isoformat(),
        "location": night.location,
        "notes": night.notes,
        "games": [game_summary_json(game) for game in night.games.all()],
    }


def round_json(round_) -> dict:
    return {
        "number": round_.number,
        "dealer": round_.dealer,
        "status": round_.status,
        "entry": round_.entry,
        "results": [
            {
                "player": result.player,
                "points": result.points,
                "total": result.total,
                "notes": list(result.notes),
            }
            for result in round_.results
        ],
        "notes": list(round_.notes),
    }


def scoreboard_json(game: Game) -> dict:
    """The API.md game: its setup from the seats, everything else from the scoreboard replay."""
    board = game.scoreboard
    return {
        "id": game.pk,
        "kind": game.kind,
        "night": game.night_id,
        "options": game.options,
        "players": [
            {
                "id": seat.player_id,
                "name": seat.player.name,
                "seat": seat.position,
                "team": seat.team or None,
            }
            for seat in game.seats
        ],
        "first_dealer": game.first_dealer_id,
        "rounds": [round_json(round_) for round_ in board.rounds],
        "standings": [
            {
                "player": standing.player,
                "total": standing.total,
                "rank": standing.rank,
                "eliminated": standing.eliminated,
            }
            for standing in board.standings
        ],
        "teams": [
            {"team": team.team, "players": list(team.players), "total": team.total}
            for team in board.teams
        ],
        "finished": board.finished,
        "winners": list(board.winners),
        "next_dealer": board.next_dealer,
        "problem": board.problem
        and {"round": board.problem.round_number, "detail": said(board.problem.message)},
    }


def nights_with_games(user):
    games = Game.objects.order_by("created", "pk").with_seats()
    return GameNight.objects.filter(owner=user).prefetch_related(Prefetch("games", games))


# --- Views ------------------------------------------------------------------------------------


class LockedOut(exceptions.APIException):
    """429, with Retry-After: this address got the password wrong too often."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_detail = FailedLogin.LOCKED_OUT
    wait = FailedLogin.WINDOW.total_seconds()  # DRF sends it as Retry-After


class TokenView(RefusalsAsJSON, ObtainAuthToken):
    """A token for `Authorization: Token <token>`, from a username and password; or the token
    sent revoked (DELETE)."""

    parser_classes = [SafeJSONParser, FormParser, MultiPartParser]
    revoking = False

    def dispatch(self, request, *args, **kwargs):
        self.revoking = request.method == "DELETE"
        return super().dispatch(request, *args, **kwargs)

    def get_authenticators(self):
        # POST: the credentials are in the body, and a stale token or session must not stand in
        # the way. DELETE: the token to revoke is the one the request is sent with.
        return [TokenAuthentication()] if self.revoking else []

    def get_permissions(self):
        return [IsAuthenticated()] if self.revoking else []

    @extend_schema(
        request=TokenRequestSerializer,
        responses={
            200: inline_serializer("Token", {"token": serializers.CharField()}),
            400: OpenApiResponse(ErrorSerializer, description="Wrong credentials."),
            429: OpenApiResponse(
                DetailSerializer, description="Too many wrong passwords: wait 15 minutes."
            ),
        },
        auth=[],
    )
    def post(self, request, *args, **kwargs):
        username = request.data.get("username") if isinstance(request.data, Mapping) else None
        if FailedLogin.locked_out(request, username):
            raise LockedOut()
        response = super().post(request, *args, **kwargs)  # a wrong password counts (games.apps)
        FailedLogin.forget(request, username)
        return response

    @extend_schema(
        request=None,
        responses={
            204: OpenApiResponse(description="The token is revoked: it now gets 401."),
            401: OpenApiResponse(DetailSerializer, description="No token or a bad token."),
        },
        auth=[{"tokenAuth": []}],
        description="Revoke the token this request is sent with (log out an API client). "
        "Only a token can revoke itself: a session gets 401.",
    )
    def delete(self, request, *args, **kwargs):
        request.auth.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class PlayersView(ApiView):
    """Your players; names are unique ignoring case."""

    @extend_schema(responses=documented(200, PlayerSerializer(many=True)))
    def get(self, request):
        return Response(
            [player_json(player) for player in Player.objects.filter(owner=request.user)]
        )

    @extend_schema(request=PlayerCreateSerializer, responses=documented(201, PlayerSerializer, 400))
    def post(self, request):
        data = read(PlayerCreateSerializer, request)
        try:
            player = Player.add(request.user, data["name"])
        except DjangoValidationError as error:
            raise Invalid(" ".join(error.messages), field="name") from None
        return Response(player_json(player), status=status.HTTP_201_CREATED)


class PlayerStatsView(ApiView):
    """A player's record: the player page's figures (games, wins, rounds, streaks, head-to-head).

    Only finished games count as played; a shared win and both Forty Fives partners count.
    """

    @extend_schema(responses=documented(200, PlayerStatsSerializer, 404))
    def get(self, request, player_id: int):
        player = Player.objects.filter(owner=request.user, pk=player_id).first()
        if player is None:
            raise exceptions.NotFound(_("there is no player %(id)s") % {"id": player_id})
        return Response(stats.player_stats(player).as_json())


class NightsView(ApiView):
    """Your game nights, latest first, each with its games."""

    @extend_schema(responses=documented(200, NightSerializer(many=True)))
    def get(self, request):
        return Response([night_json(night) for night in nights_with_games(request.user)])

    @extend_schema(request=NightCreateSerializer, responses=documented(201, NightSerializer, 400))
    def post(self, request):
        data = read(NightCreateSerializer, request)
        with transaction.atomic():
            night = GameNight.objects.create(owner=request.user, date=data["date"])
            night.update_details(data["date"], data["location"], data["notes"])
        return Response(night_json(night), status=status.HTTP_201_CREATED)


class NightView(ApiView):
    """One game night and its games."""

    @extend_schema(responses=documented(200, NightSerializer, 404))
    def get(self, request, night_id: int):
        night = nights_with_games(request.user).filter(pk=night_id).first()
        if night is None:
            raise exceptions.NotFound(_("there is no game night %(id)s") % {"id": night_id})
        return Response(night_json(night))


class RulesView(ApiView):
    """The games that can be scored: players allowed and each option's default."""

    @extend_schema(responses=documented(200, RuleSerializer(many=True)))
    def get(self, request):
        return Response(
            [
                {
                    "kind": kind,
                    "name": rules.name,
                    "min_players": rules.min_players,
                    "max_players": rules.max_players,
                    "options": {name: option.default for name, option in rules.options.items()},
                }
                for kind, rules in GAMES.items()
            ]
        )


class GamesView(ApiView):
    """Start a game, or list yours."""

    @extend_schema(
        responses=documented(200, GameListItemSerializer(many=True)),
        description="The user's games, newest first.",
    )
    def get(self, request):
        games = Game.objects.filter(owner=request.user).with_seats()
        return Response(
            [
                {
                    **game_summary_json(game),
                    "night": game.night_id,
                    "players": [seat.player_id for seat in game.seat_set.all()],
                }
                for game in games
            ]
        )

    @extend_schema(request=GameCreateSerializer, responses=documented(201, GameSerializer, 400))
    def post(self, request):
        data = read(GameCreateSerializer, request)
        user = request.user
        players = owned(Player, user, data["players"], _("player"), "players")
        first_dealer = night = None
        if data.get("first_dealer") is not None:
            [first_dealer] = owned(
                Player, user, [data["first_dealer"]], _("player"), "first_dealer"
            )
        if data.get("night") is not None:
            [night] = owned(GameNight, user, [data["night"]], _("game night"), "night")
        game = Game.start(
            user,
            data["kind"],
            players,
            first_dealer=first_dealer,
            options=data.get("options"),
            night=night,
        )
        return Response(scoreboard_json(game), status=status.HTTP_201_CREATED)


class GameView(ApiView):
    """A game's scoreboard, replayed from its saved rounds."""

    @extend_schema(responses=documented(200, GameSerializer, 404))
    def get(self, request, game_id: int):
        return Response(scoreboard_json(get_game_for_user(request, game_id)))


class RoundsView(ApiView):
    """The next round of a game."""

    @extend_schema(
        request=ENTRY,
        responses=documented(201, RoundSerializer, 400, 404, 409),
        parameters=[
            OpenApiParameter(
                "number",
                int,
                description="The round the client is saving, as it saw the game. If someone "
                "else saved that round first, the answer is 409 and nothing is saved, so a "
                "resent request never makes a second round.",
            )
        ],
        description="Save the next round. 42 and Forty Fives may save the bids "
        "alone: the round is then open until completed with PATCH.",
    )
    def post(self, request, game_id: int):
        game = get_game_for_user(request, game_id)
        number = request.query_params.get("number")
        if number is not None and not (
            number.isascii() and number.isdigit() and 0 < int(number) <= BIGGEST_ID
        ):
            raise Invalid(_("number must be a round number: 1, 2, 3..."), field="number")
        saved = game.add_round(
            read_entry(request), request.user, number=None if number is None else int(number)
        )
        return Response(
            round_json(game.scoreboard.rounds[saved.number - 1]), status=status.HTTP_201_CREATED
        )


class RoundView(ApiView):
    """One saved round: edit it, complete it, or (the last one) delete it."""

    @extend_schema(
        request=ENTRY,
        responses=documented(200, RoundSerializer, 400, 404),
        description="Replace a round's entry; every later round is rescored.",
    )
    def put(self, request, game_id: int, number: int):
        game = get_game_for_user(request, game_id)
        game.replace_round(number, read_entry(request), request.user)
        return Response(round_json(game.scoreboard.rounds[number - 1]))

    @extend_schema(
        request=ENTRY,
        responses=documented(200, RoundSerializer, 400, 404, 409),
        description="Complete an open round with the full entry, result included "
        "(a complete round is replaced, as with PUT).",
    )
    def patch(self, request, game_id: int, number: int):
        game = get_game_for_user(request, game_id)
        entry = read_entry(request)
        rounds = game.saved_rounds
        if 1 <= number <= len(rounds) and rounds[number - 1].status == Round.OPEN:
            game.complete_round(number, entry, request.user)
        else:
            game.replace_round(number, entry, request.user)
        return Response(round_json(game.scoreboard.rounds[number - 1]))

    @extend_schema(
        responses=documented(204, None, 404, 409),
        description="Undo: only the last round can be deleted.",
    )
    def delete(self, request, game_id: int, number: int):
        game = get_game_for_user(request, game_id)
        game.delete_last_round(number, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ExportView(ApiView):
    """Everything you own as one document, each list in the order it was created."""

    @extend_schema(responses=documented(200, DocumentSerializer))
    def get(self, request):
        return Response(transfer.export_document(request.user))


class ImportView(ApiView):
    """Import an export document."""

    @extend_schema(
        request=DocumentSerializer,
        responses=documented(201, ImportCountsSerializer, 400),
        description="Add an export document to your data, all or nothing.",
    )
    def post(self, request):
        counts = import_document(request.user, request.data)
        return Response(counts, status=status.HTTP_201_CREATED)


def read_trick(request, fields: tuple[str, ...]) -> dict:
    """A trick's body: a JSON object of exactly these fields; the engine reads each one."""
    if isinstance(request.data, QueryDict) or not isinstance(request.data, dict):
        raise Invalid(_("send the trick as a JSON object"))
    unknown = sorted(set(request.data) - set(fields))
    if unknown:
        raise Invalid(
            f"there is no field {unknown[0]}: send {' and '.join(fields)}", field=unknown[0]
        )
    return request.data


def ruling_json(ruling) -> dict:
    return {"winner": ruling.winner, "why": ruling.why, "card": ruling.card.code}


class FortyTwoRefereeView(ApiView):
    """Who takes a trick of 42. Stores nothing."""

    @extend_schema(
        request=FortyTwoTrickSerializer,
        responses=documented(200, RulingSerializer, 400),
        description="From the turned-up trump card and the cards played, the card that takes "
        "the trick and why: jokers, then trump numbers, 15s, pairs, the trump suit and card order.",
    )
    def post(self, request):
        trick = read_trick(request, ("trump_card", "plays"))
        return Response(
            ruling_json(referee_fortytwo.judge(trick.get("trump_card"), trick.get("plays")))
        )


class FortyFivesRefereeView(ApiView):
    """Who takes a trick of Forty Fives. Stores nothing."""

    @extend_schema(
        request=FortyFivesTrickSerializer,
        responses=documented(200, RulingSerializer, 400),
        description="From the named trump suit and the cards played, the card that takes the "
        "trick and why: the highest trump, or with none the highest card of the led suit.",
    )
    def post(self, request):
        trick = read_trick(request, ("trump", "plays"))
        return Response(
            ruling_json(referee_fortyfives.judge(trick.get("trump"), trick.get("plays")))
        )


def import_document(user, data: object) -> dict:
    """Check an export document's shape, then import it all or nothing: for the API and the
    page alike. A refusal is an `Invalid` whose detail names the problem."""
    serializer = DocumentSerializer(data=data)
    try:
        serializer.is_valid(raise_exception=True)
        return transfer.import_document(user, serializer.validated_data)
    except (exceptions.ValidationError, transfer.Refused) as error:
        raise api_exception(error) from None


# --- The site's error handlers: JSON under /api/ (as the schema says), Django's pages elsewhere --


def _for_the_api(request) -> bool:
    return request.path.startswith("/api/")


def page_not_found(request, exception):
    if _for_the_api(request):
        return JsonResponse({"detail": _("Not found.")}, status=404)
    return defaults.page_not_found(request, exception)


def bad_request(request, exception):
    if _for_the_api(request):
        if isinstance(exception, RequestDataTooBig):
            return JsonResponse({"detail": too_large()}, status=413)
        return JsonResponse({"detail": _("The request could not be understood.")}, status=400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception):
    if _for_the_api(request):
        return JsonResponse({"detail": _("You do not have permission to do this.")}, status=403)
    return defaults.permission_denied(request, exception)


def server_error(request):
    if _for_the_api(request):
        return JsonResponse(
            {"detail": _("Something went wrong on our side; it is logged.")}, status=500
        )
    return defaults.server_error(request)
