"""The expected-FUN search over the draws left, from one kept hand h0 (``docs/solver.md``).

The player draws up to ``n`` times from the pool (the cards not in sight; a card drawn and kept
leaves it, one drawn and thrown away is as never drawn). After a draw that makes a winning hand
the player wins; otherwise:

- during the first ``exact`` draws every discard is weighed, the best kept (then the higher win
  chance);
- after them the player follows the draws that bring the hand closer to a win: a draw is kept
  (for the best discard that lowers the distance to a win by one) when that is worth more than
  throwing it back, and thrown back otherwise.

After the exact draws, a swap brings a hand one draw closer to a win only toward a winning
structure it is already nearest to (a swap changes the cards a structure keeps by at most one):
drawing a card the structure lacks, throwing one it has no use for. ``closer`` lists those swaps
and gives each hand they leave its own nearest structures (those the swap served); ``split``
does the same for the discards of a 14-card hand. So the structure search
(``Distance.optimal``) runs where the graph starts, not at every hand.

A value is a tuple ``(expected FUN, P(win by draw 1), ..., P(win by draw n))``; its last entry is
the win probability. A hand whose distance to a win is ``n`` or more is worth nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tutor.engine.garbage import collector_paused
from tutor.engine.search.closer import split
from tutor.engine.search.equivalent import Folds, WalkKeys, classes, keyed
from tutor.engine.search.walk import Node, Value, Walk, better, zero

if TYPE_CHECKING:
    from tutor.engine.distance.to_win import Distance
    from tutor.engine.search.hand_table import Table
    from tutor.engine.search.inner_moves import Local, Moves

ZERO1: Value = (0.0, 0.0)  # nothing won with one draw left
MOVED = -2  # a draw's part in ``Search._combine`` whose value is ``Moves.decide``'s


class Search(Walk):
    """Values of the 13-card hands reachable from h0 within ``draws`` draws (memoised)."""

    def __init__(
        self, table: Table, distance: Distance, h0: int, pool0: list[int], draws: int, exact: int,
        tick: Callable[..., None] | None = None, moves: Moves | None = None,
    ) -> None:
        self.t = table
        self.d = distance
        self.pool0 = pool0
        self.draws = draws
        self.exact = exact
        # the moves beside a discard weighed after each exact draw (``tutor.engine.search.inner_moves``), or None
        self.moves = moves
        self.mv: Local | None = None if moves is None else moves.of(self)
        self.memo_dec: dict[int, Value] = {}  # the best move after an exact draw (``Moves.decide``)
        self.memo_rep: dict[int, Value] = {}  # a replacement card at an exact draw (``Moves.replacement``)
        self.restricted_below = draws - exact  # n <= this: the draws after the exact ones
        self.memo: dict[int, Value] = {}
        self.memo14: dict[int, Value] = {}
        self.rvals: dict[int, list[Value]] = {}  # after the exact draws: a hand's values by draws left
        self.kids: dict[int, tuple[list[tuple[int, list[list[Value]]]], list[tuple[list[Value], int, int]]]] = {}
        self.nodes: dict[int, Node] = {}
        self.h0c = [h0 >> (3 * i) & 7 for i in range(len(pool0))]  # a card beyond these was drawn
        self.draw_list = [(i, p0, table.unit_of[i]) for i, p0 in enumerate(pool0) if p0 > 0]
        self.shifts = [(3 * i, u) for i, u in enumerate(table.unit_of)]
        self.tick = tick
        self.classes = classes(table, h0, pool0)  # honours that stand in for one another (``tutor.engine.search.equivalent``)
        self.canon = keyed(self.classes)
        self.fold = Folds(self.classes)  # draws of honours held alike, folded (``tutor.engine.search.equivalent``)
        self.key_of = WalkKeys(distance, self.h0c, self.canon)  # a hand's memo key after the exact draws
        self.h0 = h0
        self.total0 = sum(p for p in pool0 if p > 0)  # the pool's size at h0
        self.memo1: dict[int, Value] = {}  # the last draw's values of the ready hands met (``_v1``)
        if moves is not None and moves.root.changes:  # a move's search: its root's hand changes (``Walk.allow_changes``)
            self.allow_changes(moves.root.changes)

    def with_moves(self) -> Search:
        """Weigh sinking a FEI, KONGs and recalling a FEI after each exact draw (RULES §5.4)."""
        from tutor.engine.search.inner_moves import Moves

        self.moves = Moves(self)
        self.mv = self.moves.of(self)
        return self

    @collector_paused
    def run(self, h0: int, n: int, replacement: bool = False) -> tuple[Value, float]:
        """The value of keeping the 13 cards ``h0`` with ``n`` draws (``after_replacement`` where a
        replacement card is drawn first) and its whole win probability."""
        if replacement:
            return self.after_replacement(h0, n)
        value = self.value(h0, n)
        return value, value[-1] if n else 0.0

    def value(self, h: int, n: int) -> Value:
        """The value of the 13-card hand ``h`` with ``n`` draws left."""
        if n <= 0:
            return (0.0,)
        if n == 1:
            return self._v1(h)
        if n <= self.restricted_below:
            return self._restricted(h, n)
        mkey = (h if self.canon is None else self.canon(h)) << 6 | n
        got = self.memo.get(mkey)
        if got is not None:
            return got
        if self.t.lower(h) >= n + self._more(h, n):  # no win within n draws
            self.memo[mkey] = result = zero(n)
            return result
        result = self._exact(h, n)
        self.memo[mkey] = result
        self._spend()
        return result

    def _v1(self, h: int) -> Value:
        """The value of the 13-card hand ``h`` with one draw left, which only wins or not (RULES
        §5.2): its winning draws (``Table.winning_draws``, the kinds in order) weighed by the
        pool's copies of them, summed in the draws' order as ``_combine`` sums them."""
        wins = self.t.winning_draws(h)
        if not wins:
            return ZERO1
        got = self.memo1.get(h)
        if got is not None:
            return got
        pool0 = self.pool0
        h0c = self.h0c
        fun = 0.0
        won = 0.0
        for i, f in wins:
            have = h >> 3 * i & 7
            p = pool0[i] - have + h0c[i] if have > h0c[i] else pool0[i]
            if p > 0:
                fun += p * f
                won += p
        total = self._total(h)
        got = self.memo1[h] = (fun / total, won / total) if total else ZERO1
        return got

    def _total(self, h: int) -> int:
        """The pool's size at the hand ``h`` (as ``_draws`` sums it): ``h0``'s, less the copies of
        each kind drawn beyond ``h0`` (no kind's pool below none)."""
        total = self.total0
        x = h ^ self.h0
        pool0 = self.pool0
        h0c = self.h0c
        while x:
            low = (x & -x).bit_length() - 1
            i = low // 3
            have = h >> 3 * i & 7
            if have > h0c[i] and pool0[i] > 0:
                total -= min(have - h0c[i], pool0[i])
            x &= ~(7 << 3 * i)
        return total

    def _more(self, h: int, n: int, most: bool = False) -> int:
        """The replacement cards that moves may add to ``n`` draws from the 13 cards ``h`` toward a
        complete hand: at most one at each exact draw where moves are weighed (not the last draw,
        which only wins or not: RULES §5.2), and no more than the moves that take out a card
        held now (``Local.extra``: a card drawn and taken out again by a move adds nothing).
        ``most``: the most for any hand (one per such exact draw)."""
        if self.mv is None:
            return 0
        e = n - min(n, max(1, self.restricted_below))  # the exact draws but the last
        return e if most or not e else min(e, self.mv.extra(h))

    def _combine(self, n: int, parts: list[tuple[int, int, Value | None]], total: int) -> Value:
        """Mix the draws' outcomes: (copies, FUN of a win or -1, the value after the discard)."""
        acc = [0.0] * (n + 1)
        for p, fun, after in parts:
            if fun >= 0:
                acc[0] += p * fun
                for k in range(1, n + 1):
                    acc[k] += p
            elif fun == MOVED:  # ``decide``: the chance of a win at this draw (a replacement, a recall) first
                assert after is not None
                for k in range(n + 1):
                    acc[k] += p * after[k]
            elif after is not None:
                acc[0] += p * after[0]
                for k in range(2, n + 1):
                    acc[k] += p * after[k - 1]
        return tuple(x / total for x in acc) if total else zero(n)

    def _exact(self, h: int, n: int) -> Value:
        """The value of the 13-card hand ``h`` with ``n`` >= 2 draws left, every discard (and with
        the moves, every move) weighed after each draw; a draw after which no win is left within
        the draws (``Table.lower``, and what moves may add) adds nothing, and is not weighed."""
        total, draws = self._draws(h)
        parts: list[tuple[int, int, Value | None]] = []
        mv = self.mv if n > max(1, self.restricted_below) else None  # an exact draw, not the last: the moves too
        lower = self.t.lower
        e = self._more(0, n, True)  # the replacements moves may add, at this draw and the exact ones after it
        for i, p, unit in draws:
            h14 = h + unit
            fun = self._win(h14)
            if fun >= 0:
                parts.append((p, fun, None))
                continue
            if mv is not None:
                # no win within the draws left, whatever the player does now (a recall swaps the
                # card drawn for a FEI at no draw): its part adds nothing
                if lower(h14) >= n - 1 + min(e, mv.extra(h14)) + (i in mv.recall):
                    continue
                if mv.possible(h14, i):
                    assert self.moves is not None
                    got = self.moves.decide(self, h14, n - 1, i, True)
                    if got is not None:
                        parts.append((p, MOVED, got))
                        continue
            parts.append((p, fun, self.best_discard(h14, n - 1)))
        return self._combine(n, parts, total)

    def best_discard(self, h14: int, n: int) -> Value:
        """The best value over the discards from a 14-card hand, with ``n`` draws left after it."""
        mkey = (h14 if self.canon is None else self.canon(h14)) << 6 | n
        got = self.memo14.get(mkey)
        if got is not None:
            return got
        best = zero(n)
        if n == 1:  # the discards that leave a ready hand (``Table.ready_discards``), each valued by its winning draws
            ready = self.t.ready_discards(h14, self.shifts)
            if ready:
                v1 = self._v1
                for g in ready:
                    r = v1(g)
                    if better(r, best):
                        best = r
                self._spend()
            self.memo14[mkey] = best
            return best
        if not n <= self.restricted_below and self.t.lower(h14) >= n + self._more(h14, n):
            # no discard can win within n draws (a card fewer keeps at least this bound on
            # shanten, and moves add no more than ``_more``), so none is tried
            self.memo14[mkey] = best
            return best
        if 1 < n <= self.restricted_below:
            split(self.d, h14)
        for shift, unit in self.shifts:
            if h14 >> shift & 7:
                r = self.value(h14 - unit, n)
                if better(r, best):
                    best = r
        self.memo14[mkey] = best
        self._spend()
        return best

    def after_replacement(self, h0: int, n: int) -> tuple[Value, float]:
        """A replacement card drawn at once by the 3n+1 cards ``h0`` (after sinking a FEI or
        laying down a KONG; a win if it completes a winning hand), then a discard, then the ``n``
        draws. The replacement is a draw of the search's first phase: with exact draws, every
        discard is weighed after it; with none, it is kept only for a discard that brings a win
        closer (else thrown back). The replacement's win counts in every draw's chance; the
        second value is the whole win probability."""
        t = self.t
        parts: list[tuple[int, Value, bool]] = []
        if n and self.restricted(n):
            if t.lower(h0) > n or not self.d.within(h0, n):  # a swap now and n draws cannot win
                return zero(n), 0.0
            dh = self.d.of(h0)
            _, outcomes = self.outcomes(h0, dh)
            for _, p, fun, kids in outcomes:
                if fun >= 0:
                    parts.append((p, (float(fun),) + (1.0,) * n, True))
                    continue
                best = self.value(h0, n)
                for g in kids:
                    r = self.value(g, n)
                    if better(r, best):
                        best = r
                parts.append((p, best, False))
            return _mix(parts, n)
        _, draws = self._draws(h0)  # with exact draws (or none left): every discard weighed after it
        for _i, p, unit in draws:
            h14 = h0 + unit
            fun = self._win(h14)
            parts.append((p, (float(fun),) + (1.0,) * n if fun >= 0 else self.best_discard(h14, n), fun >= 0))
        return _mix(parts, n)

    def restricted(self, n: int) -> bool:
        """Are ``n`` draws left after the exact draws (a draw kept only to bring a win closer)?"""
        return n <= self.restricted_below


def _mix(parts: list[tuple[int, Value, bool]], n: int) -> tuple[Value, float]:
    """The average of values weighted by copies, and its whole win probability (a win on the
    replacement counts as a win by every draw)."""
    total = sum(p for p, _, _ in parts)
    if not total:
        return zero(n), 0.0
    acc = [0.0] * (n + 1)
    won = 0.0
    for p, after, wins in parts:
        for k in range(n + 1):
            acc[k] += p * after[k]
        won += p if wins else p * (after[-1] if n else 0.0)
    return tuple(x / total for x in acc), won / total


__all__ = ["Search", "Value", "better", "zero"]
