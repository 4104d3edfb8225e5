"""Build settings that pyproject.toml cannot hold: the optional compiled Hearts encoder.

``optional=True``: where no C compiler (or no Python headers) is found the build goes on
without it and hoyle uses its Python encoder, which writes the same vectors more slowly.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "hoyle.games.hearts._fastenc",
            ["src/hoyle/games/hearts/_fastenc.c"],
            optional=True,
        )
    ]
)
