"""The JSON API of docs/api.md: thin DRF views over the models' one write path.

Request shapes are checked in .serializers; every rule is the scoring engine's, reached through
the model methods, and each kind of refusal maps to one status code in .errors.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Prefetch
from django.http import QueryDict
from django.utils.translation import gettext as _
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import exceptions, serializers, status
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import BaseParser, FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.utils.formatting import camelcase_to_spaces, markup_description
from rest_framework.views import APIView

from accounts.authentication import TokenAuthentication
from accounts.models import FailedLogin

from .. import ratings, stats, transfer
from ..kinds import GAMES, REFEREES
from ..models import Conflict, Game, GameNight, Player
from ..scoring.base import Phase
from .entries import ENTRY, referee_serializer
from .errors import Conflicting, Invalid, LockedOut
from .serializers import (
    DetailSerializer,
    DocumentSerializer,
    ErrorSerializer,
    GameCreateSerializer,
    GameListItemSerializer,
    GameSerializer,
    ImportCountsSerializer,
    NightCreateSerializer,
    NightSerializer,
    PlayerCreateSerializer,
    PlayerSerializer,
    PlayerStatsSerializer,
    RatingSerializer,
    RegisteredKinds,
    RoundSerializer,
    RuleSerializer,
    RulingSerializer,
    TokenRequestSerializer,
    documented,
    game_summary_json,
    kind_rating_json,
    night_json,
    player_json,
    rating_json,
    round_json,
    ruling_json,
    scoreboard_json,
)

# Ids past a bigint can't name anything, and SQLite can't even be asked about them.
BIGGEST_ID = 2**63 - 1


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


class ImportParser(BaseParser):
    """An export document: JSON as it is, or packed with gzip (`Content-Encoding: gzip`, or told
    by its first bytes), up to the import's own limits (games.transfer.LARGEST_DOCUMENT unpacked)
    rather than the upload limit of every other request. Read only once the import has its slot."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        meta = parser_context["request"].META
        encoding = meta.get("HTTP_CONTENT_ENCODING", "").strip().lower()
        if encoding not in ("", "identity", "gzip", "x-gzip"):
            raise exceptions.UnsupportedMediaType(
                f"{media_type}; Content-Encoding: {encoding}",
                detail=_(
                    "send the document as it is, or packed with gzip (Content-Encoding: gzip)"
                ),
            )
        try:
            length = int(meta.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > transfer.LARGEST_BODY:
            raise transfer.TooLarge()
        packed = True if encoding in ("gzip", "x-gzip") else None
        return transfer.read_document(stream, packed=packed)


class ApiView(APIView):
    """An endpoint of the API: JSON in and out; refusals answered by .errors.exception_handler."""

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


def get_game_for_user(request, game_id: int, *, with_rounds: bool = False) -> Game:
    """The user's game (`with_rounds`: with its seats and rounds, to answer with its board)."""
    games = Game.objects.with_history() if with_rounds else Game.objects
    try:
        return games.get(owner=request.user, pk=game_id)
    except Game.DoesNotExist:
        raise exceptions.NotFound(_("there is no game %(id)s") % {"id": game_id}) from None


def nights_with_games(user):
    games = Game.objects.order_by("created", "pk").with_seats()
    return GameNight.objects.filter(owner=user).prefetch_related(Prefetch("games", games))


# --- Views ------------------------------------------------------------------------------------


class TokenView(ObtainAuthToken):
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
        response = super().post(request, *args, **kwargs)  # a wrong password counts (accounts.apps)
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

    Only finished games count as played; a shared win and both partners of a winning team count.
    """

    @extend_schema(responses=documented(200, PlayerStatsSerializer, 404))
    def get(self, request, player_id: int):
        player = Player.objects.filter(owner=request.user, pk=player_id).first()
        if player is None:
            raise exceptions.NotFound(_("there is no player %(id)s") % {"id": player_id})
        ratings_json = {kind: kind_rating_json(r) for kind, r in ratings.of_player(player).items()}
        return Response({**stats.player_stats(player).as_json(), "ratings": ratings_json})


class RatingsView(ApiView):
    """Who is the best at a game: your players' skill ratings at it, best first (OpenSkill's
    Plackett-Luce model, from the finished games in the order they finished; docs/ratings.md)."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "kind", str, OpenApiParameter.PATH, enum=RegisteredKinds(), description="A game."
            )
        ],
        responses=documented(200, RatingSerializer(many=True), 404),
    )
    def get(self, request, kind: str):
        if kind not in GAMES:
            raise exceptions.NotFound(_("there is no game called %(kind)s") % {"kind": kind})
        return Response([rating_json(rating) for rating in ratings.of_kind(request.user, kind)])


class NightsView(ApiView):
    """Your game nights, latest first, each with its games."""

    @extend_schema(responses=documented(200, NightSerializer(many=True)))
    def get(self, request):
        return Response([night_json(night) for night in nights_with_games(request.user)])

    @extend_schema(request=NightCreateSerializer, responses=documented(201, NightSerializer, 400))
    def post(self, request):
        data = read(NightCreateSerializer, request)
        night = GameNight.add(request.user, data["date"], data["location"], data["notes"])
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
    """A game's scoreboard, as its rounds keep it."""

    @extend_schema(responses=documented(200, GameSerializer, 404))
    def get(self, request, game_id: int):
        return Response(scoreboard_json(get_game_for_user(request, game_id, with_rounds=True)))


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
                "else saved that round first, or the game has not reached it (a round undone "
                "meanwhile), the answer is 409 and nothing is saved, so a resent request never "
                "makes a second round nor lands under another number.",
            )
        ],
        description="Save the next round. A game with open rounds may save the bids "
        "alone: the round is then open until completed with PATCH.",
    )
    def post(self, request, game_id: int):
        game = get_game_for_user(request, game_id)
        number = request.query_params.get("number")
        if number is not None and not (
            number.isascii() and number.isdigit() and 0 < int(number) <= BIGGEST_ID
        ):
            raise Invalid(_("number must be a round number: 1, 2, 3..."), field="number")
        # A new round only: a number naming the open round was saved (its bids) by someone else.
        try:
            saved = game.save_round(
                None if number is None else int(number),
                read_entry(request),
                request.user,
                may_complete=False,
            )
        except Conflict:
            now, _phase = get_game_for_user(request, game_id).round_now()
            if number is not None and int(number) > now:  # a round the game has not reached
                raise Conflicting(
                    _(
                        "This was sent as round %(number)s, but the game is at round %(now)s: "
                        "nothing was saved."
                    )
                    % {"number": number, "now": now}
                ) from None
            raise
        return Response(round_json(saved.result(game.player_names)), status=status.HTTP_201_CREATED)


class RoundView(ApiView):
    """One saved round: edit it, complete it, or (the last one) delete it."""

    @extend_schema(
        request=ENTRY,
        responses=documented(200, RoundSerializer, 400, 404),
        description="Replace a round's entry; every later round is rescored.",
    )
    def put(self, request, game_id: int, number: int):
        game = get_game_for_user(request, game_id)
        saved = game.save_round(number, read_entry(request), request.user, editing=True)
        return Response(round_json(saved.result(game.player_names)))

    @extend_schema(
        request=ENTRY,
        responses=documented(200, RoundSerializer, 400, 404, 409),
        description="Complete an open round with the full entry, result included "
        "(a complete round is replaced, as with PUT).",
    )
    def patch(self, request, game_id: int, number: int):
        game = get_game_for_user(request, game_id)
        entry = read_entry(request)
        # PATCH completes the open round; any other round is replaced, as with PUT.
        completing = game.round_phase(number) is Phase.COMPLETING
        saved = game.save_round(number, entry, request.user, editing=not completing)
        return Response(round_json(saved.result(game.player_names)))

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

    parser_classes = [ImportParser]

    @extend_schema(
        request=DocumentSerializer,
        responses=documented(201, ImportCountsSerializer, 400, 413, 429),
        description="Add an export document to your data, all or nothing. The document may be "
        f"sent packed with gzip (Content-Encoding: gzip); up to {transfer.LARGEST_DOCUMENT >> 20} "
        "MB unpacked. One import per account at a time, and only a few on the whole server: past "
        "that the answer is 429 with Retry-After.",
    )
    def post(self, request):
        try:
            with transfer.import_slot(request.user):
                counts = transfer.import_document(request.user, request.data)
        except transfer.Busy:
            read_to_the_end(request)
            raise
        return Response(counts, status=status.HTTP_201_CREATED)


def read_to_the_end(request) -> None:
    """The body of a request refused before it was read, read and dropped (up to the largest an
    import reads), so that the server's answer is not lost in a reset connection."""
    stream, left = request.stream, transfer.LARGEST_BODY
    while stream is not None and left > 0 and (chunk := stream.read(min(left, 65536))):
        left -= len(chunk)


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


class RefereeSchema(AutoSchema):
    """The OpenAPI operation of one game's referee: its request and description, as declared."""

    def get_request_serializer(self):
        return referee_serializer(REFEREES[self.view.kind])

    def get_description(self):
        return REFEREES[self.view.kind].about


class RefereeView(ApiView):
    """Who takes a trick of the game `kind` (one address for each game with a trick referee,
    games/urls_api.py). Stores nothing."""

    kind = ""
    schema = RefereeSchema()

    # An OPTIONS request names the endpoint and tells what it does, as it did when each game had
    # a view class of its own: its name from the request's shape (`<Game>Trick`: "<Game>
    # Referee", its words spaced), its description from the game's name.
    def get_view_name(self) -> str:
        shape = REFEREES[self.kind].request.name.removesuffix("Trick")
        return f"{camelcase_to_spaces(shape)} Referee"

    def get_view_description(self, html: bool = False) -> str:
        text = f"Who takes a trick of {REFEREES[self.kind].game}. Stores nothing."
        return markup_description(text) if html else text

    @extend_schema(responses=documented(200, RulingSerializer, 400))
    def post(self, request):
        referee = REFEREES[self.kind]
        fields = tuple(referee.request.fields)
        trick = read_trick(request, fields)
        return Response(ruling_json(referee.judge(**{name: trick.get(name) for name in fields})))
