"""Keep the translation catalogues in step with the sources (needs Babel: the ``test`` extra).

One command does what ``pybabel extract``, ``update`` and ``compile`` do, with hoyle's own
extraction map and keywords, so nobody has to remember their flags::

    .venv/bin/python -m hoyle.catalogue sync                 # extract, update every .po, compile
    .venv/bin/python -m hoyle.catalogue sync --fill es.json  # ... and fill empty Spanish entries
    .venv/bin/python -m hoyle.catalogue sync --revise fix.json   # overwrite the entries named
    .venv/bin/python -m hoyle.catalogue missing              # the messages still untranslated

``--fill`` reads a JSON object of translations, ``{"English": "Español"}`` (a plural's as a
list of its forms, keyed by its singular), and writes them into the empty entries of the
Spanish catalogue only: a translation already there is never overwritten. Several people (or
helpers) may sync at once: a lock file serializes them, and each sync extracts from the working
tree as it is, so a message one of them has not yet translated is simply reported missing.

The extraction map and keywords here are the ones ``tests/test_i18n.py`` checks the catalogue
against: Python modules with :func:`~hoyle.i18n._`, :func:`~hoyle.i18n.ngettext`,
:func:`~hoyle.i18n.N_`, and the narration's :func:`~hoyle.core.narrate.say` and
:func:`~hoyle.core.narrate.say_n`.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from hoyle.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

__all__ = ["KEYWORDS", "METHOD_MAP", "catalogue", "extract", "missing", "sync"]

PACKAGE = Path(__file__).resolve().parent
"""The directory extracted: the ``hoyle`` package (paths in the map are relative to it)."""
METHOD_MAP = [
    ("**.py", "python"),
    ("web/static/**.js", "javascript"),  # the room's scripts: _, ngettext, N_ as in Python
    ("web/static/**.html", "hoyle.web.pages:extract"),  # the room's pages: text and attributes
]
"""Which files hold messages, and how to read them."""
KEYWORDS: dict[str, Any] = {
    **DEFAULT_KEYWORDS,
    "say": None,  # say("{s} {s:takes} the trick.", s=Seat(2)): the first argument
    "say_n": (1, 2),  # say_n("{n} card", "{n} cards", n): singular and plural
}
"""The functions whose arguments are messages (Babel's defaults and the narration's)."""
WIDTH = 100


def extract() -> Catalog:
    """The template: every message in the sources, sorted, without locations."""
    template = Catalog(project="hoyle", domain=DOMAIN)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map=METHOD_MAP, keywords=KEYWORDS
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def po_path(lang: str) -> Path:
    """Where ``lang``'s catalogue is kept."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue(lang: str) -> Catalog:
    """``lang``'s catalogue as it is on disk."""
    with po_path(lang).open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def _write(lang: str, catalog: Catalog) -> None:
    path = po_path(lang)
    with path.open("wb") as fh:
        write_po(fh, catalog, width=WIDTH, no_location=True, sort_output=True, ignore_obsolete=True)
    with path.with_suffix(".mo").open("wb") as fh:
        write_mo(fh, catalog)


def _key(message_id: str | Sequence[str]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def _fill(catalog: Catalog, translations: dict[str, Any], revise: bool = False) -> int:
    """Write ``translations`` into the catalogue's empty entries (every entry they name, with
    ``revise``); how many were written."""
    done = 0
    for message in catalog:
        if not message.id:
            continue
        given = translations.get(_key(message.id))
        if given is None:
            continue
        if isinstance(message.id, str):
            if (revise or not message.string) and isinstance(given, str) and given:
                message.string = given
                message.flags.discard("fuzzy")  # a translation given is a translation meant
                done += 1
        elif (revise or not all(message.string or ())) and isinstance(given, list) and all(given):
            message.string = tuple(given)
            message.flags.discard("fuzzy")
            done += 1
    return done


def missing(catalog: Catalog) -> list[str]:
    """The message ids of ``catalog`` with no translation (or a fuzzy one)."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            out.append(_key(message.id))
    return out


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    with (LOCALE_DIR / ".sync.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def sync(fill: Sequence[Path] = (), revise: Sequence[Path] = ()) -> dict[str, list[str]]:
    """Extract, update every language's ``.po`` (dropping what the sources no longer say,
    never guessing a fuzzy match), fill Spanish from ``fill`` (empty entries only) and
    ``revise`` (overwriting), compile; the ids still missing by language."""
    revised: dict[str, Any] = {}
    for path in revise:
        revised.update(json.loads(Path(path).read_text(encoding="utf-8")))
    translations: dict[str, Any] = {}
    for path in fill:
        translations.update(json.loads(Path(path).read_text(encoding="utf-8")))
    with _locked():
        template = extract()
        left: dict[str, list[str]] = {}
        for lang in LANGUAGES[1:]:
            catalog = catalogue(lang)
            catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
            catalog.obsolete.clear()
            if lang == "es":
                _fill(catalog, translations)
                _fill(catalog, revised, revise=True)
            _write(lang, catalog)
            left[lang] = missing(catalog)
    return left


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hoyle.catalogue sync|missing``."""
    parser = argparse.ArgumentParser(prog="python -m hoyle.catalogue", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    do = sub.add_parser("sync", help="extract, update and compile every catalogue")
    # Several files after one --fill (a shell glob) or one per --fill: both add up.
    do.add_argument("--fill", type=Path, nargs="+", action="extend", default=[], metavar="JSON")
    do.add_argument(
        "--revise",
        type=Path,
        nargs="+",
        action="extend",
        default=[],
        metavar="JSON",
        help="like --fill, but overwrite the entries it names (a corrected translation)",
    )
    sub.add_parser("missing", help="list the messages with no translation")
    args = parser.parse_args(argv)
    if args.command == "sync":
        left = sync(args.fill, args.revise)
    else:
        template = extract()
        left = {}
        for lang in LANGUAGES[1:]:
            catalog = catalogue(lang)
            catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
            left[lang] = missing(catalog)
    for lang, ids in left.items():
        print(f"{lang}: {len(ids)} untranslated")
        for msgid in ids:
            print(f"  {msgid!r}")
    return 0 if not any(left.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
