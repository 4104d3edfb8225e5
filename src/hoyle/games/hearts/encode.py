"""Observation tensors for Hearts: one seat's view as a fixed-length float32 vector.

Seats are relative to the viewer: ``rel0`` is the viewer, ``rel1`` the next seat on the left,
and so on (a spectator views from seat 0 and has no private fields). The vector is two parts:

* **bits** (0/1 entries), built as one Python int and unpacked by numpy in a single call: card
  sets, one-hots and flags;
* **scalars** after them: scores, points, counts, each divided by a fixed scale.

A *card set* has one entry per card (2♣…A♠, suit-major, as the engine's card ids). With jokers
it has one or two more entries that count the jokers (the first is set for one joker, both
for two: the two jokers are alike, so which one is held is not information). With two packs it
is two planes: the cards present at least once, then the cards present twice.

Everything here is what :func:`hoyle.games.hearts.observe.observe` tells the seat; the tests
(tests/core/test_encoding_contract.py) check that a state and any ``resample_from_infostate``
of it encode alike. Per-deal pieces that only grow (the cards each seat has played, who won
which, the voids shown) are kept in a small cache keyed by the state's trick list, so a
learning loop stepping one state pays for each trick once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hoyle.core.encoding import Encoder, Vector
from hoyle.games.hearts.observe import public_points
from hoyle.games.hearts.rules import Moon, Pass, Widow
from hoyle.games.hearts.state import (
    AUCTION,
    DRAW,
    MOON,
    NAME,
    OVER,
    PHASE_NAMES,
    PLAY,
    POOL,
    HeartsGame,
    HeartsState,
)

__all__ = ["HeartsEncoder"]

_LOW = (1 << 52) - 1
_JOKER_COUNT = (0, 1, 1, 3)
"""Joker bits 52–53 of a mask → the count entries (1: one joker, 3: both entries, two)."""
_CACHE_LIMIT = 64
_unpack = np.unpackbits
_frombuffer = np.frombuffer
_u8 = np.uint8


class _DealLog:
    """What the completed tricks of one deal tell everyone, by absolute seat."""

    __slots__ = ("done", "played", "played_all", "tricks", "unresolved", "voids", "won")

    def __init__(self, tricks: list[Any], n: int) -> None:
        self.tricks = tricks  # the state's own list: the cache entry is valid while it is
        self.done = 0  # tricks folded in so far
        self.unresolved = -1  # first trick (two packs) whose winner was not known yet
        self.played = [0] * n  # card sets, see HeartsEncoder._add
        self.played_all = 0  # plain mask of every card played to a completed trick
        self.won = [0] * n
        self.voids = [0] * n  # 4 bits per seat: suits it has shown it lacks


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
        self.cw = 104 if self.packs > 1 else 52 + (2 if self.jokers else 0)
        self.dup = 52 if self.packs > 1 else 1
        tw = 52 + (1 if self.jokers else 0)
        self.has_pass = any(g.plans)
        self.widow = g.widow_size > 0
        self.to_hand = self.widow and rules.widow is Widow.TO_HAND
        self.domino = rules.deal_size > 0
        self.bidding = g.has_bidding
        self.auction = rules.auction
        self.slam = rules.slam_bid > 0
        self.moon_choice = rules.moon is Moon.CHOOSE
        self.generale = rules.generale
        self.revokes = rules.revoke_penalty > 0
        self.chips = rules.chips > 0
        cards = "by card 2C…AS" + (", then the joker count" if self.jokers else "")
        if self.packs > 1:
            cards = "2C…AS held at least once, then 2C…AS held twice"
        rel = [f"rel{r}" for r in range(n)]

        def seats(name: str, size: int, doc: str) -> int:
            start = self.size
            for r, tag in enumerate(rel):
                where = "the viewer" if r == 0 else f"{r} to the viewer's left"
                self.add(f"{name}_{tag}", size, f"{doc} ({where})")
            return start

        # ---- bits
        self.f_hand = self._at("hand", self.cw, f"1 if the card is in the viewer's hand, {cards}")
        self.f_trick = seats("trick", tw, "the card that seat played to the trick in progress")
        self.tw = tw
        self.f_played = seats("played", self.cw, "cards that seat played to completed tricks")
        self.f_won = seats("won", self.cw, "cards of the completed tricks that seat took")
        self.f_void = seats("void", 4, "suits C D H S that seat has shown it lacks")
        if self.has_pass:
            self.f_passed = seats(
                "passed_to",
                self.cw,
                "cards the viewer passed to that seat (rel0: into the mix pool)",
            )
            self.f_recv = seats("received_from", self.cw, "cards the viewer received from it")
            self.f_received = self._at("received", self.cw, "every card the viewer received")
            self.pass_dirs = list(Pass)
            self.f_pass_dir = self._at(
                "pass_direction", len(Pass), "this deal's pass: " + " ".join(p.value for p in Pass)
            )
        if self.widow:
            self.f_widow = self._at("widow", self.cw, "the widow, if the viewer took it")
            self.f_taker = seats("widow_taker", 1, "1 if that seat took the widow")
        if self.to_hand:
            self.f_discards = self._at("discarded", self.cw, "what the viewer laid away")
        if self.packs > 1:
            self.f_carry = self._at("carried", self.cw, "cards of void tricks waiting for a winner")
        if self.domino:
            self.f_drawn = self._at("drawn", self.cw, "cards the viewer drew this deal")
            self.f_out = seats("out", 1, "1 if that seat has run out of cards this deal")
            self.f_drawing = seats("drawing", 1, "1 if that seat is drawing now")
        self.f_phase = self._at("phase", len(PHASE_NAMES), "phase: " + " ".join(PHASE_NAMES))
        self.f_turn = seats("to_act", 1, "1 if that seat is to act")
        self.f_leader = seats("leader", 1, "1 if that seat led the trick in play")
        self.f_dealer = seats("dealer", 1, "1 if that seat dealt")
        self.f_broken = self._at("hearts_broken", 1, "1 once hearts are broken")
        if self.auction:
            self.f_suit = self._at("penalty_suit", 4, "the suit the auction named: C D H S")
        if self.bidding:
            self.f_bidder = seats("bidder", 1, "1 if that seat holds the high bid")
            self.f_has_bid = seats("has_bid", 1, "1 once that seat has bid or passed")
        if self.slam:
            self.f_partner = seats("partner", 1, "1 if that seat is known as the silent partner")
        if self.moon_choice:
            self.f_shooter = seats("shooter", 1, "1 if that seat shot the moon and is choosing")
        if self.generale:
            self.f_generale = seats("generale", 1, "1 if that seat announced a Générale")
        self.nbits = self.size
        self.nbytes = (self.nbits + 7) // 8
        # ---- scalars
        self.score_scale = float(rules.chips * n if self.chips else max(rules.target, 26))
        self.points_scale = float(max(g.penalty_total, 1))
        self.hand_scale = float(max(g.hand_size, 1))
        self.f_score = seats("score", 1, f"match score / {self.score_scale:g}")
        self.f_points = seats("points", 1, f"points taken this deal / {self.points_scale:g}")
        self.f_tricks = seats("tricks", 1, f"tricks taken this deal / {self.hand_scale:g}")
        self.f_sizes = seats("hand_size", 1, f"cards in hand / {self.hand_scale:g}")
        if self.has_pass:
            self.f_npassed = seats("cards_passed", 1, f"cards passed / {rules.pass_count}")
        if self.bidding:
            self.f_bids = seats("bid", 1, f"that seat's bid / {g.top_bid}")
        if self.chips:
            self.f_table = self._at("table", 1, f"chips on the table / {self.score_scale:g}")
        if self.to_hand:
            self.f_ndiscards = self._at("discards", 1, f"cards laid away / {g.widow_size}")
        if self.domino:
            stock = max(len(g.deck) - n * g.hand_size, 1)
            self.stock_scale = float(stock)
            self.f_stock = self._at("stock", 1, f"cards in the stock / {stock}")
            self.f_draws = seats("draws", 1, f"cards that seat drew this deal / {stock}")
        if self.revokes:
            self.f_revokes = seats("revokes", 1, "revokes that seat made this deal / 4")
        self.deals = rules.deals
        self.f_deal = self._at(
            "deal",
            1,
            f"deals played before this one / {rules.deals}" if rules.deals else "deals played / 10",
        )
        self._logs: dict[int, _DealLog] = {}

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

    # ------------------------------------------------------------------ deal log

    def _log(self, state: HeartsState) -> _DealLog:
        tricks = state._tricks
        log = self._logs.get(id(tricks))
        if log is None or log.tricks is not tricks:
            if len(self._logs) >= _CACHE_LIMIT:
                self._logs.clear()
            log = self._logs[id(tricks)] = _DealLog(tricks, self.n)
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
        n = self.n
        me = 0 if player is None else player
        cw = self.cw
        log = self._log(state)
        phase = state._phase
        big = 0
        # Per-seat card sets, rotated so that the viewer comes first.
        played, won, voids = log.played, log.won, log.voids
        off_p, off_w, off_v = self.f_played, self.f_won, self.f_void
        for r in range(n):
            s = me + r
            if s >= n:
                s -= n
            big |= played[s] << (off_p + r * cw) | won[s] << (off_w + r * cw)
            big |= voids[s] << (off_v + 4 * r)
        # The trick in progress.
        trick = state._trick
        if trick:
            tw = self.tw
            if self.domino:
                seats = state._seats
            else:
                leader = state._leader
                seats = [(leader + k) % n for k in range(len(trick))]
            lead = -1
            base = self.f_trick
            revoked = len(state._tricks) if self.revokes else -1
            for seat, c in zip(seats, trick, strict=False):
                r = seat - me if seat >= me else seat - me + n
                big |= 1 << (base + r * tw + (c if c < 52 else 52))
                if c < 52:
                    if lead < 0:
                        lead = c // 13
                    elif c // 13 != lead and (revoked, seat) not in state._revokes:
                        big |= 1 << (off_v + 4 * r + lead)
        if player is not None:
            big |= self._private(state, player, phase)
        big |= self._public_bits(state, player, me, phase, log)
        bits = _unpack(
            _frombuffer(big.to_bytes(self.nbytes, "little"), _u8),
            count=self.nbits,
            bitorder="little",
        )
        out[: self.nbits] = bits
        out[self.nbits :] = self._scalars(state, me)

    def _rel(self, seat: int, me: int) -> int:
        return (seat - me) % self.n

    def _private(self, state: Any, player: int, phase: int) -> int:
        """The bits only ``player`` sees: hand, pass, widow, draws."""
        two = self.packs > 1
        big = self._set(state._hands[player], state._twice[player] if two else 0) << self.f_hand
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
            if phase in (PLAY, MOON, OVER):  # as observe: once exchanged
                big |= self._set(state._received[player]) << self.f_received
                for seat in range(n):
                    if seat == player:
                        continue
                    got = 0
                    for c, offset in zip(passed[seat], plan, strict=False):
                        if offset != POOL and (seat + offset) % n == player:
                            got = self._add(got, c)
                    big |= got << (self.f_recv + self._rel(seat, player) * cw)
        if self.widow and state._widow_taker == player:
            big |= self._set(state._widow, state._widow2 if two else 0) << self.f_widow
            if self.to_hand:
                big |= self._list_set(state._discards) << self.f_discards
        if self.domino:
            drawn = 0
            for _, seat, c in state._draws:
                if seat == player:
                    drawn = self._add(drawn, c)
            big |= drawn << self.f_drawn
        return big

    def _public_bits(
        self, state: Any, player: int | None, me: int, phase: int, log: _DealLog
    ) -> int:
        n = self.n
        big = 1 << (self.f_phase + phase)
        cur = state.current_player()
        if cur >= 0:
            big |= 1 << (self.f_turn + self._rel(cur, me))
        playing = phase in (PLAY, DRAW)
        if playing:
            big |= 1 << (self.f_leader + self._rel(state._leader, me))
        big |= 1 << (self.f_dealer + self._rel(state._dealer, me))
        if state._broken:
            big |= 1 << self.f_broken
        if self.has_pass:
            big |= 1 << (self.f_pass_dir + self.pass_dirs.index(state.pass_direction()))
        if self.widow and state._widow_taker >= 0:
            big |= 1 << (self.f_taker + self._rel(state._widow_taker, me))
        if self.packs > 1 and state._carry:
            big |= self._list_set(state._carry) << self.f_carry
        if self.domino:
            for seat in range(n):
                if playing and not state._hands[seat]:
                    big |= 1 << (self.f_out + self._rel(seat, me))
            if phase == DRAW:
                big |= 1 << (self.f_drawing + self._rel(state._cur, me))
        if self.auction and phase not in (AUCTION, NAME):
            low = state._penalty & -state._penalty
            if low:
                big |= 1 << (self.f_suit + (low.bit_length() - 1) // 13)
        if self.bidding:
            if state._bidder >= 0:
                big |= 1 << (self.f_bidder + self._rel(state._bidder, me))
            for seat, bid in enumerate(state._bids):
                if bid is not None:
                    big |= 1 << (self.f_has_bid + self._rel(seat, me))
        if self.slam and state._partner >= 0:
            # The partner knows from the bid on; everyone once the bonus card is played.
            bit = 1 << self.g.partner_card
            shown = log.played_all & bit or any(c == self.g.partner_card for c in state._trick)
            if shown or phase == OVER or player == state._partner:
                big |= 1 << (self.f_partner + self._rel(state._partner, me))
        if self.moon_choice and phase == MOON:
            big |= 1 << (self.f_shooter + self._rel(state._shooter, me))
        if self.generale and state._declarer >= 0:
            big |= 1 << (self.f_generale + self._rel(state._declarer, me))
        return big

    def _scalars(self, state: Any, me: int) -> list[float]:
        n = self.n
        order = [(me + r) % n for r in range(n)]
        ss, ps, hs = self.score_scale, self.points_scale, self.hand_scale
        scores = state._scores
        points = self._points(state)
        ntricks = state._ntricks
        hands = state._hands
        if self.packs > 1:
            sizes = [
                h.bit_count() + t.bit_count() for h, t in zip(hands, state._twice, strict=True)
            ]
        else:
            sizes = [h.bit_count() for h in hands]
        vals = [scores[s] / ss for s in order]
        vals += [points[s] / ps for s in order]
        vals += [ntricks[s] / hs for s in order]
        vals += [sizes[s] / hs for s in order]
        if self.has_pass:
            count = self.game.rules.pass_count
            vals += [len(state._passed[s]) / count for s in order]
        if self.bidding:
            top = self.g.top_bid
            vals += [(state._bids[s] or 0) / top for s in order]
        if self.chips:
            table = state._table + (state._bid if state._bidder >= 0 and self.auction else 0)
            vals.append(table / ss)
        if self.to_hand:
            vals.append(len(state._discards) / self.g.widow_size)
        if self.domino:
            vals.append(state._stock.bit_count() / self.stock_scale)
            drawn = [0] * n
            for _, seat, _c in state._draws:
                drawn[seat] += 1
            vals += [drawn[s] / self.stock_scale for s in order]
        if self.revokes:
            counts = [0] * n
            for _, seat in state._revokes:
                counts[seat] += 1
            vals += [counts[s] / 4 for s in order]
        deal = state._deal_no - (state._phase == OVER)
        vals.append(deal / self.deals if self.deals else deal / 10)
        return vals

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
