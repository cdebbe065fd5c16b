"""The pages for looking back: game nights, players (rename, merge), the score chart, CSV
downloads, and backing up or importing everything from the "Your data" page."""

import gzip
import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format

from games import transfer
from games.models import Game, GameNight, Player, Round
from tests.factories import PASSWORD, piles, under10_game_saved_with_a_blank_hand
from tests.markup import parse

from .api.conftest import api  # noqa: F401 (a fixture the account fixture uses)
from .api.test_transfer import account, without_ids  # noqa: F401 (account is a fixture)

pytestmark = [pytest.mark.players("Ann", "Bob", "Cy"), pytest.mark.django_db]


@pytest.fixture
def night(owner, players):
    """A night of two FourScore deals: Ann wins the first, Ann and Bob tie the second."""
    night = GameNight.objects.create(owner=owner, date="2026-11-20", location="Kitchen")
    first = Game.start(owner, "fourscore", players, night=night)
    first.add_round(piles(players, 1, 5, 9), owner)
    second = Game.start(owner, "fourscore", players, night=night)
    second.add_round(piles(players, 2, 2, 6), owner)
    Game.start(owner, "fourscore", players, night=night)  # still to be played
    return night


# --- Nights ---


def test_the_nights_page_lists_each_night_with_its_games_and_winners(owner_client, night):
    html = owner_client.get(reverse("night_list")).content.decode()
    assert "Fri 20 Nov 2026" in html and "Kitchen" in html
    assert "3 games" in html
    assert html.count("Ann won") == 1 and "Ann &amp; Bob won" in html
    assert "not finished" in html


def test_a_nights_page_names_its_champion_and_shares_a_tie(owner_client, owner, night, players):
    response = owner_client.get(reverse("night_detail", args=[night.pk]))
    assert "Champion of the night: Ann" in response.content.decode()
    tie = Game.start(owner, "fourscore", players, night=night)
    tie.add_round(piles(players, 9, 1, 9), owner)  # Bob: now Ann 2, Bob 2
    html = owner_client.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Champions of the night: Ann &amp; Bob" in html
    assert "(2 wins)" in html


def test_a_nights_date_place_and_notes_can_be_edited(owner_client, night):
    response = owner_client.post(
        reverse("night_detail", args=[night.pk]),
        {"date": "2026-11-21", "location": "Den", "notes": "Cy brought <cake>"},
        follow=True,
    )
    night.refresh_from_db()
    assert (str(night.date), night.location, night.notes) == (
        "2026-11-21",
        "Den",
        "Cy brought <cake>",
    )
    assert "The night is saved." in response.content.decode()
    assert "Cy brought &lt;cake&gt;" in response.content.decode()


def test_a_bad_night_edit_keeps_what_was_typed_and_changes_nothing(owner_client, night):
    response = owner_client.post(
        reverse("night_detail", args=[night.pk]),
        {"date": "the 31st", "location": "Den", "notes": "x\x00y"},
    )
    assert response.status_code == 400
    assert 'value="Den"' in response.content.decode()
    night.refresh_from_db()
    assert night.location == "Kitchen"


def test_another_users_night_is_not_there(outsider_client, night):
    for name in ("night_detail", "night_csv"):
        assert outsider_client.get(reverse(name, args=[night.pk])).status_code == 404
    assert "Kitchen" not in outsider_client.get(reverse("night_list")).content.decode()


# --- Players ---


def test_the_players_page_lists_wins_of_finished_games(owner_client, night):
    html = owner_client.get(reverse("player_list")).content.decode()
    assert "2 of 2 won" in html  # Ann: a win and a shared win
    assert "1 of 2 won" in html  # Bob
    assert "0 of 2 won" in html  # Cy


def test_a_player_can_be_added_from_the_players_page(owner_client, owner):
    response = owner_client.post(reverse("player_add"), {"name": "Dee", "back": "players"})
    assert response.url == reverse("player_list")
    assert Player.objects.filter(owner=owner, name="Dee").exists()


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("ann", "already"),  # Ann is in the circle
        ("", "A player's name can be 1 to 40 characters."),
        ("x" * 45, "at most 40 characters"),
    ],
)
def test_a_name_refused_on_the_players_page_is_kept_with_why_beside_it(
    owner_client, players, typed, why
):
    response = owner_client.post(reverse("player_add"), {"name": typed, "back": "players"})
    assert response.status_code == 400
    field = parse(response).find("form .field.invalid")
    assert field.find("input[name=name]").get("value", "") == typed
    assert why in field.find(".error").text


def test_a_players_page_shows_their_record_by_game_and_head_to_head(owner_client, night, players):
    ann = players[0]
    response = owner_client.get(reverse("player_detail", args=[ann.pk]))
    html = response.content.decode()
    assert response.context["stats"].wins == 2
    assert "<strong>2</strong> won of <strong>2</strong> finished games" in html
    assert "<strong>100%</strong>" in html
    assert "FourScore" in html
    assert "vs Bob" in html and "vs Cy" in html


def test_a_player_is_renamed_and_a_taken_name_is_refused(owner_client, players):
    ann = players[0]
    url = reverse("player_detail", args=[ann.pk])
    owner_client.post(url, {"name": "Annie"})
    ann.refresh_from_db()
    assert ann.name == "Annie"
    response = owner_client.post(url, {"name": "BOB"})
    assert response.status_code == 400
    assert "You already have a player called Bob." in response.content.decode()
    ann.refresh_from_db()
    assert ann.name == "Annie"


def test_merging_two_names_of_one_person_moves_their_games(owner_client, owner, players):
    ann = players[0]
    annie = Player.add(owner, "Annie")
    game = Game.start(owner, "fourscore", [annie, players[1]])
    game.add_round(piles([annie, players[1]], 1, 4), owner)
    # The player's page asks for the merge; a merge can't be undone, so a page of its own says
    # what it will do, and changes nothing.
    url = reverse("player_merge", args=[annie.pk])
    page = parse(owner_client.get(reverse("player_detail", args=[annie.pk])))
    assert page.find(f"details form[action='{url}']")["method"] == "get"
    asked = owner_client.get(url, {"into": ann.pk})
    assert asked.status_code == 200
    text = html_text(asked)
    assert "Merge Annie into Ann?" in text
    assert "Annie's 1 game becomes Ann's, and the name Annie is removed." in text
    assert Player.objects.filter(pk=annie.pk).exists()
    form = parse(asked).find(f"form[action='{url}']")
    assert form["method"] == "post"
    fields = {field["name"]: field["value"] for field in form.find_all("input")}
    assert fields["into"] == str(ann.pk)
    assert form.find("a")["href"] == reverse("player_detail", args=[annie.pk])
    response = owner_client.post(url, fields, follow=True)
    assert response.redirect_chain[-1][0] == reverse("player_detail", args=[ann.pk])
    assert "Annie is now Ann" in response.content.decode()
    assert response.context["stats"].wins == 1
    assert not Player.objects.filter(pk=annie.pk).exists()
    # A second tap says the same; Back to the question, or to Annie's page, lands on Ann's.
    again = owner_client.post(url, fields, follow=True)
    assert again.redirect_chain[-1][0] == reverse("player_detail", args=[ann.pk])
    assert html_text(again).count("Annie is now Ann") == 1
    for back in (
        asked.request["PATH_INFO"] + f"?into={ann.pk}",
        reverse("player_detail", args=[annie.pk]),
    ):
        landed = owner_client.get(back, follow=True)
        assert landed.redirect_chain[-1][0] == reverse("player_detail", args=[ann.pk])
        assert "Annie is now Ann" not in html_text(landed)


def test_the_language_switches_on_the_merge_question_and_a_refused_name(
    owner_client, owner, players
):
    """The footer's switch comes back to the address it was on, with a GET."""
    annie = Player.add(owner, "Annie")
    question = reverse("player_merge", args=[annie.pk]) + f"?into={players[0].pk}"
    switch = reverse("set_language")
    landed = owner_client.post(switch, {"language": "nl", "next": question}, follow=True)
    assert "Annie samenvoegen met Ann?" in html_text(landed)
    refused = owner_client.post(reverse("player_add"), {"name": "ann", "back": "players"})
    assert refused.status_code == 400
    landed = owner_client.post(
        switch, {"language": "en", "next": reverse("player_add")}, follow=True
    )
    assert landed.redirect_chain[-1][0] == reverse("player_list")
    assert parse(landed).find("h1").text == "Players"


def test_a_player_without_a_round_has_no_empty_table_of_games(owner_client, owner, players):
    annie = Player.add(owner, "Annie")
    url = reverse("player_detail", args=[annie.pk])
    assert not parse(owner_client.get(url)).first("table.stats")
    game = Game.start(owner, "fourscore", [annie, players[1]])
    game.add_round(piles([annie, players[1]], 1, 4), owner)  # not finished: a row all the same
    rows = parse(owner_client.get(url)).find_all("table.stats tbody tr th")
    assert [row.text for row in rows] == ["FourScore"]


def test_the_merge_is_said_in_dutch_too(owner_client, owner, players):
    annie = Player.add(owner, "Annie")
    response = owner_client.post(
        reverse("player_merge", args=[annie.pk]),
        {"into": players[0].pk},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    assert "Annie is nu Ann: hun spellen zijn samengevoegd." in html_text(response)


def test_the_merge_asks_in_dutch_too(owner_client, owner, players):
    annie = Player.add(owner, "Annie")
    Game.start(owner, "fourscore", [annie, players[1]])
    Game.start(owner, "fourscore", [annie, players[2]])
    response = owner_client.get(
        reverse("player_merge", args=[annie.pk]),
        {"into": players[0].pk},
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    text = html_text(response)
    assert "Annie samenvoegen met Ann?" in text
    assert "De 2 spellen van Annie gaan naar Ann" in text
    assert "Laat ze apart" in text


def test_merging_is_refused_with_a_message_when_both_played_one_game(owner_client, night, players):
    ann, bob, _ = players
    # Refused at once, not after asking whether to go on; and again if sent all the same.
    for send in (owner_client.get, owner_client.post):
        response = send(reverse("player_merge", args=[bob.pk]), {"into": ann.pk}, follow=True)
        assert response.redirect_chain[-1][0] == reverse("player_detail", args=[bob.pk])
        # The game as their pages list it: under its evening.
        first = Game.objects.filter(night=night).order_by("created").first()
        day = date_format(first.evening, "D j M")
        assert f"both played {first} ({day}), so they are two people." in html_text(response)
    assert Player.objects.filter(pk=bob.pk).exists()


def test_the_refused_merge_names_the_game_in_dutch_too(owner_client, night, players):
    ann, bob, _ = players
    response = owner_client.post(
        reverse("player_merge", args=[bob.pk]),
        {"into": ann.pk},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    first = Game.objects.filter(night=night).order_by("created").first()
    with translation.override("nl"):
        day = date_format(first.evening, "D j b")  # "vr 27 nov", as the Dutch lists have it
    assert f"Bob en Ann speelden allebei FourScore #{first.pk} ({day})" in html_text(response)
    game = Game.start(ann.owner, "under10", [ann, bob])
    with translation.override("nl"):
        assert str(game) == f"Onder de 10 #{game.pk}"


def test_a_player_cannot_be_merged_into_another_users_player(owner_client, outsider, players):
    stranger = Player.add(outsider, "Stranger")
    response = owner_client.post(
        reverse("player_merge", args=[players[0].pk]), {"into": stranger.pk}, follow=True
    )
    assert "Choose which player" in response.content.decode()
    assert Player.objects.filter(pk=players[0].pk).exists()


def test_another_users_player_is_not_there(outsider_client, players):
    assert outsider_client.get(reverse("player_detail", args=[players[0].pk])).status_code == 404
    response = outsider_client.post(reverse("player_merge", args=[players[0].pk]), {"into": 1})
    assert response.status_code == 404


# --- The chart and the CSV downloads ---


def test_a_played_game_shows_its_chart_and_a_fresh_one_does_not(owner_client, owner, night):
    played, _, fresh = night.games.order_by("created")
    html = owner_client.get(reverse("game_detail", args=[played.pk])).content.decode()
    assert "How it went" in html and "<svg" in html
    assert reverse("game_csv", args=[played.pk]) in html
    assert "<svg" not in owner_client.get(reverse("game_detail", args=[fresh.pk])).content.decode()


def test_the_share_link_shows_the_chart_too(client, owner, night):
    played = night.games.order_by("created").first()
    played.share()
    html = client.get(reverse("game_shared", args=[played.share_token])).content.decode()
    assert "<svg" in html


def test_a_games_scores_download_as_csv_with_a_byte_order_mark(owner_client, night, players):
    played = night.games.order_by("created").first()
    response = owner_client.get(reverse("game_csv", args=[played.pk]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="fourscore-{played.pk}.csv"'
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    assert "Ann" in text and "Total" in text


def test_a_nights_scores_download_as_csv(owner_client, night):
    response = owner_client.get(reverse("night_csv", args=[night.pk]))
    assert response["Content-Disposition"] == 'attachment; filename="night-2026-11-20.csv"'
    assert response.content.decode("utf-8").count("FourScore") >= 2


# --- Your data: export and import ---


def page_export(client) -> dict:
    response = client.get(reverse("data_export"))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="scorekeeper-')
    return json.loads(response.content)


def upload(client, content: bytes):
    return client.post(
        reverse("your_data"),
        {"document": SimpleUploadedFile("export.json", content, "application/json")},
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Imported 2 players, 1 night and 1 game."),
        ("nl", "2 spelers, 1 avond en 1 spel geïmporteerd."),
    ],
)
def test_an_import_counts_what_it_brought_each_in_the_singular_or_plural(
    owner, outsider, language, said
):
    night = GameNight.objects.create(owner=owner, date="2026-11-20")
    Game.start(
        owner, "fourscore", [Player.add(owner, "Ann"), Player.add(owner, "Bob")], night=night
    )
    exporter, importer = Client(), Client(HTTP_ACCEPT_LANGUAGE=language)
    exporter.force_login(owner)
    importer.force_login(outsider)
    response = upload(importer, json.dumps(page_export(exporter)).encode())
    assert said in html_text(importer.get(response.url))


def test_the_same_file_sent_twice_from_one_page_is_imported_once(owner, outsider):
    """A double tap on Import: the second finds the account changed since its page was opened."""
    night = GameNight.objects.create(owner=owner, date="2026-11-20")
    Game.start(
        owner, "fourscore", [Player.add(owner, "Ann"), Player.add(owner, "Bob")], night=night
    )
    exporter, importer = Client(), Client()
    exporter.force_login(owner)
    importer.force_login(outsider)
    document = json.dumps(page_export(exporter)).encode()
    seen = parse(importer.get(reverse("your_data"))).find("input[name=seen]")["value"]
    sent = {"seen": seen}

    def send():
        upload_file = SimpleUploadedFile("export.json", document, "application/json")
        return importer.post(reverse("your_data"), {**sent, "document": upload_file})

    assert send().status_code == 302
    again = send()
    assert again.status_code == 400
    assert "was this file just imported?" in html_text(again)
    assert Game.objects.filter(owner=outsider).count() == 1
    sent["seen"] = parse(again).find("input[name=seen]")["value"]  # chosen again on that page
    assert send().status_code == 302
    assert Game.objects.filter(owner=outsider).count() == 2


def test_export_then_import_on_the_pages_loses_nothing(account, owner, outsider):  # noqa: F811
    owner_client, outsider_client = Client(), Client()
    owner_client.force_login(owner)
    outsider_client.force_login(outsider)
    document = page_export(owner_client)
    response = upload(outsider_client, json.dumps(document).encode())
    assert response.status_code == 302
    again = page_export(outsider_client)
    assert without_ids(again) == without_ids(document)


def test_the_data_page_offers_the_download_and_the_upload(owner_client):
    html = owner_client.get(reverse("your_data")).content.decode()
    assert reverse("data_export") in html
    assert 'enctype="multipart/form-data"' in html


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not json at all", "it is not JSON"),
        (b"\xff\xfe\x00", "it is not JSON"),
        (b"[1, 2]", "Nothing was imported"),
        (json.dumps({"format": "scorekeeper/1"}).encode(), "Nothing was imported"),
    ],
)
def test_a_file_that_is_not_an_export_is_refused_and_nothing_changes(
    owner_client, night, content, message
):
    before = (Player.objects.count(), Game.objects.count(), Round.objects.count())
    response = upload(owner_client, content)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert (Player.objects.count(), Game.objects.count(), Round.objects.count()) == before


def test_an_export_packed_with_gzip_imports_on_the_page(account, owner, outsider):  # noqa: F811
    owner_client, outsider_client = Client(), Client()
    owner_client.force_login(owner)
    outsider_client.force_login(outsider)
    document = page_export(owner_client)
    upload = SimpleUploadedFile("export.json.gz", gzip.compress(json.dumps(document).encode()))
    response = outsider_client.post(reverse("your_data"), {"document": upload})
    assert response.status_code == 302
    assert without_ids(page_export(outsider_client)) == without_ids(document)


def test_the_data_page_names_each_game_a_corrected_rule_broke_before_its_export_is_taken(
    owner_client, owner
):
    """Such a game is exported as it is, and an import refuses its broken round (all of the
    file): the page says so, with a link to fix each, while there are any."""
    assert "fix round" not in html_text(owner_client.get(reverse("your_data")))
    game, _ = under10_game_saved_with_a_blank_hand(owner)
    page = owner_client.get(reverse("your_data"))
    assert "no import takes it until they are fixed" in html_text(page)
    [link] = parse(page.content).find_all("div[role=alert] li a")
    assert link["href"] == reverse("round_edit", args=[game.pk, 2])
    assert link.text == f"Under the 10 of {date_format(game.created)}: fix round 2"


def test_a_file_larger_than_an_import_reads_is_dropped_as_it_arrives(owner_client, monkeypatch):
    monkeypatch.setattr("games.transfer.LARGEST_BODY", 1024 * 1024)
    monkeypatch.setattr("games.transfer.LARGEST_DOCUMENT", 1024 * 1024)
    response = upload(owner_client, b" " * 3 * 1024 * 1024)
    assert response.status_code == 400
    assert "The file is over 1 MB unpacked: more than an import reads." in html_text(response)


def test_a_post_of_more_files_than_the_one_an_import_sends_is_refused(owner_client):
    """Even where no view reads files, and before the CSRF check: Django reads a POST's files
    as the check reads its form, and would keep each one in a temporary file."""
    files = [SimpleUploadedFile(f"{n}.json", b"{}") for n in range(2)]
    stranger = Client(enforce_csrf_checks=True)
    stranger.cookies["csrftoken"] = "a" * 32  # with a cookie, the check reads the form's token
    assert stranger.post(reverse("join"), {"document": files}).status_code == 400
    assert owner_client.post(reverse("your_data"), {"document": files}).status_code == 400


def test_a_packed_file_that_unpacks_past_the_limit_is_refused(owner_client):
    bomb = gzip.compress(b" " * (transfer.LARGEST_DOCUMENT + 1), compresslevel=9)
    response = upload(owner_client, bomb)
    assert response.status_code == 400
    assert "The file is over 48 MB unpacked: more than an import reads." in html_text(response)


def html_text(response) -> str:
    return html.unescape(response.content.decode())


def test_an_import_with_a_bad_round_is_refused_whole(owner_client, outsider, night):
    document = page_export(owner_client)
    document["games"][-2]["rounds"][0]["entry"]["hands"][0]["pile"] = -3
    stranger = Client()
    stranger.force_login(outsider)
    response = upload(stranger, json.dumps(document).encode())
    assert response.status_code == 400
    html = response.content.decode()
    assert "Nothing was imported: game " in html and ", round 1: " in html
    assert "{" not in html.split("Nothing was imported")[1].split("</div>")[0]
    assert not Game.objects.filter(owner=outsider).exists()
    assert not Player.objects.filter(owner=outsider).exists()


def test_the_pages_for_looking_back_need_a_log_in(client):
    for name in ("night_list", "player_list", "your_data", "data_export"):
        response = client.get(reverse(name))
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))


def test_the_main_menu_leads_to_nights_and_players(owner_client):
    html = owner_client.get(reverse("home")).content.decode()
    assert f'href="{reverse("night_list")}"' in html
    assert f'href="{reverse("player_list")}"' in html
    assert PASSWORD not in html


# --- Query counts do not grow with the history ---


def queries_of_each_page(client, night, player) -> dict[str, int]:
    game = night.games.order_by("created").first()
    urls = {
        "nights": reverse("night_list"),
        "night": reverse("night_detail", args=[night.pk]),
        "night csv": reverse("night_csv", args=[night.pk]),
        "players": reverse("player_list"),
        "player": reverse("player_detail", args=[player.pk]),
        "game": reverse("game_detail", args=[game.pk]),
        "game csv": reverse("game_csv", args=[game.pk]),
        "export": reverse("data_export"),
    }
    counts = {}
    for page, url in urls.items():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts[page] = len(queries)
    return counts


def play_a_night(owner, players, games: int, deals: int) -> GameNight:
    night = GameNight.objects.create(owner=owner, date="2026-11-20")
    for _ in range(games):
        game = Game.start(owner, "fourscore", players, night=night, options={"deals": deals})
        for deal in range(deals):
            game.add_round(
                piles(players, *[(deal + seat) % 5 for seat in range(len(players))]), owner
            )
    return night


def test_the_pages_take_as_many_queries_for_a_long_history_as_for_a_short_one(
    owner_client, owner, outsider
):
    small_players = [Player.add(owner, name) for name in ("Ann", "Bob")]
    small = queries_of_each_page(
        owner_client, play_a_night(owner, small_players, games=1, deals=1), small_players[0]
    )
    big_client = Client()
    big_client.force_login(outsider)
    big_players = [Player.add(outsider, f"Player {n}") for n in range(6)]
    for _ in range(3):
        play_a_night(outsider, big_players, games=4, deals=6)
    big = queries_of_each_page(
        big_client, play_a_night(outsider, big_players, games=4, deals=6), big_players[0]
    )
    assert big == small


def test_a_rename_reaches_the_phones_polling_the_scoreboard(owner_client, night, players):
    game = night.games.order_by("created").first()
    url = reverse("game_detail", args=[game.pk])
    poll = owner_client.get(url, HTTP_HX_REQUEST="true")
    owner_client.post(reverse("player_detail", args=[players[0].pk]), {"name": "Annie"})
    again = owner_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=poll["ETag"])
    assert again.status_code == 200
    assert "Annie" in again.content.decode()


def test_rounds_cannot_be_changed_in_the_admin(admin_client, night):
    round_ = Round.objects.first()
    assert (
        admin_client.get(reverse("admin:games_round_change", args=[round_.pk])).status_code == 200
    )
    admin_client.post(
        reverse("admin:games_round_change", args=[round_.pk]),
        {"number": 5, "status": "open", "entry": "{}"},
    )
    round_.refresh_from_db()
    assert round_.number == 1 and round_.entry["hands"]


def test_a_nights_notes_keep_their_lines_as_a_phone_sends_them(owner_client, night):
    owner_client.post(
        reverse("night_detail", args=[night.pk]),
        {"date": "2026-11-20", "location": "Kitchen", "notes": "Cy won\r\nBob dealt badly"},
    )
    night.refresh_from_db()
    assert night.notes == "Cy won\nBob dealt badly"
