"""The API and the pages stand apart: no page module imports games.api, and the API imports no
page module. Both sides reach the game through the models (and the shared helpers)."""

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[1] / "games"

# The phone pages: their views, forms and URL conf (and each game's pages, games.kinds.*).
PAGE_MODULES = {
    "games.views",
    "games.seat_views",
    "games.referee_views",
    "games.forms",
    "games.urls",
}
# The API's own URL conf is the one module outside the package that routes to it.
API_URLS = "games.urls_api"


def module_name(path: Path) -> str:
    parts = path.relative_to(GAMES.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (a lazy import in a function too), as an
    absolute name; `from X import name` counts as X and as X.name (name may be a module)."""
    name = module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def import_graph() -> dict[str, set[str]]:
    return {
        module_name(path): imports_of(path)
        for path in GAMES.rglob("*.py")
        if "migrations" not in path.parts
    }


def is_api(module: str) -> bool:
    return module == "games.api" or module.startswith("games.api.")


def test_the_graph_is_read_from_the_sources():
    graph = import_graph()
    assert "games.api.views" in graph["games.urls_api"]  # `from .api import views as api`
    assert "games.transfer" in graph["games.api.views"]  # `from .. import stats, transfer`
    assert "games.models" in graph["games.views"]
    assert "games.api.entries" in graph["games.api.serializers"]


def test_no_page_or_other_module_imports_the_api():
    graph = import_graph()
    offenders = {
        module: sorted(filter(is_api, imported))
        for module, imported in graph.items()
        if not is_api(module) and module != API_URLS and any(map(is_api, imported))
    }
    assert offenders == {}


def is_page(module: str) -> bool:
    return module in PAGE_MODULES or module == "games.kinds" or module.startswith("games.kinds.")


def test_the_api_imports_no_page_module():
    graph = import_graph()
    offenders = {
        module: sorted(filter(is_page, imported))
        for module, imported in graph.items()
        if is_api(module) and any(map(is_page, imported))
    }
    assert offenders == {}
