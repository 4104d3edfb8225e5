"""The review: each decision of a seat valued by a search level from that seat's information.

The scenario is Black Lady (RULINGS, ``black-lady``: hearts 1, Q♠ 13 to whoever takes the
trick, no pass with ``pass_cycle=hold``): a player who leads the Q♠ while every other seat
still holds low spades under the A♠ and K♠ takes it, whoever holds those, so the review
must call the lead a mistake costing points, and call the moves the expert plays free.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import hoyle
from deals import hands_with
from hoyle import records
from hoyle.agents.review import ReviewCancelled, review, same_cards
from hoyle.cli import main
from hoyle.core.compiled import compiled_allowed
from hoyle.core.errors import InvalidOptionError, InvalidSeatError
from hoyle.core.registry import make_agent
from hoyle.records import Record

GAME = "hearts(deals=1,pass_cycle=hold)"
# Seat 1 leads the 2♣, seat 0 wins the first trick with the A♣ and leads to the second; it
# holds the Q♠ as its only spade, and every other seat holds low spades besides A♠, K♠, J♠.
HANDS = hands_with("AC QS 2D 3D 4D 5D", "2C 3C 2S 3S AS", "4C 5C 4S 5S KS", "6C 7C 6S 7S JS")
SIMS = 400


def _finish(state: hoyle.State, seed: int = 1) -> hoyle.State:
    easy = make_agent("easy", state.game, seed)
    while not state.is_terminal():
        state.apply_action(easy.step(state))
    return state


def _queen_lead() -> Record:
    state = hoyle.load(GAME).deal_state(HANDS)
    for token in ["2C", "4C", "6C", "AC", "QS"]:
        state.apply_action(state.string_to_action(token))
    return records.from_state(_finish(state), seats=["You", "easy", "easy", "easy"])


def test_leading_the_queen_into_low_spades_is_the_costliest_mistake() -> None:
    result = review(_queen_lead(), 0, simulations=SIMS)
    first = result.decisions[0]
    assert (first.label, first.played) == ("1.2", "QS")
    assert first.best != "QS" and first.mistake
    assert first.cost > 2.0  # a 13-point card taken in most of the ways the cards lie
    assert result.costliest()[0] == first
    assert result.total == pytest.approx(sum(d.cost for d in result.decisions))
    assert result.loss_by_deal() == {1: pytest.approx(result.total)}
    # Seat 0 then holds only diamonds, each as good as the next: none of those costs a point.
    assert all(d.agrees and d.cost == 0 for d in result.decisions[1:] if d.played[-1] == "D")


def test_only_decisions_with_a_choice_are_reviewed() -> None:
    rec = _queen_lead()
    result = review(rec, 0, simulations=SIMS)
    for d in result.decisions:
        state = hoyle.load(GAME).new_initial_state()
        for token in rec.actions[: d.index]:
            state.apply_action(state.string_to_action(token))
        assert state.current_player() == 0 and len(state.legal_actions()) > 1
        assert d.played == rec.actions[d.index]
        assert {h.token for h in d.values} == {
            state.action_to_string(a) for a in state.legal_actions()
        }


@pytest.mark.skipif(
    not compiled_allowed(),
    reason="a claim about the levels' budget on the core; the Python "
    "search at 2,000 simulations a move would take half a minute (the other tests review there)",
)
def test_the_expert_playing_itself_loses_next_to_nothing() -> None:
    # The same search that played the moves judges them (other seeds): what it calls lost is
    # the noise of its estimates, a small part of a point a deal.
    game = hoyle.load("hearts(deals=1)")
    state = game.new_initial_state(21)
    agents = [make_agent("expert", game, seat, simulations=2000) for seat in range(4)]
    while not state.is_terminal():
        state.apply_action(agents[state.current_player()].step(state))
    rec = records.from_state(state, seed=21)
    result = review(rec, 2, simulations=2000, seed=5)
    assert len(result.decisions) >= 8
    assert result.total < 1.0


def test_the_review_sees_only_what_the_seat_saw() -> None:
    # Two deals that differ only in how two cards lie between seats 2 and 3: seat 0's first
    # decision (its pass, before any card is seen) must be valued the same in both.
    swapped = list(HANDS)
    two, three = swapped[2].split(), swapped[3].split()
    two[0], three[-1] = three[-1], two[0]
    swapped[2], swapped[3] = " ".join(two), " ".join(three)
    game = hoyle.load("hearts(deals=1,pass_cycle=left)")
    values = []
    for hands in (HANDS, swapped):
        rec = records.from_state(_finish(game.deal_state(hands)))
        first = review(rec, 0, simulations=SIMS).decisions[0]
        assert first.label == "1.pass"
        values.append([(h.token, h.value) for h in first.values])
    assert values[0] == values[1]


def test_progress_and_cancel() -> None:
    seen: list[tuple[int, int, bool]] = []
    result = review(
        _queen_lead(), 0, simulations=50, progress=lambda d, t, x: seen.append((d, t, x is None))
    )
    n = len(result.decisions)
    assert seen == [t for i in range(n) for t in ((i, n, True), (i + 1, n, False))]
    asked = iter([False, True])
    with pytest.raises(ReviewCancelled, match=f"after 1 of {n} decisions"):
        review(_queen_lead(), 0, simulations=50, cancel=lambda: next(asked))


def test_bad_seat_and_level_say_what_would_do() -> None:
    with pytest.raises(InvalidSeatError, match="seats 0 to 3"):
        review(_queen_lead(), 4)
    with pytest.raises(InvalidOptionError, match="use medium, hard or expert"):
        review(_queen_lead(), 0, "easy")


def _seeded(seed: int, agent: str, names: list[str]) -> Record:
    game = hoyle.load("hearts(deals=2,pass_cycle=hold)")
    state = game.new_initial_state(seed)
    bots = [make_agent(agent, game, s) for s in range(4)]
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    return records.from_state(state, seed=seed, seats=names)


def test_same_cards_gives_the_other_tables_scores_deal_by_deal() -> None:
    mine = _seeded(8, "easy", ["A", "B", "C", "D"])
    other = _seeded(8, "random", ["E", "F", "G", "H"])
    (row,) = same_cards(mine, 1, {"other.hrec": other})
    final = records.replay(other).observation(1)["deal_scores"]
    assert (row.who, row.scores) == ("F", {1: final[0][1], 2: final[1][1]})
    with pytest.raises(InvalidOptionError, match=r"not hearts.*from seed 8"):
        same_cards(mine, 1, {"x.hrec": _seeded(9, "easy", ["A", "B", "C", "D"])})
    with pytest.raises(InvalidOptionError, match="dealt at chance nodes"):
        same_cards(_queen_lead(), 1, {"other.hrec": other})


def test_the_command_prints_the_review_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "queen.hrec"
    records.write_file(_queen_lead(), path)
    assert main(["review", str(path), "--seat", "0", "--simulations", "200"]) == 0
    out = capsys.readouterr().out
    assert "1.2      played QS" in out and "← mistake" in out
    assert "The costliest moves:\n  1.2 QS: lost" in out
    assert main(["review", str(path), "--seat", "0", "--simulations", "200", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["decisions"][0]["played"] == "QS" and data["decisions"][0]["mistake"]
    assert data["scores"] == {"1": records.replay(_queen_lead()).scores()[0]}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "9"], "seat 9: Hearts"),
        (["--seat", "0", "--level", "easy"], "cannot review"),
        (["--seat", "0", "--seconds", "0"], "--seconds must be more than 0"),
    ],
)
def test_the_command_refuses_bad_arguments_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    path = tmp_path / "queen.hrec"
    records.write_file(_queen_lead(), path)
    assert main(["review", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hoyle: error:") and message in err and err.count("\n") == 1


def test_the_command_names_the_line_of_a_record_that_does_not_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.hrec"
    text = records.dumps(_queen_lead())
    path.write_text(text.replace(" QS ", " 9H ", 1), encoding="utf-8")
    assert main(["review", str(path), "--seat", "0"]) == 1
    assert "line " in capsys.readouterr().err


def test_the_command_speaks_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "queen.hrec"
    records.write_file(_queen_lead(), path)
    assert main(["--lang", "es", "review", str(path), "--seat", "0", "--simulations", "200"]) == 0
    out = capsys.readouterr().out
    assert "1.2      jugó QS" in out and "← error" in out and "Las jugadas más caras:" in out
    assert "puntos al final de la ronda" in out and "played" not in out
