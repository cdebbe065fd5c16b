"""Each game's rules page: its folder's rules.md rendered for anyone, linked from the pages."""

import pytest
from django.test import Client
from django.urls import reverse

from games import docs
from games.kinds import GAMES
from games.models import Game, Player

pytestmark = pytest.mark.django_db

# A sentence of each game's page, and one of the page every game shares.
FROM_EACH_PAGE = {
    "fortybelow": "+10 for each other player whose hand is equal to or lower than theirs",
    "fortytwo": "may not make the bid that would\nbring all the bids to exactly 7",
    "under10": "A hand is never blank and never more than five cards.",
    "fortyfives": "a team that was set\nnever wins in that hand",
    "fourscore": "An arrow match",
}
SHARED = "The standings never contradict the winners."


def rules_page(client, kind):
    response = client.get(reverse("game_rules", args=[kind]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("kind", GAMES)
def test_anyone_can_read_how_each_game_is_scored_from_the_docs(client, kind):
    html = rules_page(client, kind)
    assert FROM_EACH_PAGE[kind] in html
    assert SHARED in html
    assert f"<title>How {GAMES[kind].name} is scored" in html
    # Nothing the Content-Security-Policy would block (a table column's alignment would be one).
    assert "style=" not in html and "<script>" not in html.split("</main>")[0]


def test_the_page_has_one_main_heading_and_its_tables_scroll_in_their_own_box(client):
    html = rules_page(client, "fortybelow")
    assert html.count("<h1>") == 1
    assert "<h2>What every game shares</h2>" in html
    assert '<div class="table-wrap"><table>' in html
    assert "<td>\N{MINUS SIGN}10 3 12 / \N{MINUS SIGN}10 3 11</td>" in html


def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/rules/poker/").status_code == 404


def test_raw_html_in_the_docs_is_shown_as_text_not_run():
    html = docs.MARKDOWN.render('<script>alert("x")</script> and <b onclick="x()">bold</b>')
    assert "<script>" not in html and "<b " not in html
    assert "&lt;script&gt;" in html


def test_the_new_game_page_links_to_the_chosen_games_rules(owner_client):
    html = owner_client.get(reverse("game_new"), {"kind": "under10"}).content.decode()
    assert f'href="{reverse("game_rules", args=["under10"])}"' in html


def test_each_round_page_links_to_its_games_rules(owner_client, owner):
    players = [Player.add(owner, name) for name in ("Ann", "Bob")]
    game = Game.start(owner, "fortybelow", players)
    html = owner_client.get(reverse("round_new", args=[game.pk])).content.decode()
    assert f'href="{reverse("game_rules", args=["fortybelow"])}"' in html


def test_the_rules_page_needs_no_login():
    response = Client().get(reverse("game_rules", args=["fourscore"]))
    assert response.status_code == 200
    assert "How this game is scored" in response.content.decode()
