"""The Spite and Malice family: the seed's three-pack game, Misery, Starturn and their kin."""

from hoyle.core.registry import Family, register_family
from hoyle.games.spite_malice.explain import explain
from hoyle.games.spite_malice.rules import PRESETS, SpiteMaliceRules
from hoyle.games.spite_malice.state import SpiteMaliceGame, SpiteMaliceState

__all__ = ["SpiteMaliceGame", "SpiteMaliceRules", "SpiteMaliceState"]

register_family(
    Family(
        name="spite-malice",
        title="Spite and Malice",
        rules_type=SpiteMaliceRules,
        make_game=SpiteMaliceGame,
        presets=PRESETS,
        aliases=("spite-and-malice", "spite_malice", "cat-and-mouse"),
        explain=explain,
    )
)
