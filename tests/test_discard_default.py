"""The default horizon of ``discard``: the seat's own draws left in the round, from the rule set's
card counts, with every discard weighed over all of a horizon of at most 3 draws and none beyond
(then the draws that bring a win closer); never a work budget."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor import ArgumentError, Hand, Seat, load_rules
from tutor.engine.decide.solver import discard
from tutor.engine.search.horizon import EXACT_DRAWS, default_exact_draws, draws_left

RULES = load_rules("3leg")
SMALL = "123d 456d 789d EE RG N"  # one swap from ready, no bonus card: every complete hand wins


def numbers(res: object) -> list[tuple[object, ...]]:
    return [(o.tile, o.action, o.expected_fun, o.win_probability, o.win_by_draw) for o in res.options]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("seat", "draws"), [(Seat.EAST, 9), (Seat.SOUTH, 9), (Seat.WEST, 8)])
def test_default_is_the_whole_round(seat: Seat, draws: int) -> None:
    """East's dealt 14 cards have 9 draws after the discard; South and West, who drew once already, 9 and 8."""
    res = discard(Hand.parse(SMALL), RULES, seat)
    assert res.draws == draws == draws_left(RULES, seat, 14)
    assert res.exact_draws == 0
    assert all(len(o.win_by_draw) == draws for o in res.options)


def test_default_equals_the_explicit_horizon() -> None:
    """Same hand, same horizon, same numbers: the default is --draws 9 --exact-draws 0, run twice."""
    hand = Hand.parse(SMALL)
    once = discard(hand, RULES)
    assert numbers(once) == numbers(discard(hand, RULES, draws=9, exact_draws=0)) == numbers(discard(hand, RULES))


def test_short_horizons_stay_exact() -> None:
    """With at most 3 draws every discard is weighed at every draw, as before."""
    assert [default_exact_draws(n) for n in range(6)] == [2, 2, 2, 2, 0, 0]
    hand = Hand.parse(SMALL)
    res = discard(hand, RULES, draws=3)
    assert res.exact_draws == EXACT_DRAWS
    assert numbers(res) == numbers(discard(hand, RULES, draws=3, exact_draws=3))


def test_wall_sets_the_draws_left() -> None:
    """--wall 10 for West: the others draw first, so 3 of the 10 cards are West's."""
    res = discard(Hand.parse(SMALL), RULES, Seat.WEST, wall=10)
    assert res.draws == 3


def test_more_draws_than_a_round_holds_are_refused() -> None:
    with pytest.raises(ArgumentError, match="at most 10 cards in a round of 3leg, not 11"):
        discard(Hand.parse(SMALL), RULES, draws=11)


def test_solver_doc_states_the_constants() -> None:
    """docs/solver.md gives the same default exact draws as the code."""
    doc = (Path(__file__).parent.parent / "docs" / "solver.md").read_text(encoding="utf-8")
    heading = re.search(r"### The default: the whole round, every discard weighed over at most (\d+) draws", doc)
    assert heading is not None
    assert int(heading.group(1)) == EXACT_DRAWS + 1
