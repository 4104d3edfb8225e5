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
