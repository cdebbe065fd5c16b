"""FortyBelow's round page scores each grid as soon as it is full (the preview sends each
grid's tally beside it) and shows the hands before anyone has said who went out."""

import pytest
from django.urls import reverse

from games.models import Game
from tests.markup import parse

pytestmark = pytest.mark.players("Ann", "Bob", "Cy")

MINUS = "\N{MINUS SIGN}"
ANN_GRID = [[5, 5, 3], [5, 5, -1]]  # a block, and 3 + -1: -38
BOB_GRID = [[7, 2, 7], [7, 9, 7]]  # columns 1 and 3 cancel: 11


@pytest.fixture
def game(owner, players):
    return Game.start(owner, "fortybelow", players[:2])


def grid(player, rows):
    return {
        f"card_{player.pk}_{r}{c}": card for r, row in enumerate(rows) for c, card in enumerate(row)
    }


def preview(client, game, data):
    url = reverse("round_preview", args=[game.pk])
    return client.post(url, {"number": 1, **data}, HTTP_HX_REQUEST="true").content.decode()


def tally(html, player, *, out_of_band=True):
    """The tally shown beside a player's grid (sent out of band by the preview): its score, the
    words for a screen reader before it left out, or "" while the grid isn't full."""
    found = parse(html).find(f"span.grid-tally#grid-tally-{player.pk}")
    assert (found.get("hx-swap-oob") == "true") == out_of_band
    return "".join(child for child in found.children if isinstance(child, str)).strip()


def test_a_full_grid_is_scored_while_the_others_are_still_being_entered(
    owner_client, game, players
):
    ann, bob = players[:2]
    html = preview(owner_client, game, {**grid(ann, ANN_GRID), **grid(bob, [[7, 2], [7]])})
    assert tally(html, ann) == "\N{MINUS SIGN}38"
    assert "Ann's grid scores" in html
    assert tally(html, bob) == ""  # not full yet: the tally beside it is emptied
    assert "Each grid is scored as soon as its six cards are in." in html


def test_with_every_grid_full_the_preview_shows_the_hands_and_asks_who_went_out(
    owner_client, game, players
):
    ann, bob = players[:2]
    html = preview(owner_client, game, {**grid(ann, ANN_GRID), **grid(bob, BOB_GRID)})
    assert '<span class="pill">Ann \N{MINUS SIGN}38</span>' in html
    assert '<span class="pill">Bob 11</span>' in html
    assert "Now tap who went out to see the round&#x27;s scores." in html
    html = preview(
        owner_client, game, {**grid(ann, ANN_GRID), **grid(bob, BOB_GRID), "went_out": ann.pk}
    )
    assert "Ann \N{MINUS SIGN}38 → \N{MINUS SIGN}38" in html
    assert "Bob +11 → 11" in html


def test_a_card_that_is_not_a_card_leaves_its_grid_unscored(owner_client, game, players):
    ann, bob = players[:2]
    data = {**grid(ann, ANN_GRID), **grid(bob, BOB_GRID), f"card_{bob.pk}_00": "99"}
    html = preview(owner_client, game, data)
    assert tally(html, ann) == "\N{MINUS SIGN}38"
    assert tally(html, bob) == ""


def test_the_page_has_one_tally_per_grid_and_the_keypad_hidden_until_javascript_shows_it(
    owner_client, game, players
):
    html = owner_client.get(reverse("round_new", args=[game.pk])).content.decode()
    for player in players[:2]:
        assert html.count(f'id="grid-tally-{player.pk}"') == 1
    assert parse(html).find("div.keypad-dock[data-dock]").has("hidden")
    assert html.count("<select") == 12  # each card a plain list without JavaScript
    assert "<h3" not in html  # the players' grids are h2 under the page's h1


def test_fixing_a_saved_round_shows_each_grid_scored(owner, owner_client, game, players):
    ann, bob = players[:2]
    game.add_round(
        {
            "went_out": ann.pk,
            "hands": [{"player": ann.pk, "grid": ANN_GRID}, {"player": bob.pk, "grid": BOB_GRID}],
        },
        owner,
    )
    html = owner_client.get(reverse("round_edit", args=[game.pk, 1])).content.decode()
    assert tally(html, ann, out_of_band=False) == f"{MINUS}38"
    assert tally(html, bob, out_of_band=False) == "11"
