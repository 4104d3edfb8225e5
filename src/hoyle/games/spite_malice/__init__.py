"""The Spite and Malice family: the seed's three-pack game, Misery, Starturn and their kin."""

from hoyle.core.hooks import SearchHooks, register_search_hooks
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

from hoyle.games.spite_malice import play as _play  # noqa: E402  (registers the players)

# Deals are long (a hundred turns and more): playouts stop after a few turns' moves and the
# position is valued by the goal cards each seat has played.
register_search_hooks(
    "spite-malice",
    SearchHooks(rollout=_play.rollout_move, playout_moves=8, evaluate=_play.evaluate),
)
