"""The games the conformance suite runs: every family × preset × table size the preset allows.

A table size is allowed when the preset's own limits (``players``, ``tables``) and the rules'
checks accept it; the sizes refused are listed with their reasons (``refused``), so that a
size skipped is a size the rules refuse, never one a test forgot.
"""

from __future__ import annotations

from dataclasses import dataclass

import hoyle
from hoyle.core.registry import family

__all__ = ["PENDING", "Case", "cases", "refused"]

PENDING: frozenset[str] = frozenset()
"""Families whose wings are still being brought to the contract (issue 18): the suite skips
them, saying so. Empty once every family keeps it."""


@dataclass(frozen=True)
class Case:
    """One game of the suite."""

    family: str
    preset: str
    players: int

    @property
    def spec(self) -> str:
        """Its game string for one deal."""
        return f"{self.family}(variant={self.preset},players={self.players},deals=1)"

    @property
    def id(self) -> str:
        """Its test id."""
        return f"{self.family}-{self.preset}-{self.players}"


def _sizes(name: str) -> tuple[list[int], list[tuple[str, int, str]]]:
    fam = family(name)
    info = {i.name: i for i in fam.options()}["players"]
    allowed: list[int] = []
    refusals: list[tuple[str, int, str]] = []
    for preset in fam.presets:
        if preset.family is not None:  # another family's game under an old name
            continue
        low, high = preset.players or (info.min or 1, info.max or 8)
        for n in range(low, high + 1):
            try:
                hoyle.load(name, variant=preset.name, players=n)
            except hoyle.InvalidOptionError as exc:
                refusals.append((preset.name, n, str(exc)))
            else:
                allowed.append(n)
    return allowed, refusals


def cases(names: list[str] | None = None) -> list[Case]:
    """Every case of the named families (all registered families by default)."""
    out = []
    for name in names or hoyle.families():
        fam = family(name)
        info = {i.name: i for i in fam.options()}["players"]
        for preset in fam.presets:
            if preset.family is not None:
                continue
            low, high = preset.players or (info.min or 1, info.max or 8)
            for n in range(low, high + 1):
                try:
                    hoyle.load(name, variant=preset.name, players=n)
                except hoyle.InvalidOptionError:
                    continue
                out.append(Case(fam.name, preset.name, n))
    return out


def refused(name: str) -> list[tuple[str, int, str]]:
    """The (preset, table size, reason) the rules refuse within the presets' own limits."""
    return _sizes(name)[1]
