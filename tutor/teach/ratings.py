"""Glicko-2 ratings: a rating, its deviation and its volatility, updated after each rating period.

This follows Mark Glickman's paper "Example of the Glicko-2 system" (glicko.net, 2022) step by
step: ratings move to the Glicko-2 scale (``mu = (r - 1500) / 173.7178``), the new volatility is
the root of ``f`` found by the Illinois algorithm (the paper's step 5), and the rating and its
deviation follow. Like Lichess's puzzle ratings, each puzzle attempt is one rating period in
which the player and the puzzle meet once: the player scores 1 for a right answer, the puzzle 1
for a wrong one, and each is updated against the other's rating from before the attempt. There
are no idle periods: a deviation only grows by the volatility step inside an update.

Pure arithmetic: no I/O, no engine.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5
"""The system constant: how much the volatility may change in one period. Glickman advises
0.3 to 1.2; 0.5 is his worked example's value, and it keeps a single surprising answer from
moving the volatility far (Lichess uses 0.75 for puzzles, with many more players per puzzle)."""
SCALE = 173.7178
"""Glicko-2's scale: 400 / ln(10)."""
EPSILON = 0.000001
"""Convergence tolerance of the volatility iteration (the paper's value)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the familiar scale: ``rating`` ± ``deviation``, and its ``volatility``."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    @property
    def mu(self) -> float:
        """The rating on the Glicko-2 scale."""
        return (self.rating - DEFAULT_RATING) / SCALE

    @property
    def phi(self) -> float:
        """The deviation on the Glicko-2 scale."""
        return self.deviation / SCALE

    def __str__(self) -> str:
        return f"{self.rating:.0f} ± {self.deviation:.0f}"


def g(phi: float) -> float:
    """The weight of an opponent whose deviation (Glicko-2 scale) is ``phi``."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (0 to 1), as in step 3."""
    return 1.0 / (1.0 + math.exp(-g(opponent.phi) * (player.mu - opponent.mu)))


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """The new volatility: the root of the paper's ``f`` by the Illinois algorithm (step 5)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, games: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player`` after one rating period of ``games``: (opponent, score) pairs, the score 1 for a
    win, 0.5 for a draw, 0 for a loss. With no game the deviation grows by the volatility (step 6)."""
    games = list(games)
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    v_inv = 0.0
    gain = 0.0
    for opponent, score in games:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is between 0 and 1, not {score!r}")
        weight = g(opponent.phi)
        e = 1.0 / (1.0 + math.exp(-weight * (mu - opponent.mu)))
        v_inv += weight * weight * e * (1.0 - e)
        gain += weight * (score - e)
    v = 1.0 / v_inv
    new_sigma = _volatility(sigma, phi, v, v * gain, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    return Rating(new_mu * SCALE + DEFAULT_RATING, new_phi * SCALE, new_sigma)


def duel(player: Rating, puzzle: Rating, correct: bool, tau: float = TAU) -> tuple[Rating, Rating]:
    """One attempt as one rating period: the player and the puzzle, each updated against the
    other's rating from before it (the player scores 1 when ``correct``, the puzzle 1 otherwise)."""
    won = 1.0 if correct else 0.0
    return update(player, [(puzzle, won)], tau), update(puzzle, [(player, 1.0 - won)], tau)


__all__ = [
    "DEFAULT_DEVIATION", "DEFAULT_RATING", "DEFAULT_VOLATILITY", "SCALE", "TAU", "Rating", "duel", "expected",
    "g", "update",
]
