"""Export of everything a user owns as one scorekeeper/1 document and its import, all or nothing;
and a game's or a night's scores as CSV.

An import checks each game, then starts it through Game.start, which scores its rounds.
"""

from __future__ import annotations

import csv
import io
import json
import zlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import BinaryIO

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from . import ratings
from .kinds import GAMES
from .models import (
    MOST_ROUNDS,
    Game,
    GameNight,
    Player,
    RunningImport,
    entry_with_new_player_ids,
    name_key,
    normal_name,
)
from .scoring import EntryError, Scoreboard
from .words import said

FORMAT = "scorekeeper/1"


class Refused(Exception):
    """A document (or, in the API, any request) refused, and nothing of it done. `errors`: for
    one of the wrong shape, every field's messages (as DRF gives them)."""

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        round_number: int | None = None,
        errors: object = None,
    ):
        super().__init__(message)
        self.message = message
        self.field = field
        self.round_number = round_number
        self.errors = errors


def holds_a_surrogate(data: object) -> bool:
    """Whether parsed JSON holds a lone surrogate ("\\ud800", in a key or a value): no text can
    hold one, and UTF-8 can't say it back, so a document with one is refused as it is read.
    (JSON's parser joins an escaped pair into one character: what is left is lone, and is
    exactly what UTF-8 can't encode. Written out in C, it is many times quicker than a walk
    through the document.)"""
    try:
        json.dumps(data, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return True
    return False


# --- The document's shape, checked before an import (and the API schema's, in games.api) ------
# JSON types as they are, without DRF's conversions.


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


class KindChoiceField(serializers.ChoiceField):
    """A game's kind as the schema lists it: one of the games registered when the schema is
    made (so a game added to the registry later, a test's sixth game, is listed too)."""

    def __init__(self, **kwargs):
        super().__init__(choices=list(GAMES), **kwargs)

    choices = property(
        lambda self: {kind: kind for kind in GAMES}, serializers.ChoiceField._set_choices
    )


@extend_schema_field(KindChoiceField())
class KindField(TextField):
    """Any text: an unknown kind is the engine's to refuse, in its words."""


@extend_schema_field({"anyOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "string"}]})
class OptionValueField(serializers.Field):
    """An option's value, passed on as sent: the engine checks each option by name."""

    def to_internal_value(self, data):
        return data

    def to_representation(self, value):
        return value


class DocumentPlayerSerializer(serializers.Serializer):
    id = WholeNumberField()
    name = TextField()


class DocumentNightSerializer(serializers.Serializer):
    id = WholeNumberField()
    date = serializers.DateField()
    location = TextField(required=False, default="")
    notes = TextField(required=False, default="")


class DocumentRoundShape(serializers.Serializer):
    number = WholeNumberField(help_text="1, 2, 3... in order.")
    entry = serializers.DictField()  # the engine checks it; games.api.entries has its shapes


class DocumentGameShape(serializers.Serializer):
    id = WholeNumberField()
    kind = KindField()
    night = WholeNumberField(allow_null=True, required=False, default=None)
    players = serializers.ListField(child=WholeNumberField(), help_text="Player ids in seat order.")
    first_dealer = WholeNumberField()
    options = serializers.DictField(child=OptionValueField(), required=False, default=dict)
    rounds = DocumentRoundShape(many=True)


class DocumentShape(serializers.Serializer):
    format = serializers.ChoiceField(choices=[FORMAT])
    exported_at = serializers.DateTimeField(required=False)
    players = DocumentPlayerSerializer(many=True)
    nights = DocumentNightSerializer(many=True)
    games = DocumentGameShape(many=True)


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


def refusal_of(error: serializers.ValidationError) -> Refused:
    """A request of the wrong shape, refused naming its first bad field ("games.0.kind: ...")."""
    path, message = first_error(error.detail) or ((), "the request is not valid")
    field = ".".join(path) or None
    return Refused(f"{field}: {message}" if field else message, field=field, errors=error.detail)


# --- Export -----------------------------------------------------------------------------------


def export_document(owner) -> dict:
    """Everything the owner has, each list in the order it was created (five queries)."""
    players = Player.objects.filter(owner=owner).order_by("created", "pk")
    nights = GameNight.objects.filter(owner=owner).order_by("created", "pk")
    games = Game.objects.filter(owner=owner).order_by("created", "pk").with_history()
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


# An import's limits: room for the export of a large account (60,000 rounds: years of weekly
# game nights, in games of any length), so that whatever the export gives imports again, and
# bounds on one document's time and memory (one import runs at a time per account, and at most
# settings.IMPORTS_AT_ONCE on the server: import_slot).
MOST_PLAYERS = 2_000
# What the document holds, by its field and by one item's kind, as its refusals name them.
_PLURALS = {
    "players": gettext_lazy("players"),
    "nights": gettext_lazy("nights"),
    "games": gettext_lazy("games"),
}
_PLURALS |= {"player": _PLURALS["players"], "night": _PLURALS["nights"], "game": _PLURALS["games"]}
MOST_NIGHTS = 10_000
MOST_GAMES = 10_000
MOST_ROUNDS_IN_A_DOCUMENT = 60_000
# The JSON an import reads, unpacked, in bytes: 60,000 rounds of the longest entries (six Under
# the 10 hands of five cards, about 500 bytes a round as the export writes them) and the rest.
LARGEST_DOCUMENT = 48 * 1024 * 1024
# The same document packed with gzip is about a tenth of that; what is sent is never larger.
LARGEST_BODY = LARGEST_DOCUMENT
READ_SIZE = 256 * 1024
# How long an import refused for want of a slot waits before it tries again: a large import
# takes seconds.
IMPORT_RETRY_SECONDS = 10


class NotJSON(Refused):
    """The document is not JSON."""


class BrokenText(Refused):
    """The document holds a lone surrogate ("\\ud800"): no text can hold one."""


class TooLarge(Exception):
    """The document is larger than an import reads (LARGEST_DOCUMENT, unpacked)."""

    def __init__(self):
        super().__init__(too_large())
        self.message = too_large()


def too_large() -> str:
    return gettext(
        "the document is larger than %(megabytes)s MB (unpacked), the most an import reads"
    ) % {"megabytes": LARGEST_DOCUMENT // (1024 * 1024)}


class Busy(Exception):
    """An import that must wait: the account's own import is running, or as many imports as the
    server runs at once. `retry_after`: seconds."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
        self.retry_after = IMPORT_RETRY_SECONDS


@contextmanager
def import_slot(owner) -> Iterator[None]:
    """Hold one of the server's import slots for the owner while the block runs, or raise Busy.

    A row of RunningImport per import under way: its owner unique (one import per account) and
    its slot unique among 0 .. IMPORTS_AT_ONCE - 1, so that two workers can't take one slot
    whatever the timing. The rows are read first and written only when a slot looks free: on
    SQLite a write would wait for another import's writing to end."""
    stale = timezone.now() - RunningImport.STALE
    running = list(RunningImport.objects.values_list("pk", "owner_id", "started"))
    if any(started < stale for _pk, _owner, started in running):
        RunningImport.objects.filter(started__lt=stale).delete()  # a killed worker's
        running = [row for row in running if row[2] >= stale]
    if any(owner_id == owner.pk for _pk, owner_id, _started in running):
        raise Busy(_yours_is_running())
    held = None
    if len(running) < settings.IMPORTS_AT_ONCE:
        for slot in range(settings.IMPORTS_AT_ONCE):
            try:
                with transaction.atomic():
                    held = RunningImport.objects.create(owner=owner, slot=slot)
                break
            except IntegrityError:  # that slot is taken, or this account's import began
                if RunningImport.objects.filter(owner=owner).exists():
                    raise Busy(_yours_is_running()) from None
    if held is None:
        raise Busy(
            gettext(
                "other imports are running: this server runs %(most)s at a time; try again in "
                "%(seconds)s seconds"
            )
            % {"most": settings.IMPORTS_AT_ONCE, "seconds": IMPORT_RETRY_SECONDS}
        )
    try:
        yield
    finally:
        RunningImport.objects.filter(pk=held.pk).delete()


def _yours_is_running() -> str:
    return gettext(
        "another import of yours is still running: wait until it is done, then try again"
    )


GZIP_MAGIC = b"\x1f\x8b"


def read_document(stream: BinaryIO, *, packed: bool | None = None) -> object:
    """The JSON document read from a request's body or an uploaded file: as it is, or packed
    with gzip (`packed`; None: told by its first bytes). Refused past LARGEST_DOCUMENT unpacked
    (TooLarge, reading no more than that), or when it is not gzip or not JSON (Refused)."""
    first = stream.read(READ_SIZE)
    if packed is None:
        packed = first.startswith(GZIP_MAGIC)
    chunks = _chunks(first, stream)
    text = _unpacked(chunks) if packed else _bounded(chunks)
    try:
        document = json.loads(text)
    except (UnicodeDecodeError, ValueError) as error:
        raise NotJSON(gettext("JSON parse error - %(error)s") % {"error": error}) from None
    except RecursionError:
        raise NotJSON(gettext("JSON parse error - nested too deeply")) from None
    if holds_a_surrogate(document):
        raise BrokenText(gettext("JSON parse error - a lone surrogate (\\ud800-\\udfff)"))
    return document


def _chunks(first: bytes, stream: BinaryIO) -> Iterator[bytes]:
    chunk = first
    while chunk:
        yield chunk
        chunk = stream.read(READ_SIZE)


def _bounded(chunks: Iterator[bytes]) -> bytes:
    kept, size = [], 0
    for chunk in chunks:
        size += len(chunk)
        if size > LARGEST_DOCUMENT:
            raise TooLarge()
        kept.append(chunk)
    return b"".join(kept)


def _unpacked(chunks: Iterator[bytes]) -> bytes:
    """gzip's members one after the other (as `cat a.gz b.gz` makes them), never unpacking more
    than LARGEST_DOCUMENT + 1 bytes however well the input packs."""
    kept, size, read = [], 0, 0
    unpacker = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        for chunk in chunks:
            read += len(chunk)
            if read > LARGEST_BODY:
                raise TooLarge()
            pending = chunk
            while pending:
                out = unpacker.decompress(pending, LARGEST_DOCUMENT + 1 - size)
                size += len(out)
                kept.append(out)
                if size > LARGEST_DOCUMENT:
                    raise TooLarge()
                if unpacker.unconsumed_tail:
                    pending = unpacker.unconsumed_tail
                elif unpacker.eof and unpacker.unused_data:
                    pending = unpacker.unused_data
                    unpacker = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
                else:
                    pending = b""
        if not unpacker.eof:
            raise Refused(gettext("the document is cut short: its gzip ends early"))
    except zlib.error:
        raise Refused(gettext("the document is not gzip, though it says it is")) from None
    return b"".join(kept)


def import_document(owner, data: object) -> dict:
    """Check a document's shape, then import it all or nothing (the API's import and the page's
    alike); a `Refused` names the problem."""
    shape = DocumentShape(data=data)
    if not shape.is_valid():
        raise refusal_of(serializers.ValidationError(shape.errors))
    return _import_checked(owner, shape.validated_data)


def _import_checked(owner, document: Mapping) -> dict:
    """Add a document (already checked for shape) to the owner's data, or refuse it whole.

    Players are matched by name (normalised, ignoring case), or created; nights and games are
    always new. Every game's shape and setup is checked first; then, in one transaction, the
    players and nights are added and each game is started with its rounds, which its rules
    score as they are written (a round they refuse refuses the whole document). Returns the
    counts in the document.
    """
    _check_limits(document)
    _check_unique_ids(document["players"], "players", "player")
    _check_unique_ids(document["nights"], "nights", "night")
    _check_unique_ids(document["games"], "games", "game")
    names = {item["id"]: item["name"].strip() for item in document["players"]}
    night_ids = {item["id"] for item in document["nights"]}
    for index, game in enumerate(document["games"]):
        _check_game(game, f"games.{index}", names, night_ids)
    with transaction.atomic():
        players = _import_players(owner, document["players"])
        nights = _import_nights(owner, document["nights"])
        new_ids = {player_id: found.pk for player_id, found in players.items()}
        for index, item in enumerate(document["games"]):
            with _refused_as(item, f"games.{index}"):
                Game.start(
                    owner,
                    item["kind"],
                    [players[player_id] for player_id in item["players"]],
                    first_dealer=players[item["first_dealer"]],
                    options=item["options"],
                    night=nights[item["night"]] if item["night"] is not None else None,
                    # Turned to the new ids as they are played, a batch at a time (Game.start).
                    rounds=(
                        entry_with_new_player_ids(
                            item["kind"],
                            round_["entry"],
                            lambda value, at: new_ids.get(value, value),
                        )
                        for round_ in item["rounds"]
                    ),
                )
        ratings.recompute(owner.pk, {item["kind"] for item in document["games"]})
    return {
        "players": len(document["players"]),
        "nights": len(document["nights"]),
        "games": len(document["games"]),
    }


def _check_limits(document: Mapping) -> None:
    for field, most in (("players", MOST_PLAYERS), ("nights", MOST_NIGHTS), ("games", MOST_GAMES)):
        if len(document[field]) > most:
            raise Refused(
                gettext("the document has %(count)s %(what)s; an import takes at most %(most)s")
                % {"count": len(document[field]), "what": _PLURALS[field], "most": most},
                field=field,
            )
    total = 0
    for index, game in enumerate(document["games"]):
        count = len(game["rounds"])
        if count > MOST_ROUNDS:
            raise Refused(
                gettext(
                    "game %(id)s has %(count)s rounds; an import takes at most %(most)s rounds "
                    "in a game"
                )
                % {"id": game["id"], "count": count, "most": MOST_ROUNDS},
                field=f"games.{index}.rounds",
            )
        total += count
    if total > MOST_ROUNDS_IN_A_DOCUMENT:
        raise Refused(
            gettext(
                "the document has %(count)s rounds; an import takes at most %(most)s in all "
                "(split it into several files)"
            )
            % {"count": total, "most": MOST_ROUNDS_IN_A_DOCUMENT},
            field="games",
        )


def _check_game(item: Mapping, field: str, names: Mapping[int, str], night_ids: set[int]) -> None:
    """A game of the document checked as the document names its players (its entries' rules
    are checked as the game is started). Refused naming the problem."""
    name = gettext("game %(id)s") % {"id": item["id"]}

    def check_player(player_id: int, at: str) -> int:
        if player_id not in names:
            raise Refused(
                gettext("%(name)s names player %(id)s, who is not in the document")
                % {"name": name, "id": player_id},
                field=f"{field}.{at}",
            )
        return player_id

    seated = [check_player(player_id, "players") for player_id in item["players"]]
    first_dealer = check_player(item["first_dealer"], "first_dealer")
    if item["night"] is not None and item["night"] not in night_ids:
        raise Refused(
            gettext("%(name)s is on night %(id)s, which is not in the document")
            % {"name": name, "id": item["night"]},
            field=f"{field}.night",
        )
    same_ids = {player_id: player_id for player_id in names}
    for index, round_ in enumerate(item["rounds"]):
        number = index + 1
        at = f"{field}.rounds.{index}"
        if round_["number"] != number:
            raise Refused(
                gettext(
                    "%(name)s: its rounds must be numbered 1, 2, 3... in order, but round "
                    "%(number)s is numbered %(numbered)s"
                )
                % {"name": name, "number": number, "numbered": round_["number"]},
                field=f"{at}.number",
            )
        _with_new_player_ids(
            item["kind"],
            round_["entry"],
            same_ids,
            gettext("%(name)s, round %(number)s") % {"name": name, "number": number},
            at,
        )
    if item["kind"] not in GAMES:
        raise Refused(
            gettext("%(name)s: there is no game called %(kind)s")
            % {"name": name, "kind": item["kind"]},
            field=f"{field}.kind",
        )
    with _refused_as(item, field):  # the seating and the options, before anything is written
        GAMES[item["kind"]].start(seated, first_dealer, item["options"])


@contextmanager
def _refused_as(item: Mapping, field: str):
    """The rules' refusal of a document's game (its setup, or a round) as the import's."""
    name = gettext("game %(id)s") % {"id": item["id"]}
    try:
        yield
    except EntryError as error:
        if error.round_number is None:
            at = f"{field}.{error.field}" if error.field else field
            raise Refused(f"{name}: {said(error.message)}", field=at) from None
        number = error.round_number
        raise Refused(
            gettext("%(name)s, round %(number)s") % {"name": name, "number": number}
            + f": {said(error.message)}",
            field=f"{field}.rounds.{number - 1}.entry",
            round_number=number,
        ) from None


def _check_unique_ids(items: list[Mapping], field: str, what: str) -> None:
    seen = set()
    for index, item in enumerate(items):
        if item["id"] in seen:
            raise Refused(
                gettext("the document has two %(what)s with id %(id)s")
                % {"what": _PLURALS[what], "id": item["id"]},
                field=f"{field}.{index}.id",
            )
        seen.add(item["id"])


def _import_players(owner, items: list[Mapping]) -> dict[int, Player]:
    """The document's players, matched to the owner's by the same key as names are unique on
    (normalised, ignoring case), or added."""
    by_key = {player.name_key: player for player in Player.objects.filter(owner=owner)}
    named_in_document = set()
    players = {}
    for index, item in enumerate(items):
        try:
            name = normal_name(item["name"])
        except ValidationError as error:
            raise Refused(
                gettext("player %(id)s") % {"id": item["id"]} + f": {' '.join(error.messages)}",
                field=f"players.{index}.name",
            ) from None
        key = name_key(name)
        if key in named_in_document:
            raise Refused(
                gettext("the document has two players called %(name)s") % {"name": name},
                field=f"players.{index}.name",
            )
        named_in_document.add(key)
        if key not in by_key:
            try:
                by_key[key] = Player.add(owner, name)
            except ValidationError as error:
                raise Refused(
                    gettext("player %(id)s") % {"id": item["id"]} + f": {' '.join(error.messages)}",
                    field=f"players.{index}.name",
                ) from None
        players[item["id"]] = by_key[key]
    return players


def _import_nights(owner, items: list[Mapping]) -> dict[int, GameNight]:
    nights = {}
    for index, item in enumerate(items):
        try:
            night = GameNight.add(owner, item["date"], item["location"], item["notes"])
        except ValidationError as error:
            raise Refused(
                gettext("night %(id)s") % {"id": item["id"]} + f": {' '.join(error.messages)}",
                field=f"nights.{index}",
            ) from None
        nights[item["id"]] = night
    return nights


def _with_new_player_ids(
    kind: str, entry: Mapping, new_ids: Mapping[int, int], where: str, field: str
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
                gettext("%(name)s names player %(id)s, who is not in the document")
                % {"name": where, "id": value},
                field=f"{field}.entry.{at}",
            )
        return new_ids[value]

    return entry_with_new_player_ids(kind, entry, new_id)


# --- CSV --------------------------------------------------------------------------------------

# A cell starting with one of these is run as a formula by spreadsheets (OWASP "CSV
# injection"): such text gets a leading apostrophe. Numbers are written as numbers, so -40 stays.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def game_csv(game: Game) -> str:
    """One game as a spreadsheet: a row per complete round, then totals and the winners.

    Columns: Round, Dealer, one per player in seat order (in a game with teams: one per team,
    named "Ann & Cy", because the points and totals are the team's), Notes. A round's cell
    holds that player's points that round, blank when they were not in it (out of the game). An
    open round (bids saved, result to come) is left out. The Total row holds the totals as
    scored, which are not always the column's sum where the game's rules change a total (halve
    it, or stop it at the target); the Notes cell of that round says so.
    Returns text: encode it as UTF-8 (with a byte order mark for Excel).
    """
    out = io.StringIO()
    _write_game(csv.writer(out), game, game.scoreboard)
    return out.getvalue()


def night_csv(night: GameNight) -> str:
    """A game night as a spreadsheet: a line for the night, then each game in the order played.

    Each game comes after a blank line: a heading line ("Game 1: <the game's name>", "started
    2025-01-10 20:15", in the server's time zone), then the same table as game_csv, so the
    sheet reads like the evening's score pad. Three queries however many games and rounds.
    """
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(_cells([gettext("Game night"), night.date.isoformat(), night.location]))
    if night.notes:
        writer.writerow(_cells([gettext("Notes"), night.notes]))
    games = Game.objects.filter(night=night).order_by("created", "pk").with_history()
    for index, game in enumerate(games, start=1):
        started = timezone.localtime(game.created)
        writer.writerow([])
        writer.writerow(
            _cells(
                [
                    gettext("Game %(number)s: %(game)s")
                    % {"number": index, "game": said(game.rules.name)},
                    gettext("started %(when)s") % {"when": f"{started:%Y-%m-%d %H:%M}"},
                ]
            )
        )
        _write_game(writer, game, game.scoreboard)
    return out.getvalue()


def _write_game(writer, game: Game, board: Scoreboard) -> None:
    names = game.player_names
    if board.teams:
        columns = [
            (" & ".join(names[p] for p in team.players), team.players) for team in board.teams
        ]
    else:
        columns = [(names[player], [player]) for player in board.players]
    writer.writerow(
        _cells(
            [
                gettext("Round"),
                gettext("Dealer"),
                *(name for name, _ in columns),
                gettext("Notes"),
            ]
        )
    )
    for result in board.rounds:
        if result.status != "complete":
            continue
        by_player = {line.player: line for line in result.results}
        cells: list[object] = []
        notes = [said(note) for note in result.notes]
        for name, players in columns:
            line = by_player.get(players[0])  # partners score alike: the first speaks for both
            if line is None:
                cells.append("")
                continue
            cells.append(line.points)
            if line.notes:
                notes.append(f"{name}: {', '.join(said(note) for note in line.notes)}")
        writer.writerow(_cells([result.number, names[result.dealer], *cells, "; ".join(notes)]))
    totals = board.totals
    writer.writerow(
        _cells([gettext("Total"), "", *(totals[players[0]] for _, players in columns), ""])
    )
    if board.finished:
        winners = [names[player] for player in board.winners]
        label = gettext("Winners") if len(winners) > 1 else gettext("Winner")
        writer.writerow(_cells([label, " & ".join(winners)]))
    else:
        writer.writerow(_cells([gettext("Winner"), gettext("none yet: the game is not finished")]))


def _cells(values: list[object]) -> list[object]:
    """Text that a spreadsheet would run as a formula gets a leading apostrophe."""
    return [
        f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value
        for value in values
    ]
