"""The Spite and Malice family: the seed's three-pack game, Misery, Starturn and their kin."""

from hoyle.core.hooks import SearchHooks
from hoyle.core.registry import Family, Views, register_family
from hoyle.games.spite_malice.encode import make_encoder
from hoyle.games.spite_malice.explain import explain
from hoyle.games.spite_malice.play import EasySpiteMaliceAgent, evaluate, planner, rollout_move
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
        encoder=make_encoder,
        # Deals are long (a hundred turns and more): a playout stops after three moves and the
        # position is valued by goal cards played and how it stands (see play.evaluate). Longer
        # playouts add noise (goal cards either side may play) that a move's budget cannot
        # average away: with eight moves medium lost to easy, with three it wins.
        search=SearchHooks(rollout=rollout_move, playout_moves=3, evaluate=evaluate),
        agents={"easy": EasySpiteMaliceAgent},
        searchers={"planner": planner, "expert": planner},
        views=Views(terminal="spite_malice", web="piles"),
    )
)
