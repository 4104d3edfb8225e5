"""The card room's server over WebSockets: play, the event log, refusals, resuming."""

from __future__ import annotations

from pathlib import Path

from roomkit import QUICK_HEARTS, server_thread

from hoyle.records import loads, replay
from hoyle.web.fair import verify_record
from hoyle.web.store import Store


def test_a_game_over_websocket_ends_with_a_record_whose_shuffle_verifies(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    with server_thread(db) as server:
        table = server.create(QUICK_HEARTS, ["human", "random", "random", "random"])
        with server.client(table["id"], table["seats"][0]["key"]) as ws:
            msg = ws.until_my_turn()
            first_commitment = msg["fairness"][0]["commitment"]
            assert "salt" not in msg["fairness"][0]  # the salt stays secret during play
            msg = ws.play_out(msg)
            assert msg["fairness"][0]["commitment"] == first_commitment
            assert len(msg["fairness"][0]["salt"]) == 64
            # Hearts one deal: the 26 penalty points (or the moon's 78) are all shared out.
            assert sum(msg["returns"]) in (-26.0, -78.0)
        record = server.http.get(f"/api/tables/{table['id']}/record").text
        history = server.http.get("/api/history").json()
    assert history[0]["id"] == table["id"]
    rec = loads(record)
    assert rec.tags["Commitments"] == f"1:{first_commitment}"
    assert verify_record(rec)[0].startswith("deal 1: commitment")
    # The log holds every accepted action, chance included: it replays to the recorded end.
    events = Store(f"sqlite:///{db}").events(table["id"])
    assert [e.token for e in events] == rec.actions
    assert replay(rec).is_terminal()


def test_bad_messages_are_refused_with_a_reason_and_change_nothing(tmp_path: Path) -> None:
    with server_thread(tmp_path / "room.sqlite3") as server:
        table = server.create("hearts(deals=1,pass_cycle=hold)", ["human"] * 4)
        keys = [s["key"] for s in table["seats"]]
        with server.client(table["id"], hello=False) as ws:
            ws.send_json({"type": "act", "token": "2C"})
            assert "hello" in ws.next_reply()["reason"]
            ws.send_json({"type": "hello"})  # a spectator
            watched = ws.next_state()
            assert watched["you"] is None and watched["observation"]["hand"] == []
            leader = watched["to_act"]
            ws.send_json({"type": "act", "token": "2C"})
            assert "spectators cannot act" in ws.next_reply()["reason"]
        with server.client(table["id"], keys[leader]) as ws:
            start = ws.next_state()
            hand = start["observation"]["hand"]
            not_two = next(c for c in hand if c != "2C")
            bad = [
                ("{not json", "not JSON"),
                ("[1, 2]", "object"),
                ('{"type": "dance"}', "unknown message type"),
                ('{"type": "act"}', "token"),
                ('{"type": "act", "token": 7}', "token"),
                ('{"type": "act", "token": "ZZ"}', "ZZ"),
                ('{"type": "act", "token": "' + "Q" * 5000 + '"}', "too long"),
                (f'{{"type": "act", "token": "2C", "seat": {(leader + 1) % 4}}}', "you hold seat"),
                # Black Lady: the holder of the 2♣ leads it (RULINGS 1.1 black-lady, H2), said
                # in the screen's words: "you" for the seat, cards as cards.
                ('{"type": "act", "token": "' + not_two + '"}', "You cannot play"),
                ('{"type": "act", "token": "' + not_two + '"}', "first lead is the 2♣"),
                ('{"type": "hello"}', "already joined"),
            ]
            for text, reason in bad:
                ws.send_text(text)
                reply = ws.next_reply()
                assert reply["type"] == "refused" and reason in reply["reason"], (text, reply)
                assert reply["seq"] == start["seq"]
            ws.send_json({"type": "act", "token": "2C"})
            after = ws.next_state()
            assert after["seq"] == start["seq"] + 1
            assert "2C" not in after["observation"]["hand"]
        with server.client(table["id"], keys[leader]) as ws:  # now out of turn
            ws.next_state()
            ws.send_json({"type": "act", "token": hand[-1]})
            assert "not your turn" in ws.next_reply()["reason"]


def test_a_restarted_server_resumes_every_table_from_its_log(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    with server_thread(db) as server:
        table = server.create(QUICK_HEARTS, ["human", "random", "random", "random"])
        key = table["seats"][0]["key"]
        with server.client(table["id"], key) as ws:
            msg = ws.until_my_turn()
            for _ in range(2):  # two passes, then the state is left mid-pass
                ws.send_json({"type": "act", "token": msg["legal"][0]})
                msg = ws.next_state()
            before = msg
    with server_thread(db) as server, server.client(table["id"], key) as ws:
        after = ws.next_state()
    assert after["seq"] == before["seq"]
    assert after["observation"] == before["observation"]
    assert after["fairness"] == before["fairness"]


def test_a_bot_plays_for_a_silent_human_until_they_come_back(tmp_path: Path) -> None:
    # The timeout leaves time for all four to say hello first, even on a busy machine (a hello
    # that came after a stand-in had played would take the seat back at once).
    with server_thread(tmp_path / "room.sqlite3", turn_timeout=1.5) as server:
        table = server.create("hearts(deals=1,pass_cycle=hold)", ["human", "human"] * 2)
        keys = [s["key"] for s in table["seats"]]
        clients = [server.client(table["id"], k) for k in keys]
        first = clients[0].next_state()
        silent = first["to_act"]
        # Nobody speaks: after the timeout a stand-in plays each seat in turn.
        msg = clients[silent].next_state()
        while msg["seq"] == first["seq"]:
            msg = clients[silent].next_state()
        assert msg["seats"][silent]["away"] is True
        # Any message from the seat takes it back: the stand-in stops for it.
        clients[silent].send_json({"type": "ping"})
        while True:
            msg = clients[silent].receive_json()
            if msg["type"] == "state" and not msg["seats"][silent]["away"]:
                break
        for c in clients:
            c.close()


def test_hint_and_rematch(tmp_path: Path) -> None:
    with server_thread(tmp_path / "room.sqlite3", hint_seconds=0.05) as server:
        table = server.create(QUICK_HEARTS, ["human", "random", "random", "random"])
        key = table["seats"][0]["key"]
        with server.client(table["id"], key) as ws:
            msg = ws.until_my_turn()
            ws.send_json({"type": "hint"})
            hint = ws.next_reply()
            assert hint["type"] == "hint" and hint["moves"]
            assert {m["token"] for m in hint["moves"]} <= set(msg["legal"])
            ws.send_json({"type": "rematch"})
            assert "once the game is over" in ws.next_reply()["reason"]
            ws.play_out(msg, pick=-1)
            ws.send_json({"type": "rematch"})
            new_id = ws.next_reply()["table"]
        # The same invite key holds the same seat at the new table.
        with server.client(new_id, key) as ws:
            fresh = ws.next_state()
            assert (fresh["you"], fresh["status"], fresh["game"]) == (0, "playing", msg["game"])
            assert fresh["observation"]["hand"]


def test_each_seat_is_sent_its_own_log_of_the_deal(tmp_path: Path) -> None:
    # docs/contract.md §4: the room's move log is state.log(seat) with the table's names: a
    # pass is named to its owner and counted to the others, and a spectator sees the count.
    with server_thread(tmp_path / "room.sqlite3") as server:
        table = server.create("hearts(deals=1)", ["human", "random", "random", "random"])
        with server.client(table["id"], table["seats"][0]["key"]) as ws:
            msg = ws.until_my_turn()
            assert msg["log"][0]["kind"] == "deal" and msg["log"][0]["text"].startswith("Deal 1:")
            passed = msg["observation"]["hand"][:3]
            for card in passed:
                ws.send_json({"type": "act", "token": card})
                msg = ws.next_state()
            while msg["observation"]["phase"] == "pass":
                msg = ws.next_state()
            texts = [e["text"] for e in msg["log"]]
            names = [s["name"] for s in msg["seats"]]
            assert any(t.startswith("You pass ") for t in texts), texts
            assert f"{names[1]} passes 3 cards to {names[2]}." in texts
            assert any(t.startswith("You receive ") for t in texts)
        with server.client(table["id"]) as ws:
            watched = ws.next_state()
            texts = [e["text"] for e in watched["log"]]
            assert f"{names[0]} passes 3 cards to {names[1]}." in texts
            assert not any("receive" in t for t in texts)  # nobody's cards are named to it


def test_continue_settings_and_hints_over_the_socket(tmp_path: Path) -> None:
    with server_thread(tmp_path / "room.sqlite3", summary_seconds=30, hint_seconds=0.05) as server:
        # The pause after a deal: the bot waits until the one human says continue.
        table = server.create("all_fours(deals=2)", ["human", "random"])
        with server.client(table["id"], table["seats"][0]["key"]) as ws:
            msg = ws.next_state()
            assert (msg["pause"], msg["auto_played"]) == (None, None)
            assert all({"kind", "label", "text", "cards"} <= set(f) for f in msg["facts"])
            seen = -1
            while msg["pause"] is None:
                if msg["legal"] and msg["seq"] > seen:
                    seen = msg["seq"]
                    ws.send_json({"type": "act", "token": msg["legal"][0]})
                msg = ws.next_state()
            assert msg["pause"]["waiting"] == [0] and msg["pause"]["total"] == 30
            assert msg["log"][0]["deal"] == 1 and msg["log_start"] == 0
            ws.send_json({"type": "continue"})
            msg = ws.next_state()
            assert msg["pause"] is None
        # auto: off at hello, then on by a settings message: the only legal 2♣ is played.
        table = server.create("hearts(deals=1,pass_cycle=hold)", ["human"] * 4)
        keys = [s["key"] for s in table["seats"]]
        with server.client(table["id"]) as spectator:
            leader = spectator.next_state()["to_act"]
        with server.client(table["id"], keys[leader], auto=False) as ws:
            msg = ws.next_state()
            assert msg["legal"] == ["2C"] and msg["clock"]["seat"] == leader
            ws.send_json({"type": "hint"})
            hint = ws.next_reply()
            assert hint["type"] == "hint" and "reason" in hint
            assert hint["moves"] == [
                {"token": "2C", "text": "2♣", "value": hint["moves"][0]["value"], "suggested": True}
            ]
            for bad in ({"type": "settings"}, {"type": "settings", "auto": "yes"}):
                ws.send_json(bad)
                assert "auto" in ws.next_reply()["reason"]
            ws.send_json({"type": "settings", "auto": True})
            msg = ws.next_state()
            assert msg["auto_played"] == {"seat": leader, "token": "2C"}
            assert "2C" not in msg["observation"]["hand"]
