"""Players' phones: joining a game with a code, seat links, and the round assembled from each
seat's part on the server (docs/seats.md). The round is saved through the one write path
(`Game.save_round`), exactly as if one phone had entered it."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .kinds.base import kind_ui
from .models import Conflict, Game, Round, RoundDraft, SeatLink
from .scoring import EntryError, Scoreboard
from .scoring.base import Phase

# Six characters people can read off a screen and type without mixing them up (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
# Enough phones for a table whose players swap phones or reload on another one; bounded, so a
# join page held open can't make rows by the thousand.
LINKS_PER_SEAT = 4
OWNER = 0  # "by" of a part the owner entered


# A link's token: 24 random bytes, 32 characters in the address (never guessed; so neither a
# seat link nor a join link is limited per address, as the typed code is).
TOKEN_BYTES = 24
MIN_TOKEN_LENGTH = 32
MOST_TOKEN_LENGTH = 64


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def normal_code(typed: object) -> str:
    """A typed code as stored: capitals, without the spaces and dashes people add."""
    if not isinstance(typed, str):
        return ""
    return re.sub(r"[\s\-]", "", typed).upper()[:20]


def turn_on(game: Game) -> str:
    """Players may join with the game's code, typed, or its join link (the QR code): both made
    once, kept until turned off."""
    if game.join_code:
        return game.join_code
    for _attempt in range(20):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        try:
            with transaction.atomic():
                Game.objects.filter(pk=game.pk, join_code__isnull=True).update(
                    join_code=code, join_token=new_token()
                )
        except IntegrityError:
            continue  # another game holds this code
        # This code and link, or those of the request that turned phones on a moment before.
        game.refresh_from_db(fields=["join_code", "join_token"])
        return game.join_code
    raise RuntimeError("no free join code")  # 887 million codes: never in practice


def turn_off(game: Game) -> None:
    """No more joining, every seat link revoked, the draft dropped."""
    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(join_code=None, join_token=None)
        SeatLink.objects.filter(game=game).delete()
        RoundDraft.objects.filter(game=game).delete()
    game.join_code = game.join_token = None


def game_for_code(code: object) -> Game | None:
    code = normal_code(code)
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return Game.objects.filter(join_code=code).first()


def game_for_join_link(token: object) -> Game | None:
    """The game whose join link this is, while its phones are on."""
    if not isinstance(token, str) or not MOST_TOKEN_LENGTH >= len(token) >= MIN_TOKEN_LENGTH:
        return None
    return Game.objects.filter(join_token=token, join_code__isnull=False).first()


def join(game: Game, position: object, *, before: object = None) -> str | None:
    """A seat link for the seat at `position`: its token (kept only as a digest here), or
    None when there is no such seat, the seat has as many phones as it may, or the game is
    over. `before` is the token this phone joined this game with before (its cookie): the same
    seat keeps that link (and the part it sent); another seat replaces it, so the owner's list
    names each phone once."""
    seat = next((s for s in game.seats if str(s.position) == str(position)), None)
    if game.finished or seat is None:
        return None
    old = _own_link(game, before)
    if old is not None and old.seat_id == seat.pk:
        return before
    if seat.links.exclude(pk=getattr(old, "pk", None)).count() >= LINKS_PER_SEAT:
        return None
    token = new_token()
    with transaction.atomic():
        if old is not None:
            old.delete()
        SeatLink.objects.create(game=game, seat=seat, token_digest=digest(token))
    return token


def _own_link(game: Game, token: object) -> SeatLink | None:
    if not isinstance(token, str) or not MOST_TOKEN_LENGTH >= len(token) >= MIN_TOKEN_LENGTH:
        return None
    return SeatLink.objects.filter(game=game, token_digest=digest(token)).first()


def link_for_token(token: str) -> SeatLink | None:
    """The live seat link for a token; a revoked one, or a game whose phones were turned off,
    has none."""
    if not isinstance(token, str) or len(token) > MOST_TOKEN_LENGTH:
        return None
    link = (
        SeatLink.objects.select_related("seat__player", "game__first_dealer")
        .filter(token_digest=digest(token))
        .first()
    )
    if link is None or not link.game.join_code:
        return None
    return link


# --- Where the table is --------------------------------------------------------------------


@dataclass(frozen=True)
class Stage:
    """The round the phones enter now: its number, and its phase ("hand"; in a game with open
    rounds, "bids" then "result")."""

    number: int
    phase: str

    @property
    def key(self) -> str:
        return f"{self.number}-{self.phase}"


def current_stage(game: Game, board: Scoreboard) -> Stage | None:
    """None when nothing can be entered: the game is over, or a saved round must be fixed."""
    if board.finished or board.problem:
        return None
    number, phase = game.round_now(board)
    if phase is Phase.COMPLETING:
        return Stage(number, "result")
    part_form = kind_ui(game.rules).part_form
    return Stage(number, part_form.first_phase if part_form else "hand")


def game_written(sender, game: Game, **kwargs) -> None:
    """After every write (games.models.game_written): with the players' phones on, a draft of
    a round no longer open goes."""
    if game.join_code:
        drop_stale_drafts(game, game.scoreboard)


def drop_stale_drafts(game: Game, board: Scoreboard) -> None:
    """After a write: the draft of the round just saved (or of a game now over) goes. A later
    round's draft stays (an undo went back past it): the phones' parts are there again when the
    round is brought back or entered anew."""
    stage = current_stage(game, board)
    drafts = RoundDraft.objects.filter(game=game)
    if stage is not None:
        drafts = drafts.exclude(number=stage.number, phase=stage.phase)
        drafts = drafts.exclude(number__gt=stage.number)
    drafts.delete()


def draft_for(game: Game, stage: Stage | None) -> RoundDraft | None:
    if stage is None:
        return None
    return RoundDraft.objects.filter(game=game, number=stage.number, phase=stage.phase).first()


# --- The parts ----------------------------------------------------------------------------------


def part_of(draft: RoundDraft | None, player: int) -> dict | None:
    if draft is None:
        return None
    return draft.parts.get("hands", {}).get(str(player))


def table_parts(draft: RoundDraft | None) -> dict:
    return dict(draft.parts.get("table", {})) if draft else {}


def problem_of(draft: RoundDraft | None) -> dict | None:
    return draft.parts.get("problem") if draft else None


def has_seat_parts(game: Game) -> bool:
    """Whether the game's seats each enter a part of their own. In a game whose one bid is the
    table's (entered by the bidder's phone or the owner), its result the owner's, they don't."""
    part_form = kind_ui(game.rules).part_form
    return part_form is not None and part_form.own_parts


def players_entering(game: Game, board: Scoreboard) -> list[int]:
    """The seats the round waits for, each with a part of their own."""
    return list(board.active_players) if has_seat_parts(game) else []


def claimant(value: object) -> object:
    """Whose claim on a table's part this is: the player named (the bidder, say)."""
    return value.get("bidder") if isinstance(value, dict) else value


def open_entry(board: Scoreboard) -> dict | None:
    return board.open_round.entry if board.open_round else None


def assemble(game: Game, board: Scoreboard, stage: Stage, draft: RoundDraft) -> dict | None:
    """The round's whole entry from the draft, or None while a part is missing."""
    players = players_entering(game, board)
    hands = draft.parts.get("hands", {})
    table = draft.parts.get("table", {})
    if any(str(p) not in hands for p in players):
        return None
    parts = {p: hands[str(p)]["part"] for p in players}
    part_form = kind_ui(game.rules).part_form
    return part_form.assemble(stage, parts, table, open_entry(board)) if part_form else None


def partial_entry(game: Game, board: Scoreboard, stage: Stage, draft: RoundDraft | None) -> dict:
    """What the draft holds, as much of the entry as is in (for the owner's round form)."""
    entry = dict(open_entry(board) or {}) if stage.phase == "result" else {}
    if draft is None:
        return entry
    parts = {int(p): hand["part"] for p, hand in draft.parts.get("hands", {}).items()}
    table = draft.parts.get("table", {})
    part_form = kind_ui(game.rules).part_form
    return part_form.partial(entry, stage, parts, table) if part_form else entry


def problem_players(error: EntryError, game: Game, board: Scoreboard, stage: Stage) -> list[int]:
    """The seats that must change for the whole to be valid: the hand the error names, else
    (a sum of tricks, say) every seat's."""
    match = re.match(r"hands\.(\d+)", error.field or "")
    players = players_entering(game, board)
    if match and int(match.group(1)) in players:
        return [int(match.group(1))]
    if error.field in ("went_out", "called_by", "empty_hand", "bidder", "bid", "trump"):
        return []  # the table's part: the owner's, or the seat that claimed it
    return players


@dataclass
class Outcome:
    """What happened to a part sent: kept, or the round saved, or the whole refused."""

    saved: Round | None = None
    replaced_other_phone: bool = False
    problem: str | None = None
    stale: bool = False  # the round moved on (saved meanwhile, or the game is over)
    # Not kept: another player's claim, (table part, value), that this seat's would replace.
    taken: tuple[str, object] | None = None


def _one_claim_with(game: Game, key: str) -> tuple[str, ...]:
    """The table's parts that one player at most claims, all together (who went out; who called
    or emptied their hand: the ones the owner's phone can set), when `key` is one of them."""
    part_form = kind_ui(game.rules).part_form
    parts = tuple(part_form.owner_table_parts.values()) if part_form else ()
    return parts if key in parts else ()


def _taken(game: Game, kept_table: dict, key: str, value, player: int):
    """Another player's claim, (part, value), that this seat's claim of `key` would replace: two
    players can't both have gone out, so the second is told rather than put in the first's place."""
    if value is None:
        return None
    for other in _one_claim_with(game, key):
        if other in kept_table and claimant(kept_table[other]) != player:
            return other, kept_table[other]
    return None


def send_part(
    link: SeatLink | None,
    game: Game,
    stage_seen: str,
    player: int,
    part: dict | None,
    table: dict,
) -> Outcome:
    """Keep a seat's part of the open draft (and its claims on the table's parts: "I went out"),
    then save the round when every part is in and the whole is valid. `link` None: the owner.

    Runs with the game locked, so parts sent at the same instant are kept one after the other
    and exactly one of them saves the round."""
    with transaction.atomic():
        game._lock()
        if link is not None and not SeatLink.objects.filter(pk=link.pk).exists():
            return Outcome(stale=True)  # revoked while the phone was sending
        board = game.scoreboard
        stage = current_stage(game, board)
        if stage is None or stage.key != stage_seen:
            return Outcome(stale=True)
        if part is not None and player not in players_entering(game, board):
            return Outcome(stale=True)  # out of the game: no part to send
        draft = draft_for(game, stage)
        if draft is None:
            RoundDraft.objects.filter(game=game).delete()  # a stale one, of another phase
            draft = RoundDraft.objects.create(
                game=game, number=stage.number, phase=stage.phase, parts={}
            )
        parts = draft.parts
        if link is not None:  # the owner's claims stand in for anyone's: the owner decides
            for key, value in table.items():
                if taken := _taken(game, parts.get("table", {}), key, value, player):
                    return Outcome(taken=taken)
        hands = parts.setdefault("hands", {})
        by = link.pk if link else OWNER
        replaced = False
        if part is not None:
            before = hands.get(str(player))
            replaced = bool(before and before.get("by") not in (by, OWNER) and link is not None)
            hands[str(player)] = {"part": part, "by": by, "at": timezone.now().isoformat()}
        kept_table = parts.setdefault("table", {})
        claimed_by = parts.setdefault("claimed_by", {})
        for key, value in table.items():
            if value is None:
                # A seat takes back only its own claim ("I didn't go out after all"), never
                # one the owner entered for it.
                mine = claimant(kept_table.get(key)) == player and claimed_by.get(key) != OWNER
                if link is None or mine:
                    kept_table.pop(key, None)
            else:
                for excluded in _one_claim_with(game, key):
                    kept_table.pop(excluded, None)
                kept_table[key] = value
                claimed_by[key] = by
        parts.pop("problem", None)
        draft.version += 1
        draft.updated = timezone.now()
        draft.save(update_fields=["parts", "version", "updated"])
        outcome = Outcome(replaced_other_phone=replaced)
        entry = assemble(game, board, stage, draft)
        if entry is not None:
            save_draft(game, board, stage, draft, entry, outcome, by=None)
        return outcome


def save_draft(game, board, stage, draft, entry, outcome: Outcome, *, by) -> None:
    """Save the assembled round through the write path, or keep the engine's refusal on the
    draft for every phone to read."""
    try:
        outcome.saved = game.save_round(stage.number, entry, by)
    except EntryError as error:
        outcome.problem = error.message
        draft.parts["problem"] = {
            "message": error.message,
            "players": problem_players(error, game, board, stage),
        }
        draft.version += 1
        draft.save(update_fields=["parts", "version"])
    except Conflict as conflict:
        outcome.problem = str(conflict)
        outcome.stale = True


def save_now(game: Game, by) -> Outcome:
    """The owner's "Save now": the round as the draft holds it, refused with the engine's
    sentence (or the part still missing) when it can't be saved."""
    with transaction.atomic():
        game._lock()
        board = game.scoreboard
        stage = current_stage(game, board)
        if stage is None:
            return Outcome(stale=True)
        draft = draft_for(game, stage)
        entry = assemble(game, board, stage, draft) if draft else None
        if entry is None:
            return Outcome(problem=missing_sentence(game, board, stage, draft))
        outcome = Outcome()
        save_draft(game, board, stage, draft, entry, outcome, by=by)
        return outcome


def missing_sentence(game: Game, board: Scoreboard, stage: Stage, draft) -> str:
    names = game.player_names
    waiting = [names[p] for p in players_entering(game, board) if part_of(draft, p) is None]
    if waiting:
        return _("Still entering: %(names)s.") % {"names": ", ".join(waiting)}
    part_form = kind_ui(game.rules).part_form
    return str(part_form.missing_table_part if part_form else _("A part of the round is missing."))


# --- What every phone may see ---------------------------------------------------------------


@dataclass
class SeatStatus:
    player: int
    name: str
    done: bool
    must_change: bool


def progress(game: Game, board: Scoreboard, draft: RoundDraft | None) -> list[SeatStatus]:
    """Each seat entering: done or still entering (never the values)."""
    problem = problem_of(draft) or {}
    names = game.player_names
    return [
        SeatStatus(
            player=p,
            name=names[p],
            done=part_of(draft, p) is not None,
            must_change=p in problem.get("players", []),
        )
        for p in players_entering(game, board)
    ]
