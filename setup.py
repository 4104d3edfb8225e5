"""Build settings that pyproject.toml cannot hold: hoyle's optional compiled parts.

They are the observation encoders (the Hearts encoder's pass and play, and writing a vector in
one call), the compiled cores of Hearts' and All Fours' card play that search runs on
(``_fastcore``: legal moves, play, playouts, the ending solver, worlds drawn for a seat), and
the batched Hearts table of :mod:`hoyle.vector` (``_fastvec``).

``optional=True``: where no C compiler (or no Python headers) is found the build goes on
without them and hoyle uses its Python code, which does the same work more slowly
(``HOYLE_COMPILED=0`` makes it do so where they were built, see hoyle.core.compiled).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "hoyle.games.hearts._fastenc",
            ["src/hoyle/games/hearts/_fastenc.c"],
            optional=True,
        ),
        Extension("hoyle.core._fastwrite", ["src/hoyle/core/_fastwrite.c"], optional=True),
        Extension(
            "hoyle.games.hearts._fastcore",
            ["src/hoyle/games/hearts/_fastcore.c", "src/hoyle/games/hearts/_fastsolve.c"],
            depends=["src/hoyle/games/hearts/_fastcore.h", "src/hoyle/core/_worlds.h"],
            optional=True,
        ),
        Extension(
            "hoyle.games.all_fours._fastcore",
            ["src/hoyle/games/all_fours/_fastcore.c"],
            depends=["src/hoyle/core/_worlds.h"],
            optional=True,
        ),
        Extension(
            "hoyle.games.hearts._fastvec",
            ["src/hoyle/games/hearts/_fastvec.c"],
            depends=["src/hoyle/games/hearts/_fastcore.h"],
            optional=True,
        ),
    ]
)
