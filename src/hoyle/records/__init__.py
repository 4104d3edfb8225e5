"""Game records: a text format in the manner of PGN and PBN, its JSON mirror, and replay.

A record names its game in tag pairs, then lists every action as its token, one line per
trick (or per phase), with ``{comments}`` anywhere between tokens::

    [Game "hearts(deals=1)"]
    [Seed "7"]
    [Seats "You, easy, easy, easy"]
    [Result "scores 26 0 13 65; returns -26 0 -13 -65"]

    1.pass 9H QS AS KD 4H 8D 2H QH 7S JD 3S JH
    1.1 2C AC 5C TC
    1.2 9C {clubs again} KC 3C QC

- **Tags**, one per line: ``[Name "value"]``, with ``\\"`` and ``\\\\`` as the only escapes.
  ``Game`` (required, written first) is the canonical game string. ``Seed`` is the seed the
  deals were shuffled from; ``-`` (or no ``Seed`` tag) means the game was dealt at chance
  nodes, and the dealt cards are then actions in the move list (lines labelled ``1.deal``).
  ``Seats`` names the players in seat order, separated by commas. ``Result`` is
  :func:`result_string` of the final state. Any other tag (``Event``, ``Date`` ...) is kept, in
  order, and not interpreted.
- A **blank line**, then the **move text**: action tokens separated by blanks. A token with
  spaces is written with ``_`` for each space (``moon add`` is ``moon_add``), so a token never
  holds ``_``, braces, brackets or ``"``.
- A word that starts with digits and a dot is a **label**: ``1.3`` (deal 1, trick 3),
  ``1.pass``, ``2.deal``, ``1.moon``; in general ``deal.phase.round``, with the phase left out
  in play and the round left out when it is 0. A label starts a line and names where
  ``State.progress()`` stands at the line's first action. Labels are optional when reading;
  :func:`replay` checks each label it finds against the game.
- ``{...}`` is a **comment**, kept exactly (it may span lines but cannot hold ``}``); it
  belongs to the action before it, or to the record's start.

Writing is deterministic (lines wrapped to 79 columns, continuation lines indented under the
first token), and ``dumps(loads(text)) == text`` for every text :func:`dumps` writes. Errors
are :class:`RecordError` (a ``ValueError``) whose message starts ``line N:``.

>>> import hoyle
>>> from hoyle import records
>>> state = hoyle.load("hearts", deals=1).new_initial_state(seed=7)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> rec = records.from_state(state, seed=7, seats=["You", "easy", "easy", "easy"])
>>> records.loads(records.dumps(rec)) == rec
True
>>> records.replay(rec).returns() == state.returns()
True
"""

from hoyle.records.mirror import from_json, json_dumps, json_loads, to_json
from hoyle.records.model import Record, RecordError
from hoyle.records.reader import RecordBuilder, Visitor, load, loads, parse, read_file
from hoyle.records.replay import from_state, progress_label, replay, result_string
from hoyle.records.writer import dump, dumps, write_file

__all__ = [
    "Record",
    "RecordBuilder",
    "RecordError",
    "Visitor",
    "dump",
    "dumps",
    "from_json",
    "from_state",
    "json_dumps",
    "json_loads",
    "load",
    "loads",
    "parse",
    "progress_label",
    "read_file",
    "replay",
    "result_string",
    "to_json",
    "write_file",
]
