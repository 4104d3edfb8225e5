"""The contract every family keeps (issue 18 item 10; DESIGN "The contract in code"), checked
clause by clause over every family × preset × table size, in the manner of OpenSpiel's generic
game tests. The clauses are in ``clauses.py``; the games in ``cases.py``."""

from __future__ import annotations

import functools

import pytest
from cases import PENDING, Case, cases, refused
from clauses import CLAUSES, Walk, check_match_ends, walk

import hoyle
from hoyle.core.registry import family

CASES = cases()


@functools.lru_cache(maxsize=8)
def _walk(spec: str) -> Walk:
    return walk(spec)


def _skip_pending(case_family: str) -> None:
    if case_family in PENDING:
        pytest.skip(f"{case_family} is still being brought to the contract (cases.PENDING)")


@pytest.mark.parametrize("clause", list(CLAUSES))
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_clause(case: Case, clause: str) -> None:
    _skip_pending(case.family)
    CLAUSES[clause](_walk(case.spec))


@pytest.mark.parametrize("name", hoyle.families())
def test_every_preset_has_a_table(name: str) -> None:
    """No preset drops out of the suite: each has at least one table size the rules accept,
    and every size refused within a preset's own limits is refused for a reason given."""
    presets = {p.name for p in family(name).presets if p.family is None}
    assert presets == {c.preset for c in CASES if c.family == name}
    for preset, players, reason in refused(name):
        assert reason and str(players) in reason, (preset, players, reason)


@pytest.mark.parametrize("name", hoyle.families())
def test_a_whole_match_ends(name: str) -> None:
    _skip_pending(name)
    check_match_ends(name)
