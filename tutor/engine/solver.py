"""The solver: shanten, waits, and discards ranked by exact expected FUN.

The search walks packed hands (``tutor.engine.table``). ``docs/solver.md`` states the model;
``tests/test_shanten.py``, ``tests/test_waits.py`` and ``tests/test_discard.py`` check it against
brute force and simulation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from tutor.core.hands import Hand
from tutor.core.tiles import FEI, FEI_ID, TILES, Tile
from tutor.engine.explain import explain
from tutor.engine.results import DiscardResult, Option, Wait, WaitsResult
from tutor.engine.score import check, validate
from tutor.engine.table import OverBudget, Table
from tutor.errors import ArgumentError, InvalidHandError

if TYPE_CHECKING:
    from tutor.core.hands import Seat
    from tutor.rules.load import RuleSet

DEFAULT_DRAWS = 3
FALLBACK_DRAWS = 2
STATE_BUDGET = 25_000  # work units (states searched, readings scored) before settling for 2 draws


def _unseen(rules: RuleSet, hand: Hand, seen: Sequence[Tile]) -> dict[int, int]:
    """Copies of each card kind not in sight: 4 minus the hand (sets and sunk FEI too) and ``seen``."""
    sight = hand.in_sight()
    for card in seen:
        sight[card] += 1
    out: dict[int, int] = {}
    for t in rules.in_play:
        copies = rules.wild_copies if t == FEI_ID else rules.copies
        left = copies - sight[TILES[t]]
        if left < 0:
            raise ArgumentError("seen", f"{sight[TILES[t]]} copies of {TILES[t]} in sight with the cards seen: there are only {copies}")
        out[t] = left
    return out


def _setup(hand: Hand, rules: RuleSet, seat: str | Seat, situations: Iterable[str], seen: Sequence[Tile]) -> tuple[str, frozenset[str]]:
    seat_name = rules.seat(seat)
    flags = frozenset(situations)
    known = {s.flag for s in rules.spec.situations}
    for f in sorted(flags - known):
        raise InvalidHandError(f"{rules.name} knows no situation {f!r}")
    validate(hand, rules)
    for t in seen:
        if t.is_bonus or t.id not in rules.in_play:
            raise ArgumentError("seen", f"{t} is not a card that can be drawn in {rules.name}")
    return seat_name, flags


def shanten(hand: Hand, rules: RuleSet) -> int:
    """Shanten of a hand of 3n+1 or 3n+2 cards (sets laid down count): -1 complete, 0 a wait."""
    validate(hand, rules)
    if hand.size not in (rules.hand_size, rules.hand_size - 1):
        raise InvalidHandError(f"shanten needs {rules.hand_size - 1} or {rules.hand_size} cards, not {hand.size}")
    table = Table(rules, "east" if "east" in rules.spec.seats else rules.spec.seats[0], frozenset(), hand)
    return table.shanten(table.pack(hand.concealed))


def waits(
    hand: Hand,
    rules: RuleSet,
    seat: str | Seat = "east",
    situations: Iterable[str] = (),
    seen: Sequence[Tile] = (),
) -> WaitsResult:
    """Every card that completes a hand of 3n+1 cards, with the FUN it would score."""
    seat_name, flags = _setup(hand, rules, seat, situations, seen)
    if hand.size != rules.hand_size - 1:
        hint = "; use 'sekwoo discard' for a hand that has just drawn" if hand.size == rules.hand_size else ""
        raise InvalidHandError(f"waits needs {rules.hand_size - 1} cards (a KONG counting three), not {hand.size}{hint}")
    table = Table(rules, seat_name, flags, hand)
    key = table.pack(hand.concealed)
    unseen = _unseen(rules, hand, seen)
    found = []
    for i, t in enumerate(table.kinds):
        w = table.win(key + table.unit_of[i])
        if w is None or unseen[t] <= 0:
            continue
        reading = table.reading(key + table.unit_of[i])
        assert reading is not None
        found.append(Wait(TILES[t], w[0], w[1], unseen[t], reading))
    notes = []
    sh = table.shanten(key)
    if not found and sh == 0:
        notes.append("every card this hand waits on is already in sight")
    return WaitsResult(hand, rules, seat_name, sh, tuple(found), rules.minimum, rules.unit, tuple(notes))


class _Search:
    """Exact expected FUN and win probability over ``draws`` self-draws from one kept hand h0."""

    def __init__(self, table: Table, h0: int, pool0: list[int]) -> None:
        self.t = table
        self.h0 = h0
        self.pool0 = pool0
        self.memo: dict[int, tuple[float, float]] = {}
        self.memo14: dict[int, tuple[float, float]] = {}
        self.h0c = [h0 >> (3 * i) & 7 for i in range(len(pool0))]
        self.draws = [(i, p0, table.unit_of[i]) for i, p0 in enumerate(pool0) if p0 > 0]
        self.shifts = [(3 * i, u) for i, u in enumerate(table.unit_of)]

    def value(self, h: int, n: int) -> tuple[float, float]:
        """(expected FUN, win probability) of the 13-card hand ``h`` with ``n`` draws left."""
        if n <= 0:
            return (0.0, 0.0)
        mkey = h << 5 | n
        got = self.memo.get(mkey)
        if got is not None:
            return got
        t = self.t
        if n == 1:
            fi = t.fei_index
            if fi >= 0 and not h >> (3 * fi) & 7 and not t.complete(h + t.unit_of[fi]):
                # without FEI, a hand waits on some card exactly when it plus a FEI is complete
                self.memo[mkey] = (0.0, 0.0)
                return (0.0, 0.0)
        elif t.lower(h) >= n:  # cannot even complete the shape in n draws
            self.memo[mkey] = (0.0, 0.0)
            return (0.0, 0.0)
        total = 0
        ev = 0.0
        pw = 0.0
        wins = t._win
        win = t.win
        for i, p0, unit in self.draws:
            have = h >> (3 * i) & 7
            h0i = self.h0c[i]
            p = p0 - have + h0i if have > h0i else p0
            if p <= 0:
                continue
            total += p
            h14 = h + unit
            w = wins[h14] if h14 in wins else win(h14)
            if w is not None and w[1]:
                ev += p * w[0]
                pw += p
                continue
            if n == 1:
                continue
            v, q = self.best_discard(h14, n - 1)
            ev += p * v
            pw += p * q
        result = (ev / total, pw / total) if total else (0.0, 0.0)
        self.memo[mkey] = result
        budget = t.budget
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise OverBudget
        return result

    def best_discard(self, h14: int, n: int) -> tuple[float, float]:
        """Best (expected FUN, then win probability) over the discards from a 14-card hand."""
        mkey = h14 << 5 | n
        got = self.memo14.get(mkey)
        if got is not None:
            return got
        best = (0.0, 0.0)
        value = self.value
        for shift, unit in self.shifts:
            if h14 >> shift & 7:
                r = value(h14 - unit, n)
                if r > best:  # noqa: PLR1730 - the hot loop; max() costs a call
                    best = r
        self.memo14[mkey] = best
        budget = self.t.budget
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise OverBudget
        return best


def discard(
    hand: Hand,
    rules: RuleSet,
    seat: str | Seat = "east",
    draws: int | None = None,
    seen: Sequence[Tile] = (),
    situations: Iterable[str] = (),
) -> DiscardResult:
    """Every discard of a 3n+2-card hand (and sinking a FEI), ranked by exact expected FUN."""
    seat_name, flags = _setup(hand, rules, seat, situations, seen)
    n = DEFAULT_DRAWS if draws is None else draws
    if not 0 <= n <= 30:
        raise ArgumentError("draws", f"between 0 and 30, not {n}")
    if hand.size != rules.hand_size:
        hint = "; use 'sekwoo waits' for a hand waiting to draw" if hand.size == rules.hand_size - 1 else ""
        raise InvalidHandError(f"discard needs {rules.hand_size} cards (a KONG counting three), not {hand.size}{hint}")
    table = Table(rules, seat_name, flags, hand)
    key14 = table.pack(hand.concealed)
    unseen = _unseen(rules, hand, seen)
    pool0 = [unseen[t] for t in table.kinds]
    now = check(hand, rules, seat_name, flags)
    tasks: list[tuple[Table, int, Tile, str, bool]] = []
    for i, t in enumerate(table.kinds):
        if key14 >> (3 * i) & 7:
            tasks.append((table, key14 - table.unit_of[i], TILES[t], "discard", False))
    if table.has_fei and key14 >> (3 * table.fei_index) & 7 and rules.spec.tiles.wild and rules.spec.tiles.wild.sinkable:
        sunk = Table(rules, seat_name, flags, hand, hand.bonus + (FEI,))
        tasks.append((sunk, key14 - sunk.unit_of[sunk.fei_index], FEI, "sink", True))
    notes = []
    if draws is None:
        budget = [STATE_BUDGET]
        for task in tasks:
            task[0].budget = budget
        try:
            results = _run_options(tasks, pool0, n)
        except OverBudget:
            notes.append(
                f"an exact search over {DEFAULT_DRAWS} draws is too large for this hand (over {STATE_BUDGET:,} "
                f"states and readings), so this shows {FALLBACK_DRAWS} draws, also exact; "
                f"give --draws {DEFAULT_DRAWS} to search it anyway"
            )
            n = FALLBACK_DRAWS
            for task in tasks:
                task[0].budget = None
            results = _run_options(tasks, pool0, n)
        for task in tasks:
            task[0].budget = None
    else:
        results = _run_options(tasks, pool0, n)
    options = [opt for opt, _ in results]
    states = sum(st for _, st in results)
    options.sort(key=lambda o: (-o.expected_fun, -o.win_probability, o.shanten, -o.acceptance, o.action, o.tile))
    options = explain(options, n, rules.unit)
    if now.wins:
        notes.append(f"this hand already wins: SEK WOO for {now.fun} {rules.unit}")
    return DiscardResult(
        hand, rules, seat_name, n, table.shanten(key14), now.wins, now.fun, tuple(options), states,
        rules.unit, tuple(notes),
    )


def _run_options(tasks: list[tuple[Table, int, Tile, str, bool]], pool0: list[int], n: int) -> list[tuple[Option, int]]:
    """Solve every option in turn; they share the table's memo of shanten and complete hands.

    (Two forked workers were tried: losing the shared memo made it twice as slow.)
    """
    return [_option(table, h0, pool0, n, tile, action, rep) for table, h0, tile, action, rep in tasks]


def _option(
    table: Table, h0: int, pool0: list[int], n: int, tile: Tile, action: str, replacement: bool = False
) -> tuple[Option, int]:
    """Shanten, acceptance and the search value of keeping the 13 cards ``h0``."""
    sh = table.shanten(h0)
    accepts = []
    for i, t in enumerate(table.kinds):
        if pool0[i] > 0 and table.shanten(h0 + table.unit_of[i]) < sh:
            accepts.append((TILES[t], pool0[i]))
    search = _Search(table, h0, pool0)
    if replacement:
        # sinking: a replacement card is drawn at once, then the same search with n draws
        ev, pw = _after_replacement(search, h0, n)
    else:
        ev, pw = search.value(h0, n)
    acceptance = sum(k for _, k in accepts)
    ready: list[tuple[Tile, int, int, bool]] = []
    if sh == 0:
        for i, t in enumerate(table.kinds):
            w = table.win(h0 + table.unit_of[i]) if pool0[i] > 0 else None
            if w is not None:
                ready.append((TILES[t], pool0[i], w[0], w[1]))
    option = Option(tile, action, sh, acceptance, tuple(accepts), pw, ev, "", tuple(ready))
    return option, len(search.memo) + len(search.memo14)


def _after_replacement(search: _Search, h0: int, n: int) -> tuple[float, float]:
    """Value of drawing one replacement card, then discarding, then ``n`` more draws."""
    t = search.t
    total = 0
    ev = pw = 0.0
    for i, p in enumerate(search.pool0):
        if p <= 0:
            continue
        total += p
        h14 = h0 + t.unit_of[i]
        w = t.win(h14)
        if w is not None and w[1]:
            ev += p * w[0]
            pw += p
            continue
        v, q = search.best_discard(h14, n)
        ev += p * v
        pw += p * q
    return (ev / total, pw / total) if total else (0.0, 0.0)
