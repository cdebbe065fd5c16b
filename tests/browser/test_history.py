"""Looking back on a phone: the nights and players pages, a player's record, and the chart."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game, GameNight, Player

pytestmark = pytest.mark.browser


def fits_the_screen(page):
    # The page itself never scrolls sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_finished_night_is_looked_back_on_and_a_player_renamed(
    page, live_server, logged_in, screenshot
):
    night = GameNight.tonight(logged_in)
    players = [Player.add(logged_in, name) for name in ("Ann", "Bob", "Cy")]
    game = Game.start(logged_in, "under10", players, night=night, options={"end": "first_out"})
    for points in ([0, 30, 12], [5, 40, 20], [0, 40, 30], [0, 45, 20]):  # Bob passes 150
        hands = [{"player": p.pk, "points": n} for p, n in zip(players, points, strict=True)]
        game.add_round({"called_by": players[0].pk, "hands": hands}, logged_in)

    page.get_by_role("link", name="Nights").click()
    tonight = page.locator("li.night").filter(has_text="Under the 10: Ann won")
    tonight.get_by_role("link", name=f"{night.date:%a} {night.date.day} {night.date:%b %Y}").click()
    expect(page.get_by_role("status")).to_contain_text("Champion of the night: Ann")
    fits_the_screen(page)
    screenshot(page, "history-night")

    page.get_by_role("link", name=re.compile("^Under the 10")).click()
    chart = page.get_by_role("img", name=re.compile("score chart"))
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= 390
    fits_the_screen(page)
    screenshot(page, "history-chart")

    page.get_by_role("link", name="Players").click()
    page.get_by_role("link", name=re.compile(r"^Bob \d+ of")).click()  # the list, not ratings
    expect(page.get_by_text("vs Ann")).to_be_visible()
    page.locator("summary", has_text="Rename").click()
    page.get_by_label("New player's name").fill("Robert")
    page.get_by_role("button", name="Rename").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Robert")
    expect(page.get_by_role("status")).to_contain_text("Renamed to Robert.")
    fits_the_screen(page)
    screenshot(page, "history-player")
