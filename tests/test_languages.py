"""English and Dutch (issue #19): the catalogue is complete and current, the language follows the
browser or the footer's switch, and every page said in Dutch keeps no English word behind."""

import gettext
import re
import shutil
import subprocess
import sys
from datetime import date
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from games.models import Game, GameNight, Player
from games.scoring.messages import Message
from games.templatetags.table_words import JS_WORDS
from games.words import said
from tests import factories, pace_games

ROOT = Path(settings.BASE_DIR)
PO = ROOT / "locale" / "nl" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
DUTCH = {"HTTP_ACCEPT_LANGUAGE": "nl"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}
FRAGMENT = {"HTTP_HX_REQUEST": "true"}

# Words that are the same in both languages: names of things (the games, the formats), words
# Dutch took from English, and the language names of the footer's switch.
SAME_IN_BOTH = {
    "fortybelow", "forty", "fives", "fourscore", "joker", "jokers", "api", "json", "csv", "qr",
    "ok", "english", "nederlands", "account", "javascript", "online", "offline", "mb", "id",
    "gz",  # a packed export's name: .json.gz
    # and the rules pages' names: Forty Fives' home, FourScore's maker, a player in an example
    "merrimack", "valley", "str", "eight", "bo",
}  # fmt: skip
# Words both languages spell alike: Dutch words, not English left behind (month names as Django
# abbreviates them, "in", "letters" in Django's own Dutch password help).
DUTCH_TOO = {
    "in",
    "is",
    "letters",
    "hand",
    "score",
    "scores",
    "link",
    "had",
    "was",
    "won",
    "code",
    "bonus",
    "of",
    "stop",
    "partners",
    "rest",
    "download",
    "token",
    "tokens",
    "server",
    "app",
    "stand",
    "start",
    "open",
    "per",
    "over",
    "jan",
    "feb",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "nov",
    "dec",
}


@pytest.fixture(autouse=True)
def _english_again_afterwards():
    """A request leaves its language active in the thread (LocaleMiddleware activates, nothing
    deactivates): after a Dutch request, the tests that follow read English again."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


# --- The catalogue ----------------------------------------------------------------------------


def entries(text: str) -> list[tuple[list[str], str, list[str]]]:
    """The .po file's entries as (flags, msgid, msgstrs), the header left out."""
    found = []
    for block in text.split("\n\n"):
        lines = block.strip().splitlines()
        flags = [
            flag.strip() for line in lines if line.startswith("#,") for flag in line[2:].split(",")
        ]
        fields: dict[str, list[str]] = {}
        key = None
        for line in lines:
            if line.startswith("#"):
                continue
            if match := re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) "(.*)"$', line):
                key = match.group(1)
                fields.setdefault(key, []).append(match.group(2))
            elif line.startswith('"') and key:
                fields[key].append(line[1:-1])
        msgid = "".join(fields.get("msgid", []))
        if not msgid:
            continue  # the header
        strs = ["".join(value) for name, value in fields.items() if name.startswith("msgstr")]
        found.append((flags, msgid, strs))
    return found


def msgids(path: Path) -> set[str]:
    return {msgid for _, msgid, _ in entries(path.read_text())}


def test_every_entry_of_the_dutch_catalogue_is_translated_and_none_is_fuzzy():
    found = entries(PO.read_text())
    assert len(found) > 400
    assert [msgid for flags, msgid, _ in found if "fuzzy" in flags] == []
    assert [msgid for _, msgid, strs in found if not strs or not all(strs)] == []


def test_the_checks_would_catch_an_untranslated_or_fuzzy_entry():
    text = (
        '#, fuzzy, python-format\nmsgid "Round %(n)s"\nmsgstr "Ronde %(n)s"\n\n'
        'msgid "Home"\nmsgstr ""\n'
    )
    assert entries(text) == [
        (["fuzzy", "python-format"], "Round %(n)s", ["Ronde %(n)s"]),
        ([], "Home", [""]),
    ]


def compiled(po: Path, mo: Path) -> dict:
    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "msgfmt is missing: install Debian's gettext package (make does)"
    subprocess.run([msgfmt, "--check", "-o", str(mo), str(po)], check=True)
    with mo.open("rb") as file:
        return gettext.GNUTranslations(file)._catalog


def test_the_committed_compiled_catalogue_says_what_the_current_one_says(tmp_path):
    """The .mo is committed, so that `pip install .` from a clone speaks Dutch without gettext;
    it must hold exactly the .po's translations (compared entry by entry, not byte by byte, so a
    different msgfmt version doesn't matter)."""
    assert MO.is_file(), "run make (it builds locale/nl/LC_MESSAGES/django.mo)"
    with MO.open("rb") as file:
        committed = gettext.GNUTranslations(file)._catalog
    assert committed == compiled(PO, tmp_path / "nl.mo"), "the .mo is not the .po's: run make"


def test_the_currency_check_would_catch_a_stale_compiled_catalogue(tmp_path):
    stale = tmp_path / "stale.po"
    stale.write_text(PO.read_text().replace('msgstr "Ronde"', 'msgstr "Rondje"', 1))
    assert compiled(stale, tmp_path / "stale.mo") != compiled(PO, tmp_path / "nl.mo")


def test_makemessages_finds_no_string_that_is_not_in_the_catalogue(tmp_path):
    """makemessages run on a copy of the code: every marked string is already in the .po, and
    every entry of the .po is still used somewhere."""
    copy = tmp_path / "checkout"
    for name in ("accounts", "games", "scorekeeper", "templates", "locale"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "manage.py", copy / "manage.py")
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "--locale=nl", "--no-location",
         "--no-obsolete"],
        cwd=copy, check=True, capture_output=True,
        env={"PATH": "/usr/bin:/bin", "DATA_DIR": str(tmp_path / "data")},
    )  # fmt: skip
    remade = msgids(copy / "locale" / "nl" / "LC_MESSAGES" / "django.po")
    kept = msgids(PO)
    assert sorted(remade - kept) == [], "new strings: run `make messages` and translate them"
    assert sorted(kept - remade) == [], "strings no longer used: run `make messages`"


def test_the_scripts_words_are_the_ones_they_say():
    said_in_scripts = set()
    scripts = [*(ROOT / "static" / "js").glob("*.js"), *ROOT.glob("games/kinds/*/static/*/*.js")]
    for script in scripts:
        for call in re.finditer(r'say\(((?:\s*"(?:[^"\\]|\\.)*"\s*\+?)+)', script.read_text()):
            said_in_scripts.add("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', call.group(1))))
    ternary = {": top row, card %(column)s", ": bottom row, card %(column)s"}
    assert said_in_scripts | ternary == set(JS_WORDS)


# --- The engine's words ----------------------------------------------------------------------


def test_an_engine_message_is_its_english_text_and_says_itself_in_dutch():
    message = Message("%(name)s called with %(points)s points", name="Ann", points=12)
    assert message == "Ann called with 12 points"
    nested = Message("not scored: %(problem)s", problem=Message("eliminated"))
    assert nested == "not scored: eliminated"
    with translation.override("nl"):
        assert said(nested) == "niet geteld: ligt eruit"
        assert said(Message("Under the 10")) == "Onder de 10"
    with translation.override("en"):
        assert said(nested) == "not scored: eliminated"


def test_a_message_kept_in_the_cache_comes_back_whole():
    import pickle

    message = Message("halved %(total)s → %(settled)s", total=100, settled=50)
    back = pickle.loads(pickle.dumps(message))
    assert back == message and back.msgid == message.msgid and back.params == message.params


# --- Choosing the language --------------------------------------------------------------------


def test_the_browser_language_chooses_and_the_page_says_which(owner_client):
    dutch = owner_client.get(reverse("home"), **DUTCH)
    assert '<html lang="nl">' in dutch.content.decode()
    assert "Nieuw spel" in dutch.content.decode()
    english = owner_client.get(reverse("home"), **ENGLISH)
    assert '<html lang="en">' in english.content.decode()
    assert "New game" in english.content.decode()
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in dutch["Vary"].split(",")}


def test_the_footer_switch_remembers_the_choice_without_javascript(client, owner):
    client.force_login(owner)
    page = client.get(reverse("player_list"), **ENGLISH).content.decode()
    assert 'name="language" value="nl"' in page
    answer = client.post(
        reverse("set_language"), {"language": "nl", "next": reverse("player_list")}, **ENGLISH
    )
    assert answer.status_code == 302 and answer["Location"] == reverse("player_list")
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "nl"
    again = client.get(reverse("player_list"), **ENGLISH).content.decode()
    assert '<html lang="nl">' in again and "Speler toevoegen" in again


def test_a_poll_in_the_other_language_is_never_answered_from_the_first_ones_etag(
    owner_client, owner
):
    game = pace_games.under10(owner, factories.add_players(owner, ["Ann", "Bob", "Cy"]))
    url = reverse("game_detail", args=[game.pk])
    english = owner_client.get(url, **FRAGMENT, **ENGLISH)
    dutch = owner_client.get(url, **FRAGMENT, **DUTCH, HTTP_IF_NONE_MATCH=english["ETag"])
    assert dutch.status_code == 200 and dutch["ETag"] != english["ETag"]
    assert "Stand" in dutch.content.decode()
    same = owner_client.get(url, **FRAGMENT, **DUTCH, HTTP_IF_NONE_MATCH=dutch["ETag"])
    assert same.status_code == 304


def test_dates_read_in_dutch(owner_client, owner):
    game = pace_games.under10(owner, factories.add_players(owner, ["Ann", "Bob", "Cy"]))
    night = GameNight.objects.create(owner=owner, date=date(2026, 10, 3))
    Game.objects.filter(pk=game.pk).update(night=night)
    assert "za 3 okt 2026" in owner_client.get(reverse("night_list"), **DUTCH).content.decode()
    assert "Sat 3 Oct 2026" in owner_client.get(reverse("night_list"), **ENGLISH).content.decode()


def test_who_won_reads_in_dutch_as_the_winners_are_one_or_two(owner_client, owner):
    """After the winners' names "won" is "won" for one and "wonnen" for partners; a game's
    result on a player's page is "Gewonnen"."""
    ann, bob, cy, dee = factories.add_players(owner, ["Ann", "Bob", "Cy", "Dee"])
    alone = factories.play(
        owner, "fourscore", [ann, bob, cy], [factories.piles([ann, bob, cy], 1, 5, 3)], deals=1
    )
    partners = pace_games.fortyfives(owner, [ann, bob, cy, dee])  # Ann & Cy win
    night = GameNight.objects.create(owner=owner, date=date(2026, 10, 3))
    Game.objects.filter(pk__in=[alone.pk, partners.pk]).update(night=night)
    for url in (reverse("night_list"), reverse("night_detail", args=[night.pk])):
        dutch = owner_client.get(url, **DUTCH).content.decode()
        assert "Ann won" in dutch and "Ann &amp; Cy wonnen" in dutch
        english = owner_client.get(url, **ENGLISH).content.decode()
        assert "Ann won" in english and "Ann &amp; Cy won" in english
    page = owner_client.get(reverse("player_detail", args=[ann.pk]), **DUTCH).content.decode()
    assert "<strong>Gewonnen</strong>" in page


def test_the_api_keeps_its_field_names_and_says_its_errors_in_the_asked_language(owner):
    api = APIClient()
    api.force_authenticate(owner)
    ann, bob = (Player.add(owner, name) for name in ("Ann", "Bob"))
    game = Game.start(owner, "under10", [ann, bob])
    entry = {
        "called_by": ann.pk,
        "hands": [{"player": ann.pk, "points": 12}, {"player": bob.pk, "points": 3}],
    }
    url = f"/api/games/{game.pk}/rounds/"
    dutch = api.post(url, entry, format="json", **DUTCH).json()
    assert dutch["detail"] == "Ronde 1: Ann riep met 12 punten; roepen kan pas onder de 10"
    assert dutch["field"] == f"hands.{ann.pk}"
    english = api.post(url, entry, format="json", **ENGLISH).json()
    assert english["detail"] == "Round 1: Ann called with 12 points; a call needs fewer than 10"
    missing = api.get("/api/games/999999/", **DUTCH).json()
    assert missing["detail"] == "er is geen spel 999999"
    listed = api.get(f"/api/games/{game.pk}/", **DUTCH).json()
    assert "players" in listed and "rounds" in listed


# --- Every page in Dutch: no English left ----------------------------------------------------


class Words(HTMLParser):
    """The words a person reads or hears: text, and the labels and titles of elements; not
    scripts, styles, the names in <code>, nor the QR code's SVG."""

    # <code> holds the names the API keeps in English (an option's, `last_standing`), not words.
    SKIPPED = {"script", "style", "svg", "code"}
    READ_ATTRIBUTES = {"aria-label", "title", "alt", "placeholder"}

    def __init__(self):
        super().__init__()
        self.words: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if self.skipping or tag in self.SKIPPED:
            self.skipping += 1
            return
        for name, value in attrs:
            if name in self.READ_ATTRIBUTES and value:
                self.words += re.findall(r"[^\W\d_]{2,}", value)

    def handle_endtag(self, tag):
        if self.skipping:
            self.skipping -= 1

    def handle_startendtag(self, tag, attrs):
        if not self.skipping:
            self.handle_starttag(tag, attrs)
            if tag not in self.SKIPPED:
                self.handle_endtag(tag)
        # a void element opens nothing to skip

    def handle_data(self, data):
        if not self.skipping:
            # A link's address is not words (the watch link shows its own).
            self.words += re.findall(r"[^\W\d_]{2,}", re.sub(r"\S+://\S+", "", data))


def words_of(html: str) -> set[str]:
    parser = Words()
    parser.feed(html)
    return {word.lower() for word in parser.words}


def leftover_english(english: str, dutch: str, names) -> list[str]:
    allowed = SAME_IN_BOTH | DUTCH_TOO | {part.lower() for name in names for part in name.split()}
    return sorted(words_of(english) & words_of(dutch) - allowed)


def test_the_leftover_check_would_catch_a_word_left_in_english():
    english = '<p title="Round">Ann played</p><script>say("Round")</script>'
    assert leftover_english(english, '<p title="Ronde">Ann played</p>', ["Ann"]) == ["played"]
    assert leftover_english(english, '<p title="Ronde">Ann speelde</p>', ["Ann"]) == []


NAMES = ["Ann", "Bob", "Cy", "Dee", "Utrecht"]


@pytest.fixture
def table(owner):
    """One game of each kind with rounds played, a watch link, and an Under the 10 round page
    with an earlier version (fixed once)."""
    seated = factories.add_players(owner, NAMES[:4])
    games = {
        "fortybelow": pace_games.fortybelow(owner, seated[:3], rounds=3, played=2),
        "fortytwo": pace_games.fortytwo(owner, seated[:3]),
        "under10": pace_games.under10(owner, seated[:3]),
        "fortyfives": pace_games.fortyfives(owner, seated, finished=False),
        "fourscore": pace_games.fourscore(owner, seated[:3], deals=3),
    }
    under10 = games["under10"]
    first = under10.rounds.get(number=1).entry
    under10.replace_round(1, {**first, "hands": first["hands"]}, owner)
    games["under10"].share()
    night = GameNight.objects.create(
        owner=under10.owner, date=date(2026, 11, 23), location="Utrecht"
    )
    Game.objects.filter(pk__in=[game.pk for game in games.values()]).update(night=night)
    return {kind: Game.objects.get(pk=game.pk) for kind, game in games.items()}


# Tricks whose rulings say each kind of sentence: 42's jokers, trump numbers, 15s, pairs, trump
# suit and card order (with what a power outranked), and Forty Fives' trumps and led suits with
# the notes on their surprising orders.
REFEREE_TRICKS = {
    "fortytwo": [
        "trump=LJ",
        "trump=10S&plays=QD",
        "trump=10S&plays=QD-BJ-LJ",
        "trump=10S&plays=QD-LJ",
        "trump=10S&plays=QD-10H",
        "trump=10S&plays=QD-10H-10C",
        "trump=10S&plays=5D-10H-KC",
        "trump=10S&plays=5D-JH-KC",
        "trump=3S&plays=5D-KH-4S",
        "trump=3S&plays=9D-9H-4S",
        "trump=3S&plays=9H-4S-9D",
        "trump=3S&plays=2D-4S",
        "trump=3S&plays=2D-4S-KS",
        "trump=3S&plays=2D-7D-4H",
        "trump=3S&plays=2D-4H",
        "trump=BJ&plays=2D-7D-4H",
        "trump=BJ&plays=2D-4H",
    ],
    "fortyfives": [
        "trump=hearts&plays=6H",
        "trump=hearts&plays=6H-JH-5H-AH",
        "trump=spades&plays=6H-AH",
        "trump=spades&plays=2S-10S",
        "trump=spades&plays=JS-AS",
        "trump=clubs&plays=AH-2C",
        "trump=clubs&plays=3D-4S",
        "trump=clubs&plays=AD-2D-KD",
        "trump=clubs&plays=AD-2D",
        "trump=hearts&plays=AS-2S",
        "trump=hearts&plays=6H-JH-5H-AH&hand=2S-3S-4S-5S_QD-KD-JD-10D_7C-8C-9C-10C_6D-7D-8D-9D",
    ],
}


def owner_pages(games):
    """Every page the owner reads, and the htmx fragments: (url, extra headers, POST data)."""
    under10 = games["under10"]
    yield reverse("home"), {}, None
    yield reverse("game_new"), {}, None
    for kind, game in games.items():
        yield f"{reverse('game_new')}?kind={kind}", {}, None
        yield reverse("game_detail", args=[game.pk]), {}, None
        yield reverse("game_detail", args=[game.pk]), FRAGMENT, None  # the poll
        yield reverse("round_edit", args=[game.pk, 1]), {}, None
        yield reverse("round_detail", args=[game.pk, 1]), {}, None
        yield reverse("round_detail", args=[game.pk, 1]), FRAGMENT, None  # a tap on its number
        if not game.scoreboard.finished:
            yield reverse("round_new", args=[game.pk]), {}, None
    yield reverse("game_shared", args=[under10.share_token]), {}, None
    yield reverse("shared_round", args=[under10.share_token, 3]), {}, None
    yield reverse("join"), {}, None
    yield reverse("game_phones", args=[under10.pk]), {}, None
    yield reverse("night_list"), {}, None
    yield reverse("night_detail", args=[under10.night_id]), {}, None
    yield reverse("player_list"), {}, None
    yield reverse("player_detail", args=[under10.seats[0].player_id]), {}, None
    yield reverse("your_data"), {}, None
    yield reverse("account"), {}, None
    yield reverse("account_delete"), {}, None
    yield reverse("password_change"), {}, None
    yield reverse("password_change_done"), {}, None
    yield reverse("referee", args=["fortytwo"]), {}, None
    yield reverse("referee", args=["fortyfives"]), {}, None
    # The referee's rulings (games/scoring/referee_*.py), page and htmx fragment alike.
    for query in REFEREE_TRICKS["fortytwo"]:
        yield f"{reverse('referee', args=['fortytwo'])}?{query}", {}, None
        yield f"{reverse('referee', args=['fortytwo'])}?{query}", FRAGMENT, None
    for query in REFEREE_TRICKS["fortyfives"]:
        yield f"{reverse('referee', args=['fortyfives'])}?{query}", {}, None
        yield f"{reverse('referee', args=['fortyfives'])}?{query}", FRAGMENT, None
    for kind in games:
        yield reverse("game_rules", args=[kind]), {}, None  # docs/rules/nl/ in Dutch
    yield "/no/such/page/", {}, None
    ann, bob, cy = (seat.player_id for seat in under10.seats)
    number = len(under10.scoreboard.rounds) + 1
    yield (
        reverse("round_preview", args=[under10.pk]),
        FRAGMENT,
        {"number": number, "ended_by": bob, "how": "called", f"points_{ann}": 4,
         f"points_{bob}": 12, f"points_{cy}": 9},
    )  # fmt: skip


def english_left(client, url, headers, data, names) -> list[str]:
    def get(language):
        if data is None:
            return client.get(url, **headers, **language)
        return client.post(url, data, **headers, **language)

    english, dutch = get(ENGLISH), get(DUTCH)
    assert english.status_code == dutch.status_code, url
    return leftover_english(english.content.decode(), dutch.content.decode(), names)


def assert_said_in_dutch(client, url, headers, data, names):
    left = english_left(client, url, headers, data, names)
    assert left == [], f"{url} {headers or ''}: still in English: {left}"


def test_every_owner_page_and_fragment_is_said_in_dutch(owner_client, table):
    left = {}
    for url, headers, data in owner_pages(table):
        if words := english_left(owner_client, url, headers, data, NAMES):
            left[f"{url} {'(htmx)' if headers else ''}"] = words
    assert left == {}


def test_the_visitors_pages_are_said_in_dutch(client, table):
    for url in (reverse("login"), reverse("signup"), reverse("home"), "/no/such/page/"):
        assert_said_in_dutch(client, url, {}, None, NAMES)
    watch = reverse("game_shared", args=[table["under10"].share_token])
    assert_said_in_dutch(client, watch, {}, None, NAMES)
    assert_said_in_dutch(client, watch, FRAGMENT, None, NAMES)
    table["under10"].stop_sharing()
    assert_said_in_dutch(client, watch, {}, None, NAMES)
    assert_said_in_dutch(client, watch, FRAGMENT, None, NAMES)


def test_a_round_of_under_the_10_reads_as_a_dutch_table_says_it(owner_client, table):
    game = table["under10"]
    html = owner_client.get(reverse("game_detail", args=[game.pk]), **DUTCH).content.decode()
    assert "<h1>Onder de 10</h1>" in html
    html = owner_client.get(reverse("round_detail", args=[game.pk, 3]), **DUTCH).content.decode()
    assert "riep Onder de 10 met 7, maar Bob had 6" in html
    assert "riep maar was niet de laagste: strafpunten +20" in html
    html = owner_client.get(reverse("round_detail", args=[game.pk, 5]), **DUTCH).content.decode()
    assert "Joker +10" in html
    form = owner_client.get(reverse("round_new", args=[game.pk]), **DUTCH).content.decode()
    assert "Ronde 6 · Onder de 10" in form
    assert "Riep „Onder de 10!”" in form and "Ruil je hele hand +20" in form


def test_a_forty_fives_team_takes_its_tricks_in_the_plural(owner_client, table):
    form = owner_client.get(reverse("round_new", args=[table["fortyfives"].pk]), **DUTCH)
    assert "Bob &amp; Dee haalden" in form.content.decode()


def test_a_long_games_earlier_rounds_are_said_in_dutch(owner_client, client, owner):
    from bench import entries

    seated = factories.add_players(owner, NAMES[:4])
    game = Game.start(owner, "under10", seated)
    for entry in entries.rounds("under10", [p.pk for p in seated], 30):
        game.add_round(entry, owner)
    token = game.share()
    board = reverse("game_detail", args=[game.pk])
    assert "Rondes 1\N{EN DASH}10" in owner_client.get(board, **DUTCH).content.decode()  # the fold
    for url in (board, reverse("earlier_rounds", args=[game.pk])):
        for headers in ({}, FRAGMENT):
            assert_said_in_dutch(owner_client, url, headers, None, NAMES)
    for headers in ({}, FRAGMENT):
        url = reverse("shared_earlier_rounds", args=[token])
        assert_said_in_dutch(client, url, headers, None, NAMES)
