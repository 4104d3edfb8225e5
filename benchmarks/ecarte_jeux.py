"""Which elder hands ``expert`` plays without proposing, class by class, beside the jeux de règle.

Every class of elder hand — trumps held (0–5), whether the king of trumps is one of them, and
guarded plain suits (a king, or a queen with another card of its suit) — gets ``--hands``
hands drawn at random within the class, with a random trump suit, turn-up, dealer's hand and
stock, at 0–0 in the first hand of a game. For each, ``expert`` (guided PIMC: the ``easy``
player's choice stands unless another move beats it on the same sampled worlds by more than a
standard error) is asked for its first decision with a fixed number of simulations, so the
table does not depend on the machine's speed. The ``easy`` player plays exactly the classical
list (:func:`hoyle.games.ecarte.play.jeu_de_regle_clause`), so where expert differs from the
list, its search found the other choice clearly better.

Columns: hands in the class; the share the classical list plays; the share expert plays;
the share where they agree; and the search's mean value of playing less that of the best
proposal, in points of elder's margin by the end of the hand (own points less the dealer's),
with a 95% interval over the class's hands. A positive value says the search prefers to play.

The table and what its agreements and disagreements with the list mean: docs/ecarte-jeux.md.

Run: ``.venv/bin/python benchmarks/ecarte_jeux.py [--hands N] [--simulations S] [--workers K]``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import hoyle
from hoyle.cards import TOKENS
from hoyle.games.ecarte import EcarteGame
from hoyle.games.ecarte.play import jeu_de_regle_clause
from hoyle.games.ecarte.state import PLAY_ON, suit_of

KING, QUEEN = 11, 10  # rank indexes (2 = 0 … A = 12)
RANKS = (5, 6, 7, 8, 9, 10, 11, 12)  # 7 8 9 T J Q K A: the 32-card pack
Class = tuple[int, bool, int]  # (trumps, king of trumps held, guarded plain suits)


def guarded_suits(hand: list[int], trump: int) -> int:
    """Plain suits held with a king, or with a queen and another card."""
    count = 0
    for suit in range(4):
        if suit == trump:
            continue
        ranks = [c % 13 for c in hand if suit_of(c) == suit]
        if KING in ranks or (QUEEN in ranks and len(ranks) >= 2):
            count += 1
    return count


def classes() -> Iterator[Class]:
    """Every class a five-card elder hand can be in (the turn-up is a trump not held)."""
    for trumps in range(6):
        for king in (False, True) if trumps else (False,):
            for guarded in range(min(3, 5 - trumps) + 1):
                yield trumps, king, guarded


def draw_hand(cls: Class, rng: random.Random) -> tuple[list[int], int, int] | None:
    """A random (hand, trump suit, turn-up) in ``cls``, or ``None`` after many misses."""
    trumps, king, guarded = cls
    for _ in range(20_000):
        trump = rng.randrange(4)
        pack_trumps = [13 * trump + r for r in RANKS]
        turn_up = rng.choice([c for c in pack_trumps if c % 13 != KING or not king])
        candidates = [c for c in pack_trumps if c != turn_up]
        held_king = [c for c in candidates if c % 13 == KING]
        others = [c for c in candidates if c % 13 != KING]
        if king:
            if not held_king:
                continue
            chosen = held_king + rng.sample(others, trumps - 1)
        else:
            if len(others) < trumps:
                continue
            chosen = rng.sample(others, trumps)
        plain = [13 * s + r for s in range(4) if s != trump for r in RANKS]
        hand = chosen + rng.sample(plain, 5 - trumps)
        if guarded_suits(hand, trump) == guarded:
            return hand, trump, turn_up
    return None


@dataclass
class Row:
    """One class's results."""

    cls: Class
    hands: int
    classical: int
    expert: int
    agree: int
    diffs: list[float]
    clauses: dict[str, int]


def run_class(cls: Class, hands: int, simulations: int, seed: int) -> Row:
    """Ask expert about ``hands`` hands of ``cls``."""
    rng = random.Random(f"{seed}:{cls}")
    game = hoyle.load("ecarte")
    assert isinstance(game, EcarteGame)
    row = Row(cls, 0, 0, 0, 0, [], {})
    for i in range(hands):
        drawn = draw_hand(cls, rng)
        if drawn is None:
            break
        hand, trump, turn_up = drawn
        rest = [13 * s + r for s in range(4) for r in RANKS if 13 * s + r not in (*hand, turn_up)]
        rng.shuffle(rest)
        state = game.deal_state(
            [" ".join(TOKENS[c] for c in rest[:5]), " ".join(TOKENS[c] for c in hand)],
            dealer=0,
            turn_up=TOKENS[turn_up],
            stock=" ".join(TOKENS[c] for c in rest[5:]),
        )
        assert state.current_player() == 1 and PLAY_ON in state.legal_actions()
        hints = hoyle.hint(state, "expert", simulations=simulations, seed=seed * 7919 + i)
        values = {h.action: h.value for h in hints}
        best_proposal = max(v for a, v in values.items() if a != PLAY_ON)
        clause = jeu_de_regle_clause(game, hand, trump)
        plays = hints[0].action == PLAY_ON
        row.hands += 1
        row.classical += clause is not None
        row.expert += plays
        row.agree += plays == (clause is not None)
        row.diffs.append(values[PLAY_ON] - best_proposal)
        key = clause or "(none)"
        row.clauses[key] = row.clauses.get(key, 0) + 1
    return row


def _interval(values: list[float]) -> str:
    if len(values) < 2:
        return ""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="hands per class (20)")
    parser.add_argument("--simulations", type=int, default=1200, help="expert's budget (1200)")
    parser.add_argument("--workers", type=int, default=1, help="processes (1)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    todo = list(classes())
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(
            pool.map(
                run_class,
                todo,
                [args.hands] * len(todo),
                [args.simulations] * len(todo),
                [args.seed] * len(todo),
            )
        )
    print(
        f"Elder's first decision at 0-0: {args.hands} hands a class, expert with"
        f" {args.simulations} simulations"
    )
    print(
        "| trumps | king | guarded | hands | list plays | expert plays | agree |"
        " play − best proposal (95% CI) | list clauses |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    total = agree = 0
    for row in rows:
        trumps, king, guarded = row.cls
        if not row.hands:
            continue
        total += row.hands
        agree += row.agree
        clauses = ", ".join(f"{k} {v}" for k, v in sorted(row.clauses.items()))
        print(
            f"| {trumps} | {'yes' if king else 'no'} | {guarded} | {row.hands}"
            f" | {row.classical / row.hands:.0%} | {row.expert / row.hands:.0%}"
            f" | {row.agree / row.hands:.0%} | {_interval(row.diffs)} | {clauses} |"
        )
    print(f"expert agrees with the list on {agree} of {total} hands ({agree / total:.0%})")


if __name__ == "__main__":
    main()
