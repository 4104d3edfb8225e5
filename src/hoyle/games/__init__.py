"""The game families. Importing this package registers every family with the core registry."""

from hoyle.games import hearts

__all__ = ["hearts"]
