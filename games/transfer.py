"""Export of everything a user owns as one scorekeeper/1 document and its import, all or nothing;
and a game's or a night's scores as CSV.

An import rebuilds each game through Game.start and add_round, so every round is rescored.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from .models import Conflict, Game, GameNight, Player, Round, Seat, entry_with_new_player_ids
from .scoring import EntryError, Scoreboard

FORMAT = "scorekeeper/1"


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

    return entry_with_new_player_ids(entry, new_id)


# --- CSV --------------------------------------------------------------------------------------

# A cell starting with one of these is run as a formula by spreadsheets (OWASP "CSV
# injection"): such text gets a leading apostrophe. Numbers are written as numbers, so -40 stays.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def game_csv(game: Game) -> str:
    """One game as a spreadsheet: a row per complete round, then totals and the winners.

    Columns: Round, Dealer, one per player in seat order (Forty Fives: one per team, named
    "Ann & Cy", because the points and totals are the team's), Notes. A round's cell holds
    that player's points that round, blank when they were not in it (out of Under the 10). An
    open round (42 or Forty Fives bids saved, result to come) is left out. The Total row holds
    the totals as scored, which are not always the column's sum: Under the 10 halves a total of
    exactly 100 or 150 and 42 stops totals at 42; the Notes cell of that round says so.
    Returns text: encode it as UTF-8 (with a byte order mark for Excel).
    """
    out = io.StringIO()
    _write_game(csv.writer(out), game)
    return out.getvalue()


def night_csv(night: GameNight) -> str:
    """A game night as a spreadsheet: a line for the night, then each game in the order played.

    Each game comes after a blank line: a heading line ("Game 1: FortyBelow", "started
    2025-01-10 20:15", in the server's time zone), then the same table as game_csv, so the
    sheet reads like the evening's score pad. Three queries however many games and rounds.
    """
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(_cells(["Game night", night.date.isoformat(), night.location]))
    if night.notes:
        writer.writerow(_cells(["Notes", night.notes]))
    games = (
        Game.objects.filter(night=night)
        .order_by("created", "pk")
        .prefetch_related(
            Prefetch(
                "seat_set", queryset=Seat.objects.select_related("player").order_by("position")
            ),
            Prefetch("rounds", queryset=Round.objects.order_by("number")),
        )
    )
    for index, game in enumerate(games, start=1):
        # Fill the game's cached seats and rounds from the prefetch: no query per game.
        game.seats = list(game.seat_set.all())
        game.saved_rounds = list(game.rounds.all())
        started = timezone.localtime(game.created)
        writer.writerow([])
        writer.writerow(
            _cells([f"Game {index}: {game.rules.name}", f"started {started:%Y-%m-%d %H:%M}"])
        )
        _write_game(writer, game)
    return out.getvalue()


def _write_game(writer, game: Game) -> None:
    board: Scoreboard = game.scoreboard
    names = game.player_names
    if board.teams:
        columns = [
            (" & ".join(names[p] for p in team.players), team.players) for team in board.teams
        ]
    else:
        columns = [(names[player], [player]) for player in board.players]
    writer.writerow(_cells(["Round", "Dealer", *(name for name, _ in columns), "Notes"]))
    for result in board.rounds:
        if result.status != "complete":
            continue
        by_player = {line.player: line for line in result.results}
        cells: list[object] = []
        notes = list(result.notes)
        for name, players in columns:
            line = by_player.get(players[0])  # partners score alike: the first speaks for both
            if line is None:
                cells.append("")
                continue
            cells.append(line.points)
            if line.notes:
                notes.append(f"{name}: {', '.join(line.notes)}")
        writer.writerow(_cells([result.number, names[result.dealer], *cells, "; ".join(notes)]))
    totals = board.totals
    writer.writerow(_cells(["Total", "", *(totals[players[0]] for _, players in columns), ""]))
    if board.finished:
        winners = [names[player] for player in board.winners]
        label = "Winners" if len(winners) > 1 else "Winner"
        writer.writerow(_cells([label, " & ".join(winners)]))
    else:
        writer.writerow(_cells(["Winner", "none yet: the game is not finished"]))


def _cells(values: list[object]) -> list[object]:
    """Text that a spreadsheet would run as a formula gets a leading apostrophe."""
    return [
        f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value
        for value in values
    ]
