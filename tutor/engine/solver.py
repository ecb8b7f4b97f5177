"""The solver: shanten, waits, and discards ranked by exact expected FUN (RULES.md §5).

Hands are counted per card kind and packed into one integer (three bits a kind), so that the
search over later hands is a walk over small integers with memo tables. ``docs/solver.md``
states the model; ``tests/test_solver.py`` checks it against brute force and simulation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING, Any

from tutor.core.hands import Hand
from tutor.core.readings import Reading
from tutor.core.tiles import FEI, FEI_ID, FIRST_WIND, TILES, Tile
from tutor.engine.score import check, is_win, scorer_for, validate
from tutor.engine.shanten import (
    ShapeContext,
    complete_options,
    free_profile,
    merge_profiles,
    shanten_counts,
)
from tutor.engine.shapes import concealed_readings, meld_options
from tutor.engine.special import special_complete, special_readings, special_shanten
from tutor.errors import InvalidHandError

if TYPE_CHECKING:
    from tutor.core.score import Score
    from tutor.core.hands import Seat
    from tutor.rules.load import RuleSet

DEFAULT_DRAWS = 3
FALLBACK_DRAWS = 2
STATE_BUDGET = 25_000  # work units (states searched, readings scored) before settling for 2 draws


class _OverBudget(Exception):
    """The default search would do more work than ``STATE_BUDGET``."""


@dataclass(frozen=True)
class Wait:
    """A card that completes the hand: the FUN of the completed hand and how many are unseen."""

    tile: Tile
    fun: int
    wins: bool
    unseen: int
    reading: Reading


@dataclass(frozen=True)
class WaitsResult:
    """The answer to ``sekwoo waits``."""

    hand: Hand
    rules: str
    seat: str
    shanten: int
    waits: tuple[Wait, ...]
    min_fun: int
    unit: str
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Option:
    """One choice for a 14-card hand: a discard (or sinking a FEI) and what it leads to."""

    tile: Tile
    action: str  # "discard" or "sink"
    shanten: int
    acceptance: int
    accepts: tuple[tuple[Tile, int], ...]  # cards that lower shanten, with how many are unseen
    win_probability: float
    expected_fun: float
    explanation: str = ""
    waits: tuple[tuple[Tile, int, int, bool], ...] = ()  # when ready: (card, unseen, FUN, wins)

    @property
    def tenpai(self) -> bool:
        return self.shanten == 0


@dataclass(frozen=True)
class DiscardResult:
    """The answer to ``sekwoo discard``: every option, best first."""

    hand: Hand
    rules: str
    seat: str
    draws: int
    exact: bool
    shanten: int
    wins_now: bool
    fun_now: int
    options: tuple[Option, ...]
    states: int
    unit: str
    notes: tuple[str, ...] = field(default=())


class Table:
    """Everything about one hand's fixed parts (sets laid down, bonus cards, seat, rules) that
    the search needs, with memo tables for shanten and for the FUN of complete hands."""

    def __init__(
        self, rules: RuleSet, seat: str, flags: frozenset[str], hand: Hand, bonus: tuple[Tile, ...] | None = None
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.flags = flags
        self.melds = hand.melds
        self.bonus = tuple(sorted(hand.bonus if bonus is None else bonus))
        self.bonus_ids = tuple(t.id for t in self.bonus)
        self.kinds: list[int] = sorted(t for t in rules.in_play if t != FEI_ID)
        self.has_fei = FEI_ID in rules.in_play
        if self.has_fei:
            self.kinds.append(FEI_ID)
        self.index = {t: i for i, t in enumerate(self.kinds)}
        self.fei_index = self.index.get(FEI_ID, -1)
        self.unit_of = [1 << (3 * i) for i in range(len(self.kinds))]
        self.sets_left = rules.sets - len(hand.melds)
        in_melds = [0] * 35
        for m in hand.melds:
            for t in m.cards:
                in_melds[t.id] += 1
        sunk = sum(1 for t in self.bonus if t.id == FEI_ID)
        cap = tuple(rules.copies - in_melds[t] if t in rules.in_play else 0 for t in range(34))
        fei_cap = rules.wild_copies - in_melds[FEI_ID] - sunk if self.has_fei else 0
        self.cap_local = [cap[t] if t != FEI_ID else fei_cap for t in self.kinds]
        self.shape = ShapeContext(self.sets_left, rules.chee_ok[:34], cap, fei_cap, rules.max_wild_per_set)
        self.meld_combos = list(product(*(meld_options(m, rules.chee_ok) for m in hand.melds)))
        self.specials = rules.special_shapes if not hand.melds else ()  # seven pairs and the like
        self.scorer = scorer_for(rules)
        self._shanten: dict[int, int] = {}
        self._lower: dict[int, int] = {}
        self._flat: dict[int, int | None] = {}
        self._parts: dict[tuple[int, int, int], frozenset[tuple[int, int, int]]] = {}
        self._parts_lower: dict[tuple[int, int, int], dict[tuple[int, int, int], int]] = {}
        self._readings: dict[int, Reading] = {}
        # the packed key's components: each suit in play, then the honours (FEI is the last kind)
        groups: dict[int, list[int]] = {}
        for i, kind in enumerate(self.kinds):
            if kind != FEI_ID:
                groups.setdefault(kind // 9 if kind < FIRST_WIND else 3, []).append(i)
        self.components = [(3 * idx[0], (1 << (3 * len(idx))) - 1) for idx in groups.values()]
        self.component_ids = [tuple(self.kinds[i] for i in idx) for idx in groups.values()]
        self.fei_shift = 3 * self.fei_index
        self.budget: list[int] | None = None  # states left for the default search, shared by options
        self._win: dict[int, tuple[int, bool] | None] = {}

    # --- packing -------------------------------------------------------------------------
    def pack(self, tiles: Iterable[Tile]) -> int:
        key = 0
        for t in tiles:
            key += self.unit_of[self.index[t.id]]
        return key

    def count(self, key: int, i: int) -> int:
        return key >> (3 * i) & 7

    def unpack(self, key: int) -> list[int]:
        """Global counts (35 kinds, FEI last) of a packed hand."""
        out = [0] * 35
        for i, t in enumerate(self.kinds):
            out[t] = key >> (3 * i) & 7
        return out

    def tiles(self, key: int) -> list[Tile]:
        out = []
        for i, t in enumerate(self.kinds):
            out.extend([TILES[t]] * (key >> (3 * i) & 7))
        return out

    # --- memo tables ---------------------------------------------------------------------
    def shanten(self, key: int) -> int:
        s = self._shanten.get(key)
        if s is None:
            c = self.unpack(key)
            s = shanten_counts(c[:34], c[FEI_ID], self.shape)
            if self.specials:
                sp = special_shanten(c, self.specials, self.rules)
                s = s if sp is None else min(s, sp)
            self._shanten[key] = s
        return s

    def lower(self, key: int) -> int:
        """A cheap lower bound on shanten, for pruning (exact pruning: it never overestimates).

        Card supply is ignored (so it can only be lower than shanten); each component's table is
        looked up by the bits cut out of the packed key."""
        s = self._lower.get(key)
        if s is not None:
            return s
        fei = key >> self.fei_shift & 7 if self.has_fei else 0
        sets = self.sets_left
        total: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
        for prof in self._tables(key, fei, self._parts_lower, self._component_profile):
            total = merge_profiles(total, prof, sets, fei)
        mw = self.rules.max_wild_per_set
        best = 0
        for (s1, p1, w), v in total.items():
            cap = w + (sets - s1) * min(mw, 2) + (1 - p1) * min(mw, 1)
            best = max(best, v + min(fei, cap))
        s = self.shape.size - best - 1
        if self.specials:
            sp = special_shanten(self.unpack(key), self.specials, self.rules)
            s = s if sp is None else min(s, sp)
        self._lower[key] = s
        return s

    def _component_profile(self, k: int, sub: int, fei: int) -> dict[tuple[int, int, int], int]:
        """(sets, NGAN, wild slots) -> most cards kept, for component ``k`` holding ``sub``."""
        ids = self.component_ids[k]
        counts = [sub >> (3 * j) & 7 for j in range(len(ids))]
        ok = self.rules.chee_ok
        mw = self.rules.max_wild_per_set
        memo = self.shape._memo
        if ids[0] >= FIRST_WIND:
            prof: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
            for t, n in zip(ids, counts, strict=True):
                if n:
                    one = free_profile((27,), (n,), ok, mw, memo)  # an honour's table depends on its count only
                    prof = merge_profiles(prof, one, self.sets_left, fei)
            return prof
        base = ids[0] - ids[0] % 9
        full = [0] * 9
        for t, n in zip(ids, counts, strict=True):
            full[t - base] = n
        return merge_profiles({(0, 0, 0): 0}, free_profile(tuple(range(base, base + 9)), tuple(full), ok, mw, memo),
                              self.sets_left, fei)

    def _flat_score(self, fei: int) -> int | None:
        """The score every complete hand gets when the rows that need no reading already reach
        a limit at the cap (No Flower Mahjong, a situation); None when readings matter."""
        if fei in self._flat:
            return self._flat[fei]
        sc = self.scorer.without_reading(self.bonus_ids, fei, self.flags, self.seat)
        cap = self.rules.spec.scoring.cap
        value = sc.fun if sc.limit and cap is not None and sc.fun >= cap else None
        self._flat[fei] = value
        return value

    def complete(self, key: int) -> bool:
        """Is the packed hand a complete shape (memoised with ``win``)?"""
        got = self._win.get(key, False)
        if got is not False:
            return got is not None
        if self._standard(key):
            return True
        return bool(self.specials and special_complete(self.unpack(key), self.specials, self.rules))

    def _tables(self, key: int, fei: int, memo: dict[Any, Any], make: Callable[[int, int, int], Any]) -> Iterator[Any]:
        """Each component's table for the packed hand ``key``: its bits cut out of the key serve as
        the memo key, and ``make(k, bits, fei)`` builds a table only for bits not seen before."""
        for k, (shift, mask) in enumerate(self.components):
            sub = key >> shift & mask
            if sub:
                pkey = (k, sub, fei)
                got = memo.get(pkey)
                if got is None:
                    got = memo[pkey] = make(k, sub, fei)
                yield got

    def _standard(self, key: int) -> bool:
        """Is the packed hand complete in the standard shape? Each component (a suit, the honours)
        is cut out of the key as a small integer and looked up; only new ones are worked out."""
        fei = key >> self.fei_shift & 7 if self.has_fei else 0
        combos: set[tuple[int, int, int]] | None = None
        for opts in self._tables(key, fei, self._parts, self._component_options):
            if combos is None:
                combos = set(opts)
            else:
                combos = {
                    (s1 + s2, p1 + p2, f1 + f2)
                    for s1, p1, f1 in combos
                    for s2, p2, f2 in opts
                    if s1 + s2 <= self.sets_left and p1 + p2 <= 1 and f1 + f2 <= fei
                }
            if not combos:
                return False
        return combos is not None and (self.sets_left, 1, fei) in combos

    def _component_options(self, k: int, sub: int, fei: int) -> frozenset[tuple[int, int, int]]:
        """(sets, NGAN, FEI used) options of component ``k`` holding the packed counts ``sub``."""
        ids = self.component_ids[k]
        counts = [sub >> (3 * j) & 7 for j in range(len(ids))]
        if ids[0] >= FIRST_WIND:  # honours: each one alone
            combos: set[tuple[int, int, int]] = {(0, 0, 0)}
            for t, n in zip(ids, counts, strict=True):
                if not n:
                    continue
                one = complete_options((t,), (n,), self.rules.chee_ok, self.rules.max_wild_per_set, fei, self.shape._memo)
                combos = {(a + x, b + y, c + z) for a, b, c in combos for x, y, z in one if b + y <= 1 and c + z <= fei}
            return frozenset(combos)
        base = ids[0] - ids[0] % 9
        full = [0] * 9
        for t, n in zip(ids, counts, strict=True):
            full[t - base] = n
        return complete_options(tuple(range(base, base + 9)), tuple(full), self.rules.chee_ok,
                                self.rules.max_wild_per_set, fei, self.shape._memo)

    def win(self, key: int) -> tuple[int, bool] | None:
        """(FUN, wins) of a complete hand of concealed cards ``key``; None if not complete."""
        if key in self._win:
            return self._win[key]
        standard = self._standard(key)
        if not standard and not (self.specials and special_complete(self.unpack(key), self.specials, self.rules)):
            self._win[key] = None
            return None
        c = self.unpack(key)
        fei = c[FEI_ID]
        flat = self._flat_score(fei) if self.scorer.flat else None
        if flat is not None:  # a limit from the bonus cards alone: no reading can change it
            self._win[key] = (flat, flat >= self.rules.minimum)
            return self._win[key]
        best = self._best(c, standard)
        result = None if best is None else (best[1].fun, is_win(best[1], self.rules))
        if best is not None:
            self._readings[key] = best[0]
        self._win[key] = result
        return result

    def _best(self, c: list[int], standard: bool = True) -> tuple[Reading, Score] | None:
        """The best reading of the complete hand with concealed counts ``c``, and its score."""
        fei = c[FEI_ID]
        inner = concealed_readings(c[:34], fei, self.sets_left, True, self.rules.max_wild_per_set, self.rules.chee_ok) if standard else []
        raws = [tuple(sorted(r + tuple(ms))) for r in inner for ms in self.meld_combos] if self.melds else inner
        specials = special_readings(c, self.specials, self.rules) if self.specials else []
        if self.budget is not None:
            self.budget[0] -= 2 + len(raws) + len(specials)  # scoring costs about a state per reading
            if self.budget[0] < 0:
                raise _OverBudget
        return self.scorer.best(raws, specials, self.bonus_ids, fei, self.flags, self.seat, self.melds)

    def reading(self, key: int) -> Reading | None:
        """The best reading of a complete hand (kept from ``win`` when it already scored it)."""
        got = self._readings.get(key)
        if got is not None:
            return got
        best = self._best(self.unpack(key))
        return None if best is None else best[0]


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
            raise InvalidHandError(f"{sight[TILES[t]]} copies of {TILES[t]} in sight with --seen: there are only {copies}")
        out[t] = left
    return out


def _setup(hand: Hand, rules: RuleSet, seat: str | Seat, situations: Iterable[str], seen: Sequence[Tile]) -> tuple[str, frozenset[str]]:
    seat_name = rules.seat(seat).value
    flags = frozenset(situations)
    known = {s.flag for s in rules.spec.situations}
    for f in sorted(flags - known):
        raise InvalidHandError(f"{rules.name} knows no situation {f!r}")
    validate(hand, rules)
    for t in seen:
        if t.is_bonus or t.id not in rules.in_play:
            raise InvalidHandError(f"--seen: {t} is not a card that can be drawn in {rules.name}")
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
    return WaitsResult(hand, rules.name, seat_name, sh, tuple(found), rules.minimum, rules.unit, tuple(notes))


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
                raise _OverBudget
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
                raise _OverBudget
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
        raise InvalidHandError(f"--draws must be between 0 and 30, not {n}")
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
        except _OverBudget:
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
    options = _explain(options, n, rules.unit)
    if now.wins:
        notes.append(f"this hand already wins: SEK WOO for {now.fun} {rules.unit}")
    return DiscardResult(
        hand, rules.name, seat_name, n, True, table.shanten(key14), now.wins, now.fun, tuple(options), states,
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


def _explain(options: list[Option], n: int, unit: str) -> list[Option]:
    """A sentence or two for the top choices: what it keeps, what it waits on, why it beats the next."""
    from dataclasses import replace

    out = []
    for k, o in enumerate(options):
        if k >= 3:
            out.append(o)
            continue
        what = f"Sink the {o.tile} as a flower (+1 {unit}, a replacement is drawn)" if o.action == "sink" else f"Discard {o.tile}"
        if o.shanten == 0 and o.waits:
            wins = [w for w in o.waits if w[3]]
            short = [w for w in o.waits if not w[3]]
            text = f"{what}: the hand is ready"
            if wins:
                text += ", winning on " + ", ".join(f"{t} ({c} left, {f} {unit})" for t, c, f, _ in wins)
            if short:
                text += ("; " if wins else ", but ") + " ".join(str(t) for t, _, _, _ in short)
                text += " would complete it short of the minimum"
        elif o.shanten == 0:
            text = f"{what}: the hand is ready, but every card it waits on is in sight"
        else:
            cards = ", ".join(f"{t}×{c}" for t, c in o.accepts[:8]) + (" …" if len(o.accepts) > 8 else "")
            text = f"{what}: {o.shanten} swap{'s' if o.shanten > 1 else ''} from ready"
            if o.accepts:
                text += f"; {o.acceptance} unseen cards bring it closer ({cards})"
        if o.win_probability > 0:
            text += f". Over {n} draws it wins {o.win_probability:.1%} of the time, {o.expected_fun:.2f} {unit} on average."
        else:
            text += f". It cannot win within {n} draws."
        rival = options[k + 1] if k + 1 < len(options) else None
        if rival is not None:
            text += " " + _compare(o, rival, unit)
        out.append(replace(o, explanation=text))
    return out


def _compare(a: Option, b: Option, unit: str) -> str:
    """Why ``a`` ranks above ``b``: the FUN it adds and the cards it gains and loses."""
    name = f"sinking {b.tile}" if b.action == "sink" else f"discarding {b.tile}"
    diff = a.expected_fun - b.expected_fun
    if abs(diff) < 5e-10 and abs(a.win_probability - b.win_probability) < 5e-10:
        return f"It is worth the same as {name}."
    gains = sorted({t for t, _ in a.accepts} - {t for t, _ in b.accepts})
    loses = sorted({t for t, _ in b.accepts} - {t for t, _ in a.accepts})
    if diff >= 5e-10:
        why = f"It beats {name} by {diff:.2f} {unit} on average"
    else:
        why = f"It beats {name} on win chance ({a.win_probability:.1%} against {b.win_probability:.1%})"
    parts = []
    if a.shanten < b.shanten:
        parts.append(f"it stays {b.shanten - a.shanten} swap{'s' if b.shanten - a.shanten > 1 else ''} closer to ready")
    if gains:
        parts.append("it can use " + " ".join(map(str, gains)) + f", which {name} cannot")
    if loses:
        parts.append(f"{name} would use " + " ".join(map(str, loses)) + " instead")
    if not parts:
        parts.append("its completed hands score more" if diff > 0 else "more of its completions win")
    return why + ": " + "; ".join(parts) + "."
