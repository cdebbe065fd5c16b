"""The README's production recipe, read from README.md, so the tests run what the README says.

The recipe is the first ```sh block under "## Production": its `export` line (continued with
backslashes) is the server's environment, and its other lines the commands run in order. The
second block is what the server runs on a schedule, with that environment.
"""

import re
import shlex
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
PLACEHOLDER = re.compile(r"<[^<>]+>")


def recipe_lines(block: int = 0) -> list[str]:
    """The recipe's shell lines (of its first ```sh block, or the `block`-th), each continued
    line joined onto its first."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Production\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.DOTALL)
    assert len(blocks) > block, f"README.md's Production section has no ```sh block {block}"
    joined = blocks[block].replace("\\\n", " ")
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


def scheduled() -> list[list[str]]:
    """What the recipe says to run on a schedule (its second ```sh block), with the server's
    environment: the app's own commands, without the schedule."""
    return [shlex.split(line) for line in recipe_lines(1) if not line.startswith("#")]
