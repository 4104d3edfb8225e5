"""hoyle.load, families, variants and canonical game strings (issue 2, item 3)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import hoyle
from hoyle import InvalidOptionError, UnknownGameError
from hoyle.core.registry import parse_spec
from hoyle.games.hearts import FirstLead, HeartsRules, Moon, Pass, Tie


def test_families_and_variants_are_listed() -> None:
    assert "hearts" in hoyle.families()
    presets = hoyle.variants("hearts")
    assert presets[0].name == "black-lady"  # RULINGS 1.1: the family's default variant
    for preset in presets:
        data = preset.to_dict()
        assert set(data) == {
            "name",
            "title",
            "aliases",
            "summary",
            "source",
            "options",
            "players",
            "tables",
            "by_table",
        }
        assert data["summary"] and data["source"] and data["title"]


def test_load_hearts_plays_black_lady_with_its_defaults() -> None:
    game = hoyle.load("hearts")
    assert game.family == "hearts"
    assert game.variant == "black-lady"
    assert game.rules == HeartsRules()
    assert game.num_players == 4
    assert game.spec == "hearts"
    assert str(game) == "hearts"
    assert repr(game) == "hoyle.load('hearts')"


@pytest.mark.parametrize(
    ("spec", "options"),
    [
        ("hearts(players=5)", {"players": 5}),
        ("hearts(moon=subtract,target=50)", {"moon": "subtract", "target": 50}),
        ("hearts(moon=subtract)", {"moon": Moon.SUBTRACT}),
        ("hearts(jd_bonus=true,no_tricks_bonus=5)", {"jd_bonus": True, "no_tricks_bonus": 5}),
        (
            "hearts(pass_cycle=left,right,hold,players=5)",
            {"pass_cycle": "left,right,hold", "players": 5},
        ),
        ("hearts(variant=black-lady,deals=1)", {"deals": 1}),
        ("Hearts(first-lead=eldest_any)", {"first_lead": FirstLead.ELDEST_ANY}),
    ],
)
def test_load_by_string_and_by_keyword_give_equal_games(spec: str, options: dict[str, Any]) -> None:
    by_string = hoyle.load(spec)
    by_keyword = hoyle.load("hearts", **options)
    assert by_string == by_keyword
    assert hash(by_string) == hash(by_keyword)
    assert by_string.spec == by_keyword.spec


def test_keywords_override_the_string() -> None:
    assert hoyle.load("hearts(players=5)", players=3).num_players == 3


def test_list_option_in_a_game_string() -> None:
    game = hoyle.load("hearts(pass_cycle=right,left,hold,players=5)")
    assert game.rules.pass_cycle == (Pass.RIGHT, Pass.LEFT, Pass.HOLD)
    assert game.rules.players == 5
    assert game.spec == "hearts(players=5,pass_cycle=right,left,hold)"
    assert hoyle.load(game.spec) == game
    # The standard cycle written out is the default cycle: the same game, the same string.
    standard = hoyle.load("hearts(pass_cycle=left,right,hold,players=5)")
    assert standard == hoyle.load("hearts(players=5)")
    assert standard.spec == "hearts(players=5)"


def test_parse_spec_continues_list_values() -> None:
    assert parse_spec("hearts(pass_cycle=left,right,players=3)") == (
        "hearts",
        {"pass_cycle": "left,right", "players": "3"},
    )
    assert parse_spec("hearts") == ("hearts", {})
    assert parse_spec(" hearts ( ) ") == ("hearts", {})


def test_canonical_string_lists_only_what_differs_from_the_preset() -> None:
    assert hoyle.load("hearts", players=4, moon="add", target=100).spec == "hearts"
    assert hoyle.load("hearts", target=50, players=3).spec == "hearts(players=3,target=50)"


_COMBOS: list[dict[str, Any]] = [
    dict(zip(("players", "moon", "pass_cycle"), values, strict=True))
    for values in itertools.product(
        [3, 4, 5, 6],
        [m.value for m in Moon],
        [None, "hold", "right,left", "left,hold,hold"],
    )
] + [
    {"deals": 1},
    {"deals": 8, "tie": Tie.PLAY_ON},
    {"target": 1},
    {"target": 500, "no_tricks_bonus": 26},
    {"pass_count": 1},
    {"players": 6, "pass_count": 6},
    {"first_lead": "eldest_any", "no_points_first_trick": False},
    {"lead_any_club": True, "must_break_hearts": False, "queen_breaks_hearts": True},
    {"lead_hearts_instead_of_queen": True, "jd_bonus": True},
    {"players": 3, "removed_3p": "2C"},
    {"players": 3, "removed_3p": "2H", "pass_count": 4},
    {"players": 5, "removed_5p": "2S,2H"},
    {"players": 6, "removed_6p": "3D,2D,2C,2S"},
    {"players": 4, "removed_3p": "2C"},  # not in force at 4 players, still part of the rules
]


@pytest.mark.parametrize(
    "options", _COMBOS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_canonical_string_round_trips(options: dict[str, Any]) -> None:
    game = hoyle.load("hearts", **{k: v for k, v in options.items() if v is not None})
    again = hoyle.load(game.spec)
    assert again == game
    assert again.spec == game.spec
    assert eval(repr(game), {"hoyle": hoyle}) == game


def test_equal_removals_written_differently_are_one_game() -> None:
    # Engine fix: removed cards are kept as canonical tokens in pack order.
    assert hoyle.load("hearts", players=3, removed_3p="2d") == hoyle.load("hearts", players=3)
    assert hoyle.load("hearts", players=6, removed_6p="2S,2D,3C,2C") == hoyle.load(
        "hearts", players=6
    )
    game = hoyle.load("hearts", players=3, removed_3p="10h")
    assert game.rules.removed_3p == ("TH",)
    assert game.spec == "hearts(players=3,removed_3p=TH)"


@pytest.mark.parametrize(
    "name", ["black widow", "Black-Widow", "rickety_kate", "hearts", "BLACK LADY"]
)
def test_aliases_load_the_preset(name: str) -> None:
    game = hoyle.load("hearts", variant=name)
    assert game.variant == "black-lady"
    assert game == hoyle.load("hearts")


def test_unknown_option_lists_the_options_and_their_ranges() -> None:
    with pytest.raises(InvalidOptionError) as info:
        hoyle.load("hearts", bogus=1)
    message = str(info.value)
    assert "unknown hearts option 'bogus'" in message
    for fragment in (
        "players (2…11)",
        "pass_count (1…6)",
        "moon (add|subtract|choose|none|add_unless_it_makes_someone_win|void_deal|slam)",
        "tie (share|play_on)",
        "pass_cycle (a comma list of "
        "left|right|across|second_left|second_right|scatter|mix|hold or auto)",
        "no_tricks_bonus (0…26)",
        "variant",
    ):
        assert fragment in message
    with pytest.raises(InvalidOptionError, match="unknown hearts option 'colour'"):
        hoyle.load("hearts(colour=red)")


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"players": 12}, "option 'players' \\(out of range\\): expected 2…11"),
        ({"players": 7}, "hearts needs 3…6 players with these rules, not 7"),
        ({"players": 2}, "needs 3…6 players"),
        ({"players": "four"}, "expected 2…11"),
        ({"moon": "sometimes"}, "option 'moon'.*expected add\\|subtract\\|choose\\|none"),
        ({"tie": "toss"}, "expected share\\|play_on"),
        ({"pass_cycle": "left,sideways"}, "left\\|right\\|across\\|second_left"),
        ({"pass_count": 0}, "expected 1…6"),
        ({"no_tricks_bonus": 27}, "expected 0…26"),
        ({"target": 0}, "an integer ≥ 1"),
        ({"deals": -1}, "an integer ≥ 0"),
        ({"jd_bonus": "perhaps"}, "expected true\\|false"),
        ({"first_lead": "dealer"}, "lowest_club\\|eldest_any"),
    ],
)
def test_bad_values_raise_invalid_option_error_naming_the_range(
    options: dict[str, Any], says: str
) -> None:
    with pytest.raises(InvalidOptionError, match=says):
        hoyle.load("hearts", **options)


def test_bad_value_in_a_string_too() -> None:
    with pytest.raises(InvalidOptionError, match=r"hearts needs 3…6 players.*not 9"):
        hoyle.load("hearts(players=9)")
    with pytest.raises(InvalidOptionError, match="name=value"):
        hoyle.load("hearts(5)")
    with pytest.raises(InvalidOptionError, match="option without a name"):
        hoyle.load("hearts(=5)")


def test_unknown_family_lists_the_families() -> None:
    with pytest.raises(UnknownGameError, match=r"unknown game 'heartz'; games: .*hearts"):
        hoyle.load("heartz")
    with pytest.raises(UnknownGameError, match="cannot read game"):
        hoyle.load("hearts(players=5")
    with pytest.raises(UnknownGameError, match="unknown game"):
        hoyle.variants("bridge")


def test_unknown_variant_lists_the_variants() -> None:
    with pytest.raises(
        UnknownGameError, match="unknown hearts variant 'nope'; variants: black-lady"
    ):
        hoyle.load("hearts", variant="nope")
    with pytest.raises(UnknownGameError, match="variants: black-lady"):
        hoyle.load("hearts(variant=nope)")


def test_errors_are_value_errors() -> None:
    for cls in (hoyle.IllegalActionError, InvalidOptionError, UnknownGameError):
        assert issubclass(cls, hoyle.HoyleError)
        assert issubclass(cls, ValueError)


# ---------------------------------------------------- rules validation (RULINGS 1.1, H1, H6)


@pytest.mark.parametrize("players", [3, 5])
def test_no_across_pass_at_an_odd_table(players: int) -> None:
    # RULINGS 1.1 black-lady: "left, right, hold with 3 or 5".
    with pytest.raises(InvalidOptionError, match=f"cannot pass across with {players} players"):
        hoyle.load("hearts", players=players, pass_cycle="left,right,across,hold")
    default = hoyle.load("hearts", players=players).rules.effective_pass_cycle
    assert default == (Pass.LEFT, Pass.RIGHT, Pass.HOLD)


@pytest.mark.parametrize("players", [4, 6])
def test_across_allowed_at_an_even_table(players: int) -> None:
    rules = hoyle.load("hearts", players=players).rules
    assert rules.effective_pass_cycle == (Pass.LEFT, Pass.RIGHT, Pass.ACROSS, Pass.HOLD)


def test_pass_count_must_leave_a_card_in_hand() -> None:
    # 16 removed cards leave 36, six hands of 6: passing 6 would empty them.
    many = "2C,3C,4C,5C,6C,7C,8C,9C,TC,JC,QC,KC,2D,3D,4D,5D"
    with pytest.raises(InvalidOptionError, match="pass_count 6 must be less than the hand of 6"):
        hoyle.load("hearts", players=6, removed_6p=many, pass_count=6)
    assert hoyle.load("hearts", players=6, removed_6p=many, pass_count=5).rules.pass_count == 5
    # With no passing at all the count does not matter.
    assert hoyle.load("hearts", players=6, removed_6p=many, pass_count=6, pass_cycle="hold")
    with pytest.raises(InvalidOptionError, match="expected 1…6"):
        hoyle.load("hearts", pass_count=7)


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"players": 3, "removed_3p": ""}, "52 cards do not divide among 3 players"),
        ({"players": 3, "removed_3p": "2D,2C"}, "50 cards do not divide among 3 players"),
        ({"players": 5, "removed_5p": "2C"}, "51 cards do not divide among 5 players"),
        ({"players": 6, "removed_6p": "2C,2D"}, "50 cards do not divide among 6 players"),
        ({"players": 3, "removed_3p": "2D,2D"}, "names a card twice"),
        ({"players": 3, "removed_3p": "ZZ"}, "removed_3p: bad rank"),
        ({"pass_cycle": ""}, "at least one direction"),
    ],
)
def test_rules_validation(options: dict[str, Any], says: str) -> None:
    with pytest.raises(InvalidOptionError, match=says):
        hoyle.load("hearts", **options)


def test_removing_every_club_needs_another_first_lead() -> None:
    clubs = ",".join(r + "C" for r in "23456789TJQKA")
    with pytest.raises(InvalidOptionError, match="every club"):
        hoyle.load("hearts", players=3, removed_3p=clubs)
    game = hoyle.load("hearts", players=3, removed_3p=clubs, first_lead="eldest_any")
    assert game.new_initial_state(seed=1).current_player() == 0


def test_agents_by_name() -> None:
    game = hoyle.load("hearts")
    assert hoyle.agent("random", game, seed=1) is not None
    assert hoyle.agent("easy", game, seed=1) is not None
    with pytest.raises(UnknownGameError, match=r"unknown agent 'genius'.*easy.*random"):
        hoyle.agent("genius", game)


@pytest.mark.parametrize("family_name", ["hearts", "all-fours", "spite-malice", "ecarte"])
def test_apply_action_refuses_a_token_and_changes_nothing(family_name: str) -> None:
    # DESIGN, protocol: an illegal action raises with what would be right; the state is unchanged.
    state = hoyle.load(family_name).new_initial_state(seed=1)
    before = (state.history(), state.current_player(), state.legal_actions())
    token = state.action_to_string(state.legal_actions()[0])
    with pytest.raises(hoyle.IllegalActionError, match=r"an action is an int .*string_to_action"):
        state.apply_action(token)  # type: ignore[arg-type]
    assert (state.history(), state.current_player(), state.legal_actions()) == before


def test_bourre_refuses_a_token_too() -> None:
    state = hoyle.load("ecarte", variant="bourre").new_initial_state(seed=1)
    with pytest.raises(hoyle.IllegalActionError, match="an action is an int"):
        state.apply_action("play")  # type: ignore[arg-type]
