"""What the app remembers: players, game nights, games with their seats, and every round entered.

Scores are never stored as the truth: a game's scoreboard is the scoring engine's replay of its
saved entries. The few facts kept on the rows (finished, winners, ranks) exist for listings and
statistics and are rewritten by the write path below after every change.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import secrets
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from datetime import timedelta
from functools import cached_property

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models.functions import Lower
from django.utils import timezone

from .scoring import GAMES, KIND_CHOICES, EntryError, Scoreboard

NAME_MAX_LENGTH = 40


# The fields of API.md's entries that hold player ids. (Forty Fives names teams in its tricks.)
ENTRY_PLAYER_FIELDS = ("went_out", "called_by", "empty_hand", "bidder")
HAND_PLAYER_FIELD = "player"


def entry_with_new_player_ids(entry: Mapping, new_id: Callable[[object, str], object]) -> dict:
    """The entry with each player id replaced by `new_id(id, where in the entry)`."""
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


class Conflict(Exception):
    """The change can't be made in the game's present state (a 409 in the API)."""


def clean_text(
    value: object, what: str, *, max_length: int, required: bool, lines: bool = False
) -> str:
    """Trimmed text with no control characters (PostgreSQL refuses NUL; nobody means them);
    `lines` lets notes keep their line breaks and tabs."""
    if not isinstance(value, str):
        raise ValidationError(f"{what} must be text")
    text = value.strip()
    if lines:
        text = text.replace("\r\n", "\n")  # as browsers send a textarea's lines
    allowed = "\n\t" if lines else ""
    if required and not text:
        raise ValidationError(f"{what} can't be empty")
    if len(text) > max_length:
        raise ValidationError(f"{what} can be at most {max_length} characters")
    if any(unicodedata.category(ch) == "Cc" and ch not in allowed for ch in text):
        raise ValidationError(f"{what} can't contain control characters")
    return text


class Player(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players"
    )
    name = models.CharField(max_length=NAME_MAX_LENGTH)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint(Lower("name"), "owner", name="player_name_unique_per_owner"),
            models.CheckConstraint(condition=~models.Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def add(cls, owner, name: object) -> Player:
        """A new player in the owner's circle; names are unique ignoring case."""
        name = clean_text(name, "A player's name", max_length=NAME_MAX_LENGTH, required=True)
        if cls.objects.filter(owner=owner, name__iexact=name).exists():
            raise ValidationError(f"You already have a player called {name}")
        try:
            with transaction.atomic():
                return cls.objects.create(owner=owner, name=name)
        except IntegrityError:
            raise ValidationError(f"You already have a player called {name}") from None

    def rename(self, name: object) -> None:
        name = clean_text(name, "A player's name", max_length=NAME_MAX_LENGTH, required=True)
        taken = Player.objects.filter(owner=self.owner_id, name__iexact=name).exclude(pk=self.pk)
        if taken.exists():
            raise ValidationError(f"You already have a player called {name}")
        with transaction.atomic():
            self.name = name
            self.save(update_fields=["name"])
            # A new version of their games, so that phones polling them show the new name.
            Game.objects.filter(seat__player=self).update(updated=timezone.now())

    def merge_into(self, keep: Player) -> None:
        """This player and `keep` are one person: their games, rounds and kept versions become
        keep's, and this player is gone. Refused when both sat in the same game."""
        if keep.pk == self.pk or keep.owner_id != self.owner_id:
            raise ValidationError("Choose another of your players to merge with.")
        with transaction.atomic():
            games = list(Game.objects.select_for_update().filter(seat__player=self))
            both = next((seat.game for seat in keep.seats.filter(game__in=games)), None)
            if both:
                raise ValidationError(
                    f"{self} and {keep} both played {both} ({both.created:%d %b %Y}), "
                    "so they are two people."
                )

            def new_id(value: object, at: str) -> object:
                return keep.pk if type(value) is int and value == self.pk else value

            for model in (Round, RoundRevision):
                rows = list(model.objects.filter(game__in=games))
                for row in rows:
                    row.entry = entry_with_new_player_ids(row.entry, new_id)
                model.objects.bulk_update(rows, ["entry"], batch_size=500)
            Game.objects.filter(first_dealer=self).update(first_dealer=keep)
            Seat.objects.filter(player=self).update(player=keep)
            # Their boards changed without a round saved: a new version of each (a new cache
            # key, and a new ETag for the phones polling them).
            Game.objects.filter(pk__in=[game.pk for game in games]).update(updated=timezone.now())
            self.delete()


class GameNight(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="nights"
    )
    date = models.DateField()
    location = models.CharField(max_length=100, blank=True)
    notes = models.TextField(blank=True, max_length=2000)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-date", "-created"]

    def __str__(self) -> str:
        return f"{self.date:%a %d %b %Y}" + (f", {self.location}" if self.location else "")

    @classmethod
    def tonight(cls, owner) -> GameNight:
        """Today's night for this user, made when the first game of the day starts."""
        today = timezone.localdate()
        night = cls.objects.filter(owner=owner, date=today).order_by("created").first()
        return night or cls.objects.create(owner=owner, date=today)

    def update_details(self, date, location: object, notes: object) -> None:
        self.date = date
        self.location = clean_text(location, "The place", max_length=100, required=False)
        self.notes = clean_text(notes, "The notes", max_length=2000, required=False, lines=True)
        self.save(update_fields=["date", "location", "notes"])


class RecentVersions:
    """What this process built last for a version of a game (its replayed board, its rendered
    rows and chart), kept as objects under the game's scoreboard key, so a page of an unchanged
    game needs no replay and no rendering. (Not Django's cache: unpickling a long game's board
    makes thousands of objects, several times the rest of a page's work.) What is kept is only
    read, never changed, so requests can share it."""

    def __init__(self, size: int):
        self.size = size
        self.items: OrderedDict[str, object] = OrderedDict()
        self.lock = threading.Lock()  # for a threaded server

    def get(self, key: str):
        return self.items.get(key)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()

    def keep(self, key: str, item: object) -> None:
        with self.lock:
            self.items[key] = item
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)


recent_versions = RecentVersions(size=256)  # a board and up to three pieces of markup a game


class Game(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games"
    )
    kind = models.CharField(max_length=20, choices=KIND_CHOICES)
    night = models.ForeignKey(
        GameNight, on_delete=models.SET_NULL, null=True, blank=True, related_name="games"
    )
    options = models.JSONField(default=dict, blank=True)
    first_dealer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    players = models.ManyToManyField(Player, through="Seat", related_name="games")
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    share_token = models.CharField(max_length=43, unique=True, null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["owner", "-created"])]

    def __str__(self) -> str:
        return f"{self.rules.name} #{self.pk}"

    @property
    def rules(self):
        return GAMES[self.kind]

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    # -- starting a game --

    @classmethod
    def start(
        cls,
        owner,
        kind: str,
        players: Sequence[Player],
        first_dealer: Player | None = None,
        options: Mapping | None = None,
        night: GameNight | None = None,
    ) -> Game:
        """Seat the players clockwise and check the setup with the game's rules."""
        if kind not in GAMES:
            raise EntryError(f"there is no game called {kind}", field="kind")
        rules = GAMES[kind]
        if any(player.owner_id != owner.pk for player in players):
            raise EntryError("every player must be one of yours", field="players")
        if night is not None and night.owner_id != owner.pk:
            raise EntryError("the game night must be one of yours", field="night")
        first_dealer = first_dealer or (players[0] if players else None)
        names = {player.pk: player.name for player in players}
        table = rules.start(
            [p.pk for p in players], first_dealer and first_dealer.pk, options, names
        )
        with transaction.atomic():
            game = cls.objects.create(
                owner=owner,
                kind=kind,
                night=night,
                options=table.options,
                first_dealer=first_dealer,
            )
            Seat.objects.bulk_create(
                Seat(
                    game=game,
                    player=player,
                    position=position,
                    team=rules.team_of_seat(position) if rules.has_teams else "",
                )
                for position, player in enumerate(players)
            )
        return game

    # -- reading: the scoreboard is always the replay of the saved entries --

    @cached_property
    def seats(self) -> list[Seat]:
        return list(self.seat_set.select_related("player").order_by("position"))

    @cached_property
    def saved_rounds(self) -> list[Round]:
        return list(self.rounds.order_by("number"))

    @property
    def player_names(self) -> dict[int, str]:
        return {seat.player_id: seat.player.name for seat in self.seats}

    def replay(self, entries: Sequence[Mapping]) -> Scoreboard:
        return self.rules.replay(
            [seat.player_id for seat in self.seats],
            entries,
            self.first_dealer_id,
            self.options,
            self.player_names,
        )

    @cached_property
    def scoreboard(self) -> Scoreboard:
        """The replay of the saved rounds. Pages reading a game share it through the cache,
        under `scoreboard_key`; a writer (after `_refresh`) or a caller that already holds the
        rows (the statistics) replays the rows it holds."""
        if self._reads_rows or "saved_rounds" in self.__dict__:
            return self.replay([round_.entry for round_ in self.saved_rounds])
        key = self.scoreboard_key
        board = recent_versions.get(key)
        if board is None:
            board = self.replay([round_.entry for round_ in self.saved_rounds])
        recent_versions.keep(key, board)
        return board

    _reads_rows = False  # set by _refresh: from then on the board is replayed from the rows

    @property
    def scoreboard_key(self) -> str:
        """Names this version of the game's board: every write moves `updated` (a player merge
        too), and the seats' players and names (the board's notes name them), the first dealer
        and the options are part of the key. Only rounds changed outside the write path (the
        admin's round editor) would leave it stale."""
        replayed_with = json.dumps(
            [
                [(seat.player_id, seat.player.name) for seat in self.seats],
                self.first_dealer_id,
                self.options,
            ],
            sort_keys=True,
        )
        digest = hashlib.blake2b(replayed_with.encode(), digest_size=12).hexdigest()
        return f"scoreboard:{self.pk}:{self.updated.timestamp()}:{digest}"

    @property
    def winners(self) -> list[int]:
        return [seat.player_id for seat in self.seats if seat.won]

    def _refresh(self) -> None:
        """Forget what was read: what follows (a write) reads the rows again, never the cache."""
        for name in ("seats", "saved_rounds", "scoreboard"):
            self.__dict__.pop(name, None)
        self._reads_rows = True

    # -- the one write path, shared by the pages and the API --

    def add_round(self, entry: Mapping, by, *, number: int | None = None) -> Round:
        """Save the next round. `number`, when given, is the round the person saw as next:
        if someone else saved it first, this is refused instead of saving a second round."""
        with transaction.atomic():
            self._lock()
            rounds = self.saved_rounds
            next_number = len(rounds) + 1
            if number is not None and number != next_number:
                raise Conflict(f"Round {number} was already saved by someone else.")
            if self.finished:
                raise Conflict("The game is over; no more rounds can be added.")
            if rounds and rounds[-1].status == Round.OPEN:
                raise Conflict(f"Round {rounds[-1].number} is still open: finish it first.")
            board = self.replay([r.entry for r in rounds] + [entry])
            try:
                with transaction.atomic():
                    new = Round.objects.create(
                        game=self,
                        number=next_number,
                        entry=dict(entry),
                        status=board.rounds[-1].status,
                    )
            except IntegrityError:
                raise Conflict(f"Round {next_number} was already saved by someone else.") from None
            self._after_write(board)
            return new

    def replace_round(self, number: int, entry: Mapping, by) -> Round:
        """Replace a saved round's entry (an edit, or completing an open round); every round
        after it is rescored, and an edit that makes a later round invalid is refused."""
        with transaction.atomic():
            self._lock()
            rounds = self.saved_rounds
            if not 1 <= number <= len(rounds):
                raise Round.DoesNotExist(f"There is no round {number}.")
            target = rounds[number - 1]
            entries = [r.entry for r in rounds]
            entries[number - 1] = dict(entry)
            board = self.replay(entries)
            RoundRevision.keep(target, "replaced", by)
            target.entry = dict(entry)
            target.status = board.rounds[number - 1].status
            target.updated = timezone.now()
            target.save(update_fields=["entry", "status", "updated"])
            self._after_write(board)
            return target

    def complete_round(self, number: int, entry: Mapping, by) -> Round:
        """Add the result (42's tricks, Forty Fives' tricks and high trump) to an open round."""
        with transaction.atomic():
            self._lock()
            rounds = self.saved_rounds
            if not 1 <= number <= len(rounds):
                raise Round.DoesNotExist(f"There is no round {number}.")
            if rounds[number - 1].status != Round.OPEN:
                raise Conflict(f"Round {number} is already complete.")
            round_ = self.replace_round(number, entry, by)
            if round_.status == Round.OPEN:
                raise EntryError("the result of the hand is missing", field="entry")
            return round_

    def delete_last_round(self, number: int, by) -> None:
        """Undo: only the last round can go; its entry is kept in the revision history."""
        with transaction.atomic():
            self._lock()
            rounds = self.saved_rounds
            if not 1 <= number <= len(rounds):
                raise Round.DoesNotExist(f"There is no round {number}.")
            if number != len(rounds):
                raise Conflict(f"Only the last round (round {len(rounds)}) can be deleted.")
            RoundRevision.keep(rounds[-1], "deleted", by)
            rounds[-1].delete()
            self._refresh()
            self._after_write(self.scoreboard)

    def restore(self, revision: RoundRevision, by) -> Round:
        """Put an earlier version of a round back: as an edit, or as the next round again."""
        if revision.game_id != self.pk:
            raise RoundRevision.DoesNotExist("That version belongs to another game.")
        if revision.number <= self.rounds.count():
            return self.replace_round(revision.number, revision.entry, by)
        return self.add_round(revision.entry, by, number=revision.number)

    def _lock(self) -> None:
        """Serialise writers to this game (a row lock on PostgreSQL; SQLite's IMMEDIATE
        transactions already queue writers) and read its rounds afresh."""
        fresh = Game.objects.select_for_update().only("finished_at").get(pk=self.pk)
        self.finished_at = fresh.finished_at
        self._refresh()

    def _after_write(self, board: Scoreboard) -> None:
        """Keep the listing facts (finished, winners, ranks) in step with the replay."""
        now = timezone.now()
        if board.finished and not self.finished:
            self.finished_at = now
        elif not board.finished:
            self.finished_at = None
        self.updated = now
        self.save(update_fields=["finished_at", "updated"])
        ranks = {standing.player: standing.rank for standing in board.standings}
        totals = board.totals
        seats = self.seats
        for seat in seats:
            seat.won = seat.player_id in board.winners
            seat.rank = ranks[seat.player_id]
            seat.total = totals[seat.player_id]
        Seat.objects.bulk_update(seats, ["won", "rank", "total"])
        key = self.scoreboard_key  # the new version's, while the seats are at hand
        self._refresh()
        self.__dict__["scoreboard"] = board  # the replay just checked is the game as now saved
        recent_versions.keep(key, board)  # the board every page reads until the next write

    # -- sharing --

    def share(self) -> str:
        if not self.share_token:
            self.share_token = secrets.token_urlsafe(24)
            self.save(update_fields=["share_token"])
        return self.share_token

    def stop_sharing(self) -> None:
        self.share_token = None
        self.save(update_fields=["share_token"])


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    team = models.CharField(max_length=1, blank=True)
    # Kept in step with the replay by the write path, for listings and statistics.
    won = models.BooleanField(default=False)
    rank = models.PositiveSmallIntegerField(default=1)
    total = models.IntegerField(default=0)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.position}"


class Round(models.Model):
    OPEN = "open"
    COMPLETE = "complete"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    entry = models.JSONField()
    status = models.CharField(max_length=8, choices=[(OPEN, "open"), (COMPLETE, "complete")])
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.game}"


class RoundRevision(models.Model):
    """An earlier version of a round, kept whenever a round is replaced or deleted."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    entry = models.JSONField()
    status = models.CharField(max_length=8)
    action = models.CharField(
        max_length=8, choices=[("replaced", "replaced"), ("deleted", "deleted")]
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.game}, {self.action} {self.at:%Y-%m-%d %H:%M}"

    @classmethod
    def keep(cls, round_: Round, action: str, by) -> RoundRevision:
        return cls.objects.create(
            game_id=round_.game_id,
            number=round_.number,
            entry=round_.entry,
            status=round_.status,
            action=action,
            by=by if getattr(by, "pk", None) else None,
        )


class FailedLogin(models.Model):
    """A wrong password, kept for a while so that guessing passwords is slowed to a crawl.

    Counted per user name and address (so a guesser can't lock the real player out from
    elsewhere) and per address (so one address can't try a password on many names). Rows live in
    the database, so the limit holds across every worker and machine.
    """

    WINDOW = timedelta(minutes=15)
    NAMES_PER_ADDRESS = 5  # an address may get LOGIN_ATTEMPTS_LIMIT wrong on this many names

    username = models.CharField(max_length=150)
    address = models.GenericIPAddressField(null=True, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["address", "at"], name="failed_login_address_at")]

    def __str__(self) -> str:
        return f"{self.username} from {self.address} at {self.at:%Y-%m-%d %H:%M}"

    @classmethod
    def locked_out(cls, request, username: object) -> bool:
        limit = settings.LOGIN_ATTEMPTS_LIMIT
        recent = cls.objects.filter(address=client_address(request)).filter(
            at__gte=timezone.now() - cls.WINDOW
        )
        return (
            recent.filter(username=_login_name(username)).count() >= limit
            or recent.count() >= limit * cls.NAMES_PER_ADDRESS
        )

    @classmethod
    def record(cls, request, username: object) -> None:
        cls.objects.filter(at__lt=timezone.now() - cls.WINDOW).delete()
        cls.objects.create(username=_login_name(username), address=client_address(request))

    @classmethod
    def forget(cls, request, username: object) -> None:
        cls.objects.filter(username=_login_name(username), address=client_address(request)).delete()


def _login_name(username: object) -> str:
    """The name as typed, folded so that "Ann" and "ANN" share one count, and safe to store."""
    text = username if isinstance(username, str) else ""
    return "".join(ch for ch in text if ch.isprintable()).casefold()[:150]


def client_address(request) -> str | None:
    """The caller's IP address: behind our proxy, the address the proxy saw (the last one it
    appended to X-Forwarded-For); anything that isn't an address counts as none."""
    address = request.META.get("REMOTE_ADDR", "")
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        address = forwarded.rsplit(",", 1)[-1].strip() or address
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return None
