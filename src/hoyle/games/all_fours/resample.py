"""Determinization: a full All Fours state consistent with everything one seat has seen.

The cards the seat cannot see — the other hands, their discards after running, extra cards
thrown out unseen, the stock, the cards drawn face down — are dealt again at random, the other
hands only from cards that fit the suits their holders have shown void in. The hand is then
replayed from its first card with those cards, every public event (turn-ups, cut, face-up
draws) and decision as it happened, so the rules check every play; a draw that breaks one, or
that does not give the seat the same observation, is drawn again.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hoyle.core.sampling import redraw, sample_by_seat
from hoyle.games.all_fours.observe import hand_visible
from hoyle.games.all_fours.rules import RepeatExtras, Stock, Trump
from hoyle.games.all_fours.state import (
    ASIDE,
    CHOOSE_PHASE,
    CUT,
    DEAL,
    DISCARD,
    DRAW,
    FULL,
    GUESS,
    OVER,
    SUIT_MASK,
    TOP,
    TURN,
    cards_of,
    suit_of,
)

if TYPE_CHECKING:
    from hoyle.games.all_fours.state import AllFoursState

__all__ = ["resample"]

# Pseudo-seats of the sampler, after the real ones: discards, pending extras, out, stock.
_DISCARDS, _PENDING, _UNSEEN, _STOCK = 100, 200, 300, 400


def resample(state: AllFoursState, player: int, rng: random.Random) -> AllFoursState:
    """A state that ``player`` cannot tell apart from ``state``; a seeded game's later hands
    come from a shuffler of its own (never a copy of the real one)."""
    if state._phase in (OVER, CUT, GUESS, CHOOSE_PHASE):
        return _before_the_deal(state, rng)
    target = state.observation(player)
    return redraw(
        lambda: _draw(state, player, rng),
        lambda world: _replay(state, player, world, rng),
        lambda new: new.observation(player) == target,
    )


def _before_the_deal(state: AllFoursState, rng: random.Random) -> AllFoursState:
    """Before the first deal nothing is hidden but the card cut for the colour guess, face
    down until the guess: it is drawn again (and after the end, nothing is left to play)."""
    new = state.clone()
    new._rng = None if state._rng is None else random.Random(rng.getrandbits(64))
    if state._phase == GUESS:
        seat, _ = state._cut[-1]
        card = rng.randrange(52)
        new._cut[-1] = (seat, card)
        new._undealt = FULL & ~(1 << card)
        new._history[-1] = card
        new._hand_actions[-1] = (True, card)
    return new


class _World:
    """The hidden cards drawn for one resample: what each seat was dealt, drew, discarded."""

    def __init__(self) -> None:
        self.dealt: dict[int, list[int]] = {}
        self.drawn: dict[int, list[int]] = {}
        self.discards: dict[int, list[int]] = {}
        self.pending: dict[int, list[int]] = {}
        self.unseen: list[int] = []


def _played(state: AllFoursState) -> list[int]:
    played = [0] * state.g.n
    for card in range(52):
        seat = state._played_by[card]
        if seat >= 0:
            played[seat] |= 1 << card
    return played


def _void_events(state: AllFoursState) -> list[list[tuple[int, int]]]:
    """For each seat, (trick index, suit) of every time it showed void in the suit led."""
    events: list[list[tuple[int, int]]] = [[] for _ in range(state.g.n)]
    trump = state._trump
    plays = [(cards, seats) for _, cards, seats, _ in state._tricks]
    if state._trick:
        plays.append((tuple(state._trick), tuple(state._trick_seats)))
    for t, (cards, seats) in enumerate(plays):
        led = suit_of(cards[0])
        for card, seat in zip(cards[1:], seats[1:], strict=True):
            suit = suit_of(card)
            if suit == led:
                continue
            if led != trump and suit == trump and state.rules.trump_when_able:
                continue  # trumping is allowed to a player who could follow
            events[seat].append((t, led))
    return events


def _voids(state: AllFoursState) -> list[int]:
    """For each seat, the cards it cannot hold now: suits it has shown void in (with a
    face-down stock, unless a draw since may have brought the suit back)."""
    banned = [0] * state.g.n
    face_down = state.rules.stock is Stock.FACE_DOWN
    for seat, events in enumerate(_void_events(state)):
        draws = state._drawn[seat].bit_count()
        last_void = {suit: trick for trick, suit in events}  # events come in trick order
        for suit, trick in last_void.items():
            # Face down, the suit may be back only through a draw made after that trick (the
            # k-th draw follows trick k).
            if not face_down or draws <= trick:
                banned[seat] |= SUIT_MASK[suit]
    return banned


def _draw(state: AllFoursState, player: int, rng: random.Random) -> _World | None:
    g = state.g
    n = g.n
    rules = state.rules
    face_up = rules.stock is Stock.FACE_UP
    played = _played(state)
    seen_drawn = [d if face_up else 0 for d in state._drawn]
    public = 0
    for mask in (*played, *state._shown, *seen_drawn):
        public |= mask
    if rules.trump is not Trump.CUT:
        for card in state._turned:
            public |= 1 << card
    if state._top >= 0:
        public |= 1 << state._top
    hidden = [s for s in range(n) if s != player or not hand_visible(state, player)]
    known = 0
    if player not in hidden:
        known |= state._hands[player]
    known |= state._discarded[player] | state._drawn[player]
    pool = cards_of(FULL & ~public & ~known)
    banned = _voids(state)
    seats: list[int] = []
    need: dict[int, int] = {}
    allowed: dict[int, int] = {}
    for s in hidden:
        seats.append(s)
        need[s] = (state._hands[s] & ~seen_drawn[s]).bit_count()
        allowed[s] = FULL & ~banned[s]
        if s != player:
            seats.append(_DISCARDS + s)
            need[_DISCARDS + s] = state._discarded[s].bit_count()
            allowed[_DISCARDS + s] = FULL
    for s in range(n):
        if state._round_extra[s]:
            seats.append(_PENDING + s)
            need[_PENDING + s] = state._round_extra[s].bit_count()
            allowed[_PENDING + s] = FULL
    for key, mask in ((_UNSEEN, state._unseen), (_STOCK, state._undealt)):
        seats.append(key)
        need[key] = mask.bit_count()
        allowed[key] = FULL
    empty = [key for key in seats if not need[key]]
    for key in empty:  # a seat that takes nothing only slows the count down
        seats.remove(key)
    drawn = sample_by_seat(pool, seats, need, allowed, rng)
    if drawn is None:
        return None
    world = _World()
    world.unseen = cards_of(drawn.get(_UNSEEN, 0))
    rng.shuffle(world.unseen)
    for s in range(n):
        hand = drawn.get(s, 0) if s in hidden else state._hands[s] & ~seen_drawn[s]
        discards = drawn.get(_DISCARDS + s, state._discarded[s])
        world.discards[s] = cards_of(discards)
        rng.shuffle(world.discards[s])
        world.pending[s] = cards_of(drawn.get(_PENDING + s, 0))
        held = hand | discards | played[s] | state._shown[s]
        if face_up:
            held &= ~state._drawn[s]  # every draw was seen, and is replayed as it was
        elif rules.stock is Stock.FACE_DOWN:
            if s in hidden:
                draws = _hidden_draws(state, s, held, rng)
                if draws is None:
                    return None
            else:
                draws = [c for c in state._stock_order if state._drawn[s] >> c & 1]
            world.drawn[s] = draws
            for c in draws:
                held &= ~(1 << c)
        world.dealt[s] = cards_of(held)
        rng.shuffle(world.dealt[s])
    return world


def _hidden_draws(
    state: AllFoursState, seat: int, held: int, rng: random.Random
) -> list[int] | None:
    """Face-down stock: which of another seat's cards it drew, in the order drawn.

    The k-th draw (from 0) follows trick k, so the card is in hand from trick k + 1 (a dealt
    card from trick 0) until it is played. A card may not be in hand at a trick where the
    seat showed void in its suit; dealt cards that would be are drawn ones instead."""
    count = state._drawn[seat].bit_count()
    never = 10**6
    played_at: dict[int, int] = {}
    for t, (_, trick, seats, _) in enumerate(state._tricks):
        for card, s in zip(trick, seats, strict=True):
            if s == seat:
                played_at[card] = t
    for card, s in zip(state._trick, state._trick_seats, strict=True):
        if s == seat:
            played_at[card] = len(state._tricks)
    voids = _void_events(state)[seat]

    def fits(card: int, first: int) -> bool:
        """Whether the card may be in hand from trick ``first`` until it is played."""
        last = played_at.get(card, never)
        if first > last:
            return False
        return not any(first <= t <= last and suit == suit_of(card) for t, suit in voids)

    cards = cards_of(held)
    rng.shuffle(cards)
    # Match cards to draw slots (augmenting paths, in random order): first every card that
    # cannot have been dealt, then others until every draw has its card.
    card_in = [-1] * count

    def place(card: int, seen: set[int]) -> bool:
        slots = [k for k in range(count) if k not in seen and fits(card, k + 1)]
        rng.shuffle(slots)
        for k in slots:
            seen.add(k)
            if card_in[k] < 0 or place(card_in[k], seen):
                card_in[k] = card
                return True
        return False

    must = [c for c in cards if not fits(c, 0)]
    for card in must:
        if not place(card, set()):
            return None
    for card in cards:
        if -1 not in card_in:
            break
        if card not in card_in and card not in must:
            place(card, set())
    return None if -1 in card_in else card_in


def _replay(state: AllFoursState, player: int, world: _World, rng: random.Random) -> AllFoursState:
    new = state.clone()
    new._scores = list(state._scores_at_start)
    new._hand_results = state._hand_results[: state._log_at_start]
    new._history = state._history[: state._hand_start]
    new._rng = None
    new._forced = []
    new._winner = -1
    new._start_hand()
    dealt = {s: list(cards) for s, cards in world.dealt.items()}
    drawn = {s: list(cards) for s, cards in world.drawn.items()}
    discards = {s: list(cards) for s, cards in world.discards.items()}
    pending = {s: list(cards) for s, cards in world.pending.items()}
    unseen = list(world.unseen)
    repeat_out = state.rules.repeat_extras is RepeatExtras.DISCARD_UNSEEN
    for is_chance, action in state._hand_actions:
        if is_chance:
            card = _chance_card(new, state, action, dealt, drawn, pending, unseen, repeat_out)
            new.apply_action(card)
            continue
        if new._phase == DISCARD and new._cur != player:
            action = discards[new._cur].pop()  # an unseen discard: one of those drawn
        new.apply_action(action)
    if state._rng is not None:
        # The history lists the drawn world's cards; later hands come from a new shuffle.
        new._rng = random.Random(rng.getrandbits(64))
    return new


def _chance_card(
    new: AllFoursState,
    state: AllFoursState,
    original: int,
    dealt: dict[int, list[int]],
    drawn: dict[int, list[int]],
    pending: dict[int, list[int]],
    unseen: list[int],
    repeat_out: bool,
) -> int:
    """The card the next chance event of the replay gives, in the drawn world."""
    if new._phase == DRAW:
        if state.rules.stock is Stock.FACE_UP:
            return original  # a face-up card: everyone saw it
        return drawn[new._takers[0]].pop(0)
    if new._phase != DEAL:  # pragma: no cover - the cut happens before any hand
        return original
    target = new._queue[0]
    if target in (TURN, ASIDE, TOP):
        return original  # turned up, cut or shown: public
    run = new._ran
    if run:
        if len(state._turned) <= run:  # this run's turn-up has not come: nobody saw them
            return pending[target].pop()
        repeated = suit_of(state._turned[run]) == suit_of(state._turned[0])
        if repeated and repeat_out:
            return unseen.pop()
    return dealt[target].pop()
