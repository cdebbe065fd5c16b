"""The scoreboard's page (games.models.Game.scoreboard, games.tables.ScoreTable, its pad drawn
once per version of the game and cached): a page shows every write at once."""

import pytest
from django.urls import reverse

from games.models import Game, Player, Seat
from games.tables import ScoreTable
from tests.factories import called
from tests.markup import parse

pytestmark = [pytest.mark.players("Ann", "Bob", "Cy"), pytest.mark.django_db]


@pytest.fixture
def game(owner, players):
    """Under the 10, two rounds: Ann calls with 2 (Bob 10, Cy 7), then Bob with 1."""
    game = Game.start(owner, "under10", players)
    game.add_round(called(players[0], players, [2, 10, 7]), owner)
    game.add_round(called(players[1], players, [5, 1, 9]), owner)
    return game


def page(client, game, **headers):
    response = client.get(reverse("game_detail", args=[game.pk]), **headers)
    assert response.status_code == 200
    return response.content.decode()


def shared_page(client, game):
    response = client.get(reverse("game_shared", args=[game.share_token]))
    assert response.status_code == 200
    return response.content.decode()


def rows(html):
    """Each round: its number and its columns' running totals, in column order (added up from
    the rows of points: nobody is out in these games)."""
    found, totals = [], None
    for row in parse(html).find_all("tbody tr.round"):
        number = row.find("th a[id^=round-]")["id"].removeprefix("round-")
        points = [int(cell.text.replace("\N{MINUS SIGN}", "-")) for cell in row.find_all("td")]
        totals = points if totals is None else [t + p for t, p in zip(totals, points, strict=True)]
        found.append((int(number), totals))
    return found


def why(client, game, number, *, shared=False):
    """A round's explanation, as a tap on its number fetches it."""
    if shared:
        url = reverse("shared_round", args=[game.share_token, number])
    else:
        url = reverse("round_detail", args=[game.pk, number])
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def fresh(game):
    return Game.objects.get(pk=game.pk)


def test_a_saved_round_shows_on_the_next_read(owner_client, owner, players, game):
    assert len(rows(page(owner_client, game))) == 2
    fresh(game).add_round(called(players[2], players, [4, 8, 3]), owner)
    assert rows(page(owner_client, game))[-1] == (3, [9, 18, 16])


def test_an_edit_of_a_past_round_shows_in_it_and_every_round_after(owner_client, owner, game):
    players = [seat.player for seat in game.seats]
    page(owner_client, game)
    fresh(game).replace_round(1, called(players[0], players, [3, 6, 7]), owner)
    assert rows(page(owner_client, game)) == [(1, [0, 6, 7]), (2, [5, 6, 16])]


def test_restoring_an_earlier_version_shows_it_again(owner_client, owner, game):
    players = [seat.player for seat in game.seats]
    fresh(game).replace_round(1, called(players[0], players, [3, 6, 7]), owner)
    page(owner_client, game)
    revision = game.revisions.get(number=1)
    fresh(game).restore(revision, owner)
    assert rows(page(owner_client, game)) == [(1, [0, 10, 7]), (2, [5, 10, 16])]


def test_an_undo_takes_the_round_off_the_page_and_off_the_seats(owner_client, owner, game):
    page(owner_client, game)  # both rounds cached under the version before the undo
    fresh(game).delete_last_round(2, owner)
    assert rows(page(owner_client, game)) == [(1, [0, 10, 7])]
    totals = dict(Seat.objects.filter(game=game).values_list("player__name", "total"))
    assert totals == {"Ann": 0, "Bob": 10, "Cy": 7}


def test_a_rename_shows_in_the_table_its_notes_and_the_chart(owner_client, players, game):
    before = page(owner_client, game)
    assert "Ann called Under the 10" in why(owner_client, game, 1)
    players[0].rename("Annie <3")
    html = page(owner_client, game)
    explained = why(owner_client, game, 1)
    assert "Annie &lt;3 called Under the 10 with 2 and won the round" in explained  # a note
    assert "Ann called" not in explained
    assert "<bdi>Annie &lt;3</bdi>" in html.split("</thead>")[0]
    assert "<bdi>Annie &lt;3</bdi>" not in before
    chart = html.split('aria-labelledby="chart-title"')[1]
    assert "Annie &lt;3" in chart


def test_a_merge_shows_the_kept_player_and_answers_the_poll_before_it_afresh(
    owner_client, owner, players, game
):
    headers = {"HTTP_HX_REQUEST": "true"}
    poll = owner_client.get(reverse("game_detail", args=[game.pk]), **headers)
    updated = fresh(game).updated
    annie = Player.add(owner, "Annie")
    players[0].merge_into(annie)

    assert fresh(game).updated > updated
    again = owner_client.get(
        reverse("game_detail", args=[game.pk]), HTTP_IF_NONE_MATCH=poll["ETag"], **headers
    )
    assert again.status_code == 200
    html = again.content.decode()
    assert "<bdi>Annie</bdi>" in html
    assert "Annie called Under the 10" in why(owner_client, game, 1)
    assert rows(html) == [(1, [0, 10, 7]), (2, [5, 10, 16])]
    assert fresh(game).scoreboard.players == (annie.pk, players[1].pk, players[2].pk)


def test_the_shared_page_never_gets_the_owners_edit_links(owner_client, client, game):
    game.share()
    page(owner_client, game)
    assert "Edit round 1" in why(owner_client, game, 1)
    html = shared_page(client, game)
    assert rows(html) == [(1, [0, 10, 7]), (2, [5, 10, 16])]
    assert "Edit round" not in html + why(client, game, 1, shared=True)
    assert "Edit round 2" in why(owner_client, game, 2)


def test_names_and_notes_in_the_rows_are_escaped(owner_client, owner):
    players = [Player.add(owner, name) for name in ('<b>"Al"</b>', "O'Neil")]
    game = Game.start(owner, "under10", players)
    game.add_round(called(players[0], players, [2, 9]), owner)
    html = page(owner_client, game)
    assert "<b>" not in html.split("</thead>")[1].split("</table>")[0]
    explained = why(owner_client, game, 1)
    assert "<b>" not in explained
    assert "&lt;b&gt;&quot;Al&quot;&lt;/b&gt; called Under the 10" in explained


def test_a_redrawn_pad_follows_each_write_and_an_unchanged_one_is_drawn_once(
    owner_client, owner, players, game, monkeypatch
):
    drawn = []
    real = ScoreTable.rows

    def counting(table):
        drawn.append(len(table.board.rounds))
        return real.func(table)

    monkeypatch.setattr(ScoreTable, "rows", property(counting))
    page(owner_client, game)
    page(owner_client, game)
    assert drawn == [2], "the unchanged pad was drawn again"
    fresh(game).add_round(called(players[2], players, [4, 8, 3]), owner)
    page(owner_client, game)
    assert drawn == [2, 3]
