"""Determinization for Bourré: a full state consistent with everything one seat has seen.

Hidden from a player are the other hands, their discards and passed hands, and the stock (with
the collected cards reshuffled when it runs out). A resample keeps the deal's history and
renames the cards the player has not seen: the other hands get, at random, cards they may hold
after their plays (a suit shown void, a trump that could not overtrump, a card that could not
beat the highest so far), every other unseen card a random name among the rest, and the deal is
replayed with the new names so that the rules check every play. Renaming keeps every public
fact — who passed, how many each discarded and drew, which draws came from the reshuffled
cards — and every renaming that fits the play is equally likely, as every shuffle is.
Declarations still sealed (simultaneous_declare) are not public facts: they are redrawn.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hoyle.core.errors import IllegalActionError
from hoyle.core.sampling import redraw, sample_by_seat
from hoyle.games.bourre.state import (
    FULL,
    OVER,
    SEALED,
    SUIT_MASK,
    _above,
    cards_of,
    suit_of,
)

if TYPE_CHECKING:
    from hoyle.games.bourre.state import BourreState

__all__ = ["banned_cards", "resample"]

_REST = 100  # the sampler's pseudo-seat for every unseen card not in a hand now


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
    if state._phase == OVER:
        return _fresh(state, rng)
    unseen = _unseen(state, player)
    others = [s for s in range(n) if s != player and state._hands[s] & unseen]
    if not unseen:
        return _fresh(state, rng)
    target = state.observation(player)
    return redraw(
        lambda: _relabel(state, others, unseen, rng),
        lambda relabel: _replay(state, player, relabel, rng),
        lambda new: new.observation(player) == target,
    )


def _unseen(state: BourreState, player: int) -> int:
    """The cards ``player`` has not seen this deal: not its own, not played, not turned."""
    own = sum(1 << c for t, c in state._chance_log if t == player)
    played = sum(1 << c for cards in state._played for c in cards)
    turned = 1 << state._turn_up if state._turn_up >= 0 else 0
    return FULL & ~own & ~played & ~turned


def _relabel(
    state: BourreState, others: list[int], unseen: int, rng: random.Random
) -> dict[int, int] | None:
    """A random relabelling of the unseen cards, every other hand getting cards it may hold.

    The deal's history is kept and only the names of the unseen cards change, so every
    public event (who passed, how many each discarded and drew, the reshuffle of collected
    cards) happens as it did; each relabelling that respects what the play showed is
    equally likely, as every deal is.
    """
    held = {s: state._hands[s] & unseen for s in others}
    rest = unseen & ~sum(held.values())
    need = {s: held[s].bit_count() for s in others}
    allowed = {s: unseen & ~banned_cards(state, s) for s in others}
    need[_REST], allowed[_REST] = rest.bit_count(), unseen
    world = sample_by_seat(cards_of(unseen), [*others, _REST], need, allowed, rng)
    if world is None:
        return None
    relabel: dict[int, int] = {}
    for seat, old in [*held.items(), (_REST, rest)]:
        before, after = cards_of(old), cards_of(world[seat])
        rng.shuffle(after)
        relabel.update(zip(before, after, strict=True))
    return relabel


def _replay(
    state: BourreState, player: int, relabel: dict[int, int], rng: random.Random
) -> BourreState | None:
    """The deal replayed with the cards renamed. While simultaneous declarations are still
    sealed, every other player's declaration is hidden from ``player``, so each is drawn
    anew, uniformly among those the rules allow it with its renamed hand."""
    new = state.deal_start()
    assert new is not None
    new._forced = [relabel.get(card, card) for _, card in state._chance_log]
    new._rng = random.Random(rng.getrandbits(64)) if state._rng is not None else None
    new._shuffled = []
    new._run_chance()
    sealed = state._phase == SEALED
    try:
        for seat, action in state._hand_actions:
            if sealed and seat != player:
                new.apply_action(rng.choice(new.legal_actions()))
                continue
            new.apply_action(relabel.get(action, action) if action < 52 else action)
    except IllegalActionError:
        return None  # a renamed hand could not have made that move (four_card's play)
    if new._forced:
        return None
    return new
