"""Every way a record can be wrong is reported, with the line it is on."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import hoyle
from hoyle import records
from hoyle.records import Record, RecordError

DATA = Path(__file__).resolve().parent.parent / "data" / "records"
SEEDED = (DATA / "hearts-deal-seed7.hrec").read_text(encoding="utf-8")
MOON = (DATA / "hearts-moon-choose.hrec").read_text(encoding="utf-8")


def _line_of(text: str, prefix: str) -> int:
    """The 1-based number of the first line that starts with ``prefix``."""
    return next(i for i, line in enumerate(text.split("\n"), 1) if line.startswith(prefix))


def _edit(text: str, line: int, new: str) -> str:
    lines = text.split("\n")
    lines[line - 1] = new
    return "\n".join(lines)


def _error(text: str, *, replay: bool = False) -> RecordError:
    with pytest.raises(RecordError) as info:
        rec = records.loads(text)
        if replay:
            records.replay(rec)
    return info.value


# ------------------------------------------------------------------ actions


def test_card_not_in_hand_is_reported_on_its_line() -> None:
    line = _line_of(SEEDED, "1.5 ")
    # The 2C was led to the first trick, so nobody holds it at trick 5.
    text = _edit(SEEDED, line, "1.5 2C" + SEEDED.split("\n")[line - 1][6:])
    err = _error(text, replay=True)
    assert err.line == line
    assert str(err).startswith(f"line {line}: 2C is illegal: ")
    assert "not in hand" in str(err)


def test_revoke_is_reported_with_the_engine_reason() -> None:
    line = _line_of(MOON, "1.1 ")
    assert MOON.split("\n")[line - 1] == "1.1 2C 6C TC AC"
    text = _edit(MOON, line, "1.1 2C 3D TC AC")  # seat 2 holds clubs, so 3D revokes
    err = _error(text, replay=True)
    assert str(err) == (
        f"line {line}: 3D is illegal: '3D' is not a legal action here (seat 2 cannot play 3D: "
        "must follow suit); legal: 3C, 6C, 9C, QC"
    )


def test_unknown_token_is_reported() -> None:
    line = _line_of(MOON, "1.moon ")
    err = _error(_edit(MOON, line, "1.moon moon_sideways"), replay=True)
    assert str(err).startswith(f"line {line}: moon_sideways is illegal: ")


def test_action_after_the_end() -> None:
    text = SEEDED.rstrip("\n") + "\n{one more} 3C\n"
    err = _error(text, replay=True)
    assert err.line == SEEDED.count("\n") + 1
    assert "3C is illegal: the game is over (scores 9 13 0 4" in str(err)


def test_label_that_does_not_match_the_game() -> None:
    line = _line_of(SEEDED, "1.6 ")
    text = _edit(SEEDED, line, SEEDED.split("\n")[line - 1].replace("1.6", "1.7", 1))
    err = _error(text, replay=True)
    assert str(err) == f"line {line}: label 1.7 does not match the game, which is at 1.6"


def test_record_not_read_from_text_reports_lines_of_its_text() -> None:
    rec = records.loads(SEEDED)
    built = Record(dict(rec.tags), list(rec.actions), list(rec.labels))  # no line numbers
    built.actions[30] = "2C"
    err = _error_from(lambda: records.replay(built))
    assert err.line is not None
    assert records.dumps(built).split("\n")[err.line - 1].split()[3] == "2C"  # 1.5's 3rd card


def _error_from(call: object) -> RecordError:
    with pytest.raises(RecordError) as info:
        call()  # type: ignore[operator]
    return info.value


# ------------------------------------------------------------------ result


def test_result_that_disagrees_is_reported_on_its_tag() -> None:
    text = SEEDED.replace("scores 9 13 0 4;", "scores 9 13 4 0;")
    err = _error(text, replay=True)
    assert err.line == _line_of(SEEDED, "[Result ")
    assert 'the Result tag says "scores 9 13 4 0; returns -9 -13 0 -4"' in str(err)
    assert 'the replayed game gives "scores 9 13 0 4; returns -9 -13 0 -4"' in str(err)


def test_missing_result_is_not_checked() -> None:
    text = _edit(SEEDED, _line_of(SEEDED, "[Result "), "")
    assert records.replay(records.loads(text)).scores() == [9.0, 13.0, 0.0, 4.0]


# ------------------------------------------------------------------ tags


@pytest.mark.parametrize(
    ("tag", "message"),
    [
        ('[Event "Club night]', 'unterminated tag Event: its value has no closing "'),
        ('[Event "Club night"', "unterminated tag Event: no closing ]"),
        ("[Event Club night]", 'the value of tag Event must be in double quotes: [Event "..."]'),
        ('[Event "a \\n b"]', 'bad escape \\n in tag Event: only \\" and \\\\ are escapes'),
        ('[Event "a" "b"]', "unexpected '\"b\"]' after the value of tag Event"),
        ('[2Event "a"]', 'bad tag \'[2Event "a"]\': expected [Name "value"]'),
        ('[Seed "x"]', "tag Seed appears twice (first on line 2)"),
    ],
)
def test_bad_tag_is_reported_on_its_line(tag: str, message: str) -> None:
    text = _edit(SEEDED, 3, tag)
    err = _error(text)
    assert str(err) == f"line 3: {message}"


def test_escaped_tag_values_read_back() -> None:
    rec = records.loads(SEEDED)
    assert rec.tags["Event"] == 'Golden "seeded" deal \\ one'


@pytest.mark.parametrize(
    ("game", "words"),
    [("chess", "unknown game 'chess'"), ("hearts(players=9)", "players"), ("hearts(", "")],
)
def test_unknown_game_is_reported_on_the_game_tag(game: str, words: str) -> None:
    err = _error(SEEDED.replace('[Game "hearts(deals=1)"]', f'[Game "{game}"]'))
    assert str(err).startswith(f'line 1: Game tag "{game}": ')
    assert words in str(err)


def test_missing_game_tag() -> None:
    text = SEEDED.replace('[Game "hearts(deals=1)"]\n', "")
    err = _error(text)
    first_moves = _line_of(text, "{Seed 7")
    assert str(err).startswith(f"line {first_moves}: missing Game tag")
    assert _error("").line == 1


def test_bad_seed_and_seats() -> None:
    err = _error(SEEDED.replace('[Seed "7"]', '[Seed "seven"]'))
    assert str(err).startswith('line 2: Seed tag "seven" is not a whole number')
    err = _error(SEEDED.replace("You, easy, easy, easy", "You, easy"))
    assert str(err).startswith("line 3: Seats tag names 2 seats but hearts(deals=1) has 4")


def test_tag_after_the_actions() -> None:
    text = SEEDED + '[Annotator "late"]\n'
    assert str(_error(text)) == (
        f"line {SEEDED.count(chr(10)) + 1}: a tag pair after the actions: tags come first"
    )


# ------------------------------------------------------------------ move text


def test_unterminated_comment_is_reported_where_it_opens() -> None:
    line = _line_of(SEEDED, "1.9 ")
    text = _edit(SEEDED, line, "1.9 {no end " + SEEDED.split("\n")[line - 1][4:])
    assert str(_error(text)) == f"line {line}: unterminated comment: no closing }}"


@pytest.mark.parametrize(
    ("insert", "message"),
    [
        ("}", "a } that closes no comment"),
        ('"', 'unexpected " among the actions'),
        ("x]", "unexpected ] among the actions"),
        ("1.Pass", "bad label 1.Pass: a deal number, a dot, then a trick number"),
        ("1.2.x", "bad label 1.2.x"),
    ],
)
def test_bad_move_text(insert: str, message: str) -> None:
    line = _line_of(SEEDED, "1.4 ")
    text = _edit(SEEDED, line, SEEDED.split("\n")[line - 1] + " " + insert)
    assert str(_error(text)).startswith(f"line {line}: {message}")


def test_label_without_actions() -> None:
    line = _line_of(SEEDED, "1.4 ")
    text = _edit(SEEDED, line, "1.3 " + SEEDED.split("\n")[line - 1])
    assert str(_error(text)) == f"line {line}: label 1.3 has no actions"
    assert str(_error(SEEDED + "1.14\n")).endswith("label 1.14 has no actions")


# ------------------------------------------------------------------ writing and building


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r.actions.__setitem__(0, "moon_add"), "cannot write the action token"),
        (lambda r: r.actions.__setitem__(0, "2C  3C"), "cannot write the action token"),
        (lambda r: r.actions.__setitem__(0, "1.5"), "cannot write the action token"),
        (lambda r: r.comments.__setitem__(2, "a } b"), "a comment cannot hold }"),
        (lambda r: r.tags.__setitem__("Event", "two\nlines"), "must be a string on one line"),
        (lambda r: r.tags.__setitem__("Bad Name", "x"), "bad tag name 'Bad Name'"),
        (lambda r: r.labels.__setitem__(1, "pass"), "bad label 'pass'"),
        (lambda r: r.labels.append("1.1"), "run parallel to its actions"),
        (lambda r: r.tags.pop("Game"), "a record needs a Game tag"),
    ],
)
def test_dumps_refuses_what_it_cannot_write(change: object, words: str) -> None:
    rec = records.loads(SEEDED)
    change(rec)  # type: ignore[operator]
    with pytest.raises(RecordError, match=None) as info:
        records.dumps(rec)
    assert words in str(info.value)
    assert info.value.line is None


def test_from_state_checks_its_seed_and_arguments() -> None:
    game = hoyle.load("hearts", deals=1)
    state = game.new_initial_state(seed=7)
    rng = random.Random(0)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    assert records.from_state(state, seed=7).actions[0] == state.action_to_string(
        state.history()[52]  # the first decision, after the deal's 52 chance actions
    )
    with pytest.raises(RecordError, match="another seed"):
        records.from_state(state, seed=8)
    # docs/contract.md §7: a seeded history replays from the unseeded start, so the match may
    # also be recorded as dealt at chance nodes, its dealt cards in the move list.
    assert len(records.from_state(state).actions) == len(state.history())
    with pytest.raises(RecordError, match="set by from_state itself"):
        records.from_state(state, seed=7, tags={"Result": "won"})
    with pytest.raises(RecordError, match="one name per seat"):
        records.from_state(state, seed=7, seats=["a", "b"])
    with pytest.raises(RecordError, match="one name per seat"):
        records.from_state(state, seed=7, seats=["a", "b, c", "d", "e"])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"tags": {"Game": "hearts"}, "actions": [1]}', "'actions' must be a list of strings"),
        ('{"tags": {"Game": "hearts"}}', "'actions' must be a list of strings"),
        ('{"tags": ["Game"], "actions": []}', "'tags' must be an object of strings"),
        ('{"tags": {"Game": "hearts"}, "actions": [], "extra": 1}', "unknown keys ['extra']"),
        ('{"tags": {"Game": "gin"}, "actions": []}', 'Game tag "gin"'),
        ('{"tags": {}, "actions": []}', "missing Game tag"),
        ('{"tags": {"Game": "hearts"}, "actions": ["2C"], "labels": ["", ""]}', "has 2 entries"),
        ('{"tags": {"Game": "hearts"}, "actions": ["a_b"]}', "cannot write the action token"),
        ("[1, 2]", "expected an object"),
    ],
)
def test_json_errors(text: str, words: str) -> None:
    with pytest.raises(RecordError) as info:
        records.json_loads(text)
    assert words in str(info.value)


def test_bad_json_reports_its_line() -> None:
    with pytest.raises(RecordError) as info:
        records.json_loads('{\n"tags": {},\n"actions": [,]\n}')
    assert info.value.line == 3
    assert str(info.value).startswith("line 3: not JSON: ")


def test_record_error_is_a_value_error() -> None:
    err = _error('[Game "hearts"')
    assert isinstance(err, ValueError) and isinstance(err, hoyle.HoyleError)
    assert err.line == 1 and err.reason == "unterminated tag Game: no closing ]"
