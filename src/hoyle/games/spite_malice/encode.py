"""Observation tensors for Spite and Malice: one seat's view as a fixed-length float32 vector.

Piles grow without bound, so they are summarised at a fixed size: each centre stack by its
height (one-hot: the rank it has reached) and whether a wild is on top; each goal pile by its
top card and size; each discard pile by its top three cards and size; the completed heap and
the cards still unseen by counts per rank. Seats are numbered from the viewer (0 is the viewer,
1 the next to play after them); a spectator (``None``) sees from seat 0 and sees no hand.

Cards are encoded by *rank slot*, as the game plays them (suits never matter): ace (1) … king
(13) and, when the rules have jokers, a joker slot; Starturn's numbers 1…15. Whether a king is
wild is a rule of the game, not something the vector repeats.

Every entry is written from what :func:`hoyle.games.spite_malice.observe.observe` shows the
seat; the layout is fixed by the game (players, packs, piles, stacks), never by the position.
With unlimited centre stacks (``max_stacks=0``) the first eight stacks have their own slots and
``stack_heights`` counts every stack by height.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from hoyle.core.encoding import Encoder, Vector
from hoyle.games.spite_malice.rules import Deck
from hoyle.games.spite_malice.state import DEAL, JOKER, SpiteMaliceGame

if TYPE_CHECKING:
    from hoyle.core.protocol import Game, State
    from hoyle.games.spite_malice.state import SpiteMaliceState

__all__ = ["SpiteMaliceEncoder", "make_encoder"]

UNLIMITED_SLOTS = 8
"""Stack slots kept when the rules allow any number of centre stacks."""
TOP_CARDS = 3
"""Cards of each discard pile encoded one by one, from the top (the code unrolls three)."""
DISCARD_SCALE = 10.0
"""A discard pile's size is divided by this."""


class SpiteMaliceEncoder(Encoder):
    """The observation layout of one Spite and Malice game (see the module docstring)."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        if not isinstance(game, SpiteMaliceGame):
            raise TypeError(f"a Spite and Malice encoder needs a SpiteMaliceGame, not {game!r}")
        g = game
        rules = g.rules
        self.n = n = g.n
        starturn = rules.deck is Deck.STARTURN
        jokers = not starturn and rules.jokers > 0
        self.slots = slots = 15 if starturn else 13 + jokers
        names = [str(r) for r in range(1, 16)] if starturn else list("A23456789TJQK")
        ranks = " ".join(names[:slots] + (["joker"] if jokers else []))
        # The slot of each kind of card: its rank - 1, the joker last.
        self.slot = [slots - 1 if k == JOKER else g.rank[k] - 1 for k in range(g.kinds)]
        self.wild = list(g.wild)
        self.goals = rules.goal_piles
        self.discards = rules.discard_piles
        self.top = rules.top
        self.hand_size = rules.hand_size
        self.stack_slots = rules.max_stacks or UNLIMITED_SLOTS
        self.stock_cards = float(rules.stock_cards)
        self.goal_size = float(rules.goal_size)
        self.turn_limit = float(rules.turn_limit)
        self.deal_count = float(rules.deals or rules.deal_limit)
        self.target = float(rules.target)
        heights = self.top - 1  # a stack holds 1 … top-1 cards (a full one leaves the centre)
        self.heights = heights
        seat = "by seat from the viewer (0 the viewer, 1 the next)"

        # Scalars first, so that one slice assignment writes them all.
        self.add("spectator", 1, "1 when the vector is a spectator's (no hand is seen)")
        self.add("stock", 1, "cards in the stock / the cards shuffled for it")
        self.add("heap", 1, "cards in the completed heap / the cards shuffled for the stock")
        self.add("completed", 1, "centre stacks completed this deal / 10")
        self.add("turn", 1, "turn number in the deal / turn_limit")
        self.add("deal", 1, "deals played before this one / the deals of the match")
        self.add("passes", 1, "passes in a row (may_pass) / players")
        self.add("moves", 1, "moves made this turn / 10")
        self.add("stack_count", 1, f"centre stacks now / {self.stack_slots}")
        self.add("hand_sizes", n, f"cards in each hand / {self.hand_size}, {seat}")
        self.add(
            "goal_counts",
            n * self.goals,
            f"cards in each goal pile / goal_size, {seat} (then pile)",
        )
        self.add(
            "discard_sizes",
            n * self.discards,
            f"cards in each discard pile / {DISCARD_SCALE:g}, {seat} then pile",
        )
        self.add("scores", n, f"match points / target, {seat}")
        self.add("hand", slots, f"own hand: cards of each rank / hand_size; ranks {ranks}")
        self.add("heap_wilds", 1, "wild cards in the completed heap / 10")
        self.add("stack_heights", heights, "centre stacks of each height 1… / 4")
        self.scalars = self.size
        # Then the indicators, written by index.
        self.add("phase", 4, "one-hot: deal, draw, play, over")
        self.add("to_move", n, f"one-hot: the seat to play, {seat} (none at chance nodes)")
        self.add("dealer", n, f"one-hot: the dealer, {seat}")
        self.add(
            "goal_tops",
            n * self.goals * slots,
            f"one-hot rank of each goal pile's top card (none while dealing), {seat} then pile",
        )
        self.add(
            "discard_tops",
            n * self.discards * TOP_CARDS * slots,
            f"one-hot rank of each discard pile's top {TOP_CARDS} cards, {seat} then pile "
            "then depth (0 the top)",
        )
        self.add(
            "stacks",
            self.stack_slots * heights,
            f"one-hot height of each centre stack (1…{heights}: the rank reached), by stack",
        )
        self.add("stack_wild", self.stack_slots, "1 if a wild card is on top of the stack")
        self.add("cover", self.stack_slots, "1 on the stack whose wild must be covered now")
        self._bases()

    def _bases(self) -> None:
        f = self.field
        self.b_phase = f("phase").start
        self.b_to_move = f("to_move").start
        self.b_dealer = f("dealer").start
        self.b_goal_tops = f("goal_tops").start
        self.b_discard_tops = f("discard_tops").start
        self.b_stacks = f("stacks").start
        self.b_stack_wild = f("stack_wild").start
        self.b_cover = f("cover").start

    def encode(self, state: State, player: int | None, out: Vector) -> None:
        """Write what ``player`` sees of ``state`` (see the module docstring)."""
        s = cast("SpiteMaliceState", state)
        n = self.n
        me = 0 if player is None else player
        order = [(me + k) % n for k in range(n)]  # absolute seats, viewer first
        slot = self.slot
        slots = self.slots
        phase = s._phase
        stacks = s._stacks
        hand = s._hands[player] if player is not None else []
        goals = s._goals
        discards = s._discards
        hs = self.hand_size

        # ---- scalars, in field order
        vals: list[float] = [
            1.0 if player is None else 0.0,
            s._stock_n / self.stock_cards,
            len(s._heap) / self.stock_cards,
            s._completed / 10.0,
            s._turn / self.turn_limit,
            s._deal_no / self.deal_count,
            s._passes / n,
            len(s._turn_log) / 10.0,
            len(stacks) / self.stack_slots,
        ]
        vals += [len(s._hands[a]) / hs for a in order]
        gs = self.goal_size
        for a in order:
            vals += [len(p) / gs for p in goals[a]]
        for a in order:
            vals += [len(p) / DISCARD_SCALE for p in discards[a]]
        target = self.target
        vals += [s._scores[a] / target for a in order]
        counts = [0.0] * slots
        for kind in hand:
            counts[slot[kind]] += 1.0 / hs
        vals += counts
        wild = self.wild
        vals.append(sum(map(wild.__getitem__, s._heap)) / 10.0)
        heights = [0.0] * self.heights
        for stack in stacks:
            heights[len(stack) - 1] += 0.25
        vals += heights
        out[: self.scalars] = vals

        # ---- indicators
        out[self.scalars :] = 0.0
        ones = [self.b_phase + phase, self.b_dealer + (s._dealer - me) % n]
        cur = state.current_player()
        if cur >= 0:
            ones.append(self.b_to_move + (cur - me) % n)
        if phase != DEAL:  # the goal piles' tops are turned up when the deal is done
            base = self.b_goal_tops
            for a in order:
                for p in goals[a]:
                    if p:
                        ones.append(base + slot[p[-1]])
                    base += slots
        base = self.b_discard_tops
        step = TOP_CARDS * slots
        for a in order:
            for p in discards[a]:
                depth = len(p)  # the top three, unrolled: this runs for every pile each step
                if depth:
                    ones.append(base + slot[p[-1]])
                    if depth > 1:
                        ones.append(base + slots + slot[p[-2]])
                        if depth > 2:
                            ones.append(base + 2 * slots + slot[p[-3]])
                base += step
        for i, stack in enumerate(stacks[: self.stack_slots]):
            ones.append(self.b_stacks + i * self.heights + len(stack) - 1)
            if wild[stack[-1]]:
                ones.append(self.b_stack_wild + i)
        if 0 <= s._cover < self.stack_slots:
            ones.append(self.b_cover + s._cover)
        out.put(ones, 1.0)


def make_encoder(game: Game[Any]) -> Encoder:
    """The encoder of a Spite and Malice game (registered for the family)."""
    return SpiteMaliceEncoder(game)
