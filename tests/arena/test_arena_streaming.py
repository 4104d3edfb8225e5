"""Streaming a run without Ray: exact order-free sums, bounded executors, Parquet and SQLite.

Issue 9: "results … are written to SQLite or Parquet; a study of 1,000,000 deals is one
command", so the summary is built deal by deal from exact sums (any order of batches gives the
same numbers), the executors never hold more than a few batches, and the writers write as the
games arrive.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from hoyle import arena
from hoyle.arena import study as studies
from hoyle.arena.executors import BatchPlan, LocalExecutor, batch_size, make_batches
from hoyle.arena.runner import Batch, play_batch
from hoyle.arena.stats import Moments, SeatTally, Tally, agent_summaries, by_deal, tally_from_dict
from hoyle.arena.store import Store
from hoyle.arena.study import ParquetExport, RunInfo, Study, parquet_columns
from hoyle.cli import main

INFO = RunInfo(
    kind="match",
    game="hearts(deals=1)",
    lineup=("easy", "random", "easy", "random"),
    seed=3,
    deals=8,
    duplicate=True,
    rotations=2,
    workers=1,
)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_moments_are_exact_in_any_order_and_agree_with_statistics() -> None:
    rng = random.Random(2)
    for _ in range(200):
        values = [rng.choice([rng.uniform(-26, 0), 1 / 3, float(rng.randint(-26, 0))])]
        values += [rng.uniform(-30, 30) for _ in range(rng.randint(1, 40))]
        forward, backward = Moments(), Moments()
        for x in values:
            forward.add(x)
        for x in reversed(values):
            backward.add(x)
        assert forward.interval() == backward.interval()
        assert forward.mean() == statistics.fmean(values)
        assert forward.stdev() == statistics.stdev(values)
    with pytest.raises(ValueError, match="cannot take the mean"):
        Moments().add(float("nan"))


def test_a_tally_fed_deals_in_any_order_gives_the_same_summary(
    small_match: arena.MatchResult,
) -> None:
    deals = list(by_deal(small_match.games))
    random.Random(0).shuffle(deals)
    tally = Tally(["easy", "random"])
    for deal in deals:
        tally.add_deal(deal)
    # think_ms adds float seconds; exact too, so even it matches.
    assert tuple(tally.agents()) == small_match.agents
    assert tuple(tally.pairs()) == small_match.pairs
    assert tally.games == 16 and tally.deals == 8


def test_tallies_made_per_batch_merge_into_the_whole(small_match: arena.MatchResult) -> None:
    # Batches are tallied where they are played; the caller merges them in any order.
    deals = list(by_deal(small_match.games))
    parts = [Tally(["easy", "random"]) for _ in range(3)]
    for i, deal in enumerate(deals):
        parts[i % 3].add_deal(deal)
    whole = Tally(["easy", "random"])
    for part in reversed(parts):
        whole.merge(part)
    assert tuple(whole.agents()) == small_match.agents
    assert tuple(whole.pairs()) == small_match.pairs
    seats, halves = SeatTally(4), [SeatTally(4), SeatTally(4)]
    seats.add_games(small_match.games)
    halves[0].add_games(small_match.games[:5])
    halves[1].add_games(small_match.games[5:])
    halves[1].merge(halves[0])
    assert [m.interval() for m in halves[1].returns] == [m.interval() for m in seats.returns]
    assert halves[1].games == 16
    with pytest.raises(ValueError, match="cannot merge"):
        whole.merge(Tally(["random", "easy"]))


def test_a_match_that_keeps_no_games_prints_the_same_numbers(
    small_match: arena.MatchResult,
) -> None:
    lean = arena.match("hearts(deals=1)", ["easy", "random"], deals=8, seed=3, keep_games=False)
    assert lean.games == () and lean.games_played == 16
    assert [a.mean_return for a in lean.agents] == [a.mean_return for a in small_match.agents]
    assert lean.pairs == small_match.pairs
    assert agent_summaries(small_match.games, ["easy", "random"])[0].win_rate == (
        lean.agents[0].win_rate
    )


def test_batches_are_made_lazily_and_cover_every_deal_once() -> None:
    batches = make_batches("hearts(deals=1)", ((0, ("random",) * 4),), 0, 1_000_003, 250)
    first = next(batches)
    assert (first.first, first.count) == (0, 250)
    *_, last = batches
    assert (last.first, last.count) == (1_000_000, 3)


def test_batches_are_sized_by_the_measured_time() -> None:
    # Issue 21: "The batch size adapts to the measured cost per deal (target: a batch takes
    # about a minute)": one deal until a cost is known, then a minute's worth, capped by a
    # quarter of each slot's share of what is left (so the end is even) and by MAX_BATCH.
    assert batch_size(1_000_000, 2) == 1
    assert batch_size(1_000_000, 2, seconds_per_deal=2.5) == 24  # expert-like: 60 s / 2.5 s
    assert batch_size(1_000_000, 2, seconds_per_deal=0.000_01) == 10_000
    assert batch_size(80, 2, seconds_per_deal=0.01) == 10  # 80 left: 4 batches a slot
    plan = BatchPlan("hearts(deals=1)", ((0, ("random",) * 4),), 0, [(0, 1000)], 2, target=1.0)
    made = iter(plan)
    assert next(made).count == 1  # nothing measured yet
    plan.observe(1, 0.01)  # one deal took 10 ms: a batch of 100 takes a second
    assert next(made).count == 100
    plan.observe(100, 4.0)  # they cost more than the first said: (0.01 + 4) / 101 s a deal
    assert next(made).count == 25
    rest = list(made)
    covered = sorted([(0, 1), (1, 100), (101, 25)] + [(b.first, b.count) for b in rest])
    assert sum(c for _, c in covered) == 1000
    assert all(a + n == b for (a, n), (b, _) in itertools.pairwise(covered))
    assert rest[-1].count < 25  # shrinking towards the end


def test_a_plan_covers_only_the_ranges_a_study_lacks() -> None:
    plan = BatchPlan("hearts(deals=1)", ((0, ("random",) * 4),), 0, [(3, 2), (10, 1)], 1)
    assert [(b.first, b.count) for b in plan] == [(3, 1), (4, 1), (10, 1)]
    assert plan.total == 3


def test_local_workers_take_only_a_few_batches_at_a_time() -> None:
    taken = 0

    def source() -> Iterator[Batch]:
        nonlocal taken
        for batch in make_batches("hearts(deals=1)", ((0, ("random",) * 4),), 0, 40, 1):
            taken += 1
            yield batch

    executor = LocalExecutor(2)
    results = executor.run(source(), play_batch)
    next(results)
    assert taken <= 4 * 2 + 1  # four batches per worker queued, not all forty
    assert len(list(results)) == 39


def test_tallies_go_through_json_exactly(small_match: arena.MatchResult) -> None:
    # A study stores each batch's exact sums as JSON and merges them back when resumed.
    tally = Tally(["easy", "random"])
    tally.add_games(small_match.games)
    back = tally_from_dict(json.loads(json.dumps(tally.to_dict())))
    assert isinstance(back, Tally)
    assert back.agents() == tally.agents() and back.pairs() == tally.pairs()
    seats = SeatTally(4)
    seats.add_games(small_match.games)
    again = tally_from_dict(json.loads(json.dumps(seats.to_dict())))
    assert isinstance(again, SeatTally)
    assert [m.interval() for m in again.returns] == [m.interval() for m in seats.returns]


def test_a_parquet_study_is_a_folder_of_complete_parts(
    small_match: arena.MatchResult, tmp_path: Path
) -> None:
    # Issue 21: "Parquet as an export written in row groups as batches finish, always
    # readable": every part is whole when it appears, and the folder reads as one table.
    path = tmp_path / "m.parquet"
    study = Study.open(path, INFO, flush_seconds=0.0)  # a part per batch
    result = arena.match("hearts(deals=1)", ["easy", "random"], 8, seed=3, study=study)
    assert len(list(path.glob("part-*.parquet"))) >= 2  # written as batches finished
    line = study.finish(result.to_dict())
    assert line.startswith(f"Games: {path} (")
    table = pq.read_table(path)  # _study.sqlite is skipped by every Parquet reader
    assert table.column_names == parquet_columns(4)
    rows = sorted(table.to_pylist(), key=lambda r: (r["deal"], r["rotation"]))
    assert [(r["deal"], r["rotation"]) for r in rows] == [
        (g.deal, g.rotation) for g in small_match.games
    ]
    assert [r["return_0"] for r in rows] == [g.returns[0] for g in small_match.games]
    assert (
        json.loads(pq.read_schema(path / "part-000000.parquet").metadata[b"hoyle.run"])["seed"] == 3
    )
    (status,) = studies.study_statuses(str(path))
    assert (status.state, status.done, status.pending, status.failed) == ("finished", 8, 0, 0)


def test_parts_nobody_recorded_are_removed_when_a_study_goes_on(tmp_path: Path) -> None:
    # The driver died after writing a part but before recording it: the part's deals are
    # played again, so the part must go, or its games would be counted twice.
    path = tmp_path / "m.parquet"
    study = Study.open(path, INFO, flush_seconds=3600.0)
    export = ParquetExport(path, INFO)
    orphan = export.write(arena.match("hearts(deals=1)", ["easy", "random"], 1, seed=3).games)
    (path / ".part-000001.parquet.tmp").write_bytes(b"PAR1")  # died while writing
    study.close()
    again = Study.open(path, INFO)
    assert again.resumed and again.pending() == [(0, 8)]
    assert not (path / orphan).exists() and not list(path.glob(".part-*"))
    again.close()


def test_a_sqlite_study_records_each_batch_with_its_games(
    small_match: arena.MatchResult, tmp_path: Path
) -> None:
    db = tmp_path / "m.sqlite"
    study = Study.open(db, INFO)
    result = arena.match("hearts(deals=1)", ["easy", "random"], 8, seed=3, study=study)
    stored = study.store.read_games(study.id)
    assert [g.outcome() for g in stored] == [g.outcome() for g in small_match.games]
    rows = list(study.store.batch_rows(study.id))
    assert sum(r.count for r in rows) == 8 and {r.status for r in rows} == {"done"}
    line = study.finish(result.to_dict())
    assert line == f"Saved as study 1 in sqlite:///{db}"
    summary = Store(str(db)).summary(1)
    assert summary["status"] == "finished" and summary["agents"] == result.to_dict()["agents"]


def test_cli_workers_write_parquet_and_print_what_one_process_prints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["match", "hearts(deals=1)", "--agents", "easy,random", "--deals", "12", "--json"]
    code, out, _ = run([*argv, "--duplicate"], capsys)
    one = json.loads(out)
    path = tmp_path / "two.parquet"
    code, out, err = run([*argv, "--duplicate", "--workers", "2", "--out", str(path)], capsys)
    assert code == 0, err
    two = json.loads(out)
    for key in ("agents", "pairs"):
        for a, b in zip(one[key], two[key], strict=True):
            a.pop("think_ms", None), b.pop("think_ms", None)
            assert a == b
    assert two["out"] == str(path) and pq.read_table(path).num_rows == 24


def test_cli_simulate_takes_workers_and_writes_sqlite(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["simulate", "hearts(deals=1)", "--games", "16", "--agents", "easy,random,random,easy"]
    code, out, _ = run([*argv, "--json"], capsys)
    one = json.loads(out)
    db = tmp_path / "sim.sqlite"
    code, out, err = run([*argv, "--workers", "2", "--out", str(db)], capsys)
    assert code == 0, err
    assert out.splitlines()[-1] == f"Saved as study 1 in sqlite:///{db}"
    assert "2 workers" in out
    store = Store(str(db))
    summary = store.summary(1)
    assert summary["mean_returns"] == one["mean_returns"] and summary["ci95"] == one["ci95"]
    assert len(store.read_games(1)) == 16
    store.close()


def test_simulate_game_i_is_deal_i_rotation_0_of_a_match() -> None:
    # The module docstring of hoyle.arena.simulation: same seeds, same agents' seeds.
    games = arena.match("hearts(deals=1)", ["easy", "random"], deals=3, seed=4).games
    result = arena.simulate("hearts(deals=1)", ["easy", "random"] * 2, 3, seed=4)
    firsts = [g for g in games if g.rotation == 0]
    for seat in range(4):
        expected = statistics.fmean(g.returns[seat] for g in firsts)
        assert result.returns[seat].mean == expected


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--out", "x.csv"], "should end in .parquet (a folder of Parquet files), .sqlite"),
        (["--out", "/no/such/folder/x.parquet"], "cannot write in /no/such/folder"),
        (["--workers", "2", "--ray", "local"], "not allowed with argument"),
        (["--ray", ""], "ray: give an address"),
    ],
)
@pytest.mark.parametrize("command", ["match", "simulate"])
def test_bad_run_arguments_fail_before_any_game(
    command: str, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run([command, "hearts", "--agents", "easy", *argv], capsys)
    assert code == 2 and out == ""
    assert message in err and len(err.splitlines()) == 1


def test_without_ray_installed_the_error_says_how_to_get_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    code, _, err = run(["match", "hearts", "--agents", "easy", "--ray", "auto"], capsys)
    assert code == 2
    assert "Ray is not installed; install it with pip install 'hoyle[ray]'" in err


def without_times(summary: dict[str, object]) -> dict[str, object]:
    """A summary less what depends on the run: times, where it ran and where it went."""
    dropped = {"elapsed_s", "games_per_s", "workers", "executor", "out", "database", "study"}
    data = {k: v for k, v in summary.items() if k not in dropped}
    agents = data.get("agents")
    if isinstance(agents, list) and agents and isinstance(agents[0], dict):
        data["agents"] = [{k: v for k, v in a.items() if k != "think_ms"} for a in agents]
    return data


@pytest.mark.parametrize("store", ["study.parquet", "study.sqlite"])
@pytest.mark.parametrize("command", ["match", "simulate"])
def test_ctrl_c_saves_what_is_done_and_the_study_goes_on_to_the_same_numbers(
    command: str,
    store: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    # Issue 21: "SIGINT stops cleanly after saving … hoyle match --resume STORE continues
    # where it stopped, with the same final numbers, to the last digit".
    count = "--deals" if command == "match" else "--games"
    argv = [
        command,
        "hearts(deals=1)",
        "--agents",
        "easy,random" + ",random" * 2 * (command == "simulate"),
        count,
        "30",
        "--seed",
        "9",
        "--json",
        "--batch-seconds",
        "0.05",
    ]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    whole = json.loads(out)

    record = Study.record
    calls = 0

    def ctrl_c_after_three(self: Study, batch: Batch, outcome: object) -> None:
        nonlocal calls
        calls += 1
        if calls == 4:
            raise KeyboardInterrupt  # Ctrl-C while the fourth batch is being handed over
        record(self, batch, outcome)  # type: ignore[arg-type]

    monkeypatch.setattr(Study, "record", ctrl_c_after_three)
    path = tmp_path / store
    code, out, err = run([*argv, "--out", str(path)], capsys)
    assert code == 130 and out == ""
    unit = "deals" if command == "match" else "games"  # a simulation counts games
    saved = re.search(
        rf"stopped: (\d+) of 30 {unit} saved in (\S+); go on with: hoyle (\w+) --resume", err
    )
    assert saved is not None, err
    assert 3 <= int(saved[1]) < 30 and (saved[2], saved[3]) == (str(path), command)
    monkeypatch.setattr(Study, "record", record)

    code, out, err = run([command, "--resume", str(path), "--json"], capsys)
    assert code == 0, err
    assert f"going on with study 1 in {path}: {saved[1]} of 30 done" in err
    assert without_times(json.loads(out)) == without_times(whole)
    (status,) = studies.study_statuses(str(path))
    assert (status.state, status.done, status.pending) == ("finished", 30, 0)


def test_resume_takes_the_settings_from_the_store_and_says_what_is_wrong(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "s.sqlite"
    code, _, err = run(["match", "--resume", str(path)], capsys)
    assert code == 2 and f"no study at {path}" in err
    argv = ["match", "hearts(deals=1)", "--agents", "easy", "--deals", "2", "--out", str(path)]
    assert run(argv, capsys)[0] == 0
    code, _, err = run(["match", "--resume", str(path)], capsys)
    assert code == 2 and "holds no unfinished study" in err
    code, _, err = run(["match", "hearts", "--resume", str(path), "--seed", "3"], capsys)
    assert code == 2 and "drop GAME, --seed" in err
    code, _, err = run(["match", "--resume", str(path), "--study", "1"], capsys)
    assert code == 2 and "is finished" in err
    code, _, err = run(["simulate", "--resume", str(path), "--study", "1"], capsys)
    assert code == 2 and f"study 1 in {path} is a match: hoyle match --resume {path}" in err
    code, _, err = run(["match", "--resume", str(path), "--chart", "x.txt"], capsys)
    assert code == 2  # a bad argument beside --resume: the study is not touched
    assert studies.study_statuses(str(path))[0].state == "finished"
    code, _, err = run(["match", "hearts", "--agents", "easy", "--study", "1"], capsys)
    assert code == 2 and "--study goes with --resume STORE" in err


class _FakeRay:
    """Just enough of the ray module for :meth:`RayExecutor.run`: tasks run when waited on."""

    class exceptions:  # the shape of ray.exceptions
        class RayTaskError(Exception):
            cause: BaseException

    def __init__(self) -> None:
        self.submitted = 0
        self.cancelled: list[object] = []

    def remote(self, **options: object) -> object:
        fake = self

        def wrap(function: object) -> object:
            class Remote:
                @staticmethod
                def remote(*args: object) -> object:
                    fake.submitted += 1
                    return (function, args)

            return Remote

        return wrap

    def wait(self, refs: list[object], num_returns: int) -> tuple[list[object], list[object]]:
        return refs[:num_returns], refs[num_returns:]

    def get(self, ref: tuple[object, tuple[object, ...]]) -> object:
        function, args = ref
        return function(*args)  # type: ignore[operator]

    def cancel(self, ref: object, force: bool) -> None:
        self.cancelled.append(ref)


def test_ray_keeps_two_tasks_per_cpu_in_flight() -> None:
    # "bounded in-flight tasks so a 1,000,000-deal study doesn't submit a million objects at
    # once": the executor's loop, over a stand-in for ray on a 2-CPU cluster.
    from hoyle.arena.executors import RayExecutor

    fake = _FakeRay()
    executor = object.__new__(RayExecutor)
    executor.address, executor._ray, executor._tasks, executor._cpus = "fake", fake, {}, 2
    batches = make_batches("hearts(deals=1)", ((0, ("random",) * 4),), 0, 1_000_000, 1)
    results = executor.run(batches, play_batch)
    first_batch, games = next(results)
    assert first_batch.first == 0 and len(games) == 1
    assert fake.submitted == 4  # two per CPU, not a million
    for _ in range(10):
        next(results)
    # One new task for each result taken, when the caller comes back for the next one.
    assert fake.submitted == 4 + 10
    results.close()  # the caller stops: the three still in flight are cancelled
    assert len(fake.cancelled) == 3


def test_a_file_that_cannot_be_written_mid_run_stops_it_with_status_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def disk_full(self: object, games: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ParquetExport, "write", disk_full)
    path = tmp_path / "study.parquet"
    argv = ["simulate", "hearts(deals=1)", "--games", "3", "--out", str(path)]
    argv += ["--batch-seconds", "0.001"]  # a part as soon as a batch is done
    code, out, err = run([*argv, "--quiet"], capsys)
    assert code == 1 and out == ""
    assert err.startswith("hoyle: error: stopped: ") and "No space left" in err
    # What was recorded before stays, and the study can go on once there is room.
    (status,) = studies.study_statuses(str(path))
    assert status.state == "stopped" and status.pending == 3
