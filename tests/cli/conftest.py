"""Fixtures for the command-line tests."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest
from cli_script import ScriptedPlayer

import hoyle.records


@pytest.fixture
def scripted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., ScriptedPlayer]:
    """Install a :class:`ScriptedPlayer` as ``input``; call with its options."""

    def make(**kwargs: object) -> ScriptedPlayer:
        player = ScriptedPlayer(capsys, **kwargs)  # type: ignore[arg-type]
        monkeypatch.setattr("builtins.input", player)
        return player

    return make


@pytest.fixture
def records() -> ModuleType:
    """``hoyle.records`` (imported at the top: a test that needs it fails, never skips,
    when it is missing)."""
    return hoyle.records


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line reads its language from the environment: these tests expect English
    whatever the shell that runs them speaks."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
