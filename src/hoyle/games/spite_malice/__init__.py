"""The Spite and Malice family: the seed's three-pack game, Misery, Starturn and their kin."""

from hoyle.core.encoding import register_encoder
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
from hoyle.games.spite_malice.encode import make_encoder  # noqa: E402

register_encoder("spite-malice", make_encoder)

# Deals are long (a hundred turns and more): a playout stops after three moves and the
# position is valued by goal cards played and how it stands (see play.evaluate). Longer
# playouts add noise (goal cards either side may play) that a move's budget cannot average
# away: with eight moves medium lost to easy, with three it wins.
register_search_hooks(
    "spite-malice",
    SearchHooks(rollout=_play.rollout_move, playout_moves=3, evaluate=_play.evaluate),
)
