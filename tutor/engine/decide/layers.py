"""A decision weighed over longer and longer horizons, within the search's budget (``docs/solver.md``,
"The budget").

Every option of a decision is weighed over one draw, then two, and so on up to the draws left
(``horizons``). The search counts its hand states over them all; past the budget
(``search.budget``) it stops, and the answer is the longest horizon over which every option was
weighed, with a note that says so. So no decision spends more than the budget, and what it spent
is never lost: the horizons it finished are its answer. Over a horizon of at most 3 draws every
draw is weighed, a search for each horizon (the shorter ones are a small part of the longest);
over a longer one the player keeps the draws that bring a win closer, and one search gives the
values for 1, 2, ... draws one from another, so the horizons cost what the longest alone costs.

A horizon's states are counted over every option, each its own search: the parts of a decision
weighed apart (on other cores) count what the whole counts, and ``last_within`` finds in their
layers the horizon the whole stops at.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from tutor.core.tiles import TILES, Tile
from tutor.engine.result_types import Option
from tutor.engine.search.expected_fun import Search
from tutor.engine.search.horizon import EXACT_DRAWS, default_exact_draws
from tutor.errors import SearchBudgetError

if TYPE_CHECKING:
    from tutor.engine.distance.to_win import Distance
    from tutor.engine.search.hand_table import Table
    from tutor.engine.search.walk import Value

T = TypeVar("T")
Worth = tuple["Value", float]
"""An option's value over a horizon (``(expected FUN, P(win by draw 1), ...)``) and its whole win chance."""
Layer = tuple[int, int, int, tuple[T, ...]]
"""A horizon a decision was weighed over: its draws, its exact draws, the states searched by its
end (over every horizon before it too), and the decision's options over it."""


def horizons(n: int, exact: int | None) -> list[tuple[int, int]]:
    """The horizons (draws, exact draws) a decision is weighed over, in turn: with ``exact`` given,
    ``n`` draws alone; else 1, 2, ... ``n``, each exact at every draw where ``n`` is at most
    ``EXACT_DRAWS + 1`` (the default's exact optimum), else none (the walk of RULES §5.2)."""
    if exact is not None:
        return [(n, min(exact, n))]
    if not n:
        return [(0, 0)]
    if n > EXACT_DRAWS + 1:
        return [(m, 0) for m in range(1, n + 1)]
    return [(m, min(default_exact_draws(m), m)) for m in range(1, n + 1)]


def reproduce(m: int, exact: int, hand_change: bool = False) -> str:
    """The options that weigh a decision over ``m`` draws as a horizon of ``horizons`` does."""
    return (f"--draws {m}" + ("" if exact == min(default_exact_draws(m), m) else f" --exact-draws {exact}")
            + (" --hand-change" if hand_change else ""))


def shorter_note(n: int, m: int, exact: int, hand_change: bool = False) -> str:
    """The note of a decision answered over ``m`` of its ``n`` draws: the budget stopped it there."""
    return (f"the search over all {n} draws left passes its budget for this hand, so these figures are over "
            f"{m} draw{'s' if m != 1 else ''} ({reproduce(m, exact, hand_change)})")


class Weighing:
    """One option of a decision: the numbers of the cards it keeps (shanten, acceptance, distance
    to a win), worked out at once, and its value over each horizon (``value``).

    ``h0``: the 13 cards kept (a sink or a KONG: before the replacement card, ``replacement``);
    ``moves``: weigh sinking, KONGs and recalls after each exact draw too; ``hand_change``: a hand
    change after the exact draws (``Walk.allow_changes``)."""

    def __init__(self, table: Table, dist: Distance, h0: int, pool0: list[int], tile: Tile, action: str,
                 replacement: bool, moves: bool, n: int, hand_change: bool = False) -> None:
        self.table = table
        self.dist = dist
        self.h0 = h0
        self.pool0 = pool0
        self.tile = tile
        self.action = action
        self.replacement = replacement
        self.moves = moves
        self.n = n  # the longest horizon: the walk's search is made for it
        self.changes = int(hand_change)
        self.shanten, lowering = table.accepting(h0)
        self.accepts = tuple((TILES[table.kinds[i]], pool0[i]) for i in lowering if pool0[i] > 0)
        self.distance = dist.of(h0)
        self._walk: Search | None = None

    def value(self, m: int, exact: int, tick: Callable[..., None] | None) -> Worth:
        """The value over ``m`` draws, ``exact`` of them weighed at every draw. Where none is (the
        walk), one search serves every horizon: its values for fewer draws are kept."""
        if not m and not self.replacement:  # no draw left, no replacement card: nothing to win
            return (0.0,), 0.0
        t, d, h0, pool0 = self.table, self.dist, self.h0, self.pool0
        if not exact and m:
            if self._walk is None:
                self._walk = Search(t, d, h0, pool0, self.n, 0, tick)
                if self.changes:
                    self._walk.allow_changes(self.changes)
            return self._walk.run(h0, m, self.replacement)
        search = Search(t, d, h0, pool0, m, exact, tick)
        if self.changes and exact < m:
            search.allow_changes(self.changes)
        if self.moves and exact > 0:
            search.with_moves()
        return search.run(h0, m, self.replacement)

    def option(self, m: int, valued: Worth) -> Option:
        """The option over ``m`` draws, its value ``valued``."""
        t, h0, pool0 = self.table, self.h0, self.pool0
        value, pw = valued
        ready: list[tuple[Tile, int, int, bool]] = []
        if self.shanten == 0:
            for i, kind in enumerate(t.kinds):
                w = t.win(h0 + t.unit_of[i]) if pool0[i] > 0 else None
                if w is not None:
                    ready.append((TILES[kind], pool0[i], w[0], w[1]))
        aim = self.dist.aim(h0) if self.distance < m else None  # what it plays for, where a win is within reach
        lines = () if aim is None else aim.lines
        if any(line.limit for line in lines):  # a limit hand scores the limit, whatever else it holds
            lines = tuple(line for line in lines if line.limit)
        rows = tuple((line.name, line.fun) for line in lines)
        return Option(self.tile, self.action, self.shanten, self.distance, sum(k for _, k in self.accepts),
                      self.accepts, pw, value[0], value[1:], "", tuple(ready), rows, aim.fun if aim is not None else 0)


def weigh_layers(
    items: Sequence[Weighing], same_as: Sequence[int | None], plan: Sequence[tuple[int, int]],
    counter: list[int], tick: Callable[..., None], told: Callable[[int], None] | None = None,
) -> list[tuple[int, int, int, list[Worth]]]:
    """Every option's value over each horizon of ``plan`` in turn, while the budget lasts: per
    horizon finished, (draws, exact draws, ``counter`` at its end, the values). ``same_as[k]``:
    the option whose value option ``k`` takes (a hand worth the same: honours swapped), its
    states counted again, as in a part that weighs it alone. ``tick(states)`` counts states into
    ``counter`` and raises the budget's error past it: the horizon it stops in is left out, and
    where that is the first, the error goes up. ``told(k)``: option ``k`` of a horizon is done."""
    done: list[tuple[int, int, int, list[Worth]]] = []
    for m, exact in plan:
        values: list[Worth] = []
        spent: dict[int, int] = {}
        try:
            for k, item in enumerate(items):
                src = same_as[k]
                if src is not None:
                    values.append(values[src])
                    tick(spent[src])
                else:
                    before = counter[0]
                    values.append(item.value(m, exact, tick))
                    spent[k] = counter[0] - before
                if told is not None:
                    told(k)
        except SearchBudgetError:
            if not done:
                raise
            break
        done.append((m, exact, counter[0], values))
    return done


def last_within(parts: Sequence[Sequence[Layer[T]]], most: int) -> tuple[int, int, int, list[T]] | None:
    """The longest horizon every part finished whose states, summed over the parts, are within
    ``most``: (draws, exact draws, states, the parts' options over it); None where none is. The
    parts count what one search over them all counts, horizon by horizon, so this is the horizon
    where that search stops."""
    best = None
    for j in range(min(len(p) for p in parts)):
        states = sum(p[j][2] for p in parts)
        if states > most:
            break
        best = (parts[0][j][0], parts[0][j][1], states, [o for p in parts for o in p[j][3]])
    return best


__all__ = ["Layer", "Weighing", "Worth", "horizons", "last_within", "reproduce", "shorter_note", "weigh_layers"]
