"""The scoreboard as a score pad (templates/games/scoreboard.html, games/tables.py): names and
running totals on top, a row of points per round with its explanation one tap away, Forty
Fives by team, one minus sign, and a star, a banner and standings that always agree."""

import csv
import io
import re

import pytest
from django.urls import reverse

from games.models import Game, Player, Round

from . import factories, pace_games
from .markup import parse, text

pytestmark = pytest.mark.django_db
MINUS = "\N{MINUS SIGN}"


def page(client, game):
    response = client.get(reverse("game_detail", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def header_row(html):
    """The names' row: each column's name and marks (★ leading or won, D deals next)."""
    names = parse(html).find_all("thead tr")[0]
    return [" ".join(cell.strings) for cell in names.find_all("th[scope=col]")[1:]]


def totals_row(html):
    return [cell.text for cell in parse(html).find("thead tr.totals").find_all("th, td")]


def points_rows(html):
    rows = parse(html).find_all("tbody tr.round")
    return [[cell.text for cell in row.find_all("td")] for row in rows]


def explanation(html, number):
    return parse(html).find(f"tr#why-{number}").text


def round_page(client, url):
    """A round's own page (its number's link without JavaScript): the explanation's markup as
    sent (the tests of escaping read it as written)."""
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    start = html.index('<div class="card">')
    return html[start : html.index("</div>", start)]


def standings(html):
    return [item.text for item in parse(html).find("ol.standings").find_all("li")]


def test_the_totals_sit_on_top_under_the_names_and_each_round_is_a_row_of_its_points(
    owner_client, owner, players
):
    game = pace_games.fortybelow(owner, players[:3], rounds=3, played=2)
    html = page(owner_client, game)
    assert html.index('<tr class="totals">') < html.index("<tbody>")
    assert "<tfoot>" not in html
    assert totals_row(html) == ["Total", f"{MINUS}27", "52", "33"]
    assert points_rows(html) == [[f"{MINUS}38", "11", "21"], ["11", "41", "12"]]


def test_a_rounds_number_opens_who_dealt_what_happened_and_why(owner_client, owner, players):
    game = pace_games.fortybelow(owner, players[:3], rounds=3, played=2)
    html = page(owner_client, game)
    assert (
        '<a class="why" id="round-2" href="rounds/2/" hx-get="rounds/2/" aria-expanded="false">'
        '<span class="visually-hidden">Round </span>2</a>'
    ) in html
    why = round_page(owner_client, reverse("round_detail", args=[game.pk, 2]))
    assert text(why) == (
        "Round 2, Bob dealt. Bob went out without the lowest hand: +20. "
        "Ann 11, total \N{MINUS SIGN}27: column 1 cancels · column 3 cancels "
        "Bob 41, total 52: went out · go-out penalty +20 "
        "Cy 12, total 33: column 2 cancels "
        "Edit round 2"
    )
    edit = reverse("round_edit", args=[game.pk, 2])
    assert f'<a class="button" href="{edit}">Edit round 2</a>' in why


def test_the_watchers_page_explains_the_rounds_without_the_edit_links(owner, client, players):
    game = pace_games.fortybelow(owner, players[:3], rounds=3, played=2)
    token = game.share()
    html = client.get(reverse("game_shared", args=[token])).content.decode()
    assert 'href="rounds/1/"' in html
    why = round_page(client, reverse("shared_round", args=[token, 1]))
    assert text(why).startswith("Round 1, Ann dealt. Ann went out.")
    assert "Edit round" not in why


def test_every_score_on_the_page_has_a_true_minus_sign_and_the_csv_keeps_plain_numbers(
    owner_client, owner, players
):
    game = pace_games.fortybelow(owner, players[:3], rounds=3)
    html = page(owner_client, game)
    shown = text(html[html.index("<main") :])
    assert f"{MINUS}38" in shown
    assert not re.findall(r"(?<![\w-])-\d", shown)  # "columns 1-2" is a span of columns
    download = owner_client.get(reverse("game_csv", args=[game.pk])).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(download)))
    scores = [cell for row in rows[1:] if row[0] != "Winner" for cell in row[2:5]]
    assert "-38" in scores
    assert all(re.fullmatch(r"-?\d+", cell) for cell in scores)


def test_the_round_preview_has_a_true_minus_sign(owner_client, owner, players):
    ann, bob = players[:2]
    game = Game.start(owner, "fortybelow", [ann, bob])
    data = {"number": 1, "went_out": ann.pk}
    for player, grid in ((ann, pace_games.GRIDS[0]), (bob, pace_games.GRIDS[1])):
        for row in range(2):
            for column in range(3):
                data[f"card_{player.pk}_{row}{column}"] = grid[row][column]
    response = owner_client.post(reverse("round_preview", args=[game.pk]), data)
    assert f"Ann {MINUS}38 → {MINUS}38" in response.content.decode()
    assert "Bob +11 → 11" in response.content.decode()


def test_forty_fives_is_kept_by_team_with_the_partners_names(owner_client, owner, players):
    game = pace_games.fortyfives(owner, players)
    html = page(owner_client, game)
    assert header_row(html) == ["Ann & Cy ★ won", "Bob & Dee"]
    assert totals_row(html) == ["Total", "135", f"{MINUS}15"]
    assert points_rows(html)[0] == ["20", f"{MINUS}20"]
    assert standings(html) == ["1. Ann & Cy 135", f"2. Bob & Dee {MINUS}15"]
    assert "Winners: <bdi>Ann</bdi> &amp; <bdi>Cy</bdi>" in html
    why = round_page(owner_client, reverse("round_detail", args=[game.pk, 1]))
    assert "<bdi>Ann &amp; Cy</bdi> <strong>20</strong>, total 20" in why


def test_the_next_dealer_and_the_leader_are_marked_over_their_columns(owner_client, owner, players):
    game = pace_games.fortybelow(owner, players[:3], rounds=3, played=2)
    html = page(owner_client, game)
    assert header_row(html) == ["Ann ★ leading", "Bob", "Cy D next to deal"]
    assert "<strong><bdi>Cy</bdi></strong> deals next.</span><span>1 round to play</span>" in html


@pytest.mark.parametrize("kind", ["fortybelow", "fortytwo", "under10", "fortyfives", "fourscore"])
def test_the_star_the_banner_and_the_standings_never_disagree(owner_client, owner, kind):
    seated = factories.add_players(owner, ["Ann", "Bob", "Cy", "Dee"])
    game = {
        "fortybelow": lambda: pace_games.fortybelow(owner, seated, rounds=4),
        "fortytwo": lambda: pace_games.fortytwo(owner, seated[:3]),
        "under10": lambda: pace_games.under10(owner, seated[:3]),
        "fortyfives": lambda: pace_games.fortyfives(owner, seated),
        "fourscore": lambda: pace_games.fourscore(owner, seated[:3], deals=3),  # Ann and Cy tie
    }[kind]()
    html = page(owner_client, game)
    starred = [cell.split(" ★")[0] for cell in header_row(html) if "★" in cell]
    first = [re.sub(r"^1\. (.*) \S+$", r"\1", line) for line in standings(html) if line[:2] == "1."]
    assert starred and starred == first
    board = game.scoreboard
    if board.finished:
        banner = parse(html).find("div.banner[role=status]").text
        assert banner.split(": ", 1)[1] == " & ".join(starred)
        assert " won" in " ".join(header_row(html))
    else:
        assert 'class="banner"' not in html


def test_the_broken_round_of_an_old_game_shows_why_from_the_start(owner_client, owner, players):
    ann, bob, cy = players[:3]
    game = pace_games.under10(owner, [ann, bob, cy])
    Round.objects.create(
        game=game,
        number=6,
        status="complete",
        entry={
            "called_by": cy.pk,
            "hands": [
                {"player": ann.pk, "points": 8},
                {"player": bob.pk, "cards": []},
                {"player": cy.pk, "points": 4},
            ],
        },
    )
    game.rescore()  # as the data migration that came with the corrected rule did
    html = page(owner_client, Game.objects.get(pk=game.pk))
    assert '<tr class="round unscored"><th scope="row"><a class="why" id="round-6"' in html
    assert 'hx-get="rounds/6/?closed=1" aria-expanded="true">' in html
    assert "Round 6, Cy dealt. Not scored: Bob's hand has no cards" in explanation(html, 6)
    assert points_rows(html)[-1] == ["\N{EN DASH}"] * 3


def test_a_players_name_is_escaped_in_the_explanations(owner_client, owner):
    seated = [Player.add(owner, name) for name in ('<b>"Al"</b>', "O'Neil", "Cy")]
    game = pace_games.fourscore(owner, seated, deals=1)
    html = page(owner_client, game)
    assert "<b>" not in html.split("</thead>")[1]
    why = round_page(owner_client, reverse("round_detail", args=[game.pk, 1]))
    assert "&lt;b&gt;&quot;Al&quot;&lt;/b&gt;</bdi> <strong>6</strong>" in why


def shared_page(client, game):
    game.share()
    response = client.get(reverse("game_shared", args=[game.share_token]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("kind", ["fortybelow", "fortytwo", "under10", "fortyfives", "fourscore"])
def test_nobody_leads_a_game_with_no_round(owner_client, client, owner, kind):
    """0-0-0-0: no star, no leader in the standings, on the owner's page and the watch page
    (the ranks, all 1, say everyone is level)."""
    seated = factories.add_players(owner, ["Ann", "Bob", "Cy", "Dee"])
    game = Game.start(owner, kind, seated if kind in ("fortyfives", "fortybelow") else seated[:3])
    for html in (page(owner_client, game), shared_page(client, game)):
        assert "★" not in html and "leading" not in " ".join(header_row(html))
        assert parse(html).first("ol.standings li.leader") is None
        assert {line.split(".")[0] for line in standings(html)} == {"1"}


def test_a_lead_shows_once_someone_is_ahead_and_goes_while_everyone_is_level(
    owner_client, owner, players
):
    ann, bob, cy = players[:3]
    game = factories.play(
        owner, "fourscore", [ann, bob, cy], [factories.piles([ann, bob, cy], 4, 4, 4)], deals=3
    )
    html = page(owner_client, game)  # level after a round: still nobody leads
    assert "★" not in html and parse(html).first("ol.standings li.leader") is None
    game.add_round(factories.piles([ann, bob, cy], 5, 2, 2), owner)
    html = page(owner_client, Game.objects.get(pk=game.pk))
    assert [cell for cell in header_row(html) if "★" in cell] == [
        "Bob ★ leading",
        "Cy ★ leading D next to deal",
    ]
    assert [li.text for li in parse(html).find_all("ol.standings li.leader")] == [
        "1. Bob 6",
        "1. Cy 6",
    ]


def test_an_open_forty_fives_hand_says_its_bid_as_the_table_made_it(
    owner_client, client, owner, players
):
    game = Game.start(owner, "fortyfives", players)
    game.add_round({"bidder": players[1].pk, "bid": 25, "trump": "hearts"}, owner)
    for html in (page(owner_client, game), shared_page(client, game)):
        status = parse(html).find("p.pad-status").text
        assert "deals this hand." in status and "Bob bid 25 in hearts" in status


def test_an_open_42_hand_is_dealt_by_its_dealer_and_its_bids_read_in_bidding_order(
    owner_client, client, owner, players
):
    """Bids saved, tricks to come: the hand is still Bob's to deal (the next dealer's turn
    comes once it is complete), and the bids are listed as they were made, from the dealer's
    left round to the dealer, who bids last."""
    ann, bob, cy = players[:3]
    game = Game.start(owner, "fortytwo", [ann, bob, cy], first_dealer=bob)
    bids = {"hands": [{"player": p.pk, "bid": bid} for p, bid in ((ann, 2), (bob, 3), (cy, 1))]}
    game.add_round(bids, owner)
    for html in (page(owner_client, game), shared_page(client, game)):
        assert header_row(html) == ["Ann", "Bob D deals this hand", "Cy"]
        status = parse(html).find("p.pad-status").text
        assert status.startswith("Bob deals this hand.")
        assert "deals next" not in status and "Bids: Cy 1, Ann 2, Bob 3" in status
    # Once the hand is complete, Cy deals next.
    hands = [(ann, 2, 2), (bob, 3, 4), (cy, 1, 1)]
    game.save_round(
        1, {"hands": [{"player": p.pk, "bid": b, "tricks": t} for p, b, t in hands]}, owner
    )
    html = page(owner_client, Game.objects.get(pk=game.pk))
    assert "Cy D next to deal" in header_row(html)
    assert parse(html).find("p.pad-status").text.startswith("Cy deals next.")
