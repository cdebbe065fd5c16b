"""What the app remembers: players, game nights, games with their seats, and every round entered.

A round row keeps its entry and what the rules made of it (points, totals, notes, the engine's
state after it), written with it by the write path below: a save plays one round on from the
last round's state, a fix plays on from the round before it, and every read reads rows.
"""

from __future__ import annotations

import itertools
import json
import secrets
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date, datetime, timedelta
from datetime import timezone as fixed_zone

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, models, transaction
from django.db.models import OuterRef, Prefetch, Subquery, prefetch_related_objects
from django.dispatch import Signal
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from .kinds import GAMES, kind_choices
from .scoring import EntryError, Scoreboard
from .scoring.base import UNSCORED, Phase, Played, RoundResult, Table, problem_json, round_fields
from .scoring.messages import Message, message_from_json
from .scoring.schema import with_new_player_ids

NAME_MAX_LENGTH = 40
# What a name may be as typed, before normalising (a decomposed "é" is two characters); the
# 40-character limit is the normalised name's.
NAME_INPUT_MAX_LENGTH = 200
# Casefolding can lengthen a name (ß is ss; some letters fold to three characters).
NAME_KEY_MAX_LENGTH = 3 * NAME_MAX_LENGTH


def entry_with_new_player_ids(
    kind: str, entry: Mapping, new_id: Callable[[object, str], object]
) -> dict:
    """The entry with each player id replaced by `new_id(id, where in the entry)`: the fields
    its game's `entry_schema` declares as player ids (an unknown kind's entry is left alone)."""
    if kind not in GAMES:
        return dict(entry)
    return dict(with_new_player_ids(GAMES[kind].entry_schema, entry, new_id))


def adds_to(entry: object, saved: object) -> bool:
    """Whether `entry` is `saved` with more filled in (an open round's result added to its bids)
    rather than a change of what was saved."""
    if isinstance(saved, Mapping):
        return isinstance(entry, Mapping) and all(
            key in entry and adds_to(entry[key], value) for key, value in saved.items()
        )
    if isinstance(saved, list):
        return (
            isinstance(entry, list)
            and len(entry) == len(saved)
            and all(adds_to(*pair) for pair in zip(entry, saved, strict=True))
        )
    return entry == saved


class Conflict(Exception):
    """The change can't be made in the game's present state (a 409 in the API)."""


class NoSuchRound(Conflict):
    """The round (or the version of a round) named isn't in this game. A Conflict, as the game
    hasn't got it now; but the request named something that isn't there, so the API answers
    404 and the pages their "not found" page."""


def clean_text(
    value: object, what: str, *, max_length: int, required: bool, lines: bool = False
) -> str:
    """Trimmed text with no control characters (PostgreSQL refuses NUL; nobody means them);
    `lines` lets notes keep their line breaks and tabs."""
    if not isinstance(value, str):
        raise ValidationError(_("%(what)s must be text.") % {"what": what})
    text = value.strip()
    if lines:
        text = text.replace("\r\n", "\n")  # as browsers send a textarea's lines
    allowed = "\n\t" if lines else ""
    if required and not text:
        raise ValidationError(_("%(what)s can't be empty.") % {"what": what})
    if len(text) > max_length:
        raise ValidationError(
            _("%(what)s can be at most %(most)s characters.") % {"what": what, "most": max_length}
        )
    if any(unicodedata.category(ch) == "Cc" and ch not in allowed for ch in text):
        raise ValidationError(_("%(what)s can't contain control characters.") % {"what": what})
    return text


# Invisible characters that still do something in a name: the joiners of emoji sequences
# (👩‍👩‍👧) and of Persian and Indic letters, and the tags of flags such as 🏴󠁧󠁢󠁳󠁣󠁴󠁿. Every other
# format character (zero-width space, direction overrides, byte order mark...) is dropped.
JOINERS = "\u200c\u200d"
KEPT_FORMAT = {*JOINERS, *map(chr, range(0xE0020, 0xE0080))}


def normal_name(value: object) -> str:
    """A person's name as kept: NFKC (full-width letters and a decomposed "é" become the plain
    ones), without invisible or direction-control characters, trimmed, inner whitespace
    collapsed to one space; 1 to 40 characters."""
    if not isinstance(value, str):
        raise ValidationError(_("A player's name must be text."))
    if len(value) > NAME_INPUT_MAX_LENGTH:
        raise ValidationError(
            _("A player's name can be at most %(most)s characters.") % {"most": NAME_MAX_LENGTH}
        )
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value):
        raise ValidationError(_("A player's name can't contain control characters."))
    visible = "".join(ch for ch in value if unicodedata.category(ch) != "Cf" or ch in KEPT_FORMAT)
    words = unicodedata.normalize("NFKC", visible).split()
    name = " ".join(word.strip(JOINERS) for word in words if word.strip(JOINERS))
    if not name or not any(unicodedata.category(ch) != "Cf" for ch in name):
        raise ValidationError(_("A player's name can't be empty (or only invisible characters)."))
    if len(name) > NAME_MAX_LENGTH:
        raise ValidationError(
            _("A player's name can be at most %(most)s characters.") % {"most": NAME_MAX_LENGTH}
        )
    return name


def name_key(name: str) -> str:
    """What makes two names one: the normalised name casefolded (Émile is émile, Straße is
    STRASSE) without joiners, computed here so that SQLite and PostgreSQL hold the same key."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return "".join(ch for ch in folded if ch not in JOINERS)


def sort_key(name: str) -> str:
    """Where a name stands in a list: its key without accents, so that Émile is among the Es and
    Zoë comes before Zsa. A letter with no plain form (Ø, Ł) still comes after z."""
    marks_apart = unicodedata.normalize("NFD", name_key(name))
    plain = "".join(ch for ch in marks_apart if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", plain)


class Player(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players"
    )
    name = models.CharField(max_length=NAME_MAX_LENGTH)
    # name_key(name), kept by save(): the one key for "same name" (unique per owner, imports
    # match on it). The database's own lower() can't be it: SQLite folds ASCII only.
    name_key = models.CharField(max_length=NAME_KEY_MAX_LENGTH, editable=False)
    sort_key = models.CharField(max_length=NAME_KEY_MAX_LENGTH, editable=False)  # kept by save()
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["sort_key", "name_key", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "name_key"], name="player_name_key_unique"),
            models.CheckConstraint(condition=~models.Q(name=""), name="player_name_not_empty"),
            models.CheckConstraint(condition=~models.Q(name_key=""), name="player_key_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        self.name_key, self.sort_key = name_key(self.name), sort_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key", "sort_key"}
        super().save(*args, **kwargs)

    @classmethod
    def add(cls, owner, name: object) -> Player:
        """A new player in the owner's circle; names are normalised and unique ignoring case."""
        name = normal_name(name)
        cls._refuse_taken(owner, name)
        try:
            with transaction.atomic():
                return cls.objects.create(owner=owner, name=name)
        except IntegrityError:  # added by another request since
            cls._refuse_taken(owner, name)
            raise

    def rename(self, name: object) -> None:
        name = normal_name(name)
        self._refuse_taken(self.owner_id, name, but=self.pk)
        with transaction.atomic():
            self.name = name
            self.save(update_fields=["name"])
            # A new version of their games, so that phones polling them show the new name.
            Game.objects.filter(seat__player=self).update(updated=timezone.now())

    @classmethod
    def _refuse_taken(cls, owner, name: str, *, but: int | None = None) -> None:
        """Refuse a name the owner's circle already has, naming that player as spelt there."""
        taken = cls.objects.filter(owner=owner, name_key=name_key(name)).exclude(pk=but).first()
        if taken:
            raise ValidationError(
                _("You already have a player called %(name)s.") % {"name": taken.name}
            )

    def check_merge(self, keep: Player, games=None) -> None:
        """Refuse to merge this player into `keep` when they are one player, or when both sat in
        the same game (`games`: this player's, when the caller holds them locked)."""
        if keep.pk == self.pk or keep.owner_id != self.owner_id:
            raise ValidationError(_("Choose another of your players to merge with."))
        if games is None:
            games = Game.objects.filter(seat__player=self)
        both = keep.seats.filter(game__in=games).order_by("game__created", "game__pk").first()
        if both is not None:
            raise ValidationError(
                _("%(one)s and %(other)s both played %(game)s (%(day)s), so they are two people.")
                % {
                    "one": self,
                    "other": keep,
                    "game": both.game,
                    "day": date_format(both.game.evening, _("D j M")),  # as lists show it
                }
            )

    def merge_into(self, keep: Player) -> None:
        """This player and `keep` are one person: their games, rounds and earlier versions of
        rounds become keep's, and this player is gone. Refused (check_merge) when both sat in
        the same game."""
        with transaction.atomic():
            games = list(Game.objects.select_for_update().filter(seat__player=self))
            self.check_merge(keep, games)

            def new_id(value: object, at: str) -> object:
                return keep.pk if type(value) is int and value == self.pk else value

            kinds = {game.pk: game.kind for game in games}
            for model in (Round, RoundRevision):
                rows = list(model.objects.filter(game__in=games))
                for row in rows:
                    row.entry = entry_with_new_player_ids(kinds[row.game_id], row.entry, new_id)
                model.objects.bulk_update(rows, ["entry"], batch_size=500)
            Game.objects.filter(first_dealer=self).update(first_dealer=keep)
            Seat.objects.filter(player=self).update(player=keep)
            # A round half entered on the phones names this player by id: it starts again.
            RoundDraft.objects.filter(game__in=games).delete()
            # What the rounds keep names players by id: each game is scored again.
            for game in games:
                game.rescore(rated=False)
            games_rescored.send(Player, owner_id=self.owner_id, kinds={g.kind for g in games})
            self.delete()


# A game night is an evening at the table, in the table's time zone: it runs from noon to the
# next noon, so the game started at 01:00 belongs to the night before (docs/nights.md).
NIGHT_STARTS_AT_HOUR = 12
# A browser's offset from UTC, in minutes east (UTC-12:00 to UTC+14:00 are the zones in use).
UTC_OFFSETS = range(-12 * 60, 14 * 60 + 1)
# An import plays and writes a long game this many rounds at a time (Game.start).
ROUNDS_WRITTEN_AT_ONCE = 250
# The most rounds a game holds: far past any evening (a game whose hands can all be thrown in
# need never end), and what an import takes, so that every export imports again.
MOST_ROUNDS = 2_000


def table_zone(utc_offset: int | None):
    """The table's clock: a fixed offset the browser gave, else the TIME_ZONE setting."""
    if utc_offset is None:
        return timezone.get_default_timezone()
    return fixed_zone(timedelta(minutes=utc_offset))


def evening_of(moment: datetime, utc_offset: int | None = None) -> date:
    """The date of the evening `moment` belongs to at the table: before noon, the day before."""
    local = moment.astimezone(table_zone(utc_offset))
    return (local - timedelta(hours=NIGHT_STARTS_AT_HOUR)).date()


def read_utc_offset(value: object) -> int | None:
    """A browser's offset as a form sends it, or None when missing or not a real one (the page
    still works without JavaScript, and a bad value must never refuse the game)."""
    try:
        minutes = int(str(value).strip())
    except ValueError:
        return None
    return minutes if minutes in UTC_OFFSETS else None


class GameNight(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="nights"
    )
    # The evening's date at the table (see evening_of), not the UTC date of its first game.
    date = models.DateField()
    location = models.CharField(max_length=100, blank=True)
    notes = models.TextField(blank=True, max_length=2000)
    created = models.DateTimeField(default=timezone.now)
    # The table's offset from UTC in minutes, from the browser that started the night's first
    # game; None: not known (no JavaScript, the API, an import), the TIME_ZONE setting's zone.
    utc_offset = models.SmallIntegerField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-date", "-created"]

    def __str__(self) -> str:
        return date_format(self.date, _("D d M Y")) + (
            f", {self.location}" if self.location else ""
        )

    @classmethod
    def tonight(cls, owner, utc_offset: int | None = None) -> GameNight:
        """This evening's night at the owner's table, made when its first game starts.

        `utc_offset` is the table's clock as the browser reads it (None: the TIME_ZONE
        setting's); the game started at 01:00 joins the night begun the evening before."""
        evening = evening_of(timezone.now(), utc_offset)
        night = cls.objects.filter(owner=owner, date=evening).order_by("created").first()
        return night or cls.objects.create(owner=owner, date=evening, utc_offset=utc_offset)

    @property
    def is_tonight(self) -> bool:
        """Whether it is still this night at its table (until noon the next day)."""
        return self.date == evening_of(timezone.now(), self.utc_offset)

    @classmethod
    def add(cls, owner, date, location: object = "", notes: object = "") -> GameNight:
        """A night the owner names (the API, an import): its place and notes checked first
        (a ValidationError saves nothing), then written in one statement."""
        return cls.objects.create(owner=owner, date=date, **cls._details(location, notes))

    def update_details(self, date, location: object, notes: object) -> None:
        self.date = date
        for name, value in self._details(location, notes).items():
            setattr(self, name, value)
        self.save(update_fields=["date", "location", "notes"])

    @staticmethod
    def _details(location: object, notes: object) -> dict[str, str]:
        return {
            "location": clean_text(location, _("The place"), max_length=100, required=False),
            "notes": clean_text(notes, _("The notes"), max_length=2000, required=False, lines=True),
        }


# What the write path tells the parts of the app that keep rows of their own about games (the
# players' phones' drafts, games/seats.py; the ratings, games/ratings.py), which these models
# don't import: sent in the write's transaction, after the game's own rows are written.
# `game_written`: game, was_finished (before the write), rated (False when the caller works
# the ratings out once for many games); `games_rescored`: owner_id, kinds (a merge of players).
game_written = Signal()
games_rescored = Signal()


def names_of(seats: Sequence[Seat]) -> dict[int, str]:
    return {seat.player_id: seat.player.name for seat in seats}


def _seats_in_order() -> Prefetch:
    return Prefetch("seat_set", queryset=Seat.objects.select_related("player").order_by("position"))


def _rounds_in_order() -> Prefetch:
    # A board reads only the last round's state (Game.scoreboard reads it on its own).
    return Prefetch("rounds", queryset=Round.objects.defer("state").order_by("number"))


class GameQuerySet(models.QuerySet):
    def with_seats(self) -> GameQuerySet:
        """The games with their seats in order and the seats' players (one query more for any
        number of games), which `Game.seats` and the listings read."""
        return self.prefetch_related(_seats_in_order())

    def as_lines(self) -> GameQuerySet:
        """The games as templates/games/game_line.html shows them: with their seats and their
        round count."""
        return self.annotate(round_count=models.Count("rounds")).with_seats()

    def with_history(self) -> GameQuerySet:
        """The games with their seats and their rounds in order (two queries more for any
        number of games), and the state their last round keeps: all `Game.scoreboard` reads."""
        last_state = Round.objects.filter(game=OuterRef("pk")).order_by("-number").values("state")
        return self.prefetch_related(_seats_in_order(), _rounds_in_order()).annotate(
            last_state=Subquery(last_state[:1], output_field=models.JSONField())
        )


class Game(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games"
    )
    kind = models.CharField(max_length=20, choices=kind_choices)
    night = models.ForeignKey(
        GameNight, on_delete=models.SET_NULL, null=True, blank=True, related_name="games"
    )
    options = models.JSONField(default=dict, blank=True)
    # RESTRICT, not PROTECT: a player goes only with the games they sat in (an account deleted
    # whole), never from under one.
    first_dealer = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="+")
    players = models.ManyToManyField(Player, through="Seat", related_name="games")
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    share_token = models.CharField(max_length=43, unique=True, null=True, blank=True)
    # The watch link's token while the link is off, so that it can be turned back on the same
    # (the one sent round the table); gone once a new link is made.
    share_token_off = models.CharField(max_length=43, blank=True, editable=False)
    # Players' phones (games/seats.py): the code a phone joins with, while joining is on.
    join_code = models.CharField(max_length=6, unique=True, null=True, blank=True, editable=False)
    # ...and the join link's token (its QR code, the copied link): long enough that it can't be
    # guessed, so unlike the typed code it is not limited per address.
    join_token = models.CharField(max_length=43, unique=True, null=True, blank=True, editable=False)
    # The version of its rules (`rules.version`) that scored the rounds as they are kept: a rule
    # corrected since is a new version, and `rescore` scores the game's rounds again.
    rules_version = models.PositiveSmallIntegerField(default=0, editable=False)
    # A saved round that breaks the rules as they now read (a rule corrected since it was
    # saved): {"round": n, "message": ..., "field": ...}; that round and the ones after it are
    # kept unscored until it is fixed.
    problem = models.JSONField(null=True, blank=True, editable=False)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["owner", "-created"])]

    def __str__(self) -> str:
        return f"{_(self.rules.name)} #{self.pk}"  # the game's name in the reader's language

    @property
    def rules(self):
        return GAMES[self.kind]

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def evening(self) -> date:
        """The evening the game is listed under: its night's date, else the evening it started."""
        return self.night.date if self.night_id else evening_of(self.created)

    @property
    def started_at_table(self) -> datetime:
        """When the game started, on the clock of its night's table (the one that dates the
        night), as a wall-clock time: naive, so that the templates show it as it is rather than
        in the server's zone."""
        offset = self.night.utc_offset if self.night_id else None
        return self.created.astimezone(table_zone(offset)).replace(tzinfo=None)

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
        *,
        rounds: Iterable[Mapping] = (),
    ) -> Game:
        """Seat the players clockwise and check the setup with the game's rules.

        An import brings a game with its `rounds` at once: they are scored and written a batch
        at a time, so that an import holds one batch of scored rounds however long the game (an
        EntryError names the round at fault, and the transaction writes nothing)."""
        if kind not in GAMES:
            raise EntryError(Message("there is no game called %(kind)s", kind=kind), field="kind")
        rules = GAMES[kind]
        if any(player.owner_id != owner.pk for player in players):
            raise EntryError(Message("every player must be one of yours"), field="players")
        if night is not None and night.owner_id != owner.pk:
            raise EntryError(Message("the game night must be one of yours"), field="night")
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
                rules_version=rules.version,
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
            rounds = iter(rounds)
            while batch := list(itertools.islice(rounds, ROUNDS_WRITTEN_AT_ONCE)):
                played = rules.play_on(table, batch)
                rows = []
                for entry, result, state in zip(batch, played.rounds, played.states, strict=True):
                    row = Round(game=game, number=result.number, entry=dict(entry))
                    row.keep(result, state)
                    rows.append(row)
                Round.objects.bulk_create(rows)
                table = played.table
            game._after_write(table, problem=None, rated=False)  # an import rates at the end
        return game

    # -- reading: the rounds as the write path kept them, scores and all --

    @property
    def seats(self) -> list[Seat]:
        """The seats in order, with their players: read once for this instance (or with the
        game, by `Game.objects.with_seats()`); `refresh_from_db()` forgets them, and so does a
        write (its lock)."""
        prefetch_related_objects([self], _seats_in_order())
        return list(self.seat_set.all())

    @property
    def saved_rounds(self) -> list[Round]:
        """The saved rounds in order (without their states), read as `seats` are
        (`Game.objects.with_history()`)."""
        prefetch_related_objects([self], _rounds_in_order())
        return list(self.rounds.all())

    @property
    def player_names(self) -> dict[int, str]:
        return names_of(self.seats)

    @property
    def scoreboard(self) -> Scoreboard:
        """The game as its rounds keep it: each round's scores and notes, and the standings,
        the deal and what is left to play from the state the last round keeps. Nothing is
        replayed. Read once for this instance; a write reads it afresh."""
        board = self.__dict__.get("_board")
        if board is None:
            board = self._board = self._board_of(self.saved_rounds)
        return board

    def replay(self, entries: Sequence[Mapping], *, strict: bool = True) -> Scoreboard:
        """These entries scored from round 1 at this game's seats and setup, reading nothing
        the rounds keep (what the tests compare the kept rounds with)."""
        players = [seat.player_id for seat in self.seats]
        return self.rules.replay(
            players, entries, self.first_dealer_id, self.options, self.player_names, strict=strict
        )

    def _board_of(self, rounds: Sequence[Round]) -> Scoreboard:
        names = self.player_names
        state = self.__dict__.get("last_state")  # read with the game (with_history)
        if rounds and (state is None or state["played"] != len(rounds)):
            state = self.rounds.filter(number=len(rounds)).values_list("state", flat=True).get()
        table = self._table_after(state if rounds else None, names)
        results = [round_.result(names) for round_ in rounds]
        return self.rules.scoreboard(table, results, self._problem(names))

    def phone_start(self) -> dict | None:
        """What a phone needs to play the next rounds without the server (docs/offline.md):
        the kind, the names, the table after the last complete round and, when a round is open
        (its bids saved alone), its entry, which the phone's next save completes. Read from the
        last round's state as `with_history()` reads it with the game; one query more only
        while a round is open (the state before it). None when the phone can't go on alone:
        the game is over, or a saved round breaks a rule as it now reads."""
        if self.finished or self.problem:
            return None
        names = self.player_names
        if "last_state" in self.__dict__:
            state = self.last_state
        else:
            state = self.rounds.order_by("-number").values_list("state", flat=True).first()
        opened = state.get("open") if state else None
        if opened:
            number = state["played"]
            before = self.rounds.filter(number=number - 1).values_list("state", flat=True)
            state = before.first()
        return {
            "game": self.pk,
            "kind": self.kind,
            "names": {str(player): name for player, name in names.items()},
            "base": state or self._table_after(None, names).state(),
            "rounds": [{"number": number, "entry": opened["entry"]}] if opened else [],
        }

    def _table_after(self, state: Round | dict | None, names: Mapping[int, str]) -> Table:
        """The engine's table after a round, from the state it keeps (a row, or its state);
        the start, before any."""
        if state is None:  # `names` are in seat order
            return self.rules.start(list(names), self.first_dealer_id, self.options, names)
        return Table.from_state(state.state if isinstance(state, Round) else state, names)

    def _names_now(self) -> dict[int, str]:
        """The players' names in seat order, read for a write: not kept on the instance, whose
        seats the write changes."""
        seats = self.seat_set.order_by("position").values_list("player_id", "player__name")
        return dict(seats)

    def _forget_board(self) -> None:
        """A write changed the rounds: the board (and the state read with the game) go."""
        self.__dict__.pop("_board", None)
        self.__dict__.pop("last_state", None)

    def _problem(self, names: Mapping[int, str]) -> EntryError | None:
        if self.problem is None:
            return None
        message = message_from_json(self.problem["message"], names)
        return EntryError(message, field=self.problem["field"], round_number=self.problem["round"])

    @property
    def winners(self) -> list[int]:
        return [seat.player_id for seat in self.seats if seat.won]

    # -- the one write path, shared by the pages and the API --

    def round_now(self, board: Scoreboard | None = None) -> tuple[int, Phase]:
        """The round the table is at: the open round, its result to come; else the next. Read
        from the last round alone unless the board is at hand."""
        board = self.__dict__.get("_board") if board is None else board
        if board is None:
            last = self.rounds.order_by("-number").values_list("number", "status").first()
            if last is not None and last[1] == Round.OPEN:
                return last[0], Phase.COMPLETING
            return (last[0] if last else 0) + 1, Phase.BIDDING
        if board.open_round:
            return board.open_round.number, Phase.COMPLETING
        return len(board.rounds) + 1, Phase.BIDDING

    def round_phase(
        self, number: int, *, editing: bool = False, board: Scoreboard | None = None
    ) -> Phase | None:
        """What saving round `number` means now: entered as the round the table is at, or as
        a fix of a saved round (`editing`: the fix page, the API's PUT). None: neither (a round
        someone else saved meanwhile, or none such); saving it is refused."""
        board = self.scoreboard if board is None else board
        saved = len(board.rounds)
        open_number = board.open_round.number if board.open_round else None
        if editing:
            if not 1 <= number <= saved:
                return None
            return Phase.OPEN if number == open_number else Phase.EDITING
        if number == open_number:
            return Phase.COMPLETING
        if number == saved + 1 and open_number is None:
            return Phase.BIDDING
        return None

    def save_round(
        self,
        number: int | None,
        entry: Mapping,
        by,
        *,
        editing: bool = False,
        may_complete: bool = True,
    ) -> Round:
        """Save a round: the one entry point of the pages, the API and the players' phones.

        `number` is the round as the person saw it (None: whichever is next); `editing`, a fix
        of that saved round (replaced, every later round rescored). Otherwise it is the round
        the table was at: the open round's result completes it (unless `may_complete` is off:
        the API's POST only ever adds), the next round is added, and a round someone else saved
        meanwhile is refused (Conflict), never saved twice. Each step checks again under the
        game's lock what this decided from the board read before it."""
        if editing:
            return self.replace_round(number, entry, by)
        if may_complete and number is not None and self.round_phase(number) is Phase.COMPLETING:
            return self.complete_round(number, entry, by)
        return self.add_round(entry, by, number=number)

    def preview_round(self, number: int, entry: Mapping) -> RoundResult:
        """Round `number` (a saved one, or the next) as `entry` would score it, every other
        round as saved; nothing is written (the round page's live scores, an earlier version's
        on its page). Raises EntryError (a later round it would break, too)."""
        rows = list(self.rounds.filter(number__gte=number - 1).order_by("number"))
        before = rows.pop(0) if rows and rows[0].number == number - 1 else None
        if number < 1 or (number > 1 and before is None):
            raise NoSuchRound(_("There is no round %(number)s.") % {"number": number})
        names = self.player_names
        if self.problem and number > self.problem["round"]:
            raise self._problem(names)
        table = self._table_after(before, names)
        return self._play_fix(table, [entry, *(row.entry for row in rows[1:])], number).rounds[0]

    def add_round(self, entry: Mapping, by, *, number: int | None = None) -> Round:
        """Save the next round. `number`, when given, is the round the person saw as next:
        if someone else saved it first, this is refused instead of saving a second round."""
        with transaction.atomic():
            self._lock()
            # Only the last round is read: the state it keeps is where the new one starts.
            last = self.rounds.order_by("-number").first()
            next_number = last.number + 1 if last else 1
            if number is not None and number != next_number:
                raise Conflict(
                    _("Round %(number)s was already saved by someone else.") % {"number": number}
                )
            if self.finished:
                raise Conflict(_("The game is over; no more rounds can be added."))
            if next_number > MOST_ROUNDS:
                raise Conflict(
                    _("A game holds at most %(most)s rounds: start a new one.")
                    % {"most": MOST_ROUNDS}
                )
            if last is not None and last.status == Round.OPEN:
                raise Conflict(
                    _("Round %(number)s is still open: finish it first.") % {"number": last.number}
                )
            names = self._names_now()
            if self.problem:  # a round before this one breaks the rules as they now read
                raise self._problem(names)
            played = self.rules.play_on(self._table_after(last, names), [entry])
            new = Round(game=self, number=next_number, entry=dict(entry))
            new.keep(played.rounds[0], played.states[0])
            try:
                # No savepoint: a clash ends the whole save, whose transaction (this block)
                # is then rolled back.
                with transaction.atomic(savepoint=False):
                    new.save(force_insert=True)
            except IntegrityError:
                raise Conflict(
                    _("Round %(number)s was already saved by someone else.")
                    % {"number": next_number}
                ) from None
            self._after_write(played.table, problem=None)
            return new

    def replace_round(self, number: int, entry: Mapping, by, *, fix: bool = True) -> Round:
        """Replace a saved round's entry (a `fix`, kept as a revision to put back; or completing
        an open round, which adds its result and changes nothing saved): it and every round
        after it are scored again from the state the round before keeps, and an edit that makes
        a later round invalid is refused."""
        with transaction.atomic():
            self._lock()
            rows = list(self.rounds.filter(number__gte=number - 1).order_by("number"))
            before = rows.pop(0) if rows and rows[0].number == number - 1 else None
            if number < 1 or not rows or rows[0].number != number:
                raise NoSuchRound(_("There is no round %(number)s.") % {"number": number})
            names = self._names_now()
            if self.problem and number > self.problem["round"]:
                raise self._problem(names)  # fix the first broken round first
            table = self._table_after(before, names)
            played = self._play_fix(table, [dict(entry), *(row.entry for row in rows[1:])], number)
            target = rows[0]
            if fix:
                RoundRevision.keep(target, "replaced", by)
            target.entry = dict(entry)
            target.updated = timezone.now()
            self._keep_rounds(rows, played, extra_fields=["entry", "updated"])
            self._after_write(played.table, problem=played.problem)
            return target

    def _play_fix(self, table: Table, entries: list[Mapping], number: int) -> Played:
        """Round `number` and the rounds after it, played on from `table` as a fix of round
        `number` is saved (and previewed): a later round that a corrected rule broke before the
        fix may stay broken (`_fixes_towards`); any other break is refused."""
        try:
            return self.rules.play_on(table, entries)
        except EntryError as problem:
            if not self._fixes_towards(problem, number):
                raise
            return self.rules.play_on(table, entries, strict=False)

    def _fixes_towards(self, problem: EntryError, number: int) -> bool:
        """Whether an edit of round `number` that leaves the game with `problem` may be saved:
        only in a game saved before a rule was corrected, when the edit fixed its first broken
        round (or one before it) and the problem left is that round's or a later one's."""
        assert problem.round_number is not None
        if problem.round_number <= number or self.problem is None:
            return False
        return self.problem["round"] <= problem.round_number

    def complete_round(self, number: int, entry: Mapping, by) -> Round:
        """Add the result (the tricks taken, say) to an open round: its bids are saved already.
        An entry that changes them too (a bid corrected, a phone that hadn't seen them) keeps
        what was saved as an earlier version, to put back."""
        with transaction.atomic():
            self._lock()
            saved = self.rounds.filter(number=number).values_list("status", "entry").first()
            if saved is None:
                raise NoSuchRound(_("There is no round %(number)s.") % {"number": number})
            status, saved_entry = saved
            if status != Round.OPEN:
                raise Conflict(_("Round %(number)s is already complete.") % {"number": number})
            fix = not adds_to(json.loads(json.dumps(entry)), saved_entry)  # as it reads back
            round_ = self.replace_round(number, entry, by, fix=fix)
            if round_.status == Round.OPEN:
                raise EntryError(Message("the result of the hand is missing"), field="entry")
            return round_

    def delete_last_round(self, number: int, by) -> RoundRevision:
        """Undo: only the last round can go; its entry is kept in the revision history (the
        revision returned, from which it can be brought back)."""
        with transaction.atomic():
            self._lock()
            rows = list(self.rounds.order_by("-number")[:2])
            count = rows[0].number if rows else 0
            if not 1 <= number <= count:
                raise NoSuchRound(_("There is no round %(number)s.") % {"number": number})
            if number != count:
                raise Conflict(
                    _("Only the last round (round %(number)s) can be deleted.") % {"number": count}
                )
            kept = RoundRevision.keep(rows[0], "deleted", by)
            rows[0].delete()
            before = rows[1] if len(rows) > 1 else None
            problem = self.problem if self.problem and self.problem["round"] < number else None
            self._after_write(self._table_after(before, self._names_now()), problem=problem)
            return kept

    def discardable(self) -> bool:
        """Whether the game can be taken back whole: nothing was ever entered in it (no round,
        none undone that could be brought back, no part sent from a player's phone)."""
        return not (self.rounds.exists() or self.revisions.exists() or self.drafts.exists())

    def play_again(self, utc_offset: int | None = None) -> Game:
        """A new game of this one's kind, players and options, tonight, dealt by the player
        next in turn. A second tap (or a second phone) gets the game the first one started,
        while nothing is saved in it, rather than another."""
        with transaction.atomic():
            self._lock()  # one Play again of a game at a time
            players = [seat.player for seat in self.seats]
            dealer = next(p for p in players if p.pk == self.scoreboard.next_dealer)
            night = GameNight.tonight(self.owner, utc_offset)
            started = Game.objects.filter(
                owner=self.owner, kind=self.kind, night=night, first_dealer=dealer, finished_at=None
            ).exclude(pk=self.pk)
            for game in started.filter(created__gt=self.created).with_seats().order_by("-pk"):
                same = [seat.player_id for seat in game.seats] == [p.pk for p in players]
                if same and game.options == self.options and game.discardable():
                    return game
            return Game.start(self.owner, self.kind, players, dealer, self.options, night)

    def restore(self, revision: RoundRevision, by) -> Round:
        """Put an earlier version of a round back: as an edit, or as the next round again. A
        round that already is that version (a second tap, another phone's) stays as it is."""
        if revision.game_id != self.pk:
            raise NoSuchRound(_("That version belongs to another game."))
        with transaction.atomic():
            self._lock()  # so that a tap waiting for another sees what that one did
            round_ = self.rounds.filter(number=revision.number).first()
            if round_ is not None and round_.entry == revision.entry:
                return round_
            if round_ is not None:
                return self.replace_round(revision.number, revision.entry, by)
            return self.add_round(revision.entry, by, number=revision.number)

    def rescore(self, *, rated: bool = True) -> None:
        """Score every saved round again from round 1, under the rules as they now read: after
        a rule is corrected (`manage.py rescore`, a data migration), or a change of who sits
        in the game or how it was set up (a merge of players, the admin's edits). A round the
        rules now refuse is kept unscored and the game flagged (`problem`) until it is fixed.
        `rated=False`: the caller works the ratings out once for many games."""
        with transaction.atomic():
            self._lock()
            self._score_again(rated=rated)

    def _score_again(self, *, rated: bool = True) -> None:
        rows = list(self.rounds.order_by("number"))
        start = self._table_after(None, self._names_now())
        played = self.rules.play_on(start, [row.entry for row in rows], strict=False)
        self._keep_rounds(rows, played)
        self._after_write(played.table, problem=played.problem, rated=rated)

    def _lock(self) -> None:
        """Serialise writers to this game (a row lock on PostgreSQL; SQLite's IMMEDIATE
        transactions already queue writers) and read its row afresh. refresh_from_db also
        forgets the seats and rounds this instance read before, and so the board."""
        locked = Game.objects.select_for_update()
        self.refresh_from_db(from_queryset=locked)
        self._forget_board()
        if self.rules_version != self.rules.version:
            # Scored by rules that have been corrected since (the data migration that comes
            # with a correction rescores every game; this is for a game it did not see).
            self._score_again()

    @staticmethod
    def _keep_rounds(rows: Sequence[Round], played, extra_fields: Sequence[str] = ()) -> None:
        """Write what the rules made of each of these rounds, scored again (`played`)."""
        for row, result, state in zip(rows, played.rounds, played.states, strict=True):
            row.keep(result, state)
        fields = [*Round.SCORED_FIELDS, *extra_fields]
        Round.objects.bulk_update(rows, fields, batch_size=200)

    def _last_round_saved_at(self):
        return self.rounds.order_by("-number").values_list("created", flat=True).first()

    def _after_write(
        self, table: Table, *, problem: EntryError | dict | None, rated: bool = True
    ) -> None:
        """Keep the game's own facts in step with its rounds: finished, the rules' version, a
        problem, and the seats' (winners, ranks, totals) that the listings and statistics
        read, and the ratings a finished game counts in (`rated`: an import rates its games
        once, after the last). Every write moves `updated`: the version a page, an ETag and a
        cached fragment name."""
        was_finished = self.finished  # as locked: before this write
        now = timezone.now()
        if table.finished and not self.finished:
            # When the round that ended it was saved: a fix that finishes it again leaves the
            # game where it stood among the others (the order the ratings follow).
            self.finished_at = self._last_round_saved_at() or now
        elif not table.finished:
            self.finished_at = None
        self.updated = now
        self.rules_version = self.rules.version
        self.problem = problem_json(problem) if isinstance(problem, EntryError) else problem
        self.save(update_fields=["finished_at", "updated", "rules_version", "problem"])
        self._forget_board()
        standings = self.rules.standings(table)
        # Each seat named by its game and player (unique together): no read of the seats.
        Seat.keep_facts(
            self.pk,
            [
                (s.player, table.finished and s.player in table.winners, s.rank, s.total)
                for s in standings
            ],
        )
        game_written.send(Game, game=self, was_finished=was_finished, rated=rated)

    # -- sharing --

    def share(self, *, again: bool = False) -> str:
        """The watch link's token: the game's own while it is on, else a new one, or (`again`)
        the one turned off last."""
        if not self.share_token:
            self.share_token = (again and self.share_token_off) or secrets.token_urlsafe(24)
            self.share_token_off = ""
            self.save(update_fields=["share_token", "share_token_off"])
        return self.share_token

    def stop_sharing(self) -> None:
        if self.share_token:
            self.share_token_off, self.share_token = self.share_token, None
            self.save(update_fields=["share_token", "share_token_off"])

    def delete(self, *args, **kwargs):
        """A finished game deleted takes its part in the ratings with it: every rating after
        it is worked out again, as if it had never been played. (A queryset's delete, an
        account's, skips this: it takes the players and their ratings too.)"""
        with transaction.atomic():
            deleted = super().delete(*args, **kwargs)
            game_written.send(Game, game=self, was_finished=self.finished, rated=True)
        return deleted


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE)
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="seats")
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

    @classmethod
    def keep_facts(cls, game_id: int, facts: Sequence[tuple[int, bool, int, int]]) -> None:
        """Write the seats' kept facts of a game, (player id, won, rank, total) each, in one
        statement run per seat. (bulk_update builds a CASE expression per field and seat, which
        cost more than the rest of a save.)"""
        quote = connection.ops.quote_name
        fields = [cls._meta.get_field(name) for name in ("won", "rank", "total")]
        columns = ", ".join(f"{quote(field.column)} = %s" for field in fields)
        game, player = (quote(cls._meta.get_field(name).column) for name in ("game", "player"))
        with connection.cursor() as cursor:
            cursor.executemany(
                f"UPDATE {quote(cls._meta.db_table)} SET {columns} "
                f"WHERE {game} = %s AND {player} = %s",
                [(won, rank, total, game_id, player) for player, won, rank, total in facts],
            )


class Round(models.Model):
    """A round as entered (`entry`), and what the rules made of it, kept by the write path in
    the same transaction: its status, dealer, each player's points, total and notes, the notes
    about the round, and the engine's state after it, which the next round continues from."""

    OPEN = "open"
    COMPLETE = "complete"
    UNSCORED = UNSCORED  # saved before a rule was corrected, and broken by it (Game.problem)
    SCORED_FIELDS = ("status", "dealer", "results", "notes", "state")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    entry = models.JSONField()
    status = models.CharField(
        max_length=8,
        choices=[(OPEN, "open"), (COMPLETE, "complete"), (UNSCORED, "unscored")],
    )
    dealer = models.IntegerField(default=0)  # a player's id
    # [{"player": id, "points": n, "total": n, "notes": [...]}], the notes by msgid and
    # parameters (games.scoring.messages.message_json), each player by id, not name.
    results = models.JSONField(default=list)
    notes = models.JSONField(default=list)  # about the whole round, kept as the results' notes
    state = models.JSONField(default=dict)  # games.scoring.base.Table.state()
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

    def keep(self, result: RoundResult, state: dict) -> None:
        """What the rules made of this round: `result`, and the table's `state` after it."""
        for name, value in round_fields(result, state).items():
            setattr(self, name, value)

    def result(self, names: Mapping[int, str]) -> RoundResult:
        """The round as the rules scored it, its notes naming the players by `names`."""
        return RoundResult.from_json(
            self.number, self.dealer, self.status, self.entry, self.results, self.notes, names
        )


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


class SeatLink(models.Model):
    """A phone's link to one seat of one game (games/seats.py): it enters that seat's part of
    the round. Only the token's digest is kept; the owner revokes a link by deleting it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_links")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="links")
    token_digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["seat__position", "created", "pk"]

    def __str__(self) -> str:
        return f"Phone of {self.seat}"


class RoundDraft(models.Model):
    """The round being entered on the players' phones, part by part; nothing in it is scored
    until the whole entry is saved through the write path (games/seats.py)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="drafts")
    number = models.PositiveIntegerField()
    phase = models.CharField(max_length=8)  # "hand", or "bids" then "result"
    # {"hands": {"<player id>": {"part": {...}, "by": <link id or 0 for the owner>}},
    #  "table": {...}, "problem": {"message": ..., "players": [...]} or absent}
    parts = models.JSONField(default=dict)
    version = models.PositiveIntegerField(default=1)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="round_draft_unique"),
        ]

    def __str__(self) -> str:
        return f"Draft of round {self.number} of {self.game}"


class RunningImport(models.Model):
    """An import under way (games.transfer.import_slot): one per account at a time (the owner is
    unique), and at most settings.IMPORTS_AT_ONCE on the whole server (each holds one of that many
    slots, unique), so that imports never take every worker. Counted in the database, the limits
    hold across every worker and machine. A row left by a worker killed mid-import is taken back
    once it is older than any import lasts."""

    STALE = timedelta(minutes=5)

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    slot = models.PositiveSmallIntegerField(unique=True)
    started = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"Import by {self.owner_id} in slot {self.slot} since {self.started:%H:%M:%S}"


class Rating(models.Model):
    """A player's skill rating at one kind of game, after their latest finished game of it:
    derived from the games' kept facts (games/ratings.py), never entered, and worked out again
    by every write that changes a finished game."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    kind = models.CharField(max_length=20)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()  # mu - 3·sigma: what the players are ordered by
    change = models.FloatField()  # the ordinal's change in the player's latest game
    games = models.PositiveIntegerField()

    class Meta:
        ordering = ["kind", "-ordinal", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["player", "kind"], name="rating_player_kind_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.kind}: {self.ordinal:.1f}"


class RatingStep(models.Model):
    """A player's rating after one finished game: its history, and what it was rated from.

    `sequence` is the game's place among the owner's finished games of its kind, in the order
    they finished (from 1); `team` and `rank` are the player's side and rank in it."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_steps")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_steps")
    kind = models.CharField(max_length=20)
    sequence = models.PositiveIntegerField()
    team = models.CharField(max_length=1, blank=True)
    rank = models.PositiveSmallIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    change = models.FloatField()
    games = models.PositiveIntegerField()

    class Meta:
        ordering = ["kind", "sequence", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="rating_step_unique"),
        ]
        indexes = [
            models.Index(fields=["player", "kind", "sequence"], name="rating_step_player_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.player} after {self.game}: {self.ordinal:.1f}"
