"""Each game's rules page, rendered from the rules page in its folder (games/kinds/<kind>/
rules.md), and the page every game shares (docs/rules/common.md).

The app shows the table the very text the docs hold, so the page and the docs can't drift apart.
In Dutch it shows rules.nl.md beside it (docs/rules/nl/common.md for the shared page), the same
rules in Dutch (docs/languages.md).
"""

from functools import cache
from pathlib import Path

from django.conf import settings
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

from .kinds import GAMES, folder_of

# CommonMark with tables; raw HTML in the text is shown as text, never passed on.
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
COMMON = "common"  # docs/rules/common.md: what every game shares, shown under each game
ENGLISH = "en"  # docs/rules/ itself; every other language in docs/rules/<language>/


def rules_path(page: str, language: str = ENGLISH) -> Path:
    """A game's rules page (`page` its kind), or the shared one (COMMON), in `language` when it
    has a translation (the English otherwise)."""
    if page == COMMON:
        rules = settings.DOCS_DIR / "rules"
        english, translated = rules / f"{page}.md", rules / language / f"{page}.md"
    else:
        folder = folder_of(GAMES[page])
        english, translated = folder / "rules.md", folder / f"rules.{language}.md"
    if language != ENGLISH and translated.is_file():
        return translated
    return english


@cache
def rules_html(page: str, *, under_another: bool = False, language: str = ENGLISH) -> SafeString:
    """docs/rules/<page>.md in `language` as HTML (read once per process: the docs ship with
    the code).

    `under_another`: the page is shown below another one, so its headings go one level down
    (a page has one h1).
    """
    text = rules_path(page, language).read_text(encoding="utf-8")
    tokens = MARKDOWN.parse(text)
    if under_another:
        for token in tokens:
            if token.type in ("heading_open", "heading_close"):
                token.tag = f"h{min(int(token.tag[1]) + 1, 6)}"
    html = MARKDOWN.renderer.render(tokens, MARKDOWN.options, {})
    # Tables go in a scrolling box so a wide one never widens a phone's page.
    html = html.replace("<table>", '<div class="table-wrap"><table>')
    html = html.replace("</table>", "</table></div>")
    return mark_safe(html)  # raw HTML is off, and the text is our own
