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

from hoyle.core.narrate import Fact, Phrase, joined, say, say_n
from hoyle.games.spite_malice.rules import Recycle

if TYPE_CHECKING:
    from hoyle.games.spite_malice.state import SpiteMaliceState

__all__ = ["facts"]


def _cards(k: int) -> Phrase:
    return say_n("{n} card", "{n} cards", k)


def _starter(state: SpiteMaliceState) -> Phrase:
    """What may start a centre stack: the lowest rank, or a wild standing for it."""
    g = state.g
    low = g.rank_text(1)
    wilds = any(g.wild[k] and g.total[k] for k in range(g.kinds))
    if wilds and 1 not in g.forbidden:
        return say("an ace or a wild") if low == "A" else say("a {rank} or a wild", rank=low)
    return say("an ace") if low == "A" else say("a {rank}", rank=low)


def facts(state: SpiteMaliceState, seat: int | None) -> list[Fact]:
    """``seat``'s facts (``None``: a spectator's), from its observation."""
    obs = state._observe(seat)
    rules = state.rules
    n = state.g.n
    out: list[Fact] = []
    if obs["phase"] not in ("deal", "over"):
        left = [sum(pile["count"] for pile in obs["goals"][s]) for s in range(n)]
        order = list(range(n)) if seat is None else [seat, *(s for s in range(n) if s != seat)]
        text: Phrase = joined([f"{{{s}}} {left[s]}" for s in order])
        out.append(Fact(say("Goal cards"), text, kind="goal"))
        nexts = obs["stack_next"]
        first = _starter(state)
        limit = rules.max_stacks
        if not nexts:
            text = say("none yet: {first} starts one", first=first)
        elif limit and len(nexts) >= limit:
            text = say("next {ranks} (all {limit} in use)", ranks=", ".join(nexts), limit=limit)
        else:
            text = say("next {ranks}; {first} starts another", ranks=", ".join(nexts), first=first)
        out.append(Fact(say("Stacks"), text, kind="stacks"))
        if obs["cover"] is not None:
            stack = obs["cover"]
            text = say(
                "the wild on stack {stack} must be covered by a natural {rank}",
                stack=stack + 1,
                rank=nexts[stack],
            )
            out.append(Fact(say("Cover"), text, kind="cover"))
        text = _cards(obs["stock"])
        heap = len(obs["heap"])
        if heap and rules.recycle is Recycle.WHEN_EMPTY:
            text = say(
                "{stock}; {heap} of completed stacks wait to be shuffled in",
                stock=text,
                heap=_cards(heap),
            )
        out.append(Fact(say("Stock"), text, kind="stock"))
        if rules.may_pass and obs["passes"]:
            # The English says "1 in a row" as it says "2 in a row"; a translation may not.
            text = say_n(
                "{n} in a row: if all {players} pass, the deal is blocked",
                "{n} in a row: if all {players} pass, the deal is blocked",
                obs["passes"],
                players=n,
            )
            out.append(Fact(say("Passes"), text, kind="passes"))
    if rules.deals == 1:
        game = say("one deal")
    elif rules.deals:
        game = say("deal {deal} of {deals}", deal=state.progress()[0], deals=rules.deals)
    else:
        game = say("ends after a deal in which anyone reaches {target} points", target=rules.target)
    out.append(Fact(say("Game"), game, kind="game"))
    return out
