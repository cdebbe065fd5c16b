"""Players' phones: the owner's join section, the join pages, and a seat's own page
(docs/seats.md). Seat phones have no account: the seat link in the address is all they hold, and
no session is made for them."""

from __future__ import annotations

import time

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import seats
from .forms import (
    CARDS_TYPED_WRONG,
    NUMBER,
    ROUND_FORMS,
    _int_choices,
    cards_typed_wrong,
    grid_card_field,
    under10_hand,
    under10_hand_fields,
)
from .models import FailedLogin, Game, SeatLink
from .qr import qr_svg
from .scoring.fortybelow import CARD_VALUES, COLUMNS, ROWS, tally
from .scoring.fortyfives import NO_MINIMUM_BIDS, STANDARD_BIDS, SUITS
from .scoring.fortytwo import HIGHEST_BID, TRICKS_PER_HAND
from .scoring.numbers import shown, signed
from .scoring.under10 import HIGHEST_CARD, LOWEST_CARD, MOST_POINTS_IN_HAND
from .tables import ScoreTable
from .views import _get_game_for_user, _is_poll, _page_context

# Wrong join codes are counted like wrong passwords (FailedLogin), per address: guessing one of
# 887 million codes at ten tries a quarter of an hour goes nowhere.
JOIN_KEY = "#join-code"
# Parts sent by one seat link in a minute, at most (a phone resending in a loop is refused).
SENDS_PER_MINUTE = 60


# --- The seat's own part, one small form per game -------------------------------------------


class PartForm(forms.Form):
    """One seat's part: `part()` is that seat's piece of the entry, `table()` its claims on the
    table's parts (each None to take a claim back)."""

    send_label = gettext_lazy("Send my hand")

    def __init__(self, data=None, *, game, player: int, name: str, stage, part=None, claims=None):
        self.game = game
        self.player = player
        self.name = name
        self.stage = stage
        claims = claims or {}  # this seat's claims on the table's parts, by key
        super().__init__(data, initial=self.initial_from(part or {}, claims))
        self.add_fields()

    def add_fields(self) -> None:
        raise NotImplementedError

    def initial_from(self, part: dict, claims) -> dict:
        return {}

    def part(self) -> dict:
        raise NotImplementedError

    def table(self) -> dict:
        return {}


class FortyBelowPart(PartForm):
    keypad = _int_choices(CARD_VALUES)

    def cell(self, row: int, column: int) -> str:
        # The round form's names, so that fortybelow.js's keypad works on these cells too.
        return f"card_{self.player}_{row}{column}"

    def add_fields(self) -> None:
        for row in range(ROWS):
            for column in range(COLUMNS):
                self.fields[self.cell(row, column)] = grid_card_field(self.name, row, column)
        self.fields["went_out"] = forms.BooleanField(required=False, label=_("I went out"))

    def cells(self):
        return [self[self.cell(r, c)] for r in range(ROWS) for c in range(COLUMNS)]

    def initial_from(self, part, claims) -> dict:
        initial = {"went_out": "went_out" in claims}
        for r, row in enumerate(part.get("grid", [])):
            for c, card in enumerate(row):
                initial[self.cell(r, c)] = card
        return initial

    def part(self) -> dict:
        data = self.cleaned_data
        return {"grid": [[data[self.cell(r, c)] for c in range(COLUMNS)] for r in range(ROWS)]}

    def table(self) -> dict:
        return {"went_out": self.player if self.cleaned_data["went_out"] else None}


class UnderTheTenPart(PartForm):
    card_values = range(LOWEST_CARD, HIGHEST_CARD + 1)

    def add_fields(self) -> None:
        self.fields["ended"] = forms.ChoiceField(
            choices=[
                ("", _("Someone else ended the round")),
                ("called", _("I called “Under the 10!”")),
                ("empty", _("I emptied my hand")),
            ],
            required=False,
            widget=forms.RadioSelect,
            label=_("Did you end the round?"),
        )
        self.fields.update(under10_hand_fields(most_points=MOST_POINTS_IN_HAND))

    def initial_from(self, part, claims) -> dict:
        ended = "called" if "called_by" in claims else "empty" if "empty_hand" in claims else ""
        initial = {"ended": ended, "bonus": part.get("bonus", [])}
        if "cards" in part:
            initial["cards"] = " ".join(str(card) for card in part["cards"])
        elif "points" in part:
            initial["points"] = part["points"]
        return initial

    def clean(self):
        data = self.cleaned_data
        cards = data.get("cards") or ""
        if cards_typed_wrong(cards):
            self.add_error("cards", CARDS_TYPED_WRONG)
        elif (
            not cards
            and data.get("points") is None
            and not data.get("bonus")
            and data.get("ended") != "empty"
            and not self.errors
        ):
            self.add_error(None, _("Enter your points or your cards."))
        return data

    def part(self) -> dict:
        data = self.cleaned_data
        return under10_hand(
            data.get("cards") or "",
            data.get("points"),
            data.get("bonus") or [],
            emptied=data.get("ended") == "empty",
        )

    def table(self) -> dict:
        ended = self.cleaned_data.get("ended")
        return {
            "called_by": self.player if ended == "called" else None,
            "empty_hand": self.player if ended == "empty" else None,
        }


class FortyTwoPart(PartForm):
    @property
    def send_label(self):
        return _("Send my bid") if self.stage.phase == "bids" else _("Send my tricks")

    @property
    def key(self) -> str:
        return "bid" if self.stage.phase == "bids" else "tricks"

    def add_fields(self) -> None:
        highest = HIGHEST_BID if self.key == "bid" else TRICKS_PER_HAND
        self.fields[self.key] = forms.TypedChoiceField(
            choices=_int_choices(range(highest + 1)),
            coerce=int,
            widget=forms.RadioSelect,
            label=_("My bid") if self.key == "bid" else _("Tricks I took"),
        )

    def initial_from(self, part, claims) -> dict:
        return {self.key: part.get(self.key)}

    def part(self) -> dict:
        return {self.key: self.cleaned_data[self.key]}


class FourScorePart(PartForm):
    send_label = gettext_lazy("Send my pile")

    def add_fields(self) -> None:
        self.fields["pile"] = forms.IntegerField(
            min_value=0, max_value=999, widget=NUMBER, label=_("My pile")
        )

    def initial_from(self, part, claims) -> dict:
        return {"pile": part.get("pile")}

    def part(self) -> dict:
        return {"pile": self.cleaned_data["pile"]}


class FortyFivesPart(PartForm):
    """Only the bidder's phone has something to send: the bid it won (and the trump)."""

    send_label = gettext_lazy("Send my bid")

    def add_fields(self) -> None:
        no_minimum = self.game.options.get("no_minimum_bid")
        bids = NO_MINIMUM_BIDS if no_minimum else STANDARD_BIDS
        self.fields["bid"] = forms.TypedChoiceField(
            choices=[("", _("I didn't win the bid")), *_int_choices(bids)],
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect,
            label=_("My winning bid"),
        )
        self.fields["trump"] = forms.ChoiceField(
            choices=[("", _("not said")), *[(suit, _(suit.title())) for suit in SUITS]],
            required=False,
            widget=forms.RadioSelect,
            label=_("Trump"),
        )

    def initial_from(self, part, claims) -> dict:
        bid = claims.get("bid") or {}
        return {"bid": bid.get("bid", ""), "trump": bid.get("trump", "")}

    def part(self) -> None:
        return None  # nothing of the seat's own: the bid is the table's

    def table(self) -> dict:
        data = self.cleaned_data
        if data.get("bid") is None:
            return {"bid": None}
        bid = {"bidder": self.player, "bid": data["bid"]}
        if data.get("trump"):
            bid["trump"] = data["trump"]
        return {"bid": bid}


PART_FORMS: dict[str, type[PartForm]] = {
    "fortybelow": FortyBelowPart,
    "under10": UnderTheTenPart,
    "fortytwo": FortyTwoPart,
    "fourscore": FourScorePart,
    "fortyfives": FortyFivesPart,
}


# --- Joining --------------------------------------------------------------------------------


class JoinForm(forms.Form):
    code = forms.CharField(
        max_length=20,
        label=gettext_lazy("The game's code"),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )


def _too_many_guesses(request) -> HttpResponse:
    return render(
        request,
        "games/seat_join.html",
        {
            "form": JoinForm(),
            "refused": _("Too many wrong codes: wait 15 minutes, then try again."),
        },
        status=429,
    )


@login_not_required
@require_http_methods(["GET", "POST"])
def join(request):
    """Type the code the score keeper shows (or scan the QR code, which opens the next page)."""
    form = JoinForm(request.POST or None)
    if request.method == "POST":
        if FailedLogin.locked_out(request, JOIN_KEY):
            return _too_many_guesses(request)
        if form.is_valid():
            game = seats.game_for_code(form.cleaned_data["code"])
            if game is not None:
                return redirect("join_table", code=game.join_code)
            FailedLogin.record(request, JOIN_KEY)
            form.add_error("code", _("No game has this code: check it with the score keeper."))
    return render(
        request, "games/seat_join.html", {"form": form}, status=400 if form.errors else 200
    )


@login_not_required
@require_http_methods(["GET", "POST"])
def join_table(request, code: str):
    """Pick your seat from the names at the table: the phone gets a link to that seat."""
    if FailedLogin.locked_out(request, JOIN_KEY):
        return _too_many_guesses(request)
    game = seats.game_for_code(code)
    if game is None:
        FailedLogin.record(request, JOIN_KEY)
        form = JoinForm(initial={"code": seats.normal_code(code)})
        refused = _("No game has this code: check it with the score keeper.")
        context = {"form": form, "refused": refused}
        return render(request, "games/seat_join.html", context, status=404)
    problem = None
    if request.method == "POST":
        token = seats.join(game, request.POST.get("seat", ""))
        if token is not None:
            return redirect("seat_page", token=token)
        problem = _(
            "That seat can't take another phone: ask the score keeper to revoke an old one."
        )
    context = {"game": game, "seats": game.seats, "problem": problem}
    return render(request, "games/seat_pick.html", context, status=400 if problem else 200)


# --- A seat's page --------------------------------------------------------------------------


def _seat_link_or_gone(request, token: str, *, poll=False):
    link = seats.link_for_token(token)
    if link is None:
        template = "games/seat_off.html" + ("#notice" if poll else "")
        return None, render(request, template, status=404)
    return link, None


def _too_fast(link: SeatLink) -> bool:
    key = f"seat-sends:{link.token_digest}:{int(time.time() // 60)}"
    cache.add(key, 0, timeout=120)
    try:
        return cache.incr(key) > SENDS_PER_MINUTE
    except ValueError:  # expired between add and incr
        return False


@login_not_required
@require_http_methods(["GET", "POST"])
def seat_page(request, token: str):
    link, gone = _seat_link_or_gone(request, token)
    if gone:
        return gone
    game = link.game
    board = game.scoreboard
    stage = seats.current_stage(game, board)
    player = link.seat.player_id
    draft = seats.draft_for(game, stage)
    form = _part_form(request, game, link, stage, draft)
    status = 200
    if request.method == "POST" and form is not None:
        if _too_fast(link):
            return HttpResponse(_("Too many sends: wait a minute."), status=429)
        if form.is_valid():
            outcome = seats.send_part(
                link, game, request.POST.get("stage", ""), player, form.part(), form.table()
            )
            return redirect(reverse("seat_page", args=[token]) + "?" + _said(outcome))
        status = 400
    elif request.method == "POST":
        return redirect("seat_page", token=token)  # nothing to send now (the game is over)
    context = {
        "link": link,
        "token": token,
        "form": form,
        **_live_context(game, board, stage, draft, link),
        "said": request.GET.get("said", ""),
        "my_bid": _my_bid(board, stage, player),
    }
    return render(request, "games/seat_page.html", context, status=status)


def _my_bid(board, stage, player: int):
    if stage is None or stage.phase != "result":
        return None
    hands = (seats.open_entry(board) or {}).get("hands", [])
    return next((hand.get("bid") for hand in hands if hand.get("player") == player), None)


def _said(outcome: seats.Outcome) -> str:
    if outcome.saved is not None:
        return "said=saved"
    if outcome.stale:
        return "said=moved"
    if outcome.problem:
        return "said=problem"
    return "said=replaced" if outcome.replaced_other_phone else "said=sent"


def _part_form(request, game, link, stage, draft):
    player = link.seat.player_id
    if stage is None or game.kind not in PART_FORMS:
        return None
    if game.kind == "fortyfives" and stage.phase != "hand":
        return None  # the result of the hand is the owner's to enter
    if player not in game.scoreboard.active_players:
        return None  # out of the game (Under the 10): nothing to enter
    kept = seats.part_of(draft, player)
    table = seats.table_parts(draft)
    claims = {k: v for k, v in table.items() if seats.claimant(v) == player}
    return PART_FORMS[game.kind](
        request.POST if request.method == "POST" else None,
        game=game,
        player=player,
        name=link.seat.player.name,
        stage=stage,
        part=kept["part"] if kept else None,
        claims=claims,
    )


def _live_context(game, board, stage, draft, link: SeatLink | None) -> dict:
    """What every phone may see of the round in progress: who is done, never the values; the
    whole's problem; and the round last saved, with the totals."""
    names = game.player_names
    problem = seats.problem_of(draft)
    last = board.rounds[-1] if board.rounds and board.rounds[-1].status == "complete" else None
    mine = seats.part_of(draft, link.seat.player_id) if link else None
    my_grid_score = None
    if mine and game.kind == "fortybelow":
        try:
            my_grid_score = shown(tally(mine["part"]["grid"]).score)
        except Exception:  # a part the rules refuse: the whole's problem says so
            my_grid_score = None
    score_table = ScoreTable(game, board, names)
    table = seats.table_parts(draft)
    claims = [_claim_sentence(key, value, names) for key, value in table.items()]
    return {
        "game": game,
        "board": board,
        "stage": stage,
        "draft": draft,
        "progress": seats.progress(game, board, draft) if stage else [],
        "problem": problem,
        "problem_names": [names[p] for p in (problem or {}).get("players", []) if p in names],
        "claims": claims,
        "mine": mine,
        "mine_elsewhere": bool(mine and link and mine.get("by") not in (link.pk, seats.OWNER)),
        "mine_by_owner": bool(mine and link and mine.get("by") == seats.OWNER),
        "my_grid_score": my_grid_score,
        "last_round": last,
        "last_rows": [(names[r.player], signed(r.points)) for r in last.results] if last else [],
        "standings": score_table.standings,
        "winners": score_table.winners,
        "dealer": names.get(board.open_round.dealer if board.open_round else board.next_dealer, ""),
    }


def _claim_sentence(key: str, value, names: dict) -> str:
    if key == "bid" and isinstance(value, dict):
        said = {"name": names.get(value.get("bidder"), "?"), "bid": value.get("bid")}
        if value.get("trump"):
            return _("%(name)s bid %(bid)s in %(trump)s") % {**said, "trump": _(value["trump"])}
        return _("%(name)s bid %(bid)s") % said
    sentence = {
        "went_out": _("%(name)s went out"),
        "called_by": _("%(name)s called"),
        "empty_hand": _("%(name)s emptied their hand"),
    }.get(key, "%(name)s")
    return sentence % {"name": names.get(value, "?")}


@login_not_required
@require_GET
def seat_live(request, token: str):
    """The seat page's poll: progress and the saved round. A phone whose round moved on (saved,
    undone, the game over) is sent to its page afresh."""
    link, gone = _seat_link_or_gone(request, token, poll=True)
    if gone:
        return gone
    game = link.game
    board = game.scoreboard
    stage = seats.current_stage(game, board)
    seen = request.GET.get("stage")
    if seen is not None and seen != (stage.key if stage else "over"):
        # The page afresh, without its note about the last send ("Sent."), which was the old
        # round's.
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("seat_page", args=[token])
        return response
    draft = seats.draft_for(game, stage)
    etag = f'"seat-{link.pk}-{game.updated.timestamp()}-{draft.version if draft else 0}"'
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return not_modified
    context = {"token": token, "link": link, **_live_context(game, board, stage, draft, link)}
    response = render(request, "games/seat_page.html#live", context)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


# --- The owner's side -----------------------------------------------------------------------


def owner_context(request, game: Game) -> dict:
    """The "Players' phones" section of the owner's game page (no query while they are off)."""
    if not game.join_code:
        return {"game": game, "phones_on": False}
    board = game.scoreboard
    stage = seats.current_stage(game, board)
    draft = seats.draft_for(game, stage)
    url = request.build_absolute_uri(reverse("join_table", args=[game.join_code]))
    links = list(SeatLink.objects.filter(game=game).select_related("seat__player"))
    return {
        "phones_on": True,
        "join_url": url,
        "join_page": request.build_absolute_uri(reverse("join")),
        "join_qr": qr_svg(url, _("QR code to join this game: %(url)s") % {"url": url}),
        "links": links,
        "seat_parts": game.kind in seats.SEAT_PARTS,
        **_live_context(game, board, stage, draft, None),
    }


def _owner_etag(game: Game) -> str:
    draft = seats.RoundDraft.objects.filter(game=game).values_list("version", "number").first()
    links = SeatLink.objects.filter(game=game).values_list("pk", flat=True)
    return f'"phones-{game.updated.timestamp()}-{game.join_code}-{draft}-{list(links)}"'


@require_http_methods(["GET", "POST"])
def game_phones(request, pk: int):
    """GET: the owner's phones section (polled); POST: turn players' phones on or off."""
    game = _get_game_for_user(request, pk)
    if request.method == "POST":
        if request.POST.get("action") == "table":
            _owner_table_part(request, game)
        elif request.POST.get("action") == "off":
            seats.turn_off(game)
            messages.success(request, _("Players' phones are off: every seat link is revoked."))
        elif not game.finished:
            seats.turn_on(game)
        return redirect(reverse("game_detail", args=[game.pk]) + "#phones")
    if not _is_poll(request):
        return redirect(reverse("game_detail", args=[game.pk]) + "#phones")
    etag = _owner_etag(game)
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return not_modified
    response = render(request, "games/seat_owner.html", owner_context(request, game))
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


TABLE_PARTS = {
    "fortybelow": {"went_out": "went_out"},
    "under10": {"called": "called_by", "empty": "empty_hand"},
}


def _owner_table_part(request, game: Game) -> None:
    """The table's part entered on the owner's phone: who went out (FortyBelow), who called or
    emptied their hand (Under the 10); the round is saved if that was the last part."""
    keys = TABLE_PARTS.get(game.kind, {})
    how = request.POST.get("how", "went_out")
    player = request.POST.get("player", "")
    if how not in keys or not player.isascii() or not player.isdigit() or len(player) > 18:
        messages.error(request, _("Tap a player first."))
        return
    key = keys[how]
    other = [k for k in keys.values() if k != key]
    table = {key: int(player), **dict.fromkeys(other)}
    if int(player) not in game.player_names:
        messages.error(request, _("Tap a player first."))
        return
    outcome = seats.send_part(None, game, request.POST.get("stage", ""), 0, None, table)
    if outcome.saved is not None:
        messages.success(request, _("Round %(number)s saved.") % {"number": outcome.saved.number})
    elif outcome.stale:
        messages.error(request, _("The round moved on: check the phones' progress again."))


@require_POST
def phone_revoke(request, pk: int, link_pk: int):
    game = _get_game_for_user(request, pk)
    link = get_object_or_404(SeatLink, pk=link_pk, game=game)
    name = link.seat.player.name
    link.delete()
    messages.success(request, _("%(name)s's phone link is revoked.") % {"name": name})
    return redirect(reverse("game_detail", args=[game.pk]) + "#phones")


@require_POST
def phones_save(request, pk: int):
    """Save now: the round as the phones entered it, through the write path."""
    game = _get_game_for_user(request, pk)
    outcome = seats.save_now(game, request.user)
    if outcome.saved is not None:
        messages.success(request, _("Round %(number)s saved.") % {"number": outcome.saved.number})
    elif outcome.problem:
        messages.error(request, outcome.problem)
    return redirect(reverse("game_detail", args=[game.pk]) + "#phones")


@require_GET
def phones_take_over(request, pk: int):
    """The round form, filled in with every part the phones sent: the owner fixes or finishes
    it and saves it as any round (the draft goes when it is saved)."""
    game = _get_game_for_user(request, pk)
    board = game.scoreboard
    stage = seats.current_stage(game, board)
    if stage is None:
        raise Http404("Nothing to take over")
    draft = seats.draft_for(game, stage)
    entry = seats.partial_entry(game, board, stage, draft)
    form = ROUND_FORMS[game.kind](
        None, game=game, board=board, entry=entry or None, number=stage.number
    )
    context = _page_context(game, form=form, number=stage.number, versions=[])
    return render(request, "games/round_form.html", context)
