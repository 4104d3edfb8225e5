"""OpenSpiel's bots at a hoyle Hearts table: the reference opponent ``openspiel-ismcts``.

OpenSpiel plays one deal of four-handed Hearts with eight rule switches. Under exactly those
rules (``hoyle.load("hearts", deals=1, …)`` with the options of :func:`openspiel_parameters`)
a pyspiel bot can take a hoyle seat: at each of its turns the adapter replays the hoyle deal
into an OpenSpiel state — the pass direction, the 52 cards dealt, every pass and card played —
asks the bot for a move there, and maps the card back through its name (``QS``). The bot sees
the true deal in that state, as it would in OpenSpiel itself; OpenSpiel's IS-MCTS only reads
it through ``ResampleFromInfostate``, which redeals the cards its seat has not seen.

``openspiel-ismcts`` is OpenSpiel's C++ ``ISMCTSBot`` with random rollouts and UCT c = 2,
choosing the most visited move, thinking for ``seconds`` (wall clock) or ``simulations`` per
move. open-spiel 2.0.2's ``ISMCTSBot`` crashes the process when asked to pass for seats 1–3,
so every OpenSpiel seat passes by a fixed rule, :func:`rule_pass`, and searches only the play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from hoyle.core.budget import Budget
from hoyle.core.errors import InvalidOptionError
from hoyle.core.protocol import Game, State
from hoyle.core.registry import Agent, register_search_agent

__all__ = [
    "DEFAULT_SECONDS",
    "OpenSpielAgent",
    "openspiel_parameters",
    "rule_pass",
]

DEFAULT_SECONDS = 0.05
"""Think time per move when no budget is given: the time the strength benchmark uses."""

UCT_C = 2.0
"""OpenSpiel's exploration constant for the reference bot."""

PASS_DIRECTIONS = {"hold": 0, "left": 1, "across": 2, "right": 3}
"""hoyle's one-element pass cycle → OpenSpiel's pass-direction chance action."""

NO_TRICKS_BONUS = 5
"""What OpenSpiel's ``avoid_all_tricks_bonus`` is worth (hoyle's ``no_tricks_bonus``)."""

_SWITCHES = {
    "no_pts_on_first_trick": "no_points_first_trick",
    "can_lead_any_club": "lead_any_club",
    "jd_bonus": "jd_bonus",
    "must_break_hearts": "must_break_hearts",
    "qs_breaks_hearts": "queen_breaks_hearts",
    "can_lead_hearts_instead_of_qs": "lead_hearts_instead_of_queen",
}
"""OpenSpiel's boolean parameters named as hoyle's Hearts options."""


def openspiel_parameters(game: Game[Any]) -> tuple[dict[str, bool], int]:
    """OpenSpiel's parameters and pass direction for ``game``, or a clear refusal.

    The game must be Hearts with rules OpenSpiel has: four players, one deal, ``moon=add``,
    one fixed pass direction (or none) and every other option as OpenSpiel plays it.

    Raises:
        InvalidOptionError: naming the options that OpenSpiel cannot play.
    """
    import hoyle  # the registry, imported late: this module is loaded while it registers

    if game.family != "hearts":
        raise InvalidOptionError(
            f"openspiel-ismcts plays only Hearts (OpenSpiel has no {game.family})"
        )
    rules = game.rules
    cycle = rules.pass_cycle or ()
    names = [getattr(p, "value", str(p)) for p in cycle]
    if len(names) != 1 or names[0] not in PASS_DIRECTIONS:
        raise InvalidOptionError(
            "openspiel-ismcts needs one fixed pass direction: pass_cycle=left, across, right "
            f"or hold, not {','.join(names) or 'none'}"
        )
    params = {name: bool(getattr(rules, option)) for name, option in _SWITCHES.items()}
    params["pass_cards"] = names[0] != "hold"
    params["avoid_all_tricks_bonus"] = rules.no_tricks_bonus == NO_TRICKS_BONUS
    same = hoyle.load(
        "hearts",
        players=4,
        deals=1,
        moon="add",
        pass_cycle=names[0],
        no_tricks_bonus=NO_TRICKS_BONUS if params["avoid_all_tricks_bonus"] else 0,
        **{option: params[name] for name, option in _SWITCHES.items()},
    ).rules
    differ = [field for field in vars(same) if getattr(same, field) != getattr(rules, field, None)]
    if differ:
        shown = ", ".join(
            f"{f}={getattr(rules, f)!r} (OpenSpiel: {getattr(same, f)!r})" for f in differ
        )
        raise InvalidOptionError(
            f"openspiel-ismcts plays only rules OpenSpiel has; this game differs in {shown}. "
            "Try hearts(deals=1,moon=add,pass_cycle=left)."
        )
    return params, PASS_DIRECTIONS[names[0]]


_PASS_ORDER = ("QS", "AS", "KS")
"""Spades above the jack that win the Q♠ back: passed first."""

_RANKS = "23456789TJQKA"


def rule_pass(hand: Sequence[str], count: int) -> list[str]:
    """The fixed passing rule of OpenSpiel's seats: ``count`` cards from ``hand``.

    The Q♠, A♠ and K♠ first, then the highest hearts, then the highest other cards (ties
    broken clubs, diamonds, spades) — the dangerous cards, as a plain heuristic passes them.
    """
    chosen = [card for card in _PASS_ORDER if card in hand][:count]

    def danger(card: str) -> tuple[int, int, str]:
        return (card[-1] == "H", _RANKS.index(card[0]), card[-1])

    rest = sorted((c for c in hand if c not in chosen), key=danger, reverse=True)
    return chosen + rest[: count - len(chosen)]


class OpenSpielAgent:
    """A pyspiel bot in a hoyle seat (see the module docstring).

    Args:
        game: a Hearts game OpenSpiel can play (:func:`openspiel_parameters`).
        make_bot: builds the pyspiel bot from the pyspiel game; it must keep whatever the bot
            refers to (its evaluator) alive as long as the bot, because pybind does not.
        passes: OpenSpiel's seats pass by this rule (hand tokens, count → tokens).
        seed: seeds the determinization the OpenSpiel state is rebuilt from.
    """

    def __init__(
        self,
        game: Game[Any],
        make_bot: Callable[[Any], tuple[Any, Any]],
        passes: Callable[[Sequence[str], int], list[str]] = rule_pass,
        seed: int | None = None,
    ) -> None:
        import pyspiel

        params, direction = openspiel_parameters(game)
        self.game = game
        self._direction = direction
        self._ospiel = pyspiel.load_game("hearts", params)
        # The pair keeps the evaluator (the second item) referenced as long as the bot.
        self._bot, self._keep = make_bot(self._ospiel)
        self._passes = passes
        self._rng = random.Random(seed)
        state = game.new_initial_state()
        self._names = [state.action_to_string(a) for a in range(52)]
        self._hoyle_ids = {name: a for a, name in enumerate(self._names)}
        pass_state = self._ospiel.new_initial_state()
        pass_state.apply_action(0)  # past the direction: the deal's actions are cards
        self._os_names = [pass_state.action_to_string(a) for a in range(52)]
        self._os_ids = {name: a for a, name in enumerate(self._os_names)}

    def _replay(self, state: State, seat: int) -> Any:
        """An OpenSpiel state that ``seat`` cannot tell from ``state``.

        The deal is taken from one of hoyle's own determinizations for the seat, so the bot is
        never handed a card it may not see; its search redeals the unseen cards anyway.
        """
        world: Any = state.resample_from_infostate(seat, self._rng)
        hands = world.dealt_hands()
        ostate = self._ospiel.new_initial_state()
        ostate.apply_action(self._direction)
        for i in range(52):  # OpenSpiel deals card i to seat i % 4, as hoyle's first deal does
            ostate.apply_action(self._os_ids[self._names[hands[i % 4][i // 4]]])
        for action in world.moves_this_deal():
            ostate.apply_action(self._os_ids[self._names[action]])
        return ostate

    def step(self, state: State) -> int:
        """The bot's move for the player to act in ``state``."""
        seat = state.current_player()
        obs = state.observation(seat)
        if obs.get("phase") == "pass":
            # Cards are passed one at a time; the rule is greedy, so its first choice among
            # the cards still held is the next card of the whole pass.
            count = int(obs["pass_count"]) - len(obs.get("passed") or [])
            return self._hoyle_ids[self._passes(list(obs["hand"]), count)[0]]
        ostate = self._replay(state, seat)
        if ostate.current_player() != seat:
            raise RuntimeError(
                f"OpenSpiel's state has player {ostate.current_player()} to act, hoyle's {seat}"
            )
        action = self._bot.step(ostate)
        return self._hoyle_ids[self._os_names[action]]


def ismcts_maker(
    seconds: float | None, simulations: int | None, seed: int
) -> Callable[[Any], tuple[Any, Any]]:
    """Builds OpenSpiel's ``ISMCTSBot`` with random rollouts for a budget (see the module)."""

    def make(ospiel_game: Any) -> tuple[Any, Any]:
        import pyspiel

        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        bot = pyspiel.ISMCTSBot(
            seed,
            evaluator,
            UCT_C,
            simulations if simulations is not None else 10**9,
            -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,
            False,
            seconds if seconds is not None else -1.0,
        )
        return bot, evaluator

    return make


def _openspiel_ismcts(game: Game[Any], seed: int | None, budget: Budget | None) -> Agent:
    seconds = DEFAULT_SECONDS if budget is None else budget.seconds
    simulations = None if budget is None else budget.simulations
    maker = ismcts_maker(seconds, simulations, 0 if seed is None else seed % 2**31)
    return OpenSpielAgent(game, maker, seed=seed)


def register() -> bool:
    """Register ``openspiel-ismcts`` for Hearts when open-spiel is installed; True if it was."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    register_search_agent("openspiel-ismcts", _openspiel_ismcts, family="hearts")
    return True
