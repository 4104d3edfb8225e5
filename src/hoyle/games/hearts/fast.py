"""The Python side of Hearts' compiled core (``_fastcore``): which positions it plays, and the
worlds it searches.

The core plays a deal's trick play with every hand known (``_fastcore.h``): legal cards, the
play of a card, the playout policy of :func:`~hoyle.games.hearts.play.rollout_move`, the
ending solver of :mod:`~hoyle.games.hearts.solver` and the deal's score. Search hands it, once
a move, what the searching seat knows (:func:`worlds`): the cards it cannot see grouped by
which seats may hold them, and the ways to share the groups out; the core then draws worlds,
tries the moves in each and plays them out, thousands a second where Python steps hundreds.

It plays the one-pack engine's card play (:class:`HeartsState`, jokers included) in the
points games whose deal score needs nothing but the cards taken: no chips, no Q♦ cut, no
Générale or slam bid under way, no ``moon=add_unless_losing`` (which reads the match score)
and no widow taken into hand. Everywhere else (passing, bidding, the stock and two-pack
games) :func:`worlds` answers ``None`` and search steps the Python states, which stay the
reference: tests/hearts/test_fastcore.py plays both side by side for every preset.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hoyle.core.compiled import SamplerWorlds, load_compiled
from hoyle.core.protocol import State
from hoyle.core.sampling import splits_by_seat
from hoyle.games.hearts.resample import _constraints, _played_by_seat
from hoyle.games.hearts.rules import Moon
from hoyle.games.hearts.solver import MAX_CARDS, PLAYOUT_CARDS
from hoyle.games.hearts.state import (
    JOKERS,
    PLAY,
    POOL,
    HeartsState,
    mask_of_hands,
    mask_to_list,
)

if TYPE_CHECKING:
    from hoyle.games.hearts.state import HeartsGame

__all__ = [
    "available",
    "core_position",
    "core_rules",
    "plays",
    "resample",
    "worlds",
]

_core = load_compiled("hoyle.games.hearts._fastcore")

_MOON = {
    Moon.NONE: 0,
    Moon.ADD: 1,
    Moon.SUBTRACT: 2,
    Moon.SLAM: 3,
    Moon.VOID_DEAL: 4,
    Moon.CHOOSE: 5,
}


def available() -> bool:
    """Whether the compiled core is built and allowed (``HOYLE_COMPILED``)."""
    return _core is not None


def plays(state: State) -> bool:
    """Whether the compiled core plays ``state``: a deal's trick play in the rules it scores
    (see the module)."""
    if _core is None or type(state) is not HeartsState or state._phase != PLAY:
        return False
    g = state.g
    rules = g.rules
    return (
        not rules.chips
        and not rules.diamond_queen
        and rules.moon in _MOON
        and state._declarer < 0
        and state._partner < 0
        and not (g.widow_size and g.widow_to_hand)
        and rules.packs == 1
    )


def core_rules(state: HeartsState) -> Any:
    """The core's ``Rules`` for the deal under way in ``state``."""
    assert _core is not None
    g: HeartsGame = state.g
    rules = g.rules
    return _core.Rules(
        n=g.n,
        hand_size=g.hand_size,
        values=list(state._values),
        penalty=state._penalty,
        moon_mask=g.moon_mask,
        safe_mask=g.safe_mask,
        lowest_club=g.lowest_club,
        first_lead_club=g.first_lead_club,
        lead_any_club=g.lead_any_club,
        first_trick_safe=g.first_trick_safe,
        queen_breaks=g.queen_breaks,
        hearts_for_queen=g.hearts_for_queen,
        # A moon rule the core does not score (add_unless_losing reads the match) is never
        # scored by it: plays() keeps search off it; drawing worlds needs no score.
        moon=_MOON.get(rules.moon, 0),
        moon_value=g.moon_value,
        sides=[tuple(side) for side in g.moon_sides],
        no_tricks_bonus=rules.no_tricks_bonus,
        heart_queen_doubles=rules.heart_queen_doubles,
        club_queen_cancels=rules.club_queen_cancels,
        sign=-1.0 if g.info.scores_are_penalties else 1.0,
    )


def core_position(
    state: HeartsState,
    rules: Any = None,
    hands: Sequence[int] | None = None,
    taken: Sequence[int] | None = None,
    points: Sequence[int] | None = None,
) -> Any:
    """The core's ``Pos`` for ``state`` (every hand as it is, unless ``hands`` and the cards
    ``taken`` and ``points`` are given instead)."""
    assert _core is not None
    done = len(state._tricks)
    return _core.Pos(
        rules if rules is not None else core_rules(state),
        list(state._hands if hands is None else hands),
        list(state._taken if taken is None else taken),
        list(state._ntricks),
        list(state._points if points is None else points),
        list(state._trick),
        state._leader,
        state._lead_suit,
        state._win_card,
        state._win_pos,
        state._trick_pts,
        done,
        int(state._broken),
        state._widow if not done else 0,
    )


def worlds(state: State, player: int) -> SamplerWorlds | None:
    """The worlds of ``player``'s search of ``state``, or ``None`` where the core does not
    play it (see the module). Reads only what ``player`` sees: its hand, the cards it passed
    and was passed, and the play."""
    if not plays(state):
        return None
    assert isinstance(state, HeartsState)
    sampler = _sampler(state, player)
    return None if sampler is None else SamplerWorlds(sampler, MAX_CARDS, PLAYOUT_CARDS)


def _sampler(state: HeartsState, player: int) -> Any:
    """The core's ``Sampler`` of the worlds ``player`` cannot tell from ``state`` (a trick
    play position), or ``None`` when the unseen cards split too many ways."""
    assert _core is not None
    g = state.g
    n = g.n
    if not 0 <= player < n:
        raise ValueError(f"player must be a seat 0…{n - 1}, not {player}")
    allowed, required = _constraints(state, player)
    played = _played_by_seat(state)
    played_all = mask_of_hands(played)
    hands = [0] * n
    hands[player] = state._hands[player]
    need: dict[int, int] = {}
    allowed_of: dict[int, int] = {}
    for s in range(n):
        if s != player:
            hands[s] = required[s]
            need[s] = state._hands[s].bit_count() - required[s].bit_count()
            allowed_of[s] = allowed[s]
    taker = state._widow_taker
    known = state._widow if taker == player else 0
    taken = list(state._taken)
    points = list(state._points)
    widow_taker = -1
    if g.widow_size and not known:
        # The widow is unseen: a pseudo-seat (n) of the draw. Taken with the first trick, it
        # lies unseen among its taker's cards, whose count it must not be read from.
        need[n] = g.widow_size
        allowed_of[n] = g.deck_mask
        if taker >= 0:
            widow_taker = taker
            taken[taker] &= ~state._widow
            points[taker] -= sum(state._values[c] for c in mask_to_list(state._widow))
    pool = g.deck_mask & ~state._hands[player] & ~played_all & ~mask_of_hands(required) & ~known
    shares = splits_by_seat(mask_to_list(pool), list(need), need, allowed_of)
    if shares is None:
        return None
    rules = core_rules(state)
    base = core_position(state, rules, hands, taken, points)
    return _core.Sampler(
        base,
        shares.groups,
        shares.constrained,
        shares.splits,
        shares.weights,
        shares.free,
        shares.free_need,
        widow_taker,
    )


# The last position resampled and what its worlds are drawn from: a search asks for many
# worlds of one position.
_last: tuple[HeartsState, int, int, Any] | None = None


def _prepare(
    state: HeartsState, player: int, plan: tuple[int, ...]
) -> tuple[Any, list[int], list[int], int, list[int], list[int]] | None:
    """What :func:`resample` draws ``player``'s worlds of ``state`` from: (the sampler, each
    seat's cards played, the passes ``player`` saw (-1: unseen), eldest hand, the history
    before the deal and after its passes)."""
    sampler = _sampler(state, player)
    if sampler is None:
        return None
    n = state.g.n
    count = len(plan)
    passes = [-1] * (n * count)
    for seat in range(n):
        for k, offset in enumerate(plan):
            if player in (seat, (seat + offset) % n):
                passes[seat * count + k] = state._passed[seat][k]
    start = state._deal_start
    history = state._history
    dealt = n * state.g.hand_size + n * count
    eldest = (state._dealer + 1) % n
    return (
        sampler,
        _played_by_seat(state),
        passes,
        eldest,
        history[:start],
        history[start + dealt :],
    )


def resample(state: HeartsState, player: int, rng: random.Random) -> HeartsState | None:
    """``state.resample_from_infostate(player, rng)`` by the core, for the trick play of the
    one-pack game without jokers, with a pass to a seat (or none), no widow and no bid or
    Générale between the deal and the play; ``None`` elsewhere (and when the core is absent), where
    :mod:`hoyle.games.hearts.resample` draws it in Python.

    The world is the one the Python resample would draw (the same constraints, every fitting
    deal equally likely; the hidden passes drawn from what their receivers have held), built
    without replaying the deal: its hands, the hands as dealt, the passes, and the history
    that deals and passes them.
    """
    global _last
    g = state.g
    if (
        _core is None
        or type(state) is not HeartsState
        or state._phase != PLAY
        or g.widow_size
        or g.rules.packs != 1
        or g.has_bidding  # bids and a Générale come between the deal and the play
        or g.rules.generale
        or g.deck_mask & JOKERS  # two jokers alike: a pass names either (the lower id)
    ):
        return None
    plan = state.pass_plan()
    if plan and plan[0] == POOL:
        return None
    size = len(state._history)
    cached = _last
    if cached is not None and cached[0] is state and cached[1] == size and cached[2] == player:
        prepared = cached[3]
    else:
        prepared = _prepare(state, player, plan)
        if prepared is None:
            return None
        _last = (state, size, player, prepared)
    sampler, played, passes, eldest, head, tail = prepared
    hands, dealt, passed, received, actions = sampler.redeal(
        rng.getrandbits(64), played, plan, passes, eldest
    )
    new = state.clone()
    new._hands = list(hands)
    new._dealt = list(dealt)
    new._passed = passed
    new._received = list(received)
    new._legal = None
    new._history = head + actions + tail
    if state._rng_store is not None:
        # A shuffler of its own, from the searcher's dice: the real one, run on, would tell
        # the deals to come (docs/contract.md §7).
        new._seed_shuffler(rng.getrandbits(64))
    return new
