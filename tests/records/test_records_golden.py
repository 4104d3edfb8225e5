"""Golden records: committed files that the writer must reproduce byte for byte.

Each file was written once by :func:`build` below. The tests rebuild the record from the same
seeded play and compare with the file; they never write it. After a deliberate change to the
format, run ``python tests/records/test_records_golden.py`` to rewrite the files, then review
the diff.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import hoyle
from hoyle import records
from hoyle.records import Record

DATA = Path(__file__).resolve().parent.parent / "data" / "records"


def _play(state: hoyle.State, rng: random.Random, greedy_seat: int | None = None) -> None:
    """Play to the end: chance and seats at random, ``greedy_seat`` always its highest card."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        elif state.current_player() == greedy_seat:
            state.apply_action(max(state.legal_actions()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def _seeded_deal() -> Record:
    # One deal from seed 7, with tags, an opening comment and comments that need care:
    # quotes, an opening brace, and one that spans lines.
    state = hoyle.load("hearts", deals=1).new_initial_state(seed=7)
    _play(state, random.Random(7))
    rec = records.from_state(
        state,
        seed=7,
        seats=["You", "easy", "easy", "easy"],
        tags={"Event": 'Golden "seeded" deal \\ one', "Date": "2024.01.01"},
    )
    rec.intro = "Seed 7, every seat playing at random."
    rec.comments[11] = "the pass is over"
    rec.comments[20] = 'a { is plain text in a comment, and so is "this"'
    rec.comments[40] = "a comment\nover two lines"
    return rec


def _chance_match() -> Record:
    # A whole match to 100 dealt at chance nodes: the dealt cards are in the move list.
    state = hoyle.load("hearts").new_initial_state()
    _play(state, random.Random(11))
    return records.from_state(state, seats=["North", "East", "South", "West"])


MOON_HANDS = [
    # Seat 0 holds the top of every suit it will lead, so it takes every trick and the moon.
    "AH KH QH JH TH 9H 8H 7H AS KS QS AC AD",
    "2C 5C 8C JC 2D 5D 8D JD 2H 5H 2S 5S 8S",
    "3C 6C 9C QC 3D 6D 9D QD 3H 6H 3S 6S 9S",
    "4C 7C TC KC 4D 7D TD KD 4H 4S 7S TS JS",
]


def _moon_shot() -> Record:
    # A hand-set deal under moon=choose: the shooter's choice is the two-word token "moon add".
    game = hoyle.load("hearts", deals=1, moon="choose", pass_cycle="hold")
    state = game.deal_state(MOON_HANDS)  # type: ignore[attr-defined]
    _play(state, random.Random(3), greedy_seat=0)
    return records.from_state(state, tags={"Event": "Shooting the moon"})


GOLDEN = {
    "hearts-deal-seed7.hrec": _seeded_deal,
    "hearts-match-chance.hrec": _chance_match,
    "hearts-moon-choose.hrec": _moon_shot,
}


def build(name: str) -> str:
    """The text of golden file ``name`` as the writer gives it today."""
    return records.dumps(GOLDEN[name]())


def _read(name: str) -> str:
    return (DATA / name).read_bytes().decode("utf-8")


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_writer_reproduces_golden_file(name: str) -> None:
    assert build(name) == _read(name)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_file_round_trips_byte_for_byte(name: str) -> None:
    text = _read(name)
    assert records.dumps(records.loads(text)) == text


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_file_replays_to_its_result(name: str) -> None:
    rec = records.read_file(DATA / name)
    state = records.replay(rec)
    assert state.is_terminal()
    assert records.result_string(state) == rec.tags["Result"]


def test_golden_json_mirror() -> None:
    rec = records.loads(_read("hearts-deal-seed7.hrec"))
    text = _read("hearts-deal-seed7.json")
    assert records.json_dumps(rec) + "\n" == text
    assert records.json_loads(text) == rec


def test_golden_files_show_the_format() -> None:
    # What a reader of the files sees: the tags, a seeded deal without deal lines, a chance
    # deal with them, multi-word tokens with an underscore.
    seeded = _read("hearts-deal-seed7.hrec")
    assert seeded.startswith('[Game "hearts(deals=1)"]\n[Seed "7"]\n')
    assert '[Event "Golden \\"seeded\\" deal \\\\ one"]' in seeded
    assert "\n1.pass " in seeded and "\n1.13 " in seeded and ".deal" not in seeded
    match = _read("hearts-match-chance.hrec")
    assert '[Seed "-"]' in match and "\n1.deal " in match and "\n2.deal " in match
    moon = _read("hearts-moon-choose.hrec")
    assert "\n1.moon moon_subtract\n" in moon
    assert "returns 26 0 0 0" in moon


def _regenerate() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for name in GOLDEN:
        (DATA / name).write_bytes(build(name).encode("utf-8"))
    rec = records.loads(_read("hearts-deal-seed7.hrec"))
    (DATA / "hearts-deal-seed7.json").write_bytes((records.json_dumps(rec) + "\n").encode())


if __name__ == "__main__":
    _regenerate()
    sys.exit(0)
