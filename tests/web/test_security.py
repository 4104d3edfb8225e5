"""What leaves the card room: no card of another hand, no seat without its secret, no harm
from bad messages."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from roomkit import QUICK_HEARTS, server_thread

import hoyle
from hoyle.core.protocol import State
from hoyle.web.room import Room
from hoyle.web.store import Store
from hoyle.web.table import Settings

GAMES = [
    "hearts(deals=1)",  # passing: a seat knows the cards it passed
    "hearts(deals=1,pass_cycle=hold)",
    "hearts(variant=black-maria,players=3,deals=1)",
    "all_fours(deals=3)",
    "all_fours(variant=auction-pitch,players=4,deals=1)",
    "all_fours(variant=california-jack,deals=1)",
    "ecarte(deals=1)",
    "ecarte(variant=bourre,players=4)",
    "spite_malice(deals=1)",  # one deal: a few hundred actions with random players
    "spite_malice(variant=misery,deals=1,players=3)",
]
"""Every family, in games short enough that random players end them in a few hundred
actions (a whole Spite and Malice match is thousands: one deal of it is enough here)."""


class Recorder:
    """A viewer that keeps every message as the wire would carry it."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def send_json(self, data: Any) -> None:
        self.messages.append(json.loads(json.dumps(data)))


QUOTED_CARD = re.compile(r'"((?:[2-9TJQKA]|1[0-5]?)[CDHS])"')


def cards_in(value: Any) -> set[str]:
    """Every card token anywhere in a message (a JSON string that is a whole card token)."""
    return set(QUOTED_CARD.findall(json.dumps(value)))


def hand(state: State, seat: int) -> set[str]:
    return set(state.observation(seat).get("hand", []))


def stable_cards(state: State, viewer: int | None, other: int, rng: random.Random) -> set[str]:
    """Cards the viewer's own view shows whatever the hidden cards are: shown in the view of
    every resample of an information state that does not hold ``other``'s hand (the viewer's,
    or for a spectator another seat's). A card of ``other``'s hand shown there is a public
    fact (a cut before the shuffle, a card the viewer passed, a king marked), not a leak of
    that hand."""
    source = viewer if viewer is not None else (other + 1) % state.game.num_players
    stable: set[str] | None = None
    for _ in range(4):
        world = state.resample_from_infostate(source, rng)
        # What the room sends: the observation and the seat's log (a king marked in Écarté
        # is named to all while it stays in its holder's hand).
        seen = cards_in([world.observation(viewer), world.log(viewer)])
        stable = seen if stable is None else stable & seen
    return stable or set()


async def play_watched(db: Path, spec: str) -> tuple[list[Recorder], list[int], Store]:
    """A game where every seat is a silent human, so stand-in bots play all of it while a
    recorder sits in each seat and one watches; returns the recorders and the log."""
    store = Store(f"sqlite:///{db}")
    settings = Settings(bot_delay=0, turn_timeout=0, standin="random")
    settings.summary_seconds = settings.summary_seconds_bots = 0  # nobody reads here
    room = Room(store, settings)
    game = hoyle.load(spec)
    made = await room.create(spec, [{"kind": "human"}] * game.num_players)
    table = made.table
    recorders = [Recorder() for _ in range(game.num_players + 1)]
    for seat, rec in enumerate(recorders):
        await table.join(rec, seat if seat < game.num_players else None)
    for _ in range(20000):
        if table.finished:
            break
        await asyncio.sleep(0.001)
    assert table.finished, f"{spec} did not finish"
    await table.flush()  # every message written before the room stops
    room.stop()
    return recorders, [e.action for e in store.events(table.id)], store


@pytest.mark.parametrize("spec", GAMES)
def test_no_message_to_a_seat_holds_a_card_of_another_seats_hand(tmp_path: Path, spec: str) -> None:
    rng = random.Random(5)
    for game_no in range(2):
        db = tmp_path / f"{game_no}.sqlite3"
        recorders, log, store = asyncio.run(play_watched(db, spec))
        store.close()
        n = len(recorders) - 1
        by_seq: dict[int, list[tuple[int | None, dict[str, Any]]]] = {}
        for seat, rec in enumerate(recorders):
            assert rec.messages, "every seat was told the state"
            for msg in rec.messages:
                if msg["type"] == "presence":  # the same for all: seats, pause, clock
                    assert not cards_in(msg), f"a presence message names cards: {msg}"
                    continue
                assert msg["you"] == (seat if seat < n else None)
                by_seq.setdefault(msg["seq"], []).append((msg["you"], msg))
        state = hoyle.load(spec).new_initial_state()
        checked = 0
        for seq in range(len(log) + 1):
            for viewer, msg in by_seq.get(seq, []):
                shown = cards_in(msg)
                for other in range(n):
                    if other == viewer:
                        continue
                    leaked = shown & hand(state, other)
                    if leaked:
                        leaked -= stable_cards(state, viewer, other, rng)
                    assert not leaked, f"seq {seq}: seat {viewer} was shown {other}'s {leaked}"
                checked += 1
            if seq < len(log):
                state.apply_action(log[seq])
        states = [m for r in recorders for m in r.messages if m["type"] == "state"]
        assert checked == len(states)


def test_invite_secrets_are_required_unguessable_and_never_stored(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    with server_thread(db) as server:
        tables = [server.create(QUICK_HEARTS, ["human"] * 4) for _ in range(10)]
        keys = [s["key"] for t in tables for s in t["seats"]]
        assert len(set(keys)) == len(keys) == 40
        assert all(len(k) >= 32 for k in keys)  # 24 bytes from secrets: 192 bits
        table = tables[0]
        near = table["seats"][0]["key"][:-1] + ("A" if table["seats"][0]["key"][-1] != "A" else "B")
        for wrong in (near, tables[1]["seats"][0]["key"], "", "x" * 40):
            with server.client(table["id"], wrong) as ws:
                reply = ws.receive_json()
                assert reply["type"] == "error" and "holds no seat" in reply["reason"]
        with server.client(table["id"]) as ws:  # no key: a spectator, who cannot act
            watched = ws.next_state()
            assert watched["you"] is None and watched["legal"] == []
            assert watched["observation"]["hand"] == []  # the envelope: no cards for a spectator
            for token in ["2C", *[f"{r}S" for r in "23456789TJQKA"]]:
                ws.send_json({"type": "act", "token": token, "seat": watched["to_act"]})
                assert "spectators cannot act" in ws.next_reply()["reason"]
                ws.send_json({"type": "hint"})
                assert "spectators" in ws.next_reply()["reason"]
    text = db.read_bytes() + b"".join(p.read_bytes() for p in tmp_path.glob("room.sqlite3-*"))
    assert not any(k.encode() in text for k in keys)  # only their hashes are kept


def test_a_flood_of_malformed_messages_is_refused_without_harm(tmp_path: Path) -> None:
    junk: list[str] = [
        "",
        "null",
        "{}",
        "[]",
        '{"type": null}',
        '{"type": "act", "token": null}',
        '{"type": "act", "token": ""}',
        '{"type": "act", "token": "  "}',
        '{"type": "act", "token": "2C", "seat": "0"}',
        '{"type": "act", "token": "2C", "seat": true}',
        '{"type": "act", "token": ["2C"]}',
        '{"type": "rematch"}',
        '{"type": "' + "a" * 3000 + '"}',
        "\x00\x01\x02",
        '{"type": "act", "token": "\\u0000"}',
        '{"type": "act", "token": "99Z"}',
        '{"type": "act", "token": "moon add"}',
    ]
    rng = random.Random(3)
    with server_thread(tmp_path / "room.sqlite3") as server:
        table = server.create("hearts(deals=1,pass_cycle=hold)", ["human"] * 4)
        keys = [s["key"] for s in table["seats"]]
        with server.client(table["id"]) as spectator:
            leader = spectator.next_state()["to_act"]
        with server.client(table["id"], keys[(leader + 1) % 4]) as ws:
            start = ws.next_state()
            flood = [rng.choice(junk) for _ in range(600)]
            for text in flood:
                ws.send_text(text)
            replies = [ws.next_reply() for _ in flood]
            assert all(r["type"] == "refused" and r["reason"] for r in replies)
            assert {r["seq"] for r in replies} == {start["seq"]}
        with server.client(table["id"], keys[leader]) as ws:  # the table is unharmed
            assert ws.next_state()["seq"] == start["seq"]
            ws.send_json({"type": "act", "token": "2C"})
            assert ws.next_state()["seq"] == start["seq"] + 1
        assert server.http.get("/api/tables").status_code == 200
