"""Each game's rules page, rendered from the repository's own docs/rules/<kind>.md.

The app shows the table the very text the docs hold, so the page and docs/ can't drift apart.
"""

from functools import cache

from django.conf import settings
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

# CommonMark with tables; raw HTML in the text is shown as text, never passed on.
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
COMMON = "common"  # docs/rules/common.md: what every game shares, shown under each game


@cache
def rules_html(page: str, *, under_another: bool = False) -> SafeString:
    """docs/rules/<page>.md as HTML (read once per process: the docs ship with the code).

    `under_another`: the page is shown below another one, so its headings go one level down
    (a page has one h1).
    """
    text = (settings.DOCS_DIR / "rules" / f"{page}.md").read_text(encoding="utf-8")
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
