"""Observation tensors for All Fours: one seat's view as a fixed-length float32 vector.

Seats are relative to the viewer in the order of play (``rel0`` the viewer, ``rel1`` the next to
play after it, whichever way the game goes round); sides likewise (``side0`` the viewer's). A
spectator views from seat 0 and has no private fields. The vector is two parts:

* **bits** (0/1 entries), built as one Python int and written by ``BitsWriter`` in one call: card
  sets (one entry per card 2♣…A♠, suit-major as the engine's card ids), one-hots and flags:
  the viewer's own, the table's, then one block per seat (``rel0`` first: its trick card,
  cards played, turn, dealer …) and one per side (the cards it won);
* **scalars** after them: per side, per seat, then the hand's, each divided by a fixed scale.

The seat and side blocks are built by absolute seat (in the order of play from seat 0) once per
trick and rotated to the viewer with one shift; only the trick in progress, the turn and the
viewer's own cards are written at every call.

Everything here is what :func:`hoyle.games.all_fours.observe.observe` tells the seat; the tests
(tests/core/test_encoding_contract.py) check that a state and any ``resample_from_infostate``
of it encode alike. Before the first deal (the cut, a colour guess, the choice of the first
pitcher) the hand's fields are zero, as the observation leaves them out.

Left out, as fixed by the game or told by other fields: the cards cut for the first deal (the
dealer they chose is kept), the sides (fixed by the seats), the order of the cards in earlier
tricks (who played which card is kept), and the results of earlier hands (the scores carry
them).
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
        self.pos = self.rel[0]  # a seat's place in the order of play from seat 0
        self.side_of = [rules.side_of(s) for s in range(n)]
        self.stock = rules.stock
        self.face_up = rules.stock is Stock.FACE_UP
        self.throw_in = rules.throw_in
        self.bidding = rules.bidding is not Bidding.NONE
        self.commercial = rules.bidding is Bidding.COMMERCIAL
        self.begging = rules.trump is Trump.TURN_UP and rules.begging
        self.guess = rules.first_dealer is FirstDealer.COLOUR_GUESS
        self.at_once = rules.trick_points_at_once
        self.five = rules.five_value
        self.hand_size = rules.hand_size
        self.hands = rules.deals
        cards = "by card 2C…AS"

        # ---- bits: the viewer's own, then the table's
        self.f_hand = self._at("hand", 52, f"the viewer's hand, when it may look, {cards}")
        self.f_hidden = self._at("hand_hidden", 1, "1 while the rules keep the viewer's hand shut")
        self.f_discarded = self._at("discarded", 52, "cards the viewer discarded after running")
        if self.stock is not Stock.NONE:
            self.f_my_drawn = self._at("drawn", 52, "cards the viewer drew from the stock")
        if self.stock is Stock.FACE_UP:
            self.f_top = self._at("stock_top", 52, "the card face up on the stock")
        self.f_turned = self._at("turned", 52, "cards turned up (or cut) for trumps this hand")
        self.f_trump = self._at("trump", 4, "the trump suit C D H S, once fixed")
        self.f_phase = self._at("phase", len(PHASE_NAMES), "phase: " + " ".join(PHASE_NAMES))
        if self.commercial:
            self.f_sold = self._at("sold", 2, "eldest sold (first entry) or kept (second)")
        if self.begging:
            self.f_begged = self._at("begged", 1, "1 if eldest begged")
            self.f_gift = self._at("gift", 1, "1 if the dealer gave one")
        if self.guess:
            self.f_guess = self._at("guess", 2, "the colour guessed for the cut: red, black")
        # ---- bits: one block per seat, then one per side; u_* are offsets inside a block
        unit: list[tuple[str, int, str]] = [
            ("trick", 52, "its card in the trick in progress"),
            ("played", 52, "cards it played to completed tricks this hand"),
            ("to_act", 1, "1 if it is to act"),
            ("dealer", 1, "1 if it dealt this hand"),
            ("leader", 1, "1 if it leads (or led) the trick in play"),
        ]
        if self.throw_in:
            unit.append(("thrown_in", 52, "its hand, thrown in face up"))
            unit.append(("out", 1, "1 if it threw in its hand"))
        if self.stock is Stock.FACE_UP:
            unit.append(("stock_drawn", 52, "cards it drew from the face-up stock"))
        if self.bidding:
            unit.append(("pitcher", 1, "1 if it pitches this hand"))
            unit.append(("has_bid", 1, "1 once it has bid or passed"))
        self.f_seats = self.size
        for r in range(n):
            where = "the viewer" if r == 0 else f"the seat {r} after the viewer in play"
            for name, size, doc in unit:
                self.add(f"{name}_rel{r}", size, f"{doc} ({where})")
        self.u = u = sum(size for _, size, _ in unit)
        at = {}
        offset = 0
        for name, size, _ in unit:
            at[name] = offset
            offset += size
        self.f_sides = self.size
        for k in range(sides):
            where = "the viewer's side" if k == 0 else f"side {k} after the viewer's"
            self.add(f"won_side{k}", 52, f"cards in the tricks that side took this hand ({where})")
        self.nbits = self.size
        # Bits prepared once, by absolute seat (placed in the order of play from seat 0).
        self.card_bits = [
            [1 << (self.pos[s] * u + at["trick"] + c) for c in range(52)] for s in range(n)
        ]
        self.turn_bits = [1 << (self.pos[s] * u + at["to_act"]) for s in range(n)]
        self.played_bits = [
            [1 << (self.pos[s] * u + at["played"] + c) for c in range(52)] for s in range(n)
        ]
        self.u_played, self.u_dealer, self.u_leader = at["played"], at["dealer"], at["leader"]
        self.u_shown, self.u_out = at.get("thrown_in", 0), at.get("out", 0)
        self.u_drawn = at.get("stock_drawn", 0)
        self.u_pitcher, self.u_has_bid = at.get("pitcher", 0), at.get("has_bid", 0)
        self.seat_low = [(1 << (q * u)) - 1 for q in range(n)]
        self.side_low = [(1 << (k * 52)) - 1 for k in range(sides)]

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
        for name, doc in (
            ("hand_size", f"cards it holds / {rules.hand_size}"),
            ("discards", f"cards it discarded / {rules.hand_size}"),
        ):
            for r in range(n):
                where = " (the viewer)" if r == 0 else f" (the seat {r} after the viewer in play)"
                self.add(f"{name}_rel{r}", 1, doc + where)
        if self.bidding:
            self._at("high_bid", 1, "the high bid / 4")
        if self.begging:
            self._at("runs", 1, "times the cards were run this hand / 3")
        if self.stock is not Stock.NONE:
            self._at("stock_size", 1, "cards in the stock / 52")
        self._at(
            "hand_number",
            1,
            f"hands played before this one / {rules.deals}" if rules.deals else "hands played / 20",
        )
        self.writer = BitsWriter(self.nbits, self.size)
        # Whether a seat may ever be kept from looking at its own hand (see hand_visible).
        self.may_hide = (rules.hide_hands_until_beg and n > 2) or rules.hide_partner_until_pitch
        self.pack_live = struct.Struct(f"<{2 * n}f").pack
        self.pack_sides = struct.Struct(f"<{self.ks * sides // 4}f").pack
        self.pack_seats = struct.Struct(f"<{self.kp * n // 4}f").pack
        table = self.size - self.nbits - (self.ks * sides + self.kp * n) // 4 - 2 * n
        self.pack_table = struct.Struct(f"<{table}f").pack
        self.zeros = [0] * n
        # The last hand: its trick list, tricks folded in, cards played and tricks taken by
        # seat, and what stays put within a trick, by position.
        self._hand: tuple[list[Any], int, int, list[int]] | None = None
        self._fixed: tuple[
            list[Any], dict[tuple[int, ...], tuple[int, int, int, bytes, bytes, bytes]]
        ]
        self._fixed = ([], {})

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
        phase = state._phase
        before_deal = phase in (CUT, GUESS, CHOOSE_PHASE)
        # What stays put within a trick, kept per position of the hand (a state only moves
        # forward; a clone has a trick list of its own, so a cache of its own).
        tricks = state._tricks
        cache = self._fixed
        if cache[0] is not tricks:
            cache = self._fixed = (tricks, {})
        key = (
            phase,
            len(tricks),
            state._trump,
            state._in_play,
            0 if phase == PLAY else len(state._history),
        )
        fixed = cache[1].get(key)
        if fixed is None:
            fixed = cache[1][key] = self._fixed_part(state, phase, before_deal)
        big, seats, sides, sides_b, seats_b, table_b = fixed
        if not before_deal:
            card_bits = self.card_bits
            for seat, c in zip(state._trick_seats, state._trick, strict=True):
                seats |= card_bits[seat][c]
        cur = state.current_player()
        if cur >= 0:
            seats |= self.turn_bits[cur]
        # Rotate the blocks to the viewer: its seat's first, its side's first.
        q = self.pos[me]
        if q:
            seats = seats >> (q * self.u) | (seats & self.seat_low[q]) << ((n - q) * self.u)
        k = self.side_of[me]
        if k:
            sides = sides >> (k * 52) | (sides & self.side_low[k]) << ((self.sides - k) * 52)
        big |= seats << self.f_seats | sides << self.f_sides
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
        # ---- scalars
        size = self.hand_size
        order = self.order[me]
        hands = state._hands
        live = [hands[s].bit_count() / size for s in order]
        if before_deal:
            live += self.zeros
        else:
            discarded = state._discarded
            live += [discarded[s].bit_count() / size for s in order]
        ks, kp = k * self.ks, q * self.kp
        tail = sides_b[ks:] + sides_b[:ks] + seats_b[kp:] + seats_b[:kp] + self.pack_live(*live)
        self.writer.write(out, big, tail + table_b)

    def _fixed_part(
        self, state: Any, phase: int, before_deal: bool
    ) -> tuple[int, int, int, bytes, bytes, bytes]:
        """What stays put within a trick: the table's bits, the seat blocks and side blocks
        (by absolute seat and side) and the scalars per side, per seat and of the hand."""
        n, u, pos = self.n, self.u, self.pos
        trump = state._trump
        big = 1 << (self.f_phase + phase)
        if self.guess and state._guess >= 0:
            big |= 1 << (self.f_guess + (0 if state._guess == GUESS_RED else 1))
        if self.stock is Stock.FACE_UP and state._top >= 0:
            big |= 1 << (self.f_top + state._top)
        seats = sides = 0
        played, taken = self._played(state._tricks)
        if not before_deal:
            if trump >= 0:
                big |= 1 << (self.f_trump + trump)
            for c in state._turned:
                big |= 1 << (self.f_turned + c)
            if self.commercial and state._sold is not None:
                big |= 1 << (self.f_sold + (0 if state._sold else 1))
            if self.begging:
                if state._begged:
                    big |= 1 << self.f_begged
                if state._given:
                    big |= 1 << self.f_gift
            seats |= 1 << (pos[state._dealer] * u + self.u_dealer)
            seats |= 1 << (pos[state._leader] * u + self.u_leader)
            seats |= played
            if self.throw_in or self.face_up:
                for seat in range(n):
                    at = pos[seat] * u
                    if self.throw_in and state._out[seat]:
                        seats |= state._shown[seat] << (at + self.u_shown)
                        seats |= 1 << (at + self.u_out)
                    if self.face_up:
                        seats |= state._drawn[seat] << (at + self.u_drawn)
            if self.bidding:
                if state._pitcher >= 0:
                    seats |= 1 << (pos[state._pitcher] * u + self.u_pitcher)
                for seat, bid in enumerate(state._bids):
                    if bid is not None:
                        seats |= 1 << (pos[seat] * u + self.u_has_bid)
            for side, won in enumerate(state._won):
                sides |= won << (52 * side)
        # Scalars.
        target = self.target
        kicks = [0] * self.sides
        if not before_deal:
            for _, side, pts in state._kicks[: state._kicks_scored]:
                kicks[side] += pts
        per_side: list[float] = []
        for side in range(self.sides):
            per_side += [
                state._scores[side] / target,
                self._card_points(state._won[side], trump) / 80,
                kicks[side] / target,
            ]
            if self.at_once:
                per_side.append((0 if before_deal else state._at_once[side]) / target)
        per_seat: list[float] = []
        for seat in self.order[0]:
            per_seat.append(taken[seat] / self.hand_size)
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
            big,
            seats,
            sides,
            self.pack_sides(*per_side),
            self.pack_seats(*per_seat),
            self.pack_table(*table),
        )

    def _played(self, tricks: list[Any]) -> tuple[int, list[int]]:
        """The seat-block bits of the cards each seat played to this hand's completed tricks,
        and the tricks each took (by absolute seat), folded in as tricks complete: kept per
        hand, keyed by its trick list."""
        entry = self._hand
        if entry is None or entry[0] is not tricks or entry[1] > len(tricks):
            entry = self._hand = (tricks, 0, 0, [0] * self.n)
        _, done, played, taken = entry
        if done < len(tricks):
            taken = taken[:]
            bits = self.played_bits
            for _, cards, who, winner in tricks[done:]:
                taken[winner] += 1
                for seat, c in zip(who, cards, strict=True):
                    played |= bits[seat][c]
            self._hand = (tricks, len(tricks), played, taken)
        return played, taken
