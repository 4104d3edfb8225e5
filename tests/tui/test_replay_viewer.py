"""The terminal replay viewer (``hoyle replay FILE --show``), driven by key presses with
Textual's Pilot, and its printed form.

What it shows at a position must be what the table showed then: as one seat saw it, exactly
that seat's observation, log and facts (a world resampled from the seat's information state
looks the same), or face up, every hand. The keys step by move, trick and deal, and stay put at
either end of the game.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from tests.records.test_records_roundtrip import random_game
from textual.widgets import Static

from hoyle import records
from hoyle.records.timeline import Timeline
from hoyle.tui import panels
from hoyle.tui.render import card_label, seat_names
from hoyle.tui.replay import (
    KEYS,
    LOG_KEPT,
    ReplayApp,
    find_position,
    frame,
    frame_lines,
    hand_line,
    position_words,
)
from hoyle.tui.textual_app import HandPanel, LogPanel

SIZE = (110, 36)


def sync(scenario: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """A test that runs the ``async`` scenario to its end (no asyncio plugin needed)."""

    def test() -> None:
        asyncio.run(scenario())

    test.__doc__ = scenario.__doc__
    return test


def timeline(spec: str, seed: int | None, play_seed: int = 1, limit: int = 3000) -> Timeline:
    """A game played at random, recorded with the seats ``hoyle play`` names, as a timeline."""
    state = random_game(spec, seed, play_seed, limit=limit)
    seats = ["human", *["easy"] * (state.game.num_players - 1)]
    return Timeline(records.from_state(state, seed=seed, seats=seats))


def text_of(app: ReplayApp, selector: str) -> str:
    """What a panel shows, as plain text."""
    return str(app.query_one(selector, Static).render())


@sync
async def test_stepping_to_the_third_trick_and_back() -> None:
    line = timeline("hearts(deals=1)", 3)
    app = ReplayApp(line)
    async with app.run_test(size=SIZE) as pilot:
        assert app.index == 0 and "deal 1, pass" in text_of(app, "#where")
        for _ in range(3):
            await pilot.press("down")
        assert app.index == line.tricks()[3]
        assert line.steps[app.index].label == "1.3"
        assert "deal 1, trick 3" in text_of(app, "#where")
        await pilot.press("right")  # the third trick's lead
        lead = line.steps[app.index]
        assert app.index == line.tricks()[3] + 1 and lead.token is not None
        assert text_of(app, "#move") == f"Last move: {frame(line, app.index).move}"
        assert lead.actor is not None and f"by Seat {lead.actor}" in text_of(app, "#move")
        trick = line.view(app.index).observation["trick"]
        assert [p["card"] for p in trick] == [lead.token]
        assert text_of(app, "#trick").splitlines()[0].startswith(f"Seat {lead.actor}")
        await pilot.press("left")
        assert app.index == line.tricks()[3]
        for key, trick_number in (("up", 2), ("p", 1)):
            await pilot.press(key)
            assert app.index == line.tricks()[trick_number]
        await pilot.press("n")
        assert app.index == line.tricks()[2]
        await pilot.press("up", "up")
        assert app.index == 0


@sync
async def test_face_up_shows_every_hand_and_the_spectators_log() -> None:
    line = timeline("hearts(deals=1)", 4)
    app = ReplayApp(line, start=line.tricks()[4] + 2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        state = line.state(app.index)
        hands = [state.observation(s)["hand"] for s in range(4)]
        assert sum(map(len, hands)) == 52 - 3 * 4 - 2
        shown = text_of(app, "#hand").splitlines()
        for seat, hand in enumerate(hands):
            assert shown[seat].split() == ["Seat", str(seat), *hand_line(hand).split()]
        names = seat_names(4, None)
        log = app.query_one("#log", LogPanel)
        assert log.entries == [e["text"] for e in state.log(None, names)]
        assert app.query_one("#hand", HandPanel).border_title == "Hands (face up)"
        assert "face up" in text_of(app, "#title") and "human, easy, easy, easy" in text_of(
            app, "#title"
        )


@pytest.mark.parametrize(
    ("spec", "seed", "seat"),
    [("hearts(deals=1)", 5, 2), ("spite-malice(goal_size=5)", 4, 1), ("ecarte", 6, 0)],
)
def test_a_seat_sees_its_own_hand_and_its_own_log_only(spec: str, seed: int, seat: int) -> None:
    line = timeline(spec, seed)
    players = line.game.num_players
    names = seat_names(players, seat)
    positions = [line.tricks()[k] + 1 for k in (2, len(line.tricks()) // 2)]

    async def scenario() -> None:
        app = ReplayApp(line, seat, start=positions[0])
        async with app.run_test(size=SIZE) as pilot:
            for index in positions:
                await pilot.press("home")
                app.show(index)
                await pilot.pause()
                state = line.state(index)
                obs = state.observation(seat)
                hand = app.query_one("#hand", HandPanel)
                assert [c.token for row in hand.rows for c in row.cells] == [
                    c.token for row in panels.hand_rows(obs["hand"], []) for c in row.cells
                ]
                assert sorted(c.token for row in hand.rows for c in row.cells) == sorted(
                    obs["hand"]
                )
                log = app.query_one("#log", LogPanel)
                seen = [e["text"] for e in state.log(seat, names)]
                assert log.entries == seen[-LOG_KEPT:]  # a long log: its last lines
                cut = f"Log (the last {LOG_KEPT} lines)"
                assert log.border_title == (cut if len(seen) > LOG_KEPT else "Log")
                assert "Hands" not in str(hand.border_title)

    asyncio.run(scenario())

    # Nothing on the screen tells the real deal from another the seat cannot rule out: a world
    # resampled from the seat's information state, recorded and replayed, shows the same.
    for index in positions:
        state = line.state(index)
        other = state.resample_from_infostate(seat, random.Random(index))
        assert other.observation(seat) == state.observation(seat)
        twin = Timeline(records.from_state(other, seed=None))
        seen, twin_seen = frame(line, index, seat), frame(twin, len(twin) - 1, seat)
        for part in ("trick", "facts", "table", "hands", "scores", "log"):
            assert getattr(seen, part) == getattr(twin_seen, part), part


def test_a_seat_is_told_its_own_hidden_moves_and_not_the_others() -> None:
    # The pass: each card a seat chooses is hidden from the others until the cards arrive.
    line = timeline("hearts(deals=1)", 3)
    passing = [s for s in line.steps[1:] if line.steps[s.index - 1].progress[1] == "pass"]
    assert len(passing) == 12
    for step in passing:
        for seat in range(4):
            move = frame(line, step.index, seat).move
            card = card_label(str(step.token))
            if step.actor == seat:
                assert card in move, (step, move)
            elif "passes 3 cards" not in move:
                assert move == f"Seat {step.actor} moved; you could not see the move"
        assert frame(line, step.index).move == f"{card} by Seat {step.actor} (pass)"


@sync
async def test_keys_at_either_end_stay_put() -> None:
    line = timeline("hearts(deals=2)", 7)
    last = len(line) - 1
    app = ReplayApp(line)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("left", "up", "p", "pageup", "home"):
            await pilot.press(key)
            assert app.index == 0, key
        await pilot.press("pagedown")
        assert app.index == line.deals()[1] and "deal 2" in text_of(app, "#where")
        await pilot.press("pageup")
        assert app.index == 0
        await pilot.press("end")
        assert app.index == last and "the game is over" in text_of(app, "#where")
        for key in ("right", "down", "n", "pagedown", "end"):
            await pilot.press(key)
            assert app.index == last, key
        assert text_of(app, "#keys") == KEYS


@sync
async def test_the_end_of_a_deal_shows_its_summary_over_the_table() -> None:
    line = timeline("all-fours(variant=seven-up)", 3)
    end_of_first = line.deals()[1]
    app = ReplayApp(line, 0, start=end_of_first)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.query_one("#table")
        assert table.border_title == "Deal 1 is over"
        assert text_of(app, "#table-text").startswith("How it was scored:")
        await pilot.press("right")
        assert table.border_title != "Deal 1 is over"


@sync
async def test_an_unfinished_record_says_where_it_stops() -> None:
    line = timeline("hearts(deals=1)", 8, limit=20)
    app = ReplayApp(line)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        assert app.index == len(line) - 1 == 20
        assert "the record stops here, unfinished" in text_of(app, "#where")


def test_labels_name_positions() -> None:
    line = timeline("hearts(deals=1)", 3)
    assert find_position(line, "1.3") == line.tricks()[3]
    assert find_position(line, "start") == 0
    assert find_position(line, "END") == len(line) - 1
    with pytest.raises(ValueError, match=r"no position is labelled '1\.99'; .* 1\.pass, 1\.1"):
        find_position(line, "1.99")
    spite = timeline("spite-malice(goal_size=5)", 4)
    step = spite.steps[spite.tricks()[2]]  # the start is turn 1
    assert position_words(step, spite.view(step.index).observation) == "deal 1, turn 3"


def test_printed_positions_hold_every_panel() -> None:
    line = timeline("ecarte", 6)
    index = line.tricks()[5] + 1
    lines = frame_lines(frame(line, index, 1))
    text = "\n".join(lines)
    assert lines[0].startswith(f"=== Position {index} of {len(line) - 1} · deal ")
    assert lines[1].startswith("Last move: ")
    for heading in ("Facts:", "Écarté", "Your hand:", "Scores:", "Log"):
        assert heading in text, heading
    hand = line.view(index, 1).observation["hand"]
    assert all(card_label(card) in text for card in hand)


# ---------------------------------------------------------------------------- snapshots
# The accepted screens are in __snapshots__/test_replay_viewer (pytest --snapshot-update
# redraws them after a deliberate change; look at them before accepting).

Compare = Callable[..., bool]


def test_snapshot_hearts_face_up_in_the_third_trick(snap_compare: Compare) -> None:
    # Three tricks down and two cards on: the trick, the facts, every hand face up, the log.
    app = ReplayApp(timeline("hearts(deals=1)", 3))
    assert snap_compare(app, press=["down"] * 3 + ["right"] * 2, terminal_size=SIZE)


def test_snapshot_spite_and_malice_as_seat_1_saw_it(snap_compare: Compare) -> None:
    # The start of the second deal as seat 1 saw it: the first deal's summary over the piles,
    # seat 1's hand only.
    app = ReplayApp(timeline("spite-malice(goal_size=5)", 4), 1)
    assert snap_compare(app, press=["pagedown"], terminal_size=SIZE)


def test_snapshot_all_fours_partners_at_80_columns(snap_compare: Compare) -> None:
    # Four players in partnerships, as seat 2 saw the third trick: the partner marked.
    app = ReplayApp(timeline("all-fours(players=4,teams=2)", 7), 2)
    assert snap_compare(app, press=["down"] * 4 + ["right"], terminal_size=(80, 24))


def test_snapshot_ecarte_face_up(snap_compare: Compare) -> None:
    # The exchange and the first trick of Écarté with both hands shown.
    app = ReplayApp(timeline("ecarte", 6))
    assert snap_compare(app, press=["down"] * 3 + ["right"], terminal_size=SIZE)


def test_the_docs_show_the_accepted_screen() -> None:
    # After a deliberate --snapshot-update, copy the new screen to docs/images.
    docs = Path(__file__).parents[2] / "docs"
    snapshot = Path(__file__).parent / "__snapshots__" / "test_replay_viewer"
    accepted = snapshot / "test_snapshot_hearts_face_up_in_the_third_trick.svg"
    assert (docs / "images" / "terminal-replay.svg").read_bytes() == accepted.read_bytes()
    assert "images/terminal-replay.svg" in (docs / "terminal.md").read_text(encoding="utf-8")
