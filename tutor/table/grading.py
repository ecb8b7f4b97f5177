"""Each decision at the drill graded by the solver: every legal option's expected FUN over the
seat's draws left in the round, the best one, the player's, and the FUN given up.

A search at the round horizon ``n`` (the seat's own draws left) can take long on a hand far from a
win, so it runs under a budget of hand states: past it, the decision is graded over ``SHORT``
draws instead with what is left of the budget, and past it over one draw (``draws`` says the horizon used,
``round_draws`` is ``n``). The budget counts
states, not seconds, so the same deal is graded the same on every machine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.core.hands import Hand, Seat
from tutor.core.tiles import Tile
from tutor.engine.claim import claim
from tutor.engine.results import ClaimResult, DiscardResult
from tutor.engine.solver import discard
from tutor.rules.load import RuleSet
from tutor.table.moves import Move

BUDGET = 1_500
"""Hand states a decision's search at the round horizon may take by default (``docs/drill.md``
gives the measured time per move it keeps)."""
SHORT = 2
"""The horizon of a decision whose search at the round horizon passes the budget."""
EPSILON = 1e-9


@dataclass(frozen=True)
class Choice:
    """One option of a decision: how the player writes it, its expected FUN and chance to win."""

    label: str
    expected_fun: float
    win_probability: float


@dataclass(frozen=True)
class Graded:
    """One decision graded: the hand, what was asked (``turn``: a move with a full hand; ``claim``:
    an answer to ``tile`` just discarded), every option best first, and the one chosen."""

    kind: str
    hand: Hand
    tile: Tile | None  # the card just drawn (turn) or discarded (claim)
    options: tuple[Choice, ...]
    chosen: str
    draws: int  # the horizon searched
    round_draws: int  # the seat's own draws left in the round

    @property
    def best(self) -> Choice:
        return self.options[0]

    @property
    def played(self) -> Choice:
        return next(c for c in self.options if c.label == self.chosen)

    @property
    def loss(self) -> float:
        """The expected FUN given up by the choice (0 for a best one)."""
        return max(0.0, self.best.expected_fun - self.played.expected_fun)

    @property
    def is_best(self) -> bool:
        return self.loss <= EPSILON


class _OverBudget(Exception):
    """A search passed the decision's budget of states."""


def _deepest(search: Callable[[int, Callable[[int, int, int], None] | None], object], n: int,
             budget: int) -> tuple[object, int]:
    """The answer at the round horizon ``n`` if its search stays within ``budget`` states (0: no
    limit), else at ``SHORT`` draws within what is left of the budget, else over one draw."""
    used = [0, 0]  # states of the searches given up, and of the one running

    def tick(states: int, _done: int, _total: int) -> None:
        used[1] = states
        if used[0] + states > budget:
            raise _OverBudget

    horizons = sorted({n, min(n, SHORT), min(n, 1)}, reverse=True)
    for h in horizons[:-1]:
        try:
            return search(h, tick if budget else None), h
        except _OverBudget:
            used[0] += used[1]
    return search(horizons[-1], None), horizons[-1]


def turn_options(result: DiscardResult) -> list[Choice]:
    """A discard search's options as the player writes them, SEK WOO first when the hand wins."""
    out: list[Choice] = []
    if result.wins_now:
        out.append(Choice("SEK WOO", float(result.fun_now), 1.0))
    for o in result.options:
        label = Move(o.action, o.tile, o.meld).label
        if all(c.label != label for c in out):
            out.append(Choice(label, o.expected_fun, o.win_probability))
    return out


def claim_options(result: ClaimResult) -> list[Choice]:
    """A claim search's options as the player writes them (a SEK WOO short of the minimum left out)."""
    out: list[Choice] = []
    for o in result.options:
        if o.action == "sek-woo" and not o.wins:
            continue
        label = "SEK WOO" if o.action == "sek-woo" else Move(o.action, None, o.meld).label
        out.append(Choice(label, o.expected_fun, o.win_probability))
    return out


def _ranked(options: list[Choice]) -> tuple[Choice, ...]:
    return tuple(sorted(options, key=lambda c: (-c.expected_fun, -c.win_probability)))


Searched = tuple[tuple[Choice, ...], int]
"""A decision's options best first, and the horizon they were weighed over."""


def search_turn(hand: Hand, rules: RuleSet, seat: Seat, drawn: Tile | None, seen: Sequence[Tile], n: int,
                budget: int = BUDGET) -> Searched:
    """Every move of a full hand with ``n`` own draws left, weighed (before the player chooses)."""
    def search(h: int, tick: Callable[[int, int, int], None] | None) -> DiscardResult:
        return discard(hand, rules, seat, draws=h, seen=seen, drawn=drawn, progress=tick)

    result, h = _deepest(search, n, budget)
    assert isinstance(result, DiscardResult)
    return _ranked(turn_options(result)), h


def search_claim(hand: Hand, tile: Tile, source: str, rules: RuleSet, seat: Seat, seen: Sequence[Tile], n: int,
                 budget: int = BUDGET) -> Searched:
    """Every answer to ``tile`` thrown from ``source`` with ``n`` draws left, weighed."""
    def search(h: int, tick: Callable[[int, int, int], None] | None) -> ClaimResult:
        return claim(hand, tile, rules, source, seat, draws=h, seen=seen, progress=tick)

    result, h = _deepest(search, n, budget)
    assert isinstance(result, ClaimResult)
    return _ranked(claim_options(result)), h


def graded(kind: str, hand: Hand, tile: Tile | None, searched: Searched, chosen: Move, n: int) -> Graded:
    """The decision graded from its search and the move chosen."""
    options, h = searched
    if all(c.label != chosen.label for c in options):
        raise ValueError(f"{chosen.label} is not among the options weighed: {', '.join(c.label for c in options)}")
    return Graded(kind, hand, tile, options, chosen.label, h, n)


def grade_turn(hand: Hand, rules: RuleSet, seat: Seat, drawn: Tile | None, seen: Sequence[Tile], n: int,
               chosen: Move, budget: int = BUDGET) -> Graded:
    """Grade ``chosen`` among the moves of a full hand with ``n`` own draws left."""
    return graded("turn", hand, drawn, search_turn(hand, rules, seat, drawn, seen, n, budget), chosen, n)


def grade_claim(hand: Hand, tile: Tile, source: str, rules: RuleSet, seat: Seat, seen: Sequence[Tile], n: int,
                chosen: Move, budget: int = BUDGET) -> Graded:
    """Grade ``chosen`` among the answers to ``tile`` thrown from ``source``, with ``n`` draws left."""
    return graded("claim", hand, tile, search_claim(hand, tile, source, rules, seat, seen, n, budget), chosen, n)


__all__ = ["BUDGET", "Choice", "Graded", "Searched", "claim_options", "grade_claim", "grade_turn", "graded",
           "search_claim", "search_turn", "turn_options"]
