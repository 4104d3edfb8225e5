"""Run the examples in the docstrings of every hoyle module."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import hoyle

MODULES = sorted(
    ["hoyle"]
    + [
        info.name
        for info in pkgutil.walk_packages(hoyle.__path__, "hoyle.")
        if not info.name.endswith("__main__")
        # Alembic runs its env script inside a migration context; imported bare it fails.
        and info.name != "hoyle.web.migrations.env"
    ]
)


def test_the_package_has_examples() -> None:
    finder = doctest.DocTestFinder()
    examples = 0
    for name in MODULES:
        module = importlib.import_module(name)
        examples += sum(len(t.examples) for t in finder.find(module, name))
    assert examples >= 10


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
