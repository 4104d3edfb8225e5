"""The full-screen game's panels (``hoyle.tui.panels``): pure functions of one seat's
observation and the legal tokens, checked against the engine's own answers."""

from __future__ import annotations

import random

import pytest

import hoyle
from hoyle.core.protocol import State
from hoyle.tui import panels
from hoyle.tui.render import card_label, seat_names
from hoyle.tui.views import view_for


def play_until(state: State, done: object, seed: int = 0) -> State:
    """Random legal moves (and chance) until ``done(state)`` holds."""
    rng = random.Random(seed)
    while not done(state):  # type: ignore[operator]
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_hand_marks_exactly_the_legal_cards() -> None:
    # Hearts, first trick: seat 0 must follow the two of clubs if it can (RULINGS, Hearts).
    state = hoyle.load("hearts", deals=1).new_initial_state(seed=3)
    state = play_until(
        state,
        lambda s: (
            s.observation(0)["phase"] == "play"
            and (s.current_player() == 0 and bool(s.observation(0)["trick"]))
        ),
    )
    obs = state.observation(0)
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    rows = panels.hand_rows(obs["hand"], legal)
    cells = [cell for row in rows for cell in row.cells]
    assert sorted(c.token for c in cells) == sorted(obs["hand"])
    assert {c.token for c in cells if c.playable} == set(legal)
    assert len(legal) < len(obs["hand"])  # seed 3: some cards may not follow
    assert all(c.red == (c.token[-1] in "HD") for c in cells)
    assert [c.label for c in cells] == [card_label(c.token) for c in cells]
    # Every card has its own place, one row per suit held.
    places = {panels.cell_offset(r, c) for r, row in enumerate(rows) for c in range(len(row.cells))}
    assert len(places) == len(cells)


def test_other_moves_are_the_legal_tokens_that_are_not_cards() -> None:
    # Écarté, the elder's first decision: play, or propose an exchange (law 26 of the club
    # laws in RULINGS); no card is a move yet.
    state = hoyle.load("ecarte").new_initial_state(seed=1)
    state = play_until(state, lambda s: s.current_player() == 0)
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    assert panels.other_moves(legal, state.observation(0)["hand"]) == legal
    assert "play" in legal and any(t.startswith("propose") for t in legal)


@pytest.mark.parametrize(
    "spec", ["hearts", "all-fours", "spite-malice", "ecarte", "ecarte(variant=bourre)"]
)
def test_the_table_panel_leaves_the_hand_to_its_own_panel(spec: str) -> None:
    game = hoyle.load(spec)
    state = play_until(game.new_initial_state(seed=2), lambda s: s.current_player() == 0)
    obs = state.observation(0)
    names = seat_names(game.num_players, 0)
    lines = panels.table_lines(view_for(game), obs, names)
    assert lines and not any(line.startswith(("Your hand", "Moves:")) for line in lines)


def test_the_last_trick_of_a_deal_stays_shown_when_the_next_deal_begins() -> None:
    state = hoyle.load("hearts", deals=2).new_initial_state(seed=3)
    state = play_until(state, lambda s: s.observation(0)["deal"] == 2)
    obs = state.observation(0)
    assert obs["tricks"] == []
    last = obs["last_trick"]
    names = seat_names(4, 0)
    lines = panels.last_trick_lines(obs, names)
    seats = [(last["leader"] + i) % 4 for i in range(4)]
    assert lines[:4] == [
        f"{names[s]:<8} {card_label(c)}" for s, c in zip(seats, last["cards"], strict=True)
    ]
    assert lines[4] == f"taken by {names[last['winner']]}"
    # Spite and Malice has no tricks: no panel.
    sm = hoyle.load("spite-malice").new_initial_state(seed=2).observation(0)
    assert panels.last_trick_lines(sm, seat_names(2, 0)) == []


def test_scores_and_the_trick_in_progress() -> None:
    game = hoyle.load("ecarte")
    state = play_until(
        game.new_initial_state(seed=4),
        lambda s: s.observation(0)["phase"] == "play" and bool(s.observation(0)["trick"]),
    )
    obs = state.observation(0)
    names = seat_names(2, 0)
    assert panels.score_lines(obs, names) == [
        f"{names[s]}: {obs['game_scores'][s]} (games {obs['games_won'][s]})" for s in (0, 1)
    ]
    lead, current = obs["trick"][0], obs["current_player"]
    lines = panels.trick_lines(obs, names)
    # Two players: the lead, then the other to play (Écarté's tricks have two cards).
    assert len(lines) == 2 and current != lead["seat"]
    assert lines[0].startswith(names[lead["seat"]])
    assert lines[0].endswith(card_label(lead["card"]))
    assert lines[1].startswith(names[current]) and lines[1].endswith("to play")
    expected = "Your turn: Play a card" if current == 0 else f"{names[current]} to play…"
    assert panels.turn_line(obs, names, "Play a card > ", over=False, me=0) == expected
    assert panels.turn_line(obs, names, "", over=True, me=0) == "Game over. Press q to leave."


def test_partners_from_the_observations_teams_sides_or_partners() -> None:
    # Hearts' partnerships say teams, All Fours sides and partners (docs/contract.md §3).
    hearts = play_until(
        hoyle.load("hearts", variant="partnership").new_initial_state(seed=1),
        lambda s: not s.is_chance_node(),
    ).observation(1)
    assert panels.teams(hearts) == [[0, 2], [1, 3]]
    assert panels.partner_marks(hearts, 4) == ["", "", "", " (partner)"]
    names = seat_names(4, 1)
    assert "Seat 3 (partner): 0" in panels.score_lines(hearts, names)
    alone = hoyle.load("all-fours", players=4, teams=0).new_initial_state(seed=1).observation(0)
    assert panels.teams(alone) == [] and panels.partner_marks(alone, 4) == [""] * 4
    pairs = hoyle.load("all-fours", players=4, teams=2).new_initial_state(seed=1).observation(0)
    assert panels.teams(pairs) == [[0, 2], [1, 3]]


def test_facts_are_shown_as_the_family_words_them() -> None:
    state = play_until(hoyle.load("all-fours").new_initial_state(seed=5), lambda s: True)
    facts = state.facts(0, seat_names(2, 0))
    lines = panels.fact_lines(facts)
    assert len(lines) == len(facts)
    for fact, line in zip(facts, lines, strict=True):
        assert line.startswith(f"{fact['label']}: {fact['text']}")
        assert all(card_label(card) in line for card in fact["cards"])


def test_the_last_trick_is_the_logs_last_trick_event() -> None:
    state = play_until(
        hoyle.load("hearts", deals=1).new_initial_state(seed=3),
        lambda s: len(s.observation(0).get("tricks") or []) == 2,
    )
    names = seat_names(4, 0)
    log = state.log(0, names)
    lines = panels.last_trick_from_log(log, names)
    last = state.observation(0)["tricks"][-1]
    shown = [line.rsplit(" ", 1) for line in lines[:-1]]
    assert [card for _, card in shown] == [card_label(c) for c in last["cards"]]
    assert lines[-1] == [e for e in log if e["kind"] == "trick"][-1]["text"]
    assert panels.last_trick_from_log([], names) == []
