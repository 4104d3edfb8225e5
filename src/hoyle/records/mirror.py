"""The JSON mirror of a record, for tools: the same parts as the text, as plain data.

``to_json`` gives ``{"tags": {...}, "intro": "", "actions": [...], "labels": [...],
"comments": [...]}`` with the three lists in parallel. ``from_json`` accepts the same shape,
with ``intro``, ``labels`` and ``comments`` optional, and checks it as strictly as
:func:`~hoyle.records.loads` checks text, so whatever it returns can be written as text.
"""

from __future__ import annotations

import json
from typing import Any

from hoyle.records.model import Record, RecordError, check_tags, check_writable, game_first

__all__ = ["from_json", "json_dumps", "json_loads", "to_json"]


def to_json(rec: Record) -> dict[str, Any]:
    """The record as JSON-ready data (tags in writing order, ``Game`` first).

    >>> to_json(Record({"Game": "hearts"}, ["2C"]))["actions"]
    ['2C']
    """
    return {
        "tags": game_first(rec.tags),
        "intro": rec.intro,
        "actions": list(rec.actions),
        "labels": list(rec.labels),
        "comments": list(rec.comments),
    }


def _strings(obj: dict[str, Any], key: str, count: int | None) -> list[str]:
    value = obj.get(key, [] if count is not None else None)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RecordError(f"JSON record: {key!r} must be a list of strings")
    if count is not None and value and len(value) != count:
        raise RecordError(
            f"JSON record: {key!r} has {len(value)} entries but there are {count} actions"
        )
    return list(value)


def from_json(obj: Any) -> Record:
    """The record that :func:`to_json` data (or a tool's own) describes."""
    if not isinstance(obj, dict):
        raise RecordError("JSON record: expected an object with 'tags' and 'actions'")
    unknown = sorted(set(obj) - {"tags", "intro", "actions", "labels", "comments"})
    if unknown:
        raise RecordError(
            f"JSON record: unknown keys {unknown}; "
            "keys: tags, actions, and optionally intro, labels, comments"
        )
    tags = obj.get("tags")
    if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
        raise RecordError("JSON record: 'tags' must be an object of strings")
    intro = obj.get("intro", "")
    if not isinstance(intro, str):
        raise RecordError("JSON record: 'intro' must be a string")
    actions = _strings(obj, "actions", None)
    rec = Record(
        tags=game_first(tags),
        actions=actions,
        labels=_strings(obj, "labels", len(actions)),
        comments=_strings(obj, "comments", len(actions)),
        intro=intro,
    )
    check_tags(rec.tags, {}, None)
    check_writable(rec)
    return rec


def json_dumps(rec: Record) -> str:
    """The JSON mirror as one line of text (non-ASCII characters kept as they are)."""
    return json.dumps(to_json(rec), ensure_ascii=False)


def json_loads(text: str) -> Record:
    """The record in JSON ``text``; bad JSON is a :class:`RecordError` with its line."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} (column {exc.colno})", exc.lineno) from None
    return from_json(obj)
