"""The API's request and response shapes (for checking a request's shape and for the schema) and
the JSON the views answer with, built as plain dicts from the models and the scoreboard."""

from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import OpenApiResponse, extend_schema_field
from rest_framework import serializers

from .. import transfer
from ..kinds import GAMES
from ..models import Game, GameNight, Player, Rating, Round
from ..scoring.base import UNSCORED
from ..transfer import KindChoiceField, KindField, OptionValueField, TextField, WholeNumberField
from ..words import said
from .entries import EntryField, extra_stat_fields

# A request lists at most this many ids (a table seats 7): it keeps the lookup one small query.
MOST_IDS_IN_A_REQUEST = 100


# --- Request fields: JSON types as they are, without DRF's conversions (more in games.transfer) -


class ShapeSerializer(serializers.Serializer):
    """A request body's shape. Unknown fields are refused: a misspelt optional field
    ("frist_dealer") would otherwise be ignored in silence."""

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({unknown[0]: ["there is no such field"]})
        return super().to_internal_value(data)


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
    kind = KindChoiceField()
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
        f"({', '.join(rules.name for rules in GAMES.values() if rules.lower_total_wins)}), "
        "the highest otherwise; null with no rounds.",
    )

    def get_fields(self):
        return {**super().get_fields(), **extra_stat_fields()}  # each game's own figures


class HeadToHeadSerializer(serializers.Serializer):
    opponent = serializers.IntegerField(help_text="The other player's id.")
    name = serializers.CharField(help_text="The other player's name.")
    games = serializers.IntegerField(
        help_text="Finished games both played, not as partners on one team."
    )
    ahead = serializers.IntegerField(help_text="Of those, games this player ranked better.")
    behind = serializers.IntegerField(help_text="Games this player ranked worse.")
    level = serializers.IntegerField(help_text="Games both shared a rank.")


class KindRatingSerializer(serializers.Serializer):
    mu = serializers.FloatField(help_text="The estimate of the player's skill (25 to start).")
    sigma = serializers.FloatField(
        help_text="How unsure that estimate is (25/3 to start; it narrows game by game)."
    )
    ordinal = serializers.FloatField(help_text="mu - 3·sigma, what players are ordered by.")
    games = serializers.IntegerField(help_text="Finished games of this kind rated.")


class RatingSerializer(KindRatingSerializer):
    player = serializers.IntegerField(help_text="The player's id.")
    change = serializers.FloatField(
        help_text="The ordinal's change in the player's latest game of this kind."
    )


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
    ratings = serializers.DictField(
        child=KindRatingSerializer(),
        help_text="The player's skill rating at each kind they finished a game of.",
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


class RuleSerializer(serializers.Serializer):
    kind = KindChoiceField()
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options = serializers.DictField(child=OptionValueField(), help_text="Each option's default.")


class SeatedPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seat = serializers.IntegerField(help_text="0, 1, ... clockwise.")
    team = serializers.CharField(allow_null=True, help_text="In a game with teams: A or B.")


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
    kind = KindChoiceField()
    night = serializers.IntegerField(allow_null=True)
    options = serializers.DictField(child=OptionValueField())
    players = SeatedPlayerSerializer(many=True)
    first_dealer = serializers.IntegerField()
    rounds = RoundSerializer(many=True)
    standings = StandingSerializer(many=True, help_text="Best first.")
    teams = TeamSerializer(many=True, help_text="A game with teams' teams; else empty.")
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


# The export document: its shape is the import's check (games.transfer); here it is the schema of
# both endpoints, with each round's entry in its game's shape.


class DocumentRoundSerializer(transfer.DocumentRoundShape):
    entry = EntryField()


class DocumentGameSerializer(transfer.DocumentGameShape):
    rounds = DocumentRoundSerializer(many=True)


class DocumentSerializer(transfer.DocumentShape):
    games = DocumentGameSerializer(many=True)


# The trick referee's answer, for every game that has one. Each game's request is made from the
# shape its referee declares (games.api.entries.referee_serializer).


class RulingSerializer(serializers.Serializer):
    winner = serializers.IntegerField(
        min_value=0, help_text="The index in `plays` of the card that takes the trick (led: 0)."
    )
    why = serializers.CharField(help_text="A sentence naming the rule that decided.")
    card = serializers.CharField(help_text="The winning card, as the rules pages write it (`7H`).")


def documented(ok_status: int, ok, *errors: int) -> dict:
    """An endpoint's documented responses: its success and the refusals it can give."""
    refusals = {
        400: OpenApiResponse(ErrorSerializer, description="Invalid input; nothing was saved."),
        401: OpenApiResponse(DetailSerializer, description="No token or a bad token."),
        404: OpenApiResponse(DetailSerializer, description="Unknown, or not yours."),
        409: OpenApiResponse(DetailSerializer, description="Not in the game's present state."),
        413: OpenApiResponse(DetailSerializer, description="Larger than the endpoint reads."),
        429: OpenApiResponse(
            DetailSerializer, description="Busy: try again after Retry-After seconds."
        ),
    }
    return {ok_status: ok, 401: refusals[401]} | {code: refusals[code] for code in errors}


class RegisteredKinds:
    """The games' kinds as the schema lists them where a parameter names one: read from the
    registry when the schema is made (a game registered later is listed too)."""

    def __iter__(self):
        return iter(list(GAMES))


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
    """The game as docs/api.md shows it: its setup from the seats, the rest from its rounds."""
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


def ruling_json(ruling) -> dict:
    return {"winner": ruling.winner, "why": ruling.why, "card": ruling.card.code}


def rating_json(rating: Rating) -> dict:
    return {"player": rating.player_id, **kind_rating_json(rating), "change": rating.change}


def kind_rating_json(rating: Rating) -> dict:
    return {
        "mu": rating.mu,
        "sigma": rating.sigma,
        "ordinal": rating.ordinal,
        "games": rating.games,
    }
