"""Differential test: hoyle's Hearts against OpenSpiel's Hearts, deal by deal.

OpenSpiel (``pyspiel``) implements one-deal, four-player Hearts with eight boolean rule
parameters. Each one maps onto a hoyle option of ``hoyle.load("hearts", deals=1, ...)``:

=================================  ==============================================
OpenSpiel parameter                hoyle option
=================================  ==============================================
``pass_cards`` + pass direction    ``pass_cycle``: one direction for the one deal
``no_pts_on_first_trick``          ``no_points_first_trick``
``can_lead_any_club``              ``lead_any_club``
``jd_bonus``                       ``jd_bonus``
``avoid_all_tricks_bonus``         ``no_tricks_bonus=5`` (else ``0``)
``must_break_hearts``              ``must_break_hearts``
``qs_breaks_hearts``               ``queen_breaks_hearts``
``can_lead_hearts_instead_of_qs``  ``lead_hearts_instead_of_queen``
=================================  ==============================================

The pass direction is OpenSpiel's first chance action: 0 no pass, 1 left (+1 seat), 2 across
(+2), 3 right (+3). It becomes hoyle's one-element ``pass_cycle``: ``left``, ``across``,
``right``, and ``hold`` for no pass. Seats need no mapping: in hoyle's first deal the dealer is
seat 3, so seat 0 is eldest, receives the first card and passes first, as OpenSpiel's player 0
does; both deal the cards to seats 0, 1, 2, 3, 0, … . Cards are mapped through their tokens
(``QS``): hoyle numbers them ``suit * 13 + rank - 2``, OpenSpiel ``rank_index * 4 + suit``.

OpenSpiel has one fixed moon rule, which is hoyle's ``moon=add``: a player who takes every heart
and the Q♠ scores 0 for them and every other player 26 more; the J♦ bonus still counts and
the no-trick bonus is not given in a deal where the moon was shot. OpenSpiel's returns are
``26 - points``, so its points are ``26 - returns()``; hoyle's (``deals=1``) are ``-returns()``.

Known quirk: with ``pass_cards=false`` the first chance node still lists all four directions in
``chance_outcomes()``, although only action 0 is legal. The test always applies 0 then (it
takes the direction from ``legal_actions()``, never from ``chance_outcomes()``).

Every deal draws all eight parameters and the pass direction at random, deals the same pack to
both engines through their chance nodes, and then, at every decision (each card passed and each
card played), checks that both engines name the same player and the same set of legal cards,
before applying one randomly chosen legal card to both. At the end both must agree on each
seat's points.

Random play almost never reaches some positions that an option decides (a leader left with
only the Q♠ and hearts before hearts are broken comes up about once in 2,000 shuffled deals),
so a quarter of the deals are stacked: one seat gets the Q♠ and eight to twelve hearts. The
run checks that each parameter was drawn both ways and, for the long run, that each was
*decisive* both ways: drawn with that value in a deal that reached a position where the
parameter changes the legal cards or the score.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import pytest

import hoyle
from hoyle.core.protocol import Game, State

pyspiel = pytest.importorskip("pyspiel")

PARAMETERS = (
    "pass_cards",
    "no_pts_on_first_trick",
    "can_lead_any_club",
    "jd_bonus",
    "avoid_all_tricks_bonus",
    "must_break_hearts",
    "qs_breaks_hearts",
    "can_lead_hearts_instead_of_qs",
)
"""OpenSpiel's eight Hearts parameters, all booleans."""

PASS_CYCLE = {0: "hold", 1: "left", 2: "across", 3: "right"}
"""OpenSpiel's pass-direction chance action → hoyle's one-element ``pass_cycle``."""

OPENSPIEL_NO_TRICKS_BONUS = 5
"""Points OpenSpiel takes off a player who took no trick (``avoid_all_tricks_bonus``)."""

OPENSPIEL_RETURN_OFFSET = 26
"""OpenSpiel's returns are this minus the points taken."""

STACKED_SHARE = 0.25
"""Share of deals in which one seat is given the Q♠ and many hearts (see the docstring)."""

FULL_RUN_DEALS = 4_000
"""Deals in the slow run (the issue asks for at least 2,000); a few seconds on one core."""


@dataclass(frozen=True)
class Setup:
    """One deal's rules: OpenSpiel's eight parameters and the pass direction (0…3)."""

    params: tuple[tuple[str, bool], ...]
    pass_dir: int

    @classmethod
    def draw(cls, rng: random.Random) -> Setup:
        """Every parameter true or false with even odds; a direction only when passing."""
        values = {name: rng.random() < 0.5 for name in PARAMETERS}
        # With pass_cards=true OpenSpiel draws any of the four directions, "no pass" included.
        pass_dir = rng.randrange(4) if values["pass_cards"] else 0
        return cls(tuple(values.items()), pass_dir)

    def __getitem__(self, name: str) -> bool:
        """The value of one OpenSpiel parameter, e.g. ``setup["jd_bonus"]``."""
        return dict(self.params)[name]

    def openspiel_params(self) -> dict[str, bool]:
        """The parameters as ``pyspiel.load_game`` takes them."""
        return dict(self.params)

    def hoyle_options(self) -> dict[str, Any]:
        """The same rules as ``hoyle.load`` keywords."""
        p = dict(self.params)
        return {
            "players": 4,
            "deals": 1,
            "moon": "add",
            "pass_cycle": PASS_CYCLE[self.pass_dir],
            "no_points_first_trick": p["no_pts_on_first_trick"],
            "lead_any_club": p["can_lead_any_club"],
            "jd_bonus": p["jd_bonus"],
            "no_tricks_bonus": OPENSPIEL_NO_TRICKS_BONUS if p["avoid_all_tricks_bonus"] else 0,
            "must_break_hearts": p["must_break_hearts"],
            "queen_breaks_hearts": p["qs_breaks_hearts"],
            "lead_hearts_instead_of_queen": p["can_lead_hearts_instead_of_qs"],
        }

    def describe(self) -> str:
        """A one-line summary for failure messages."""
        on = [name for name, value in self.params if value]
        return f"pass direction {self.pass_dir} ({PASS_CYCLE[self.pass_dir]}), true: {on}"


@cache
def games(setup: Setup) -> tuple[Game[Any], Any]:
    """The hoyle game and the OpenSpiel game for ``setup`` (loaded once each)."""
    return (
        hoyle.load("hearts", **setup.hoyle_options()),
        pyspiel.load_game("hearts", setup.openspiel_params()),
    )


@lru_cache(maxsize=1)
def token_tables() -> tuple[tuple[str, ...], tuple[str, ...], dict[str, int], dict[str, int]]:
    """Card tokens by action id in each engine, and the reverse maps, from the engines' own
    ``action_to_string`` (so the test assumes neither numbering)."""
    h_state = hoyle.load("hearts", deals=1).new_initial_state()
    h_tokens = tuple(h_state.action_to_string(a) for a in range(52))
    o_state = pyspiel.load_game("hearts").new_initial_state()
    o_state.apply_action(0)  # past the pass direction: deal actions are cards now
    o_tokens = tuple(o_state.action_to_string(a) for a in range(52))
    assert sorted(h_tokens) == sorted(o_tokens), "the two engines name different packs"
    h_ids = {t: a for a, t in enumerate(h_tokens)}
    o_ids = {t: a for a, t in enumerate(o_tokens)}
    return h_tokens, o_tokens, h_ids, o_ids


def is_heart(token: str) -> bool:
    """True for a heart token such as ``TH``."""
    return token[-1] == "H"


def is_point_card(token: str) -> bool:
    """A card that scores in OpenSpiel's Hearts (the J♦ bonus aside)."""
    return is_heart(token) or token == "QS"


def deal_order(rng: random.Random, pack: tuple[str, ...]) -> list[str]:
    """The pack in dealing order (card ``i`` goes to seat ``i % 4``): shuffled, or stacked.

    A stacked deal gives one random seat the Q♠, 8–12 hearts and random other cards, so that
    the rare positions around the Q♠ and unbroken hearts are reached often enough.
    """
    cards = list(pack)
    rng.shuffle(cards)
    if rng.random() >= STACKED_SHARE:
        return cards
    seat = rng.randrange(4)
    hearts = [c for c in cards if is_heart(c)]
    count = rng.randint(8, 12)
    hand = ["QS", *hearts[:count]]
    chosen = set(hand)
    rest = [c for c in cards if c not in chosen]
    fill = 13 - len(hand)
    hand += rest[:fill]
    rest = rest[fill:]
    rng.shuffle(hand)
    hands = [rest[13 * i : 13 * i + 13] for i in range(3)]
    hands.insert(seat, hand)
    return [hands[i % 4][i // 4] for i in range(52)]


def decisive_at(setup: Setup, obs: dict[str, Any]) -> set[str]:
    """The parameters that change the legal cards at this play decision.

    ``obs`` is hoyle's observation for the player to act; the test uses it only to count
    coverage, never to decide what is legal.
    """
    hand = set(obs["hand"])
    trick = [entry["card"] for entry in obs["trick"]]
    first_trick = not obs["tricks"]
    found: set[str] = set()
    if trick:
        led = trick[0][-1]
        if first_trick and not any(c[-1] == led for c in hand):
            points = {c for c in hand if is_point_card(c)}
            if points and points != hand:
                found.add("no_pts_on_first_trick")
        return found
    if first_trick:
        if sum(c[-1] == "C" for c in hand) >= 2:
            found.add("can_lead_any_club")
        return found
    played = [c for t in obs["tricks"] for c in t["cards"]]
    hearts = {c for c in hand if is_heart(c)}
    plain = hand - hearts
    if any(is_heart(c) for c in played) or not hearts or not plain:
        return found
    if "QS" in played:
        if setup["must_break_hearts"]:
            found.add("qs_breaks_hearts")
        unbroken = not setup["qs_breaks_hearts"]
    else:
        unbroken = True
    if unbroken:
        found.add("must_break_hearts")
        if plain == {"QS"} and setup["must_break_hearts"]:
            found.add("can_lead_hearts_instead_of_qs")
    return found


def decisive_at_end(obs: dict[str, Any]) -> set[str]:
    """The parameters that change the score of this finished deal (spectator's observation)."""
    found = {"pass_cards", "jd_bonus"}  # every deal passes (or not) and someone takes the J♦
    point_winners = {
        t["winner"] for t in obs["tricks"] if any(is_point_card(c) for c in t["cards"])
    }
    moon = len(point_winners) == 1
    if 0 in obs["tricks_taken"] and not moon:
        found.add("avoid_all_tricks_bonus")
    return found


@dataclass
class DealResult:
    """What one deal covered: its rules and the parameters that were decisive in it."""

    setup: Setup
    decisive: set[str]


def play_lockstep(
    setup: Setup,
    order: list[str],
    choose: Callable[[list[str]], str],
    label: str,
) -> DealResult:
    """Deal ``order`` and play one deal in both engines in lockstep.

    ``choose`` picks the next card from the sorted legal tokens. Raises AssertionError, with
    ``label`` (how to reproduce the deal), at the first difference between the engines.
    """
    h_game, o_game = games(setup)
    h_tokens, o_tokens, h_ids, o_ids = token_tables()
    history: list[str] = []
    decisive: set[str] = set()

    def fail(what: str) -> None:
        raise AssertionError(
            f"hoyle and OpenSpiel disagree on {label}\n"
            f"  rules: {setup.describe()}\n"
            f"  OpenSpiel parameters: {setup.openspiel_params()}\n"
            f"  hoyle options: {setup.hoyle_options()}\n"
            f"  history (pass direction, 52 cards dealt, |, decisions): {' '.join(history)}\n"
            f"  {what}"
        )

    h_state: State = h_game.new_initial_state()
    o_state = o_game.new_initial_state()

    # OpenSpiel's first chance node is the pass direction. Take it from legal_actions():
    # with pass_cards=false chance_outcomes() still lists all four (the known quirk).
    if setup.pass_dir not in o_state.legal_actions():
        fail(f"pass direction {setup.pass_dir} not legal: {o_state.legal_actions()}")
    o_state.apply_action(setup.pass_dir)
    history.append(f"dir={setup.pass_dir}")

    for token in order:
        if not (h_state.is_chance_node() and o_state.is_chance_node()):
            fail(f"chance node expected while dealing {token}")
        h_state.apply_action(h_ids[token])
        o_state.apply_action(o_ids[token])
        history.append(token)
    history.append("|")

    # Passing and play: compare the player and the legal cards at every decision.
    while not h_state.is_terminal():
        player = h_state.current_player()
        h_legal = {h_tokens[a] for a in h_state.legal_actions()}
        o_legal = {o_tokens[a] for a in o_state.legal_actions()}
        if player != o_state.current_player() or h_legal != o_legal:
            fail(
                f"at decision {len(history) - 54}: player hoyle {player}, OpenSpiel "
                f"{o_state.current_player()}\n"
                f"  hoyle legal:     {sorted(h_legal, key=h_ids.__getitem__)}\n"
                f"  OpenSpiel legal: {sorted(o_legal, key=h_ids.__getitem__)}\n"
                f"  only hoyle: {sorted(h_legal - o_legal)}, "
                f"only OpenSpiel: {sorted(o_legal - h_legal)}"
            )
        obs = h_state.observation(player)
        if obs["phase"] == "play":
            decisive |= decisive_at(setup, obs)
        # Sorted, so that a seeded choice depends only on the seed.
        token = choose(sorted(h_legal))
        h_state.apply_action(h_ids[token])
        o_state.apply_action(o_ids[token])
        history.append(token)

    if not o_state.is_terminal():
        fail(f"hoyle is over, OpenSpiel is not (player {o_state.current_player()})")
    h_points = [-r for r in h_state.returns()]
    o_points = [OPENSPIEL_RETURN_OFFSET - r for r in o_state.returns()]
    if h_points != o_points:
        fail(f"points differ: hoyle {h_points}, OpenSpiel {o_points}")
    decisive |= decisive_at_end(h_state.observation(None))
    return DealResult(setup, decisive)


def play_deal(seed: int) -> DealResult:
    """One random deal (rules, pack and every choice drawn from ``seed``) in both engines."""
    rng = random.Random(seed)
    setup = Setup.draw(rng)
    order = deal_order(rng, token_tables()[0])
    return play_lockstep(setup, order, rng.choice, f"deal seed {seed} (play_deal({seed}))")


def check_deals(seeds: range, *, require_decisive: bool) -> None:
    """Play every deal of ``seeds``; check that each parameter was drawn both ways and, with
    ``require_decisive``, that each was decisive both ways."""
    drawn: Counter[tuple[str, bool]] = Counter()
    decisive: Counter[tuple[str, bool]] = Counter()
    directions: Counter[int] = Counter()
    for seed in seeds:
        result = play_deal(seed)
        drawn.update(result.setup.params)
        decisive.update((name, result.setup[name]) for name in result.decisive)
        directions[result.setup.pass_dir] += 1
    both_ways = [(name, value) for name in PARAMETERS for value in (False, True)]
    never = [key for key in both_ways if not drawn[key]]
    assert not never, f"parameters never drawn that way in {len(seeds)} deals: {never}"
    assert set(directions) == set(PASS_CYCLE), f"pass directions drawn: {dict(directions)}"
    if require_decisive:
        idle = [key for key in both_ways if not decisive[key]]
        assert not idle, (
            f"parameters never decisive that way in {len(seeds)} deals: {idle}; "
            f"decisive counts: {dict(decisive)}"
        )


def test_token_tables_agree() -> None:
    """Both engines name the same 52 cards, and the ids follow each engine's documented order."""
    h_tokens, o_tokens, _, _ = token_tables()
    assert h_tokens[0] == o_tokens[0] == "2C"
    assert h_tokens[49] == "QS"  # hoyle: suit * 13 + rank - 2, suits C D H S
    assert o_tokens[10 * 4 + 3] == "QS"  # OpenSpiel: rank_index * 4 + suit


def test_no_pass_quirk_is_handled() -> None:
    """With pass_cards=false, OpenSpiel lists four directions but only 0 is legal."""
    state = pyspiel.load_game("hearts", {"pass_cards": False}).new_initial_state()
    assert [a for a, _ in state.chance_outcomes()] == [0, 1, 2, 3]
    assert state.legal_actions() == [0]


def test_stacked_deal_is_a_deal() -> None:
    """A stacked deal still deals every card once, 13 to each seat."""
    h_tokens = token_tables()[0]
    rng = random.Random(3)
    for _ in range(50):
        order = deal_order(rng, h_tokens)
        assert len(order) == 52
        assert sorted(order) == sorted(h_tokens)


def test_moon_cancels_the_no_trick_bonus() -> None:
    """OpenSpiel gives no ``avoid_all_tricks_bonus`` in a deal where the moon was shot.

    Seat 0 holds every club and leads them from the 2♣ up; nobody can follow, so seat 0 takes
    all thirteen tricks, every heart and the Q♠. OpenSpiel scores 0, 26, 26, 26: the three
    seats without a trick get no bonus, because the moon was shot.
    """
    suits = ["C", "D", "H", "S"]
    ranks = "23456789TJQKA"
    hands = [[rank + suit for rank in ranks] for suit in suits]
    order = [hands[i % 4][i // 4] for i in range(52)]
    plays = iter([hands[seat][trick] for trick in range(13) for seat in range(4)])
    params = dict.fromkeys(PARAMETERS, False)
    params.update(avoid_all_tricks_bonus=True, must_break_hearts=True)
    setup = Setup(tuple(params.items()), pass_dir=0)

    def scripted(legal: list[str]) -> str:
        token = next(plays)
        assert token in legal, f"script plays {token}, legal {legal}"
        return token

    play_lockstep(setup, order, scripted, "the hand-set deal: each seat holds one suit")


def test_differential_quick() -> None:
    """100 random deals against OpenSpiel, for the normal test run."""
    check_deals(range(1_000_000, 1_000_100), require_decisive=False)


@pytest.mark.slow
def test_differential_full() -> None:
    """4,000 random deals against OpenSpiel, every parameter drawn and decisive both ways."""
    check_deals(range(FULL_RUN_DEALS), require_decisive=True)
