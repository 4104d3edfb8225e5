"""Observation tensors for Hearts: one seat's view as a fixed-length float32 vector.

Seats are relative to the viewer: ``rel0`` is the viewer, ``rel1`` the next seat on the left,
and so on (a spectator views from seat 0 and has no private fields). The vector is two parts:

* **bits** (0/1 entries), built as one Python int and written by ``BitsWriter`` in one call:
  the viewer's private card sets, the public flags, then one block per seat (``rel0`` first) with
  that seat's trick card, cards played and won, voids, turn, hand size …;
* **scalars** after them: per seat (score, points, tricks …), then the table's, each divided by
  a fixed scale.

The per-seat blocks are built by absolute seat and rotated to the viewer with one shift, so the
part that only changes from trick to trick is built once per trick for every viewer.

A *card set* has one entry per card (2♣…A♠, suit-major, as the engine's card ids). With jokers
it has one or two more entries that count the jokers (the first is set for one joker, both
for two: the two jokers are alike, so which one is held is not information). With two packs it
is two planes: the cards present at least once, then the cards present twice.

Everything here is what :func:`hoyle.games.hearts.observe.observe` tells the seat; the tests
(tests/core/test_encoding_contract.py) check that a state and any ``resample_from_infostate``
of it encode alike. Per-deal pieces that only grow (the cards each seat has played, who won
which, the voids shown) are kept in a small cache keyed by the state's trick list, so a
learning loop stepping one state pays for each trick once.

In the pass and the play of every game but those that count revokes, the vector is written by
compiled code (``_fastenc.c``, where it was built; ``HeartsEncoder.fast``): it reads the cards
from the state and is handed, once per deal, what the code here builds of the rest. The code
here is the reference (tests/hearts/test_fastenc.py compares the two at every position) and
writes every other phase, and everything where nothing was compiled.

Left out, as fixed by the game or told by other fields: the cards taken out of the pack, the
teams, the list of earlier deals' scores (the match scores carry them), the order of the cards
in earlier tricks (who played which card, and who took it, are kept), a domino deal's draws
trick by trick (each seat's count, and the viewer's own cards, are kept) and the previous deal's
last trick.
"""

from __future__ import annotations

import struct
from typing import Any

from hoyle.core.compiled import load_compiled
from hoyle.core.encoding import BitsWriter, Encoder, Vector
from hoyle.games.hearts.observe import public_points
from hoyle.games.hearts.rules import Moon, Pass, Widow
from hoyle.games.hearts.state import (
    AUCTION,
    DRAW,
    MOON,
    NAME,
    OVER,
    PASS,
    PHASE_NAMES,
    PLAY,
    POOL,
    HeartsGame,
    HeartsState,
)

# Installed without a C compiler (or HOYLE_COMPILED=0): the Python encoder writes everything.
_compiled: Any = load_compiled("hoyle.games.hearts._fastenc")

__all__ = ["HeartsEncoder"]

_LOW = (1 << 52) - 1
_JOKER_COUNT = (0, 1, 1, 3)
"""Joker bits 52–53 of a mask → the count entries (1: one joker, 3: both entries, two)."""
_CACHE_LIMIT = 64


class _DealLog:
    """What one deal has shown so far, by absolute seat, and the pieces built from it."""

    __slots__ = (
        "block",
        "done",
        "last",
        "pass_bit",
        "played",
        "played_all",
        "private",
        "seat_bits",
        "tricks",
        "unresolved",
        "voids",
        "won",
    )

    def __init__(self, tricks: list[Any], n: int) -> None:
        self.tricks = tricks  # the state's own list: the entry is valid while it is
        self.done = 0  # tricks folded in so far
        self.unresolved = -1  # first trick (two packs) whose winner was not known yet
        self.played = [0] * n  # card sets, see HeartsEncoder._add
        self.played_all = 0  # plain mask of every card played to a completed trick
        self.won = [0] * n
        self.voids = [0] * n  # 4 bits per seat: suits it has shown it lacks
        # (phase, tricks done, history length outside the play) → public bits, seat blocks
        # (by absolute seat) and scalars; (player, phase, widow taker, history length outside
        # the play) → private bits.
        self.block: dict[tuple[int, int, int], tuple[int, int, bytes, bytes]] = {}
        self.private: dict[tuple[int, int, int, int], int] = {}
        # The trick part of the seat blocks last built: (base key, cards in the trick, bits).
        self.last: tuple[tuple[int, int, int], int, int] = ((-1, -1, -1), 0, 0)
        self.seat_bits = 0  # played, won and voids, in the seat blocks by absolute seat
        self.pass_bit = 0  # this deal's pass direction


class _FastDeal:
    """One deal's fixed part of the vector in its play (or its pass), built once for the
    compiled encoder: the table's bits, the bits in front by viewer (in the play built at a
    viewer's first call, with its passes and receipts), the seat blocks' fixed bits and every
    seat's scalars (by absolute seat), the table's scalars."""

    __slots__ = ("fronts", "glob", "per_seat", "plan", "seats", "table", "taker", "tricks")

    def __init__(
        self,
        tricks: list[Any],
        glob: int,
        seats: bytes,
        per_seat: bytes,
        table: bytes,
        fronts: list[bytes | None],
        plan: bytes | None,
        taker: int,
    ) -> None:
        self.tricks = tricks  # the state's own list: the entry is valid while it is
        self.glob = glob
        self.seats = seats
        self.per_seat = per_seat
        self.table = table
        self.fronts = fronts
        self.plan = plan  # in the pass: the deal's pass plan (offsets by card passed)
        self.taker = taker  # the widow's taker when this was built (-1: not taken yet)


class HeartsEncoder(Encoder):
    """The Hearts encoder: every preset, fields depending on the rules (see ``layout()``)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        assert isinstance(game, HeartsGame)
        self.g = g = game
        rules = g.rules
        n = self.n = g.n
        self.packs = rules.packs
        self.jokers = rules.jokers > 0
        # Width of a card set, and where a second copy of a card goes.
        self.cw = cw = 104 if self.packs > 1 else 52 + (2 if self.jokers else 0)
        self.dup = 52 if self.packs > 1 else 1
        self.has_pass = any(g.plans)
        self.widow = g.widow_size > 0
        self.to_hand = self.widow and rules.widow is Widow.TO_HAND
        self.domino = rules.hand_size > 0
        self.bidding = g.has_bidding
        self.auction = rules.auction
        self.slam = rules.slam_bid > 0
        self.moon_choice = rules.moon is Moon.CHOOSE
        self.generale = rules.generale
        self.revokes = rules.revoke_penalty > 0
        self.chips = rules.chips > 0
        self.deals = rules.deals
        cards = "by card 2C…AS" + (", then the joker count" if self.jokers else "")
        if self.packs > 1:
            cards = "2C…AS held at least once, then 2C…AS held twice"
        most = g.hand_size + (g.widow_size if self.to_hand else 0)
        if self.domino:
            most = len(g.deck) - (n - 1) * g.hand_size  # every card of the stock drawn
        self.therm = [(1 << k) - 1 for k in range(most + 1)]
        self.orders = [[(me + r) % n for r in range(n)] for me in range(n)]

        # ---- bits: the viewer's own, then the table's
        self.f_hand = self._at("hand", cw, f"1 if the card is in the viewer's hand, {cards}")
        if self.has_pass:
            for r in range(n):
                to = "into the mix pool" if r == 0 else f"to the seat {r} to the left"
                self.add(f"passed_to_rel{r}", cw, f"cards the viewer passed {to}")
            for r in range(n):
                self.add(f"received_from_rel{r}", cw, f"cards the viewer got from seat rel{r}")
            self.f_passed = self.field("passed_to_rel0").start
            self.f_recv = self.field("received_from_rel0").start
            self.f_received = self._at("received", cw, "every card the viewer received")
        if self.widow:
            self.f_widow = self._at("widow", cw, "the widow, if the viewer took it")
        if self.to_hand:
            self.f_discards = self._at("discarded", cw, "what the viewer laid away")
        if self.domino:
            self.f_drawn = self._at("drawn", cw, "cards the viewer drew this deal")
        self.f_phase = self._at("phase", len(PHASE_NAMES), "phase: " + " ".join(PHASE_NAMES))
        self.f_broken = self._at("hearts_broken", 1, "1 once hearts are broken")
        if self.has_pass:
            self.pass_dirs = list(Pass)
            self.f_pass_dir = self._at(
                "pass_direction", len(Pass), "this deal's pass: " + " ".join(p.value for p in Pass)
            )
        if self.auction:
            self.f_suit = self._at("penalty_suit", 4, "the suit the auction named: C D H S")
        if self.packs > 1:
            self.f_carry = self._at("carried", cw, "cards of void tricks waiting for a winner")
        # ---- bits: one block per seat, the viewer's first; u_* are offsets inside a block
        unit: list[tuple[str, int, str]] = [
            ("trick", 52 + (1 if self.jokers else 0), "its card in the trick in progress"),
            ("played", cw, "cards it played to completed tricks"),
            ("won", cw, "cards of the completed tricks it took"),
            ("void", 4, "suits C D H S it has shown it lacks"),
            ("to_act", 1, "1 if it is to act"),
            ("leader", 1, "1 if it led the trick in play"),
            ("dealer", 1, "1 if it dealt"),
            ("hand_size", most, "cards it holds, in unary (entry k: more than k)"),
        ]
        if self.has_pass:
            unit.append(("cards_passed", rules.pass_count, "cards it has passed, in unary"))
        if self.widow:
            unit.append(("widow_taker", 1, "1 if it took the widow"))
        if self.bidding:
            unit.append(("bidder", 1, "1 if it holds the high bid"))
            unit.append(("has_bid", 1, "1 once it has bid or passed"))
        if self.slam:
            unit.append(("partner", 1, "1 if it is known to be the silent partner"))
        if self.moon_choice:
            unit.append(("shooter", 1, "1 if it shot the moon and is choosing"))
        if self.generale:
            unit.append(("generale", 1, "1 if it announced a Générale"))
        if self.domino:
            unit.append(("out", 1, "1 if it has run out of cards this deal"))
            unit.append(("drawing", 1, "1 if it is drawing now"))
        self.f_block = self.size
        for r in range(n):
            where = "the viewer" if r == 0 else f"the seat {r} to the viewer's left"
            for name, size, doc in unit:
                self.add(f"{name}_rel{r}", size, f"{doc} ({where})")
        self.u = self.size - self.f_block if n else 0
        self.u = self.u // n
        offsets = {}
        at = 0
        for name, size, _ in unit:
            offsets[name] = at
            at += size
        self.u_trick, self.u_played, self.u_won = (
            offsets["trick"],
            offsets["played"],
            offsets["won"],
        )
        self.u_void, self.u_turn, self.u_leader = (
            offsets["void"],
            offsets["to_act"],
            offsets["leader"],
        )
        self.u_dealer, self.u_sizes = offsets["dealer"], offsets["hand_size"]
        self.u_taker = offsets.get("widow_taker", 0)
        self.u_bidder, self.u_has_bid = offsets.get("bidder", 0), offsets.get("has_bid", 0)
        self.u_partner, self.u_shooter = offsets.get("partner", 0), offsets.get("shooter", 0)
        self.u_generale = offsets.get("generale", 0)
        self.u_out, self.u_drawing = offsets.get("out", 0), offsets.get("drawing", 0)
        self.u_passed = offsets.get("cards_passed", 0)
        self.block_bits = self.u * n
        self.block_mask = (1 << self.block_bits) - 1
        self.low_masks = [(1 << (me * self.u)) - 1 for me in range(n)]
        self.nbits = self.size
        # ---- scalars: per seat (the viewer's first), then the table's
        self.score_scale = float(rules.chips * n if self.chips else max(rules.target, 26))
        self.points_scale = float(max(g.penalty_total, 1))
        self.hand_scale = float(max(g.hand_size, 1))
        per_seat = [
            ("score", f"match score / {self.score_scale:g}"),
            ("points", f"points taken this deal / {self.points_scale:g}"),
            ("tricks", f"tricks taken this deal / {self.hand_scale:g}"),
        ]
        if self.bidding:
            per_seat.append(("bid", f"its bid / {g.top_bid}"))
        if self.domino:
            stock = max(len(g.deck) - n * g.hand_size, 1)
            self.stock_scale = float(stock)
            per_seat.append(("draws", f"cards it drew this deal / {stock}"))
        if self.revokes:
            per_seat.append(("revokes", "revokes it made this deal / 4"))
        self.k = len(per_seat)
        for r in range(n):
            for name, doc in per_seat:
                self.add(f"{name}_rel{r}", 1, doc + (" (the viewer)" if r == 0 else f" (rel{r})"))
        if self.chips:
            self._at("table", 1, f"chips on the table / {self.score_scale:g}")
        if self.to_hand:
            self._at("discards", 1, f"cards laid away / {g.widow_size}")
        self._at(
            "deal",
            1,
            f"deals played before this one / {rules.deals}" if rules.deals else "deals played / 10",
        )
        if self.domino:
            self._at("stock", 1, f"cards in the stock / {stock}")
        self._logs: dict[int, _DealLog] = {}
        self.k4 = 4 * self.k  # bytes of one seat's scalars
        # sizes[seat][count]: the hand-size entries of a seat holding ``count`` cards, in place.
        self.sizes = [
            [t << (seat * self.u + self.u_sizes) for t in self.therm] for seat in range(n)
        ]
        self.writer = BitsWriter(self.nbits, self.size)
        # Bits prepared once: a card in the trick (jokers at 52), a void, the turn, by seat.
        u = self.u
        self.card_bits = [
            [1 << (seat * u + self.u_trick + min(c, 52)) for c in range(54)] for seat in range(n)
        ]
        self.void_bits = [
            [1 << (seat * u + self.u_void + suit) for suit in range(4)] for seat in range(n)
        ]
        self.turn_bits = [1 << (seat * u + self.u_turn) for seat in range(n)]
        self.passed_bits = [
            [((1 << k) - 1) << (seat * u + self.u_passed) for k in range(rules.pass_count + 1)]
            for seat in range(n)
        ]
        self.broken_bit = 1 << self.f_broken
        # Whether everyone's part stays put through a trick in the play (a stock is drawn
        # from, and revokes are counted, within a trick).
        self.per_trick = not (self.domino or self.revokes)
        # One pack, no jokers, no revokes: a card added to the trick needs no special case.
        self.plain = self.packs == 1 and not self.jokers and not self.revokes
        # The compiled encoder (_fastenc.c) writes the pass and the play of every game but
        # those that count revokes: there, the deal once dealt and passed, only the cards
        # (played, drawn, carried, a slam partner's) move a seat's fields, and a widow's
        # taker once. ``fast`` False (where it was not built, or to compare) leaves everything
        # to the code below.
        self.fast = _compiled is not None and not self.revokes
        self._fast_play: dict[int, _FastDeal] = {}
        self._fast_pass: dict[int, _FastDeal] = {}
        self.front_bytes = (self.f_block + 7) // 8
        self.seat_bytes = (self.block_bits + 7) // 8
        self.compiled: object = None  # the layout, as the compiled encoder takes it
        if self.fast:
            self.compiled = _compiled.layout(
                (
                    n,
                    u,
                    self.f_block,
                    self.nbits,
                    self.size,
                    self.f_hand,
                    self.f_broken,
                    self.u_trick,
                    self.u_played,
                    self.u_won,
                    self.u_void,
                    self.u_turn,
                    self.u_leader,
                    self.u_sizes,
                    most,
                    self.k,
                    self.f_passed if self.has_pass else 0,
                    cw,
                    self.u_passed,
                    rules.pass_count if self.has_pass else 0,
                    int(self.jokers),
                    g.partner_card if self.slam else -1,
                    self.u_partner,
                    int(self.packs > 1),
                    self.f_carry if self.packs > 1 else 0,
                    int(self.domino),
                    self.u_out,
                    self.f_drawn if self.domino else 0,
                ),
                self.points_scale,
                self.hand_scale,
                self.stock_scale if self.domino else 1.0,
            )

    def _at(self, name: str, size: int, doc: str) -> int:
        """Declare a field and return where it starts."""
        return self.add(name, size, doc).start

    # ------------------------------------------------------------------ card sets

    def _add(self, s: int, c: int) -> int:
        """Card set ``s`` with one more copy of card ``c`` (a joker counts as card 52)."""
        if c >= 52:
            c = 52
        bit = 1 << c
        return s | (bit << self.dup if s & bit else bit)

    def _set(self, mask: int, twice: int = 0) -> int:
        """The card set of a mask (with the mask of cards present twice, two packs)."""
        if self.packs > 1:
            return mask | twice << 52
        if self.jokers and mask >> 52:
            return (mask & _LOW) | _JOKER_COUNT[mask >> 52 & 3] << 52
        return mask

    def _list_set(self, cards: list[int]) -> int:
        s = 0
        for c in cards:
            s = self._add(s, c)
        return s

    def _pass_bit(self, state: Any) -> int:
        """The bit of the deal's pass direction (0 without passing)."""
        if not self.has_pass:
            return 0
        return 1 << (self.f_pass_dir + self.pass_dirs.index(state.pass_direction()))

    # ------------------------------------------------------------------ deal log

    def _log(self, state: HeartsState) -> _DealLog:
        tricks = state._tricks
        log = self._logs.get(id(tricks))
        if log is None or log.tricks is not tricks:
            if len(self._logs) >= _CACHE_LIMIT:
                self._logs.clear()
            log = self._logs[id(tricks)] = _DealLog(tricks, self.n)
            log.pass_bit = self._pass_bit(state)
        count = len(tricks)
        start = log.done
        if log.unresolved >= 0 and count > start:
            # Two packs: a void trick's winner is written in when a later trick is won.
            start = log.unresolved
            log.unresolved = -1
            log.won = [0] * self.n
            self._refold_won(log, tricks[:start])
        if count == log.done and start == log.done:
            return log
        n = self.n
        seats_of = state._trick_seats if self.domino else None  # type: ignore[attr-defined]
        revoked = {(t, s) for t, s in state._revokes} if self.revokes else None
        add = self._add
        for i in range(start, count):
            leader, cards, winner = tricks[i]
            new = i >= log.done
            lead = -1
            for k, c in enumerate(cards):
                seat = seats_of[i][k] if seats_of is not None else (leader + k) % n
                if new:
                    log.played[seat] = add(log.played[seat], c)
                    log.played_all |= 1 << c
                    if c < 52:
                        if lead < 0:
                            lead = c // 13
                        elif c // 13 != lead and not (revoked and (i, seat) in revoked):
                            log.voids[seat] |= 1 << lead
                if winner >= 0:
                    log.won[winner] = add(log.won[winner], c)
            if winner < 0 and log.unresolved < 0:
                log.unresolved = i
        log.done = count
        u = self.u
        bits = 0
        for at, p, w, v in zip(range(0, n * u, u), log.played, log.won, log.voids, strict=True):
            bits |= p << (at + self.u_played) | w << (at + self.u_won) | v << (at + self.u_void)
        log.seat_bits = bits
        return log

    def _refold_won(self, log: _DealLog, tricks: list[Any]) -> None:
        for i, (_, cards, winner) in enumerate(tricks):
            if winner < 0:
                if log.unresolved < 0:
                    log.unresolved = i
                continue
            for c in cards:
                log.won[winner] = self._add(log.won[winner], c)

    # ------------------------------------------------------------------ encoding

    def encode(self, state: Any, player: int | None, out: Vector) -> None:
        """Write ``player``'s view of ``state`` into ``out`` (see the module docs)."""
        phase = state._phase
        if self.fast and player is not None and phase in (PLAY, PASS):
            deals = self._fast_play if phase == PLAY else self._fast_pass
            deal = deals.get(id(state._tricks))
            if (
                deal is None
                or deal.tricks is not state._tricks
                or deal.taker != state._widow_taker  # a widow taken: its taker shows
            ):
                deal = self._fast_deal(state, phase, deals)
            front = deal.fronts[player]
            if front is None:  # the play: the viewer's passes and receipts are fixed now
                front = deal.fronts[player] = (
                    deal.glob | self._private(state, player, PLAY)
                ).to_bytes(self.front_bytes, "little")
            if _compiled.encode(
                self.compiled,
                state,
                player,
                out,
                front,
                deal.seats,
                deal.per_seat,
                deal.table,
                deal.plan,
            ):
                return
        tricks = state._tricks
        log = self._logs.get(id(tricks))
        if log is None or log.tricks is not tricks or log.done != len(tricks):
            log = self._log(state)  # a new deal, or a trick to fold in
        # Everyone's part that stays put through a trick is built once per trick, by absolute
        # seat, and kept in the deal's log (outside the play and the pass, once per move).
        if phase == PLAY:
            # Within a trick only a stock's draws and revokes change everyone's part.
            moved = len(state._draws) if self.domino else 0
            if self.revokes:
                moved = moved * 1000 + len(state._revokes)
            key = (phase, log.done, moved)
        elif phase == PASS:
            key = (phase, log.done, 0)
        else:
            key = (phase, log.done, len(state._history))
        block = log.block.get(key)
        if block is None:
            block = log.block[key] = self._public(state, phase, log)
        big, seats, per_seat, table = block
        # The trick in progress, the turn and the hand sizes: in the play, from the last ones
        # built, one card on, when it is that trick.
        trick = state._trick
        if phase == PLAY and self.per_trick:
            count = len(trick)
            last_key, last_count, bits = log.last
            if last_key != key or count < last_count or count > last_count + 1:
                bits = self._trick_bits(state, trick, 0, self._size_bits(state), False)
                log.last = (key, count, bits)
            elif count > last_count:
                if self.plain:  # one card more: its slot, the void it may show, a hand smaller
                    seat = self.orders[state._leader][last_count]
                    c = trick[last_count]
                    bits |= self.card_bits[seat][c]
                    lead = trick[0] // 13
                    if c // 13 != lead:
                        bits |= self.void_bits[seat][lead]
                    held = state._hands[seat].bit_count()
                    sizes = self.sizes[seat]
                    bits ^= sizes[held + 1] ^ sizes[held]
                else:
                    bits = self._trick_bits(state, trick, last_count, bits, True)
                log.last = (key, count, bits)
            seats |= bits
            seats |= self.turn_bits[state._cur]  # the play: someone is always to act
        else:
            seats |= self._trick_bits(state, trick, 0, self._size_bits(state), False)
            cur = state.current_player()
            if cur >= 0:
                seats |= self.turn_bits[cur]
        if phase == PASS:
            for bits_of, cards in zip(self.passed_bits, state._passed, strict=True):
                seats |= bits_of[len(cards)]
        if self.domino or self.slam:
            seats |= self._live_seats(state, player, phase, log)
        if state._broken:
            big |= self.broken_bit
        if player is None:
            big |= seats << self.f_block
            tail = per_seat + table
        else:
            if player:  # rotate the seat blocks so that the viewer's comes first
                n, u = self.n, self.u
                seats = seats >> (player * u) | (seats & self.low_masks[player]) << (
                    (n - player) * u
                )
            big |= seats << self.f_block
            # (While passing, the viewer's own pass is what changes its private part.)
            own = len(state._passed[player]) if phase == PASS else key[2]
            pkey = (player, phase, state._widow_taker, own)
            private = log.private.get(pkey)
            if private is None:
                private = log.private[pkey] = self._private(state, player, phase)
            hand = state._hands[player]
            if self.packs > 1:
                hand |= state._twice[player] << 52
            elif hand >> 52:
                hand = (hand & _LOW) | _JOKER_COUNT[hand >> 52 & 3] << 52
            big |= private | hand << self.f_hand
            if self.domino:
                big |= self._drawn(state, player)
            k = player * self.k4
            tail = per_seat[k:] + per_seat[:k] + table
        self.writer.write(out, big, tail)

    def _fast_deal(self, state: Any, phase: int, deals: dict[int, _FastDeal]) -> _FastDeal:
        """What the compiled encoder is handed for this deal's play or pass (``_FastDeal``)."""
        if len(deals) >= _CACHE_LIMIT:
            deals.clear()
        glob, seats, per_seat, table = self._standing(state, phase, self._pass_bit(state))
        if self.packs > 1:  # the cards carried move from trick to trick: compiled code writes them
            glob &= ~(((1 << self.cw) - 1) << self.f_carry)
        if self.widow:  # slot 1: what to add to the engine's points (a widow's are secret)
            for s, (public, engine) in enumerate(
                zip(self._points(state), state._points, strict=True)
            ):
                per_seat[s * self.k + 1] = float(public - engine)
        fronts: list[bytes | None] = [None] * self.n
        plan = None
        if phase == PASS:  # the viewer's own part moves card by card: the compiled code writes it
            fronts = [glob.to_bytes(self.front_bytes, "little")] * self.n
            plan = bytes(state.pass_plan())
        deal = deals[id(state._tricks)] = _FastDeal(
            state._tricks,
            glob,
            seats.to_bytes(self.seat_bytes, "little"),
            struct.pack(f"<{len(per_seat)}f", *per_seat),
            struct.pack(f"<{len(table)}f", *table),
            fronts,
            plan,
            state._widow_taker,
        )
        return deal

    def _size_bits(self, state: Any) -> int:
        """The hand-size entries of every seat (by absolute seat)."""
        seats = 0
        if self.packs > 1:
            for sizes, h, t in zip(self.sizes, state._hands, state._twice, strict=True):
                seats |= sizes[h.bit_count() + t.bit_count()]
        else:
            for sizes, h in zip(self.sizes, state._hands, strict=True):
                seats |= sizes[h.bit_count()]
        return seats

    def _trick_bits(
        self, state: Any, trick: list[int], start: int, seats: int, resize: bool
    ) -> int:
        """``seats`` with the cards ``trick[start:]`` of the trick in progress (by absolute
        seat) and the voids they show; with ``resize``, each of their players' hand size one
        card down (``seats`` holding the sizes from before those cards)."""
        order = state._seats if self.domino else self.orders[state._leader]
        card_bits, void_bits = self.card_bits, self.void_bits
        if resize:
            hands = state._hands
            for i in range(start, len(trick)):
                seat = order[i]
                held = hands[seat].bit_count()
                if self.packs > 1:
                    held += state._twice[seat].bit_count()
                sizes = self.sizes[seat]
                seats ^= sizes[held + 1] ^ sizes[held]
        lead = -1
        for c in trick:  # the suit led: the first card that is not a joker
            if c < 52:
                lead = c // 13
                break
        revokes = state._revokes if self.revokes else ()
        now = len(state._tricks)
        for i in range(start, len(trick)):
            seat, c = order[i], trick[i]
            seats |= card_bits[seat][c]
            if c < 52 and c // 13 != lead and (now, seat) not in revokes:
                seats |= void_bits[seat][lead]
        return seats

    def _live_seats(self, state: Any, player: int | None, phase: int, log: _DealLog) -> int:
        """Seat bits (absolute) of the stock and slam rules that change within a trick."""
        u = self.u
        seats = 0
        if self.domino:
            if phase in (PLAY, DRAW):
                for seat, hand in enumerate(state._hands):
                    if not hand:
                        seats |= 1 << (seat * u + self.u_out)
            if phase == DRAW:
                seats |= 1 << (state._cur * u + self.u_drawing)
        if self.slam and state._partner >= 0:
            # The partner knows from the bid on; everyone once the bonus card is played.
            card = self.g.partner_card
            shown = log.played_all >> card & 1 or card in state._trick or phase == OVER
            if shown or player == state._partner:
                seats |= 1 << (state._partner * u + self.u_partner)
        return seats

    def _drawn(self, state: Any, player: int) -> int:
        drawn = 0
        for _, seat, c in state._draws:
            if seat == player:
                drawn = self._add(drawn, c)
        return drawn << self.f_drawn

    def _public(self, state: Any, phase: int, log: _DealLog) -> tuple[int, int, bytes, bytes]:
        """Everyone's part of the vector at this position: the table's bits, the seat blocks
        (by absolute seat), the per-seat scalars (seat-major, by absolute seat) and the
        table's scalars, both packed."""
        glob, seats, per_seat, table = self._standing(state, phase, log.pass_bit)
        seats |= log.seat_bits
        if phase in (PLAY, DRAW):
            seats |= 1 << (state._leader * self.u + self.u_leader)
        points = self._points(state)
        ntricks = state._ntricks
        ps, hs, k = self.points_scale, self.hand_scale, self.k
        for s in range(self.n):
            per_seat[s * k + 1] = points[s] / ps
            per_seat[s * k + 2] = ntricks[s] / hs
        return (
            glob,
            seats,
            struct.pack(f"<{len(per_seat)}f", *per_seat),
            struct.pack(f"<{len(table)}f", *table),
        )

    def _standing(
        self, state: Any, phase: int, pass_bit: int
    ) -> tuple[int, int, list[float], list[float]]:
        """Everyone's part of the vector at this position but what the cards of the tricks
        tell (cards played and won, voids, the leader, points and tricks taken, the per-seat
        scalars 1 and 2 left at 0): the table's bits (``pass_bit``: the deal's pass direction's),
        the seat blocks' bits and the per-seat scalars by absolute seat, and the table's
        scalars. In the pass and the play the compiled encoder is handed this once per deal
        (again once a widow is taken) and writes itself what of it moves within a deal: the
        cards carried with two packs, a stock game's draws and stock."""
        n, u = self.n, self.u
        glob = 1 << (self.f_phase + phase) | pass_bit
        if self.packs > 1 and state._carry:
            glob |= self._list_set(state._carry) << self.f_carry
        if self.auction and phase not in (AUCTION, NAME):
            low = state._penalty & -state._penalty
            if low:
                glob |= 1 << (self.f_suit + (low.bit_length() - 1) // 13)
        seats = 1 << (state._dealer * u + self.u_dealer)
        if self.has_pass and phase != PASS:  # while passing, added at every call
            for seat, cards in enumerate(state._passed):
                seats |= self.passed_bits[seat][len(cards)]
        if self.widow and state._widow_taker >= 0:
            seats |= 1 << (state._widow_taker * u + self.u_taker)
        if self.bidding:
            if state._bidder >= 0:
                seats |= 1 << (state._bidder * u + self.u_bidder)
            for seat, bid in enumerate(state._bids):
                if bid is not None:
                    seats |= 1 << (seat * u + self.u_has_bid)
        if self.moon_choice and phase == MOON:
            seats |= 1 << (state._shooter * u + self.u_shooter)
        if self.generale and state._declarer >= 0:
            seats |= 1 << (state._declarer * u + self.u_generale)
        # Scalars.
        ss = self.score_scale
        scores = state._scores
        per_seat: list[float] = []
        top = self.g.top_bid
        stock = self.stock_scale if self.domino else 1.0
        for s in range(n):
            per_seat += [scores[s] / ss, 0.0, 0.0]
            if self.bidding:
                per_seat.append((state._bids[s] or 0) / top)
            if self.domino:
                per_seat.append(sum(1 for _, seat, _c in state._draws if seat == s) / stock)
            if self.revokes:
                per_seat.append(sum(1 for _, seat in state._revokes if seat == s) / 4)
        table: list[float] = []
        if self.chips:
            chips = state._table + (state._bid if state._bidder >= 0 and self.auction else 0)
            table.append(chips / ss)
        if self.to_hand:
            table.append(len(state._discards) / self.g.widow_size)
        deal = state._deal_no - (state._phase == OVER)
        table.append(deal / self.deals if self.deals else deal / 10)
        if self.domino:
            table.append(state._stock.bit_count() / stock)
        return glob, seats, per_seat, table

    def _private(self, state: Any, player: int, phase: int) -> int:
        """The bits only ``player`` sees, hand apart: the pass and the widow."""
        two = self.packs > 1
        big = 0
        if self.has_pass:
            n, cw = self.n, self.cw
            passed = state._passed
            plan = state.pass_plan()
            mine = passed[player]
            if mine:
                sets = [0] * n
                for c, offset in zip(mine, plan, strict=False):
                    sets[offset] = self._add(sets[offset], c)
                for r in range(n):
                    big |= sets[r] << (self.f_passed + r * cw)
            if phase in (PLAY, MOON, OVER):  # as observe: once the cards are exchanged
                big |= self._set(state._received[player]) << self.f_received
                for seat in range(n):
                    if seat == player:
                        continue
                    got = 0
                    for c, offset in zip(passed[seat], plan, strict=False):
                        if offset != POOL and (seat + offset) % n == player:
                            got = self._add(got, c)
                    big |= got << (self.f_recv + (seat - player) % n * cw)
        if self.widow and state._widow_taker == player:
            big |= self._set(state._widow, state._widow2 if two else 0) << self.f_widow
            if self.to_hand:
                big |= self._list_set(state._discards) << self.f_discards
        return big

    def _points(self, state: Any) -> list[int]:
        if self.packs > 1:
            from hoyle.games.hearts.cancellation import cards_of

            points = list(state._points)
            taker = state._widow_taker
            if taker >= 0:
                values = self.g.values
                points[taker] -= sum(values[c] for c in cards_of(state._widow, state._widow2))
            return points
        if self.widow:
            return public_points(state)
        return state._points  # type: ignore[no-any-return]
