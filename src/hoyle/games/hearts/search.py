"""What Hearts tells the search agents beyond its playout: which cards are interchangeable.

Two cards of one suit in the same hand are *touching* when every card of the suit ranked
between them has been played in an earlier trick or is in that hand too. Whatever the other
hands hold, the one card wins or loses every trick exactly where the other would, so when they
also score alike the deal ends the same whichever is played now, and search need try only one.
"""

from __future__ import annotations

from hoyle.cards import card_index
from hoyle.core.protocol import State
from hoyle.games.hearts.state import HeartsState

__all__ = ["move_classes"]

SPECIAL = frozenset(card_index(t) for t in ("QS", "QH", "QC", "QD", "JD", "TC"))
"""Cards some variant gives a power beyond their points (the Q♠, a doubling or cancelling
queen, a bonus jack or ten): never grouped with a neighbour."""


def move_classes(state: State) -> dict[int, int] | None:
    """Each legal card of the player to act → the lowest card it touches (see the module).

    Reads only what that player sees: its own hand and the finished tricks. Returns ``None``
    outside the base game's trick play (passing, bidding, two packs, jokers, the stock), where
    moves are not cards of one pack.
    """
    if type(state) is not HeartsState or state.phase != "play":
        return None
    legal = state.legal_actions()
    if not legal or legal[-1] >= 52:
        return None
    player = state.current_player()
    mine = state._hands[player]
    gone = 0
    for _, cards, _ in state._tricks:
        for card in cards:
            gone |= 1 << card
    values = state._values
    legal_set = set(legal)
    classes: dict[int, int] = {}
    for suit in {card // 13 for card in legal}:
        rep = -1
        for card in range(suit * 13, suit * 13 + 13):
            if card in legal_set:
                if rep >= 0 and card not in SPECIAL and values[card] == values[rep]:
                    classes[card] = rep
                else:
                    rep = -1 if card in SPECIAL else card
                    classes[card] = card
            elif not ((gone | mine) >> card & 1):
                rep = -1  # a card someone else may hold lies between: they differ
    return classes
