"""The README's production recipe, read from README.md, so the tests run what the README says.

The recipe is the first ```sh block under "## Production": its `export` line (continued with
backslashes) is the server's environment, and its other lines the commands run in order.
"""

import re
import shlex
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
PLACEHOLDER = re.compile(r"<[^<>]+>")


def recipe_lines() -> list[str]:
    """The recipe's shell lines, each continued line joined onto its first."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Production\n", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block, "README.md's Production section has no ```sh block"
    joined = block.group(1).replace("\\\n", " ")
    return [line.strip() for line in joined.splitlines() if line.strip()]


def environment(**placeholders: str) -> dict[str, str]:
    """The variables of the recipe's `export` line, with each `<placeholder>` filled from
    `placeholders` (keyed by the placeholder's words joined with underscores)."""
    exports = [line for line in recipe_lines() if line.startswith("export ")]
    assert len(exports) == 1, "the recipe sets its environment in one export line"
    variables = {}
    for word in shlex.split(exports[0])[1:]:
        name, _, value = word.partition("=")
        variables[name] = PLACEHOLDER.sub(
            lambda match: placeholders[match.group(0)[1:-1].replace(" ", "_")], value
        )
    return variables


def commands() -> list[list[str]]:
    """The recipe's commands after the export line (the app's own: migrate, ..., gunicorn)."""
    lines = recipe_lines()
    start = next(i for i, line in enumerate(lines) if line.startswith("export ")) + 1
    return [shlex.split(line) for line in lines[start:]]
