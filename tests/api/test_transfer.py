"""GET /api/export/ and POST /api/import/: one document, imported all or nothing."""

import copy

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, GameNight, Player
from tests.factories import piles

from .conftest import add_players, bids, everything_saved, post_round, start_game

pytestmark = [pytest.mark.django_db, pytest.mark.database]

PLAYER_FIELDS = ("went_out", "called_by", "empty_hand", "bidder")


@pytest.fixture
def account(api):
    """An account with a game of every kind (one with an open round), two nights and a player
    who never played."""
    ann, bob, cy, dee = add_players(api, "Ann", "Bob", "Cy", "Dee")
    add_players(api, "Zoë 🂡")
    friday = api.post(
        "/api/nights/",
        {"date": "2026-11-20", "location": "Den", "notes": "Bring snacks\nand cards"},
        format="json",
    ).json()
    saturday = api.post("/api/nights/", {"date": "2026-11-21"}, format="json").json()

    fortybelow = start_game(api, "fortybelow", [cy, ann], night=friday["id"], options={"rounds": 3})
    post_round(
        api,
        fortybelow["id"],
        {
            "went_out": ann,
            "hands": [
                {"player": cy, "grid": [[1, 2, 3], [4, 5, 6]]},
                {"player": ann, "grid": [[5, 5, 3], [5, 5, -1]]},
            ],
        },
    )
    fortytwo = start_game(api, "fortytwo", [ann, bob, cy], first_dealer=cy, night=friday["id"])
    post_round(api, fortytwo["id"], bids([ann, bob, cy], [2, 0, 4], [2, 1, 4]))
    post_round(api, fortytwo["id"], bids([ann, bob, cy], [1, 1, 1]))  # open
    under10 = start_game(
        api, "under10", [bob, dee], options={"end": "first_out"}, night=saturday["id"]
    )
    post_round(
        api,
        under10["id"],
        {
            "empty_hand": dee,
            "hands": [
                {"player": bob, "cards": [3, 4], "bonus": ["trade_hand"]},
                {"player": dee, "points": 0},
            ],
        },
    )
    fortyfives = start_game(
        api, "fortyfives", [ann, bob, cy, dee], options={"thirty_for_sixty": True}
    )
    post_round(
        api,
        fortyfives["id"],
        {"bidder": dee, "bid": 30, "trump": "clubs", "tricks": {"A": 0, "B": 5}, "high_trump": "B"},
    )
    fourscore = start_game(api, "fourscore", [dee, cy], first_dealer=cy)
    post_round(api, fourscore["id"], piles([dee, cy], 4, 6))
    return api


def export(client):
    response = client.get("/api/export/")
    assert response.status_code == 200
    return response.json()


def without_ids(document):
    """The document with every id replaced by what it stands for: names and positions."""
    names = {player["id"]: player["name"] for player in document["players"]}
    nights = {night["id"]: index for index, night in enumerate(document["nights"])}

    def entry_by_name(entry):
        entry = {
            key: names[value] if key in PLAYER_FIELDS else value for key, value in entry.items()
        }
        if "hands" in entry:
            entry["hands"] = [{**hand, "player": names[hand["player"]]} for hand in entry["hands"]]
        return entry

    return {
        "format": document["format"],
        "players": [player["name"] for player in document["players"]],
        "nights": [
            {key: value for key, value in night.items() if key != "id"}
            for night in document["nights"]
        ],
        "games": [
            {
                "kind": game["kind"],
                "night": None if game["night"] is None else nights[game["night"]],
                "players": [names[player] for player in game["players"]],
                "first_dealer": names[game["first_dealer"]],
                "options": game["options"],
                "rounds": [
                    {"number": round_["number"], "entry": entry_by_name(round_["entry"])}
                    for round_ in game["rounds"]
                ],
            }
            for game in document["games"]
        ],
    }


def scoreboards_by_name(client):
    """Every game's standings and winners, by player name, oldest game first."""
    boards = []
    for summary in reversed(client.get("/api/games/").json()):
        game = client.get(f"/api/games/{summary['id']}/").json()
        names = {player["id"]: player["name"] for player in game["players"]}
        boards.append(
            {
                "standings": [
                    (names[s["player"]], s["total"], s["rank"]) for s in game["standings"]
                ],
                "winners": [names[player] for player in game["winners"]],
                "finished": game["finished"],
                "rounds": [round_["status"] for round_ in game["rounds"]],
            }
        )
    return boards


def test_it_exports_everything_in_the_order_it_was_created(account, owner):
    document = export(account)
    assert document["format"] == "scorekeeper/1"
    assert document["exported_at"]
    assert [player["name"] for player in document["players"]] == [
        "Ann",
        "Bob",
        "Cy",
        "Dee",
        "Zoë 🂡",
    ]
    assert [night["date"] for night in document["nights"]] == ["2026-11-20", "2026-11-21"]
    assert [game["kind"] for game in document["games"]] == [
        "fortybelow",
        "fortytwo",
        "under10",
        "fortyfives",
        "fourscore",
    ]
    fortytwo = document["games"][1]
    ann, bob, cy = (player["id"] for player in document["players"][:3])
    assert fortytwo == {
        "id": Game.objects.get(kind="fortytwo").pk,
        "kind": "fortytwo",
        "night": document["nights"][0]["id"],
        "players": [ann, bob, cy],
        "first_dealer": cy,
        "options": {},
        "rounds": [
            {"number": 1, "entry": bids([ann, bob, cy], [2, 0, 4], [2, 1, 4])},
            {"number": 2, "entry": bids([ann, bob, cy], [1, 1, 1])},
        ],
    }


def test_export_then_import_into_an_empty_account_then_export_gives_the_same_document(
    account, outsider_api
):
    first = export(account)
    response = outsider_api.post("/api/import/", first, format="json")
    assert response.status_code == 201
    assert response.json() == {"players": 5, "nights": 2, "games": 5}
    second = export(outsider_api)
    assert without_ids(second) == without_ids(first)
    assert {player["id"] for player in second["players"]}.isdisjoint(
        player["id"] for player in first["players"]
    )
    assert scoreboards_by_name(outsider_api) == scoreboards_by_name(account)


def test_players_are_matched_by_name_ignoring_case(account, outsider_api, outsider):
    [existing] = add_players(outsider_api, "ANN")
    outsider_api.post("/api/import/", export(account), format="json")
    assert Player.objects.filter(owner=outsider).count() == 5
    ann_games = Game.objects.filter(owner=outsider, seat__player=existing).count()
    assert ann_games == 3


def test_importing_twice_adds_the_nights_and_games_again_but_not_the_players(account, owner):
    document = export(account)
    assert account.post("/api/import/", document, format="json").status_code == 201
    assert Player.objects.filter(owner=owner).count() == 5
    assert GameNight.objects.filter(owner=owner).count() == 4
    assert Game.objects.filter(owner=owner).count() == 10


def test_an_empty_document_imports_nothing(outsider_api):
    document = {"format": "scorekeeper/1", "players": [], "nights": [], "games": []}
    response = outsider_api.post("/api/import/", document, format="json")
    assert response.status_code == 201
    assert response.json() == {"players": 0, "nights": 0, "games": 0}


def broken(document, change):
    document = copy.deepcopy(document)
    change(document)
    return document


def set_entry(game, number, entry):
    def change(document):
        document["games"][game]["rounds"][number - 1]["entry"] = entry

    return change


BREAKAGES = {
    "not an object": (lambda d: None, "Invalid data"),
    "another format": (lambda d: d.update(format="scorekeeper/2"), "format"),
    "no games": (lambda d: d.pop("games"), "games: This field is required."),
    "a name that is a number": (lambda d: d["players"][0].update(name=7), "players.0.name"),
    "two players called ann": (
        lambda d: d["players"][1].update(name="ann "),
        "the document has two players called ann",
    ),
    "two players with one id": (
        lambda d: d["players"][1].update(id=d["players"][0]["id"]),
        "two players with id",
    ),
    "a name too long": (lambda d: d["players"][4].update(name="x" * 41), "at most 40 characters"),
    "a bad date": (lambda d: d["nights"][0].update(date="2026-13-01"), "nights.0.date"),
    "notes with a NUL": (
        lambda d: d["nights"][0].update(notes="\x00"),
        "Null characters are not allowed",
    ),
    "a place with a bell": (
        lambda d: d["nights"][1].update(location="\x07"),
        "can't contain control characters",
    ),
    "an unknown kind": (
        lambda d: d["games"][0].update(kind="chess"),
        "there is no game called chess",
    ),
    "a seat for a stranger": (
        lambda d: d["games"][0]["players"].append(999999),
        "names player 999999, who is not in the document",
    ),
    "a night not in the document": (
        lambda d: d["games"][0].update(night=999999),
        "is on night 999999, which is not in the document",
    ),
    "an unknown option": (
        lambda d: d["games"][0].update(options={"deals": 2}),
        "has no option deals",
    ),
    "rounds out of order": (
        lambda d: d["games"][1]["rounds"][0].update(number=2),
        "its rounds must be numbered 1, 2, 3... in order",
    ),
    "an entry that is not an object": (set_entry(1, 1, [1, 2]), "rounds.0.entry"),
    "tricks that do not add up": (
        lambda d: d["games"][1]["rounds"][0]["entry"]["hands"][0].update(tricks=3),
        "round 1: tricks add up to 8; a hand has 7 tricks",
    ),
    "a stranger in an entry": (
        lambda d: d["games"][4]["rounds"][0]["entry"]["hands"][0].update(player=999999),
        "names player 999999, who is not in the document",
    ),
    "a round after an open one": (
        lambda d: d["games"][1]["rounds"].append(
            {"number": 3, "entry": d["games"][1]["rounds"][0]["entry"]}
        ),
        "round 3: round 2 is still open; finish it first",
    ),
    "a round after the end": (
        lambda d: d["games"][4]["rounds"].append(
            {"number": 2, "entry": d["games"][4]["rounds"][0]["entry"]}
        ),
        "round 2: the game is already over",
    ),
    "a pile too big to keep": (
        lambda d: d["games"][4]["rounds"][0]["entry"]["hands"][0].update(pile=10**30),
        "too large",
    ),
}


@pytest.mark.parametrize("breakage", BREAKAGES)
def test_a_malformed_or_invalid_document_is_refused_whole_and_changes_nothing(
    account, outsider_api, breakage
):
    change, message = BREAKAGES[breakage]
    document = export(account)
    document = [] if breakage == "not an object" else broken(document, change)
    add_players(outsider_api, "Ann")  # so a half-done import would show in the counts
    before = everything_saved()
    response = outsider_api.post("/api/import/", document, format="json")
    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert everything_saved() == before


def test_the_outsiders_export_holds_nothing_of_the_owners(account, outsider_api):
    assert export(outsider_api) | {"exported_at": None} == {
        "format": "scorekeeper/1",
        "exported_at": None,
        "players": [],
        "nights": [],
        "games": [],
    }


def test_the_export_takes_the_same_few_queries_however_many_games(account):
    with CaptureQueriesContext(connection) as five_games:
        export(account)
    account.post("/api/import/", export(account), format="json")
    with CaptureQueriesContext(connection) as ten_games:
        assert len(export(account)["games"]) == 10
    assert len(ten_games) == len(five_games)
