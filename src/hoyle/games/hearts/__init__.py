"""The Hearts family: Black Lady (the default) and its relatives, from one engine."""

from typing import Any

from hoyle.core.encoding import Encoder
from hoyle.core.hooks import SearchHooks
from hoyle.core.protocol import Game
from hoyle.core.registry import Family, register_family
from hoyle.games.hearts import fast as _fast
from hoyle.games.hearts import search as _search
from hoyle.games.hearts.explain import explain
from hoyle.games.hearts.play import EasyHeartsAgent, rollout_move
from hoyle.games.hearts.rules import PRESETS, FirstLead, HeartsRules, Moon, Pass, Tie
from hoyle.games.hearts.solver import solve
from hoyle.games.hearts.state import MOON_ADD, MOON_SUBTRACT, HeartsGame, HeartsState

__all__ = [
    "MOON_ADD",
    "MOON_SUBTRACT",
    "FirstLead",
    "HeartsGame",
    "HeartsRules",
    "HeartsState",
    "Moon",
    "Pass",
    "Tie",
]


def _make_encoder(game: Game[Any]) -> Encoder:
    from hoyle.games.hearts.encode import HeartsEncoder  # numpy only when tensors are asked for

    return HeartsEncoder(game)


register_family(
    Family(
        name="hearts",
        title="Hearts",
        rules_type=HeartsRules,
        make_game=HeartsGame,
        presets=PRESETS,
        explain=explain,
        encoder=_make_encoder,
        search=SearchHooks(
            rollout=rollout_move,
            move_classes=_search.move_classes,
            solve=solve,
            worlds=_fast.worlds,
        ),
        agents={"easy": EasyHeartsAgent},
    )
)
