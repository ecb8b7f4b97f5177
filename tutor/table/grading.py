"""Each decision at the drill graded by the solver: every legal option's expected FUN over the
seat's draws left in the round, the best one, the player's, and the FUN given up.

Every decision is searched in full at the round horizon ``n`` (the seat's own draws left), so
``draws`` and ``round_draws`` are both ``n``; only a hand whose whole round passes the search's
budget is weighed over fewer draws (``draws``: the longest horizon within it,
``tutor.engine.decide.layers``), the same for the same hand on any machine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.core.hands import Hand, Seat
from tutor.core.tiles import Tile
from tutor.engine.decide.claim import claim
from tutor.engine.decide.solver import discard
from tutor.engine.result_types import ClaimResult, DiscardResult
from tutor.rules.load import RuleSet
from tutor.table.moves import Move

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


def ranked(options: list[Choice]) -> tuple[Choice, ...]:
    """The options best first (ties as they came: in the search's order)."""
    return tuple(sorted(options, key=lambda c: (-c.expected_fun, -c.win_probability)))


Progress = Callable[[int, int, int], None]
"""Called now and then by a search: the hand states searched, the options weighed, the options in all."""
Searched = tuple[tuple[Choice, ...], int]
"""A decision's options best first, and the horizon they were weighed over."""


def search_turn(hand: Hand, rules: RuleSet, seat: Seat, drawn: Tile | None, seen: Sequence[Tile], n: int,
                progress: Progress | None = None) -> Searched:
    """Every move of a full hand with ``n`` own draws left, weighed (before the player chooses)."""
    result = discard(hand, rules, seat, draws=n, seen=seen, drawn=drawn, progress=progress)
    return ranked(turn_options(result)), result.draws


def search_claim(hand: Hand, tile: Tile, source: str, rules: RuleSet, seat: Seat, seen: Sequence[Tile], n: int,
                 progress: Progress | None = None) -> Searched:
    """Every answer to ``tile`` thrown from ``source`` with ``n`` draws left, weighed."""
    result = claim(hand, tile, rules, source, seat, draws=n, seen=seen, progress=progress)
    return ranked(claim_options(result)), result.draws


def graded(kind: str, hand: Hand, tile: Tile | None, searched: Searched, chosen: Move, n: int) -> Graded:
    """The decision graded from its search and the move chosen."""
    options, h = searched
    if all(c.label != chosen.label for c in options):
        raise ValueError(f"{chosen.label} is not among the options weighed: {', '.join(c.label for c in options)}")
    return Graded(kind, hand, tile, options, chosen.label, h, n)


def grade_turn(hand: Hand, rules: RuleSet, seat: Seat, drawn: Tile | None, seen: Sequence[Tile], n: int,
               chosen: Move) -> Graded:
    """Grade ``chosen`` among the moves of a full hand with ``n`` own draws left."""
    return graded("turn", hand, drawn, search_turn(hand, rules, seat, drawn, seen, n), chosen, n)


def grade_claim(hand: Hand, tile: Tile, source: str, rules: RuleSet, seat: Seat, seen: Sequence[Tile], n: int,
                chosen: Move) -> Graded:
    """Grade ``chosen`` among the answers to ``tile`` thrown from ``source``, with ``n`` draws left."""
    return graded("claim", hand, tile, search_claim(hand, tile, source, rules, seat, seen, n), chosen, n)


__all__ = ["Choice", "Graded", "Searched", "claim_options", "grade_claim", "grade_turn", "graded",
           "search_claim", "search_turn", "turn_options"]
