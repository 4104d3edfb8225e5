"""What an observation tensor costs, against a plain engine step, for every family with an encoder.

Each row is one preset. The same random playouts (seeded deals, uniformly random legal moves,
chance nodes by their outcomes, new matches until ``--steps`` decisions are played) run twice:

``plain``
    ``legal_actions()`` / ``apply_action(rng.choice(...))``: a plain step;
``encoded``
    the same, with ``state.observation_tensor(current_player, out=buf)`` before each decision,
    into one buffer kept for the whole run (as a learning loop would).

``step µs`` is the plain time per decision; ``encode µs`` is the extra time per decision of the
encoded run; the *target* is the issue's: encoding not slower than 1.5 plain steps (ratio ≤ 1.5).
Times are the process's CPU time (``time.process_time``), so other programs on a shared machine
do not count; rows alternate within each of ``--rounds`` rounds and each figure is the fastest
round's.

    .venv/bin/python benchmarks/encoding_speed.py                   # every preset
    .venv/bin/python benchmarks/encoding_speed.py --family hearts --steps 20000 --rounds 5
    .venv/bin/python benchmarks/encoding_speed.py --defaults --json  # default presets only
    .venv/bin/python benchmarks/encoding_speed.py --family all-fours --preset shasta-sam
    .venv/bin/python benchmarks/encoding_speed.py --python   # without the compiled writers
    .venv/bin/python benchmarks/encoding_speed.py --game "bourre(players=8)"
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import hoyle
from hoyle.core import encoding
from hoyle.core.encoding import encoder, has_encoder
from hoyle.core.protocol import Game
from hoyle.games.hearts import encode as hearts_encode
from hoyle.games.hearts.encode import HeartsEncoder

TARGET = 1.5
"""Encoding may cost at most this many plain steps."""


@dataclass
class Row:
    """One preset's timings: seconds per round for each loop, and the decisions played."""

    family: str
    preset: str
    size: int
    decisions: int = 0
    plain: list[float] = field(default_factory=list)
    encoded: list[float] = field(default_factory=list)

    @property
    def step_us(self) -> float:
        return min(self.plain) / self.decisions * 1e6

    @property
    def encode_us(self) -> float:
        return max(min(self.encoded) - min(self.plain), 0.0) / self.decisions * 1e6

    @property
    def ratio(self) -> float:
        return self.encode_us / self.step_us


def playout(game: Game[Any], steps: int, encode: bool) -> tuple[float, int]:
    """Seconds and decisions for random playouts of ``steps`` decisions."""
    rng = random.Random(0)
    buf = encoder(game).new_buffer()
    decisions = 0
    seed = 0
    start = time.process_time()  # CPU time: a shared machine's other work is not counted
    while decisions < steps:
        state = game.new_initial_state(seed=seed)
        seed += 1
        while not state.is_terminal() and decisions < steps:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if encode:
                state.observation_tensor(state.current_player(), out=buf)
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return time.process_time() - start, decisions


def use_compiled(wanted: bool) -> bool:
    """Whether the compiled writers run (``wanted`` False: numpy's code alone, as where they
    were not built); False too where they were not built."""
    if not wanted:
        encoding._fastwrite = None  # type: ignore[assignment]
    return encoding._fastwrite is not None and hearts_encode._compiled is not None


def row_for(game: Game[Any], name: str, python: bool) -> Row:
    """The row of ``game``; with ``python``, its Hearts encoder (the one observation_tensor
    uses) sent to the Python code."""
    enc = encoder(game)
    if python and isinstance(enc, HeartsEncoder):
        enc.fast = False
    return Row(game.family, name, enc.size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--family", action="append", help="only this family (repeatable)")
    parser.add_argument("--preset", action="append", help="only this preset (repeatable)")
    parser.add_argument("--defaults", action="store_true", help="only each family's default")
    parser.add_argument(
        "--game",
        action="append",
        help="a game string instead of the presets (repeatable), e.g. 'hearts(players=6)'",
    )
    parser.add_argument("--steps", type=int, default=5000, help="decisions per row and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--python",
        action="store_true",
        help="the Python encoders alone, as on an install without a C compiler",
    )
    args = parser.parse_args()
    compiled = use_compiled(not args.python)
    rows: list[tuple[Row, Game[Any]]] = []
    for spec in args.game or []:
        game = hoyle.load(spec)
        if not has_encoder(game.family):
            parser.error(f"{spec}: the {game.family} family has no observation encoder")
        rows.append((row_for(game, spec, args.python), game))
    for fam in [] if args.game else hoyle.families():
        if not has_encoder(fam) or (args.family and fam not in args.family):
            continue
        presets = hoyle.variants(fam)[:1] if args.defaults else hoyle.variants(fam)
        for preset in presets:
            if args.preset and preset.name not in args.preset:
                continue
            game = hoyle.load(fam, variant=preset.name)
            rows.append((row_for(game, preset.name, args.python), game))
    for _ in range(args.rounds):
        for row, game in rows:
            seconds, row.decisions = playout(game, args.steps, encode=False)
            row.plain.append(seconds)
            seconds, _ = playout(game, args.steps, encode=True)
            row.encoded.append(seconds)
    if args.json:
        out = {
            "target": TARGET,
            "compiled": compiled,
            "rows": [
                {**asdict(r), "step_us": r.step_us, "encode_us": r.encode_us, "ratio": r.ratio}
                for r, _ in rows
            ],
        }
        print(json.dumps(out, indent=2))
        return
    print(f"{'family/preset':36} {'size':>5} {'step µs':>8} {'encode µs':>10} {'ratio':>6}  target")
    for row, _ in rows:
        met = "yes" if row.ratio <= TARGET else "NO"
        name = row.preset if "(" in row.preset else f"{row.family}/{row.preset}"
        print(
            f"{name:36} {row.size:5d} {row.step_us:8.2f} {row.encode_us:10.2f} "
            f"{row.ratio:6.2f}  {met}"
        )
    print(
        f"(target: encode/step ≤ {TARGET}; fastest of {args.rounds} rounds, {args.steps} steps; "
        f"{'compiled writers' if compiled else 'Python encoders alone'})"
    )


if __name__ == "__main__":
    main()
