"""The whole-round search and the distance to a win (``tutor.engine.search``, ``tutor.engine.distance``,
``tutor.engine.horizon``) against the independent reference of ``tests/support/horizon_ref.py``, in
exact fractions on small pools, beyond the exact draws (the restricted policy)."""

from __future__ import annotations

import random

import pytest
from support import horizon_ref as hr
from support import solver_ref as ref
from test_horizon_ref import EV_CASES, hide_all_but

from tutor import ArgumentError, Hand, Seat, discard, load_rules, waits
from tutor.core.tiles import Tile
from tutor.engine.horizon import draws_after_deal, draws_left, wall_after_deal


@pytest.mark.parametrize("case", EV_CASES, ids=lambda c: c[0])
@pytest.mark.parametrize(("n", "exact"), [(3, 0), (3, 1)])
def test_values_agree_with_the_reference(case: tuple[str, str, str, tuple[str, ...]], n: int, exact: int) -> None:
    """Every plain discard's expected FUN, win probability, win chance by draw and distance."""
    text, rules, seat, live = case
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    want = hr.discard_values(hand, n, exact, seen, rules, seat)
    got = discard(hand, load_rules(rules), seat, draws=n, seen=[Tile.parse(c) for c in seen], exact_draws=exact)
    options = {str(o.tile): o for o in got.options if o.action == "discard"}
    assert set(options) == set(want)
    for card, (ev, pw, by) in want.items():
        o = options[card]
        assert o.expected_fun == pytest.approx(float(ev), abs=1e-9), card
        assert o.win_probability == pytest.approx(float(pw), abs=1e-9), card
        assert list(o.win_by_draw) == pytest.approx([float(x) for x in by], abs=1e-9), card


@pytest.mark.parametrize("rules", ["3leg", "3leg-beginner"])
def test_distance_agrees_with_the_reference(rules: str) -> None:
    """The distance to a win of 13-card hands (waits) against the reference's target search."""
    rng = random.Random(11)
    for k in range(60):
        text = ref.random_hand(rng, 13, 0, rng.choice([0, 0, 1]), 0, kinds=rng.choice([8, 10]))
        bonus = ("", " | f1", " | f1 a2", " | f2 k3")[k % 4]
        hand = Hand.parse(text if "|" in text else text + bonus)
        got = waits(hand, load_rules(rules), "east")
        want = hr.distance_to_win(hand, rules, "east", limit=4)
        assert min(got.distance, 4) == want, str(hand)
        assert got.distance >= got.shanten


def test_draws_left_follow_the_card_counts() -> None:
    """3leg: 68 playing cards, 40 dealt, 28 left: South 10, West 9, East 9 after the deal; a full
    hand of South or West has made its first draw."""
    rules = load_rules("3leg")
    assert wall_after_deal(rules) == 28
    assert [draws_after_deal(rules, s) for s in (Seat.EAST, Seat.SOUTH, Seat.WEST)] == [9, 10, 9]
    assert [draws_left(rules, s, 14) for s in (Seat.EAST, Seat.SOUTH, Seat.WEST)] == [9, 9, 8]
    assert draws_left(rules, Seat.WEST, 14, wall=10) == 3
    with pytest.raises(ArgumentError, match="wall"):
        draws_left(rules, Seat.EAST, 14, wall=29)
    with pytest.raises(ArgumentError, match="at most 10"):
        discard(Hand.parse("123d 456d 789d EE RG N"), rules, draws=11)
