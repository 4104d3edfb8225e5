"""Hearts with two packs shuffled together (``packs=2``), and Cancellation Hearts' trick rule.

Cards and actions
    Actions and tokens stay those of one pack, 0–51. The two copies of a card are alike, so the
    action ``QS`` plays whichever copy the seat holds, and records, agents and the command line
    keep working unchanged. Every set of cards is a pair of masks: the cards present at least
    once, and the cards present twice. A hand is ``_hands[seat]`` (held at least once: the base
    game's code for following suit and leading works on it unchanged) with ``_twice[seat]``;
    the undealt cards are ``_undealt``/``_undealt2``, the kitty ``_widow``/``_widow2`` and the
    cards taken ``_taken``/``_taken2``. Playing a card clears its bit in the second mask if set,
    else in the first. Observations list a card held twice twice (``["QS", "QS"]``).

Deal
    104 cards are dealt out as far as they go evenly; the rest is the kitty, face down, for the
    winner of the first trick (the base game's widow: only its taker sees it). Dealt at chance
    nodes, each distinct card comes with probability copies left / cards left.

Tricks (``cancellation=true``)
    Two identical cards in one trick cancel each other: neither can win, and the highest
    uncancelled card of the led suit wins. A trick holding two cancelled pairs (the Hearts seed),
    or with no uncancelled card of the led suit (pagat), is void: its cards wait face up for the
    winner of the next trick, and the same player leads again. A void last trick goes to the
    previous trick's winner. Without cancellation the first of two identical winning cards wins.

Decisions where the sources are silent, all [project]:
    - A void first trick carries the kitty with it: both go to whoever wins the next trick with
      a winner (the kitty belongs to the first trick's cards, as Bicycle adds it to that trick).
    - Void tricks in a row pile up for the next winner; a void last trick goes to the last seat
      that won a trick this deal, which is always the last trick's leader. If no trick of the
      deal had a winner, the cards go to that leader too (eldest hand, who led every trick).
    - Each trick whose cards a seat takes counts as a trick taken (``tricks_taken``).
    - A moon needs every penalty card of both packs (52 points with hearts and the Q♠).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from hoyle.core.errors import IllegalActionError, InvalidPositionError
from hoyle.core.sampling import redraw, sample_by_seat
from hoyle.games.hearts.rules import Moon
from hoyle.games.hearts.state import (
    DEAL,
    HEARTS,
    MOON,
    OVER,
    TOKENS,
    HeartsState,
    mask_to_list,
    position_cards,
)
from hoyle.i18n import _

if TYPE_CHECKING:
    from hoyle.games.hearts.state import HeartsGame

__all__ = ["CancellationState", "cards_of", "deal_two_packs"]

_LOW = (1 << 52) - 1
_COPY = 64
"""A second physical copy of card ``c`` is item ``c + 64`` when hidden cards are drawn."""

# (card, copies / cards left) for one and for two copies left, for every number of cards left,
# made once so that a chance node's outcome list is built from lookups alone.
_ONE_LEFT = [[(c, 1.0 / r if r else 0.0) for c in range(52)] for r in range(105)]
_TWO_LEFT = [[(c, 2.0 / r if r else 0.0) for c in range(52)] for r in range(105)]


def cards_of(once: int, twice: int) -> list[int]:
    """The card ids of a two-pack card set in increasing order, a card held twice twice."""
    out: list[int] = []
    for c in mask_to_list(once):
        out.append(c)
        if twice >> c & 1:
            out.append(c)
    return out


def _masks(cards: Iterable[int]) -> tuple[int, int]:
    """The two masks (held at all, held twice) of some card ids."""
    once = twice = 0
    for c in cards:
        bit = 1 << c
        if once & bit:
            twice |= bit
        else:
            once |= bit
    return once, twice


def deal_two_packs(game: HeartsGame, hands: Sequence[str | Iterable[str]]) -> HeartsState:
    """A two-pack match whose first deal gives these hands (a card may appear twice, in one
    hand or in two); the copies left over form the kitty. See ``HeartsGame.deal_state``."""
    count = [0] * 52
    once_of: list[int] = []
    twice_of: list[int] = []
    for seat, hand in enumerate(hands):
        cards = position_cards(seat, hand)
        if len(cards) != game.hand_size:
            raise InvalidPositionError(
                _("seat {seat} has {count} cards; each hand has {size}").format(
                    seat=seat, count=len(cards), size=game.hand_size
                )
            )
        ids = []
        for card in cards:
            if card.joker:
                raise InvalidPositionError(
                    _("seat {seat}: two packs have no joker").format(seat=seat)
                )
            count[card.index] += 1
            if count[card.index] > 2:
                raise InvalidPositionError(
                    _("seat {seat}: {card} is dealt a third time").format(
                        seat=seat, card=card.token
                    )
                )
            ids.append(card.index)
        once, twice = _masks(ids)
        once_of.append(once)
        twice_of.append(twice)
    state = game.state_class(game, None)
    assert isinstance(state, CancellationState)
    state._start_deal(once_of, twice_of)
    return state


class CancellationState(HeartsState):
    """A position in a two-pack Hearts match (Cancellation Hearts with ``cancellation``)."""

    __slots__ = (
        "_carry",
        "_carry_pts",
        "_dealt2",
        "_last_void",
        "_last_winner",
        "_pairs",
        "_pending",
        "_seen",
        "_taken2",
        "_twice",
        "_undealt2",
        "_void_to",
        "_widow2",
    )

    _twice: list[int]
    _undealt2: int
    _widow2: int
    _taken2: list[int]
    _dealt2: list[int]
    _carry: list[int]
    _carry_pts: int
    _pending: list[int]
    _void_to: dict[int, int]
    _last_winner: int
    _last_void: bool
    _seen: int
    _pairs: int

    def __init__(self, game: HeartsGame, rng: random.Random | None) -> None:
        self._last_void = False  # whether the last deal's final trick was void
        super().__init__(game, rng)

    # ----------------------------------------------------------------- deal

    def _start_deal(self, hands: list[int] | None = None, twice: list[int] | None = None) -> None:
        """Reset the deal; deal ``hands`` with ``twice`` (the cards each seat holds twice) if
        given, else shuffle both packs (seeded) or await chance."""
        g = self.g
        n = g.n
        rng = self._rng
        # The base class resets every shared field; without a shuffler it only awaits chance,
        # and the two packs are dealt below.
        self._rng = None
        super()._start_deal()
        self._rng = rng
        self._twice = [0] * n
        self._undealt2 = g.deck_mask
        self._widow2 = 0
        self._taken2 = [0] * n
        self._dealt2 = [0] * n
        self._carry = []
        self._carry_pts = 0
        self._pending = []
        self._void_to = {}
        self._last_winner = -1
        self._seen = 0
        self._pairs = 0
        eldest = (self._dealer + 1) % n
        if hands is not None:
            twice = twice or [0] * n
            left = [2] * 52
            for seat in range(n):
                for c in cards_of(hands[seat], twice[seat]):
                    left[c] -= 1
            self._undealt = sum(1 << c for c in range(52) if left[c] >= 1)
            self._undealt2 = sum(1 << c for c in range(52) if left[c] == 2)
            self._hands = list(hands)
            self._twice = list(twice)
            # The history replays from an unseeded start: the deal as chance actions.
            lists = [cards_of(hands[(eldest + i) % n], twice[(eldest + i) % n]) for i in range(n)]
            for k in range(g.hand_size):
                self._history.extend(cards[k] for cards in lists)
            self._after_deal()
        elif rng is not None:
            cards = [c for c in g.deck for _ in range(2)]
            rng.shuffle(cards)
            hs = g.hand_size
            dealt = n * hs
            for i in range(n):
                seat = (eldest + i) % n
                self._hands[seat], self._twice[seat] = _masks(cards[i * hs : (i + 1) * hs])
            for k in range(hs):  # the chance actions it stands for, as HeartsState deals
                self._history += cards[k:dealt:hs]
            self._undealt, self._undealt2 = _masks(cards[dealt:])  # the kitty
            self._after_deal()

    def _after_deal(self) -> None:
        self._widow2, self._undealt2 = self._undealt2, 0
        self._dealt2 = list(self._twice)
        super()._after_deal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each undealt card, with probability copies left / cards left, while dealing: the
        cards with two copies left first, then those with one, each in increasing order."""
        if self._phase != DEAL:
            return []
        two = self._undealt2
        left = self._undealt.bit_count() + two.bit_count()
        one_left, two_left = _ONE_LEFT[left], _TWO_LEFT[left]
        # Two lists rather than a test per card: the chance deal asks this 104 times a deal.
        return [two_left[c] for c in mask_to_list(two)] + [
            one_left[c] for c in mask_to_list(self._undealt & ~two)
        ]

    def apply_action(self, action: int) -> None:
        """Deal, play or choose; raises IllegalActionError and changes nothing if illegal."""
        if self._phase != DEAL or type(action) is not int:
            super().apply_action(action)
            return
        if action < 0 or not self._undealt >> action & 1:
            raise IllegalActionError(self._why_illegal(action))
        self._history.append(action)
        self._legal = None
        bit = 1 << action
        if self._undealt2 & bit:
            self._undealt2 ^= bit
        else:
            self._undealt ^= bit
        seat = self._cur
        if self._hands[seat] & bit:
            self._twice[seat] |= bit
        else:
            self._hands[seat] |= bit
        g = self.g
        self._cur = seat + 1 if seat + 1 < g.n else 0
        # Only cards are dealt in this phase: the history counts them.
        if len(self._history) - self._deal_start == g.n * g.hand_size:
            self._after_deal()

    # ----------------------------------------------------------------- play

    def _play(self, card: int) -> None:
        g = self.g
        bit = 1 << card
        cur = self._cur
        if self._twice[cur] & bit:
            self._twice[cur] ^= bit
        else:
            self._hands[cur] ^= bit
        trick = self._trick
        if not trick:
            self._lead_suit = card // 13
            self._seen = bit
            self._pairs = 0
            self._trick_pts = self._values[card]
        else:
            if self._seen & bit:
                self._pairs |= bit
            else:
                self._seen |= bit
            self._trick_pts += self._values[card]
        trick.append(card)
        if not self._broken and (bit & HEARTS or (card == 49 and g.queen_breaks)):
            self._broken = True
        n = g.n
        if len(trick) < n:
            self._cur = cur + 1 if cur + 1 < n else 0
            return
        self._end_trick()

    def _winning_position(self) -> int:
        """Where in the trick the winning card lies; -1 for a void trick."""
        led = self._lead_suit
        pairs = self._pairs if self.g.rules.cancellation else 0
        if pairs.bit_count() >= 2:
            return -1  # two cancelled pairs void the trick (the seed)
        best, pos = -1, -1
        for i, c in enumerate(self._trick):
            # Strictly higher: without cancellation the first of two identical cards wins.
            if c // 13 == led and c > best and not pairs >> c & 1:
                best, pos = c, i
        return pos  # -1: every card of the led suit was cancelled (pagat)

    def _end_trick(self) -> None:
        g = self.g
        n = g.n
        leader = self._leader
        cards = tuple(self._trick)
        number = len(self._tricks)
        last = number + 1 == g.hand_size
        pos = self._winning_position()
        self._trick = []
        self._pairs = self._seen = 0
        if pos < 0 and not last:
            # A void trick waits, face up, for the next trick's winner; its leader leads again.
            self._tricks.append((leader, cards, -1))
            self._pending.append(number)
            self._carry.extend(cards)
            self._carry_pts += self._trick_pts
            self._cur = leader
            return
        if pos < 0:
            # A void last trick: to the previous trick's winner, who led it ([project]: the
            # leader also when no trick of the deal had a winner).
            winner = self._last_winner if self._last_winner >= 0 else leader
            self._pending.append(number)
        else:
            winner = (leader + pos) % n
            self._last_winner = winner
        self._tricks.append((leader, cards, winner))
        got = [*self._carry, *cards]
        points = self._carry_pts + self._trick_pts
        if self._widow and (number == 0 or (self._pending and self._pending[0] == 0)):
            # The kitty goes with the first trick's cards, unseen by the others.
            self._widow_taker = winner
            got += cards_of(self._widow, self._widow2)
            points += sum(g.values[c] for c in cards_of(self._widow, self._widow2))
        for i in self._pending:
            leader_i, cards_i, _ = self._tricks[i]
            self._tricks[i] = (leader_i, cards_i, winner)
            self._void_to[i] = winner
        taken, taken2 = self._taken[winner], self._taken2[winner]
        for c in got:  # _add, inlined: this runs for every card played
            bit = 1 << c
            if taken & bit:
                taken2 |= bit
            else:
                taken |= bit
        self._taken[winner], self._taken2[winner] = taken, taken2
        self._ntricks[winner] += 1 + len(self._pending) - (pos < 0)
        self._points[winner] += points
        self._carry = []
        self._carry_pts = 0
        self._pending = []
        self._cur = self._leader = winner
        if last:
            self._end_of_play()

    def _end_of_play(self) -> None:
        g = self.g
        self._last_void = len(self._tricks) - 1 in self._void_to
        shooter = -1
        if g.rules.moon is not Moon.NONE:
            need = g.moon_mask
            for seat in range(g.n):
                # Every penalty card of both packs ([project]).
                if self._taken[seat] & need == need and self._taken2[seat] & need == need:
                    shooter = seat
        self._shooter = shooter
        if shooter >= 0 and g.rules.moon is Moon.CHOOSE:
            self._phase = MOON
            return
        self._score_deal(None)

    def _penalty_points(self, taken: Sequence[int]) -> list[int]:
        # Two packs: ``taken`` has the cards taken at all, ``_taken2`` those taken twice.
        values = self._values
        return [
            sum(values[c] for c in cards_of(once & self._penalty, twice))
            for once, twice in zip(taken, self._taken2, strict=True)
        ]

    # ----------------------------------------------------------------- inspection

    def hand_twice_mask(self, seat: int) -> int:
        """The cards ``seat`` holds twice, as a mask (``hand_mask`` has those held at all)."""
        return self._twice[seat]

    def hand_cards(self, seat: int) -> list[int]:
        """The card ids ``seat`` holds, a card held twice listed twice."""
        return cards_of(self._hands[seat], self._twice[seat])

    def taken_cards(self, seat: int) -> list[int]:
        """The card ids ``seat`` has taken this deal (the kitty included once it is taken)."""
        return cards_of(self._taken[seat], self._taken2[seat])

    def clone(self) -> CancellationState:
        """An independent copy."""
        new = super().clone()
        assert isinstance(new, CancellationState)
        new._twice = self._twice[:]
        new._undealt2 = self._undealt2
        new._widow2 = self._widow2
        new._taken2 = self._taken2[:]
        new._dealt2 = self._dealt2[:]
        new._carry = self._carry[:]
        new._carry_pts = self._carry_pts
        new._pending = self._pending[:]
        new._void_to = dict(self._void_to)
        new._last_winner = self._last_winner
        new._last_void = self._last_void
        new._seen = self._seen
        new._pairs = self._pairs
        return new

    def _observe(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know: the base observation with two-pack hands and kitty
        (a card held twice listed twice), void tricks and where their cards went, the cards
        waiting for the next trick's winner and the cancelled cards of the trick in play."""
        from hoyle.games.hearts.observe import observe

        obs = observe(self, player)
        g = self.g
        obs["packs"] = 2
        obs["hand_sizes"] = [
            h.bit_count() + t.bit_count() for h, t in zip(self._hands, self._twice, strict=True)
        ]
        points = list(self._points)
        taker = self._widow_taker
        if taker >= 0:  # the kitty's points stay its taker's secret until the deal is scored
            points[taker] -= sum(g.values[c] for c in cards_of(self._widow, self._widow2))
        obs["points"] = points
        obs["tricks"] = [
            self._trick_entry(t, i in self._void_to or i in self._pending)
            for i, t in enumerate(self._tricks)
        ]
        if self._tricks:
            obs["last_trick"] = obs["tricks"][-1]
        elif self._last_trick is not None:
            obs["last_trick"] = self._trick_entry(self._last_trick, self._last_void)
        obs["carried"] = [TOKENS[c] for c in sorted(self._carry)]
        obs["cancelled"] = [TOKENS[c] for c in mask_to_list(self._pairs)] if self._trick else []
        if player is not None:
            obs["hand"] = [TOKENS[c] for c in cards_of(self._hands[player], self._twice[player])]
            seen = self._widow_taker == player
            obs["widow"] = [TOKENS[c] for c in cards_of(self._widow, self._widow2)] if seen else []
        return obs

    def _trick_entry(self, trick: tuple[int, tuple[int, ...], int], void: bool) -> dict[str, Any]:
        """A completed trick as data; a void trick has no winner and says where its cards went
        (``to``; None while they wait)."""
        leader, cards, to = trick
        seen = pairs = 0
        for c in cards:
            if seen >> c & 1:
                pairs |= 1 << c
            seen |= 1 << c
        cancelled = [TOKENS[c] for c in mask_to_list(pairs)] if self.g.rules.cancellation else []
        return {
            "leader": leader,
            "cards": [TOKENS[c] for c in cards],
            "seats": [(leader + i) % self.g.n for i in range(len(cards))],
            "winner": None if void else to,
            "void": void,
            "to": to if to >= 0 else None,
            "cancelled": cancelled,
        }

    def _resample(self, seat: int, rng: random.Random) -> CancellationState:
        """A state ``seat`` cannot tell from this one: the hidden copies, each physical card
        an item of its own, drawn uniformly under the voids shown, then the deal replayed."""
        return _resample_two_packs(self, seat, rng)


# --------------------------------------------------------------------- resampling


def _played_by_seat(state: CancellationState) -> list[list[int]]:
    """Every card each seat has played this deal, a card played twice listed twice."""
    n = state.g.n
    played: list[list[int]] = [[] for _ in range(n)]
    plays = [(leader, cards) for leader, cards, _ in state._tricks]
    plays.append((state._leader, tuple(state._trick)))
    for leader, cards in plays:
        for i, c in enumerate(cards):
            played[(leader + i) % n].append(c)
    return played


def _resample_two_packs(
    state: CancellationState, player: int, rng: random.Random
) -> CancellationState:
    from hoyle.games.hearts.resample import _constraints, public_copy

    n = state.g.n
    if not 0 <= player < n:
        raise ValueError(f"player must be a seat 0…{n - 1}, not {player}")
    if state._phase == OVER:
        return public_copy(state, rng)  # everything that still matters is public
    if state._phase == DEAL:
        return _resample_dealing(state, player, rng)

    allowed, _ = _constraints(state, player)  # no pass, no 2♣ lead: nothing is required
    played = _played_by_seat(state)
    return redraw(
        lambda: _draw(state, player, rng, allowed, played),
        lambda draw: _replay(state, draw, rng),
        # A hidden kitty may decide a moon: the replay must reach the same decision.
        lambda new: new.current_player() == state.current_player(),
    )


def _draw(
    state: CancellationState,
    player: int,
    rng: random.Random,
    allowed: list[int],
    played: list[list[int]],
) -> tuple[list[list[int]], list[int]] | None:
    """Dealt hands (card ids by seat) and the kitty: the player's own, the others drawn."""
    g = state.g
    n = g.n
    left = [2] * 52
    for c in cards_of(state._hands[player], state._twice[player]):
        left[c] -= 1
    for cards in played:
        for c in cards:
            left[c] -= 1
    seen_kitty = state._widow_taker == player
    kitty = cards_of(state._widow, state._widow2)
    if seen_kitty:
        for c in kitty:
            left[c] -= 1
    # Each physical copy is an item of its own (c, or c + 64 for the second copy), so a
    # uniform deal of items is the true posterior of the shuffled double pack.
    items = [c + _COPY * k for c in range(52) for k in range(left[c])]
    seats = [s for s in range(n) if s != player]
    need = {s: state._hands[s].bit_count() + state._twice[s].bit_count() for s in seats}
    may = {s: allowed[s] | allowed[s] << _COPY for s in seats}
    if g.widow_size and not seen_kitty:  # an unseen kitty takes its share of the unseen cards
        seats.append(n)
        need[n] = g.widow_size
        may[n] = _LOW | _LOW << _COPY
    drawn = sample_by_seat(items, seats, need, may, rng)
    if drawn is None:
        return None
    dealt = [list(cards) for cards in played]
    dealt[player] = cards_of(state._dealt[player], state._dealt2[player])
    for s, m in drawn.items():
        cards = mask_to_list(m & _LOW) + mask_to_list(m >> _COPY)
        if s == n:
            kitty = cards
        else:
            dealt[s] += cards
    return dealt, kitty


def _replay(
    state: CancellationState, draw: tuple[list[list[int]], list[int]], rng: random.Random
) -> CancellationState:
    g = state.g
    n = g.n
    dealt, _kitty = draw  # the kitty is what the hands leave of the two packs
    new = state.clone()
    new._history = state._history[: state._deal_start]
    new._rng = None if state._rng is None else random.Random(rng.getrandbits(64))
    masks = [_masks(cards) for cards in dealt]
    new._start_deal([m[0] for m in masks], [m[1] for m in masks])
    skip = g.hand_size * n  # the real deal's chance actions, replaced by the drawn deal's
    for action in state._history[state._deal_start + skip :]:
        new.apply_action(action)
    return new


def _resample_dealing(
    state: CancellationState, player: int, rng: random.Random
) -> CancellationState:
    """While the deal is at chance nodes: the others' cards so far and the undealt cards
    shuffled together and dealt again in the same numbers."""
    g = state.g
    n = g.n
    new = state.clone()
    others = [s for s in range(n) if s != player]
    pool = cards_of(state._undealt, state._undealt2)
    for s in others:
        pool += cards_of(state._hands[s], state._twice[s])
    rng.shuffle(pool)
    start = 0
    for s in others:
        size = state._hands[s].bit_count() + state._twice[s].bit_count()
        new._hands[s], new._twice[s] = _masks(pool[start : start + size])
        start += size
    new._undealt, new._undealt2 = _masks(pool[start:])
    # The chance history of this deal must match the new hands, card for card.
    eldest = (state._dealer + 1) % n
    lists = [cards_of(new._hands[(eldest + i) % n], new._twice[(eldest + i) % n]) for i in range(n)]
    dealt = sum(len(cards) for cards in lists)
    order = [lists[k % n][k // n] for k in range(dealt)]
    new._history = state._history[: state._deal_start] + order
    new._legal = None
    return new
