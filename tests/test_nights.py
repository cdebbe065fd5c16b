"""Game nights are evenings at the table (noon to noon in its time zone), the nights list's markup,
and a player's page: their results and what head to head counts."""

from datetime import UTC, date, datetime, timedelta
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from django.utils import timezone

from games.models import Game, GameNight, evening_of, read_utc_offset
from tests.factories import piles, play
from tests.markup import parse

pytestmark = [pytest.mark.players("Ann", "Bob", "Cy"), pytest.mark.django_db]

NEW_YORK = -5 * 60  # EST, in minutes east of UTC
SYDNEY = 11 * 60  # AEDT


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


@pytest.fixture
def clock(monkeypatch):
    """The server's clock, set to a moment (the only thing faked: the app reads timezone.now)."""

    def set_to(moment: datetime) -> None:
        monkeypatch.setattr(timezone, "now", lambda: moment)

    return set_to


# --- Which evening a moment belongs to --------------------------------------------------------


EVENINGS = {
    "19:30 in New York is that evening (00:30 UTC the next day)": (
        utc(2026, 11, 22, 0, 30), NEW_YORK, date(2026, 11, 21)
    ),
    "01:00 in New York is still the evening before": (
        utc(2026, 11, 22, 6, 0), NEW_YORK, date(2026, 11, 21)
    ),
    "11:59 in New York is still the evening before": (
        utc(2026, 11, 22, 16, 59), NEW_YORK, date(2026, 11, 21)
    ),
    "noon in New York begins the day's night": (
        utc(2026, 11, 22, 17, 0), NEW_YORK, date(2026, 11, 22)
    ),
    "20:00 in Sydney is 09:00 UTC the same day": (
        utc(2026, 11, 22, 9, 0), SYDNEY, date(2026, 11, 22)
    ),
    "no offset: the TIME_ZONE setting (UTC), 01:00 is the evening before": (
        utc(2026, 11, 22, 1, 0), None, date(2026, 11, 21)
    ),
}  # fmt: skip


@pytest.mark.parametrize(("moment", "offset", "evening"), EVENINGS.values(), ids=EVENINGS)
def test_a_moment_belongs_to_the_evening_at_the_table(moment, offset, evening):
    assert evening_of(moment, offset) == evening


def test_without_an_offset_the_time_zone_setting_is_the_tables(settings):
    settings.TIME_ZONE = "America/Chicago"
    assert evening_of(utc(2026, 11, 22, 3, 0)) == date(2026, 11, 21)  # 21:00 in Chicago
    assert evening_of(utc(2026, 11, 22, 19, 0)) == date(2026, 11, 22)  # 13:00 in Chicago


@pytest.mark.parametrize(
    ("sent", "kept"),
    [("-300", -300), (" 330 ", 330), ("840", 840), ("", None), ("abc", None), ("99999", None),
     ("-721", None), ("1e3", None), (None, None)],
)  # fmt: skip
def test_a_browsers_offset_is_read_or_ignored_never_refused(sent, kept):
    assert read_utc_offset(sent) == kept


# --- Tonight's night ----------------------------------------------------------------------------


def test_two_games_of_one_evening_in_america_are_one_night(owner, players, clock):
    clock(utc(2026, 11, 21, 23, 30))  # 18:30 in New York
    first = Game.start(owner, "fourscore", players, night=GameNight.tonight(owner, NEW_YORK))
    clock(utc(2026, 11, 22, 2, 15))  # 21:15 in New York, the next day in UTC
    second = Game.start(owner, "fourscore", players, night=GameNight.tonight(owner, NEW_YORK))
    assert first.night == second.night
    assert first.night.date == date(2026, 11, 21)
    assert first.night.utc_offset == NEW_YORK
    assert GameNight.objects.count() == 1


def test_a_game_started_at_one_in_the_morning_joins_the_evening_before(owner, players, clock):
    clock(utc(2026, 11, 21, 20, 0))  # 21:00 in Paris (UTC+1)
    evening = GameNight.tonight(owner, 60)
    clock(utc(2026, 11, 22, 0, 0))  # 01:00 in Paris
    assert GameNight.tonight(owner, 60) == evening
    clock(utc(2026, 11, 22, 11, 0))  # noon in Paris: the next night
    assert GameNight.tonight(owner, 60).date == date(2026, 11, 22)


def test_the_home_page_shows_tonight_until_noon_at_the_table(owner_client, owner, clock):
    clock(utc(2026, 11, 22, 2, 0))  # 21:00 in New York
    night = GameNight.tonight(owner, NEW_YORK)
    clock(utc(2026, 11, 22, 6, 0))  # 01:00 in New York, 06:00 UTC
    assert owner_client.get(reverse("home")).context["tonight"] == night
    clock(utc(2026, 11, 22, 17, 30))  # 12:30 in New York
    assert owner_client.get(reverse("home")).context["tonight"] is None


def _offset_where_it_is(hour: int, minute: int) -> int:
    """An offset from UTC at which the real clock reads about hour:minute now."""
    now = timezone.now()
    wanted = hour * 60 + minute - (now.hour * 60 + now.minute)
    return (wanted + 12 * 60) % (24 * 60) - 12 * 60  # into -12:00..+11:59


def test_the_new_game_page_dates_the_night_by_the_phones_clock(owner_client, owner, players):
    offset = _offset_where_it_is(1, 30)  # 01:30 at this table, whatever the server's clock
    data = {"kind": "fourscore", "option_deals": 1, "utc_offset": str(offset)}
    data["players"] = [player.pk for player in players]
    response = owner_client.post(reverse("game_new"), data)
    game = Game.objects.get()
    assert response.url == reverse("game_detail", args=[game.pk])
    local_today = (timezone.now() + timedelta(minutes=offset)).date()
    assert game.night.date == local_today - timedelta(days=1)
    assert game.night.utc_offset == offset
    # Play again (its form has the field too) joins the same night.
    owner_client.post(reverse("game_again", args=[game.pk]), {"utc_offset": str(offset)})
    assert {g.night_id for g in Game.objects.all()} == {game.night_id}


@pytest.mark.parametrize("sent", [None, "", "not a number", "100000"])
def test_without_javascript_or_with_a_bad_offset_the_game_starts_on_the_servers_zone(
    owner_client, owner, players, sent
):
    data = {"kind": "fourscore", "option_deals": 1, "players": [p.pk for p in players]}
    if sent is not None:
        data["utc_offset"] = sent
    owner_client.post(reverse("game_new"), data)
    night = Game.objects.get().night
    assert night.date == evening_of(timezone.now())
    assert night.utc_offset is None


def test_the_new_game_form_carries_the_hidden_clock_field_and_its_script(owner_client):
    page = owner_client.get(reverse("game_new"), {"kind": "fourscore"}).content.decode()
    assert '<input type="hidden" name="utc_offset" value="">' in page
    assert "js/table-clock.js" in page


# --- The migration, on nights saved the old way ---------------------------------------------


@pytest.mark.database
@pytest.mark.django_db(transaction=True)
def test_the_migration_dates_old_nights_by_the_evening_and_joins_split_ones(settings):
    settings.TIME_ZONE = "UTC"  # the zone the old code dated nights in
    executor = MigrationExecutor(connection)
    before = [("games", "0007_sign_up")]
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    User = old.get_model("auth", "User")
    OldNight = old.get_model("games", "GameNight")
    OldGame = old.get_model("games", "Game")
    OldPlayer = old.get_model("games", "Player")
    ann, bob = User.objects.create(username="ann"), User.objects.create(username="bob")
    dealer = {
        user.pk: OldPlayer.objects.create(owner=user, name=user.username, name_key=user.username)
        for user in (ann, bob)
    }

    def made(owner, at: datetime, *, date_=None, games=1, game_after=timedelta(0), **details):
        """A night as the old GameNight.tonight made it (dated the UTC day) with its games."""
        night = OldNight.objects.create(owner=owner, date=date_ or at.date(), created=at, **details)
        for n in range(games):
            OldGame.objects.create(
                owner=owner,
                kind="fourscore",
                night=night,
                first_dealer=dealer[owner.pk],
                created=at + game_after * (n + 1),
            )
        return night.pk

    # Ann in New York: one evening split at midnight UTC (18:30 and 20:15 local).
    split_evening = made(ann, utc(2026, 11, 20, 23, 30))
    split_morning = made(ann, utc(2026, 11, 21, 1, 15), games=2)
    # Ann's next evening all after midnight UTC (19:30 local): dated the day after.
    late_evening = made(ann, utc(2026, 11, 23, 0, 30))
    # An afternoon night (14:00 UTC) was already the evening's date.
    afternoon = made(ann, utc(2026, 11, 24, 14, 0))
    # A night dated by hand (the API, an import): its date is a person's and stays.
    by_hand = made(
        ann, utc(2026, 11, 25, 9, 0), date_=date(2026, 11, 25), game_after=timedelta(hours=3)
    )
    # A split morning with a place of its own stays a night, on the evening's date.
    bob_evening = made(bob, utc(2026, 11, 20, 22, 0))
    bob_morning = made(bob, utc(2026, 11, 21, 0, 30), location="Bar")
    # A night without games was not made by a game: left alone.
    empty = made(bob, utc(2026, 11, 26, 2, 0), games=0)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    def night_date(pk):
        return GameNight.objects.get(pk=pk).date

    assert not GameNight.objects.filter(pk=split_morning).exists()
    assert Game.objects.filter(night_id=split_evening).count() == 3
    assert night_date(split_evening) == date(2026, 11, 20)
    assert night_date(late_evening) == date(2026, 11, 22)
    assert night_date(afternoon) == date(2026, 11, 24)
    assert night_date(by_hand) == date(2026, 11, 25)
    assert night_date(bob_evening) == date(2026, 11, 20)
    assert night_date(bob_morning) == date(2026, 11, 20)
    assert GameNight.objects.get(pk=bob_morning).location == "Bar"
    assert Game.objects.filter(night_id=bob_morning).count() == 1
    assert night_date(empty) == date(2026, 11, 26)
    assert set(GameNight.objects.values_list("utc_offset", flat=True)) == {None}


# --- The nights list ----------------------------------------------------------------------------


class _Markup(HTMLParser):
    """Collects each element's open ancestors, to find blocks inside links."""

    BLOCKS = {"ul", "ol", "li", "div", "p", "h1", "h2", "h3", "h4", "section", "article", "table"}
    VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr"}

    def __init__(self):
        super().__init__()
        self.open: list[str] = []
        self.blocks_in_links: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.BLOCKS and "a" in self.open:
            self.blocks_in_links.append(tag)
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1:]}>"
        self.open.pop()


def test_the_nights_list_is_valid_markup_with_no_block_inside_a_link(owner_client, owner, players):
    night = GameNight.tonight(owner)
    night.update_details(night.date, "Kitchen", "")
    play(owner, "fourscore", players, [piles(players, 1, 5, 2)], night=night, deals=1)
    Game.start(owner, "under10", players, night=night)
    page = owner_client.get(reverse("night_list")).content.decode()
    markup = _Markup()
    markup.feed(page)
    assert markup.blocks_in_links == []
    assert markup.open == []
    assert f'<h2><a href="{reverse("night_detail", args=[night.pk])}">' in page
    assert "Kitchen · 2 games" in page
    assert "FourScore: Ann won" in page
    assert 'Under the 10: <span class="muted">not finished</span>' in page


def test_the_nights_list_says_when_there_are_none(owner_client):
    page = owner_client.get(reverse("night_list")).content.decode()
    assert "No game nights yet" in page
    assert "<ul" not in page.split("<main", 1)[1]


# --- A player's page ----------------------------------------------------------------------------


def test_a_players_recent_games_show_their_result_and_score(owner_client, owner, players):
    ann, _, cy = players
    won = play(owner, "fourscore", players, [piles(players, 1, 5, 3)], deals=1)
    third = play(owner, "fourscore", players, [piles(players, 5, 1, 3)], deals=1)
    playing = Game.start(owner, "fourscore", players, options={"deals": 3})
    response = owner_client.get(reverse("player_detail", args=[ann.pk]))
    recent = {game.id: game for game in response.context["games"]}
    assert [recent[won.pk].result, recent[won.pk].score] == ["won", "1 point"]
    assert [recent[third.pk].result, recent[third.pk].score] == ["3rd place", "5 points"]
    assert [recent[playing.pk].result, recent[playing.pk].score] == [
        "still playing",
        "0 points so far",
    ]
    page = response.content.decode()
    assert '<strong>Won</strong> <span class="muted">1 point</span>' in page
    assert "<strong>3rd place</strong>" in page
    assert "<strong>Still playing</strong>" in page
    cy_page = owner_client.get(reverse("player_detail", args=[cy.pk])).content.decode()
    assert '<strong>2nd place</strong> <span class="muted">3 points</span>' in cy_page


def test_head_to_head_says_what_it_counts(owner_client, owner, players):
    ann = players[0]
    play(owner, "fourscore", players, [piles(players, 1, 5, 3)], deals=1)
    page = owner_client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    assert (
        "In the finished games Ann played against each other player: how many times Ann "
        "finished ahead of them, behind them, or level (the same place)."
    ) in page
    assert 'vs Bob <span class="muted">(1 game)</span>' in page
    assert "ahead 1 · behind 0" in page
    markup = _Markup()
    markup.feed(page)
    assert markup.blocks_in_links == []


def test_the_players_list_is_valid_markup(owner_client, players):
    markup = _Markup()
    markup.feed(owner_client.get(reverse("player_list")).content.decode())
    assert markup.blocks_in_links == []
    assert markup.open == []


def test_a_recent_game_is_dated_by_its_night(owner_client, owner, players):
    night = GameNight.objects.create(owner=owner, date=date(2026, 11, 14))
    game = play(owner, "fourscore", players, [piles(players, 1, 5, 3)], night=night, deals=1)
    response = owner_client.get(reverse("player_detail", args=[players[0].pk]))
    assert [(g.id, g.played_on) for g in response.context["games"]] == [(game.pk, night.date)]
    assert "Sat 14 Nov" in response.content.decode()


def test_the_home_pages_recent_nights_lead_to_their_pages(owner_client, owner):
    earlier = GameNight.objects.create(owner=owner, date=date(2026, 11, 14))
    page = owner_client.get(reverse("home")).content.decode()
    assert f'<a href="{reverse("night_detail", args=[earlier.pk])}"><span>Sat 14 Nov 2026' in page


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_nights_date_field_holds_its_date_in_every_language(owner_client, owner, language):
    """A date input takes an ISO value only: in Dutch's 20-11-2026 the browser showed it blank,
    and the night could not be saved."""
    night = GameNight.objects.create(owner=owner, date=date(2026, 11, 20))
    url = reverse("night_detail", args=[night.pk])
    page = owner_client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert parse(page).find("input[name=date]")["value"] == "2026-11-20"
    posted = {"date": "2026-11-21", "location": "Keuken", "notes": ""}
    owner_client.post(url, posted, HTTP_ACCEPT_LANGUAGE=language)
    night.refresh_from_db()
    assert (night.date, night.location) == (date(2026, 11, 21), "Keuken")


def test_a_games_start_is_told_on_the_clock_of_its_table(owner_client, owner, players):
    """A table in Tokyo (UTC+9) whose game started at 03:42 UTC reads that it started at 12:42,
    the clock that dates its night."""
    night = GameNight.objects.create(owner=owner, date=date(2026, 11, 28), utc_offset=540)
    game = Game.start(owner, "fourscore", players, night=night)
    Game.objects.filter(pk=game.pk).update(created=datetime(2026, 11, 28, 3, 42, tzinfo=UTC))
    page = parse(owner_client.get(reverse("home")).content.decode()).text
    assert "started Sat 28 Nov, 12:42" in page
    assert "03:42" not in page
