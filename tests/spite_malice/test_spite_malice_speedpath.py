"""The fast paths of the Spite and Malice engine (issue 22) play exactly the old rules.

The engine lists legal moves from tables built once per game, keeps the seeded stock as a
sorted pile to draw from, and caches the tokens of this turn's moves. These tests hold it to
the plain version it replaced, kept here as the reference: at every step of random games of
every preset (dealt from a seed and at chance nodes, one deal and a match of two, moves picked
at random and by a player that builds whenever it can), the legal moves equal the ones the
reference finds from scratch, on the state and on its clones and look-ahead copies. And the
games themselves are pinned: a fingerprint of every step (the legal moves, the chance
outcomes, the observation, the tokens) and of the end (history, returns, the log) taken before
the engine was sped up must still come out the same.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import hoyle
from hoyle.core.protocol import CHANCE, TERMINAL
from hoyle.games.spite_malice.state import (
    CHANCE_BASE,
    DEAL,
    DISCARD,
    DRAW,
    GOAL,
    HAND,
    MAX_STACKS,
    NEW,
    OVER,
    PASS,
    PLAY,
    TO_DISCARD,
    TO_PAIR,
    SpiteMaliceGame,
    SpiteMaliceState,
    move_id,
    split_move,
)

PRESETS = [v.name for v in hoyle.variants("spite-malice")]

# ---------------------------------------------------------------- the reference: the old code


def ref_sources(state: SpiteMaliceState) -> list[tuple[int, int]]:
    g = state.g
    seat = state._cur
    out: list[tuple[int, int]] = []
    seen: set[int] = set()
    for kind in state._hands[seat]:
        sym = g.symbol[kind]
        if sym not in seen:
            seen.add(sym)
            out.append((HAND, kind))
    for i, pile in enumerate(state._goals[seat]):
        if pile:
            out.append((GOAL + i, pile[-1]))
    for d, pile in enumerate(state._discards[seat]):
        if pile:
            out.append((DISCARD + d, pile[-1]))
    return out


def ref_cover_at_hand(state: SpiteMaliceState, src: int, rank: int) -> bool:
    g = state.g
    seat = state._cur
    if rank > state.rules.top:
        return True
    if any(not g.wild[k] and g.rank[k] == rank for k in state._hands[seat]):
        return True
    for i, pile in enumerate(state._goals[seat]):
        if pile and GOAL + i != src and not g.wild[pile[-1]] and g.rank[pile[-1]] == rank:
            return True
    for d, pile in enumerate(state._discards[seat]):
        card = (
            pile[-2]
            if DISCARD + d == src and len(pile) > 1
            else (pile[-1] if pile and DISCARD + d != src else -1)
        )
        if card >= 0 and not g.wild[card] and g.rank[card] == rank:
            return True
    return False


def ref_centre_moves(state: SpiteMaliceState) -> list[int]:
    g = state.g
    rules = state.rules
    moves: list[int] = []
    may_start = len(state._stacks) < (rules.max_stacks or MAX_STACKS)
    needs = [len(stack) + 1 for stack in state._stacks]
    cover = rules.cover_wild
    for src, kind in ref_sources(state):
        sym = g.symbol[kind]
        if g.wild[kind]:
            for i, rank in enumerate(needs):
                if rank not in g.forbidden and (
                    not cover or ref_cover_at_hand(state, src, rank + 1)
                ):
                    moves.append(move_id(src, i, sym))
            if (
                may_start
                and 1 not in g.forbidden
                and (not cover or ref_cover_at_hand(state, src, 2))
            ):
                moves.append(move_id(src, NEW, sym))
            continue
        rank = g.rank[kind]
        for i, need in enumerate(needs):
            if need == rank:
                moves.append(move_id(src, i, sym))
        if may_start and rank == 1:
            moves.append(move_id(src, NEW, sym))
    return moves


def ref_goes_down(g: SpiteMaliceGame, kind: int, top: int) -> bool:
    if g.wild[kind] or g.wild[top]:
        return True
    return g.rank[kind] in (g.rank[top], g.rank[top] - 1)


def ref_discard_moves(state: SpiteMaliceState) -> list[int]:
    g = state.g
    rules = state.rules
    seat = state._cur
    counts: dict[int, int] = {}
    first: dict[int, int] = {}
    for kind in state._hands[seat]:
        sym = g.symbol[kind]
        counts[sym] = counts.get(sym, 0) + 1
        first.setdefault(sym, kind)
    piles = state._discards[seat]
    open_piles = []
    empty_seen = False
    for d, pile in enumerate(piles):
        if not pile:
            if empty_seen:
                continue
            empty_seen = True
        open_piles.append(d)
    moves = []
    for sym, kind in first.items():
        for d in open_piles:
            pile = piles[d]
            if rules.discard_down and pile and not ref_goes_down(g, kind, pile[-1]):
                continue
            moves.append(move_id(HAND, TO_DISCARD + d, sym))
            if rules.pair_discard and counts[sym] >= 2:
                moves.append(move_id(HAND, TO_PAIR + d, sym))
    return moves


def ref_pool(state: SpiteMaliceState) -> list[int]:
    if (
        state._phase == DEAL
        and state._goal_pool is not None
        and state._queue
        and state._queue[0] % 4 != 2
    ):
        return state._goal_pool
    return state._stock


def ref_legal(state: SpiteMaliceState) -> list[int]:
    """The legal actions as the engine listed them before issue 22."""
    phase = state._phase
    if phase in (DEAL, DRAW):
        return [CHANCE_BASE + k for k, c in enumerate(ref_pool(state)) if c]
    if phase != PLAY:
        return []
    g = state.g
    rules = state.rules
    if state._cover >= 0:
        rank = len(state._stacks[state._cover]) + 1
        return sorted(
            move_id(src, state._cover, g.symbol[kind])
            for src, kind in ref_sources(state)
            if not g.wild[kind] and g.rank[kind] == rank
        )
    centre = ref_centre_moves(state)
    if rules.compulsory_aces_twos:
        forced = []
        for action in centre:
            src, _, sym = split_move(action)
            if sym in (0, 1) and (src != HAND or rules.compulsory_from_hand):
                forced.append(action)
        if forced:
            return sorted(forced)
    moves = centre + ref_discard_moves(state)
    if rules.may_pass:
        moves.append(PASS)
    return sorted(moves)


def ref_outcomes(state: SpiteMaliceState) -> list[tuple[int, float]]:
    if state._phase not in (DEAL, DRAW):
        return []
    pool = ref_pool(state)
    total = sum(pool)
    return [(CHANCE_BASE + k, c / total) for k, c in enumerate(pool) if c]


# ---------------------------------------------------------------- random games


def pick(state: SpiteMaliceState, rng: random.Random, builder: bool) -> int:
    """A chance outcome by its odds, or a move: at random, or (``builder``) a centre move
    three times in four when there is one."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    legal = state.legal_actions()
    if builder:
        centre = [a for a in legal if a != PASS and split_move(a)[1] <= NEW]
        if centre and rng.random() < 0.75:
            return rng.choice(centre)
    return rng.choice(legal)


def check_step(state: SpiteMaliceState) -> None:
    """The state's protocol answers agree with the reference and with one another."""
    phase = state._phase
    assert state.legal_actions() == ref_legal(state)
    assert state.chance_outcomes() == ref_outcomes(state)
    assert state.is_terminal() == (phase == OVER)
    assert state.is_chance_node() == (phase in (DEAL, DRAW))
    expected = TERMINAL if phase == OVER else CHANCE if phase in (DEAL, DRAW) else state._cur
    assert state.current_player() == expected
    assert state._stock_n == sum(state._stock)
    # The seeded draw's piles, when kept, hold the pools' cards one by one in kind order.
    if state._stock_pile is not None:
        assert state._stock_pile == cards(state._stock)
    if state._goal_pile is not None:
        assert state._goal_pool is not None
        assert state._goal_pile == cards(state._goal_pool)


def cards(counts: list[int]) -> list[int]:
    return [kind for kind, count in enumerate(counts) for _ in range(count)]


CONFIGS = [
    # (seeded, deals, builder)
    (True, 1, False),
    (False, 1, False),
    (True, 1, True),
    (False, 1, True),
    (True, 2, True),
]


@pytest.mark.parametrize("preset", PRESETS)
def test_legal_moves_equal_the_reference_at_every_step(preset: str) -> None:
    for seeded, deals, builder in CONFIGS:
        game = hoyle.load("spite-malice", variant=preset, deals=deals)
        assert isinstance(game, SpiteMaliceGame)
        for seed in range(6):
            rng = random.Random(seed)
            state = game.new_initial_state(seed) if seeded else game.new_initial_state()
            step = 0
            while not state.is_terminal():
                check_step(state)
                if step % 7 == 3:
                    # Copies list the same moves, and playing on one leaves the other alone.
                    for copy in (state.clone(), state.lookahead()):
                        check_step(copy)
                        before = state.legal_actions()
                        if not copy.is_terminal():
                            copy.apply_action(pick(copy, random.Random(step), builder))
                            check_step(copy)
                        assert state.legal_actions() == before
                state.apply_action(pick(state, rng, builder))
                step += 1
            check_step(state)


def test_the_seeded_draw_is_randrange_written_out() -> None:
    # The engine draws ``randrange(n)`` the way random.Random computes it, from getrandbits
    # (state._run_chance), to save two calls a card; the same numbers come out.
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in [*range(1, 300), 1 << 20, (1 << 20) + 1]:
            bits = n.bit_length()
            index = ours.getrandbits(bits)
            while index >= n:
                index = ours.getrandbits(bits)
            assert index == theirs.randrange(n)


def test_a_returned_list_is_the_callers_own() -> None:
    state = hoyle.load("spite-malice", deals=1).new_initial_state(3)
    assert isinstance(state, SpiteMaliceState)
    legal = state.legal_actions()
    legal.clear()
    assert state.legal_actions() == ref_legal(state) != []


# ---------------------------------------------------------------- the games themselves


def fingerprint(preset: str, seed: int, seeded: bool, deals: int, builder: bool) -> str:
    """A digest of every step of one random game and of its end."""
    game = hoyle.load("spite-malice", variant=preset, deals=deals)
    rng = random.Random(seed)
    state = game.new_initial_state(seed) if seeded else game.new_initial_state()
    assert isinstance(state, SpiteMaliceState)
    digest = hashlib.sha256()
    while not state.is_terminal():
        seat = state.current_player()
        record: list[object]
        if state.is_chance_node():
            record = [seat, state.chance_outcomes()]
        else:
            record = [seat, state.legal_actions(), state.observation(seat)]
        action = pick(state, rng, builder)
        record.append(state.action_to_string(action))
        digest.update(json.dumps(record, sort_keys=True, default=str).encode())
        state.apply_action(action)
    end = [
        state.history(),
        state.returns(),
        state.scores(),
        state.observation(None),
        state.log(None),
    ]
    digest.update(json.dumps(end, sort_keys=True, default=str).encode())
    return digest.hexdigest()[:16]


def fingerprints(preset: str) -> str:
    """One digest of a preset's pinned games."""
    digest = hashlib.sha256()
    for seeded, deals, builder in CONFIGS:
        for seed in range(3):
            digest.update(fingerprint(preset, seed, seeded, deals, builder).encode())
    return digest.hexdigest()[:16]


PINNED: dict[str, str] = {
    "standard": "d6aa41beb0916fda",
    "uspcc": "6044ee369ae56c73",
    "unlimited-stacks": "25d8c6664a7d8239",
    "compulsory-aces-twos": "27c93495dd699674",
    "misery": "cf14ca092bfd1429",
    "build-to-king": "bbf98a599a96fa2c",
    "cover-wild": "20164e4d2eb00104",
    "deck-per-player": "d25ad267701fb741",
    "natural-ace-two": "707737c64737d833",
    "common": "1055d3ca975870b4",
    "book": "f2e328ece4f135f6",
    "starturn": "410e904e29b5fcab",
}
"""Each preset's :func:`fingerprints`, taken with the engine as it was before issue 22."""


@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_play_as_they_did_before(preset: str) -> None:
    assert fingerprints(preset) == PINNED[preset]


# ---------------------------------------------------------------- what is kept between moves


def check_kept(state: SpiteMaliceState) -> None:
    """What the state keeps between moves equals what it would find afresh."""
    if state._centre is not None:
        assert state._centre == state._centre_now()
    # The discard lists kept on the game are the ones the reference finds.
    if state._phase == PLAY and state._cover < 0 and not state.rules.discard_down:
        legal = state.legal_actions()
        discards = [a for a in legal if a != PASS and split_move(a)[1] >= TO_DISCARD]
        if not state.rules.compulsory_aces_twos or discards:
            assert discards == sorted(ref_discard_moves(state))


@pytest.mark.parametrize("preset", PRESETS)
def test_what_is_kept_between_moves_equals_a_fresh_look_at_every_step(preset: str) -> None:
    # The stacks' bit set and destinations (``_centre``) are kept until a card goes to the
    # centre, and the discard lists on the game under a key of the hand and the piles: at
    # every step of many random games (builders too, so the stacks change often), on the
    # state and on copies, they are what a fresh look finds.
    for seeded, deals, builder in CONFIGS:
        game = hoyle.load("spite-malice", variant=preset, deals=deals)
        for seed in range(10, 22):
            rng = random.Random(seed)
            state = game.new_initial_state(seed) if seeded else game.new_initial_state()
            assert isinstance(state, SpiteMaliceState)
            step = 0
            while not state.is_terminal():
                check_kept(state)
                state.legal_actions()
                check_kept(state)
                if step % 5 == 2:
                    for copy in (state.clone(), state.lookahead()):
                        if not copy.is_terminal():
                            copy.apply_action(pick(copy, random.Random(step), builder))
                        check_kept(copy)
                        check_kept(state)
                state.apply_action(pick(state, rng, builder))
                step += 1
            check_kept(state)
