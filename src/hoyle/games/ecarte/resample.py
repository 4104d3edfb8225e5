"""Determinization: a full Écarté state consistent with everything one seat has seen.

Hidden from a player are the cards of the other hand, its discards (law 28) and the stock.
They are dealt again at random: the other hand only from cards it may hold (in a two-card
trick, following low when a higher card of the suit would have won shows that the player held
none; not following shows a void, and, where trumping is compulsory, no trump), its discards
and the stock from the rest. The hand is then replayed from its start with those cards: the
other player's cards come to it in an order in which every discard was in hand when made
(its discards first, in round order, then the cards it kept), so every public event
(proposals, answers, counts taken, king marked, cards played) happens as it did, and the
rules check every play.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hoyle.core.sampling import redraw, sample_by_seat
from hoyle.games.ecarte.observe import visible_seats
from hoyle.games.ecarte.state import (
    BET,
    CUT,
    DISCARD,
    EXCHANGE,
    OVER,
    PACK,
    PACKETS,
    SUIT_MASK,
    TURN,
    cards_of,
    suit_of,
)

if TYPE_CHECKING:
    from hoyle.games.ecarte.state import EcarteState

__all__ = ["banned_cards", "resample"]

_DISCARDS, _STOCK = 100, 200  # pseudo-seats of the sampler


def _fresh(state: EcarteState, rng: random.Random) -> EcarteState:
    """A copy whose future shuffles are new (a seeded pack must not leak the next deal)."""
    new = state.clone()
    if new._rng is not None:
        new._rng = random.Random(rng.getrandbits(64))
        new._shuffled = []
    return new


def banned_cards(state: EcarteState, seat: int) -> int:
    """The cards ``seat`` cannot hold now, from how it answered the tricks led to it."""
    banned = 0
    rules = state.rules
    strength = state.g.strength
    for _, cards, seats, _ in state._tricks:
        if seats[1] != seat:
            continue
        led, reply = cards
        if suit_of(reply) == suit_of(led):
            if rules.must_win_trick and strength[reply] < strength[led]:
                banned |= state.g.above[led]  # it would have had to win with a higher card
        else:
            banned |= SUIT_MASK[suit_of(led)]
            if rules.must_trump_when_void and suit_of(reply) != state._trump:
                banned |= SUIT_MASK[state._trump]
    return banned


def resample(state: EcarteState, player: int, rng: random.Random) -> EcarteState:
    """A state that ``player`` cannot tell apart from ``state``."""
    n = state.g.n
    if not 0 <= player < n:
        raise ValueError(f"player must be a seat 0…{n - 1}, not {player}")
    if state._phase in (OVER, CUT, BET, PACKETS) or state._hand_start is None:
        return _fresh(state, rng)  # no card is hidden before the deal or after the end
    seen = visible_seats(state, player)
    hidden = [s for s in state._pair if s not in seen]
    if not hidden:
        return _fresh(state, rng)
    target = state.observation(player)
    return redraw(
        lambda: _draw(state, hidden, rng),
        lambda world: _replay(state, hidden, world, rng),
        lambda new: new.observation(player) == target,
    )


def _draw(state: EcarteState, hidden: list[int], rng: random.Random) -> dict[int, int] | None:
    fixed = _fixed(state)
    unknown = state._undealt
    need = {_STOCK: state._undealt.bit_count()}
    allowed = {_STOCK: PACK}
    for seat in hidden:
        hand = state._hands[seat] & ~fixed
        unknown |= hand | state._discards[seat]
        need[seat] = hand.bit_count()
        allowed[seat] = PACK & ~banned_cards(state, seat)
        need[_DISCARDS + seat] = state._discards[seat].bit_count()
        allowed[_DISCARDS + seat] = PACK
    seats = [*hidden, *(_DISCARDS + s for s in hidden), _STOCK]
    return sample_by_seat(cards_of(unknown), seats, need, allowed, rng)


def _fixed(state: EcarteState) -> int:
    """Hidden-hand cards everyone knows: the king of trumps announced and not yet played."""
    if state._marked >= 0:
        king = state._king_card()
        if state._hands[state._marked] >> king & 1:
            return 1 << king
    return 0


def _replay(
    state: EcarteState, hidden: list[int], world: dict[int, int], rng: random.Random
) -> EcarteState | None:
    fixed = _fixed(state)
    sequences: dict[int, list[int]] = {}
    discards: dict[int, list[int]] = {}
    for seat in hidden:
        thrown = cards_of(world[_DISCARDS + seat])
        rng.shuffle(thrown)
        discards[seat] = list(thrown)
        kept = state._played[seat] + cards_of(state._hands[seat] & fixed) + cards_of(world[seat])
        sequences[seat] = thrown + kept  # discards first: each was in hand when thrown
    forced = []
    for target, card in state._chance_log:
        if target != TURN and target in sequences:
            forced.append(sequences[target].pop(0))
        else:
            forced.append(card)
    new = state.hand_start()
    assert new is not None
    new._forced = forced
    new._rng = random.Random(rng.getrandbits(64)) if state._rng is not None else None
    new._shuffled = []
    new._run_chance()
    for seat, action in state._hand_actions:
        if seat in discards and action < 52 and new._phase in (DISCARD, EXCHANGE):
            action = discards[seat].pop(0)
        new.apply_action(action)
    if new._forced:
        return None
    return new
