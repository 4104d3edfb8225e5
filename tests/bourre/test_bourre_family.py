"""Bourré is its own family (issue 18): its own options and presets, and ``ecarte(variant=bourre,
…)``, the old name, still loads it, so every old game string and record replays."""

from __future__ import annotations

import random

import pytest

import hoyle
from hoyle import records
from hoyle.games.bourre import BourreGame, BourreRules


def test_the_family_and_its_presets() -> None:
    game = hoyle.load("bourre")
    assert isinstance(game, BourreGame) and isinstance(game.rules, BourreRules)
    assert game.spec == "bourre" and game.title == "Bourré" and game.num_players == 7
    assert hoyle.variants("bourre")[0].name == "standard"
    assert hoyle.load("booray", players=3).spec == "bourre(players=3)"
    assert hoyle.load("bourre", variant="four-card").rules.four_card


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ecarte(variant=bourre)", "bourre"),
        ("ecarte(variant=bourre,players=4)", "bourre(players=4)"),
        (
            "ecarte(variant=booray,players=5,deals=2,pot_limit=3)",
            "bourre(players=5,deals=2,pot_limit=3)",
        ),
        ("ecarte(variant=bourre,four_card=true)", "bourre(four_card=true)"),
    ],
)
def test_the_old_name_loads_the_family_and_writes_the_new(old: str, new: str) -> None:
    game = hoyle.load(old)
    assert game == hoyle.load(new) and game.spec == new


def test_an_option_of_the_other_family_is_refused_by_name() -> None:
    with pytest.raises(hoyle.InvalidOptionError, match=r"'doubling' is an option of Écarté"):
        hoyle.load("bourre(doubling=true)")
    with pytest.raises(hoyle.InvalidOptionError, match=r"'pot_limit' is an option of Bourré"):
        hoyle.load("ecarte(pot_limit=3)")
    with pytest.raises(hoyle.InvalidOptionError, match=r"not of Bourré \(bourre\)"):
        hoyle.load("ecarte(variant=bourre,target=3)")
    with pytest.raises(hoyle.InvalidOptionError, match="unknown ecarte option 'form'"):
        hoyle.load("ecarte(form=bourre)")


@pytest.mark.parametrize("seed", [4, None], ids=["seeded", "chance-dealt"])
def test_a_record_under_the_old_name_replays(seed: int | None) -> None:
    game = hoyle.load("bourre", players=5, deals=2)
    state = game.new_initial_state(seed)
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    text = records.dumps(records.from_state(state, seed=seed))
    old = text.replace(
        '[Game "bourre(players=5,deals=2)"]', '[Game "ecarte(variant=bourre,players=5,deals=2)"]'
    )
    assert old != text
    replayed = records.replay(records.loads(old))
    assert replayed.history() == state.history() and replayed.scores() == state.scores()
