"""Glicko-2 (tutor.teach.ratings) against Glickman's worked example and an independent reference.

The reference below is written again from the paper's formulas in ``decimal`` arithmetic at 60
digits, with the volatility found by plain bisection rather than the Illinois algorithm, so it
shares no code and no root-finding method with the module under test.
"""

from __future__ import annotations

import math
import random
from decimal import Decimal, getcontext

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.teach.ratings import Rating, duel, expected, update

getcontext().prec = 60
PI = Decimal("3.14159265358979323846264338327950288419716939937510582097494459")
Q = Decimal(400) / Decimal(10).ln()  # 173.7178...


def _g(phi: Decimal) -> Decimal:
    return 1 / (1 + 3 * phi * phi / (PI * PI)).sqrt()


def reference(r: float, rd: float, sigma: float, games: list[tuple[float, float, float]], tau: float = 0.5
              ) -> tuple[float, float, float]:
    """Glickman's steps 1-8 in Decimal; games are (opponent rating, opponent RD, score)."""
    mu, phi, sig, t = (Decimal(r) - 1500) / Q, Decimal(rd) / Q, Decimal(sigma), Decimal(tau)
    gs, es, ss = [], [], []
    for r_j, rd_j, s in games:
        mu_j, phi_j = (Decimal(r_j) - 1500) / Q, Decimal(rd_j) / Q
        gj = _g(phi_j)
        gs.append(gj)
        es.append(1 / (1 + (-gj * (mu - mu_j)).exp()))
        ss.append(Decimal(s))
    v = 1 / sum(gj * gj * e * (1 - e) for gj, e in zip(gs, es, strict=True))
    total = sum(gj * (s - e) for gj, e, s in zip(gs, es, ss, strict=True))
    delta = v * total
    a = (sig * sig).ln()

    def f(x: Decimal) -> Decimal:
        ex = x.exp()
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (t * t)

    # the paper's bracket (step 5.2), searched by bisection instead of the Illinois algorithm
    if delta * delta > phi * phi + v:
        lo, hi = a, (delta * delta - phi * phi - v).ln()
    else:
        k = 1
        while f(a - k * t) < 0:
            k += 1
        lo, hi = a - k * t, a
    lo, hi = min(lo, hi), max(lo, hi)
    assert f(lo) >= 0 >= f(hi)
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    new_sig = ((lo + hi) / 2 / 2).exp()
    phi_star = (phi * phi + new_sig * new_sig).sqrt()
    new_phi = 1 / (1 / (phi_star * phi_star) + 1 / v).sqrt()
    new_mu = mu + new_phi * new_phi * total
    return float(new_mu * Q + 1500), float(new_phi * Q), float(new_sig)


EXAMPLE = [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)]


def test_glickmans_worked_example() -> None:
    """The paper's example: 1500/200 beats 1400/30, loses to 1550/100 and 1700/300."""
    after = update(Rating(1500, 200, 0.06), [(Rating(r, rd), s) for r, rd, s in EXAMPLE])
    assert after.rating == pytest.approx(1464.06, abs=0.015)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    assert str(after) == "1464 ± 152"


def test_the_reference_gives_the_worked_example_too() -> None:
    """The reference is itself checked against the paper before it is trusted below."""
    r, rd, sigma = reference(1500, 200, 0.06, EXAMPLE)
    assert (round(r, 2), round(rd, 2), round(sigma, 5)) == (1464.05, 151.52, 0.06)
    assert abs(r - 1464.06) < 0.015


@settings(max_examples=150, deadline=None)
@given(
    r=st.floats(600, 2600), rd=st.floats(30, 350), sigma=st.floats(0.03, 0.12),
    games=st.lists(st.tuples(st.floats(-800, 800), st.floats(30, 350), st.sampled_from([0.0, 0.5, 1.0])),
                   min_size=1, max_size=5),
)
def test_update_agrees_with_the_reference(r: float, rd: float, sigma: float,
                                          games: list[tuple[float, float, float]]) -> None:
    """Opponents within 800 points: the range the tutor serves. (Far beyond it, an upset against
    a certain opponent gives the paper's f more than one root, and root-finders may differ.)"""
    games = [(r + d, b, s) for d, b, s in games]
    after = update(Rating(r, rd, sigma), [(Rating(a, b), s) for a, b, s in games])
    ref = reference(r, rd, sigma, games)
    # the Illinois iteration stops within 1e-6 of the root (on the log scale): far below 0.01 rating points
    assert after.rating == pytest.approx(ref[0], abs=1e-3)
    assert after.deviation == pytest.approx(ref[1], abs=1e-3)
    assert after.volatility == pytest.approx(ref[2], abs=1e-7)


def test_a_surprise_moves_the_volatility_through_the_other_branch() -> None:
    """A big upset takes step 5's first branch (delta^2 > phi^2 + v); it still agrees with the reference."""
    after = update(Rating(1500, 60, 0.06), [(Rating(1900, 40), 1.0)] * 3)
    ref = reference(1500, 60, 0.06, [(1900, 40, 1.0)] * 3)
    assert after.volatility > 0.06 and after.rating > 1550
    assert (after.rating, after.deviation, after.volatility) == pytest.approx(ref, abs=1e-4)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    before = Rating(1620, 80, 0.06)
    after = update(before, [])
    assert after.rating == before.rating and after.volatility == before.volatility
    assert after.deviation == pytest.approx(math.sqrt(80**2 + (0.06 * 173.7178) ** 2), abs=1e-3)


def test_duel_updates_both_sides_against_the_other_before() -> None:
    rng = random.Random(11)
    for _ in range(50):
        player = Rating(rng.uniform(800, 2200), rng.uniform(40, 350), 0.06)
        puzzle = Rating(rng.uniform(800, 2200), rng.uniform(40, 350), 0.06)
        right = rng.random() < 0.5
        p2, q2 = duel(player, puzzle, right)
        ref_p = reference(player.rating, player.deviation, 0.06, [(puzzle.rating, puzzle.deviation, float(right))])
        ref_q = reference(puzzle.rating, puzzle.deviation, 0.06, [(player.rating, player.deviation, float(not right))])
        assert (p2.rating, p2.deviation) == pytest.approx(ref_p[:2], abs=1e-4)
        assert (q2.rating, q2.deviation) == pytest.approx(ref_q[:2], abs=1e-4)
        assert (p2.rating > player.rating) == right and (q2.rating > puzzle.rating) == (not right)
        for old, new in ((player, p2), (puzzle, q2)):  # a game never leaves more doubt than a period without one
            assert new.deviation < math.hypot(old.deviation, new.volatility * 173.7178)


def test_expected_score() -> None:
    equal = Rating(1500, 100)
    assert expected(equal, Rating(1500, 300)) == pytest.approx(0.5)
    strong, weak = Rating(1900, 80), Rating(1500, 80)
    assert expected(strong, weak) + expected(weak, strong) == pytest.approx(1.0)
    # the Elo-like curve, damped by the opponent's deviation: 400 points are 10:1 when the deviation is 0
    assert expected(strong, Rating(1500, 0)) == pytest.approx(10 / 11)
    assert 0.5 < expected(strong, Rating(1500, 350)) < expected(strong, weak) < 10 / 11


def test_a_score_outside_0_to_1_is_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        update(Rating(), [(Rating(), 2.0)])
