"""The registry is the only per-game place: every registered game (and a sixth one registered by
a test) declares everything the rest of the app reads from it, and what it declares works."""

import inspect
import os
import re
from functools import cache
from pathlib import Path

import pytest
from django.template.loader import get_template
from django.urls import reverse
from django.utils import translation

from bench import entries
from games.kinds import GAMES, REFEREES, folder_of
from games.kinds.base import kind_ui
from games.kinds.phone import entry_module
from games.models import Game, Player
from games.scoring.base import ExtraStat, Info
from games.scoring.schema import OneOf, Shape, shapes
from games.views.referee import PARTS
from games.words import info_said, said

from .sixth_game import rules as highest

EVERY_GAME = [*GAMES.values(), highest.GAME]


def board_of(rules):
    players = list(range(1, rules.min_players + 1))
    return rules.replay(players, [], names={p: f"P{p}" for p in players})


@pytest.mark.parametrize("rules", EVERY_GAME, ids=lambda rules: rules.kind)
def test_every_game_declares_its_entry_its_players_its_lines_and_its_statistics(rules):
    assert isinstance(rules.version, int) and rules.version >= 1, "the rules' version"
    assert isinstance(rules.entry_schema, Shape | OneOf)
    for shape in shapes(rules.entry_schema):
        assert set(shape.required_fields) <= set(shape.fields), shape.name
    assert rules.player_fields, "an entry names its players somewhere"
    lines = rules.information(board_of(rules))
    assert isinstance(lines, list) and all(isinstance(line, Info) for line in lines)
    assert all(isinstance(stat, ExtraStat) for stat in rules.extra_stats)
    assert set(rules.extra_stats_of(1, [])) == {stat.key for stat in rules.extra_stats}
    assert kind_ui(rules).round_form, "its pages' package, named by `ui_module`"
    assert callable(entry_module(rules).form_entry), "entry.py, which a phone reads forms with"


@pytest.mark.parametrize("rules", list(GAMES.values()), ids=lambda rules: rules.kind)
def test_a_game_with_a_trick_referee_declares_its_engine_and_its_part_of_the_page(rules):
    page = kind_ui(rules).referee
    assert (rules.kind in REFEREES) == (page is not None), "referee.py and its pages' referee"
    if page is None:
        return
    referee = REFEREES[rules.kind]
    # The API calls `judge` with the request's fields by name.
    assert list(inspect.signature(referee.judge).parameters) == list(referee.request.fields)
    assert "plays" in referee.request.fields
    # The API names the endpoint after it: `FortyTwoTrick`, "Forty Two Referee".
    assert referee.request.name.endswith("Trick")
    assert referee.follows_hand == (referee.teams is not None)
    for name in PARTS if referee.follows_hand else ("trump_prompt", "restart"):
        assert get_template(f"{page.template}#{name}"), name


def every_shape(item):
    """The shapes in a schema, nested ones too (a hand in an entry)."""
    if isinstance(item, Shape):
        yield item
        for field in item.fields.values():
            yield from every_shape(field)
    elif isinstance(item, OneOf):
        for variant in item.variants:
            yield from every_shape(variant)
    elif hasattr(item, "item"):
        yield from every_shape(item.item)


def test_no_two_shapes_share_a_name_nor_two_games_an_extra_statistic():
    by_name = {}
    for rules in EVERY_GAME:
        for shape in every_shape(rules.entry_schema):
            assert by_name.setdefault(shape.name, shape) == shape, f"two shapes {shape.name}"
    assert {"FortyBelowHand", "UnderTheTenHand", "HighestHand"} <= set(by_name)
    keys = [stat.key for rules in EVERY_GAME for stat in rules.extra_stats]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("rules", list(GAMES.values()), ids=lambda rules: rules.kind)
def test_every_information_line_and_statistic_label_is_said_in_the_pages_language(rules, language):
    names = {p: f"P{p}" for p in range(1, 8)}
    board = board_of(rules)
    with translation.override(language):
        for line in rules.information(board):
            text = info_said(line, names)
            assert text and "%(" not in text
        for stat in rules.extra_stats:
            label = said(stat.label)
            assert label and "%(" not in label
            if language == "nl":
                assert label != stat.label, f"{stat.label!r} has no Dutch"


def test_the_information_lines_name_the_players_as_the_page_spells_them():
    fortytwo = GAMES["fortytwo"]
    board = fortytwo.replay([1, 2, 3], [{"hands": [{"player": p, "bid": 2} for p in (1, 2, 3)]}])
    with translation.override("en"):
        lines = [
            info_said(line, {1: "Ann", 2: "Bob", 3: "Cy"}) for line in fortytwo.information(board)
        ]
    # In bidding order: from the dealer's left (Ann deals), the dealer last.
    assert "Bids: Bob 2, Cy 2, Ann 2" in lines
    with translation.override("nl"):
        lines = [
            info_said(line, {1: "Ann", 2: "Bob", 3: "Cy"}) for line in fortytwo.information(board)
        ]
    assert "Biedingen: Bob 2, Cy 2, Ann 2" in lines


@pytest.mark.django_db
def test_a_merge_of_players_renumbers_a_registered_games_entries_by_its_schema(owner, sixth_game):
    ann, bob, robert = (Player.add(owner, name) for name in ("Ann", "Bob", "Robert"))
    game = Game.start(owner, "highest", [ann, robert])
    game.add_round({"hands": {str(ann.pk): {"number": 3}, str(robert.pk): {"number": 9}}}, owner)
    robert.merge_into(bob)
    game = Game.objects.get(pk=game.pk)
    assert game.rounds.get().entry == {
        "hands": {str(ann.pk): {"number": 3}, str(bob.pk): {"number": 9}}
    }
    assert game.scoreboard.totals == {ann.pk: 0, bob.pk: 1}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "\N{MINUS SIGN}40 blocks: 1 · \N{MINUS SIGN}51 hands: 1"),
        ("nl", "\N{MINUS SIGN}40-blokken: 1 · \N{MINUS SIGN}51-handen: 1"),
    ],
)
def test_the_player_page_shows_a_games_own_figures_by_their_declared_labels(
    owner, owner_client, language, line
):
    ann, bob = (Player.add(owner, name) for name in ("Ann", "Bob"))
    game = Game.start(owner, "fortybelow", [ann, bob], options={"rounds": 1})
    minus_51 = [[5, 5, -10], [5, 5, -1]]
    plain = [[1, 2, 3], [4, 5, 6]]
    hands = [{"player": ann.pk, "grid": minus_51}, {"player": bob.pk, "grid": plain}]
    game.add_round({"went_out": ann.pk, "hands": hands}, owner)
    Game.start(owner, "fourscore", [ann, bob]).add_round(
        {"hands": [{"player": ann.pk, "pile": 3}, {"player": bob.pk, "pile": 4}]}, owner
    )
    page = owner_client.get(
        reverse("player_detail", args=[ann.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert line in page
    assert page.count('class="note"') == 1  # played FortyBelow only, and no other kind has any


# Where a game may be named outside its folder: the registry, and what is not the app's code
# (its history, its documentation, its tests and its translations).
ROOT = Path(__file__).resolve().parent.parent
NAMED_ANYWHERE = {"games/migrations", "docs", "tests", "locale", "README.md"}
REGISTRY = "games/kinds/__init__.py"
NOT_OURS = {"node_modules", "var", "build", "staticfiles", "test-artifacts", "__pycache__"}
NOT_OURS |= {"package-lock.json"}
NOT_TEXT = {".mo", ".png", ".ico", ".jpg", ".webp", ".woff", ".woff2", ".pyc", ".sqlite3"}


def ways_of_naming(rules):
    """The patterns that name the game: its kind (`fortybelow`), its name ("Forty Fives",
    "42") and its rules' class (`UnderTheTen`), their words spaced or run together."""
    patterns = set()
    for term in (rules.kind, rules.name, type(rules).__name__):
        words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", term)
        patterns.add(r"(?<![\w.])" + r"[\s_-]?".join(map(re.escape, words)) + r"(?![\w])")
    return re.compile("|".join(sorted(patterns)), re.IGNORECASE)


@cache
def app_files() -> list[tuple[str, str]]:
    """The app's own text files, by path from the project's root (not what tools keep beside
    them: hidden folders, the virtualenv, installed scripts, built and collected files)."""
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = sorted(
            name
            for name in subfolders
            if not name.startswith(".") and name not in NOT_OURS and not name.endswith(".egg-info")
        )
        for file in sorted(files):
            path = Path(folder, file)
            name = path.relative_to(ROOT).as_posix()
            if file in NOT_OURS or path.suffix in NOT_TEXT:
                continue
            if any(name == place or name.startswith(place + "/") for place in NAMED_ANYWHERE):
                continue
            found.append((name, path.read_text(encoding="utf-8", errors="replace")))
    return found


@pytest.mark.parametrize("rules", list(GAMES.values()), ids=lambda rules: rules.kind)
def test_a_game_is_named_outside_its_folder_only_by_the_registry(rules):
    """A game's slug, name or rules' class, in code, a comment, a template or a script, is in
    its own folder: the shared code says what a game does ("a game with teams"), not which."""
    naming = ways_of_naming(rules)
    folder = folder_of(rules).relative_to(ROOT).as_posix() + "/"
    named = {
        name for name, text in app_files() if not name.startswith(folder) and naming.search(text)
    }
    assert named <= {REGISTRY}, f"{rules.name} is named outside its folder in {sorted(named)}"


def test_every_game_declares_what_the_bench_plays_of_it_and_each_role_is_one_games():
    """Its folder's bench.py: the longest game the engine's figure replays, played whole."""
    for rules in GAMES.values():
        seats, count, options = entries.bench_of(rules).LONGEST
        players = list(range(1, seats + 1))
        board = rules.replay(players, entries.rounds(rules.kind, players, count), 1, options)
        assert len(board.rounds) == count, rules.kind
    for role in ("TYPICAL", "ENDLESS", "rated_round"):
        assert entries.the_game_declaring(role)
