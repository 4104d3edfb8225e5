"""``hoyle verify``: a card-room record's shuffles checked against their commitments."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from hoyle.cli import main
from hoyle.records import dumps, loads
from hoyle.web.fair import FairnessError, commitment, verify_record
from hoyle.web.room import Room
from hoyle.web.store import Store
from hoyle.web.table import Settings


async def bot_game(db: Path, spec: str) -> str:
    room = Room(Store(f"sqlite:///{db}"), Settings(bot_delay=0))
    table = (await room.create(spec, [{"kind": "bot", "level": "random"}] * 4)).table
    while not table.finished:
        await asyncio.sleep(0.005)
    room.stop()
    assert table.row.record is not None
    return table.row.record


@pytest.fixture(scope="module")
def record_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    db = tmp_path_factory.mktemp("verify") / "room.sqlite3"
    return asyncio.run(bot_game(db, "hearts(target=40)"))  # a match of a few deals


def test_a_room_record_verifies_deal_by_deal(
    record_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = loads(record_text)
    deals = len(rec.tags["Commitments"].split())
    assert deals >= 2 and len(verify_record(rec)) == deals
    path = tmp_path / "game.txt"
    path.write_text(record_text)
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "every deal verified" in out and out.count("matches") == deals


def test_a_changed_deal_or_salt_is_caught(
    record_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = loads(record_text)
    # Swap the first and fifth cards dealt: the deal goes round the table a card at a time,
    # so both go to seat 0 and every hand is the same, but the order is not the salt's.
    swapped = loads(record_text)
    swapped.actions[0], swapped.actions[4] = swapped.actions[4], swapped.actions[0]
    with pytest.raises(FairnessError, match="salt draws"):
        verify_record(swapped)
    # A salt other than the committed one: its hash does not match.
    other = loads(record_text)
    salts = other.tags["Salts"].split()
    salts[0] = "1:" + "0" * 64
    other.tags["Salts"] = " ".join(salts)
    with pytest.raises(FairnessError):
        verify_record(other)
    # A commitment that is not the hash of the salt and the deal is caught too.
    forged = loads(record_text)
    commits = forged.tags["Commitments"].split()
    commits[0] = "1:" + commitment("0" * 64, forged.actions[:52])
    forged.tags["Commitments"] = " ".join(commits)
    with pytest.raises(FairnessError, match="not the commitment"):
        verify_record(forged)
    path = tmp_path / "bad.txt"
    path.write_text(dumps(swapped))
    assert main(["verify", str(path)]) == 1
    assert "NOT VERIFIED" in capsys.readouterr().out
    assert rec.tags["Event"] == "hoyle card room"
