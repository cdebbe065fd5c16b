"""Names that are one name to a person are one name to the app: normalised, keyed the same on
SQLite and PostgreSQL, and an export of any names the app took imports back into an empty account.
"""

import contextlib
import unicodedata

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games import transfer
from games.models import (
    NAME_KEY_MAX_LENGTH,
    NAME_MAX_LENGTH,
    Game,
    Player,
    name_key,
    normal_name,
    sort_key,
)
from tests.markup import parse

pytestmark = [pytest.mark.django_db, pytest.mark.database]

# Pairs a person reads as one name, and the name the app keeps for the first.
LOOK_ALIKES = {
    "accented capital (SQLite folds ASCII only)": ("Émile", "émile", "Émile"),
    "composed and decomposed": ("Zo\u00e9", "Zoe\u0301", "Zo\u00e9"),
    "German sharp s (PostgreSQL's lower() keeps ß)": ("Straße", "STRASSE", "Straße"),
    "full-width letters": ("\uff21\uff4e\uff4e", "ann", "Ann"),
    "a zero-width space inside": ("Ann\u200b", "Ann", "Ann"),
    "a right-to-left override inside": ("\u202eAnn", "ANN", "Ann"),
    "inner spaces": ("Ann  Marie", "ann marie", "Ann Marie"),
    "a no-break space": ("Ann\u00a0Marie", "Ann Marie", "Ann Marie"),
    "Greek final sigma": ("ΟΔΥΣΣΕΥΣ", "οδυσσευς", "ΟΔΥΣΣΕΥΣ"),
}


@pytest.mark.parametrize(("first", "second", "kept"), LOOK_ALIKES.values(), ids=LOOK_ALIKES)
def test_a_look_alike_name_is_the_same_player(owner, first, second, kept):
    player = Player.add(owner, first)
    assert player.name == kept
    with pytest.raises(ValidationError, match="already have a player"):
        Player.add(owner, second)
    assert Player.objects.count() == 1


@pytest.mark.parametrize(("first", "second", "kept"), LOOK_ALIKES.values(), ids=LOOK_ALIKES)
def test_the_api_refuses_a_look_alike_with_a_sentence(owner, first, second, kept):
    api = APIClient()
    api.force_authenticate(owner)
    assert api.post("/api/players/", {"name": first}, format="json").status_code == 201
    response = api.post("/api/players/", {"name": second}, format="json")
    assert response.status_code == 400
    assert "already have a player" in response.json()["detail"]


INVISIBLE = {
    "zero-width space": "\u200b",
    "right-to-left override": "\u202e",
    "left-to-right mark": "\u200e",
    "byte order mark": "\ufeff",
    "joiners only": "\u200d\u200c",
    "a mix with spaces": " \u200b \u2066\u2069 ",
    "ideographic space": "\u3000",
}


@pytest.mark.parametrize("name", INVISIBLE.values(), ids=INVISIBLE)
def test_a_name_made_only_of_invisible_characters_is_refused_with_a_message(owner_client, name):
    response = owner_client.post(reverse("player_add"), {"name": name}, follow=True)
    said = " ".join(str(message) for message in response.context["messages"])
    assert "can't be empty" in said or "1 to 40 characters" in said
    assert not Player.objects.exists()


def test_emoji_sequences_keep_their_joiners(owner):
    family = "Ann 👩\u200d👩\u200d👧"
    assert Player.add(owner, family).name == family


def test_the_limit_is_forty_characters_after_normalising(owner, owner_client):
    decomposed = "e\u0301" * NAME_MAX_LENGTH  # 80 characters typed, 40 kept
    response = owner_client.post(reverse("player_add"), {"name": decomposed})
    assert response.status_code == 302
    assert Player.objects.get().name == "é" * NAME_MAX_LENGTH
    with pytest.raises(ValidationError, match="at most 40"):
        Player.add(owner, "㍿" * 11)  # NFKC makes each of these four letters


def test_renaming_to_a_look_alike_of_another_player_is_refused(owner):
    Player.add(owner, "Émile")
    bob = Player.add(owner, "Bob")
    with pytest.raises(ValidationError, match="already have a player"):
        bob.rename("ÉMILE")
    bob.rename("bob")  # the same player may change the case of their own name
    assert Player.objects.get(pk=bob.pk).name == "bob"


def test_the_database_refuses_two_players_with_one_key(owner):
    Player.add(owner, "Émile")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(owner=owner, name="émile")


def test_another_user_may_have_the_same_name(owner, outsider):
    Player.add(owner, "Émile")
    assert Player.add(outsider, "émile").name == "émile"


def test_import_matches_players_by_the_same_key(owner):
    emile = Player.add(owner, "Émile")
    document = {
        "format": transfer.FORMAT,
        "players": [{"id": 7, "name": "e\u0301mile\u200b"}],
        "nights": [],
        "games": [],
    }
    transfer.import_document(owner, document)
    assert list(Player.objects.all()) == [emile]


# --- Export, then import into an empty account: any names the app took ---------------------------

# Text as people type it, with the characters that normalising changes or drops mixed in.
TRICKY = st.sampled_from(
    [
        "\u200b",
        "\u202e",
        "\u0301",
        "\u00a0",
        "\u3000",
        "ß",
        "ẞ",
        "ﬁ",
        "\uff21",
        "İ",
        "ς",
        "\u200d",
        " ",
    ]
)
TYPED_NAMES = st.lists(
    st.text(
        st.one_of(st.characters(codec="utf-8", exclude_categories=["Cs"]), TRICKY),
        min_size=1,
        max_size=45,
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(typed=TYPED_NAMES)
def test_an_export_imports_into_an_empty_account_whatever_names_were_taken(typed):
    user_model = get_user_model()
    with transaction.atomic():
        owner = user_model.objects.create_user("exporter")
        taken = []
        for name in typed:
            with contextlib.suppress(ValidationError):
                taken.append(Player.add(owner, name))
        if len(taken) >= 2:
            Game.start(owner, "fourscore", taken[:2])
        document = transfer.export_document(owner)
        empty = user_model.objects.create_user("importer")
        transfer.import_document(empty, document)
        imported = sorted(Player.objects.filter(owner=empty).values_list("name", flat=True))
        assert imported == sorted(player.name for player in taken)
        assert all(normal_name(name) == name for name in imported)
        transaction.set_rollback(True)


@given(typed=st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=60))
def test_a_normal_name_is_its_own_normal_form_and_one_key(typed):
    try:
        name = normal_name(typed)
    except ValidationError:
        return
    assert normal_name(name) == name
    assert 1 <= len(name) <= NAME_MAX_LENGTH
    assert name_key(name) == name_key(unicodedata.normalize("NFD", name).upper().lower())
    assert len(sort_key(name)) <= NAME_KEY_MAX_LENGTH  # what the column holds


def test_names_are_listed_in_alphabetical_order_whatever_their_accents(owner_client, owner):
    # Typed in an order of their own; Ø has no plain letter, as in Danish it follows Z.
    for name in ["Zsa", "Øyvind", "émile", "Zoë", "Dan", "Frank", "Åsa", "Ünal", "Eve"]:
        Player.add(owner, name)
    alphabetical = ["Åsa", "Dan", "émile", "Eve", "Frank", "Ünal", "Zoë", "Zsa", "Øyvind"]
    assert [player.name for player in Player.objects.filter(owner=owner)] == alphabetical
    page = parse(owner_client.get(reverse("player_list")))
    assert [link.find("span").text for link in page.find_all("ul.list li a")] == alphabetical
    api = APIClient()
    api.force_authenticate(owner)
    assert [player["name"] for player in api.get("/api/players/").json()] == alphabetical


# --- The migration, on names saved the old way ----------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_migration_normalises_old_names_and_numbers_the_later_of_two_that_collide():
    executor = MigrationExecutor(connection)
    before = [("games", "0002_failed_login")]
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    User = old.get_model("auth", "User")
    OldPlayer = old.get_model("games", "Player")
    ann = User.objects.create(username="ann")
    bob = User.objects.create(username="bob")
    saved = {
        name: OldPlayer.objects.create(owner=owner, name=name).pk
        for owner, name in [
            (ann, "Straße"),
            (ann, "STRASSE"),  # lower() makes strasse of it, on either database: both got in
            (ann, "Zoe\u0301"),
            (ann, "Zo\u00e9 (2)"),  # already holds the number the first clash would get
            (ann, "Zo\u00e9"),
            (ann, "\u200b"),
            (ann, "Ann  \u202eMarie"),
            (bob, "émile"),  # someone else's: no clash
        ]
    }
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    def name(old_name):
        return Player.objects.get(pk=saved[old_name]).name

    assert name("Straße") == "Straße"
    assert name("STRASSE") == "STRASSE (2)"
    assert name("Zoe\u0301") == "Zo\u00e9"
    assert name("Zo\u00e9 (2)") == "Zo\u00e9 (2)"
    assert name("Zo\u00e9") == "Zo\u00e9 (3)"
    assert name("\u200b") == "Unnamed player"
    assert name("Ann  \u202eMarie") == "Ann Marie"
    assert Player.objects.get(pk=saved["émile"]).owner.username == "bob"
    assert all(player.name_key == name_key(player.name) for player in Player.objects.all())
    assert all(player.sort_key == sort_key(player.name) for player in Player.objects.all())
    assert [p.name for p in Player.objects.filter(owner__username="ann")][-3:] == [
        "Zoé",
        "Zoé (2)",
        "Zoé (3)",
    ]
    # And the owner's export now imports into an empty account.
    owner = get_user_model().objects.get(username="ann")
    empty = get_user_model().objects.create_user("empty")
    transfer.import_document(empty, transfer.export_document(owner))
    assert Player.objects.filter(owner=empty).count() == 7
