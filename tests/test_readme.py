"""Every example in the README still works (issue 18, "Done when"): its Python blocks run, and
each command line parses and names a game, options and agents that load."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

import hoyle
from hoyle.cli import _lang_first, _load_game, build_parser
from hoyle.core.registry import split_agents

README = Path(__file__).resolve().parents[1] / "README.md"
TEXT = README.read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", TEXT, re.S)
PREFIXES = ("./run.sh hoyle ", "./run.sh ", ".venv/bin/hoyle ", "python -m hoyle ")
LINES = [
    line.split("  #")[0].strip()
    for block in re.findall(r"```\n(.*?)```", TEXT, re.S)
    for line in block.splitlines()
    if line.startswith(PREFIXES)
]


def test_the_readme_has_examples() -> None:
    assert len(BLOCKS) >= 2 and len(LINES) >= 10


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.splitlines()[0][:40])
def test_python_examples_run(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(block, str(README), "exec"), {"__name__": "readme"})


def _argv(line: str) -> list[str]:
    for prefix in PREFIXES:
        if line.startswith(prefix):
            words = shlex.split(line[len(prefix) :])
            return words if prefix != "./run.sh " or words[0] != "test" else []
    raise AssertionError(line)


@pytest.mark.parametrize("line", LINES)
def test_command_lines_parse_and_name_games_that_load(line: str) -> None:
    argv = _argv(line)
    if not argv or argv[0] in ("serve", "--help"):  # set-up and help: nothing to load
        return
    args, extras = build_parser().parse_known_args(_lang_first(argv))  # as main() reads it
    args.options = [*getattr(args, "options", []), *extras]  # as hoyle.cli.main reads them
    if args.command in ("play", "simulate", "rules") or args.command == "match":
        spec = args.game
        game = _load_game(spec, getattr(args, "variant", None), getattr(args, "options", []))
        for name in split_agents(getattr(args, "agents", None) or getattr(args, "opponents", "")):
            hoyle.agent(name, game)
    elif args.command == "variants":
        assert hoyle.variants(args.game)
