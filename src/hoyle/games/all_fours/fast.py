"""The Python side of All Fours' compiled core (``_fastcore``): which positions it plays, and
the worlds it searches.

The core plays a hand's trick play with every hand known: legal cards
(:func:`~hoyle.games.all_fours.state.playable`), the play of a card (the trick's winner, All
Fives' trumps scoring as tricks are won, the pitch fixing trumps), the playout policy of
:func:`~hoyle.games.all_fours.play.rollout_move`, the hand's count (:func:`~hoyle.games.
all_fours.scoring.score_hand` and :func:`~hoyle.games.all_fours.scoring.counted`: High, Low
held or captured, Jack and a hung Jack, Game and its tie, a pitcher set back, smudge, the
all-four bonus, the game won as the points count) and the ending solver of
:mod:`~hoyle.games.all_fours.solver`. Search hands it, once a move, what the searching seat
knows (:func:`worlds`): the cards it cannot see grouped by which seats may hold them (the
suits each has shown void in), and the ways to share the groups out; the core then draws
worlds, tries the moves in each and plays them out.

It plays :class:`AllFoursState`'s play phase, the pitch and Yorkshire's throw-in included, in
every preset without a stock. California Jack and Shasta Sam (a stock drawn after each trick)
are left to Python, and so is every position outside the play (begging, running, discarding,
bidding): there :func:`worlds` answers ``None`` and search steps the Python states, which
stay the reference (tests/all_fours/test_all_fours_fastcore.py plays both side by side for
every preset the core plays). Search also stays in Python under ``forced_beg_without_trump``
and ``no_undertrump``, whose plays say more about the hidden hands than the voids the core's
worlds respect.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoyle.core.compiled import SamplerWorlds, load_compiled
from hoyle.core.protocol import State
from hoyle.core.sampling import Splits, splits_by_seat
from hoyle.games.all_fours.observe import hand_visible
from hoyle.games.all_fours.resample import _played, _voids
from hoyle.games.all_fours.rules import Bidding, CountOrder, GameTie, Low, Stock, Trump
from hoyle.games.all_fours.solver import MAX_CARDS, PLAYOUT_CARDS
from hoyle.games.all_fours.state import FULL, PLAY, AllFoursState, cards_of

__all__ = [
    "available",
    "core_position",
    "core_rules",
    "plays",
    "worlds",
]

_core = load_compiled("hoyle.games.all_fours._fastcore")

_TIES = {GameTie.NOBODY: 0, GameTie.ELDEST: 1, GameTie.NON_DEALER: 2}


def available() -> bool:
    """Whether the compiled core is built and allowed (``HOYLE_COMPILED``)."""
    return _core is not None


def plays(state: State) -> bool:
    """Whether the compiled core plays ``state``'s position: the play phase of a hand without
    a stock (see the module)."""
    if _core is None or type(state) is not AllFoursState or state._phase != PLAY:
        return False
    rules = state.rules
    return rules.stock is Stock.NONE


def _next_kick(state: AllFoursState) -> bool:
    """Whether the end of this hand deals the next at once in a playout (a seeded game goes
    on), so that the next turn-up's kick counts in the hand's value as the engine's playout
    finds it."""
    rules = state.rules
    if state._rng is None or rules.trump is not Trump.TURN_UP or not rules.kicks:
        return False
    if rules.tie_deals and rules.deals > 1:
        return False  # whether a tie plays on depends on the totals: leave the kick out
    after = state._hand_no + 1
    return not (rules.deals and after >= rules.deals) and after < rules.deal_limit


def core_rules(state: AllFoursState) -> Any:
    """The core's ``Rules`` for the hand under way in ``state``."""
    assert _core is not None
    g = state.g
    rules = state.rules
    pitcher = state._pitcher
    bid = state._bid if rules.bidding is not Bidding.NONE and pitcher >= 0 else 0
    kicks = rules.kicks
    return _core.Rules(
        n=g.n,
        step=g.step,
        sides=list(g.side_of),
        trump_when_able=int(rules.trump_when_able),
        no_undertrump=int(rules.no_undertrump),
        low_captured=int(rules.low is Low.CAPTURED),
        game_tie=_TIES[rules.game_tie],
        game_value=rules.game_value,
        hang_jack=rules.hang_jack,
        smudge=int(rules.smudge),
        all_four_bonus=rules.all_four_bonus,
        pitcher_first=int(rules.count_order is CountOrder.PITCHER_FIRST),
        at_once=int(rules.trick_points_at_once),
        five_value=rules.five_value,
        throw_in=int(rules.throw_in),
        target=0 if rules.deals else rules.target,
        dealer=state._dealer,
        pitcher=pitcher,
        bid=bid,
        kicks=[kicks.get(rank, 0) for rank in range(13)],
        next_kick=int(_next_kick(state)),
    )


def core_position(
    state: AllFoursState, rules: Any = None, hands: Sequence[int] | None = None
) -> Any:
    """The core's ``Pos`` for ``state`` (every hand as it is, unless ``hands`` are given);
    its values are measured from the state's scores."""
    assert _core is not None
    g = state.g
    sides = state.rules.sides
    held = [0] * sides
    for card, seat in enumerate(state._played_by):
        if seat >= 0:
            held[g.side_of[seat]] |= 1 << card
    return _core.Pos(
        rules if rules is not None else core_rules(state),
        list(state._hands if hands is None else hands),
        list(state._won),
        held,
        list(state._scores),
        list(state._trick),
        list(state._trick_seats),
        state._leader,
        state._cur,
        state._trump,
        sum(1 << seat for seat, out in enumerate(state._out) if out),
    )


def worlds(state: State, player: int) -> SamplerWorlds | None:
    """The worlds of ``player``'s search of ``state`` (``player`` to play), or ``None`` where
    the core does not play it (see the module). Reads only what ``player`` sees: its hand and
    discards, the turn-ups, and the play."""
    if not plays(state):
        return None
    assert isinstance(state, AllFoursState) and _core is not None
    rules = state.rules
    n = state.g.n
    if not 0 <= player < n:
        raise ValueError(f"player must be a seat 0…{n - 1}, not {player}")
    if (
        player != state._cur
        or not hand_visible(state, player)
        or rules.forced_beg_without_trump
        or rules.no_undertrump
    ):
        return None
    shares = _constraints(state, player)
    if shares is None:
        return None
    core_rules_ = core_rules(state)
    hands = [0] * n
    hands[player] = state._hands[player]
    base = core_position(state, core_rules_, hands)
    sampler = _core.Sampler(
        base,
        shares.groups,
        shares.constrained,
        shares.splits,
        shares.weights,
        shares.free,
        shares.free_need,
    )
    return SamplerWorlds(sampler, MAX_CARDS, PLAYOUT_CARDS)


def _constraints(state: AllFoursState, player: int) -> Splits | None:
    """What :func:`~hoyle.games.all_fours.resample.resample` lets the hidden seats hold, as
    the core draws it: the cards ``player`` cannot see shared among the other hands (none
    of a suit its holder has shown void in) and seat ``n``, every other place a card can be
    out of sight (the stock, discards, cards thrown out unseen)."""
    n = state.g.n
    rules = state.rules
    public = 0
    for mask in (*_played(state), *state._shown):
        public |= mask
    if rules.trump is not Trump.CUT:
        for card in state._turned:
            public |= 1 << card
    known = state._hands[player] | state._discarded[player] | state._drawn[player]
    pool = cards_of(FULL & ~public & ~known)
    banned = _voids(state)
    need: dict[int, int] = {}
    allowed: dict[int, int] = {}
    for s in range(n):
        if s != player and state._hands[s]:
            need[s] = state._hands[s].bit_count()
            allowed[s] = FULL & ~banned[s]
    rest = len(pool) - sum(need.values())
    if rest < 0:
        return None
    if rest:
        need[n] = rest
        allowed[n] = FULL
    return splits_by_seat(pool, list(need), need, allowed)
