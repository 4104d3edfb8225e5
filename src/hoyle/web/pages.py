"""The room's pages and scripts in the language of the request, from the gettext catalogue.

**Pages.** ``static/*.html`` are written in English. :func:`page` serves one translated: every
text between tags and the ``title``, ``placeholder``, ``aria-label`` and ``alt`` of every
element is a message (its spaces folded to one, as :func:`extract` lists it for the catalogue),
except inside an element marked ``translate="no"`` (the HTML attribute for that) and inside
scripts and styles. ``<html lang>`` says the language, and the head receives the scripts'
messages (``<script id="hoyle-i18n" type="application/json">``).

**Scripts.** ``static/*.js`` say their texts with ``_("…")``, ``ngettext("…", "…", n)`` and
``N_("…")`` of ``static/i18n.js``, which reads those messages from the page: the
messages are the scripts' own (:func:`script_messages`, found by the same calls Babel's
``javascript`` extractor reads, ``tests/web/test_language.py`` checks they agree), translated
from the compiled catalogue at run time (:func:`script_catalogue`, also served as
``GET /api/i18n/<lang>.json``). Run time needs no Babel: only extraction does.

``hoyle.catalogue.METHOD_MAP`` extracts the pages with :func:`extract` and the scripts with
Babel's ``javascript`` extractor, so both are in ``hoyle.po`` with every Python message.
"""

from __future__ import annotations

import functools
import html
import json
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

from hoyle.i18n import DEFAULT, LANGUAGES, translations

__all__ = [
    "ATTRIBUTES",
    "STATIC",
    "extract",
    "page",
    "page_messages",
    "script_catalogue",
    "script_messages",
]

STATIC = Path(__file__).parent / "static"
"""Where the pages and scripts are."""
ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")
"""The attributes whose values a reader sees (or hears), translated like text."""
# Elements without an end tag.
_VOID = frozenset(
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track"]
)


def _fold(text: str) -> str:
    """A text's message: its spaces and line breaks folded to one space, trimmed."""
    return " ".join(text.split())


class _Page(HTMLParser):
    """One pass over a page: its messages (with their lines), and the page rewritten with
    ``say`` translating each (``None``: only collect)."""

    def __init__(self, say: Callable[[str], str] | None, lang: str = DEFAULT, head: str = ""):
        super().__init__(convert_charrefs=True)
        self.say = say
        self.lang = lang
        self.head = head
        self.found: list[tuple[int, str]] = []
        self.out: list[str] = []
        self._open: list[tuple[str, bool]] = []  # (tag, inside translate="no")

    @property
    def _keep(self) -> bool:
        return bool(self._open) and self._open[-1][1]

    def _message(self, text: str) -> str:
        """``text`` translated (its surrounding spaces kept), the message noted."""
        folded = _fold(text)
        if not folded or self._keep:
            return text
        self.found.append((self.getpos()[0], folded))
        if self.say is None:
            return text
        lead = text[: len(text) - len(text.lstrip())]
        trail = text[len(text.rstrip()) :]
        return lead + self.say(folded) + trail

    def _start(self, tag: str, attrs: list[tuple[str, str | None]], close: str) -> None:
        raw = self.get_starttag_text() or ""
        values = dict(attrs)
        keep = self._keep or values.get("translate") == "no"
        changed = False
        out: list[str] = []
        for name, value in attrs:
            if value is not None and name in ATTRIBUTES and not keep and _fold(value):
                said = self._message(value)
                changed = changed or said != value
                value = said
            elif tag == "html" and name == "lang" and value != self.lang:
                value, changed = self.lang, True
            out.append(name if value is None else f'{name}="{html.escape(value)}"')
        self.out.append(f"<{' '.join([tag, *out])}{close}>" if changed else raw)
        if not close and tag not in _VOID:
            self._open.append((tag, keep))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, "")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, " /")

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self.out.append(self.head)
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i][0] == tag:
                del self._open[i:]
                break
        self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if self.cdata_elem in ("script", "style"):
            self.out.append(data)
            return
        self.out.append(html.escape(self._message(data), quote=False))

    def handle_comment(self, data: str) -> None:
        self.out.append(f"<!--{data}-->")

    def handle_decl(self, decl: str) -> None:
        self.out.append(f"<!{decl}>")


def page_messages(text: str) -> list[tuple[int, str]]:
    """The messages of a page's HTML ``text``, with the line of each."""
    parser = _Page(None)
    parser.feed(text)
    parser.close()
    return parser.found


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for the pages (``hoyle.web.pages:extract`` in
    ``hoyle.catalogue.METHOD_MAP``): every message :func:`page` translates."""
    for line, message in page_messages(fileobj.read().decode("utf-8")):
        yield line, None, message, []


@functools.cache
def page(name: str, lang: str) -> str:
    """The page ``static/<name>`` in ``lang``, with its scripts' messages in its head."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    words = translations(lang)
    catalogue = json.dumps(script_catalogue(lang), ensure_ascii=False, separators=(",", ":"))
    head = (
        '<script id="hoyle-i18n" type="application/json">'
        + catalogue.replace("</", "<\\/")  # a message cannot end the script early
        + "</script>\n"
    )
    parser = _Page(words.gettext, lang, head)
    parser.feed((STATIC / name).read_text(encoding="utf-8"))
    parser.close()
    return "".join(parser.out)


# A call of _, N_ or ngettext with string literals in double quotes, as the scripts write them
# (Babel's javascript extractor reads the same; tests/web/test_language.py compares the two).
_STRING = r'"(?:[^"\\\n]|\\.)*"'
_CALL = re.compile(rf"(?<![\w$.])(_|N_|ngettext)\(\s*({_STRING})(?:\s*,\s*({_STRING}))?")


@functools.cache
def script_messages() -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The messages the scripts say: the single ones, and the plurals as (singular,
    plural)."""
    single: dict[str, None] = {}
    plural: dict[tuple[str, str], None] = {}
    for path in sorted(STATIC.glob("*.js")):
        for call in _CALL.finditer(path.read_text(encoding="utf-8")):
            words = json.loads(call.group(2))
            if call.group(1) == "ngettext" and call.group(3):
                plural[(words, json.loads(call.group(3)))] = None
            elif call.group(1) != "ngettext":
                single[words] = None
    return tuple(single), tuple(plural)


@functools.cache
def script_catalogue(lang: str) -> dict[str, Any]:
    """The scripts' messages in ``lang``: ``{"lang": "es", "messages": {id: text, singular:
    [one, other]}}``, only those the catalogue translates (the scripts fall back to the
    English they hold)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    words = translations(lang)
    messages: dict[str, Any] = {}
    single, plural = script_messages()
    for msgid in single:
        said = words.gettext(msgid)
        if said != msgid:
            messages[msgid] = said
    for one, other in plural:
        forms = [words.ngettext(one, other, 1), words.ngettext(one, other, 2)]
        if forms != [one, other]:
            messages[one] = forms
    return {"lang": lang, "messages": messages}
