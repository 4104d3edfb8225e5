"""What players read about a game's rules names books and pages they can find, never a file of
this project: every preset's source and summary, the rules in force (``hoyle rules``, the web
room's ``/api/rules``), the option notes and ``hoyle variants`` cite the encyclopedia article,
pagat.com, the Hoyles and the other books, and say in words where a rule is hoyle's own
ruling."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import hoyle
from hoyle.cli import main, rules_lines
from hoyle.core.registry import families, family

FORBIDDEN = re.compile(r"shared/|RULINGS|\.md\b")
"""A path into the project's files, its rulings digest, or any Markdown file."""


def presets() -> list[tuple[str, str]]:
    return [(name, p.name) for name in families() for p in family(name).presets]


def clean(text: str, where: str) -> None:
    found = FORBIDDEN.search(text)
    assert found is None, f"{where} cites {found.group(0)!r}: {text}"


@pytest.mark.parametrize("name,variant", presets())
def test_a_preset_cites_books_and_pages_not_project_files(name: str, variant: str) -> None:
    fam = family(name)
    preset = fam.find_variant(variant)
    clean(preset.source, f"{name}/{variant} source")
    clean(preset.summary, f"{name}/{variant} summary")
    assert preset.source.strip(), f"{name}/{variant} names no source"
    game = hoyle.load(name, variant=variant)
    for line in rules_lines(game):  # hoyle rules: summary, source, rules in force, options
        clean(line, f"hoyle rules {name} --variant {variant}")
    played = family(game.family)  # a preset may stand for another family's game
    if played.explain is not None:
        for line in played.explain(game.rules):
            clean(line, f"{name}/{variant} rules in force")
    from hoyle.web.room import rules_of  # what /api/rules?game=... sends

    clean(json.dumps(rules_of(game), ensure_ascii=False), f"/api/rules {game.spec}")


@pytest.mark.parametrize("name", families())
def test_options_and_variant_listings_cite_no_project_files(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for info in family(name).options():
        clean(info.doc, f"{name} option {info.name}")
    assert main(["variants", name]) == 0
    assert main(["variants", name, "--json"]) == 0
    clean(capsys.readouterr().out, f"hoyle variants {name}")


def test_the_web_room_serves_the_same_clean_rules(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from hoyle.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'room.sqlite3'}")
    with TestClient(app) as client:
        for name, variant in presets():
            spec = hoyle.load(name, variant=variant).spec
            answer = client.get("/api/rules", params={"game": spec})
            assert answer.status_code == 200, spec
            payload: dict[str, Any] = answer.json()
            assert payload["source"] and payload["rules"] is not None
            clean(json.dumps(payload, ensure_ascii=False), f"/api/rules?game={spec}")
