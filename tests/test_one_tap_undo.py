"""What one tap did can be taken back, or is asked first (the third table round, item 3):
turning players' phones off asks on a page of its own; "Play again" and Forty Fives' "Everyone
passed" each say what they did with an undo; a phone that joins again replaces its own link."""

import pytest
from django.test import Client
from django.urls import reverse

from games import seats
from games.models import Game, GameNight, Player, RoundDraft, SeatLink
from tests.factories import piles
from tests.markup import parse, text
from tests.test_seats import GRIDS, grid_post, join_as, start

pytestmark = pytest.mark.django_db


# --- Turning phones off asks first ---


def test_turn_off_on_the_phones_card_is_a_link_to_a_page_that_asks_first(owner_client, owner):
    game, (ann, bob, _) = start(owner, "fortybelow")
    phone, path = join_as(game, ann)
    join_as(game, bob)
    phone.post(path, grid_post(ann, GRIDS["Ann"], went_out=True))
    board = parse(owner_client.get(reverse("game_detail", args=[game.pk])))
    card = board.find("#phones")
    assert not [b for b in card.find_all("button") if "Turn off" in b.text]
    link = next(a for a in card.find_all("a") if "Turn off" in a.text)
    assert link["href"] == reverse("phones_off", args=[game.pk])

    asked = owner_client.get(link["href"])
    assert asked.status_code == 200
    said = text(asked)
    assert "2 phones' seat links are revoked" in said
    assert "the parts of Ann" in said and "Ann went out" in said
    assert "can't be undone" in said
    # Asking changed nothing.
    assert SeatLink.objects.filter(game=game).count() == 2
    assert RoundDraft.objects.filter(game=game).exists()
    form = parse(asked).find("main form")
    assert form["action"] == reverse("game_phones", args=[game.pk])
    keep = next(a for a in parse(asked).find_all("main a.button") if "Keep them on" in a.text)
    assert keep["href"].startswith(reverse("game_detail", args=[game.pk]))

    owner_client.post(form["action"], {"action": "off"})
    game.refresh_from_db()
    assert game.join_code is None
    assert not SeatLink.objects.filter(game=game).exists()


def test_the_ask_page_of_a_game_whose_phones_are_off_goes_back_to_the_game(owner_client, owner):
    game, _ = start(owner, "fortybelow")
    seats.turn_off(game)
    answer = owner_client.get(reverse("phones_off", args=[game.pk]))
    assert answer.status_code == 302


def test_another_user_cannot_see_the_ask_page(owner, outsider_client):
    game, _ = start(owner, "fortybelow")
    assert outsider_client.get(reverse("phones_off", args=[game.pk])).status_code == 404


# --- A phone that joins again ---


def test_a_phone_that_joins_again_is_listed_once(owner_client, owner):
    game, (ann, bob, _) = start(owner, "fortybelow")
    phone, path = join_as(game, ann)
    url = reverse("join_table", args=[game.join_code])
    # Back to the join page and the same name tapped twice more: the same link, one phone.
    for _ in range(2):
        again = phone.post(url, {"seat": 0})
        assert again.url == path
    assert SeatLink.objects.filter(game=game).count() == 1
    # The wrong name tapped first, then the right one: the wrong seat's link goes.
    other = phone.post(url, {"seat": 1})
    assert other.url != path
    assert phone.get(path).status_code == 404
    assert list(SeatLink.objects.filter(game=game).values_list("seat__player", flat=True)) == [
        bob.pk
    ]
    card = parse(owner_client.get(reverse("game_detail", args=[game.pk]))).find("#phones")
    assert [li.text.split()[0] for li in card.find_all("ul.list li")] == ["Bob"]
    # Another phone on the same seat is still a second phone.
    join_as(game, bob)
    assert SeatLink.objects.filter(game=game).count() == 2


def test_a_phone_that_joins_again_keeps_the_part_it_sent(owner):
    game, (ann, *_) = start(owner, "fortybelow")
    phone, path = join_as(game, ann)
    phone.post(path, grid_post(ann, GRIDS["Ann"], went_out=True))
    again = phone.post(reverse("join_link", args=[game.join_token]), {"seat": 0})
    assert again.url == path
    page = text(phone.get(path))
    assert "another phone" not in page


def test_the_cookie_of_a_revoked_link_joins_as_new(owner):
    game, (ann, *_) = start(owner, "fortybelow")
    phone, path = join_as(game, ann)
    SeatLink.objects.filter(game=game).delete()
    again = phone.post(reverse("join_table", args=[game.join_code]), {"seat": 0})
    assert again.url != path and again.url.startswith("/p/")
    assert SeatLink.objects.filter(game=game).count() == 1


def test_another_games_cookie_replaces_nothing(owner):
    game, (ann, *_) = start(owner, "fortybelow")
    other = Game.start(owner, "fortybelow", list(Player.objects.filter(owner=owner)))
    seats.turn_on(other)
    other = Game.objects.get(pk=other.pk)
    phone, path = join_as(game, ann)
    token = path.split("/")[2]
    phone.cookies[f"seat-{other.pk}"] = token
    phone.post(reverse("join_table", args=[other.join_code]), {"seat": 0})
    assert SeatLink.objects.filter(game=game).count() == 1
    assert SeatLink.objects.filter(game=other).count() == 1


# --- Play again, and its undo ---


def finished_game(owner, players):
    ann, bob, cy, _ = players
    game = Game.start(owner, "fourscore", [ann, bob, cy], options={"deals": 1})
    game.add_round(piles([ann, bob, cy], 5, 2, 9), owner)
    return game


def test_play_again_offers_to_take_the_new_game_back(owner_client, owner, players):
    game = finished_game(owner, players)
    answer = owner_client.post(reverse("game_again", args=[game.pk]))
    again = Game.objects.exclude(pk=game.pk).get()
    page = parse(owner_client.get(answer.url))
    form = page.find("main .message form")
    assert form["action"] == reverse("game_discard", args=[again.pk])
    assert "Undo" in form.text
    # The plain address of the new game offers nothing to undo.
    assert not parse(owner_client.get(reverse("game_detail", args=[again.pk]))).first(
        "main .message form"
    )

    taken_back = again
    back = owner_client.post(form["action"], {"back": str(game.pk)})
    assert back.url == reverse("game_detail", args=[game.pk])
    again = owner_client.post(form["action"], {"back": str(game.pk)})  # a second tap
    assert again.url == back.url
    assert list(Game.objects.all()) == [game]
    assert "The new game is taken back." in text(owner_client.get(back.url))
    # Back, to the new game's page: the finished game, where the undo went.
    assert owner_client.get(answer.url).url == back.url
    assert owner_client.get(reverse("game_delete", args=[taken_back.pk])).url == back.url


def test_a_second_tap_on_play_again_lands_on_the_game_the_first_started(
    owner_client, owner, players
):
    game = finished_game(owner, players)
    first = owner_client.post(reverse("game_again", args=[game.pk]))
    second = owner_client.post(reverse("game_again", args=[game.pk]))
    again = Game.objects.exclude(pk=game.pk).get()
    assert first.url == second.url == reverse("game_detail", args=[again.pk]) + f"?again={game.pk}"
    # Once a round is saved in it, Play again starts another game.
    again.add_round(piles(list(again.players.all()), 1, 2, 3), owner)
    owner_client.post(reverse("game_again", args=[game.pk]))
    assert Game.objects.count() == 3


def test_the_undo_is_gone_once_a_round_is_saved_in_the_new_game(owner_client, owner, players):
    game = finished_game(owner, players)
    answer = owner_client.post(reverse("game_again", args=[game.pk]))
    again = Game.objects.exclude(pk=game.pk).get()
    again.add_round(piles(list(again.players.all()), 1, 2, 3), owner)
    assert not parse(owner_client.get(answer.url)).first("main .message form")
    refused = owner_client.post(
        reverse("game_discard", args=[again.pk]), {"back": str(game.pk)}, follow=True
    )
    assert "it stays" in text(refused)
    assert Game.objects.count() == 2


def test_undoing_play_again_drops_a_night_it_made_and_nothing_else(owner_client, owner, players):
    game = finished_game(owner, players)
    owner_client.post(reverse("game_again", args=[game.pk]))
    again = Game.objects.exclude(pk=game.pk).get()
    assert again.night is not None
    made = again.night
    Game.objects.filter(pk=game.pk).update(night=None)  # the finished game was another night's
    owner_client.post(reverse("game_discard", args=[again.pk]), {"back": str(game.pk)})
    assert not GameNight.objects.filter(pk=made.pk).exists()


def test_another_user_cannot_take_a_game_back(owner, players, outsider_client):
    game = finished_game(owner, players)
    again = Game.start(owner, "fourscore", list(game.players.all()))
    answer = outsider_client.post(reverse("game_discard", args=[again.pk]), {"back": str(game.pk)})
    assert answer.status_code == 404
    assert Game.objects.filter(pk=again.pk).exists()


# --- Everyone passed, and its undo ---


def test_a_hand_thrown_in_is_said_with_one_tap_to_undo_it(owner_client, owner, players):
    game = Game.start(owner, "fortyfives", players)
    url = reverse("round_new", args=[game.pk])
    answer = owner_client.post(url, {"number": 1, "thrown_in": "1"})
    assert answer.url == reverse("game_detail", args=[game.pk]) + "?thrown_in=1"
    page = owner_client.get(answer.url)
    notice = parse(page).find("main .message")
    assert "everyone passed" in notice.text
    form = notice.find("form")
    assert form["action"] == reverse("round_delete", args=[game.pk, 1])
    undone = owner_client.post(form["action"])
    assert not game.rounds.exists()
    assert "Bring round 1 back" in text(owner_client.get(undone.url))


def test_the_htmx_save_of_a_hand_thrown_in_answers_with_its_undo(owner_client, owner, players):
    game = Game.start(owner, "fortyfives", players)
    page = owner_client.post(
        reverse("round_new", args=[game.pk]),
        {"number": 1, "thrown_in": "1"},
        HTTP_HX_REQUEST="true",
    )
    form = parse(page).find("main .message form")
    assert form["action"] == reverse("round_delete", args=[game.pk, 1])


def test_the_undo_of_a_hand_thrown_in_goes_once_another_round_is_saved(
    owner_client, owner, players
):
    game = Game.start(owner, "fortyfives", players)
    owner_client.post(reverse("round_new", args=[game.pk]), {"number": 1, "thrown_in": "1"})
    owner_client.post(reverse("round_new", args=[game.pk]), {"number": 2, "thrown_in": "1"})
    page = owner_client.get(reverse("game_detail", args=[game.pk]) + "?thrown_in=1")
    assert not parse(page).first("main .message form")


def test_an_outsider_gets_no_undo_client(owner, players):
    assert Client().get(reverse("phones_off", args=[1])).status_code == 302


# --- A game started by mistake ---


def test_a_game_with_nothing_saved_in_it_can_be_deleted_from_its_page(owner_client, owner, players):
    ann, bob, cy, _ = players
    game = Game.start(owner, "fourscore", [ann, bob, cy], night=GameNight.tonight(owner))
    night = game.night
    form = parse(owner_client.get(reverse("game_detail", args=[game.pk]))).find("#round-tools form")
    assert form["action"] == reverse("game_discard", args=[game.pk])
    assert "Delete this game" in form.text
    # Its page of its own is there too, at the top: a round saved from another phone takes the
    # one-tap button away without a reload, and the page must still offer to delete the game.
    assert parse(owner_client.get(reverse("game_detail", args=[game.pk]))).first(
        f"a[href='{reverse('game_delete', args=[game.pk])}']"
    )
    answer = owner_client.post(form["action"])
    assert answer.url == reverse("home")
    assert "The game is deleted." in text(owner_client.get(answer.url))
    assert not Game.objects.exists() and not GameNight.objects.filter(pk=night.pk).exists()
    second = owner_client.post(form["action"], follow=True)  # a second tap: the same answer
    assert second.redirect_chain[-1][0] == reverse("home")
    assert text(second).count("The game is deleted.") == 1


def test_a_game_with_a_round_offers_no_delete_and_keeps_it(owner_client, owner, players):
    game = finished_game(owner, players)
    page = parse(owner_client.get(reverse("game_detail", args=[game.pk])))
    assert not page.first(f"form[action='{reverse('game_discard', args=[game.pk])}']")
    refused = owner_client.post(reverse("game_discard", args=[game.pk]), follow=True)
    assert "Rounds were entered in this game: it stays." in text(refused)
    assert Game.objects.filter(pk=game.pk).exists()


def test_a_game_with_rounds_is_deleted_once_its_own_page_asked(owner_client, owner, players):
    ann, bob, cy, _ = players
    night = GameNight.tonight(owner)
    game = Game.start(owner, "fourscore", [ann, bob, cy], options={"deals": 1}, night=night)
    game.add_round(piles([ann, bob, cy], 5, 2, 9), owner)
    assert Player.objects.get(pk=ann.pk).ratings.exists()
    link = parse(owner_client.get(reverse("game_detail", args=[game.pk]))).find(
        f"a[href='{reverse('game_delete', args=[game.pk])}']"
    )
    assert link.text == "Delete game…"
    asked = owner_client.get(link["href"])
    assert "Ann, Bob, Cy" in text(asked) and "1 round" in text(asked)
    form = parse(asked).find("main form")
    assert form["action"] == reverse("game_discard", args=[game.pk])
    assert form.find("a")["href"] == reverse("game_detail", args=[game.pk])  # Keep it
    fields = {field["name"]: field["value"] for field in form.find_all("input")}
    answer = owner_client.post(form["action"], fields, follow=True)
    assert answer.redirect_chain[-1][0] == reverse("home")
    assert text(answer).count("The game is deleted.") == 1
    assert not Game.objects.exists() and not GameNight.objects.filter(pk=night.pk).exists()
    assert not Player.objects.get(pk=ann.pk).ratings.exists()  # it counts no more
    again = owner_client.post(form["action"], fields, follow=True)  # a second tap
    assert text(again).count("The game is deleted.") == 1
    # Back to the question, then to the game's page: home, where the deletion took this phone;
    # a poll from a page left open elsewhere stays a 404, which leaves that page as it is.
    for back in (link["href"], reverse("game_detail", args=[game.pk])):
        assert owner_client.get(back).url == reverse("home")
    assert (
        owner_client.get(reverse("game_detail", args=[game.pk]), HTTP_HX_REQUEST="true").status_code
        == 404
    )


def test_a_game_whose_round_was_undone_offers_no_delete_and_keeps_what_can_come_back(
    owner_client, owner, players
):
    """Its round can still be brought back: deleting the game would lose it."""
    ann, bob, cy, _ = players
    game = Game.start(owner, "fourscore", [ann, bob, cy], options={"deals": 3})
    game.add_round(piles([ann, bob, cy], 5, 2, 9), owner)
    undone = owner_client.post(reverse("round_delete", args=[game.pk, 1]))
    page = parse(owner_client.get(undone.url))
    assert not page.first(f"form[action='{reverse('game_discard', args=[game.pk])}']")
    # Only its page of its own deletes it, asking first.
    assert page.first(f"a[href='{reverse('game_delete', args=[game.pk])}']")
    refused = owner_client.post(reverse("game_discard", args=[game.pk]), follow=True)
    assert "it stays" in text(refused)
    assert Game.objects.filter(pk=game.pk).exists() and game.revisions.exists()


def test_a_game_with_its_bids_saved_or_a_phones_part_in_offers_no_delete(
    owner_client, owner, players
):
    ann, bob, cy, _ = players
    open_round = Game.start(owner, "fortytwo", [ann, bob, cy], first_dealer=cy)
    open_round.add_round({"hands": [{"player": p.pk, "bid": 1} for p in (ann, bob, cy)]}, owner)
    with_a_part = Game.start(owner, "fourscore", [ann, bob, cy])
    RoundDraft.objects.create(game=with_a_part, number=1, phase="hand", parts={"hands": {}})
    for game in (open_round, with_a_part):
        page = parse(owner_client.get(reverse("game_detail", args=[game.pk])))
        assert not page.first(f"form[action='{reverse('game_discard', args=[game.pk])}']")
        owner_client.post(reverse("game_discard", args=[game.pk]))
        assert Game.objects.filter(pk=game.pk).exists()
