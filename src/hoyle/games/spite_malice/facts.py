"""The few facts a Spite and Malice player needs at a glance (``state.facts(seat)``), in words.

Each is built from the seat's own observation (:mod:`hoyle.games.spite_malice.observe`) and the
rules, so it says nothing the seat may not know. Only those that apply now are given:

- **Goal cards** left to each player (whoever empties the goal pile first wins the deal);
- **Stacks**: the card each centre stack needs next, and how many stacks the centre holds;
- **Cover**: a wild just played that the next natural card must cover (``cover_wild``);
- **Stock**: the cards left to draw, and the completed cards waiting to be shuffled in;
- **Passes** in a row, where a turn may end without a discard (``may_pass``);
- **Game**: how the match ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hoyle.core.narrate import Fact
from hoyle.games.spite_malice.rules import Recycle

if TYPE_CHECKING:
    from hoyle.games.spite_malice.state import SpiteMaliceState

__all__ = ["facts"]


def _cards(k: int) -> str:
    return f"{k} card" + ("" if k == 1 else "s")


def _starter(state: SpiteMaliceState) -> str:
    """What may start a centre stack: the lowest rank, or a wild standing for it."""
    g = state.g
    low = g.rank_text(1)
    card = {"A": "an ace"}.get(low, f"a {low}")
    wilds = any(g.wild[k] and g.total[k] for k in range(g.kinds))
    return card + (" or a wild" if wilds and 1 not in g.forbidden else "")


def facts(state: SpiteMaliceState, seat: int | None) -> list[Fact]:
    """``seat``'s facts (``None``: a spectator's), from its observation."""
    obs = state._observe(seat)
    rules = state.rules
    n = state.g.n
    out: list[Fact] = []
    if obs["phase"] not in ("deal", "over"):
        left = [sum(pile["count"] for pile in obs["goals"][s]) for s in range(n)]
        order = list(range(n)) if seat is None else [seat, *(s for s in range(n) if s != seat)]
        text = ", ".join(f"{{{s}}} {left[s]}" for s in order)
        out.append(Fact("Goal cards", text, kind="goal"))
        nexts = obs["stack_next"]
        first = _starter(state)
        if not nexts:
            text = f"none yet: {first} starts one"
        else:
            text = "next " + ", ".join(nexts)
            limit = rules.max_stacks
            if limit and len(nexts) >= limit:
                text += f" (all {limit} in use)"
            else:
                text += f"; {first} starts another"
        out.append(Fact("Stacks", text, kind="stacks"))
        if obs["cover"] is not None:
            stack = obs["cover"]
            text = f"the wild on stack {stack + 1} must be covered by a natural {nexts[stack]}"
            out.append(Fact("Cover", text, kind="cover"))
        text = _cards(obs["stock"])
        heap = len(obs["heap"])
        if heap and rules.recycle is Recycle.WHEN_EMPTY:
            text += f"; {_cards(heap)} of completed stacks wait to be shuffled in"
        out.append(Fact("Stock", text, kind="stock"))
        if rules.may_pass and obs["passes"]:
            text = f"{obs['passes']} in a row: if all {n} pass, the deal is blocked"
            out.append(Fact("Passes", text, kind="passes"))
    if rules.deals == 1:
        game = "one deal"
    elif rules.deals:
        game = f"deal {state.progress()[0]} of {rules.deals}"
    else:
        game = f"ends after a deal in which anyone reaches {rules.target} points"
    out.append(Fact("Game", game, kind="game"))
    return out
