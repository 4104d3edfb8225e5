"""The table's state message and its timing, on a Table driven in-process with recorders in the
seats: the facts and the log (with the deal that just ended), the pause after a deal, the turn
clock, forced moves played for a player, hints, refusals in the screen's words, rematches."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from roomkit import run_room

import hoyle
from hoyle.core.errors import HoyleError
from hoyle.core.narrate import pretty
from hoyle.web.room import Room
from hoyle.web.store import Store
from hoyle.web.table import CHANCE_SEAT, Refused, Settings, Table, hint_reply, in_words


class Recorder:
    """A viewer that keeps every message as the wire would carry it."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def send_json(self, data: Any) -> None:
        self.messages.append(json.loads(json.dumps(data)))

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]

    @property
    def last(self) -> dict[str, Any]:
        return self.states()[-1]

    @property
    def now(self) -> dict[str, Any]:
        """The newest state or presence message (who is here, the pause and the clock)."""
        return [m for m in self.messages if m["type"] in ("state", "presence")][-1]


async def until(test: Callable[[], bool], seconds: float = 20) -> None:
    """Wait (letting the table's tasks run) until ``test()`` holds."""
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.005)


def run(main: Callable[[Room], Awaitable[None]], db: Path, **settings: Any) -> None:
    """Run ``main(room)`` on a room storing in ``db``; bots play at once unless told."""
    settings.setdefault("bot_delay", 0.0)
    settings.setdefault("auto_delay", 0.05)
    run_room(main, db, **settings)


async def seat_table(
    room: Room, spec: str, kinds: list[str], auto: bool = False
) -> tuple[Table, list[Recorder | None], dict[int, str]]:
    """A table with a recorder joined in each human seat (``auto`` as given)."""
    seats = [{"kind": "human"} if k == "human" else {"kind": "bot", "level": k} for k in kinds]
    made = await room.create(spec, seats)
    recorders: list[Recorder | None] = []
    for seat, kind in enumerate(kinds):
        rec = Recorder() if kind == "human" else None
        if rec is not None:
            await made.table.join(rec, seat, auto=auto)
            await made.table.flush()
        recorders.append(rec)
    return made.table, recorders, made.keys


async def play_for(table: Table, seats: set[int], rng: random.Random) -> bool:
    """One random legal move for whichever of ``seats`` is to act (False: none is)."""
    seat = table.state.current_player()
    if table.finished or seat not in seats:
        return False
    legal = table.state.legal_actions()
    try:
        await table.act(seat, table.state.action_to_string(rng.choice(legal)))
        await table.flush()
    except Refused:
        return False
    return True


def deal_starts(table: Table, seat: int | None) -> tuple[list[dict[str, Any]], list[int]]:
    full = json.loads(json.dumps(table.state.log(seat, table.names())))
    return full, [i for i, e in enumerate(full) if e["kind"] == "deal"]


# ------------------------------------------------------------------ facts and the log


def test_the_message_holds_the_seats_facts_and_its_log_from_the_deal_that_just_ended(
    tmp_path: Path,
) -> None:
    rng = random.Random(4)

    async def main(room: Room) -> None:
        table, recs, _ = await seat_table(room, "all_fours(deals=3)", ["human", "random"])
        rec = recs[0]
        assert rec is not None
        first = rec.last
        assert first["facts"] == table.state.facts(0, table.names())
        assert isinstance(first["facts"], list)
        assert first["log_start"] == 0 and first["log"][0]["kind"] == "deal"
        pauses = 0
        while not table.finished:
            if table.pause is not None:
                # A deal has just ended and nobody has acted in the next: the log still
                # begins with the deal that ended (its last trick, its summary). The bot's
                # move that ended the deal may still be on its way to the recorder.
                await table.flush()
                msg = rec.last
                full, starts = deal_starts(table, 0)
                assert msg["log"] == full[msg["log_start"] :]  # log_start: in the full log
                assert msg["log_start"] == starts[-2]
                assert msg["log"][0]["deal"] == len(starts) - 1
                assert any(e["kind"] == "deal_end" for e in msg["log"])
                assert msg["pause"]["waiting"] == [0]
                pauses += 1
                await table.proceed(0)
                await table.flush()
            elif await play_for(table, {0}, rng) and table.pause is None:
                # Once a player has acted in a deal its log starts at that deal.
                msg = rec.last
                full, starts = deal_starts(table, 0)
                assert msg["log"] == full[msg["log_start"] :]
                assert msg["log_start"] == starts[-1]
            await asyncio.sleep(0.002)
        assert pauses == 2
        assert rec.last["pause"] is None  # no pause after the last deal: the game is over

    run(main, tmp_path / "room.sqlite3", summary_seconds=30)


def test_a_resumed_table_knows_whether_the_deal_in_progress_has_begun(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    rng = random.Random(2)
    found: dict[str, Any] = {}

    async def main(room: Room) -> None:
        table, _recs, _ = await seat_table(room, "all_fours(deals=2)", ["human", "human"])
        while table.state.progress()[0] == 1:
            await play_for(table, {0, 1}, rng)
        found["id"] = table.id
        found["log_start"] = table.message_for(0)["log_start"]
        assert not table.decided

    run(main, db, summary_seconds=30)
    store = Store(f"sqlite:///{db}")
    try:
        row = store.table(found["id"])
        assert row is not None
        table = Table.resume(row, store, Settings())
        assert not table.decided  # the last player move ended the deal
        assert table.message_for(0)["log_start"] == found["log_start"]
        assert [e.seat for e in store.events(row.id)][-1] == CHANCE_SEAT
    finally:
        store.close()


# ------------------------------------------------------------------ the pause after a deal


async def to_deal_end(
    table: Table, humans: set[int], rng: random.Random, recorder: Recorder
) -> dict[str, Any]:
    """Play the humans' moves until a deal ends; the message that says so."""
    deal = table.state.progress()[0]
    while table.state.progress()[0] == deal and not table.finished:
        await play_for(table, humans, rng)
        await asyncio.sleep(0.002)
    await table.flush()
    return recorder.last


def test_bots_wait_after_a_deal_until_every_connected_human_continues(tmp_path: Path) -> None:
    rng = random.Random(7)

    async def main(room: Room) -> None:
        # Two humans and two bots: the bots hold the next deal until both humans say continue.
        table, recs, _ = await seat_table(
            room, "ecarte(variant=bourre,players=4)", ["human", "random", "human", "random"]
        )
        rec0, rec2 = recs[0], recs[2]
        assert rec0 is not None and rec2 is not None
        pauses = bots_held = 0
        while pauses < 3 or not bots_held:
            msg = await to_deal_end(table, {0, 2}, rng, rec0)
            assert not table.finished, "a longer game, please"
            pauses += 1
            pause = msg["pause"]
            assert pause is not None and pause["total"] == 30
            assert 0 < pause["seconds"] <= 30 and pause["waiting"] == [0, 2]
            assert msg["clock"] is None  # no turn timer runs while the table waits
            seq = table.seq
            if table.state.current_player() in (1, 3):
                await asyncio.sleep(0.2)
                assert table.seq == seq  # the bot waits
                bots_held += 1
            await table.proceed(0)
            await table.flush()
            assert rec2.last["pause"]["waiting"] == [2]
            await table.proceed(0)  # twice is once
            await table.flush()
            assert table.pause is not None
            await table.proceed(2)
            await table.flush()
            assert table.pause is None and rec0.last["pause"] is None
            await until(lambda s=seq: table.seq > s or table.state.current_player() in (0, 2))

    run(main, tmp_path / "room.sqlite3", summary_seconds=30)


def test_a_human_who_acts_in_the_pause_has_read_enough_and_the_pause_times_out(
    tmp_path: Path,
) -> None:
    rng = random.Random(3)

    async def main(room: Room) -> None:
        table, recs, _ = await seat_table(room, "all_fours(deals=3)", ["human", "human"])
        rec = recs[0]
        assert rec is not None
        await to_deal_end(table, {0, 1}, rng, rec)
        pause = table.pause
        assert pause is not None and rec.last["pause"]["waiting"] == [0, 1]
        mover = table.state.current_player()
        await play_for(table, {mover}, rng)  # a human may act during the pause
        assert table.pause is pause and rec.last["pause"]["waiting"] == [1 - mover]
        # The log now starts at the deal in progress: a player has acted in it.
        _full, starts = deal_starts(table, 0)
        assert rec.last["log_start"] == starts[-1]
        # Nobody else continues: the pause ends by itself, and says so.
        await until(lambda: table.pause is None)
        await table.flush()
        assert rec.last["pause"] is None

    run(main, tmp_path / "room.sqlite3", summary_seconds=1)


def test_the_pause_without_humans_is_short_and_a_table_nobody_watches_never_waits(
    tmp_path: Path,
) -> None:
    async def main(room: Room) -> None:
        made = await room.create("all_fours(deals=2)", [{"kind": "bot", "level": "random"}] * 2)
        watched = made.table
        spectator = Recorder()
        await watched.join(spectator, None)
        await watched.flush()
        await until(lambda: watched.pause is not None or watched.finished)
        await watched.flush()
        assert spectator.last["pause"]["total"] == pytest.approx(0.5)
        assert spectator.last["pause"]["waiting"] == []
        seq = watched.seq
        await asyncio.sleep(0.2)
        assert watched.seq == seq  # the bots wait for the spectators to read
        await until(lambda: watched.pause is None)
        await until(lambda: watched.seq > seq)
        # Nobody watching: the bots play straight through.
        alone = (
            await room.create("all_fours(deals=3)", [{"kind": "bot", "level": "random"}] * 2)
        ).table
        await until(lambda: alone.finished, seconds=10)

    run(main, tmp_path / "room.sqlite3", summary_seconds=30, summary_seconds_bots=0.5)


def test_a_human_who_leaves_in_the_pause_is_not_waited_for_long_and_back_waits_again(
    tmp_path: Path,
) -> None:
    rng = random.Random(5)

    async def main(room: Room) -> None:
        table, recs, _ = await seat_table(room, "all_fours(deals=3)", ["human", "random"])
        rec = recs[0]
        assert rec is not None
        spectator = Recorder()
        await table.join(spectator, None)
        await table.flush()
        await to_deal_end(table, {0}, rng, rec)
        pause = table.pause
        assert pause is not None and pause.deadline - time.monotonic() > 20
        await table.leave(rec)  # a reload, or gone for good
        await table.flush()
        assert spectator.now["type"] == "presence"  # a player left: told in a small message
        assert spectator.now["pause"]["waiting"] == []
        assert 0 < spectator.now["pause"]["seconds"] <= 1  # no longer than without humans
        back = Recorder()
        await table.join(back, 0)  # back within it: waited for again
        await table.flush()
        assert back.last["pause"] is not None and back.last["pause"]["waiting"] == [0]
        await table.proceed(0)
        await table.flush()
        assert table.pause is None

    run(main, tmp_path / "room.sqlite3", summary_seconds=30, summary_seconds_bots=1)


# ------------------------------------------------------------------ clocks


def test_the_clock_counts_down_a_humans_turn_and_an_empty_seats_grace(tmp_path: Path) -> None:
    async def main(room: Room) -> None:
        table, recs, _ = await seat_table(room, "hearts(deals=1,pass_cycle=hold)", ["human"] * 4)
        leader = table.state.current_player()
        rec = recs[leader]
        assert rec is not None
        clock = rec.last["clock"]
        assert clock["seat"] == leader and clock["total"] == 50 and clock["kind"] == "turn"
        assert 49 < clock["seconds"] <= 50
        await asyncio.sleep(0.3)
        watcher = Recorder()
        await table.join(watcher, None)  # someone comes to watch: the same turn, one timer
        await table.flush()
        later = watcher.last["clock"]
        assert later["seconds"] <= clock["seconds"] - 0.25
        # The leader leaves: a bot takes the seat after the grace, sooner than the turn timer.
        await table.leave(rec)
        await table.flush()
        other = recs[(leader + 1) % 4]
        assert other is not None
        clock = other.now["clock"]
        assert clock["seat"] == leader and clock["kind"] == "away" and clock["total"] == 5
        assert clock["seconds"] <= 5
        await table.act(leader, "2C", by_bot=False)
        await table.flush()
        nxt = table.state.current_player()
        assert other.last["clock"]["seat"] == nxt and other.last["clock"]["kind"] == "turn"

    run(main, tmp_path / "room.sqlite3", turn_timeout=50, grace=5)


# ------------------------------------------------------------------ forced moves


def test_a_forced_move_is_played_for_a_human_whose_auto_is_on(tmp_path: Path) -> None:
    async def main(room: Room) -> None:
        table, recs, _ = await seat_table(room, "hearts(deals=1,pass_cycle=hold)", ["human"] * 4)
        leader = table.state.current_player()
        assert [table.state.action_to_string(a) for a in table.state.legal_actions()] == ["2C"]
        mine = recs[leader]
        assert mine is not None
        seq = table.seq
        await asyncio.sleep(0.2)
        assert table.seq == seq  # every connection said auto off: nothing is played for it
        assert mine.last["clock"] is not None and mine.last["auto_played"] is None
        await table.set_auto(mine, True)
        await table.flush()
        await until(lambda: table.seq > seq)
        await table.flush()
        after = mine.last
        assert after["auto_played"] == {"seat": leader, "token": "2C"}
        assert after["clock"] is None or after["clock"]["seat"] != leader
        others = [r for i, r in enumerate(recs) if i != leader and r is not None]
        assert all(r.last["auto_played"] is None for r in others)  # told only to its seat
        # Logged as that seat's own move.
        events = room.store.events(table.id)
        assert (events[-1].seat, events[-1].token) == (leader, "2C")
        # The next message (another seat's move) no longer says it.
        nxt = table.state.current_player()
        legal = table.state.legal_actions()
        await table.act(nxt, table.state.action_to_string(legal[0]))
        await table.flush()
        assert mine.last["auto_played"] is None

    run(main, tmp_path / "room.sqlite3")


def test_the_last_tricks_card_is_played_for_the_player(tmp_path: Path) -> None:
    rng = random.Random(11)

    async def main(room: Room) -> None:
        table, recs, _ = await seat_table(
            room, "hearts(deals=1,pass_cycle=hold)", ["human", "random", "random", "random"], True
        )
        rec = recs[0]
        assert rec is not None
        while not table.finished:
            legal = table.state.legal_actions() if table.state.current_player() == 0 else []
            if len(legal) > 1:
                await play_for(table, {0}, rng)
            await asyncio.sleep(0.005)
        await table.flush()
        played = [m["auto_played"] for m in rec.states() if m["auto_played"]]
        assert played and all(p["seat"] == 0 for p in played)  # the last card at least
        assert rec.last["observation"]["hand"] == []

    run(main, tmp_path / "room.sqlite3")


# ------------------------------------------------------------------ hints and refusals


class FakeHint:
    def __init__(self, token: str, value: float, **extra: Any) -> None:
        self.action = 0
        self.token = token
        self.value = value
        self.visits = 10
        self.__dict__.update(extra)


def test_a_hint_lists_every_move_by_value_in_the_screens_words() -> None:
    # Today's hints: ranked best first, no flags; the first is the suggestion.
    reply = hint_reply([FakeHint("QS", 1.234), FakeHint("TH", 2.0), FakeHint("pass", -0.5)])
    assert reply == {
        "moves": [
            {"token": "TH", "text": "10♥", "value": 2.0, "suggested": False},
            {"token": "QS", "text": "Q♠", "value": 1.23, "suggested": True},
            {"token": "pass", "text": "pass", "value": -0.5, "suggested": False},
        ],
        "reason": None,
    }
    # Hints that say which one they suggest, and why.
    said = [
        FakeHint("7:hand>stack1", 0.5, suggested=False, reason=None),
        FakeHint("AS", 0.456, suggested=True, reason="the ace is safe"),
    ]
    reply = hint_reply(said)
    assert [m["text"] for m in reply["moves"]] == ["7:hand>stack1", "A♠"]
    assert [m["suggested"] for m in reply["moves"]] == [False, True]
    assert reply["moves"][1]["value"] == 0.46 and reply["reason"] == "the ace is safe"


def test_a_real_hint_on_the_table(tmp_path: Path) -> None:
    async def main(room: Room) -> None:
        table, _recs, _ = await seat_table(room, "hearts(deals=1)", ["human"] + ["random"] * 3)
        found = await table.hint(0)
        values = [m["value"] for m in found["moves"]]
        assert values == sorted(values, reverse=True)
        assert sum(m["suggested"] for m in found["moves"]) == 1
        legal = {table.state.action_to_string(a) for a in table.state.legal_actions()}
        assert {m["token"] for m in found["moves"]} == legal
        assert all(m["text"] == pretty(m["token"]) for m in found["moves"])

    run(main, tmp_path / "room.sqlite3", hint_seconds=0.05)


def test_refusals_name_seats_and_cards_as_the_screen_does() -> None:
    names = ["Ann", "Bob", "Cy", "Di"]
    engine = "'3C' is not a legal action here (seat 2 cannot play 3C: must follow suit); legal: TC"
    assert in_words(engine, 2, names) == (
        "'3♣' is not a legal action here (You cannot play 3♣: must follow suit); legal: 10♣"
    )
    assert in_words(engine, 1, names).startswith("'3♣' is not a legal action here (Cy cannot")
    assert in_words("seat 0 has 4 cards; seat 1's turn", 0, names) == (
        "You have 4 cards; Bob's turn"
    )
    # What is not safely a seat or a card stays as the engine wrote it.
    for text in ["legal: 7:hand>discard1, K=7:hand>stack2", "seat 9 passes", "2-9, T (or 10)"]:
        assert in_words(text, 0, names) == text


def test_a_refused_move_is_refused_in_the_screens_words(tmp_path: Path) -> None:
    async def main(room: Room) -> None:
        table, _recs, _ = await seat_table(room, "hearts(deals=1,pass_cycle=hold)", ["human"] * 4)
        leader = table.state.current_player()
        hand = table.state.observation(leader)["hand"]
        other = next(c for c in hand if c != "2C")
        with pytest.raises(Refused) as refused:
            await table.act(leader, other)
            await table.flush()
        assert "You cannot play" in refused.value.reason and "2♣" in refused.value.reason
        with pytest.raises(Refused) as refused:
            await table.act((leader + 1) % 4, "2C")
            await table.flush()
        assert refused.value.reason == f"it is not your turn: {table.names()[leader]} is to act"

    run(main, tmp_path / "room.sqlite3")


# ------------------------------------------------------------------ rematch


def test_a_rematch_sends_every_seated_human_to_their_own_seat_at_the_new_table(
    tmp_path: Path,
) -> None:
    rng = random.Random(1)

    async def main(room: Room) -> None:
        table, recs, keys = await seat_table(
            room, "hearts(deals=1)", ["random", "human", "random", "human"]
        )
        spectator = Recorder()
        await table.join(spectator, None)
        await table.flush()
        while not table.finished:
            await play_for(table, {1, 3}, rng)
            await asyncio.sleep(0.001)
        new, made = await room.rematch(table)
        await table.flush()
        assert made
        again, made = await room.rematch(table)
        await table.flush()
        assert again is new and not made  # one new table, however many ask
        for seat in (1, 3):
            rec = recs[seat]
            assert rec is not None
            notes = [m for m in rec.messages if m["type"] == "rematch"]
            assert notes == [{"type": "rematch", "table": new.id}]
            assert rec.last["rematch"] == new.id
            # The seat's own key holds the same seat at the new table: no new invite.
            assert new.seat_for_key(keys[seat]) == seat
        assert not [m for m in spectator.messages if m["type"] == "rematch"]
        assert spectator.last["rematch"] == new.id
        assert [s.name for s in new.seats] == table.names()

    run(main, tmp_path / "room.sqlite3")


def test_each_table_size_the_lobby_offers_loads() -> None:
    from hoyle.web.room import catalogue

    for fam in catalogue():
        for variant in fam["variants"]:
            assert variant["default_players"] in variant["players"]
            for n in variant["players"]:
                try:
                    hoyle.load(fam["name"], variant=variant["name"], players=n)
                except HoyleError as exc:  # pragma: no cover - the failure says which
                    raise AssertionError(f"{fam['name']} {variant['name']} {n}: {exc}") from exc
