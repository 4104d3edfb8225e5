"""Fair shuffles: every deal drawn from a secret salt, committed to before play, shown after.

At the first chance node of a deal the room makes a salt with :mod:`secrets` and draws every
chance action of that deal (the cards dealt, and any later draw from the stock in the same
deal) from it with :func:`draw`, a SHA-256 counter generator. Before anyone acts it publishes
the commitment ``sha256("<salt>:<tokens of the deal>")``; the salt is revealed when the game
ends. Anyone can then check (:func:`verify_record`) that the hash matches the deal they saw and
that every chance action really came from the salt, so the room could not have stacked a deal
after seeing a hand.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from hoyle.core.protocol import State
from hoyle.i18n import _
from hoyle.records import Record, RecordError, replay

__all__ = [
    "DealSecret",
    "FairnessError",
    "commitment",
    "draw",
    "new_salt",
    "parse_deal_tags",
    "verify_record",
]

_UNIT = 1 << 53  # float draws for non-uniform chance use 53 bits, a double's precision


class FairnessError(RecordError):
    """A record whose deals do not match their commitments or salts."""


def new_salt() -> str:
    """A fresh secret: 32 random bytes from :mod:`secrets`, as hex."""
    return secrets.token_hex(32)


def _block(salt: str, index: int, attempt: int) -> int:
    digest = hashlib.sha256(f"{salt}:{index}:{attempt}".encode()).digest()
    return int.from_bytes(digest, "big")


def _below(salt: str, index: int, n: int) -> int:
    """A uniform whole number in ``0 … n-1`` (rejection sampling, so no modulo bias)."""
    bits = max(1, (n - 1).bit_length())
    attempt = 0
    while True:
        value = _block(salt, index, attempt) >> (256 - bits)
        if value < n:
            return value
        attempt += 1


def draw(salt: str, index: int, outcomes: Sequence[tuple[int, float]]) -> int:
    """The ``index``-th chance action of a deal with ``salt``, chosen among ``outcomes``.

    Equal probabilities (a card off a shuffled pack) pick uniformly; others by cumulative
    probability. The same salt, index and outcomes always give the same action.

    >>> draw("ab", 0, [(5, 0.5), (9, 0.5)]) == draw("ab", 0, [(5, 0.5), (9, 0.5)])
    True
    """
    if not outcomes:
        raise ValueError("no chance outcomes to draw from")
    probs = [p for _outcome, p in outcomes]
    if max(probs) - min(probs) < 1e-12:
        return outcomes[_below(salt, index, len(outcomes))][0]
    point = _below(salt, index, _UNIT) / _UNIT * sum(probs)
    total = 0.0
    for action, p in outcomes:
        total += p
        if point < total:
            return action
    return outcomes[-1][0]


def commitment(salt: str, tokens: Sequence[str]) -> str:
    """The published hash of a deal: SHA-256 of ``salt``, ``:`` and the dealt tokens."""
    text = f"{salt}:{' '.join(tokens)}"
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class DealSecret:
    """One deal's salt, its commitment, and how many chance actions it has drawn."""

    deal: int
    salt: str
    commitment: str = ""
    draws: int = 0

    def next_action(self, state: State) -> int:
        """Draw the next chance action of this deal at ``state`` (a chance node)."""
        action = draw(self.salt, self.draws, state.chance_outcomes())
        self.draws += 1
        return action


def deal_chance(state: State, secret: DealSecret) -> list[int]:
    """Play every chance action from here to the next decision, drawn from ``secret``."""
    played = []
    while state.is_chance_node() and state.progress()[0] == secret.deal:
        action = secret.next_action(state)
        state.apply_action(action)
        played.append(action)
    return played


def parse_deal_tags(value: str) -> dict[int, str]:
    """``"1:abc 2:def"`` → ``{1: "abc", 2: "def"}`` (the Commitments and Salts tags)."""
    out: dict[int, str] = {}
    for word in value.split():
        deal, _sep, text = word.partition(":")
        if not deal.isdigit() or not text:
            raise FairnessError(
                _("bad deal entry {entry!r}: write deal:hex, e.g. 1:9f3a…").format(entry=word)
            )
        out[int(deal)] = text
    return out


def format_deal_tags(values: dict[int, str]) -> str:
    """The inverse of :func:`parse_deal_tags`."""
    return " ".join(f"{deal}:{text}" for deal, text in sorted(values.items()))


def verify_record(rec: Record) -> list[str]:
    """Check a record's deals against its ``Commitments`` and ``Salts``; return what was checked.

    Replays the record (every action must be legal), then for each deal: the commitment is the
    hash of the salt and the deal's first chance actions, and every chance action of the deal
    is the one the salt draws. Raises :class:`FairnessError` at the first mismatch.
    """
    if "Commitments" not in rec.tags or "Salts" not in rec.tags:
        raise FairnessError(_("the record has no Commitments and Salts tags to verify"))
    if rec.seed is not None:
        raise FairnessError(_("the record was dealt from a seed, not from committed salts"))
    commits = parse_deal_tags(rec.tags["Commitments"])
    salts = parse_deal_tags(rec.tags["Salts"])
    replay(rec)  # every action legal, Result as claimed
    state = rec.game.new_initial_state()
    first_run: dict[int, list[str]] = {}
    closed: set[int] = set()
    draws: dict[int, int] = {}
    last_deal: int | None = None
    for token in rec.actions:
        if state.is_chance_node():
            deal = state.progress()[0]
            if deal not in salts:
                raise FairnessError(
                    _("deal {deal} has chance actions but no salt").format(deal=deal)
                )
            index = draws.get(deal, 0)
            expected = draw(salts[deal], index, state.chance_outcomes())
            action = state.string_to_action(token)
            if action != expected:
                raise FairnessError(
                    _(
                        "deal {deal}, chance action {n}: the record has {token} but the salt "
                        "draws {drawn}"
                    ).format(
                        deal=deal, n=index + 1, token=token, drawn=state.action_to_string(expected)
                    )
                )
            draws[deal] = index + 1
            if deal not in closed:
                first_run.setdefault(deal, []).append(token)
            last_deal = deal
        else:
            if last_deal is not None:
                closed.add(last_deal)
            action = state.string_to_action(token)
        state.apply_action(action)
    report = []
    for deal, tokens in sorted(first_run.items()):
        if deal not in commits:
            raise FairnessError(_("deal {deal} has no commitment").format(deal=deal))
        if commitment(salts[deal], tokens) != commits[deal]:
            raise FairnessError(
                _(
                    "deal {deal}: sha256(salt:deal) is {found}…, not the commitment "
                    "{published}… published at its start"
                ).format(
                    deal=deal,
                    found=commitment(salts[deal], tokens)[:16],
                    published=commits[deal][:16],
                )
            )
        report.append(
            _(
                "deal {deal}: commitment {published}… matches; {n} chance actions drawn from "
                "its salt"
            ).format(deal=deal, published=commits[deal][:16], n=draws[deal])
        )
    extra = set(commits) - set(first_run)
    if extra:
        raise FairnessError(
            _("commitments for deals that were never dealt: {deals}").format(deals=sorted(extra))
        )
    return report
