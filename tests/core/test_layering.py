"""Family knowledge stays in the wings (issue 18, item 1; DESIGN "The house"): nothing above the
games imports a family's modules or branches on a family's name, so a fifth family needs only
its wing and its registration (``tests/conformance/test_toy_family.py`` shows one)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import hoyle

SRC = Path(hoyle.__file__).parent
ABOVE = ["web", "tui", "envs", "arena", "agents", "records", "cli.py"]
"""The rooms above the games: surfaces, adapters, agents, the arena, records."""

OWN_GAME = {SRC / "agents" / "openspiel_bot.py": "hearts"}
"""Modules that exist for one family's game: OpenSpiel's C++ Hearts bot plays OpenSpiel's
Hearts and nothing else, so its factory refuses any other family by name."""


def _modules() -> list[Path]:
    out: list[Path] = []
    for room in ABOVE:
        path = SRC / room
        out += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return out


MODULES = _modules()


def _names() -> set[str]:
    from hoyle.core.registry import family

    names = set()
    for name in hoyle.families():
        record = family(name)
        names |= {record.name, *record.aliases, record.name.replace("-", "_")}
    return names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_room_above_the_games_imports_a_family(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            assert not module.startswith("hoyle.games"), f"{path.name}: from {module} import"
            if module == "hoyle":
                assert all(a.name != "games" for a in node.names), f"{path.name}: hoyle.games"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                assert not alias.name.startswith("hoyle.games"), f"{path.name}: {alias.name}"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            assert "hoyle.games" not in node.value, f"{path.name}: imports by name"


def _is_family(node: ast.expr) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr in ("family", "family_name")) or (
        isinstance(node, ast.Name) and node.id in ("family", "fam", "family_name")
    )


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_room_above_the_games_branches_on_a_family_name(path: Path) -> None:
    names = _names()
    allowed = OWN_GAME.get(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            strings = [
                s.value for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)
            ]
            if any(_is_family(s) for s in sides):
                assert all(s == allowed for s in strings), (
                    f"{path.name}:{node.lineno}: compares a family with {strings}"
                )
            assert not [s for s in strings if s in names and s != allowed], (
                f"{path.name}:{node.lineno}: compares with the family name {strings}"
            )
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant) and k.value in names]
            assert not keys, f"{path.name}:{node.lineno}: a table keyed by family names {keys}"


def test_envs_name_no_family_at_all() -> None:
    """The adapters take everything from the registry and ``game.info``: no family's name
    appears in their code (docstrings and comments aside)."""
    names = _names() - {"hearts"}  # "hearts" is also a card suit's name
    for path in sorted((SRC / "envs").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {
            id(n.body[0].value)
            for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and n.body
            and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id(node) in docs:
                    continue
                assert node.value not in names, f"{path.name}:{node.lineno}: {node.value!r}"


@pytest.mark.parametrize(
    "path", sorted((SRC / "web" / "static").glob("*.js")), ids=lambda p: p.name
)
def test_the_browser_code_draws_by_view_not_by_family(path: Path) -> None:
    """The web room's pages choose how to draw a table by the family record's view name
    (``msg.view``), never by the family's name."""
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"\bfamily\s*[!=]==?|[!=]==?\s*\w*\.family\b", text), path.name
    quoted = set(re.findall(r"""["']([a-z][a-z-]*)["']""", text))
    assert not (quoted & _names()), f"{path.name} names families: {quoted & _names()}"
