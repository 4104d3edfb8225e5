"""Determinization for Hearts with a stock: a full deal one seat cannot tell from the real one.

With a stock, what a seat has shown depends on time. A seat that drew in a trick was void in the
led suit when it began to draw, every card of that run but the last is of another suit, and the
last one, if of the led suit, is the card it then played; yet it may draw that suit again later.
A seat that discarded was void then, and the stock was empty. So each card a seat ever held is
given the place it came from: the deal (one of its first ``hand_size`` cards) or one of its draws,
in order. A card may come only from a place before it was played, and a card of a suit the seat
later showed void in must have been played before that (or come after the void was shown).
For a card these two bounds make a window of places, so a seat's cards and places form an
interval matching.

Sampling: the unseen cards still in play (the other seats' hands and the stock) are dealt first,
each seat taking only suits it may still hold (`sample_by_seat` in `hoyle.core.sampling`); then
each seat's cards, played or held, are matched to its places at random, each choice kept only if
the rest can still be matched (earliest deadline first decides that exactly for windows). Every
consistent deal can come out, and none that contradicts what the player saw. The deal is then
replayed from the start with the drawn cards in their places, so every action of the deal is
checked legal again; a draw that fails (another option's rule, such as a heart lead before
hearts are broken, proves more) is drawn again.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hoyle.core.sampling import redraw, sample_by_seat
from hoyle.games.hearts.resample import _resample_dealing, public_copy
from hoyle.games.hearts.state import (
    DEAL,
    DRAW,
    MOON,
    OVER,
    PLAY,
    SUIT_MASK,
    mask_of,
    mask_to_list,
)

if TYPE_CHECKING:
    from hoyle.games.hearts.domino import DominoState

__all__ = ["resample"]


def resample(state: DominoState, player: int, rng: random.Random) -> DominoState:
    """A state that ``player`` cannot tell apart from ``state``."""
    n = state.g.n
    if not 0 <= player < n:
        raise ValueError(f"player must be a seat 0…{n - 1}, not {player}")
    phase = state._phase
    if phase in (OVER, MOON):
        # The deal is played out and its last cards shown: every card's place is public, and
        # when the hidden draws happened changes nothing that can still come.
        return public_copy(state, rng)
    if phase == DEAL:
        dealing = _resample_dealing(state, player, rng)
        assert isinstance(dealing, type(state))
        return dealing
    facts = _Facts.gather(state, player)
    return redraw(lambda: facts.draw(rng), lambda world: _replay(state, world, rng))


@dataclass
class _Seat:
    """One hidden seat's places and what its play has shown.

    ``avail[i]`` is the play number (in the deal) from which the card of place ``i`` was in the
    hand: 0 for the deal's cards (places 0 … hand_size − 1), k for a draw made just before the
    deal's play k. ``voids`` lists (k, suit, first place) for every moment the seat showed it had
    no card of ``suit`` at play k: a card of that suit still held then may come only from place
    ``first place`` on. ``pinned`` maps a place to the card known to have come from it (the card
    a run found and that was played at once).
    """

    avail: list[int] = field(default_factory=list)
    voids: list[tuple[int, int, int]] = field(default_factory=list)
    pinned: dict[int, int] = field(default_factory=dict)
    played: list[tuple[int, int]] = field(default_factory=list)
    """(card, play number) of every card it played this deal."""
    found_suit: int = -1
    """The suit its current, finished drawing run must have found (-1: none)."""
    must_hold: int = -1
    """A suit it must hold now: it is to follow, has not drawn and the stock is not empty."""


@dataclass
class _World:
    """A candidate deal: every hand as dealt, the cards drawn in order, the stock left."""

    dealt: list[int]
    drawn: list[int]
    stock: int


@dataclass
class _Facts:
    """Everything ``player`` knows of the deal, worked out once for many draws."""

    state: DominoState
    player: int
    seats: dict[int, _Seat]
    pool: list[int]
    """The unseen cards still in play: in another seat's hand or in the stock."""

    @classmethod
    def gather(cls, state: DominoState, player: int) -> _Facts:
        g = state.g
        seats = {s: _Seat() for s in range(g.n) if s != player}
        for seat in seats.values():
            seat.avail = [0] * g.hand_size
        plays = _plays(state)
        # Where each draw stands in the order of play: just before its seat's play in that trick.
        starts, seat_lists = _trick_starts(state)
        draws_at: dict[tuple[int, int], list[int]] = {}
        for trick, s, _card in state._draws:
            if s == player:
                continue
            k = starts[trick] + seat_lists[trick].index(s)
            seats[s].avail.append(k)
            draws_at.setdefault((s, k), []).append(len(seats[s].avail) - 1)
        for k, (s, card, led) in enumerate(plays):
            if s == player:
                continue
            seat = seats[s]
            seat.played.append((card, k))
            if led < 0:
                continue  # a lead shows nothing
            run = draws_at.get((s, k), [])
            if run and card // 13 == led:  # drew until it found the suit, and played that card
                seat.pinned[run[-1]] = card
                seat.voids.append((k, led, run[-1]))
            elif run:  # the stock ran out first: nothing of the suit came
                seat.voids.append((k, led, run[-1] + 1))
            elif card // 13 != led:  # a discard: void, and the stock already empty
                seat.voids.append((k, led, sum(1 for a in seat.avail if a <= k)))
        cur = state._cur
        if state._trick and cur in seats and state._phase in (PLAY, DRAW):
            # The seat to follow now: what its drawing (or not drawing) has shown so far.
            seat = seats[cur]
            k = len(plays)
            led = state._lead_suit
            run = draws_at.get((cur, k), [])
            if state._phase == DRAW:
                seat.voids.append((k, led, len(seat.avail)))
            elif run:
                # Finished drawing: the last card is of the led suit if the stock is not empty
                # (that is why drawing stopped); if it is empty, it may or may not be.
                seat.voids.append((k, led, run[-1]))
                if state._stock:
                    seat.found_suit = led
            elif state._stock:
                seat.must_hold = led
        known = state._dealt[player]
        for _trick, s, card in state._draws:
            if s == player:
                known |= 1 << card
        played = mask_of(card for _s, card, _led in plays)
        pool = mask_to_list(g.deck_mask & ~known & ~played)
        return cls(state, player, seats, pool)

    def draw(self, rng: random.Random) -> _World | None:
        """One candidate deal, or None when this attempt got stuck."""
        state = self.state
        g = state.g
        stock_key = g.n  # the stock takes its share of the unseen cards like a hand
        need = {s: state._hands[s].bit_count() for s in self.seats}
        need[stock_key] = state._stock.bit_count()
        allowed = {s: _holdable(seat) for s, seat in self.seats.items()}
        allowed[stock_key] = g.deck_mask
        held = _deal_unseen(self.pool, need, allowed, rng)
        if held is None:
            return None
        places: dict[int, list[int]] = {}
        for s, seat in self.seats.items():
            hand = held[s]
            if seat.must_hold >= 0 and not hand & SUIT_MASK[seat.must_hold]:
                return None
            pinned = dict(seat.pinned)
            if seat.found_suit >= 0:
                found = hand & SUIT_MASK[seat.found_suit]
                if found.bit_count() != 1:  # the card that ended the run is its only one
                    return None
                pinned[len(seat.avail) - 1] = found.bit_length() - 1
                hand ^= found
            filled = _fill(seat, pinned, hand, rng)
            if filled is None:
                return None
            places[s] = filled
        dealt = [0] * g.n
        for s in range(g.n):
            if s == self.player:
                dealt[s] = state._dealt[s]
            else:
                dealt[s] = mask_of(places[s][: g.hand_size])
        drawn = []
        nexts = {s: g.hand_size for s in self.seats}
        for _trick, s, card in state._draws:
            if s == self.player:
                drawn.append(card)
            else:
                drawn.append(places[s][nexts[s]])
                nexts[s] += 1
        return _World(dealt, drawn, held[stock_key])


def _deal_unseen(
    pool: list[int], need: dict[int, int], allowed: dict[int, int], rng: random.Random
) -> dict[int, int] | None:
    """Deal ``pool`` to the holders in ``need``, each only cards in ``allowed``, uniformly among
    the deals that respect that.

    Holders that may take any card of the pool are dealt as one: the number of ways to share
    out what they get together is the same whatever it is, so dealing their joint share first
    and splitting it at random after stays uniform, and the exact count only has to follow the
    holders with a void.
    """
    everything = mask_of(pool)
    bound = [s for s in need if allowed[s] & everything != everything]
    free = [s for s in need if s not in bound]
    together = -1
    shares = dict(need)
    shares[together] = sum(need[s] for s in free)
    fits = dict(allowed)
    fits[together] = everything
    dealt = sample_by_seat(pool, [*bound, together], shares, fits, rng)
    if dealt is None:
        return None
    joint = mask_to_list(dealt.pop(together))
    rng.shuffle(joint)
    start = 0
    for s in free:
        dealt[s] = mask_of(joint[start : start + need[s]])
        start += need[s]
    return dealt


def _plays(state: DominoState) -> list[tuple[int, int, int]]:
    """(seat, card, led suit or -1 for a lead) of every card played this deal, in order."""
    out = []
    for (_leader, cards, _winner), seats in zip(state._tricks, state._trick_seats, strict=True):
        for i, (s, c) in enumerate(zip(seats, cards, strict=True)):
            out.append((s, c, cards[0] // 13 if i else -1))
    for i, (s, c) in enumerate(zip(state._seats, state._trick, strict=False)):
        out.append((s, c, state._trick[0] // 13 if i else -1))
    return out


def _trick_starts(state: DominoState) -> tuple[list[int], list[list[int]]]:
    """For each trick of the deal (the one in progress last), the number of cards played
    before it and the seats that play to it."""
    starts, seat_lists = [], []
    played = 0
    for (_leader, cards, _winner), seats in zip(state._tricks, state._trick_seats, strict=True):
        starts.append(played)
        seat_lists.append(list(seats))
        played += len(cards)
    starts.append(played)
    seat_lists.append(list(state._seats) if state._trick else [])
    return starts, seat_lists


def _holdable(seat: _Seat) -> int:
    """The cards a seat may hold now: a suit it showed void in only if it has drawn a place
    since that a card of the suit may come from."""
    mask = 0
    places = len(seat.avail)
    for suit in range(4):
        first = max((p for _k, s, p in seat.voids if s == suit), default=0)
        if any(i >= first and i not in seat.pinned for i in range(places)):
            mask |= SUIT_MASK[suit]
    return mask


def _fill(seat: _Seat, pinned: dict[int, int], hand: int, rng: random.Random) -> list[int] | None:
    """The card of each place: the pinned ones, and the seat's other cards (played or held)
    matched at random to the free places inside their windows."""
    places = len(seat.avail)
    free = [i for i in range(places) if i not in pinned]
    position = {place: pos for pos, place in enumerate(free)}
    windows: list[tuple[int, int, int]] = []
    pinned_cards = set(pinned.values())
    cards = [(c, k) for c, k in seat.played if c not in pinned_cards]
    cards += [(c, -1) for c in mask_to_list(hand)]  # -1: still held
    for card, k in cards:
        suit = card // 13
        upto = places if k < 0 else sum(1 for a in seat.avail if a <= k)
        first = max(
            (p for vk, s, p in seat.voids if s == suit and (k < 0 or vk < k)),
            default=0,
        )
        lo = next((position[i] for i in free if i >= first), len(free))
        hi = max((position[i] for i in free if i < upto), default=-1)
        if lo > hi:
            return None
        windows.append((card, lo, hi))
    chosen = _match(windows, len(free), rng)
    if chosen is None:
        return None
    out = [0] * places
    for place, card in pinned.items():
        out[place] = card
    for pos, card in enumerate(chosen):
        out[free[pos]] = card
    return out


def _match(windows: list[tuple[int, int, int]], size: int, rng: random.Random) -> list[int] | None:
    """A random perfect matching of cards to positions 0 … size − 1, each card inside its
    window (card, lo, hi); None if there is none."""
    if len(windows) != size or not _feasible(windows, 0, size):
        return None
    left = list(windows)
    out = []
    for pos in range(size):
        here = [w for w in left if w[1] <= pos <= w[2]]
        rng.shuffle(here)
        for w in here:
            rest = [x for x in left if x is not w]
            if _feasible(rest, pos + 1, size):
                out.append(w[0])
                left = rest
                break
        else:  # pragma: no cover - the feasibility check above rules this out
            return None
    return out


def _feasible(windows: list[tuple[int, int, int]], start: int, size: int) -> bool:
    """Whether the cards can fill positions start … size − 1 exactly, each inside its window:
    earliest deadline first, which is exact for windows."""
    if len(windows) != size - start:
        return False
    ordered = sorted(windows, key=lambda w: w[1])
    due: list[int] = []
    i = 0
    for pos in range(start, size):
        while i < len(ordered) and ordered[i][1] <= pos:
            heapq.heappush(due, ordered[i][2])
            i += 1
        if not due or heapq.heappop(due) < pos:
            return False
    return True


def _replay(state: DominoState, world: _World, rng: random.Random) -> DominoState | None:
    """The deal replayed from ``world``'s hands and draws; None if it does not come out as the
    real one did."""
    g = state.g
    new = state.clone()
    new._history = state._history[: state._deal_start]
    new._rng = None  # replayed at chance nodes, seeded or not: the draws come from the world
    new._start_deal(world.dealt)
    drawn = iter(world.drawn)
    for action in state._history[state._deal_start + g.n * g.hand_size :]:
        # The real draws are chance actions in the history (a seeded deal records them too):
        # each is replaced by the world's card.
        new.apply_action(next(drawn) if new.is_chance_node() else action)
    if state._rng is not None:
        # A seeded deal draws the rest of its stock in an order of its own, and deals on
        # from a shuffler of its own.
        new._rng = random.Random(rng.getrandbits(64))
        rest = mask_to_list(new._stock)
        rng.shuffle(rest)
        new._order = rest
    same = (
        new._phase == state._phase
        and new._cur == state._cur
        and new._stock.bit_count() == state._stock.bit_count()
        and len(new._draws) == len(state._draws)
    )
    return new if same else None
