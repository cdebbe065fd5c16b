"""docs/ is the project's own description of the rules and the API: a page for every game, and
no link that leads out of the repository or to a page that isn't there."""

import re
from pathlib import Path

from games.kinds import GAMES, folder_of

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def links(page: Path) -> list[str]:
    return LINK.findall(page.read_text(encoding="utf-8"))


def test_every_game_has_its_rules_page_and_the_index_links_each():
    index = links(DOCS / "index.md")
    for rules in GAMES.values():
        page = folder_of(rules) / "rules.md"
        assert page.is_file()
        assert f"../{page.relative_to(ROOT)}" in index
    assert "rules/common.md" in index and "api.md" in index


def test_every_link_of_the_readme_and_docs_stays_in_the_repository_and_leads_somewhere():
    rules_pages = [page for rules in GAMES.values() for page in folder_of(rules).glob("rules*.md")]
    pages = [ROOT / "README.md", *sorted(DOCS.rglob("*.md")), *rules_pages]
    checked = 0
    for page in pages:
        for target in links(page):
            assert "://" not in target, f"{page.name} links out of the project: {target}"
            path = (page.parent / target.split("#")[0]).resolve()
            assert path.is_relative_to(ROOT), f"{page.name} links outside: {target}"
            assert path.exists(), f"{page.name}: no {target}"
            checked += 1
    assert checked > 10
