"""hoyle.core.options: typed rule options read from keywords and strings, and written back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from hoyle import InvalidOptionError
from hoyle.core.options import coerce, format_value, option, option_infos
from hoyle.games.hearts import HeartsRules, Moon, Pass


@dataclass(frozen=True, kw_only=True)
class _Rules:
    count: int = option(3, "how many", min=1, max=6)
    limit: int = option(0, "a limit", min=0)
    free: int = option(5, "any integer")
    flag: bool = option(False, "a switch")
    moon: Moon = option(Moon.ADD, "a choice")
    cycle: tuple[Pass, ...] | None = option(None, "a list or the default")
    names: tuple[str, ...] = option(("a",), "a list of words")
    text: str = option("x", "some text")


INFOS = {info.name: info for info in option_infos(_Rules)}


def _coerce(name: str, value: Any) -> Any:
    return coerce(INFOS[name], value, "test")


def test_option_infos_list_every_field_with_doc_default_and_range() -> None:
    assert list(INFOS) == ["count", "limit", "free", "flag", "moon", "cycle", "names", "text"]
    assert INFOS["count"].doc == "how many"
    assert INFOS["count"].default == 3
    assert INFOS["count"].allowed == "1…6"
    assert INFOS["limit"].allowed == "an integer ≥ 0"
    assert INFOS["free"].allowed == "an integer"
    assert INFOS["flag"].allowed == "true|false"
    assert INFOS["moon"].allowed.startswith("add|subtract|choose|none|")
    assert INFOS["cycle"].allowed == (
        "a comma list of left|right|across|second_left|second_right|scatter|mix|hold or auto"
    )
    assert INFOS["names"].allowed == "a comma list"
    assert INFOS["text"].allowed == "text"


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("count", "4", 4),
        ("count", " 6 ", 6),
        ("count", 1, 1),
        ("limit", "1000", 1000),
        ("free", "-3", -3),
        ("flag", "true", True),
        ("flag", "Yes", True),
        ("flag", "on", True),
        ("flag", "1", True),
        ("flag", "false", False),
        ("flag", "off", False),
        ("flag", "no", False),
        ("flag", False, False),
        ("moon", "subtract", Moon.SUBTRACT),
        ("moon", "SUBTRACT", Moon.SUBTRACT),
        ("moon", "add-unless-it-makes-someone-win", Moon.ADD_UNLESS_LOSING),
        ("moon", "add_unless_losing", Moon.ADD_UNLESS_LOSING),  # the member name is read too
        ("moon", Moon.CHOOSE, Moon.CHOOSE),
        ("cycle", "left,right,hold", (Pass.LEFT, Pass.RIGHT, Pass.HOLD)),
        ("cycle", "left+across", (Pass.LEFT, Pass.ACROSS)),
        ("cycle", ["right"], (Pass.RIGHT,)),
        ("cycle", "hold", (Pass.HOLD,)),
        ("cycle", "auto", None),  # issue 18: "auto" means "work it out"
        ("cycle", "default", None),  # its old spelling, still read
        ("cycle", None, None),
        ("names", "b, c", ("b", "c")),
        ("text", "  hello ", "hello"),
    ],
)
def test_values_are_read_from_strings_and_typed_values(
    name: str, value: Any, expected: Any
) -> None:
    assert _coerce(name, value) == expected


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("count", "7", "out of range.*expected 1…6 — how many"),
        ("count", 0, "out of range.*expected 1…6"),
        ("count", "three", "expected 1…6"),
        ("count", True, "expected 1…6"),  # a bool is not an int here
        ("count", 2.0, "expected 1…6"),
        ("limit", "-1", "out of range.*an integer ≥ 0"),
        ("flag", "maybe", "expected true\\|false — a switch"),
        ("flag", 1, "expected true\\|false"),
        ("moon", "sideways", "expected add\\|subtract\\|choose\\|none"),
        ("moon", None, "expected add"),  # only X | None options take "auto"
        ("cycle", "left,up", "expected a comma list of left\\|right\\|across\\|second_left"),
        ("cycle", 3, "a comma list"),
        ("text", 3, "expected text"),
    ],
)
def test_bad_values_name_the_option_and_what_it_allows(name: str, value: Any, says: str) -> None:
    with pytest.raises(InvalidOptionError, match=f"option '{name}'.*{says}"):
        _coerce(name, value)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (None, "auto"),
        (True, "true"),
        (False, "false"),
        (7, "7"),
        (Moon.ADD_UNLESS_LOSING, "add_unless_it_makes_someone_win"),
        ((Pass.LEFT, Pass.HOLD), "left,hold"),
        (("2C", "2D"), "2C,2D"),
        ("x", "x"),
    ],
)
def test_format_value_writes_what_coerce_reads(value: Any, text: str) -> None:
    assert format_value(value) == text


def test_every_hearts_option_round_trips_through_its_string_form() -> None:
    # Canonical strings rest on format_value and coerce being inverse for every option.
    infos = option_infos(HeartsRules)
    samples: dict[str, Any] = {
        "players": 5,
        "deals": 8,
        "target": 50,
        "pass_cycle": (Pass.RIGHT, Pass.HOLD),
        "pass_count": 4,
        "no_tricks_bonus": 5,
        "removed_3p": ("2C",),
        "removed_5p": ("2H", "2S"),
        "removed_6p": ("2C", "2D", "3D", "2S"),
        "ace_value": 1,
        "queen_spades": 25,
        "jack_value": 10,
        "moon_points": 150,
        "chips": 25,
        "other_queens": 13,
        "diamond_queen": 10,
        "removed_4p": ("2S",),
        "widow_3p": 3,
        "widow_4p": 3,
        "widow_5p": 2,
        "widow_6p": 4,
    }
    for info in infos:
        value = samples.get(info.name)
        if value is None:
            if info.hint is bool:
                value = not info.default
            elif info.hint is int:
                value = info.default + 1  # any other value in range
            else:
                value = list(type(info.default))[-1]  # the last member of the enum
        assert coerce(info, format_value(value), "hearts") == value, info.name
