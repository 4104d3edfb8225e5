"""Streaming a run without Ray: exact order-free sums, bounded executors, Parquet and SQLite.

Issue 9: "results … are written to SQLite or Parquet; a study of 1,000,000 deals is one
command", so the summary is built deal by deal from exact sums (any order of batches gives the
same numbers), the executors never hold more than a few batches, and the writers write as the
games arrive.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from hoyle import arena
from hoyle.arena import sinks
from hoyle.arena.executors import LocalExecutor, batch_size, make_batches
from hoyle.arena.runner import Batch, play_batch
from hoyle.arena.sinks import ParquetSink, RunInfo, StoreSink, parquet_columns
from hoyle.arena.stats import Moments, SeatTally, Tally, agent_summaries, by_deal
from hoyle.arena.store import Store
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
    assert batch_size(10, 1) == 1  # one process: a batch per deal keeps the bar live
    assert batch_size(10_000, 2) == 250  # capped: files and bar move steadily
    assert batch_size(1_000_000, 64) == 250
    batches = make_batches("hearts(deals=1)", ((0, ("random",) * 4),), 0, 1_000_003, 250)
    first = next(batches)
    assert (first.first, first.count) == (0, 250)
    *_, last = batches
    assert (last.first, last.count) == (1_000_000, 3)


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


def test_parquet_is_written_in_row_groups_with_the_summary(
    small_match: arena.MatchResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sinks, "ROW_GROUP", 5)
    path = tmp_path / "m.parquet"
    sink = ParquetSink(path, INFO)
    for deal in by_deal(small_match.games):
        sink.write(deal)
    assert not path.exists()  # written under m.parquet.part until complete
    line = sink.finish({"deals": 8})
    assert line == f"Games: {path} (16 rows)" and not (tmp_path / "m.parquet.part").exists()
    meta = pq.ParquetFile(path).metadata
    assert meta.num_rows == 16 and meta.num_row_groups >= 3  # 16 rows, 5 at a time
    assert json.loads(meta.metadata[b"hoyle.summary"]) == {"deals": 8}
    assert json.loads(meta.metadata[b"hoyle.run"])["game"] == "hearts(deals=1)"
    table = pq.read_table(path)
    assert table.column_names == parquet_columns(4)
    for row, game in zip(table.to_pylist(), small_match.games, strict=True):
        assert (row["deal"], row["rotation"], row["seed"]) == (game.deal, game.rotation, game.seed)
        assert tuple(row[f"return_{s}"] for s in range(4)) == game.returns
        assert tuple(row[f"moves_{s}"] for s in range(4)) == game.moves
        assert tuple(row[f"think_s_{s}"] for s in range(4)) == game.think_s


def test_an_aborted_parquet_file_leaves_nothing(
    small_match: arena.MatchResult, tmp_path: Path
) -> None:
    sink = ParquetSink(tmp_path / "m.parquet", INFO)
    sink.write(small_match.games[:4])
    sink.abort()
    assert list(tmp_path.iterdir()) == []


def test_sqlite_is_streamed_then_finished_or_discarded(
    small_match: arena.MatchResult, tmp_path: Path
) -> None:
    db = str(tmp_path / "s.db")
    sink = StoreSink(Store(db), INFO)
    store = Store(db)
    assert store.summary(sink.match_id) == {"status": "running"}  # visible while it runs
    for deal in by_deal(small_match.games):
        sink.write(deal)
    sink.finish({"deals": 8, "elapsed_s": 1.5, "workers": 1})
    assert store.read_games(sink.match_id) == list(small_match.games)
    assert store.summary(sink.match_id) == {"deals": 8, "elapsed_s": 1.5, "workers": 1}

    dropped = StoreSink(Store(db), INFO)
    dropped.write(small_match.games)
    dropped.abort()
    assert store.match_ids() == [sink.match_id]
    store.close()


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
    assert two["out"] == str(path) and pq.ParquetFile(path).metadata.num_rows == 24


def test_cli_simulate_takes_workers_and_writes_sqlite(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["simulate", "hearts(deals=1)", "--games", "16", "--agents", "easy,random,random,easy"]
    code, out, _ = run([*argv, "--json"], capsys)
    one = json.loads(out)
    db = tmp_path / "sim.sqlite"
    code, out, err = run([*argv, "--workers", "2", "--out", str(db)], capsys)
    assert code == 0, err
    assert out.splitlines()[-1] == f"Saved as match 1 in sqlite:///{db}"
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
        (["--out", "x.csv"], "should end in .parquet, .sqlite or .db"),
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


@pytest.mark.parametrize("command", ["match", "simulate"])
def test_ctrl_c_leaves_no_half_file(
    command: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(f"hoyle.arena.{command}", interrupted)
    path = tmp_path / "study.parquet"
    code, out, err = run([command, "hearts", "--agents", "easy", "--out", str(path)], capsys)
    assert code == 130 and out == ""
    assert "interrupted; nothing was printed or saved" in err
    assert list(tmp_path.iterdir()) == []  # neither study.parquet nor study.parquet.part


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

    monkeypatch.setattr(ParquetSink, "write", disk_full)
    path = tmp_path / "study.parquet"
    argv = ["simulate", "hearts(deals=1)", "--games", "3", "--out", str(path)]
    code, out, err = run(argv, capsys)
    assert code == 1 and out == ""
    assert err.startswith("hoyle: error: stopped: ") and "No space left" in err
    assert list(tmp_path.iterdir()) == []
