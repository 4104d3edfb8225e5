"""The ``easy`` Bourré player.

It plays (and stays, in four-card Bourré) with two trumps or a trump honour (ace, king, queen),
discards every plain card below a king (holding six, the dealer who took the turned trump lets
the weakest card go), and wins a trick as cheaply as it can, otherwise throwing its lowest card.
It reads its own observation only.
"""

from __future__ import annotations

import random
from typing import Any

from hoyle.cards import card_index
from hoyle.core.protocol import Game, State
from hoyle.games.bourre.state import DRAW, PASS, PLAY, suit_of

__all__ = ["EasyBourreAgent", "bourre_choice"]

_SUITS = "CDHS"


class EasyBourreAgent:
    """The ``easy`` Bourré player (see the module)."""

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def step(self, state: State) -> int:
        """Pick an action for the player to move, from its observation alone."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return bourre_choice(state.observation(state.current_player()), legal)


def bourre_choice(obs: dict[str, Any], legal: list[int]) -> int:
    """The easy Bourré player: it plays (and stays, in four-card Bourré) with two trumps or
    a trump honour (ace, king, queen), discards every plain card below a king (holding six,
    the dealer who took the turned trump lets the weakest card go), and wins a trick as
    cheaply as it can, otherwise throwing its lowest card."""
    hand = [card_index(t) for t in obs["hand"]]
    trump = _SUITS.index(obs["trump"]) if obs["trump"] else -1
    trumps = [c for c in hand if suit_of(c) == trump]
    phase = obs["phase"]
    if phase in ("declare", "sealed", "stay"):
        # The same test before a sealed declaration and, in four-card Bourré, after the draw.
        strong = len(trumps) >= 2 or any(c % 13 >= 10 for c in trumps)
        return PLAY if strong or PASS not in legal else PASS
    if phase == "discard":
        throw = [a for a in legal if a < 52 and suit_of(a) != trump and a % 13 < 11]
        if throw:
            return min(throw, key=lambda c: c % 13)
        if DRAW in legal:
            return DRAW
        # Six cards (the dealer took the turned trump): let the weakest go.
        return min((a for a in legal if a < 52), key=lambda c: (suit_of(c) == trump, c % 13))
    cards = [a for a in legal if a < 52]
    if not obs["trick"]:
        return max(cards, key=lambda c: (suit_of(c) == trump, c % 13))
    led = card_index(obs["trick"][0]["card"])
    played = [card_index(p["card"]) for p in obs["trick"]]

    def key(card: int) -> int:
        if suit_of(card) == trump:
            return 200 + card % 13
        return 100 + card % 13 if suit_of(card) == suit_of(led) else -1

    best = max(key(c) for c in played)
    winners = [c for c in cards if key(c) > best]
    return min(winners or cards, key=lambda c: (key(c) < 0, key(c), c % 13))
