"""The game families. Importing this package registers every family with the core registry.

The order is the order ``hoyle.families()`` lists them in; the first, Hearts, is the game a
surface offers when none is named.
"""

from hoyle.games import hearts  # noqa: I001  (the first family registered is the default)
from hoyle.games import all_fours, spite_malice, ecarte, bourre

__all__ = ["all_fours", "bourre", "ecarte", "hearts", "spite_malice"]
