"""Determinization for Bourré: a full state consistent with everything one seat has seen.

Hidden from a player are the other hands, their discards and passed hands, and the stock. They
are dealt again at random — a hand only from cards its holder may hold after its plays (a suit
shown void, a trump that could not overtrump, a card that could not beat the highest so far) —
and the deal is replayed from its start, every other player's cards coming to it in an order in
which each discard was in hand when made (discards first, then the cards kept). The trump card
turned to the dealer stays where everyone saw it.

After the stock has run out and the collected cards were reshuffled in a deal, a card may have
passed through two hands; this sampler does not model that, and returns the position with the
other hands as they are (a known limitation of the Bourré sampler).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hoyle.core.sampling import redraw, sample_by_seat
from hoyle.games.ecarte.bourre import (
    DISCARD,
    FULL,
    OVER,
    SUIT_MASK,
    TURN,
    _above,
    cards_of,
    suit_of,
)

if TYPE_CHECKING:
    from hoyle.games.ecarte.bourre import BourreState

__all__ = ["banned_cards", "resample"]

_DISCARDS, _STOCK = 100, 200


def _fresh(state: BourreState, rng: random.Random) -> BourreState:
    new = state.clone()
    if new._rng is not None:
        new._rng = random.Random(rng.getrandbits(64))
        new._shuffled = []
    return new


def banned_cards(state: BourreState, seat: int) -> int:
    """The cards ``seat`` cannot hold now, from how it played to tricks led by others."""
    banned = 0
    trump = state._trump
    plays = [list(zip(seats, cards, strict=True)) for _, cards, seats, _ in state._tricks]
    plays.append(list(state._trick))
    for trick in plays:
        for i, (who, card) in enumerate(trick):
            if who != seat or i == 0:
                continue
            before = [c for _, c in trick[:i]]
            led = suit_of(before[0])
            top_trump = max((c for c in before if suit_of(c) == trump), default=-1)
            if suit_of(card) != led:
                banned |= SUIT_MASK[led]
                if suit_of(card) != trump:
                    banned |= SUIT_MASK[trump]
                elif top_trump >= 0 and card < top_trump:
                    banned |= _above(top_trump)  # could not overtrump
            elif top_trump < 0 or led == trump:
                best = max(c for c in before if suit_of(c) == led)
                if card < best:
                    banned |= _above(best)  # could not beat the highest so far
    return banned


def resample(state: BourreState, player: int, rng: random.Random) -> BourreState:
    """A state that ``player`` cannot tell apart from ``state``."""
    n = state.g.n
    if not 0 <= player < n:
        raise ValueError(f"player must be a seat 0…{n - 1}, not {player}")
    if state._phase == OVER or state._recycled:
        return _fresh(state, rng)
    hidden = [s for s in range(n) if s != player and any(t == s for t, _ in state._chance_log)]
    if not hidden:
        return _fresh(state, rng)
    target = state.observation(player)
    return redraw(
        lambda: _draw(state, player, hidden, rng),
        lambda world: _replay(state, hidden, world, rng),
        lambda new: new.observation(player) == target,
    )


def _fixed(state: BourreState) -> int:
    """The trump card turned to the dealer: seen by all, wherever it is now."""
    if state._turn_up >= 0 and not state.rules.separate_trump_card:
        return 1 << state._turn_up
    return 0


def _draw(
    state: BourreState, player: int, hidden: list[int], rng: random.Random
) -> dict[int, int] | None:
    fixed = _fixed(state)
    own = sum(1 << c for t, c in state._chance_log if t == player)
    played = sum(1 << c for cards in state._played for c in cards)
    turned = 1 << state._turn_up if state._turn_up >= 0 else 0
    unknown = FULL & ~own & ~played & ~turned
    need = {_STOCK: state._undealt.bit_count()}
    allowed = {_STOCK: FULL}
    for seat in hidden:
        passed = state._declared[seat] == "pass"
        hand = state._hands[seat] & ~fixed
        need[seat] = hand.bit_count()
        allowed[seat] = FULL & ~banned_cards(state, seat)
        dealt = sum(1 for t, _ in state._chance_log if t == seat)
        # The turned trump is held or played, never discarded (it is in one of the two).
        kept = len(state._played[seat]) + state._hands[seat].bit_count()
        turned_here = seat == state._dealer and fixed
        need[_DISCARDS + seat] = dealt - (1 if turned_here else 0) if passed else dealt - kept
        allowed[_DISCARDS + seat] = FULL
    seats = [*hidden, *(_DISCARDS + s for s in hidden), _STOCK]
    if sum(need.values()) != unknown.bit_count():
        return None  # pragma: no cover - the counts always agree
    return sample_by_seat(cards_of(unknown), seats, need, allowed, rng)


def _replay(
    state: BourreState, hidden: list[int], world: dict[int, int], rng: random.Random
) -> BourreState | None:
    fixed = _fixed(state)
    sequences: dict[int, list[int]] = {}
    discards: dict[int, list[int]] = {}
    for seat in hidden:
        thrown = cards_of(world[_DISCARDS + seat])
        rng.shuffle(thrown)
        if state._declared[seat] == "pass":
            sequences[seat] = thrown  # the passed hand, as dealt
            continue
        discards[seat] = list(thrown)
        kept = [c for c in state._played[seat] if not fixed >> c & 1] + cards_of(world[seat])
        sequences[seat] = thrown + kept
    forced = []
    for target, card in state._chance_log:
        if target == TURN or target not in sequences or fixed >> card & 1:
            forced.append(card)
        else:
            forced.append(sequences[target].pop(0))
    new = state.deal_start()
    assert new is not None
    new._forced = forced
    new._rng = random.Random(rng.getrandbits(64)) if state._rng is not None else None
    new._shuffled = []
    new._run_chance()
    for seat, action in state._hand_actions:
        if seat in discards and action < 52 and new._phase == DISCARD:
            action = discards[seat].pop(0)
        new.apply_action(action)
    if new._forced:
        return None
    return new
