"""Observation tensors for All Fours: one seat's view as a fixed-length float32 vector.

Seats are relative to the viewer in the order of play (``rel0`` the viewer, ``rel1`` the next to
play after it, whichever way the game goes round); sides likewise (``side0`` the viewer's). A
spectator views from seat 0 and has no private fields. The vector is two parts:

* **bits** (0/1 entries), built as one Python int and unpacked by numpy in a single call: card
  sets (one entry per card 2♣…A♠, suit-major as the engine's card ids), one-hots and flags;
* **scalars** after them: scores, card points, counts, each divided by a fixed scale.

Everything here is what :func:`hoyle.games.all_fours.observe.observe` tells the seat; the tests
(tests/core/test_encoding_contract.py) check that a state and any ``resample_from_infostate``
of it encode alike. Before the first deal (the cut, a colour guess, the choice of the first
pitcher) the hand's fields are zero, as the observation leaves them out. The cards cut for the
first deal are not encoded: the dealer they chose is.
"""

from __future__ import annotations

import struct
from typing import Any

from hoyle.core.encoding import BitsWriter, Encoder, Vector
from hoyle.games.all_fours.observe import hand_visible
from hoyle.games.all_fours.rules import Bidding, Direction, FirstDealer, Stock, Trump
from hoyle.games.all_fours.state import (
    CHOOSE_PHASE,
    CUT,
    GUESS,
    GUESS_RED,
    OVER,
    PHASE_NAMES,
    PLAY,
    AllFoursGame,
)

__all__ = ["AllFoursEncoder"]

_M13 = (1 << 13) - 1
_RANK_POINTS = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)  # the Game count: T 10, J 1 … A 4
_POINTS13 = [
    sum(_RANK_POINTS[r] for r in range(13) if m >> r & 1) for m in range(1 << 13)
]  # Game count of every 13-bit suit pattern


class AllFoursEncoder(Encoder):
    """The All Fours encoder: every preset, fields depending on the rules (see ``layout()``)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        assert isinstance(game, AllFoursGame)
        self.g = g = game
        rules = g.rules
        n = self.n = g.n
        sides = self.sides = rules.sides
        step = 1 if rules.direction is Direction.CLOCKWISE else -1
        # order[me][r]: the seat r places after ``me`` in the order of play; rel[me][seat]: r.
        self.order = [[(me + r * step) % n for r in range(n)] for me in range(n)]
        self.rel = [[0] * n for _ in range(n)]
        for me in range(n):
            for r, seat in enumerate(self.order[me]):
                self.rel[me][seat] = r
        self.side_of = [rules.side_of(s) for s in range(n)]
        self.stock = rules.stock
        self.throw_in = rules.throw_in
        self.bidding = rules.bidding is not Bidding.NONE
        self.commercial = rules.bidding is Bidding.COMMERCIAL
        self.begging = rules.trump is Trump.TURN_UP and rules.begging
        self.guess = rules.first_dealer is FirstDealer.COLOUR_GUESS
        self.at_once = rules.trick_points_at_once
        self.five = rules.five_value
        self.hand_size = rules.hand_size
        cards = "by card 2C…AS"

        def seats(name: str, size: int, doc: str) -> int:
            start = self.size
            for r in range(n):
                where = "the viewer" if r == 0 else f"the seat {r} after the viewer in play"
                self.add(f"{name}_rel{r}", size, f"{doc} ({where})")
            return start

        def by_side(name: str, size: int, doc: str) -> int:
            start = self.size
            for k in range(sides):
                where = "the viewer's side" if k == 0 else f"side {k} after the viewer's"
                self.add(f"{name}_side{k}", size, f"{doc} ({where})")
            return start

        # ---- bits
        self.f_hand = self._at("hand", 52, f"the viewer's hand, when it may look, {cards}")
        self.f_hidden = self._at("hand_hidden", 1, "1 while the rules keep the viewer's hand shut")
        self.f_discarded = self._at("discarded", 52, "cards the viewer discarded after running")
        if self.stock is not Stock.NONE:
            self.f_my_drawn = self._at("drawn", 52, "cards the viewer drew from the stock")
        self.f_trick = seats("trick", 52, "its card in the trick in progress")
        self.f_played = seats("played", 52, "cards it played to completed tricks this hand")
        self.f_won = by_side("won", 52, "cards in the tricks that side took this hand")
        if self.throw_in:
            self.f_shown = seats("thrown_in", 52, "its hand, thrown in face up")
        if self.stock is Stock.FACE_UP:
            self.f_top = self._at("stock_top", 52, "the card face up on the stock")
            self.f_drawn = seats("stock_drawn", 52, "cards it drew from the face-up stock")
        self.f_turned = self._at("turned", 52, "cards turned up (or cut) for trumps this hand")
        self.f_trump = self._at("trump", 4, "the trump suit C D H S, once fixed")
        self.f_phase = self._at("phase", len(PHASE_NAMES), "phase: " + " ".join(PHASE_NAMES))
        self.f_turn = seats("to_act", 1, "1 if it is to act")
        self.f_dealer = seats("dealer", 1, "1 if it dealt this hand")
        self.f_leader = seats("leader", 1, "1 if it leads (or led) the trick in play")
        if self.throw_in:
            self.f_out = seats("out", 1, "1 if it threw in its hand")
        if self.bidding:
            self.f_pitcher = seats("pitcher", 1, "1 if it pitches this hand")
            self.f_has_bid = seats("has_bid", 1, "1 once it has bid or passed")
        if self.commercial:
            self.f_sold = self._at("sold", 2, "eldest sold (first entry) or kept (second)")
        if self.begging:
            self.f_begged = self._at("begged", 1, "1 if eldest begged")
            self.f_gift = self._at("gift", 1, "1 if the dealer gave one")
        if self.guess:
            self.f_guess = self._at("guess", 2, "the colour guessed for the cut: red, black")
        self.nbits = self.size
        self.nbytes = (self.nbits + 7) // 8
        # ---- scalars: per side (the viewer's first), per seat (in the order of play from
        # the viewer), then the hand's; all but hand sizes and discards stay put in a trick.
        self.target = float(rules.target)
        per_side = [
            ("score", f"game score / {rules.target}"),
            ("card_points", "Game count in its tricks this hand / 80"),
            ("kicks", f"points for turn-ups this hand / {rules.target}"),
        ]
        if self.at_once:
            per_side.append(("at_once", f"points scored in play / {rules.target}"))
        for k in range(sides):
            where = " (the viewer's side)" if k == 0 else f" (side {k} after the viewer's)"
            for name, doc in per_side:
                self.add(f"{name}_side{k}", 1, doc + where)
        self.ks = 4 * len(per_side)  # bytes of one side's scalars
        per_seat = [("tricks", f"tricks it took this hand / {rules.hand_size}")]
        if self.bidding:
            per_seat.append(("bid", "its bid / 4"))
        for r in range(n):
            where = " (the viewer)" if r == 0 else f" (the seat {r} after the viewer in play)"
            for name, doc in per_seat:
                self.add(f"{name}_rel{r}", 1, doc + where)
        self.kp = 4 * len(per_seat)
        self.f_sizes = seats("hand_size", 1, f"cards it holds / {rules.hand_size}")
        self.f_ndiscards = seats("discards", 1, f"cards it discarded / {rules.hand_size}")
        if self.bidding:
            self.f_bid = self._at("high_bid", 1, "the high bid / 4")
        if self.begging:
            self.f_runs = self._at("runs", 1, "times the cards were run this hand / 3")
        if self.stock is not Stock.NONE:
            self.f_stock = self._at("stock_size", 1, "cards in the stock / 52")
        self.hands = rules.hands
        self._at(
            "hand_number",
            1,
            f"hands played before this one / {rules.hands}" if rules.hands else "hands played / 20",
        )
        self.writer = BitsWriter(self.nbits, self.size)
        # Whether a seat may ever be kept from looking at its own hand (see hand_visible).
        self.may_hide = (rules.hide_hands_until_beg and n > 2) or rules.hide_partner_until_pitch
        self.pack_live = struct.Struct(f"<{2 * n}f").pack
        self.no_tricks = [0] * n
        self.no_kicks = [0.0] * sides
        # By the viewer's side: the other sides in order, and where each side's won cards go.
        self.side_orders = [[(mine + k) % sides for k in range(sides)] for mine in range(sides)]
        self.won_at = [
            [self.f_won + 52 * ((side - mine) % sides) for side in range(sides)]
            for mine in range(sides)
        ]
        # The last hand's trick list, tricks folded in, cards played and tricks taken by seat.
        self._hand_log: tuple[list[Any], int, list[int], list[int]] | None = None
        # Scalars that stay put within a trick, packed, by position of the last hand.
        self._scalars: tuple[list[Any], dict[tuple[int, int, int, int], tuple[bytes, ...]]] = (
            [],
            {},
        )

    def _at(self, name: str, size: int, doc: str) -> int:
        """Declare a field and return where it starts."""
        return self.add(name, size, doc).start

    def _card_points(self, mask: int, trump: int) -> int:
        """The Game count of a mask (the five of trumps at ``five_value`` when set)."""
        total = (
            _POINTS13[mask & _M13]
            + _POINTS13[mask >> 13 & _M13]
            + _POINTS13[mask >> 26 & _M13]
            + _POINTS13[mask >> 39 & _M13]
        )
        if self.five and trump >= 0 and mask >> (13 * trump + 3) & 1:
            total += self.five
        return total

    def encode(self, state: Any, player: int | None, out: Vector) -> None:
        """Write ``player``'s view of ``state`` into ``out`` (see the module docs)."""
        n = self.n
        me = 0 if player is None else player
        rel = self.rel[me]
        order = self.order[me]
        side_of = self.side_of
        my_side = side_of[me]
        phase = state._phase
        before_deal = phase in (CUT, GUESS, CHOOSE_PHASE)
        big = 1 << (self.f_phase + phase)
        cur = state.current_player()
        if cur >= 0:
            big |= 1 << (self.f_turn + rel[cur])
        trump = state._trump
        tricks_by = self.no_tricks
        if player is not None:
            if before_deal or not self.may_hide or hand_visible(state, player):
                if not before_deal:
                    big |= state._hands[player] << self.f_hand
            else:
                big |= 1 << self.f_hidden
            if not before_deal:
                big |= state._discarded[player] << self.f_discarded
                if self.stock is not Stock.NONE:
                    big |= state._drawn[player] << self.f_my_drawn
        if self.guess and state._guess >= 0:
            big |= 1 << (self.f_guess + (0 if state._guess == GUESS_RED else 1))
        if not before_deal:
            big |= 1 << (self.f_dealer + rel[state._dealer])
            big |= 1 << (self.f_leader + rel[state._leader])
            if trump >= 0:
                big |= 1 << (self.f_trump + trump)
            for c in state._turned:
                big |= 1 << (self.f_turned + c)
            at = self.f_trick
            for seat, c in zip(state._trick_seats, state._trick, strict=True):
                big |= 1 << (at + 52 * rel[seat] + c)
            played, tricks_by = self._played(state._tricks)
            at = self.f_played
            for r, seat in enumerate(order):
                big |= played[seat] << (at + 52 * r)
            for w, at in zip(state._won, self.won_at[my_side], strict=True):
                big |= w << at
            if self.throw_in:
                for seat in range(n):
                    if state._out[seat]:
                        big |= state._shown[seat] << (self.f_shown + 52 * rel[seat])
                        big |= 1 << (self.f_out + rel[seat])
            if self.stock is Stock.FACE_UP:
                for seat in range(n):
                    big |= state._drawn[seat] << (self.f_drawn + 52 * rel[seat])
            if self.bidding:
                if state._pitcher >= 0:
                    big |= 1 << (self.f_pitcher + rel[state._pitcher])
                for seat, bid in enumerate(state._bids):
                    if bid is not None:
                        big |= 1 << (self.f_has_bid + rel[seat])
            if self.commercial and state._sold is not None:
                big |= 1 << (self.f_sold + (0 if state._sold else 1))
            if self.begging:
                if state._begged:
                    big |= 1 << self.f_begged
                if state._given:
                    big |= 1 << self.f_gift
        if self.stock is Stock.FACE_UP and state._top >= 0:
            big |= 1 << (self.f_top + state._top)
        # ---- scalars
        tricks = state._tricks
        cache = self._scalars
        if cache[0] is not tricks:
            cache = self._scalars = (tricks, {})
        key = (phase, len(tricks), trump, 0 if phase == PLAY else len(state._history))
        fixed = cache[1].get(key)
        if fixed is None:
            fixed = cache[1][key] = self._fixed_scalars(state, phase, before_deal, tricks_by)
        sides_b, seats_b, table_b = fixed
        k = my_side * self.ks
        p = self.rel[0][me] * self.kp  # the viewer's place in the order of play from seat 0
        size = self.hand_size
        hands, discarded = state._hands, state._discarded
        live = [hands[s].bit_count() / size for s in order]
        if before_deal:
            live += self.no_tricks
        else:
            live += [discarded[s].bit_count() / size for s in order]
        tail = sides_b[k:] + sides_b[:k] + seats_b[p:] + seats_b[:p] + self.pack_live(*live)
        self.writer.write(out, big, tail + table_b)

    def _fixed_scalars(
        self, state: Any, phase: int, before_deal: bool, tricks_by: list[int]
    ) -> tuple[bytes, bytes, bytes]:
        """The scalars that stay put within a trick, packed: per side (side 0 first), per seat
        (in the order of play from seat 0), and the hand's."""
        target = self.target
        sides = self.sides
        trump = state._trump
        kicks = [0] * sides
        if not before_deal:
            for _, side, pts in state._kicks[: state._kicks_scored]:
                kicks[side] += pts
        per_side: list[float] = []
        for side in range(sides):
            per_side += [
                state._scores[side] / target,
                self._card_points(state._won[side], trump) / 80,
                kicks[side] / target,
            ]
            if self.at_once:
                per_side.append((0 if before_deal else state._at_once[side]) / target)
        per_seat: list[float] = []
        for seat in self.order[0]:
            per_seat.append(tricks_by[seat] / self.hand_size)
            if self.bidding:
                per_seat.append((0 if before_deal else state._bids[seat] or 0) / 4)
        table: list[float] = []
        if self.bidding:
            table.append((0 if before_deal else state._bid) / 4)
        if self.begging:
            table.append((0 if before_deal else state._ran) / 3)
        if self.stock is not Stock.NONE:
            stock = 0 if before_deal else state._undealt.bit_count() + (state._top >= 0)
            table.append(stock / 52)
        number = state._hand_no - (phase == OVER)
        table.append(number / self.hands if self.hands else number / 20)
        return (
            struct.pack(f"<{len(per_side)}f", *per_side),
            struct.pack(f"<{len(per_seat)}f", *per_seat),
            struct.pack(f"<{len(table)}f", *table),
        )

    def _played(self, tricks: list[Any]) -> tuple[list[int], list[int]]:
        """Cards each seat played to this hand's completed tricks, and tricks each took (by
        absolute seat), folded in as tricks complete: kept per hand, keyed by its trick list."""
        entry = self._hand_log
        if entry is None or entry[0] is not tricks or entry[1] > len(tricks):
            entry = self._hand_log = (tricks, 0, [0] * self.n, [0] * self.n)
        _, done, played, taken = entry
        if done < len(tricks):
            played, taken = played[:], taken[:]
            for _, cards, who, winner in tricks[done:]:
                taken[winner] += 1
                for seat, c in zip(who, cards, strict=True):
                    played[seat] |= 1 << c
            self._hand_log = (tricks, len(tricks), played, taken)
        return played, taken
