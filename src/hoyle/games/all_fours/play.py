"""The ``easy`` All Fours player: simple rules of thumb, from its own observation only.

It stands on a hand with two trumps or a high one, gives a gift unless that would lose the
game, bids what its trumps and tens look worth, keeps trumps and tens when discarding, wins a
trick when it carries card points or the jack and it can do so cheaply, and otherwise plays
its least useful card.
"""

from __future__ import annotations

import random
from typing import Any

from hoyle.cards import card_index
from hoyle.core.protocol import Game, State
from hoyle.games.all_fours.state import (
    BEG,
    BID,
    CHOOSE,
    GIVE,
    GUESS_RED,
    KEEP,
    PASS,
    RUN,
    SELL,
    STAND,
    THROW_IN,
    AllFoursState,
)

__all__ = ["EasyAllFoursAgent", "rollout_move"]

_SUITS = "CDHS"
_POINTS = {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}


def _rank(card: int) -> int:
    return card % 13


def _suit(card: int) -> int:
    return card // 13


class EasyAllFoursAgent:
    """The ``easy`` All Fours player."""

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def step(self, state: State) -> int:
        """Pick an action for the player to move, from its observation alone."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        player = state.current_player()
        # The family's own part of the seat's observation: the envelope around it (every
        # past hand's result in words) is not needed here and costs more as a match goes on.
        assert isinstance(state, AllFoursState)
        obs = state._observe(player)
        hand = [card_index(t) for t in obs["hand"]]
        trump = _SUITS.index(obs["trump"]) if obs["trump"] else -1
        phase = obs["phase"]
        if phase == "beg":
            return STAND if self._strength(hand, trump) >= 2 else BEG
        if phase == "give":
            eldest = obs["eldest"]
            if state.scores()[eldest] + 1 >= self._target() or self._strength(hand, trump) < 2:
                return RUN
            return GIVE
        if phase == "discard":
            return min(legal, key=lambda c: self._keep_value(c, trump))
        if phase == "bid":
            worth = self._pitch_worth(hand)
            bids = [a for a in legal if a > PASS]
            fitting = [a for a in bids if a - BID <= worth]
            if fitting:
                return min(fitting)
            return PASS if PASS in legal else min(bids)
        if phase == "sell":
            return KEEP if self._pitch_worth(hand) >= obs["bid"] else SELL
        if phase == "guess":
            return GUESS_RED
        if phase == "choose":
            return CHOOSE + player if CHOOSE + player in legal else legal[0]
        cards = [a for a in legal if a < 52]
        if not cards:  # pragma: no cover - a throw-in is never the only move
            return next(a for a in legal if a != THROW_IN)
        if not obs["trick"]:
            return self._lead(cards, hand, trump)
        return self._follow(obs, cards, trump)

    def _target(self) -> int:
        return int(getattr(self.game.rules, "target", 7))

    @staticmethod
    def _strength(hand: list[int], trump: int) -> int:
        """Trumps held, counting an ace, king or jack of trumps twice."""
        trumps = [c for c in hand if _suit(c) == trump]
        return len(trumps) + sum(1 for c in trumps if _rank(c) in (9, 11, 12))

    @staticmethod
    def _keep_value(card: int, trump: int) -> int:
        points = {8: 10, 12: 4, 11: 3, 10: 2, 9: 1}.get(_rank(card), 0)
        return (100 if _suit(card) == trump else 0) + points * 3 + _rank(card)

    @staticmethod
    def _pitch_worth(hand: list[int]) -> int:
        """Points the best suit to pitch looks worth: High, Low, Jack and a share of Game."""
        best = 0
        for suit in range(4):
            ranks = [_rank(c) for c in hand if _suit(c) == suit]
            worth = (1 if ranks and max(ranks) >= 11 else 0) + (
                1 if ranks and min(ranks) <= 1 else 0
            )
            worth += 1 if 9 in ranks else 0
            worth += 1 if sum(1 for c in hand if _rank(c) == 8) >= 2 else 0
            best = max(best, worth if len(ranks) >= 2 else 0)
        return best

    def _lead(self, cards: list[int], hand: list[int], trump: int) -> int:
        if trump < 0:  # pitching: the top card of the longest suit makes it trumps
            longest = max(range(4), key=lambda s: (sum(1 for c in hand if _suit(c) == s), s))
            return max(c for c in cards if _suit(c) == longest)
        trumps = [c for c in cards if _suit(c) == trump]
        if trumps and max(_rank(c) for c in trumps) >= 11:
            return max(trumps)  # draw the others' trumps with a top one
        plain = [c for c in cards if _suit(c) != trump and _rank(c) != 8]
        return min(plain or cards, key=_rank)

    def _follow(self, obs: dict[str, Any], cards: list[int], trump: int) -> int:
        trick = [card_index(p["card"]) for p in obs["trick"]]
        led = _suit(trick[0])

        def beats(card: int) -> bool:
            best = max(
                trick,
                key=lambda c: (
                    (100 if _suit(c) == trump else 0)
                    + (_rank(c) if _suit(c) in (trump, led) else -1)
                ),
            )
            if _suit(card) == trump:
                return _suit(best) != trump or _rank(card) > _rank(best)
            return _suit(card) == led and _suit(best) == led and _rank(card) > _rank(best)

        worth = sum(_POINTS.get("23456789TJQKA"[_rank(c)], 0) for c in trick)
        jack = any(_suit(c) == trump and _rank(c) == 9 for c in trick)
        winners = [c for c in cards if beats(c)]
        if winners and (worth >= 4 or jack):
            return min(winners, key=lambda c: (_suit(c) == trump, _rank(c)))
        losers = [c for c in cards if not beats(c)]
        pool = losers or cards
        return min(pool, key=lambda c: self._keep_value(c, trump))


def _trick_key(card: int, led: int, trump: int) -> int:
    """How strongly ``card`` stands in a trick led in ``led`` (the engine's own order)."""
    suit = card // 13
    return 100 + card if suit == trump else (card if suit == led else -1)


def rollout_move(state: State, rng: random.Random) -> int:
    """A fast playout move for search, on a full (sampled) state.

    It reads the state directly, which a playout may do since its cards are already a sample.
    In play: win the trick with the cheapest card that wins it when the trick holds a card
    that counts, else play the lowest card. Bids are rare (a random bid is mostly a set-back);
    every other decision is random.
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if not isinstance(state, AllFoursState) or state.phase != "play" or legal[-1] >= 52:
        if PASS in legal and rng.random() < 0.7:
            return PASS
        return rng.choice(legal)
    trick = state._trick
    trump = state._trump
    if not trick:
        return rng.choice(legal)
    led = trick[0] // 13
    best = max(_trick_key(c, led, trump) for c in trick)
    winners = [c for c in legal if _trick_key(c, led, trump) > best]
    worth = sum(state._card_points(c) for c in trick)
    if winners and worth:
        return min(winners, key=lambda c: _trick_key(c, led, trump))
    return min(legal, key=lambda c: (c // 13 == trump, state._card_points(c), c % 13))
