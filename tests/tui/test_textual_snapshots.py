"""Snapshots of the full-screen game (pytest-textual-snapshot): one position of each kind of
table, from fixed seeds at a fixed terminal size. ``pytest --snapshot-update`` redraws them after
a deliberate change of the layout; the SVG files in ``__snapshots__`` are the accepted screens."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import hoyle
from hoyle.i18n import using
from hoyle.tui.textual_app import HoyleApp, SummaryScreen

SIZE = (110, 36)

Compare = Callable[..., bool]


def make_app(spec: str, seed: int, **options: Any) -> HoyleApp:
    """Seat 0 against seeded ``easy`` bots, no delay, seeded chance, no hints."""
    game = hoyle.load(spec, **options)
    agents = {s: hoyle.agent("easy", game, seed=seed + s) for s in range(1, game.num_players)}
    state = game.new_initial_state(seed=seed)
    return HoyleApp(state, 0, agents, rng=random.Random(seed), title=f"hoyle {game.spec}")


def test_hearts_in_the_middle_of_a_trick(snap_compare: Compare) -> None:
    # Three cards passed, two tricks played with the cursor's first choice, then the cursor
    # moved on: the trick in progress, the last trick, the log and the marked hand.
    keys = ["enter"] * 5 + ["right"]
    assert snap_compare(make_app("hearts", 3, deals=1), press=keys, terminal_size=SIZE)


def test_spite_and_malice_piles(snap_compare: Compare) -> None:
    # The first turn of seed 2: the goal piles, the empty centre and the pile moves.
    assert snap_compare(make_app("spite-malice", 2), press=["enter"], terminal_size=SIZE)


def test_ecarte_turn_up_and_proposal(snap_compare: Compare) -> None:
    # Seed 1: the dealer has dealt in packets; the elder sees the turn-up and chooses to
    # play or to propose an exchange.
    assert snap_compare(make_app("ecarte", 1), terminal_size=SIZE)


async def _until_the_first_deal_ends(pilot: Any) -> None:
    """Enter (the move under the cursor) until the first deal's summary is up."""
    app = pilot.app
    for _ in range(200):
        if isinstance(app.screen, SummaryScreen):
            return
        await pilot.press("enter")
        await pilot.pause()
    raise AssertionError("the first deal never ended")


def test_all_fours_deal_summary_at_80_columns(snap_compare: Compare) -> None:
    # Seed 5, every move the first legal one: the first hand is over and its summary waits
    # for a key — the turn-up, the begging, High, Low, Jack and Game with the card points, each
    # seat's point this hand and total.
    app = make_app("all-fours", 5)
    assert snap_compare(app, run_before=_until_the_first_deal_ends, terminal_size=(80, 24))


def test_hearts_at_80_columns(snap_compare: Compare) -> None:
    # Seed 3 at the smallest size: the pass, three tricks; red hearts and diamonds, the facts,
    # the log wrapped at its panel's width.
    app = make_app("hearts", 3, deals=1)
    assert snap_compare(app, press=["enter"] * 6, terminal_size=(80, 24))


def test_all_fours_partners(snap_compare: Compare) -> None:
    # Four players in two partnerships (seed 7): the partner marked in the scores and the
    # trick, the facts beside the table.
    app = make_app("all-fours", 7, players=4, teams=2)
    assert snap_compare(app, press=["enter"] * 3, terminal_size=SIZE)


def test_hearts_in_spanish(snap_compare: Compare) -> None:
    # The middle of a trick as in test_hearts_in_the_middle_of_a_trick, in Spanish (--lang es):
    # the panels' titles, the seats (Tú, Asiento 2 (enfrente)), the turn line, the footer.
    with using("es"):
        app = make_app("hearts", 3, deals=1)
        assert snap_compare(app, press=["enter"] * 5 + ["right"], terminal_size=SIZE)


DOCS = Path(__file__).parents[2] / "docs" / "images"
SNAPSHOTS = Path(__file__).parent / "__snapshots__" / "test_textual_snapshots"
PICTURES = {
    "terminal-table.svg": "test_all_fours_partners.svg",
    "terminal-deal-summary.svg": "test_all_fours_deal_summary_at_80_columns.svg",
    "terminal-80-columns.svg": "test_hearts_at_80_columns.svg",
}
"""The screens docs/terminal.md shows, and the accepted snapshots they are copies of."""


def test_the_docs_show_the_accepted_screens() -> None:
    # After a deliberate --snapshot-update, copy the new screens to docs/images.
    for picture, snapshot in PICTURES.items():
        assert (DOCS / picture).read_bytes() == (SNAPSHOTS / snapshot).read_bytes(), picture
        assert f"images/{picture}" in (DOCS.parent / "terminal.md").read_text(encoding="utf-8")
