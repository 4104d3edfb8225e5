"""The game families. Importing this package registers every family with the core registry."""

from hoyle.games import all_fours, bourre, ecarte, hearts, spite_malice

__all__ = ["all_fours", "bourre", "ecarte", "hearts", "spite_malice"]
