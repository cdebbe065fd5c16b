"""Each game's pages are its kind's package (games/kinds/<kind>/), found through the registry:
the round page's form, a seat's part, the entry in words, and `form_data`, the round form's
POST data for an entry, which the benchmark and the tests post."""

import pytest
from django.urls import reverse

from bench import entries
from games.kinds import GAMES, folder_of
from games.kinds.base import kind_ui
from games.models import Game, Player
from tests.markup import parse

pytestmark = pytest.mark.django_db

KINDS = ["fortybelow", "fortytwo", "under10", "fortyfives", "fourscore"]


def test_every_games_folder_gives_what_the_pages_need():
    for kind, rules in GAMES.items():
        assert folder_of(rules).name == kind
        ui = kind_ui(rules)
        assert ui.round_form.inputs_template == f"{kind}/round.html"
        assert ui.part_form.inputs_template == f"{kind}/seat_part.html"
        assert callable(ui.describe) and callable(ui.form_data)
        assert (folder_of(rules) / "templates" / kind / "round.html").is_file()


@pytest.mark.parametrize("kind", KINDS)
def test_the_benchmarks_rounds_posted_as_form_data_save_exactly_their_entries(
    kind, owner, owner_client
):
    names = ["Ann", "Bob", "Cy", "Dee"]
    players = [Player.add(owner, name) for name in names]
    options = {"deals": 3} if kind == "fourscore" else None  # one deal by default
    game = Game.start(owner, kind, players, options=options)
    ids = [p.pk for p in players]
    for number, entry in enumerate(entries.rounds(kind, ids, 3), start=1):
        data = entries.form_data(kind, entry, number)
        answer = owner_client.post(reverse("round_new", args=[game.pk]), data)
        assert answer.status_code == 302, answer.content.decode()[:2000]
        assert game.rounds.get(number=number).entry == entry


def entry_read_back(kind, game, entry):
    """What the round form makes of the entry's form data."""
    form = kind_ui(GAMES[kind]).round_form(
        kind_ui(GAMES[kind]).form_data(entry), game=game, board=game.scoreboard
    )
    return form.entry()


def test_form_data_is_the_reverse_of_each_round_forms_cleaning(owner):
    ann, bob, cy, dee = (Player.add(owner, name).pk for name in ("Ann", "Bob", "Cy", "Dee"))
    cases = {
        "under10": [
            {
                "empty_hand": ann,
                "hands": [
                    {"player": ann, "cards": []},
                    {"player": bob, "points": 12, "bonus": ["joker"]},
                    {"player": cy, "cards": [3, 11]},
                    {"player": dee, "cards": [], "bonus": ["joker"]},
                ],
            },
        ],
        "fortytwo": [
            {"hands": [{"player": p, "bid": 2} for p in (ann, bob, cy, dee)]},
        ],
        "fortyfives": [
            {"thrown_in": True},
            {"bidder": bob, "bid": 25},
            {
                "bidder": cy,
                "bid": 20,
                "trump": "spades",
                "tricks": {"A": 1, "B": 4},
                "high_trump": None,
            },
        ],
    }
    for kind, kind_entries in cases.items():
        game = Game.start(owner, kind, Player.objects.filter(owner=owner).order_by("pk"))
        for entry in kind_entries:
            assert entry_read_back(kind, game, entry) == entry, (kind, entry)


@pytest.mark.parametrize(
    ("kind", "scripts"),
    [
        ("fortybelow", ["js/app.js", "js/dock.js", "fortybelow/fortybelow.js", "js/drafts.js"]),
        (
            "fortytwo",
            ["js/app.js", "js/dock.js", "fortytwo/dealer.js", "fortytwo/keypad.js", "js/drafts.js"],
        ),
        ("fortyfives", ["js/app.js", "fortyfives/tricks.js", "js/drafts.js"]),
        ("under10", ["js/app.js", "js/dock.js", "under10/under10.js", "js/drafts.js"]),
        ("fourscore", ["js/app.js", "js/drafts.js"]),
    ],
)
def test_a_round_page_loads_the_scripts_its_kind_names(kind, scripts, owner, owner_client):
    players = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    game = Game.start(owner, kind, players)
    page = owner_client.get(reverse("round_new", args=[game.pk])).content.decode()
    loaded = [
        script["src"].removeprefix("/static/")
        for script in parse(page).find_all("script[src^='/static/'][defer]")
    ]
    assert loaded[loaded.index("js/app.js") :] == scripts  # after base.html's own
