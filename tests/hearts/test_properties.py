"""Property tests over random Hearts playouts (DESIGN.md "Tests and measurement", issue 2).

Random tables of 3–6 players with random option combinations (passes to any seat, scatter and
mix passes, every moon rule …), dealt either from a seed or at chance nodes, are played out with
random legal moves. Along the way every state is checked against the rules' invariants (an
oracle counts each deal's points from the public tricks; every card is in one place), and what
a seat's resample must keep of Hearts' own facts (the voids shown, the cards passed).

What every family keeps — clones, history replayed from an unseeded start, resampling, the log
— is the conformance suite's (tests/conformance/clauses.py): here its clauses run on positions
of these random games, so that the option combinations no preset has are checked too.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hoyle
from conformance.clauses import (
    Walk,
    check_clones_are_independent,
    check_history_replays,
    check_log,
    check_resample,
)
from hoyle.cards import TOKENS, card_index
from hoyle.games.hearts import HeartsGame, HeartsState, Moon, Tie
from hoyle.games.hearts.scoring import match_over

SUIT = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
QS = card_index("QS")
JD = card_index("JD")

# Removals per table size: the defaults (RULINGS H1), the H1 options, and one that takes a
# heart out, so that a deal is worth less than 26.
REMOVALS: dict[int, list[str | None]] = {
    3: [None, "2C", "2H"],
    4: [None],
    5: [None, "2H,2S", "3C,2D"],
    6: [None, "3D,2D,2C,2S", "2H,3H,2C,2D"],
}

MAX_STEPS = 100_000  # far more than any match here needs; a broken engine fails, not hangs

SETTINGS = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def games(draw: st.DrawFn) -> HeartsGame:
    players = draw(st.integers(3, 6))
    directions = ["left", "right", "hold", "mix"] + (["across"] if players % 2 == 0 else [])
    if players >= 5:
        directions += ["second_left", "second_right"]
    options: dict[str, Any] = {
        "players": players,
        "pass_count": draw(st.integers(1, 4)),
        "first_lead": draw(st.sampled_from(["lowest_club", "eldest_any"])),
        "lead_any_club": draw(st.booleans()),
        "no_points_first_trick": draw(st.booleans()),
        "must_break_hearts": draw(st.booleans()),
        "queen_breaks_hearts": draw(st.booleans()),
        "lead_hearts_instead_of_queen": draw(st.booleans()),
        "jd_bonus": draw(st.booleans()),
        "no_tricks_bonus": draw(st.sampled_from([0, 0, 5])),
        "moon": draw(st.sampled_from([m.value for m in Moon])),
        "tie": draw(st.sampled_from([t.value for t in Tie])),
    }
    length = draw(st.sampled_from(["one", "two", "target"]))
    if length == "target":
        options["target"] = 26
    else:
        options["deals"] = 1 if length == "one" else 2
    if options["pass_count"] % (players - 1) == 0:
        directions.append("scatter")  # RULINGS H6: one share to each other player
    cycle = draw(
        st.one_of(st.none(), st.lists(st.sampled_from(directions), min_size=1, max_size=4))
    )
    if cycle is not None:
        options["pass_cycle"] = ",".join(cycle)
    removed = draw(st.sampled_from(REMOVALS[players]))
    if removed is not None:
        options[f"removed_{players}p"] = removed
    game = hoyle.load("hearts", **options)
    assert isinstance(game, HeartsGame)
    return game


# ---------------------------------------------------------------- the oracle


def _mask(tokens: list[str]) -> int:
    m = 0
    for t in tokens:
        m |= 1 << card_index(t)
    return m


def _deck(game: HeartsGame) -> int:
    return ((1 << 52) - 1) & ~sum(1 << c for c in game.rules.removed_cards)


def _penalty(card: int) -> int:
    """RULINGS 1.1 black-lady: hearts 1, Q♠ 13."""
    return 1 if card // 13 == 2 else 13 if card == QS else 0


def _winner(leader: int, cards: list[int], n: int) -> int:
    """RULINGS 1.0: the highest card of the led suit wins."""
    led = cards[0] // 13
    best = max(range(len(cards)), key=lambda i: cards[i] if cards[i] // 13 == led else -1)
    return (leader + best) % n


class Tally:
    """Each seat's penalty points, J♦ and tricks in the current deal, from public tricks."""

    def __init__(self, game: HeartsGame, tricks: list[dict[str, Any]]) -> None:
        n = game.num_players
        self.pen = [0] * n
        self.jd = [0] * n
        self.won = [0] * n
        for trick in tricks:
            cards = [card_index(t) for t in trick["cards"]]
            winner = _winner(trick["leader"], cards, n)
            assert trick["winner"] == winner
            self.add(game, cards, winner)

    def add(self, game: HeartsGame, cards: list[int], winner: int) -> None:
        self.won[winner] += 1
        self.pen[winner] += sum(_penalty(c) for c in cards)
        if game.rules.jd_bonus and JD in cards:
            self.jd[winner] -= 10

    def points(self) -> list[int]:
        """What ``deal_points`` must say: penalties with the J♦ credited."""
        return [p + j for p, j in zip(self.pen, self.jd, strict=True)]


def expected_deal_scores(
    game: HeartsGame, tally: Tally, totals: list[int], deal_index: int, choice: Moon | None
) -> list[int]:
    """RULINGS 1.1 black-lady and H5: a finished deal's scores after the moon and bonuses."""
    rules = game.rules
    n = game.num_players
    full = sum(_penalty(c) for c in range(52) if _deck(game) >> c & 1)
    shooter = next((s for s in range(n) if tally.pen[s] == full), -1)
    moon = choice or rules.moon
    if moon is Moon.SLAM and shooter >= 0 and rules.jd_bonus and tally.jd[shooter] == 0:
        shooter = -1  # RULINGS 1.1 omnibus: a slam needs the bonus card as well
    if moon is Moon.SLAM and shooter >= 0:
        return [-full if s == shooter else 0 for s in range(n)]
    if shooter < 0 or moon is Moon.NONE:
        # The no-trick bonus, in a deal without a moon only.
        bonus = rules.no_tricks_bonus
        return [
            p - (bonus if w == 0 else 0) for p, w in zip(tally.points(), tally.won, strict=True)
        ]
    if moon is Moon.VOID_DEAL:
        return [0] * n
    add = [tally.jd[s] + (0 if s == shooter else full) for s in range(n)]
    sub = [tally.jd[s] - (full if s == shooter else 0) for s in range(n)]
    if moon is Moon.ADD_UNLESS_LOSING:
        after = [t + a for t, a in zip(totals, add, strict=True)]
        losing = match_over(rules, after, deal_index + 1) and min(after) < after[shooter]
        moon = Moon.SUBTRACT if losing else Moon.ADD
    return add if moon is Moon.ADD else sub


# ---------------------------------------------------------------- invariants


def check_invariants(state: HeartsState) -> None:
    game = state.game
    assert isinstance(game, HeartsGame)
    n = game.num_players
    deck = _deck(game)
    if state.is_terminal():
        assert state.legal_actions() == []
        return
    # A decision (or chance) node always has something to do.
    legal = state.legal_actions()
    assert legal, "a decision node without a legal action"
    assert legal == sorted(set(legal))
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        places = [state.hand_mask(s) for s in range(n)] + [_mask([TOKENS[a] for a in legal])]
        if state.phase == "mix":  # cards of a mix pass dealt back so far, still face down
            places += list(state._received)
    else:
        assert state.chance_outcomes() == []
        public = state.observation(None)
        places = [state.hand_mask(s) for s in range(n)]
        if state.phase == "pass":
            # Passed cards are on their way: out of the passer's hand, not yet received.
            places += [_mask(state.observation(s)["passed"]) for s in range(n)]
        else:
            places.append(_mask([p["card"] for p in public["trick"]]))
            places += [_mask(t["cards"]) for t in public["tricks"]]
            # Penalty points taken so far agree with the public tricks.
            assert state.deal_points() == Tally(game, public["tricks"]).points()
        if state.phase in ("pass", "play"):
            hand = state.hand_mask(state.current_player())
            assert all(hand >> a & 1 for a in legal), "a legal card that is not held"
    # Cards are conserved: every card of the pack is in exactly one place.
    union = 0
    for m in places:
        assert union & m == 0, "a card in two places"
        union |= m
    assert union == deck, "a card lost or added"


def shown_voids(obs: dict[str, Any]) -> list[int]:
    """Per seat, a mask of the suits it has shown out of (followed with another suit)."""
    n = obs["players"]
    void = [0] * n
    plays = [(t["leader"], t["cards"]) for t in obs["tricks"]]
    if obs["trick"]:
        plays.append((obs["trick"][0]["seat"], [p["card"] for p in obs["trick"]]))
    for leader, cards in plays:
        led = card_index(cards[0]) // 13
        for i, token in enumerate(cards[1:], start=1):
            if card_index(token) // 13 != led:
                void[(leader + i) % n] |= SUIT[led]
    return void


def check_resample_facts(state: HeartsState, player: int, rng: random.Random) -> None:
    """What a resample for ``player`` keeps of Hearts' facts (the contract's part is the
    conformance clause): the same unseen cards shared out again, no card of a suit a seat has
    shown out of, the cards ``player`` passed still held by their receiver; and it plays on."""
    n = state.game.num_players
    obs = state.observation(player)
    new = state.resample_from_infostate(player, rng)
    assert isinstance(new, HeartsState)
    assert new.hand_mask(player) == state.hand_mask(player)
    others = [s for s in range(n) if s != player]
    hidden_new = hidden_old = 0
    passing = state.phase == "pass"
    for s in others:
        # Unseen: the other hands and, while passing, the cards the others have passed.
        hidden_new |= new.hand_mask(s) | (_mask(new.observation(s)["passed"]) if passing else 0)
        hidden_old |= state.hand_mask(s) | (_mask(state.observation(s)["passed"]) if passing else 0)
        assert new.hand_mask(s).bit_count() == state.hand_mask(s).bit_count()
    assert hidden_new == hidden_old  # the same unseen cards, shared out again
    if state.phase in ("play", "moon"):
        # A seat that has shown out of a suit holds none of it in any resample.
        for s, void in enumerate(shown_voids(obs)):
            assert new.hand_mask(s) & void == 0
        # The seat passed to holds the cards passed to it that it has not played.
        played = _mask([p["card"] for p in obs["trick"]])
        for t in obs["tricks"]:
            played |= _mask(t["cards"])
        for to, cards in enumerate(obs["passed_to"]):
            kept = _mask(cards) & ~played
            assert new.hand_mask(to) & kept == kept
    check_invariants(new)
    play_to_end(new, rng)  # the resampled state plays to the end


def play_to_end(state: HeartsState, rng: random.Random) -> None:
    """Random legal moves to the end of the match (which must come: no endless loop)."""
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("the match did not end")


def playout(
    game: HeartsGame, seed: int, seeded: bool, resamples: int, logs: int = 1
) -> HeartsState:
    """Play a match with random moves, checking everything on the way; then the contract's
    clauses on the positions kept (``resamples`` of them, the log of ``logs``) and the end."""
    rng = random.Random(seed)
    n = game.num_players
    state = game.new_initial_state(seed if seeded else None)
    totals = [0] * n
    tally: Tally | None = None
    kept = Walk(game)
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            break
        check_invariants(state)
        if not state.is_chance_node() and len(kept.positions) < resamples and rng.random() < 0.1:
            mover = state.current_player()
            check_resample_facts(state, mover if rng.random() < 0.5 else rng.randrange(n), rng)
            kept.positions.append(state.clone())
        action = rng.choice(state.legal_actions())
        deal = state.deal_number
        public = state.observation(None)
        if (
            state.phase == "play"
            and len(public["tricks"]) == game.hand_size - 1
            and len(public["trick"]) == n - 1
        ):
            # The deal's last card: settle the oracle's tally with the last trick.
            tally = Tally(game, public["tricks"])
            last = [card_index(p["card"]) for p in public["trick"]] + [action]
            tally.add(game, last, _winner(public["trick"][0]["seat"], last, n))
            full = sum(_penalty(c) for c in range(52) if _deck(game) >> c & 1)
            # 26 a deal before moon and bonus rules (fewer when a heart is out of the pack).
            assert sum(tally.pen) == full
            assert full == 26 - sum(1 for c in game.rules.removed_cards if c // 13 == 2)
        choice = None
        if state.phase == "moon":
            choice = Moon.ADD if state.action_to_string(action) == "moon add" else Moon.SUBTRACT
            assert tally is not None and max(tally.pen) == full
        state.apply_action(action)
        if state.deal_number == deal + 1:
            assert tally is not None
            scores = expected_deal_scores(game, tally, totals, deal, choice)
            assert state.last_deal_scores() == scores
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
            assert state.scores() == [float(t) for t in totals]
            tally = None
    assert state.is_terminal(), "the match did not end"
    check_invariants(state)
    # The contract (tests/conformance/clauses.py) on the positions kept and the end.
    kept.positions.append(state)
    check_history_replays(kept)
    check_resample(kept)
    check_log(Walk(game, positions=kept.positions[:logs]))
    check_clones_are_independent(kept)
    # The end: deals=1 returns minus the points; otherwise the lowest total wins, ties share.
    if game.rules.deals == 1:
        assert state.returns() == [-float(t) for t in totals]
    else:
        low = min(totals)
        k = totals.count(low)
        assert state.returns() == [1.0 / k if t == low else 0.0 for t in totals]
        if game.rules.deals:
            assert state.deal_number >= game.rules.deals
        if game.rules.tie is Tie.PLAY_ON:
            assert k == 1
    return state


@SETTINGS
@given(game=games(), seed=st.integers(0, 2**32 - 1), seeded=st.booleans())
def test_random_playouts_keep_the_rules_invariants(
    game: HeartsGame, seed: int, seeded: bool
) -> None:
    playout(game, seed, seeded, resamples=3)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32 - 1), seeded=st.booleans())
def test_default_rules_playouts_with_many_resamples(players: int, seed: int, seeded: bool) -> None:
    # The black-lady preset itself (RULINGS 1.1) at every table size, resampled often.
    game = hoyle.load("hearts", players=players, deals=2)
    assert isinstance(game, HeartsGame)
    playout(game, seed, seeded, resamples=8)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32 - 1))
def test_resampling_while_the_cards_are_dealt(players: int, seed: int) -> None:
    # At the chance nodes of a deal the other seats' part-hands are redrawn from unseen cards.
    game = hoyle.load("hearts", players=players, deals=1)
    assert isinstance(game, HeartsGame)
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(rng.randrange(len(state.legal_actions()))):
        state.apply_action(rng.choice(state.legal_actions()))
    player = rng.randrange(players)
    new = state.resample_from_infostate(player, rng)
    assert new.observation(player) == state.observation(player)
    assert new.is_chance_node()
    check_invariants(new)
    play_to_end(new, rng)
