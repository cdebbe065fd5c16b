"""The rules pages in Dutch (docs/rules/nl/): one for every English page, with nothing dropped,
shown when the page is read in Dutch."""

import re
from collections import Counter
from pathlib import Path

import pytest
from django.urls import reverse

from games import docs
from games.scoring import GAMES

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"
PAGES = sorted(path.stem for path in RULES.glob("*.md"))
NUMBER = re.compile(r"\d+")


def headings(text: str) -> list[int]:
    return [len(line) - len(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")]


def shape(text: str) -> dict:
    """What a faithful translation keeps: its headings, list items, table rows, option names
    and every number (the scoring contract's numbers, each as often as in English)."""
    lines = text.splitlines()
    return {
        "headings": headings(text),
        "items": sum(1 for line in lines if re.match(r"\s*(- |\d+\. )", line)),
        "rows": sum(1 for line in lines if line.startswith("|")),
        "code": re.findall(r"`[^`]+`", text),
        "numbers": Counter(NUMBER.findall(text)),
    }


def test_every_rules_page_has_a_dutch_one():
    assert {*GAMES, docs.COMMON} <= set(PAGES)
    assert sorted(path.stem for path in (RULES / "nl").glob("*.md")) == PAGES


@pytest.mark.parametrize("page", PAGES)
def test_the_dutch_rules_keep_every_heading_and_number(page):
    english = (RULES / f"{page}.md").read_text(encoding="utf-8")
    dutch = (RULES / "nl" / f"{page}.md").read_text(encoding="utf-8")
    assert shape(dutch) == shape(english)


def test_the_shape_check_would_catch_a_dropped_number():
    english = "# A\n\n- a bid of **15, 20, 25 or 30**\n"
    assert shape("# Een\n\n- een bod van **15, 20, 25 of 30**\n") == shape(english)
    assert shape("# Een\n\n- een bod van **15, 20 of 30**\n") != shape(english)
    assert shape("# Een\n\n- een bod van **15, 20, 25 of 35**\n") != shape(english)
    assert shape("# Een\n\n## Twee\n\n- een bod van **15, 20, 25 of 30**\n") != shape(english)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_rules_page_is_shown_in_the_readers_language(client, kind):
    url = reverse("game_rules", args=[kind])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    dutch = client.get(url, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "What every game shares" in english and "Wat elk spel gemeen heeft" in dutch
    assert "Wat elk spel gemeen heeft" not in english and "What every game shares" not in dutch
    assert docs.rules_html(kind, language="nl") in dutch
    assert docs.rules_html(kind) in english


def test_a_language_without_its_own_rules_reads_the_english():
    assert docs.rules_path("under10", "de") == RULES / "under10.md"
    assert docs.rules_path("under10", "nl") == RULES / "nl" / "under10.md"
    assert docs.rules_path("under10", "en") == RULES / "under10.md"
