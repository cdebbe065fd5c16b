"""Export of everything a user owns as one scorekeeper/1 document, and its import, all or nothing.

An import rebuilds each game through Game.start and add_round, so every round is rescored.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from .models import Conflict, Game, GameNight, Player, Round, Seat
from .scoring import EntryError

FORMAT = "scorekeeper/1"

# The fields of API.md's entries that hold player ids: an import gives its players new ids, so
# these are rewritten. (Forty Fives names teams in its tricks, not players.)
ENTRY_PLAYER_FIELDS = ("went_out", "called_by", "empty_hand", "bidder")
HAND_PLAYER_FIELD = "player"


class Refused(Exception):
    """The document can't be imported, and nothing of it was."""

    def __init__(self, message: str, *, field: str | None = None, round_number: int | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.round_number = round_number


# --- Export -----------------------------------------------------------------------------------


def export_document(owner) -> dict:
    """Everything the owner has, each list in the order it was created (five queries)."""
    players = Player.objects.filter(owner=owner).order_by("created", "pk")
    nights = GameNight.objects.filter(owner=owner).order_by("created", "pk")
    games = (
        Game.objects.filter(owner=owner)
        .order_by("created", "pk")
        .prefetch_related(
            Prefetch("seat_set", queryset=Seat.objects.order_by("position")),
            Prefetch("rounds", queryset=Round.objects.order_by("number")),
        )
    )
    return {
        "format": FORMAT,
        "exported_at": timezone.now().isoformat(),
        "players": [{"id": player.pk, "name": player.name} for player in players],
        "nights": [
            {
                "id": night.pk,
                "date": night.date.isoformat(),
                "location": night.location,
                "notes": night.notes,
            }
            for night in nights
        ],
        "games": [
            {
                "id": game.pk,
                "kind": game.kind,
                "night": game.night_id,
                "players": [seat.player_id for seat in game.seat_set.all()],
                "first_dealer": game.first_dealer_id,
                "options": game.options,
                "rounds": [
                    {"number": round_.number, "entry": round_.entry} for round_ in game.rounds.all()
                ],
            }
            for game in games
        ],
    }


# --- Import -----------------------------------------------------------------------------------


def import_document(owner, document: Mapping) -> dict:
    """Add a document (already checked for shape) to the owner's data, or refuse it whole.

    Players are matched by name ignoring case, or created; nights and games are always new.
    Returns the counts in the document.
    """
    with transaction.atomic():
        players = _import_players(owner, document["players"])
        nights = _import_nights(owner, document["nights"])
        _check_unique_ids(document["games"], "games", "game")
        for index, game in enumerate(document["games"]):
            _import_game(owner, game, f"games.{index}", players, nights)
    return {
        "players": len(document["players"]),
        "nights": len(document["nights"]),
        "games": len(document["games"]),
    }


def _check_unique_ids(items: list[Mapping], field: str, what: str) -> None:
    seen = set()
    for index, item in enumerate(items):
        if item["id"] in seen:
            raise Refused(
                f"the document has two {what}s with id {item['id']}", field=f"{field}.{index}.id"
            )
        seen.add(item["id"])


def _import_players(owner, items: list[Mapping]) -> dict[int, Player]:
    _check_unique_ids(items, "players", "player")
    by_name = {player.name.casefold(): player for player in Player.objects.filter(owner=owner)}
    named_in_document = set()
    players = {}
    for index, item in enumerate(items):
        key = item["name"].strip().casefold()
        if key in named_in_document:
            raise Refused(
                f"the document has two players called {item['name'].strip()}",
                field=f"players.{index}.name",
            )
        named_in_document.add(key)
        if key not in by_name:
            try:
                by_name[key] = Player.add(owner, item["name"])
            except ValidationError as error:
                raise Refused(
                    f"player {item['id']}: {' '.join(error.messages)}",
                    field=f"players.{index}.name",
                ) from None
        players[item["id"]] = by_name[key]
    return players


def _import_nights(owner, items: list[Mapping]) -> dict[int, GameNight]:
    _check_unique_ids(items, "nights", "night")
    nights = {}
    for index, item in enumerate(items):
        night = GameNight.objects.create(owner=owner, date=item["date"])
        try:
            night.update_details(item["date"], item["location"], item["notes"])
        except ValidationError as error:
            raise Refused(
                f"night {item['id']}: {' '.join(error.messages)}", field=f"nights.{index}"
            ) from None
        nights[item["id"]] = night
    return nights


def _import_game(
    owner, item: Mapping, field: str, players: Mapping[int, Player], nights: Mapping[int, GameNight]
) -> Game:
    name = f"game {item['id']}"

    def player(player_id: int, at: str) -> Player:
        if player_id not in players:
            raise Refused(
                f"{name} names player {player_id}, who is not in the document",
                field=f"{field}.{at}",
            )
        return players[player_id]

    seated = [player(player_id, "players") for player_id in item["players"]]
    first_dealer = player(item["first_dealer"], "first_dealer")
    night = None
    if item["night"] is not None:
        if item["night"] not in nights:
            raise Refused(
                f"{name} is on night {item['night']}, which is not in the document",
                field=f"{field}.night",
            )
        night = nights[item["night"]]
    try:
        game = Game.start(
            owner,
            item["kind"],
            seated,
            first_dealer=first_dealer,
            options=item["options"],
            night=night,
        )
    except EntryError as error:
        at = f"{field}.{error.field}" if error.field else field
        raise Refused(f"{name}: {error.message}", field=at) from None

    new_ids = {player_id: found.pk for player_id, found in players.items()}
    for index, round_ in enumerate(item["rounds"]):
        number = index + 1
        at = f"{field}.rounds.{index}"
        if round_["number"] != number:
            raise Refused(
                f"{name}: its rounds must be numbered 1, 2, 3... in order, but "
                f"round {number} is numbered {round_['number']}",
                field=f"{at}.number",
            )
        entry = _with_new_player_ids(round_["entry"], new_ids, f"{name}, round {number}", at)
        try:
            game.add_round(entry, owner)
        except (EntryError, Conflict) as error:
            message = error.message if isinstance(error, EntryError) else str(error)
            raise Refused(
                f"{name}, round {number}: {message}", field=f"{at}.entry", round_number=number
            ) from None
    return game


def _with_new_player_ids(
    entry: Mapping, new_ids: Mapping[int, int], where: str, field: str
) -> dict:
    """The entry with its player ids turned from the document's into the imported players'.

    An id that is not a document player is refused here: left alone, it could happen to equal
    an imported player's new id. Values that are not whole numbers are the engine's to refuse.
    """

    def new_id(value: object, at: str) -> object:
        if not isinstance(value, int) or isinstance(value, bool):
            return value
        if value not in new_ids:
            raise Refused(
                f"{where} names player {value}, who is not in the document",
                field=f"{field}.entry.{at}",
            )
        return new_ids[value]

    entry = dict(entry)
    for key in ENTRY_PLAYER_FIELDS:
        if key in entry:
            entry[key] = new_id(entry[key], key)
    hands = entry.get("hands")
    if isinstance(hands, list):
        entry["hands"] = [
            {**hand, HAND_PLAYER_FIELD: new_id(hand[HAND_PLAYER_FIELD], f"hands.{index}")}
            if isinstance(hand, Mapping) and HAND_PLAYER_FIELD in hand
            else hand
            for index, hand in enumerate(hands)
        ]
    return entry
