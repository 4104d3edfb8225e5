"""Hand-set deals shared by test files (pytest puts this folder on the import path)."""

# Four mixed hands for 4 players, seat 0 first: seat 0 holds the 2♣ and leads it, and with
# 2♣ T♣ J♣ 8♣ seat 2 wins the first trick. Used for scenarios of following suit, breaking
# hearts, the easy player and resampling.
MIXED = [
    "2C 5C 9C KC 3D 8D QD 4H 9H KH 2S 7S JS",
    "3C 6C TC AC 4D 9D KD 5H TH AH 3S 8S QS",
    "4C 7C JC 2D 5D TD AD 2H 6H JH 4S 9S KS",
    "8C QC 6D 7D JD 3H 7H 8H QH 5S 6S TS AS",
]

FILL = [r + s for s in "DSHC" for r in "23456789TJQKA"]
"""The pack in the order :func:`hands_with` fills hands up (clubs last, so that scenarios own
their clubs)."""


def hands_with(*given: str) -> list[str]:
    """Four 13-card hands: each seat's given cards, filled up from :data:`FILL` in order."""
    taken = {card for hand in given for card in hand.split()}
    rest = iter(card for card in FILL if card not in taken)
    return [
        " ".join([*hand.split(), *(next(rest) for _ in range(13 - len(hand.split())))])
        for hand in given
    ]


VOID_IN_CLUBS = hands_with("JS QS KS 2H 3H 4H", "2C", "", "")
"""Seat 0 holds J♠ Q♠ K♠ 2♥ 3♥ 4♥ and 2♦-8♦, no club; seat 1 leads the 2♣, seat 2 (void
too) throws the 8♠ and seat 3 follows with the 3♣ (play ``2C 8S 3C``), so seat 0 discards last
on a trick it cannot win."""
