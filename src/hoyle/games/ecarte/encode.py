"""Observation tensors for Écarté: one seat's view as a fixed-length float32 vector.

Écarté plays the 32-card pack, encoded as 32 entries clubs, diamonds, hearts, spades, each
7 8 9 10 J Q K A. Two seats play a hand, the *elder* and the *dealer*; what belongs to the hand
(cards taken, vulnerability, the king marked, the point offered, the cards played) is encoded
by role, and which seat holds each role by seat. Seats are numbered from the
viewer (0 the viewer, 1 the next seat): with a watcher (Pool) or bystanders (French Écarté) the
viewer may hold no role. The proposals of a hand are summarised by their number and the last
one (what was proposed, the answer, how many each took).

Only what ``observation(player)`` shows is written: the viewer's hand and discards (a backer
with ``advice`` also sees the hand of the player backed), never another hand or the stock; a
spectator (``None``) sees from seat 0 and sees no hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np

from hoyle.core.encoding import Encoder, Vector, write_scaled
from hoyle.games.ecarte.state import (
    BET,
    CUT,
    MAX_MULTIPLIER,
    OVER,
    PACKETS,
    PHASE_NAMES,
    PLAY,
    EcarteGame,
)

if TYPE_CHECKING:
    from hoyle.core.protocol import Game, State
    from hoyle.games.ecarte.state import EcarteState

__all__ = ["EcarteEncoder", "make_encoder"]

CARD32 = [(c // 13) * 8 + c % 13 - 5 if c % 13 >= 5 else -1 for c in range(52)]
"""Each card index of the 52-card pack to its entry among the 32 (−1 off the pack)."""
PACK32 = "clubs, diamonds, hearts, spades, each 7 8 9 10 J Q K A"
SEATS = "by seat from the viewer (0 the viewer, 1 the next)"


def _bits(mask: int, base: int, out: list[int], table: list[int] | None = None) -> None:
    """Append ``base`` plus each card of ``mask`` (mapped through ``table``) to ``out``."""
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        out.append(base + (card if table is None else table[card]))
        mask ^= low


class _Layout(Encoder):
    """An encoder whose first fields are counts, handed raw to ``write_scaled`` with their
    scales (dividing entry by entry in Python would cost more than the rest)."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self._per: list[float] = []
        self.per = np.ones(0, dtype=np.float32)
        self.scalars = 0
        n = game.num_players
        self.orders = [[(me + k) % n for k in range(n)] for me in range(n)]
        """For each viewer, the seats from the viewer on."""
        self.rel = [[(a - me) % n for a in range(n)] for me in range(n)]
        """For each viewer, each seat's number seen from the viewer."""

    def scalar(self, name: str, size: int, per: float, doc: str) -> None:
        """Declare a field of counts, each written raw and divided by ``per``."""
        self.add(name, size, doc)
        self._per += [1.0 / per] * size

    def end_scalars(self) -> None:
        """The counts are declared: the fields after them are indicators."""
        self.scalars = self.size
        self.per = np.array(self._per, dtype=np.float32)


class EcarteEncoder(_Layout):
    """The observation layout of an Écarté game for two (and its waiting players)."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        if not isinstance(game, EcarteGame):
            raise TypeError(f"an Écarté encoder needs an EcarteGame, not {game!r}")
        rules = game.rules
        self.n = n = game.n
        self.pool = rules.pool_wins > 0
        self.bets = rules.bets
        self.advice = rules.advice
        self.games_scale = 2 * rules.games_to_win if not self.pool else 10
        roles = "elder, dealer"

        sc = self.scalar
        sc("spectator", 1, 1, "1 when the vector is a spectator's (no hand is seen)")
        sc("stock", 1, 21, "cards left in the stock / 21 (0 before the deal)")
        sc("proposals", 1, 5, "proposals made this hand / 5")
        sc("multiplier", 1, MAX_MULTIPLIER, f"the hand's doubling (1, 2, 4 …) / {MAX_MULTIPLIER}")
        sc("hand_number", 1, 20, "hands played before this one / 20")
        sc("game_number", 1, self.games_scale, "games finished / the games a match may take")
        sc("cards_taken", 2, 5, f"cards drawn this hand / 5: {roles} (law 27)")
        sc("hand_sizes", 2, 5, f"cards in hand / 5: {roles}")
        sc("tricks", 2, 5, f"tricks taken this hand / 5: {roles}")
        sc("game_points", n, rules.target, f"points in the game in progress / target, {SEATS}")
        sc("games_won", n, rules.games_to_win, f"games won / the games that win, {SEATS}")
        if self.pool:
            sc(
                "streak_games",
                1,
                rules.pool_wins,
                "games won in a row by the pool's leader / pool_wins",
            )
        if self.bets:
            sc("bet_results", n, 10 * rules.bet_stake, f"bets won less lost / 10 stakes, {SEATS}")
        self.end_scalars()
        self.add("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES))
        self.add("to_move", n, f"one-hot: the seat to act, {SEATS} (none at chance nodes)")
        self.add("elder", n, f"one-hot: the elder hand, {SEATS}")
        self.add("dealer", n, f"one-hot: the dealer, {SEATS}")
        if n > 2:
            self.add("waiting", n, f"1 for each waiting seat, {SEATS}")
            self.add("next_in", n, f"one-hot: the waiting seat who comes in next, {SEATS}")
        self.add("packets", 2, "one-hot: dealt 2 then 3, or 3 then 2 (none until chosen)")
        self.add(
            "cut",
            n * 32,
            f"one-hot: each seat's last card cut for the deal, {SEATS} (until the deal)",
        )
        self.add("hand", 32, f"own hand: {PACK32}")
        self.add("discarded", 32, f"own discards this hand (law 28: unseen by others): {PACK32}")
        if self.advice:
            self.add("seen_hand", 32, f"the hand of the player backed (advice): {PACK32}")
            self.add("seen_discards", 32, f"the discards of the player backed: {PACK32}")
        self.add("turn_up", 32, f"one-hot: the card turned for trumps: {PACK32}")
        self.add("trump", 4, "one-hot: the trump suit, clubs diamonds hearts spades")
        self.add("king_turned", 1, "1 if the turn-up was the bonus card (scored to the dealer)")
        self.add("proposed", 6, "one-hot: the last proposal's number (0: unnamed), 1…5")
        self.add("answer", 3, "one-hot: the last proposal waits for an answer, accepted, refused")
        self.add("elder_took", 6, "one-hot: cards the elder took at the last proposal, 0…5")
        self.add("dealer_took", 6, "one-hot: cards the dealer took at the last proposal, 0…5")
        self.add("vulnerable", 2, f"1 if vulnerable (law 49): {roles}")
        self.add("king_marked", 2, f"1 for the player who marked the king: {roles}")
        self.add("point_offered", 2, f"1 for the player who offered the point: {roles}")
        self.add("leader", 2, f"one-hot: who leads to the trick in play: {roles}")
        self.add("trick_lead", 32, f"one-hot: the card led to the trick in progress: {PACK32}")
        self.add("played_elder", 32, f"cards the elder has played this hand: {PACK32}")
        self.add("played_dealer", 32, f"cards the dealer has played this hand: {PACK32}")
        if self.pool:
            self.add("streak_seat", n, f"one-hot: the seat on a winning streak, {SEATS}")
        if self.bets:
            self.add(
                "bets", n * n, f"1 where a bystander backs a player: bettor then backed, {SEATS}"
            )
        self.add("winner", n, f"1 for each winner of the match, at its end, {SEATS}")
        f = self.field
        self.b: dict[str, int] = {x.name: x.start for x in self.fields}
        self.b_phase = f("phase").start
        self.b_to_move = f("to_move").start
        self.b_elder = f("elder").start
        self.b_dealer = f("dealer").start
        self.b_packets = f("packets").start
        self.b_hand = f("hand").start
        self.b_discarded = f("discarded").start
        self.b_turn_up = f("turn_up").start
        self.b_trump = f("trump").start
        self.b_king_turned = f("king_turned").start
        self.b_proposed = f("proposed").start
        self.b_answer = f("answer").start
        self.b_elder_took = f("elder_took").start
        self.b_dealer_took = f("dealer_took").start
        self.b_vulnerable = f("vulnerable").start
        self.b_king_marked = f("king_marked").start
        self.b_point_offered = f("point_offered").start
        self.b_leader = f("leader").start
        self.b_trick_lead = f("trick_lead").start
        self.b_played = f("played_elder").start
        self.b_next_in = self.b.get("next_in", 0)
        waiting = self.b.get("waiting", 0)
        self.at_waiting = [[waiting + r for r in rel] for rel in self.rel]
        self.b_winner = f("winner").start

    def encode(self, state: State, player: int | None, out: Vector) -> None:
        """Write what ``player`` sees of ``state`` (see the module docstring)."""
        s = cast("EcarteState", state)
        n = self.n
        me = 0 if player is None else player
        rel = self.rel[me]
        phase = s._phase
        before_deal = phase in (CUT, BET, PACKETS)
        elder, dealer = s._elder, s._dealer
        log = s._chance_log
        taken_e = taken_d = 0
        if len(log) > 11 and not before_deal:
            for target, _ in log[11:]:  # the deal is eleven cards; then the draws (law 27)
                if target == elder:
                    taken_e += 1
                elif target == dealer:
                    taken_d += 1
        hands = s._hands
        won = s._won
        over = phase == OVER
        points = s._game_points
        games = s._games_won
        vals: list[float] = [
            player is None,
            0 if before_deal else s._undealt.bit_count(),
            0 if before_deal else len(s._proposals),
            s._multiplier,
            s._hand_no - over,
            s._game_no - over,
            taken_e,
            taken_d,
            hands[elder].bit_count(),
            hands[dealer].bit_count(),
            won[elder],
            won[dealer],
            *points[me:],
            *points[:me],
            *games[me:],
            *games[:me],
        ]
        if self.pool:
            vals.append(s._streak[1] if s._streak[0] >= 0 else 0)
        if self.bets:
            vals += s._bet_results[me:] + s._bet_results[:me]

        ones = [
            self.b_phase + phase,
            self.b_elder + rel[elder],
            self.b_dealer + rel[dealer],
        ]
        cur = s.current_player()
        if cur >= 0:
            ones.append(self.b_to_move + rel[cur])
        waiting = s._waiting
        if waiting:
            at = self.at_waiting[me]
            ones += map(at.__getitem__, waiting)
            ones.append(self.b_next_in + rel[waiting[0]])
        if s._packets is not None:
            ones.append(self.b_packets + (s._packets[0] == 3))
        if before_deal and s._cut:  # what the cut decided shows in every later field
            last = dict(s._cut)  # a tie cuts again: each seat's latest card counts
            base = self.b["cut"]
            ones += [base + rel[a] * 32 + CARD32[c] for a, c in last.items()]
        if player is not None:
            _bits(hands[player], self.b_hand, ones, CARD32)
            _bits(s._discards[player], self.b_discarded, ones, CARD32)
            backed = s._bets.get(player) if self.advice else None
            if backed is not None and backed != player:  # observe.visible_seats
                _bits(hands[backed], self.b["seen_hand"], ones, CARD32)
                _bits(s._discards[backed], self.b["seen_discards"], ones, CARD32)
        if not before_deal:
            if s._turn_up >= 0:
                ones.append(self.b_turn_up + CARD32[s._turn_up])
            if s._trump >= 0:
                ones.append(self.b_trump + s._trump)
            if s._proposals:
                named, answer, dealer_took, elder_took = s._proposals[-1]
                ones.append(self.b_proposed + named)
                ones.append(self.b_answer + (0 if answer < 0 else 2 - answer))
                if elder_took >= 0:
                    ones.append(self.b_elder_took + elder_took)
                if dealer_took >= 0:
                    ones.append(self.b_dealer_took + dealer_took)
        if s._king_turned:
            ones.append(self.b_king_turned)
        if s._elder_vulnerable:
            ones.append(self.b_vulnerable)
        if s._dealer_vulnerable:
            ones.append(self.b_vulnerable + 1)
        if s._marked >= 0:
            ones.append(self.b_king_marked + (s._marked == dealer))
        if s._offerer >= 0:
            ones.append(self.b_point_offered + (s._offerer == dealer))
        if phase == PLAY:
            ones.append(self.b_leader + (s._leader == dealer))
        if s._trick:
            ones.append(self.b_trick_lead + CARD32[s._trick[0][1]])
        base = self.b_played
        ones += [base + CARD32[c] for c in s._played[elder]]
        base += 32
        ones += [base + CARD32[c] for c in s._played[dealer]]
        if self.pool and s._streak[0] >= 0:
            ones.append(self.b["streak_seat"] + rel[s._streak[0]])
        if s._bets:
            base = self.b["bets"]
            for bettor, seat in s._bets.items():
                ones.append(base + rel[bettor] * n + rel[seat])
        if phase == OVER:
            ones += [self.b_winner + rel[w] for w in s._match_winners]
        write_scaled(out, vals, self.per, ones)


def make_encoder(game: Game[Any]) -> Encoder:
    """The encoder of an Écarté game."""
    return EcarteEncoder(game)
