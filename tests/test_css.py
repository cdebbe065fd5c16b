"""The stylesheet's colours pass WCAG AA contrast (4.5:1) in both schemes, and stay small."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CSS = (ROOT / "static" / "css" / "app.css").read_text()
LIGHT, DARK = CSS.split("@media (prefers-color-scheme: dark)")[:2]
PAIRS = [
    ("fg", "bg"),
    ("muted", "bg"),
    ("muted", "card"),
    ("accent", "bg"),
    ("accent", "card"),
    ("accent-fg", "accent"),
    ("danger", "card"),
    ("danger", "bg"),
    ("fg", "lead"),
    ("muted", "lead"),
    ("fg", "warn-bg"),
]


def colours(block: str) -> dict[str, str]:
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", block))


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("text", "background"), PAIRS)
def test_text_colours_pass_wcag_aa(scheme, text, background):
    palette = colours(LIGHT if scheme == "light" else DARK)
    assert contrast(palette[text], palette[background]) >= 4.5


def test_tap_targets_are_at_least_44_pixels():
    assert "--tap: 44px" in CSS


def test_the_stylesheet_stays_small():
    # About 5 KB over the wire (whitenoise compresses it); the score pad took it past 12,000,
    # the ratings' tables past 17,000, the keypad dock every game shares and the radios drawn
    # for dark mode past 20,000. A game's own styles are in its folder.
    assert len(CSS.encode()) < 21_000


def test_no_stylesheet_changes_the_layout_with_the_screens_width():
    """The browser tests measure the pages on the narrowest phone alone (tests/browser/
    conftest.py, PHONE): a layout that changed at a wider screen would need that one too."""
    stylesheets = [ROOT / "static" / "css" / "app.css"]
    stylesheets += sorted((ROOT / "games" / "kinds").glob("*/static/*/*.css"))
    assert len(stylesheets) > 1
    for path in stylesheets:
        queries = re.findall(r"@media[^{]*", path.read_text())
        assert not [query for query in queries if "width" in query], path
