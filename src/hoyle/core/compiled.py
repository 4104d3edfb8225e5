"""Loading hoyle's optional compiled modules, and turning them off.

Every compiled part of hoyle (the observation encoders, the families' compiled cores) is built
where a C compiler is found and skipped where none is (``setup.py``); the Python code beside it
is the reference and does the same work more slowly. ``HOYLE_COMPILED=0`` in the environment
makes hoyle ignore the compiled parts even where they were built: the test suite runs once so,
to show that everything works without a compiler.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["compiled_allowed", "load_compiled"]


def compiled_allowed() -> bool:
    """False when ``HOYLE_COMPILED`` is ``0`` (or ``false``, ``no``, ``off``)."""
    return os.environ.get("HOYLE_COMPILED", "1").strip().lower() not in ("0", "false", "no", "off")


def load_compiled(name: str) -> ModuleType | None:
    """The compiled module ``name`` (``hoyle.games.hearts._fastcore``), or ``None`` when it
    was not built or compiled parts are turned off."""
    if not compiled_allowed():
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None
