"""Determinization: a full Hearts state consistent with everything one seat has seen.

The other seats' hands are drawn at random subject to every public fact: cards played, suits a
seat has shown void in, what a discard of a penalty card on the first trick or an early heart
lead proves about the rest of a hand, the lowest club held by the first leader, and the cards
the player passed and received. Hidden passes between other seats are drawn from the receiver's
cards. The deal is then replayed action by action, so every public action is checked legal in
the new state; the rare draw that breaks a rule is drawn again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar, cast

from hoyle.core.sampling import redraw, sample_by_seat
from hoyle.games.hearts.state import (
    DEAL,
    DISCARD,
    HEARTS,
    MIX,
    OVER,
    PASS,
    PLAY,
    POOL,
    QS_BIT,
    SUIT_MASK,
    mask_of,
    mask_of_hands,
    mask_to_list,
)

if TYPE_CHECKING:
    from hoyle.games.hearts.state import HeartsState

__all__ = ["public_copy", "resample"]

S = TypeVar("S", bound="HeartsState")


def resample(state: HeartsState, player: int, rng: random.Random) -> HeartsState:
    """A state that ``player`` cannot tell apart from ``state``."""
    n = state.g.n
    if not 0 <= player < n:
        raise ValueError(f"player must be a seat 0…{n - 1}, not {player}")
    if state._phase == OVER:
        return public_copy(state, rng)  # everything that still matters is public
    if state._phase == DEAL:
        return _resample_dealing(state, player, rng)
    if state._phase == PLAY:
        from hoyle.games.hearts.fast import resample as compiled  # it imports this module

        world = compiled(state, player, rng)
        if world is not None:
            return world
    before = state._phase in (PASS, MIX)
    return redraw(
        lambda: (_draw_before_exchange if before else _draw_after_exchange)(state, player, rng),
        lambda draw: _replay(state, draw, rng),
        # A revoke needs the suit held: drawn again if the new deal makes it a plain discard.
        lambda new: new._revokes == state._revokes,
    )


def public_copy(state: S, rng: random.Random) -> S:
    """A copy of a state whose hidden cards no longer matter (the match over, or a deal
    played out), with a shuffler of its own: the real one, run backwards, would tell the
    deals it shuffled (docs/contract.md §7)."""
    new = cast(S, state.clone())  # a rule's subclass copies itself
    if new._rng is not None:
        new._rng = random.Random(rng.getrandbits(64))
    return new


def _resample_dealing(state: HeartsState, player: int, rng: random.Random) -> HeartsState:
    new = state.clone()
    others = [s for s in range(state.g.n) if s != player]
    pool = state._undealt
    for s in others:
        pool |= state._hands[s]
    cards = mask_to_list(pool)
    rng.shuffle(cards)
    start = 0
    for s in others:
        size = state._hands[s].bit_count()
        m = 0
        for c in cards[start : start + size]:
            m |= 1 << c
        new._hands[s] = m
        start += size
    undealt = 0
    for c in cards[start:]:
        undealt |= 1 << c
    new._undealt = undealt
    # The chance history of this deal must match the new hands, card for card.
    eldest = (state._dealer + 1) % state.g.n
    lists = [mask_to_list(new._hands[(eldest + i) % state.g.n]) for i in range(state.g.n)]
    dealt = len(state.g.deck) - state._undealt.bit_count()
    order = []
    for k in range(dealt):
        order.append(lists[k % state.g.n][k // state.g.n])
    new._history = state._history[: state._deal_start] + order
    new._legal = None
    return new


@dataclass
class _Draw:
    """A candidate deal: pre-pass hands, each seat's passes in choosing order, and for a mix
    pass what each seat got back from the pool (``None`` while that is still hidden)."""

    dealt: list[int]
    passes: list[list[int]]
    mixed: list[int] | None = None
    discards: list[int] | None = None
    """With widow=to_hand, the taker's hidden discards (in the order they are replayed)."""


def _draw_before_exchange(state: HeartsState, player: int, rng: random.Random) -> _Draw:
    g = state.g
    unknown = mask_to_list(g.deck_mask & ~state._dealt[player])
    rng.shuffle(unknown)
    dealt = [0] * g.n
    passes: list[list[int]] = [[] for _ in range(g.n)]
    start = 0
    for s in range(g.n):
        if s == player:
            dealt[s] = state._dealt[s]
            passes[s] = list(state._passed[s])
            continue
        cards = unknown[start : start + g.hand_size]
        start += g.hand_size
        dealt[s] = mask_of(cards)
        passes[s] = rng.sample(cards, len(state._passed[s]))
    return _Draw(dealt, passes)


def _played_by_seat(state: HeartsState) -> list[int]:
    n = state.g.n
    played = [0] * n
    for leader, cards, _ in state._tricks:
        for i, c in enumerate(cards):
            played[(leader + i) % n] |= 1 << c
    for i, c in enumerate(state._trick):
        played[(state._leader + i) % n] |= 1 << c
    return played


def _constraints(
    state: HeartsState, player: int, before_widow: int = -1
) -> tuple[list[int], list[int]]:
    """(allowed, required): masks that bound and must be in each seat's current hand.

    ``before_widow`` is a seat that took the widow into hand after the first trick: what that
    trick proved about its hand then says nothing of the widow's cards, so it is left out."""
    g = state.g
    n = g.n
    allowed = [g.deck_mask] * n
    required = [0] * n
    broken = g.broken_at_start
    plays = [(leader, cards) for leader, cards, _ in state._tricks]
    if state._trick:
        plays.append((state._leader, tuple(state._trick)))
    revoked = set(state._revokes)  # a revoke shows no void: the suit was held
    for number, (leader, cards) in enumerate(plays):
        first = number == 0
        if first and before_widow >= 0:
            kept = allowed[before_widow]
        # A joker shows nothing; after a led joker the first other card sets the suit.
        setter = next((i for i, c in enumerate(cards) if c < 52), len(cards))
        led = cards[setter] // 13 if setter < len(cards) else -1
        if setter == 0 and not broken and led == 2:  # an unbroken heart lead: nothing else
            allowed[leader] &= HEARTS | (QS_BIT if g.hearts_for_queen else 0)
        banned = g.first_trick_banned
        if first and g.first_trick_safe and not g.first_lead_club and banned >> cards[0] & 1:
            allowed[leader] &= banned
        if first and g.first_lead_club and cards[0] != g.lowest_club:
            required[leader] |= 1 << g.lowest_club  # held then; played later or still held
        for i, c in enumerate(cards):
            seat = (leader + i) % n
            if c >= 52 or (number, seat) in revoked:
                continue
            if i > setter and c // 13 != led:
                allowed[seat] &= ~SUIT_MASK[led]
                if first and g.first_trick_safe and g.first_trick_banned >> c & 1:
                    allowed[seat] &= g.first_trick_banned
            elif i > setter and first and g.first_trick_safe and g.first_trick_banned >> c & 1:
                # Followed with a penalty card: no other card of the suit was held.
                allowed[seat] &= ~(SUIT_MASK[led] & g.safe_mask)
            if c // 13 == 2 or (c == 49 and g.queen_breaks):
                broken = True
        if first and before_widow >= 0:
            allowed[before_widow] = kept
    if not plays and g.first_lead_club:
        required[state._leader] |= 1 << g.lowest_club
    played_all = 0
    for _, cards in plays:
        played_all |= mask_of(list(cards))
    required = [r & ~played_all for r in required]
    for card, offset in zip(state._passed[player], state.pass_plan(), strict=False):
        required[(player + offset) % n] |= (1 << card) & ~played_all
    required[player] = 0
    return allowed, required


def _draw_after_exchange(state: HeartsState, player: int, rng: random.Random) -> _Draw | None:
    g = state.g
    n = g.n
    taker = state._widow_taker
    # widow=to_hand: once taken, the widow is in the taker's hand and its discards are hidden.
    hidden_discards = g.widow_to_hand and taker >= 0 and taker != player
    allowed, required = _constraints(state, player, taker if hidden_discards else -1)
    # A card the player passed to the taker may since have been discarded: it is in the
    # taker's hand or among the discards, nowhere else.
    to_taker = required[taker] if hidden_discards else 0
    if to_taker:
        required[taker] = 0
        allowed = [a if s == taker else a & ~to_taker for s, a in enumerate(allowed)]
    played = _played_by_seat(state)
    played_all = mask_of_hands(played)
    hands = [0] * n
    hands[player] = state._hands[player]
    need = [0] * n
    taken_required = 0
    for s in range(n):
        if s == player:
            continue
        hands[s] = required[s]
        taken_required |= required[s]
        need[s] = state._hands[s].bit_count() - required[s].bit_count()
    known = state._widow if taker == player else 0  # the widow, if seen
    if taker == player:
        known |= mask_of(state._discards)
    pool = mask_to_list(
        g.deck_mask & ~state._hands[player] & ~played_all & ~taken_required & ~known
    )
    seats = [s for s in range(n) if s != player]
    need_of = {s: need[s] for s in seats}
    allowed_of = {s: allowed[s] for s in seats}
    if g.widow_size and not known:
        # An unseen widow (or the discards made from it) takes its share of the unseen cards.
        seats.append(n)
        need_of[n] = len(state._discards) if hidden_discards else g.widow_size
        allowed_of[n] = g.deck_mask
    drawn = sample_by_seat(pool, seats, need_of, allowed_of, rng)
    if drawn is None:
        return None
    for s, m in drawn.items():
        if s < n:  # seat n is the widow (or the discards): what no hand holds
            hands[s] |= m
    holdings = [hands[s] | played[s] for s in range(n)]
    discards: list[int] | None = None
    if hidden_discards:
        discards = mask_to_list(drawn.get(n, 0))
        rng.shuffle(discards)
        widow = _draw_widow(state, player, taker, hands[taker] | mask_of(discards), rng)
        if widow is None:
            return None
        holdings[taker] = (holdings[taker] | mask_of(discards)) & ~widow
    plan = state.pass_plan()
    if plan and plan[0] == POOL:
        return _draw_mix(state, player, rng, holdings)
    passes: list[list[int]] = [[-1] * len(plan) for _ in range(n)]
    received = [0] * n
    # The passes the player made or received are known; the others are drawn from the cards
    # their receiver has held since.
    for seat in range(n):
        for k, offset in enumerate(plan):
            to = (seat + offset) % n
            if player in (seat, to):
                card = state._passed[seat][k]
                passes[seat][k] = card
                received[to] |= 1 << card
    for seat in range(n):
        for k, offset in enumerate(plan):
            if passes[seat][k] < 0:
                to = (seat + offset) % n
                card = rng.choice(mask_to_list(holdings[to] & ~received[to]))
                passes[seat][k] = card
                received[to] |= 1 << card
    # Give back what each seat received, take back what it passed.
    dealt = [(holdings[s] & ~received[s]) | mask_of(passes[s]) for s in range(n)]
    dealt[player] = state._dealt[player]
    return _Draw(dealt, passes, discards=discards)


def _draw_widow(
    state: HeartsState, player: int, taker: int, held: int, rng: random.Random
) -> int | None:
    """widow=to_hand: which of the cards the taker has had since the first trick (``held``:
    its hand and discards, and what it played later) were the widow."""
    n = state.g.n
    later = 0
    for leader, cards, _ in state._tricks[1:]:
        later |= mask_of(c for i, c in enumerate(cards) if (leader + i) % n == taker)
    later |= mask_of(c for i, c in enumerate(state._trick) if (state._leader + i) % n == taker)
    passed_in = mask_of(
        c
        for c, offset in zip(state._passed[player], state.pass_plan(), strict=False)
        if (player + offset) % n == taker
    )
    choices = mask_to_list((held | later) & ~passed_in)
    if len(choices) < state.g.widow_size:
        return None
    return mask_of(rng.sample(choices, state.g.widow_size))


def _draw_mix(
    state: HeartsState, player: int, rng: random.Random, holdings: list[int]
) -> _Draw | None:
    """After a mix pass the player knows what it put in and what it got back, nothing else."""
    n = state.g.n
    count = len(state.pass_plan())
    mine = mask_of(state._passed[player])
    received = [0] * n
    received[player] = state._received[player]
    for s in range(n):
        if s == player:
            continue
        # A card the player put in that another seat has held came to it from the pool.
        must = holdings[s] & mine
        if must.bit_count() > count:
            return None
        extra = rng.sample(mask_to_list(holdings[s] & ~must), count - must.bit_count())
        received[s] = must | mask_of(extra)
    rest = mask_to_list(mask_of_hands(received) & ~mine)
    rng.shuffle(rest)
    passes = [list(state._passed[player]) if s == player else [] for s in range(n)]
    others = [s for s in range(n) if s != player]
    for i, s in enumerate(others):
        passes[s] = rest[i * count : (i + 1) * count]
    dealt = [(holdings[s] & ~received[s]) | mask_of(passes[s]) for s in range(n)]
    dealt[player] = state._dealt[player]
    return _Draw(dealt, passes, received)


def _replay(state: HeartsState, draw: _Draw, rng: random.Random) -> HeartsState:
    g = state.g
    n = g.n
    new = state.clone()
    new._history = state._history[: state._deal_start]
    new._rng = None if state._rng is None else random.Random(rng.getrandbits(64))
    new._start_deal(draw.dealt)
    # After the deal's chance actions (the drawn deal's now), the real deal's actions.
    own = state._history[state._deal_start + g.hand_size * n :]
    plan = state.pass_plan()
    if plan:
        done = sum(len(p) for p in state._passed)
        eldest = (state._dealer + 1) % n
        order = [c for i in range(n) for c in draw.passes[(eldest + i) % n]][:done]
        mixing = plan[0] == POOL and done == n * len(plan)
        shuffler = new._rng
        if mixing:
            new._rng = None  # the mix is dealt back below, as chance actions, to match the draw
        for c in order:
            new.apply_action(c)
        own = own[done:]
        if mixing:
            back = _deal_back_order(state, draw, rng, eldest)
            for c in back:
                new.apply_action(c)
            own = own[len(back) :]  # the real deal-back, seeded or not, is in the history
            new._rng = shuffler
    hidden = iter(draw.discards or ())
    for action in own:
        if draw.discards is not None and new._phase == DISCARD:
            action = next(hidden)  # the taker's discards, unseen: the drawn ones instead
        new.apply_action(action)
    return new


def _deal_back_order(state: HeartsState, draw: _Draw, rng: random.Random, eldest: int) -> list[int]:
    """The chance actions that deal a mix pool back: all of it to give ``draw.mixed``, or,
    while the pool is still being dealt, as many random cards as the real state has dealt."""
    n = state.g.n
    if draw.mixed is None:
        pool = [c for cards in draw.passes for c in cards]
        rng.shuffle(pool)
        dealt = len(pool) - state._undealt.bit_count()
        return pool[:dealt]
    lists = [mask_to_list(draw.mixed[(eldest + i) % n]) for i in range(n)]
    for cards in lists:
        rng.shuffle(cards)
    count = len(lists[0])
    return [lists[i][k] for k in range(count) for i in range(n)]
