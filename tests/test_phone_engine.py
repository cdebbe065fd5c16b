"""The phone's engine (games/kinds/phone.py): rounds typed into the round page's form, read by
each game's entry.py and scored without Django, give exactly what the server gives for the same
rounds (the rules' replay, the write path), in English and in Dutch; a blank field, a broken
rule and a round saved meanwhile come back as the error, said as the round page says it."""

import json
import subprocess
import sys

import pytest
from django.conf import settings as django_settings
from django.utils import translation
from django.utils.datastructures import MultiValueDict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kinds import GAMES, phone
from games.kinds.base import kind_ui
from games.kinds.fortybelow.tests import test_rules as test_fortybelow
from games.kinds.fortyfives.tests import test_rules as test_fortyfives
from games.kinds.fortytwo.tests import test_rules as test_fortytwo
from games.kinds.under10.tests import test_rules as test_under10
from games.models import Game, Player
from games.scoring import EntryError, FormData
from games.scoring.numbers import shown, signed
from games.words import said

DUTCH = phone.translations_for("nl", str(django_settings.LOCALE_PATHS[0]))


def posted(fields: dict) -> dict[str, list[str]]:
    """A form's fields as a browser posts them: each a list of strings (a ticked button "1")."""
    lists = {}
    for name, value in fields.items():
        values = value if isinstance(value, list) else [value]
        lists[name] = ["1" if item is True else str(item) for item in values if item is not None]
    return lists


def form_of(kind: str, entry: dict) -> dict[str, list[str]]:
    return posted(kind_ui(GAMES[kind]).form_data(entry))


def bids_alone(kind: str, entry: dict) -> dict | None:
    """A complete round's first step, for the games that save it in two (42's bids, a Forty
    Fives bid); None for any other round."""
    if kind == "fortytwo" and all("tricks" in hand for hand in entry["hands"]):
        return {"hands": [{k: v for k, v in h.items() if k != "tricks"} for h in entry["hands"]]}
    if kind == "fortyfives" and "tricks" in entry:
        return {k: v for k, v in entry.items() if k not in ("tricks", "high_trump")}
    return None


def names_of(players) -> dict[int, str]:
    return {player: f"P{player}" for player in players}


def request(kind, names, base, rounds) -> dict:
    """As the page's script sends it: through JSON, its player ids as strings."""
    return json.loads(json.dumps({"kind": kind, "names": names, "base": base, "rounds": rounds}))


def said_rounds(board_rounds, language: str) -> list[dict]:
    """The server's rounds as the phone's answer lists them, said by Django in `language`."""
    with translation.override(language):
        return [
            {
                "number": r.number,
                "dealer": r.dealer,
                "status": r.status,
                "results": [
                    {
                        "player": line.player,
                        "points": line.points,
                        "total": line.total,
                        "points_shown": signed(line.points),
                        "total_shown": shown(line.total),
                        "notes": [said(note) for note in line.notes],
                    }
                    for line in r.results
                ],
                "notes": [said(note) for note in r.notes],
            }
            for r in board_rounds
        ]


def said_standings(board) -> list[dict]:
    """A scoreboard's standings as the phone's answer gives them."""
    return [
        {
            "player": s.player,
            "total": s.total,
            "total_shown": shown(s.total),
            "rank": s.rank,
            "eliminated": s.eliminated,
        }
        for s in board.standings
    ]


def assert_the_same_end(answer: dict, full) -> None:
    """The phone's answer ends the game as the rules' scoreboard `full` does: standings, winners,
    the deal and the open round."""
    assert answer["standings"] == said_standings(full)
    assert answer["finished"] == full.finished
    assert answer["winners"] == full.winners
    assert answer["next_dealer"] == full.next_dealer
    assert answer["active"] == full.active_players
    opened = full.open_round
    assert answer["open"] == (
        {"number": opened.number, "dealer": opened.dealer, "entry": opened.entry}
        if opened
        else None
    )


def typed_on_the_phone(kind, players, entries, data, setup) -> tuple[dict, list[dict], int]:
    """`entries` as the phone sends them: the rounds the server saved (its table the base), the
    rest typed as the round page's forms, 42's and Forty Fives' rounds now and then bids first;
    the server's open round, if it has one, sent as the entry it keeps (and now and then
    completed on the phone). The base, the rounds sent, and how many the server saved whole."""
    rules = GAMES[kind]
    start = rules.start(players, setup.get("first_dealer"), setup.get("options"), names_of(players))
    on_server = data.draw(st.integers(0, len(entries)), label="rounds the server saved")
    server = rules.play_on(start, entries[:on_server])
    base = server.states[-1] if on_server else start.state()
    items = []
    for number, entry in enumerate(entries[on_server:], start=on_server + 1):
        first_step = bids_alone(kind, entry)
        if first_step is not None and data.draw(st.booleans(), label="bid saved first"):
            items.append({"number": number, "form": form_of(kind, first_step)})
        items.append({"number": number, "form": form_of(kind, entry)})
    # The server's open round (a bid saved alone, its result perhaps typed on the phone): its
    # table before that round, and the round as the entry it keeps.
    server_open = None
    if on_server and server.rounds[-1].status == "open":
        server_open = [{"number": on_server, "entry": entries[on_server - 1]}]
    elif (
        on_server
        and (opened := bids_alone(kind, entries[on_server - 1])) is not None
        and data.draw(st.booleans(), label="server's round open")
    ):
        completed = form_of(kind, entries[on_server - 1])
        server_open = [
            {"number": on_server, "entry": opened},
            {"number": on_server, "form": completed},
        ]
    if server_open:
        base = server.states[-2] if on_server > 1 else start.state()
        items[:0] = server_open
        on_server -= 1
    return base, items, on_server


def check_the_phone_plays_as_the_server(kind, players, entries, data, **setup):
    """`entries` typed on the phone (`typed_on_the_phone`), played in two calls as the phone
    goes on from the state the first answers: the same rounds, notes in English and Dutch,
    standings and state as the rules' replay."""
    rules = GAMES[kind]
    names = names_of(players)
    full = rules.replay(players, entries, names=names, **setup)
    base, items, on_server = typed_on_the_phone(kind, players, entries, data, setup)
    # The phone calls again from the state its answer gave, once no round is open.
    split = data.draw(st.integers(0, len(items)), label="second call from")
    while True:
        first = phone.play(request(kind, names, base, items[:split]))
        if first["open"] is None or not split:
            break
        split -= 1
    assert first["error"] is None
    answer = phone.play(request(kind, names, first["state"] if split else base, items[split:]))
    assert answer["error"] is None, answer["error"]
    assert first["rounds"] + answer["rounds"] == said_rounds(full.rounds[on_server:], "en")
    in_dutch = phone.play(request(kind, names, base, items), DUTCH)
    assert in_dutch["rounds"] == said_rounds(full.rounds[on_server:], "nl")
    start = rules.start(players, setup.get("first_dealer"), setup.get("options"), names)
    final = rules.play_on(start, entries)
    assert answer["state"] == json.loads(json.dumps(final.table.state()))
    assert_the_same_end(answer, full)
    opened = full.open_round
    assert answer["next_number"] == (opened.number if opened else len(full.rounds) + 1)


@settings(max_examples=50)  # whole games of up to 30 hands: a hundred take seconds
@given(test_fortytwo.whole_games(), st.data())
def test_42_on_the_phone_scores_as_the_server(game, data):
    players, first_dealer, entries, _totals, _winners = game
    check_the_phone_plays_as_the_server(
        "fortytwo", players, entries, data, first_dealer=first_dealer
    )


@given(test_fortyfives.games(), st.data())
def test_forty_fives_on_the_phone_scores_as_the_server(game, data):
    options, entries = game
    check_the_phone_plays_as_the_server(
        "fortyfives", test_fortyfives.PLAYERS, entries, data, options=options
    )


@given(test_fortybelow.games(), st.data())
def test_fortybelow_on_the_phone_scores_as_the_server(game, data):
    players, first_dealer, options, entries = game
    check_the_phone_plays_as_the_server(
        "fortybelow", players, entries, data, first_dealer=first_dealer, options=options
    )


@given(test_under10.games(), st.data())
def test_under_the_10_on_the_phone_scores_as_the_server(game, data):
    players, setup, entries = game
    check_the_phone_plays_as_the_server("under10", players, entries, data, **setup)


@given(st.integers(2, 6), st.data())
def test_fourscore_on_the_phone_scores_as_the_server(count, data):
    players = list(range(1, count + 1))
    entries = [
        {"hands": [{"player": p, "pile": data.draw(st.integers(0, 60))} for p in players]}
        for _ in range(data.draw(st.integers(0, 3)))
    ]
    check_the_phone_plays_as_the_server("fourscore", players, entries, data, options={"deals": 3})


@settings(max_examples=10, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(2, 6), st.integers(0, 4), st.data())
def test_the_sixth_game_on_the_phone_scores_as_the_server(sixth_game, count, rounds, data):
    players = list(range(1, count + 1))
    entries = [sixth_game.sample_round(players, number) for number in range(1, rounds + 1)]
    check_the_phone_plays_as_the_server("highest", players, entries, data)


# --- One conversion: the server's form and the phone read the same fields the same way -------

FORM_CASES = {
    "fortybelow": [],
    "fourscore": [],
    "fortytwo": [lambda p: {"hands": [{"player": q, "bid": 2} for q in p]}],
    "fortyfives": [
        lambda p: {"thrown_in": True},
        lambda p: {"bidder": p[1], "bid": 25},
        lambda p: {
            "bidder": p[2],
            "bid": 20,
            "trump": "spades",
            "tricks": {"A": 1, "B": 4},
            "high_trump": None,
        },
    ],
    "under10": [
        lambda p: {
            "empty_hand": p[0],
            "hands": [
                {"player": p[0], "cards": []},
                {"player": p[1], "points": 12, "bonus": ["joker"]},
                {"player": p[2], "cards": [3, 11]},
                {"player": p[3], "cards": [], "bonus": ["joker"]},
            ],
        }
    ],
}


@pytest.mark.django_db
@pytest.mark.parametrize("kind", list(FORM_CASES))
def test_the_round_forms_entry_is_form_entry_of_the_posted_strings(kind, owner):
    seated = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    ids = [player.pk for player in seated]
    game = Game.start(owner, kind, seated)
    rules = GAMES[kind]
    cases = [rules.sample_round(ids, number) for number in (1, 2)]
    cases += [case(ids) for case in FORM_CASES[kind]]
    for entry in cases:
        fields = form_of(kind, entry)
        form = kind_ui(rules).round_form(MultiValueDict(fields), game=game, board=game.scoreboard)
        assert form.is_valid(), form.errors
        typed = phone.entry_module(rules).form_entry(FormData(fields), form.players)
        assert form.build_entry() == typed == entry


# --- What the phone says when a round can't be played ----------------------------------------

PLAYERS = [12, 13, 14]
NAMES = names_of(PLAYERS)


def fourscore(rounds) -> dict:
    table = GAMES["fourscore"].start(PLAYERS, options={"deals": 3}, names=NAMES)
    return request("fourscore", NAMES, table.state(), rounds)


def piles(*counts) -> dict[str, list[str]]:
    return {f"pile_{p}": [str(count)] for p, count in zip(PLAYERS, counts, strict=True)}


def test_a_blank_field_is_incomplete_and_the_rounds_before_it_stand():
    answer = phone.play(
        fourscore([{"number": 1, "form": piles(3, 4, 5)}, {"number": 2, "form": piles(3, "", 5)}])
    )
    assert answer["error"] == {
        "number": 2,
        "message": "Fill in every player's hand to see the scores.",
        "field": "pile_13",
        "incomplete": True,
    }
    assert [r["number"] for r in answer["rounds"]] == [1]
    assert answer["next_number"] == 2
    assert phone.play(fourscore([{"number": 1, "form": piles(3, "four", 5)}]))["error"][
        "incomplete"
    ]


def test_a_broken_rule_is_the_engines_message_in_the_phones_language():
    rounds = [{"number": 1, "form": piles(3, -4, 5)}]
    with pytest.raises(EntryError) as refused:
        GAMES["fourscore"].play_on(
            GAMES["fourscore"].start(PLAYERS, options={"deals": 3}, names=NAMES),
            [
                {
                    "hands": [
                        {"player": 12, "pile": 3},
                        {"player": 13, "pile": -4},
                        {"player": 14, "pile": 5},
                    ]
                }
            ],
        )
    english = phone.play(fourscore(rounds))["error"]
    assert english == {
        "number": 1,
        "message": refused.value.message,
        "field": refused.value.field,
        "incomplete": False,
    }
    with translation.override("nl"):
        dutch = said(refused.value.message)
    assert dutch != refused.value.message
    assert phone.play(fourscore(rounds), DUTCH)["error"]["message"] == dutch


@pytest.mark.parametrize(
    ("numbers", "message"),
    [
        ([1, 3], "There is no round 3."),
        ([1, 1], "Round 1 was already saved."),
        ([1, 2, 1], "Round 1 was already saved."),
    ],
)
def test_a_round_neither_open_nor_next_is_refused(numbers, message):
    rounds = [{"number": number, "form": piles(3, 4, 5)} for number in numbers]
    answer = phone.play(fourscore(rounds))
    assert answer["error"] == {
        "number": numbers[-1],
        "message": message,
        "field": None,
        "incomplete": False,
    }
    assert len(answer["rounds"]) == len(numbers) - 1


def bids(*counts, tricks=()) -> dict[str, list[str]]:
    fields = {f"bid_{p}": [str(count)] for p, count in zip(PLAYERS, counts, strict=True)}
    if tricks:
        fields.update({f"tricks_{p}": [str(n)] for p, n in zip(PLAYERS, tricks, strict=True)})
    return fields


def fortytwo(rounds) -> dict:
    table = GAMES["fortytwo"].start(PLAYERS, names=NAMES)
    return request("fortytwo", NAMES, table.state(), rounds)


def test_an_open_round_is_completed_by_its_result_and_nothing_else():
    opened = {"number": 1, "form": bids(1, 2, 3)}
    answer = phone.play(fortytwo([opened]))
    assert answer["open"] == {
        "number": 1,
        "dealer": 12,
        "entry": {
            "hands": [{"player": p, "bid": b} for p, b in zip(PLAYERS, (1, 2, 3), strict=True)]
        },
    }
    assert answer["next_number"] == 1
    assert answer["rounds"][0]["notes"] == ["bids saved; tricks to come"]
    still_open = phone.play(fortytwo([opened, {"number": 2, "form": bids(1, 2, 3)}]))["error"]
    assert still_open["message"] == "Round 1 is still open: finish it first."
    again = phone.play(fortytwo([opened, opened]))["error"]
    assert again == {
        "number": 1,
        "message": "the result of the hand is missing",
        "field": "entry",
        "incomplete": False,
    }
    done = phone.play(fortytwo([opened, {"number": 1, "form": bids(1, 2, 3, tricks=(1, 2, 4))}]))
    assert [(r["number"], r["status"]) for r in done["rounds"]] == [(1, "complete")]
    assert done["open"] is None and done["next_number"] == 2


@pytest.mark.django_db
def test_the_phone_continues_the_servers_game_as_its_write_path_does(owner):
    seated = [Player.add(owner, name) for name in ("Ann", "Bob", "Cy")]
    ids = [player.pk for player in seated]
    game = Game.start(owner, "fortytwo", seated)
    game.save_round(
        1,
        {
            "hands": [
                {"player": p, "bid": 2, "tricks": t} for p, t in zip(ids, (2, 2, 3), strict=True)
            ]
        },
        owner,
    )
    game.save_round(
        2, {"hands": [{"player": p, "bid": b} for p, b in zip(ids, (1, 3, 1), strict=True)]}, owner
    )
    server = Game.objects.get(pk=game.pk)
    before_open = server.rounds.get(number=1).state
    names = {str(p): n for p, n in server.player_names.items()}
    result = {f"bid_{p}": [str(b)] for p, b in zip(ids, (1, 3, 1), strict=True)}
    result.update({f"tricks_{p}": [str(t)] for p, t in zip(ids, (1, 3, 3), strict=True)})
    answer = phone.play(
        request(
            "fortytwo",
            names,
            before_open,
            [
                {"number": 2, "entry": server.rounds.get(number=2).entry},
                {"number": 2, "form": result},
            ],
        )
    )
    assert answer["error"] is None
    form = kind_ui(server.rules).round_form(
        MultiValueDict(result), game=server, board=server.scoreboard, number=2
    )
    server.save_round(2, form.entry(), owner)
    saved = Game.objects.get(pk=game.pk)
    assert answer["state"] == saved.rounds.get(number=2).state
    assert answer["rounds"] == said_rounds(saved.scoreboard.rounds[1:], "en")
    assert answer["standings"] == said_standings(saved.scoreboard)


def test_fortybelows_complete_grids_are_tallied_and_marked_for_the_preview():
    players = [12, 13, 14]
    typed = {"went_out": ["12"]}  # Cy's grid still to type, but for one card
    for player, grid in zip(
        players[:2], ([[5, 5, 3], [5, 5, -1]], [[7, 2, 7], [7, 9, 7]]), strict=True
    ):
        typed.update(
            {
                f"card_{player}_{r}{c}": [str(card)]
                for r, row in enumerate(grid)
                for c, card in enumerate(row)
            }
        )
    typed["card_14_00"] = ["4"]  # a grid not yet complete: no tally
    table = GAMES["fortybelow"].start(players, names=names_of(players))
    answer = phone.play(
        request("fortybelow", names_of(players), table.state(), [{"number": 1, "form": typed}])
    )
    assert answer["error"]["incomplete"]
    assert answer["hands"] == [
        {
            "player": 12,
            "score": "\N{MINUS SIGN}38",
            "block": ["id_card_12_00", "id_card_12_10", "id_card_12_01", "id_card_12_11"],
            "cancel": [],
        },
        {
            "player": 13,
            "score": "11",
            "block": [],
            "cancel": ["id_card_13_00", "id_card_13_10", "id_card_13_02", "id_card_13_12"],
        },
    ]


def test_the_phones_modules_import_no_django():
    modules = ", ".join(
        ["games.kinds.phone", "games.scoring", *(f"games.kinds.{kind}.entry" for kind in GAMES)]
    )
    check = f"import sys, {modules}; assert not [m for m in sys.modules if m.startswith('django')]"
    subprocess.run([sys.executable, "-c", check], check=True, cwd=django_settings.BASE_DIR)
