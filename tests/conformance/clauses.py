"""The clauses of the family contract (DESIGN "The contract in code", issue 18 item 10), each a
function that raises ``AssertionError`` saying what broke, so that the conformance suite, the
toy family's test and any family's own tests can run them on any game.

They only use the protocol: a family passes them by keeping the contract, never by being
known here.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import hoyle
from hoyle.core.encoding import has_encoder
from hoyle.core.errors import HoyleError, IllegalActionError
from hoyle.core.protocol import ENVELOPE, Game, State

__all__ = [
    "Walk",
    "check_chance_outcomes",
    "check_choosing",
    "check_clones_are_independent",
    "check_envelope",
    "check_facts",
    "check_history_replays",
    "check_illegal_action",
    "check_log",
    "check_one_deal",
    "check_resample",
    "check_returns",
    "check_tokens",
    "check_trick_events",
    "walk",
]

POSITIONS = 6
"""Positions of each walked game the costly clauses look at (spread over the game)."""
KEPT = 200
"""Copies of positions a walked game keeps at least (and fewer than twice as many)."""


@dataclass
class Walk:
    """Random games of one game string: the positions met (copies) and the final states."""

    game: Game[Any]
    positions: list[State] = field(default_factory=list)
    chance_nodes: list[State] = field(default_factory=list)
    decision_nodes: list[State] = field(default_factory=list)
    finals: list[State] = field(default_factory=list)


def _random_game(state: State, rng: random.Random, walk: Walk, limit: int) -> None:
    """Play ``state`` to its end at random (chance by its probabilities), keeping copies."""
    # Copies of the positions met, thinned as the game goes on (every other one dropped and
    # the stride doubled when KEPT are held), so a long game (a Spite and Malice match of
    # 25,000 actions) keeps a few hundred copies, not one per action.
    trail: list[State] = []
    stride, steps = 1, 0
    previous: State | None = None
    while not state.is_terminal():
        assert steps < limit, f"{state.game.spec}: no end after {limit} actions (info's bound)"
        previous = state.clone()
        if steps % stride == 0:
            trail.append(previous)
            if len(trail) >= 2 * KEPT:
                trail, stride = trail[::2], 2 * stride
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            pick, total = rng.random(), 0.0
            action = outcomes[-1][0]
            for a, p in outcomes:
                total += p
                if pick < total:
                    action = a
                    break
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        steps += 1
    walk.finals.append(state)
    every = max(1, len(trail) // POSITIONS)
    # Spread over the game, then the last position before its end (where a deal's every
    # hidden move has been made, so a log that leaks one shows it) and the end itself.
    last = [previous] if previous is not None else []
    chosen = [*trail[::every][:POSITIONS], *last, state]
    walk.positions.extend(chosen)
    walk.chance_nodes.extend(s for s in trail[::every] if s.is_chance_node())
    walk.decision_nodes.extend(s for s in trail if not s.is_chance_node())


def walk(spec: str, seeds: tuple[int, ...] = (1, 2)) -> Walk:
    """One-deal random games of ``spec``: one dealt by a seed, one at chance nodes, per seed."""
    game = hoyle.load(spec)
    result = Walk(game)
    limit = game.info.max_game_length
    for seed in seeds:
        rng = random.Random(seed)
        _random_game(game.new_initial_state(seed=seed), rng, result, limit)
        _random_game(game.new_initial_state(), rng, result, limit)
    return result


def _views(state: State) -> list[Any]:
    seats: list[int | None] = [None, *range(state.game.num_players)]
    return [state.observation(seat) for seat in seats]


def _where(state: State) -> str:
    return f"{state.game.spec} at {state.progress()} after {len(state.history())} actions"


# ---------------------------------------------------------------------- the clauses


def check_chance_outcomes(w: Walk) -> None:
    """Every chance node's outcomes are distinct legal actions whose probabilities sum to 1."""
    for state in w.chance_nodes:
        outcomes = state.chance_outcomes()
        assert outcomes, f"{_where(state)}: a chance node with no outcomes"
        actions = [a for a, _ in outcomes]
        assert len(set(actions)) == len(actions), f"{_where(state)}: repeated outcomes"
        assert all(p > 0 for _, p in outcomes), f"{_where(state)}: an outcome of probability 0"
        total = math.fsum(p for _, p in outcomes)
        assert abs(total - 1.0) < 1e-9, f"{_where(state)}: chance outcomes sum to {total}"
        assert sorted(actions) == sorted(state.legal_actions()), f"{_where(state)}"
    for state in w.decision_nodes[:: max(1, len(w.decision_nodes) // 20)]:
        assert state.chance_outcomes() == [], f"{_where(state)}: outcomes at a decision"


def check_clones_are_independent(w: Walk) -> None:
    """A clone moves on without moving the state it was copied from, and the other way."""
    for state in w.positions:
        if state.is_terminal():
            continue
        before = (_views(state), state.history(), state.legal_actions())
        copy = state.clone()
        assert _views(copy) == before[0] and copy.history() == before[1], _where(state)
        copy.apply_action(copy.legal_actions()[0])
        assert (_views(state), state.history(), state.legal_actions()) == before, (
            f"{_where(state)}: applying an action to a clone changed the original"
        )
        again = state.clone()
        state.apply_action(state.legal_actions()[-1])
        assert again.history() == before[1] and _views(again) == before[0], (
            f"{_where(state)}: applying an action to the original changed its clone"
        )


def check_history_replays(w: Walk) -> None:
    """``history()`` replayed from ``new_initial_state()`` (no seed) reaches the same position:
    every seat's and the spectator's observation, the player to act, the legal actions, the
    scores and returns."""
    for state in w.positions:
        replay = state.game.new_initial_state()
        for i, action in enumerate(state.history()):
            try:
                replay.apply_action(action)
            except HoyleError as exc:
                raise AssertionError(
                    f"{_where(state)}: history action {i} ({action}) does not replay: {exc}"
                ) from None
        assert replay.current_player() == state.current_player(), _where(state)
        assert replay.legal_actions() == state.legal_actions(), _where(state)
        assert replay.scores() == state.scores() and replay.returns() == state.returns()
        assert _views(replay) == _views(state), f"{_where(state)}: another position replayed"


def _json_ready(value: Any, where: str) -> None:
    """Lists for per-seat data: a dict keyed by seat numbers written as strings is refused."""
    if isinstance(value, dict):
        digits = [k for k in value if isinstance(k, str) and k.isdigit()]
        assert not digits, f"{where}: per-seat data keyed by {digits}; use a list by seat"
        for k, v in value.items():
            _json_ready(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _json_ready(v, f"{where}[{i}]")


def _seat_or_none(value: Any, n: int) -> bool:
    return value is None or (type(value) is int and 0 <= value < n)


def check_envelope(w: Walk) -> None:
    """Every observation holds the envelope's keys, first and in order, with their meanings
    and types; it is JSON data with per-seat data as lists."""
    for state in w.positions:
        game = state.game
        n = game.num_players
        for seat in [None, *range(n)]:
            obs = state.observation(seat)
            where = f"{_where(state)}, seat {seat}"
            assert list(obs)[: len(ENVELOPE)] == list(ENVELOPE), f"{where}: {list(obs)[:16]}"
            json.dumps(obs)
            _json_ready(obs, where)
            assert obs["game"] == game.spec and obs["title"] == game.title, where
            assert isinstance(obs["title"], str) and obs["title"], where
            assert obs["seat"] == seat and obs["players"] == n, where
            assert isinstance(obs["phase"], str) and obs["phase"], where
            current = state.current_player()
            assert obs["current_player"] == (current if current >= 0 else None), where
            assert type(obs["deal"]) is int and obs["deal"] == state.progress()[0] >= 1, where
            assert _seat_or_none(obs["dealer"], n), f"{where}: dealer {obs['dealer']!r}"
            hand = obs["hand"]
            assert isinstance(hand, list) and all(isinstance(t, str) for t in hand), where
            if seat is None:
                assert hand == [], f"{where}: a spectator is shown a hand"
            sizes = obs["hand_sizes"]
            assert len(sizes) == n and all(type(x) is int and x >= 0 for x in sizes), where
            if seat is not None:
                assert sizes[seat] == len(hand), f"{where}: hand_sizes disagrees with hand"
            assert obs["scores"] == [float(x) for x in state.scores()], where
            results = obs["results"]
            assert obs["deal_scores"] == [r["scores"] for r in results], where
            for r in results:
                assert set(r) >= {"deal", "scores", "lines", "items"}, where
                assert len(r["scores"]) == n and r["lines"], f"{where}: deal {r['deal']} unsaid"
                assert all(isinstance(x, str) and x for x in r["lines"]), where
            assert [r["deal"] for r in results] == list(range(1, len(results) + 1)), where
            if state.is_terminal():
                returns = state.returns()
                assert obs["returns"] == returns, where
                best = max(returns)
                assert obs["winner"] == [s for s in range(n) if returns[s] == best], where
                ranked = [s for group in obs["ranking"] for s in group]
                assert sorted(ranked) == list(range(n)) and obs["ranking"][0] == obs["winner"]
            else:
                assert obs["winner"] is None and obs["returns"] is None, where
                assert obs["ranking"] is None, where


def _rng_states(state: State) -> list[Any]:
    """The shufflers a state holds (any attribute that is a ``random.Random``)."""
    found = []
    names = list(getattr(state, "__dict__", {}))
    for cls in type(state).__mro__:
        names += list(getattr(cls, "__slots__", ()))
    for name in names:
        value = getattr(state, name, None)
        if isinstance(value, random.Random):
            found.append(value.getstate())
    return found


def check_resample(w: Walk) -> None:
    """``resample_from_infostate(seat)``: the same observation (and tensor) for the seat, the
    same legal actions when it is to act, a history that replays to the world drawn, and no
    shuffler of the real game kept."""
    game = w.game
    tensors = has_encoder(game.family)
    for k, state in enumerate(w.positions):
        if state.is_terminal():
            continue
        real_rngs = _rng_states(state)
        for seat in range(game.num_players):
            world = state.resample_from_infostate(seat, random.Random(1000 * k + seat))
            where = f"{_where(state)}, seat {seat}"
            assert world.observation(seat) == state.observation(seat), f"{where}: observation"
            if state.current_player() == seat:
                assert world.legal_actions() == state.legal_actions(), f"{where}: legal"
            if tensors:
                a, b = world.observation_tensor(seat), state.observation_tensor(seat)
                assert (a == b).all(), f"{where}: observation tensor"
            for rng_state in _rng_states(world):
                assert rng_state not in real_rngs, f"{where}: the real game's shuffler kept"
            replay = game.new_initial_state()
            for action in world.history():
                replay.apply_action(action)
            assert _views(replay) == _views(world), f"{where}: its history replays elsewhere"


def check_log(w: Walk) -> None:
    """``log(seat)`` is a function of what the seat may know: the same in every world
    resampled from its information (so it names no card hidden from it); the spectator's log
    is the same in every world any seat may be in. Entries have ``seat``, ``kind``, ``text``."""
    game = w.game
    n = game.num_players
    for k, state in enumerate(w.positions):
        spectator = state.log(None)
        for seat in range(n):
            log = state.log(seat)
            assert log, f"{_where(state)}: an empty log"
            for entry in log:
                assert {"seat", "kind", "text"} <= set(entry), entry
                assert _seat_or_none(entry["seat"], n) and entry["text"], entry
            json.dumps(log)
            if state.is_terminal():
                continue
            for r in range(2):
                world = state.resample_from_infostate(seat, random.Random(7919 * k + r))
                other = world.log(seat)
                for mine, theirs in zip(log, other, strict=False):
                    assert mine == theirs, (
                        f"{_where(state)}, seat {seat}: the log tells what the seat cannot "
                        f"know:\n  real:  {mine}\n  world: {theirs}"
                    )
                assert len(log) == len(other), f"{_where(state)}, seat {seat}: log lengths"
                assert world.log(None) == spectator, f"{_where(state)}: spectator's log"
        names = [f"P{s}" for s in range(n)]
        assert all("Seat " not in e["text"] for e in state.log(None, names)), "names unused"


def check_facts(w: Walk) -> None:
    """``facts(seat)`` (the side panel's contract, trumps, pot …) is a function of what the
    seat may know: the same in every world resampled from its information; each has ``kind``,
    ``label``, ``text`` and ``cards``, and names seats as given."""
    game = w.game
    n = game.num_players
    for k, state in enumerate(w.positions[:: max(1, len(w.positions) // 60)]):
        for seat in [*range(n), None]:
            facts = state.facts(seat)
            json.dumps(facts)
            for fact in facts:
                assert set(fact) == {"kind", "label", "text", "cards"}, fact
                assert fact["label"] and isinstance(fact["text"], str), fact
                assert all(isinstance(c, str) for c in fact["cards"]), fact
            if seat is None or state.is_terminal():
                continue
            world = state.resample_from_infostate(seat, random.Random(104729 * k + seat))
            assert world.facts(seat) == facts, (
                f"{_where(state)}, seat {seat}: the facts tell what the seat cannot know:\n"
                f"  real:  {facts}\n  world: {world.facts(seat)}"
            )
        names = [f"P{s}" for s in range(n)]
        assert all("Seat " not in f["text"] for f in state.facts(None, names)), "names unused"


def check_trick_events(w: Walk) -> None:
    """A finished trick is told as a ``trick`` event with the whole trick: ``plays``, a list
    of ``{"seat", "card"}`` in the order played, and ``winner``, one of those seats (so a
    surface can leave the full trick on the felt and mark its taker)."""
    n = w.game.num_players
    for state in w.positions[-1:] + w.positions[:: max(1, len(w.positions) // 8)]:
        for entry in state.log(None):
            if entry["kind"] != "trick":
                continue
            plays = entry.get("plays")
            where = _where(state)
            assert isinstance(plays, list) and plays, f"{where}: trick without plays {entry}"
            seats = [p["seat"] for p in plays]
            assert all(isinstance(p.get("card"), str) for p in plays), entry
            assert all(_seat_or_none(s, n) and s is not None for s in seats), entry
            assert len(set(seats)) == len(seats), f"a seat plays twice to one trick: {entry}"
            assert entry.get("winner") in seats, f"the trick's winner did not play: {entry}"


def check_choosing(w: Walk) -> None:
    """``choosing(seat)`` (how many cards a pass or a discard still asks) is the seat's to act
    only, the same in every world resampled from its information, with ``0 <= min <= max`` no
    more than the cards it may give; giving ``max`` legal cards in turn keeps it the seat's
    choice until the last, and then the choice is over (surfaces let a player choose that many
    and send them one by one)."""
    n = w.game.num_players
    for k, state in enumerate(w.decision_nodes):
        actor = state.current_player()
        for seat in range(n):
            got = state.choosing(seat)
            if seat != actor:
                assert got is None, f"{_where(state)}: seat {seat} chooses out of turn: {got}"
        assert state.choosing(None) is None
        if actor < 0:
            continue
        got = state.choosing(actor)
        if got is None:
            continue
        assert set(got) == {"verb", "min", "max"} and got["verb"] in ("pass", "discard"), got
        hand = set(state.observation(actor)["hand"])
        cards = [a for a in state.legal_actions() if state.action_to_string(a) in hand]
        assert 0 <= got["min"] <= got["max"] <= len(cards), f"{_where(state)}: {got}, {cards}"
        assert got["max"] >= 1, f"{_where(state)}: a choice of no card: {got}"
        world = state.resample_from_infostate(actor, random.Random(15485863 + k))
        assert world.choosing(actor) == got, f"{_where(state)}: choosing tells a hidden fact"
        trial = state.clone()
        for i in range(got["max"]):
            now = trial.choosing(actor)
            assert now is not None and now["max"] == got["max"] - i, f"{_where(state)}: {now}"
            hand = set(trial.observation(actor)["hand"])
            card = next(a for a in trial.legal_actions() if trial.action_to_string(a) in hand)
            trial.apply_action(card)
        after = trial.choosing(actor) if trial.current_player() == actor else None
        phase = trial.observation(actor)["phase"]
        assert after is None or phase != state.observation(actor)["phase"], (
            f"{_where(state)}: the choice goes on past its max ({got}, then {after})"
        )


def check_tokens(w: Walk) -> None:
    """Every legal action's token names it (``string_to_action(action_to_string(a)) == a``);
    an int that is no action, a non-int, and a token not legal here are refused."""
    game = w.game
    for state in w.decision_nodes[:: max(1, len(w.decision_nodes) // 40)] + w.chance_nodes[:3]:
        for action in state.legal_actions():
            token = state.action_to_string(action)
            assert isinstance(token, str) and token, _where(state)
            assert state.string_to_action(token) == action, f"{_where(state)}: {token!r}"
            assert state.string_to_action(f"  {token.lower()} ") == action, token
        for bad in (-1, game.num_distinct_actions):
            try:
                state.action_to_string(bad)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{_where(state)}: {bad} given a token")
        try:
            state.string_to_action("no such move")
        except IllegalActionError as exc:
            assert "legal" in str(exc), exc
        else:
            raise AssertionError(f"{_where(state)}: 'no such move' parsed")
        illegal = [
            a
            for a in range(game.num_distinct_actions)
            if a not in state.legal_actions() and _has_token(state, a)
        ]
        for action in illegal[:3]:
            token = state.action_to_string(action)
            try:
                found = state.string_to_action(token)
            except IllegalActionError:
                continue
            assert found in state.legal_actions(), f"{_where(state)}: {token!r} → {found}"


def _has_token(state: State, action: int) -> bool:
    try:
        state.action_to_string(action)
    except IllegalActionError:
        return False
    return True


def check_returns(w: Walk) -> None:
    """Zeros before the end; at the end within ``game.info``'s bounds, summing to its
    ``utility_sum`` where that is set; no game longer than ``max_game_length``."""
    info = w.game.info
    for state in w.positions:
        if not state.is_terminal():
            assert state.returns() == [0.0] * w.game.num_players, _where(state)
    for state in w.finals:
        returns = state.returns()
        assert all(info.min_utility <= r <= info.max_utility for r in returns), (
            f"{_where(state)}: returns {returns} outside [{info.min_utility}, {info.max_utility}]"
        )
        if info.utility_sum is not None:
            assert abs(sum(returns) - info.utility_sum) < 1e-9, f"{_where(state)}: {returns}"
        assert len(state.history()) <= info.max_game_length, _where(state)


def check_one_deal(w: Walk) -> None:
    """``deals=1`` plays exactly one deal: the deal number stays 1 and one result is given."""
    for state in w.finals:
        if getattr(state.game.rules, "deals", None) != 1:
            continue
        obs = state.observation(None)
        assert obs["deal"] == 1 and len(obs["results"]) == 1, (
            f"{_where(state)}: deals=1 played {len(obs['results'])} deals"
        )
    for state in w.positions:
        if getattr(state.game.rules, "deals", None) == 1:
            assert state.progress()[0] == 1, _where(state)


def check_match_ends(spec: str, seed: int = 3) -> None:
    """A whole match played at random ends within ``game.info.max_game_length`` actions, its
    deals numbered 1, 2, … in its results, its returns within the info's bounds."""
    game = hoyle.load(spec)
    w = Walk(game)
    _random_game(
        game.new_initial_state(seed=seed), random.Random(seed), w, game.info.max_game_length
    )
    final = w.finals[0]
    obs = final.observation(None)
    assert [r["deal"] for r in obs["results"]] == list(range(1, obs["deal"] + 1)), _where(final)
    check_returns(w)


def check_illegal_action(w: Walk) -> None:
    """An illegal action raises :class:`IllegalActionError` and leaves the state unchanged."""
    game = w.game
    for state in w.positions:
        legal = set(state.legal_actions())
        bad = [a for a in range(game.num_distinct_actions) if a not in legal][:3]
        for action in [*bad, -1, game.num_distinct_actions + 5, "QS", None, 1.0]:
            before = (_views(state), state.history(), state.legal_actions())
            try:
                state.apply_action(action)  # type: ignore[arg-type]
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{_where(state)}: illegal {action!r} was applied")
            after = (_views(state), state.history(), state.legal_actions())
            assert after == before, f"{_where(state)}: refusing {action!r} changed the state"


CLAUSES = {
    "chance_outcomes": check_chance_outcomes,
    "clones_are_independent": check_clones_are_independent,
    "history_replays": check_history_replays,
    "envelope": check_envelope,
    "resample": check_resample,
    "log": check_log,
    "facts": check_facts,
    "trick_events": check_trick_events,
    "choosing": check_choosing,
    "tokens": check_tokens,
    "returns": check_returns,
    "one_deal": check_one_deal,
    "illegal_action": check_illegal_action,
}
"""Every clause by name (the suite's test ids)."""


def iter_clauses() -> Iterator[tuple[str, Any]]:
    """(name, clause) pairs."""
    yield from CLAUSES.items()
