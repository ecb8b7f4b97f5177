"""The expected-FUN search over the draws left, from one kept hand h0 (``docs/solver.md``).

The player draws up to ``n`` times from the pool (the cards not in sight; a card drawn and kept
leaves it, one drawn and thrown away is as never drawn). After a draw that makes a winning hand
the player wins; otherwise:

- during the first ``exact`` draws every discard is weighed, the best kept (then the higher win
  chance);
- after them the player follows the draws that bring the hand closer to a win: a draw is kept
  (for the best discard that lowers the distance to a win by one) when that is worth more than
  throwing it back, and thrown back otherwise.

A value is a tuple ``(expected FUN, P(win by draw 1), ..., P(win by draw n))``; its last entry is
the win probability. A hand whose distance to a win is ``n`` or more is worth nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tutor.engine.table import OverBudget

if TYPE_CHECKING:
    from tutor.engine.distance import Distance
    from tutor.engine.table import Table

Value = tuple[float, ...]


def zero(n: int) -> Value:
    """Nothing won in ``n`` draws."""
    return (0.0,) * (n + 1)


def better(a: Value, b: Value) -> bool:
    """Is ``a`` worth more than ``b``: more FUN on average, then a higher win chance, then a win
    sooner (the chances by draw, the first draw first)."""
    return (a[0], a[-1], a[1:]) > (b[0], b[-1], b[1:])


class Search:
    """Values of the 13-card hands reachable from h0 within ``draws`` draws (memoised)."""

    def __init__(
        self, table: Table, distance: Distance, h0: int, pool0: list[int], draws: int, exact: int,
        tick: Callable[[], None] | None = None,
    ) -> None:
        self.t = table
        self.d = distance
        self.h0 = h0
        self.pool0 = pool0
        self.restricted_below = draws - exact  # n <= this: the draws after the exact ones
        self.memo: dict[int, Value] = {}
        self.memo14: dict[int, Value] = {}
        self.h0c = [h0 >> (3 * i) & 7 for i in range(len(pool0))]
        self.draw_list = [(i, p0, table.unit_of[i]) for i, p0 in enumerate(pool0) if p0 > 0]
        self.shifts = [(3 * i, u) for i, u in enumerate(table.unit_of)]
        self.tick = tick

    def value(self, h: int, n: int) -> Value:
        """The value of the 13-card hand ``h`` with ``n`` draws left."""
        if n <= 0:
            return (0.0,)
        mkey = h << 6 | n
        got = self.memo.get(mkey)
        if got is not None:
            return got
        t = self.t
        if n == 1:  # the last draw wins or not, whatever the phase
            pruned = t.has_fei and not h >> t.fei_shift & 7 and not t.complete(h + t.unit_of[t.fei_index])
            # (without FEI, a hand waits on some card exactly when it plus a FEI is complete)
        else:
            pruned = t.lower(h) >= n or (n <= self.restricted_below and self.d.of(h) >= n)
        if pruned:  # no win within n draws
            self.memo[mkey] = result = zero(n)
            return result
        result = self._restricted(h, n) if 1 < n <= self.restricted_below else self._exact(h, n)
        self.memo[mkey] = result
        self._spend()
        return result

    def _spend(self) -> None:
        """One more state searched: for the progress bar, and the default search's budget."""
        if self.tick is not None:
            self.tick()
        budget = self.t.budget
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise OverBudget

    def _draws(self, h: int) -> tuple[int, list[tuple[int, int, int]]]:
        """The pool's cards for the hand ``h``: (total, [(kind, copies, unit)])."""
        out = []
        total = 0
        for i, p0, unit in self.draw_list:
            have = h >> (3 * i) & 7
            h0i = self.h0c[i]
            p = p0 - have + h0i if have > h0i else p0
            if p > 0:
                out.append((i, p, unit))
                total += p
        return total, out

    def _combine(self, n: int, parts: list[tuple[int, int, Value | None]], total: int) -> Value:
        """Mix the draws' outcomes: (copies, FUN of a win or -1, the value after the discard)."""
        acc = [0.0] * (n + 1)
        for p, fun, after in parts:
            if fun >= 0:
                acc[0] += p * fun
                for k in range(1, n + 1):
                    acc[k] += p
            elif after is not None:
                acc[0] += p * after[0]
                for k in range(2, n + 1):
                    acc[k] += p * after[k - 1]
        return tuple(x / total for x in acc) if total else zero(n)

    def _win(self, h14: int) -> int:
        """The FUN of a winning 14-card hand, or -1."""
        t = self.t
        w = t._win[h14] if h14 in t._win else t.win(h14)
        return w[0] if w is not None and w[1] else -1

    def _exact(self, h: int, n: int) -> Value:
        total, draws = self._draws(h)
        parts: list[tuple[int, int, Value | None]] = []
        for _i, p, unit in draws:
            h14 = h + unit
            fun = self._win(h14)
            parts.append((p, fun, None if fun >= 0 or n == 1 else self.best_discard(h14, n - 1)))
        return self._combine(n, parts, total)

    def best_discard(self, h14: int, n: int) -> Value:
        """The best value over the discards from a 14-card hand, with ``n`` draws left after it."""
        mkey = h14 << 6 | n
        got = self.memo14.get(mkey)
        if got is not None:
            return got
        best = zero(n)
        for shift, unit in self.shifts:
            if h14 >> shift & 7:
                r = self.value(h14 - unit, n)
                if better(r, best):
                    best = r
        self.memo14[mkey] = best
        self._spend()
        return best

    def _restricted(self, h: int, n: int) -> Value:
        """After the exact draws: keep a draw only for a discard that lowers the distance to a win."""
        dh = self.d.of(h)
        stay = self.value(h, n - 1) if n > 1 else None
        total, draws = self._draws(h)
        parts: list[tuple[int, int, Value | None]] = []
        for i, p, unit in draws:
            h14 = h + unit
            fun = self._win(h14)
            if fun >= 0 or n == 1:
                parts.append((p, fun, None))
                continue
            best = stay
            if dh > 0 and self.d.within(h14, dh - 1):  # some discard brings a win closer
                for shift, out in self.shifts:
                    if shift == 3 * i or not h14 >> shift & 7:
                        continue
                    g = h14 - out
                    if self.d.within(g, dh - 1):
                        r = self.value(g, n - 1)
                        if best is None or better(r, best):
                            best = r
            parts.append((p, -1, best))
        return self._combine(n, parts, total)


__all__ = ["Search", "Value", "better", "zero"]
