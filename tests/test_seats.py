"""Players' phones: joining with a code, seat links, the round assembled from each seat's part
and saved through the write path (games/seats.py, games/views/phones.py, docs/seats.md)."""

import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import FailedLogin
from games import seats
from games.models import Game, Player, Round, RoundDraft, SeatLink
from games.views.phones import _claim_sentence
from tests.factories import called
from tests.markup import parse
from tests.test_watch_link import read_qr

pytestmark = pytest.mark.django_db

GRIDS = {
    "Ann": [[5, 5, 3], [5, 5, -1]],  # -38
    "Bob": [[7, 2, 7], [7, 9, 7]],  # 11
    "Cy": [[4, 4, 4], [4, 4, 4]],  # -40
}


def start(owner, kind, names=("Ann", "Bob", "Cy"), **options):
    players = [Player.add(owner, name) for name in names]
    game = Game.start(owner, kind, players, options=options or None)
    seats.turn_on(game)
    return Game.objects.get(pk=game.pk), players


def join_as(game, player) -> tuple[Client, str]:
    """A phone with no account that scans the code and taps its name: its seat page's path."""
    phone = Client()
    page = phone.get(reverse("join_table", args=[game.join_code]))
    assert page.status_code == 200
    position = next(s.position for s in game.seats if s.player_id == player.pk)
    answer = phone.post(reverse("join_table", args=[game.join_code]), {"seat": position})
    assert answer.status_code == 302
    assert answer.url.startswith("/p/")
    return phone, answer.url


def stage_of(page) -> str:
    return parse(page).find("input[name=stage]")["value"]


def checked(page, name) -> list[str]:
    """The values of the choices named `name` that the page sends checked (or chosen in a list)."""
    page = parse(page)
    chosen = page.find_all(f"input[name={name}][checked]")
    chosen += page.find_all(f"select[name={name}] option[selected]")
    return [choice["value"] for choice in chosen]


def grid_post(player, grid, *, went_out=False, stage="1-hand") -> dict:
    data = {"stage": stage}
    for r, row in enumerate(grid):
        for c, card in enumerate(row):
            data[f"card_{player.pk}_{r}{c}"] = card
    if went_out:
        data["went_out"] = "on"
    return data


def test_a_fortybelow_round_entered_on_three_phones_is_saved_once_every_grid_is_in(owner):
    game, (ann, bob, cy) = start(owner, "fortybelow")
    phones = {p.name: join_as(game, p) for p in (ann, bob, cy)}
    for player in (ann, bob):
        phone, path = phones[player.name]
        page = phone.get(path)
        assert stage_of(page) == "1-hand"
        answer = phone.post(path, grid_post(player, GRIDS[player.name], went_out=player is ann))
        assert answer.status_code == 302, answer.content.decode()[:2000]
        assert game.rounds.count() == 0
    phone, path = phones["Cy"]
    phone.post(path, grid_post(cy, GRIDS["Cy"]))
    saved = game.rounds.get()
    assert saved.entry["went_out"] == ann.pk
    assert {h["player"]: h["grid"] for h in saved.entry["hands"]} == {
        ann.pk: GRIDS["Ann"],
        bob.pk: GRIDS["Bob"],
        cy.pk: GRIDS["Cy"],
    }
    assert not RoundDraft.objects.filter(game=game).exists()
    board = Game.objects.get(pk=game.pk).scoreboard
    assert board.totals == {ann.pk: -38 + 10, bob.pk: 11, cy.pk: -40}


def send(phone, path, data):
    answer = phone.post(path, data)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    return phone.get(answer.url)


def test_the_owners_page_shows_the_code_the_qr_code_the_seats_joined_and_the_progress(
    owner, owner_client
):
    game, (_ann, bob, _cy) = start(owner, "fortybelow")
    phone, path = join_as(game, bob)
    send(phone, path, grid_post(bob, GRIDS["Bob"]))
    page = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert game.join_code in page
    assert 'class="qr"' in page
    progress = parse(page).find("p.progress[data-progress]")
    assert [seat.text for seat in progress.find_all("span")] == [
        "Ann: still entering",
        "Bob: done",
        "Cy: still entering",
    ]
    assert "Revoke" in page
    assert reverse("phones_take_over", args=[game.pk]) in page


def test_a_game_without_phones_offers_to_let_players_join(owner, owner_client):
    players = [Player.add(owner, name) for name in ("Ann", "Bob")]
    game = Game.start(owner, "fourscore", players)
    page = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "Let players join" in page
    owner_client.post(reverse("game_phones", args=[game.pk]), {"action": "on"})
    game.refresh_from_db()
    assert len(game.join_code) == 6 and set(game.join_code) <= set(seats.CODE_ALPHABET)


def test_a_seat_page_shows_only_its_own_inputs_and_the_others_as_done_or_entering(owner):
    game, (ann, bob, _cy) = start(owner, "fortybelow")
    ann_phone, ann_path = join_as(game, ann)
    bob_phone, bob_path = join_as(game, bob)
    send(ann_phone, ann_path, grid_post(ann, [[12, 12, 11], [12, 12, 11]]))
    page = bob_phone.get(bob_path).content.decode()
    assert f"card_{bob.pk}_00" in page
    assert f"card_{ann.pk}_" not in page
    live = parse(page).find("section#seat-live")
    assert "Ann done" in [item.text for item in live.find_all("li")]
    assert live.find("li span[data-state=done]").text == "done"
    assert "11" not in live.text and "12" not in live.text
    # Ann's own page shows her grid as kept, and its score.
    mine = ann_phone.get(ann_path).content.decode()
    assert "Your grid scores" in mine
    assert 'value="11" selected' in mine


def under10_post(stage="1-hand", *, points=None, cards="", ended=""):
    data = {"stage": stage, "ended": ended, "cards": cards}
    if points is not None:
        data["points"] = points
    return data


def test_an_under_the_10_round_with_a_failed_call_from_three_phones(owner):
    game, (ann, bob, cy) = start(owner, "under10")
    phones = {p.name: join_as(game, p) for p in (ann, bob, cy)}
    send(*phones["Ann"], under10_post(points=7, ended="called"))
    send(*phones["Bob"], under10_post(cards="5 7"))
    assert game.rounds.count() == 0
    page = send(*phones["Cy"], under10_post(points=7))
    assert "Yours was the last part" in page.content.decode()
    saved = game.rounds.get()
    assert saved.entry["called_by"] == ann.pk
    board = Game.objects.get(pk=game.pk).scoreboard
    assert board.totals == {ann.pk: 27, bob.pk: 12, cy.pk: 0}


def test_a_second_player_claiming_what_another_claimed_is_told_and_nothing_is_replaced(owner):
    game, (ann, bob, cy) = start(owner, "under10")
    phones = {p.name: join_as(game, p) for p in (ann, bob, cy)}
    send(*phones["Ann"], under10_post(points=3, ended="called"))
    # Bob calls too, or empties his hand: only one player ended the round. Nothing of his is
    # kept, and his page keeps what he typed, with the reason.
    for ended in ("called", "empty"):
        answer = phones["Bob"][0].post(phones["Bob"][1], under10_post(points=4, ended=ended))
        page = answer.content.decode()
        assert answer.status_code == 400
        assert (
            "Not sent: Ann called already, and only one player can. Whoever is wrong takes it back"
            " on their phone, or the score keeper puts it right." in page
        )
        assert parse(page).find("input[name=points]")["value"] == "4"
        assert seats.part_of(draft_now(game), bob.pk) is None
    send(*phones["Cy"], under10_post(points=9))
    assert game.rounds.count() == 0  # Bob's hand is still to come: nothing saved with a guess
    # Ann takes her call back; Bob's call is then his to make, and the round is saved with it.
    send(*phones["Ann"], under10_post(points=3))
    send(*phones["Bob"], under10_post(points=4, ended="called"))
    assert game.rounds.get().entry["called_by"] == bob.pk


def test_fortybelow_a_second_player_who_went_out_is_told_the_first_did(owner):
    game, (ann, bob, _cy) = start(owner, "fortybelow")
    phones = {p.name: join_as(game, p) for p in (ann, bob)}
    grid = [[1, 2, 3], [4, 5, 6]]
    send(*phones["Ann"], grid_post(ann, grid, went_out=True))
    answer = phones["Bob"][0].post(phones["Bob"][1], grid_post(bob, grid, went_out=True))
    assert answer.status_code == 400
    assert "Not sent: Ann went out already" in answer.content.decode()
    # The owner decides: the owner's word replaces a seat's claim.
    seats.send_part(None, game, "1-hand", bob.pk, None, {"went_out": bob.pk})
    assert seats.table_parts(draft_now(game)) == {"went_out": bob.pk}


def draft_now(game):
    return seats.draft_for(game, seats.current_stage(game, game.scoreboard))


def test_fortytwo_saves_the_bids_then_completes_the_round_with_the_tricks(owner):
    game, (ann, bob, cy) = start(owner, "fortytwo")  # Ann deals first: Bob, Cy, then Ann bid
    phones = {p.name: join_as(game, p) for p in (ann, bob, cy)}
    for name, bid in (("Bob", 0), ("Cy", 4), ("Ann", 2)):
        send(*phones[name], {"stage": "1-bids", "bid": bid})
    opened = game.rounds.get()
    assert opened.status == "open"
    page = phones["Ann"][0].get(phones["Ann"][1]).content.decode()
    assert stage_of(phones["Ann"][0].get(phones["Ann"][1])) == "1-result"
    assert "You bid 2." in page
    for name, tricks in (("Ann", 2), ("Bob", 1), ("Cy", 4)):
        send(*phones[name], {"stage": "1-result", "tricks": tricks})
    done = game.rounds.get()
    assert done.status == "complete"
    assert Game.objects.get(pk=game.pk).scoreboard.totals == {ann.pk: 5, bob.pk: 1, cy.pk: 7}


def test_tricks_that_do_not_add_up_are_shown_to_every_phone_with_the_seats_to_change(owner):
    game, (ann, bob, cy) = start(owner, "fortytwo")
    phones = {p.name: join_as(game, p) for p in (ann, bob, cy)}
    for name, bid in (("Bob", 0), ("Cy", 4), ("Ann", 2)):
        send(*phones[name], {"stage": "1-bids", "bid": bid})
    for name, tricks in (("Ann", 2), ("Bob", 1), ("Cy", 3)):
        send(*phones[name], {"stage": "1-result", "tricks": tricks})
    assert game.rounds.get().status == "open"
    for phone, path in phones.values():
        live = phone.get(path).content.decode()
        assert "tricks add up to 6; a hand has 7 tricks" in live
        assert "To change: Ann, Bob, Cy." in live
    # Cy changes theirs: the whole is valid now, and saved.
    send(*phones["Cy"], {"stage": "1-result", "tricks": 4})
    assert game.rounds.get().status == "complete"


def test_the_owner_can_save_now_and_hears_what_is_missing(owner, owner_client):
    game, (ann, _bob, _cy) = start(owner, "fourscore")
    phone, path = join_as(game, ann)
    send(phone, path, {"stage": "1-hand", "pile": 3})
    answer = owner_client.post(reverse("phones_save", args=[game.pk]), follow=True)
    assert "Still entering: Bob, Cy." in answer.content.decode()
    assert game.rounds.count() == 0


def test_take_over_opens_the_round_form_with_every_part_sent(owner, owner_client):
    game, (ann, bob, cy) = start(owner, "fourscore")
    phone, path = join_as(game, bob)
    send(phone, path, {"stage": "1-hand", "pile": 9})
    page = owner_client.get(reverse("phones_take_over", args=[game.pk])).content.decode()
    assert parse(page).find(f"input[name=pile_{bob.pk}]")["value"] == "9"
    assert f'action="{reverse("round_new", args=[game.pk])}"' in page
    # Saved from that form as any round: the draft goes.
    owner_client.post(
        reverse("round_new", args=[game.pk]),
        {"number": 1, f"pile_{ann.pk}": 1, f"pile_{bob.pk}": 9, f"pile_{cy.pk}": 2},
    )
    assert game.rounds.get().entry["hands"][1] == {"player": bob.pk, "pile": 9}
    assert not RoundDraft.objects.filter(game=game).exists()


def test_two_phones_for_one_seat_the_last_write_wins_and_both_are_told(owner):
    game, (ann, _bob) = start(owner, "fourscore", names=("Ann", "Bob"))
    first, first_path = join_as(game, ann)
    second, second_path = join_as(game, ann)
    send(first, first_path, {"stage": "1-hand", "pile": 3})
    told = send(second, second_path, {"stage": "1-hand", "pile": 5}).content.decode()
    assert "it replaced what another phone had sent for your seat" in told
    page = first.get(first_path).content.decode()
    assert "Another phone changed your part" in page
    assert 'value="5"' in page


def test_a_seat_link_changes_only_its_own_seat(owner):
    game, (ann, bob) = start(owner, "fourscore", names=("Ann", "Bob"))
    phone, path = join_as(game, ann)
    # Bob's field in Ann's post is not a field of her form: ignored.
    send(phone, path, {"stage": "1-hand", "pile": 3, f"pile_{bob.pk}": 40})
    draft = RoundDraft.objects.get(game=game)
    assert set(draft.parts["hands"]) == {str(ann.pk)}
    # Ann can't take back Bob's claim of going out (FortyBelow), nor claim it for him.
    fb, (cy, dee) = start(owner, "fortybelow", names=("Cy", "Dee"))
    cy_phone, cy_path = join_as(fb, cy)
    dee_phone, dee_path = join_as(fb, dee)
    send(dee_phone, dee_path, grid_post(dee, GRIDS["Bob"], went_out=True))
    send(cy_phone, cy_path, grid_post(cy, GRIDS["Ann"], went_out=False))
    assert fb.rounds.get().entry["went_out"] == dee.pk


def test_a_part_sent_for_a_round_that_moved_on_is_not_kept(owner, owner_client):
    game, (ann, bob) = start(owner, "fourscore", names=("Ann", "Bob"), deals=5)
    phone, path = join_as(game, ann)
    game.add_round({"hands": [{"player": ann.pk, "pile": 1}, {"player": bob.pk, "pile": 2}]}, owner)
    page = send(phone, path, {"stage": "1-hand", "pile": 3}).content.decode()
    assert "The round moved on" in page
    assert not RoundDraft.objects.filter(game=game).exists()
    assert stage_of(phone.get(path)) == "2-hand"


def test_the_draft_goes_when_the_game_ends(owner):
    game, (ann, bob) = start(owner, "fourscore", names=("Ann", "Bob"))  # one deal
    phone, path = join_as(game, ann)
    send(phone, path, {"stage": "1-hand", "pile": 3})
    assert RoundDraft.objects.filter(game=game).exists()
    game.add_round({"hands": [{"player": ann.pk, "pile": 1}, {"player": bob.pk, "pile": 2}]}, owner)
    assert Game.objects.get(pk=game.pk).finished
    assert not RoundDraft.objects.filter(game=game).exists()
    page = phone.get(path).content.decode()
    assert "The game is over." in page and 'name="stage"' not in page
    assert "Winner: Ann" in page


def test_a_part_sent_for_the_next_round_waits_through_an_undo_and_is_back_with_the_round(
    owner, owner_client
):
    game, (ann, bob, cy) = start(owner, "fortybelow")
    game.add_round({"went_out": ann.pk, "hands": [
        {"player": p.pk, "grid": GRIDS[p.name]} for p in (ann, bob, cy)
    ]}, owner)  # fmt: skip
    phone, path = join_as(game, ann)
    send(phone, path, grid_post(ann, GRIDS["Ann"], stage="2-hand"))
    undone = owner_client.post(reverse("round_delete", args=[game.pk, 1]))
    revision = undone.url.rsplit("=", 1)[1]
    assert stage_of(phone.get(path)) == "1-hand"  # the phone enters round 1 again meanwhile
    owner_client.post(reverse("revision_restore", args=[game.pk, revision]), {"back": "undone"})
    page = phone.get(path)
    assert stage_of(page) == "2-hand"
    assert RoundDraft.objects.get(game=game).parts["hands"][str(ann.pk)]


def test_a_revoked_link_or_phones_turned_off_reads_and_writes_nothing(owner, owner_client):
    game, (ann, bob) = start(owner, "fourscore", names=("Ann", "Bob"))
    phone, path = join_as(game, ann)
    link = SeatLink.objects.get()
    owner_client.post(reverse("phone_revoke", args=[game.pk, link.pk]))
    assert phone.get(path).status_code == 404
    assert phone.post(path, {"stage": "1-hand", "pile": 3}).status_code == 404
    assert phone.get(path + "live/?stage=1-hand", HTTP_HX_REQUEST="true").status_code == 404
    assert not RoundDraft.objects.exists()
    phone, path = join_as(game, bob)
    send(phone, path, {"stage": "1-hand", "pile": 3})
    owner_client.post(reverse("game_phones", args=[game.pk]), {"action": "off"})
    assert phone.get(path).status_code == 404
    assert not RoundDraft.objects.exists() and not SeatLink.objects.exists()
    assert Game.objects.get(pk=game.pk).join_code is None


def test_the_seat_poll_answers_304_when_nothing_changed_and_asks_for_a_reload_when_the_round_moved(
    owner,
):
    game, (ann, bob) = start(owner, "fourscore", names=("Ann", "Bob"), deals=5)
    phone, path = join_as(game, ann)
    live = path + "live/?stage=1-hand"
    first = phone.get(live, HTTP_HX_REQUEST="true")
    assert first.status_code == 200 and 'id="seat-live"' in first.content.decode()
    again = phone.get(live, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    other, other_path = join_as(game, bob)
    send(other, other_path, {"stage": "1-hand", "pile": 4})
    changed = phone.get(live, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and "done" in changed.content.decode()
    send(phone, path, {"stage": "1-hand", "pile": 2})  # the last part: round 1 saved
    moved = phone.get(live, HTTP_HX_REQUEST="true")
    assert moved["HX-Redirect"] == path


def test_a_wrong_join_code_is_counted_and_ten_lock_the_address_out(owner, settings):
    game, _ = start(owner, "fourscore", names=("Ann", "Bob"))
    phone = Client()
    wrong = "ZZZZZZ" if game.join_code != "ZZZZZZ" else "YYYYYY"
    answer = phone.post(reverse("join"), {"code": wrong})
    assert answer.status_code == 400
    assert "No game has this code" in answer.content.decode()
    assert phone.post(reverse("join"), {"code": game.join_code.lower()}).status_code == 302
    for _attempt in range(settings.LOGIN_ATTEMPTS_LIMIT):
        phone.get(reverse("join_table", args=[wrong]))
    assert phone.post(reverse("join"), {"code": game.join_code}).status_code == 429
    assert phone.get(reverse("join_table", args=[game.join_code])).status_code == 429
    assert FailedLogin.objects.count() >= 10


# --- The join link: the QR code's and the copied link's long token, never limited ---


class JoinCard(HTMLParser):
    """The owner's "Players' phones" card: the link shown under the QR code, and the QR's SVG."""

    def __init__(self):
        super().__init__()
        self.link = None
        self.qr = ""
        self._in_qr = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and "watch-url" in (attrs.get("class") or "") and self.link is None:
            self.link = attrs["href"]
        if tag == "div" and attrs.get("class") == "join-qr":
            self._in_qr = 1
        elif self._in_qr:
            self.qr += self.get_starttag_text()
            self._in_qr += tag != "path"

    def handle_endtag(self, tag):
        if self._in_qr:
            self._in_qr -= 1
            if self._in_qr:
                self.qr += f"</{tag}>"


def join_card(owner_client, game) -> JoinCard:
    card = JoinCard()
    card.feed(owner_client.get(reverse("game_detail", args=[game.pk])).content.decode())
    return card


def test_the_qr_code_and_the_link_carry_a_long_token_and_not_the_typed_code(owner, owner_client):
    game, _ = start(owner, "fourscore", names=("Ann", "Bob"))
    card = join_card(owner_client, game)
    path = urlsplit(card.link).path
    assert re.fullmatch(r"/j/[\w-]{32,}/", path), path
    assert game.join_code not in card.link
    assert read_qr(card.qr) == [card.link]


def test_after_ten_wrong_codes_from_one_address_the_qr_link_still_seats_a_phone_there(
    owner, owner_client, settings
):
    game, (ann, _bob) = start(owner, "fourscore", names=("Ann", "Bob"))
    link = urlsplit(join_card(owner_client, game).link).path
    phone = Client()  # the table's phones share one Wi-Fi address
    wrong = "ZZZZZZ" if game.join_code != "ZZZZZZ" else "YYYYYY"
    for _attempt in range(settings.LOGIN_ATTEMPTS_LIMIT):
        phone.post(reverse("join"), {"code": wrong})
    assert phone.post(reverse("join"), {"code": game.join_code}).status_code == 429  # typed
    page = phone.get(link)
    assert page.status_code == 200
    assert "Ann" in page.content.decode()
    answer = phone.post(link, {"seat": 0})
    assert answer.status_code == 302 and answer.url.startswith("/p/")
    assert SeatLink.objects.get().seat.player == ann


def test_the_typed_code_leads_to_the_join_link(owner):
    game, _ = start(owner, "fourscore", names=("Ann", "Bob"))
    answer = Client().post(reverse("join"), {"code": f" {game.join_code[:3]}-{game.join_code[3:]}"})
    assert answer.status_code == 302
    assert answer.url == reverse("join_link", args=[game.join_token])


def test_a_wrong_join_link_is_not_found_and_not_counted_against_the_address(owner):
    game, _ = start(owner, "fourscore", names=("Ann", "Bob"))
    phone = Client()
    for guess in ("x", game.join_token[:-1], game.join_token + "x", game.join_code):
        assert phone.get(reverse("join_link", args=[guess])).status_code == 404
        assert phone.post(reverse("join_link", args=[guess]), {"seat": 0}).status_code == 404
    assert not FailedLogin.objects.exists()
    assert not SeatLink.objects.exists()


def test_turning_phones_off_ends_the_join_link_and_turning_them_on_makes_a_new_one(owner):
    game, _ = start(owner, "fourscore", names=("Ann", "Bob"))
    old = game.join_token
    seats.turn_off(game)
    assert Client().get(reverse("join_link", args=[old])).status_code == 404
    seats.turn_on(game)
    game.refresh_from_db()
    assert game.join_token and game.join_token != old
    assert Client().get(reverse("join_link", args=[game.join_token])).status_code == 200


def test_a_seat_takes_at_most_four_phones(owner):
    game, (ann, _bob) = start(owner, "fourscore", names=("Ann", "Bob"))
    for _phone in range(seats.LINKS_PER_SEAT):
        join_as(game, ann)
    answer = Client().post(reverse("join_table", args=[game.join_code]), {"seat": 0})
    assert answer.status_code == 400
    assert SeatLink.objects.count() == seats.LINKS_PER_SEAT


def test_seat_phones_get_no_session_and_their_posts_need_the_csrf_token(owner):
    game, (_ann, _bob) = start(owner, "fourscore", names=("Ann", "Bob"))
    phone = Client(enforce_csrf_checks=True)
    pick = phone.get(reverse("join_table", args=[game.join_code]))
    token = parse(pick).find("form input[name=csrfmiddlewaretoken]")["value"]
    url = reverse("join_table", args=[game.join_code])
    assert phone.post(url, {"seat": 0}).status_code == 403
    answer = phone.post(url, {"seat": 0, "csrfmiddlewaretoken": token})
    assert answer.status_code == 302
    assert "sessionid" not in phone.cookies
    assert phone.post(answer.url, {"stage": "1-hand", "pile": 3}).status_code == 403
    assert phone.get(reverse("game_detail", args=[game.pk])).status_code == 302  # to log in


def test_forty_fives_the_bidders_phone_sends_the_bid_and_the_owner_enters_the_result(
    owner, owner_client
):
    game, (ann, bob, _cy, _dee) = start(owner, "fortyfives", names=("Ann", "Bob", "Cy", "Dee"))
    bob_phone, bob_path = join_as(game, bob)
    ann_phone, ann_path = join_as(game, ann)
    page = bob_phone.get(bob_path).content.decode()
    assert "If you won the bid" in page and 'name="bid"' in page
    # Ann didn't win it: sending "no" claims nothing; Bob's bid opens the round.
    send(ann_phone, ann_path, {"stage": "1-hand", "bid": "", "trump": ""})
    assert game.rounds.count() == 0
    told = send(bob_phone, bob_path, {"stage": "1-hand", "bid": 20, "trump": "hearts"})
    assert "Yours was the last part" in told.content.decode()
    opened = game.rounds.get()
    assert (opened.status, opened.entry) == (
        "open",
        {"bidder": bob.pk, "bid": 20, "trump": "hearts"},
    )
    page = ann_phone.get(ann_path).content.decode()
    assert "The score keeper enters the result of this hand" in page
    assert 'name="stage"' not in page
    # The owner takes over for the result: the bid is there already.
    take_over = owner_client.get(reverse("phones_take_over", args=[game.pk])).content.decode()
    assert checked(take_over, "bidder") == [str(bob.pk)]


def test_forty_fives_the_bidders_phone_offers_the_bids_the_options_allow(owner):
    game, (_ann, _bob, cy, _dee) = start(
        owner, "fortyfives", names=("Ann", "Bob", "Cy", "Dee"), no_minimum_bid=True
    )
    phone, path = join_as(game, cy)
    assert 'value="5"' in phone.get(path).content.decode()  # the option's bids
    send(phone, path, {"stage": "1-hand", "bid": 5, "trump": "spades"})
    assert game.rounds.get().entry == {"bidder": cy.pk, "bid": 5, "trump": "spades"}


@pytest.mark.parametrize(
    "body",
    [
        {"stage": "1-hand", "pile": "-1"},
        {"stage": "1-hand", "pile": "1e9"},
        {"stage": "1-hand", "pile": "x" * 5000},
        {"stage": "\x00", "pile": "2"},
        {"stage": "1-hand"},
    ],
)
def test_bad_input_from_a_seat_phone_is_a_clear_answer_never_a_500(owner, body):
    game, (ann, _bob) = start(owner, "fourscore", names=("Ann", "Bob"))
    phone, path = join_as(game, ann)
    answer = phone.post(path, body)
    assert answer.status_code in (302, 400)
    assert game.rounds.count() == 0


def test_made_up_codes_and_tokens_are_404s(owner):
    start(owner, "fourscore", names=("Ann", "Bob"))
    phone = Client()
    for code in ("x", "ABCDE", "A" * 300, "%00"):
        assert phone.get(f"/join/{code}/").status_code == 404
    for token in ("x", "a" * 32, "a" * 200):
        assert phone.get(f"/p/{token}/").status_code == 404
        assert phone.get(f"/p/{token}/live/").status_code == 404


def test_a_phone_sending_in_a_loop_is_refused_after_its_limit(owner, monkeypatch):
    from games.views import phones as seat_views

    monkeypatch.setattr(seat_views, "SENDS_PER_MINUTE", 3)
    game, (ann, _bob) = start(owner, "fourscore", names=("Ann", "Bob"))
    phone, path = join_as(game, ann)
    answers = [phone.post(path, {"stage": "1-hand", "pile": n}).status_code for n in range(5)]
    assert answers[:3] == [302, 302, 302]
    assert 429 in answers[3:]


def test_a_player_out_of_under_the_10_has_nothing_to_enter_and_the_round_waits_for_no_one(owner):
    game, (ann, bob, cy) = start(owner, "under10")
    game.add_round(called(ann, [ann, bob, cy], [0, 80, 100]), owner)
    game.add_round(called(ann, [ann, bob, cy], [0, 80, 3]), owner)
    game = Game.objects.get(pk=game.pk)
    assert bob.pk not in game.scoreboard.active_players
    bob_phone, bob_path = join_as(game, bob)
    page = bob_phone.get(bob_path).content.decode()
    assert "You are out of this game" in page and 'name="stage"' not in page
    assert bob_phone.post(bob_path, under10_post("3-hand", points=4)).status_code == 302
    send(*join_as(game, ann), under10_post("3-hand", points=2, ended="called"))
    send(*join_as(game, cy), under10_post("3-hand", points=8))
    assert Round.objects.filter(game=game).count() == 3


@pytest.mark.parametrize("rounds", [0, 12])
def test_a_seat_phones_page_and_poll_make_the_same_queries_however_long_the_game(
    owner, rounds, django_assert_max_num_queries
):
    game, (ann, bob, cy) = start(owner, "fourscore", deals=20)
    for n in range(rounds):
        game.add_round({"hands": [{"player": p.pk, "pile": n % 3} for p in (ann, bob, cy)]}, owner)
    phone, path = join_as(game, ann)
    send(phone, path, {"stage": f"{rounds + 1}-hand", "pile": 2})
    with django_assert_max_num_queries(6):
        assert phone.get(path).status_code == 200
    with django_assert_max_num_queries(5):
        live = phone.get(path + f"live/?stage={rounds + 1}-hand", HTTP_HX_REQUEST="true")
        assert live.status_code == 200


def test_the_owner_enters_the_tables_part_and_the_round_is_saved_when_it_was_the_last(
    owner, owner_client
):
    game, (ann, bob) = start(owner, "fortybelow", names=("Ann", "Bob"))
    for player in (ann, bob):
        send(*join_as(game, player), grid_post(player, GRIDS[player.name]))
    assert game.rounds.count() == 0
    page = owner_client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "Who went out?" in page
    url = reverse("game_phones", args=[game.pk])
    answer = owner_client.post(
        url, {"action": "table", "stage": "1-hand", "how": "went_out", "player": "x"}, follow=True
    )
    assert "Tap a player first." in answer.content.decode()
    owner_client.post(
        url, {"action": "table", "stage": "1-hand", "how": "went_out", "player": bob.pk}
    )
    assert game.rounds.get().entry["went_out"] == bob.pk


def test_under_the_10_who_called_can_be_set_by_the_owner(owner, owner_client):
    game, (ann, bob) = start(owner, "under10", names=("Ann", "Bob"))
    url = reverse("game_phones", args=[game.pk])
    called = {"action": "table", "stage": "1-hand", "how": "called", "player": ann.pk}
    owner_client.post(url, called)
    phone, path = join_as(game, ann)
    assert checked(phone.get(path), "ended") == ["called"]
    # Her page, loaded before, still said someone else ended it: the owner's part stands.
    send(phone, path, under10_post(points=3, ended=""))
    send(*join_as(game, bob), under10_post(points=9))
    assert game.rounds.get().entry["called_by"] == ann.pk


ODD_VALUES = ["", "\x00", "\ud800".encode("utf-8", "surrogatepass").decode("latin-1"), "9" * 40,
              "-1", "1e9", "<script>", "١٢", "x" * 3000, "1-hand\x00"]  # fmt: skip


@pytest.mark.parametrize("value", ODD_VALUES)
def test_odd_values_in_every_field_of_the_phones_pages_never_give_a_500(owner, value):
    owner_client = Client(raise_request_exception=False)
    owner_client.force_login(owner)
    for kind in ("fortybelow", "under10", "fortytwo", "fourscore", "fortyfives"):
        game, players = start(owner, kind, names=(f"A{kind}", f"B{kind}", f"C{kind}", f"D{kind}"))
        phone = Client(raise_request_exception=False)
        join_path = reverse("join_table", args=[game.join_code])
        assert phone.post(join_path, {"seat": value}).status_code in (200, 400)
        answer = phone.post(join_path, {"seat": 0})
        path = answer.url
        fields = ["stage", "pile", "bid", "tricks", "points", "cards", "bonus", "ended", "went_out"]
        fields += [f"card_{players[0].pk}_{r}{c}" for r in range(2) for c in range(3)]
        body = dict.fromkeys(fields, value)
        assert phone.post(path, body).status_code in (302, 400)
        assert phone.get(path + "live/", {"stage": value}).status_code in (200, 204, 304)
        phones = reverse("game_phones", args=[game.pk])
        for action in ("on", "off", "table", value):
            body = {"action": action, "stage": value, "how": value, "player": value}
            assert owner_client.post(phones, body).status_code == 302
            seats.turn_on(game)
        assert phone.post(reverse("join"), {"code": value}).status_code in (302, 400, 429)
        assert phone.get(f"/join/{value[:50] or 'x'}/").status_code in (404, 429)


def test_the_owners_card_polls_with_an_etag_and_follows_the_phones(owner, owner_client):
    game, (ann, _bob) = start(owner, "fourscore", names=("Ann", "Bob"))
    url = reverse("game_phones", args=[game.pk])
    first = owner_client.get(url, HTTP_HX_REQUEST="true")
    assert first.status_code == 200 and 'id="phones"' in first.content.decode()
    again = owner_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    phone, path = join_as(game, ann)
    joined = owner_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert joined.status_code == 200 and "Revoke" in joined.content.decode()
    send(phone, path, {"stage": "1-hand", "pile": 3})
    sent = owner_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=joined["ETag"])
    assert "Ann</bdi>: done" in sent.content.decode()
    assert owner_client.get(url).status_code == 302  # not a poll: the game's page


def test_taking_over_42s_tricks_keeps_the_saved_bids_and_the_tricks_sent(owner, owner_client):
    game, (ann, bob, cy) = start(owner, "fortytwo")
    phones = {p.name: join_as(game, p) for p in (ann, bob, cy)}
    for name, bid in (("Bob", 0), ("Cy", 4), ("Ann", 2)):
        send(*phones[name], {"stage": "1-bids", "bid": bid})
    send(*phones["Cy"], {"stage": "1-result", "tricks": 4})
    page = owner_client.get(reverse("phones_take_over", args=[game.pk])).content.decode()
    assert checked(page, f"tricks_{cy.pk}") == ["4"]
    assert checked(page, f"bid_{ann.pk}") == ["2"]


def test_the_claims_are_said_in_words_on_every_phone(owner):
    game, (ann, bob) = start(owner, "fortybelow", names=("Ann", "Bob"))
    phone, path = join_as(game, ann)
    send(phone, path, grid_post(ann, GRIDS["Ann"], went_out=True))
    bob_phone, bob_path = join_as(game, bob)
    assert "Ann went out" in bob_phone.get(bob_path).content.decode()
    names = {ann.pk: "Ann", bob.pk: "Bob"}
    assert _claim_sentence("called_by", ann.pk, names) == "Ann called"
    assert _claim_sentence("empty_hand", bob.pk, names) == "Bob emptied their hand"
    bid = {"bidder": bob.pk, "bid": 20, "trump": "hearts"}
    assert _claim_sentence("bid", bid, names) == "Bob bid 20 in hearts"


def test_merging_a_player_whose_phone_sent_a_part_starts_the_round_again_under_the_kept_player(
    owner,
):
    game, (ann, bob, cy) = start(owner, "fortybelow")
    phones = {p.name: join_as(game, p) for p in (ann, bob, cy)}
    send(*phones["Ann"], grid_post(ann, GRIDS["Ann"], went_out=True))
    annie = Player.add(owner, "Annie")
    ann.merge_into(annie)
    assert not RoundDraft.objects.filter(game=game).exists()
    for player, name in ((annie, "Ann"), (bob, "Bob"), (cy, "Cy")):
        phone, path = phones[name]
        assert phone.get(path).status_code == 200  # the seat link still holds the seat
        send(phone, path, grid_post(player, GRIDS[name], went_out=player is annie))
    saved = game.rounds.get()
    assert saved.entry["went_out"] == annie.pk
    assert {h["player"] for h in saved.entry["hands"]} == {annie.pk, bob.pk, cy.pk}
