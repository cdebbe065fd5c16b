"""The rules pages in Dutch (each game's rules.nl.md beside its rules.md, and
docs/rules/nl/common.md): one for every English page, with nothing dropped, shown when the page
is read in Dutch."""

import re
from collections import Counter
from pathlib import Path

import pytest
from django.urls import reverse

from games import docs
from games.kinds import GAMES, folder_of

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"
PAGES = sorted([docs.COMMON, *GAMES])
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


@pytest.mark.parametrize("page", PAGES)
def test_every_rules_page_has_a_dutch_one_keeping_every_heading_and_number(page):
    english, dutch = docs.rules_path(page, "en"), docs.rules_path(page, "nl")
    assert dutch != english, f"{page} has no Dutch page"
    assert shape(dutch.read_text(encoding="utf-8")) == shape(english.read_text(encoding="utf-8"))


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
    folder = folder_of(GAMES["under10"])
    assert docs.rules_path("under10", "de") == folder / "rules.md"
    assert docs.rules_path("under10", "nl") == folder / "rules.nl.md"
    assert docs.rules_path("under10", "en") == folder / "rules.md"
    assert docs.rules_path(docs.COMMON, "de") == RULES / "common.md"
    assert docs.rules_path(docs.COMMON, "nl") == RULES / "nl" / "common.md"
