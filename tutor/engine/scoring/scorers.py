"""Scorers: how a rule set's complete hands are scored, one class per scoring system.

``AdditiveScorer`` adds up the rule set's items (FUN, tai); ``tutor.engine.scoring.han.HanScorer`` asks
the PyPI ``mahjong`` package for yaku, han and fu. ``tutor.engine.scoring.check.scorer_for`` picks the
rule set's scorer once; nothing else in the engine asks which system a rule set uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tutor.core.hands import Meld, MeldKind
from tutor.core.readings import KONG, NGAN, Group, RawReading, Reading, to_reading
from tutor.core.score import Score, ScoreLine
from tutor.core.tiles import TILES
from tutor.rules.patterns import Context, number_blind, swappable

if TYPE_CHECKING:
    from tutor.engine.shapes.special import SpecialReading
    from tutor.rules.load import RuleSet

Best = tuple[Reading, Score]


class Scorer:
    """How the complete hands of one rule set are scored (a scoring system)."""

    #: True when the rows that need no reading (bonus cards, situations) can settle a hand's score
    #: alone, which the solver uses to skip reading complete hands.
    flat = False
    #: True when every standard reading gets a score, so that the best of one reading is that one
    #: (the solver then shows it unscored).
    scores_every_reading = False

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def best(
        self,
        raws: list[RawReading],
        specials: list[SpecialReading],
        bonus: tuple[int, ...],
        wild_held: int,
        flags: frozenset[str],
        seat: str,
        melds: tuple[Meld, ...] = (),
    ) -> Best | None:
        """The best reading over the standard readings ``raws`` and the special-shape readings,
        with its score; ``melds`` are the sets laid down (a concealed KONG is not exposed)."""
        raise NotImplementedError

    def without_reading(self, bonus: tuple[int, ...], wild_held: int, flags: frozenset[str], seat: str) -> Score:
        """The score of the rows that need no reading (only where ``flat``)."""
        raise NotImplementedError

    def best_value(self, raws: list[RawReading], bonus: tuple[int, ...], wild_held: int, flags: frozenset[str],
                   seat: str, melds: tuple[Meld, ...] = ()) -> tuple[int, bool, RawReading] | None:
        """(FUN, wins, the reading) of the best of the standard readings ``raws`` as ``best``
        picks it, without building its score's rows; None where this scorer cannot say so
        (ask ``best``) or there is no reading."""
        return None

    def swappable(self, seat: str, flags: frozenset[str], a: int, b: int) -> bool:
        """Do the cards ``a`` and ``b`` score alike for the seat and situations, one in place of
        the other (in every hand, the one with them swapped scores the same)? False where this
        system cannot say."""
        return False

    def number_blind(self, seat: str, flags: frozenset[str]) -> bool:
        """Does a reading score the same as any other alike but for the numbers of its suited
        cards (a CHEE for a CHEE, a PONG for a PONG, a NGAN for a NGAN of the same suit)? False
        where this system cannot say."""
        return False


READING_FREE = frozenset({"basic_win"})
"""Patterns that count the same for every reading (so a plan counts them once)."""
PER_SET = frozenset({"pong_of", "pong_of_seat_wind", "pong_of_prevailing_wind", "count_sets"})
"""Patterns that count each set on its own (from its kind, card, and whether it is concealed, with
the seat and situations) and add the counts up: a plan counts them from a table per set, filled by
asking the pattern about that set alone."""


class _Plan:
    """The items of one seat, situation, bonus cards and FEI held (``AdditiveScorer._plan``): those
    counted once for every reading (``fixed``; ``free``: those of them that need no reading at
    all), those the reading decides (``asked``), and the counts of its ``PER_SET`` items per set,
    shared by the plans of one seat and situation. An item is (place in the plan, rule, points, count)."""

    __slots__ = ("_ctx", "_place", "_sets", "asked", "base", "fixed", "free", "items", "per_set", "ranked")

    RANKED = 200_000
    """The most readings ``ranked`` keeps; past it, it starts again empty."""

    def __init__(self, items: list[tuple[Any, int, int]], ctx: Context, sets: dict[Any, Any], scoring: Any) -> None:
        self.items = items
        # per concealed KONG laid down, per reading's groups (where no FEI sits): its rank and items
        # (``AdditiveScorer._top``; complete hands near one another share most of their readings)
        self.ranked: dict[frozenset[int], dict[tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], list[Any]]]] = {}
        self.fixed = [(j, rule, pts, n) for j, (rule, pts, n) in enumerate(items) if n > 0]
        self.free = [x for x in self.fixed if not x[1].per_reading]
        self.per_set = {j: (rule, pts) for j, (rule, pts, n) in enumerate(items) if n < 0 and rule.pattern in PER_SET}
        self.asked = [(j, rule, pts) for j, (rule, pts, n) in enumerate(items) if n < 0 and j not in self.per_set]
        self._place = {id(rule): j for j, (rule, _) in self.per_set.items()}
        self._ctx = ctx
        self._sets = sets  # (kind, card, concealed) -> ((rule, count), ...) over every PER_SET rule
        total = bonus_total = 0
        limit: int | None = None
        for _, rule, pts, n in self.fixed:
            if rule.limit or rule.half_limit:
                value = (scoring.limit if rule.limit else scoring.half_limit) or 0
                limit = value if limit is None else max(limit, value)
            else:
                total += pts * n
                if rule.bonus:
                    bonus_total += pts * n
        self.base: tuple[int, int, int | None] = (total, bonus_total, limit)  # ``fixed`` as ``_rank`` adds it up

    def varying(self, ctx: Context, rules: Sequence[Any]) -> list[tuple[int, Any, int, int]]:
        """The items of one reading beside ``fixed``: its ``PER_SET`` counts and the items asked."""
        hits = []
        if self.per_set:
            per_set = self.per_set
            for j, n in self.set_counts(ctx, rules).items():
                rule, pts = per_set[j]
                hits.append((j, rule, pts, n))
        for j, rule, pts in self.asked:
            n = rule.func(ctx, rule.args)
            if n:
                hits.append((j, rule, pts, n))
        return hits

    def set_counts(self, ctx: Context, rules: Sequence[Any]) -> dict[int, int]:
        """The count of each ``PER_SET`` item that applies (by its place in ``items``) over the sets of ``ctx``."""
        out: dict[int, int] = {}
        table = self._sets
        place = self._place
        concealed = ctx.concealed
        for i, (k, t) in enumerate(ctx.sets):
            c = concealed[i] if i < len(concealed) else True
            got = table.get((k, t, c))
            if got is None:
                one = Context([(k, t)], -1, (), 0, self._ctx.flags, self._ctx.seat, (c,), int(not c))
                got = table[(k, t, c)] = tuple((id(r), n) for r in rules
                                               if r.pattern in PER_SET and (n := r.func(one, r.args)))
            for r, n in got:
                j = place.get(r)
                if j is not None:
                    out[j] = out.get(j, 0) + n
        return out


def _place(hit: tuple[int, Any, int, int]) -> int:
    return hit[0]


class AdditiveScorer(Scorer):
    """Points added up item by item (FUN, tai), with the rule set's limit and cap."""

    flat = True
    scores_every_reading = True
    PLANS = 4096  # plans kept before the memo starts afresh

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        self._plans: dict[tuple[tuple[int, ...], int, frozenset[str], str], _Plan] = {}
        self._sets: dict[tuple[frozenset[str], str], dict[Any, Any]] = {}

    def swappable(self, seat: str, flags: frozenset[str], a: int, b: int) -> bool:
        return swappable(self.rules.items, seat, flags, a, b)

    def number_blind(self, seat: str, flags: frozenset[str]) -> bool:
        return number_blind(self.rules.items, seat, flags)

    def _plan(self, ctx: Context, seat: str) -> _Plan:
        """The items that may score for this seat, situation, bonus cards and FEI held, in the
        rule set's order, each with its count when it needs no reading (it looks at those alone,
        so it is counted once here, not for every reading) or -1 when the reading decides it."""
        key = (tuple(ctx.bonus), ctx.wild_held, frozenset(ctx.flags), seat)
        plan = self._plans.get(key)
        if plan is None:
            items = []
            for rule in self.rules.items:
                pts = rule.points.get(seat)
                if pts is None or (rule.requires and not rule.requires <= ctx.flags):
                    continue
                n = -1 if rule.per_reading and rule.pattern not in READING_FREE else rule.func(ctx, rule.args)
                if n:
                    items.append((rule, pts, n))
            if len(self._plans) >= self.PLANS:
                self._plans.clear()
                self._sets.clear()
            sets = self._sets.setdefault((frozenset(ctx.flags), seat), {})
            plan = self._plans[key] = _Plan(items, ctx, sets, self.rules.spec.scoring)
        return plan

    def _hits(self, raw: RawReading | None, ctx: Context, seat: str) -> list[tuple[int, Any, int, int]]:
        """The items that count for one reading (or, with ``raw`` None, those that need no
        reading), each as (place in the plan, rule, points, count), unordered."""
        plan = self._plan(ctx, seat)
        if raw is None:
            return plan.free
        return plan.fixed + plan.varying(ctx, self.rules.items)

    def _rank(self, hits: list[tuple[int, Any, int, int]], base: tuple[int, int, int | None]) -> tuple[int, int, int]:
        """(fun, qualifying, total) of the score ``score`` makes of ``hits`` beside the items a
        plan counts for every reading (``base``: their total, bonus total and limit), without its
        rows: how ``best_raw`` compares readings before it builds the best one's score."""
        scoring = self.rules.spec.scoring
        total, bonus_total, limit_value = base
        for _, rule, pts, n in hits:
            if rule.limit or rule.half_limit:
                value = (scoring.limit if rule.limit else scoring.half_limit) or 0
                limit_value = value if limit_value is None else max(limit_value, value)
                continue
            value = pts * n
            total += value
            if rule.bonus:
                bonus_total += value
        fun = limit_value if limit_value is not None else total
        counted = fun if limit_value is not None else total - bonus_total
        if scoring.cap is not None and fun > scoring.cap:
            fun = scoring.cap
        return fun, min(counted, fun), total

    def score(self, raw: RawReading | None, ctx: Context, seat: str) -> Score:
        """Score one reading (or, with ``raw`` None, only the items that need no reading)."""
        hits = self._hits(raw, ctx, seat)
        return self._score(sorted(hits, key=_place) if raw is not None else hits)

    def _score(self, hits: list[tuple[int, Any, int, int]]) -> Score:
        """The score of the items ``hits`` (in the plan's order): its rows, limit and cap."""
        lines = []
        total = 0
        bonus_total = 0
        limit_value: int | None = None
        scoring = self.rules.spec.scoring
        for _, rule, pts, n in hits:
            if rule.limit or rule.half_limit:
                value = (scoring.limit if rule.limit else scoring.half_limit) or 0
                limit_value = value if limit_value is None else max(limit_value, value)
                lines.append(ScoreLine(rule.name, value, 1, True))
                continue
            value = pts * n
            if value:
                total += value
                if rule.bonus:
                    bonus_total += value
                lines.append(ScoreLine(rule.name, value, n, False, rule.bonus))
        limit = limit_value is not None
        fun = limit_value if limit_value is not None else total
        counted = fun if limit else total - bonus_total
        capped = False
        if scoring.cap is not None and fun > scoring.cap:
            fun, capped = scoring.cap, True
        return Score(fun, tuple(lines), total, limit, capped, min(counted, fun))

    def without_reading(self, bonus: tuple[int, ...], wild_held: int, flags: frozenset[str], seat: str) -> Score:
        return self.score(None, Context(sets=[], pair=-1, bonus=bonus, wild_held=wild_held, flags=flags, seat=seat), seat)

    def best_raw(
        self,
        raws: list[RawReading],
        bonus: tuple[int, ...],
        wild_held: int,
        flags: frozenset[str],
        seat: str,
        melds: tuple[Meld, ...] = (),
    ) -> tuple[RawReading, Score] | None:
        """The standard reading that scores most (then the higher raw total, then the fewer FEI)."""
        hidden = _concealed_kongs(melds)
        if not raws:
            return None
        if len(raws) == 1:
            raw = raws[0]
            return raw, self.score(raw, reading_context(raw, bonus, wild_held, flags, seat, hidden), seat)
        _, raw, plan, hits = self._top(raws, bonus, wild_held, flags, seat, melds, hidden)
        return raw, self._score(sorted(plan.fixed + hits, key=_place))

    def best_value(self, raws: list[RawReading], bonus: tuple[int, ...], wild_held: int, flags: frozenset[str],
                   seat: str, melds: tuple[Meld, ...] = ()) -> tuple[int, bool, RawReading] | None:
        if not raws:
            return None
        (fun, qualifying, _), raw, _, _ = self._top(raws, bonus, wild_held, flags, seat, melds, _concealed_kongs(melds))
        return fun, qualifying >= self.rules.minimum, raw  # ``tutor.engine.scoring.check.is_win`` of its score

    def _top(self, raws: list[RawReading], bonus: tuple[int, ...], wild_held: int, flags: frozenset[str], seat: str,
             melds: tuple[Meld, ...], hidden: frozenset[int]) -> tuple[tuple[int, int, int], RawReading, _Plan, list[Any]]:
        """The rank (``_rank``) of the first of the best-ranked readings ``raws`` (at least one),
        that reading, its plan and its items beside the plan's fixed ones."""
        # Every reading uses each FEI once (the held ones and those of the sets laid down), so the
        # fewer-FEI order of ``_key`` never separates two readings here: the first of the best rank
        # is kept. Where a FEI sits does not change the score, so a reading that differs from one
        # already ranked only there is passed over (there is none without a FEI).
        # The rank of a reading depends on its groups but for where a FEI sits, and on the plan
        # (seat, situation, bonus cards, FEI held) and the concealed KONGs: it is kept per plan.
        best: tuple[tuple[int, int, int], RawReading, list[Any]] | None = None
        seen: set[tuple[tuple[int, int, int], ...]] | None = set() if wild_held or melds else None
        plan: _Plan | None = None
        ranked: dict[tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], list[Any]]] = {}
        items = self.rules.items
        for raw in raws:
            shape = tuple((k, t, d) for k, t, _, d in raw)
            if seen is not None:
                if shape in seen:
                    continue
                seen.add(shape)
            got = ranked.get(shape)
            if got is None:
                ctx = reading_context(raw, bonus, wild_held, flags, seat, hidden)
                if plan is None:
                    plan = self._plan(ctx, seat)
                    if len(plan.ranked.get(hidden, ())) >= plan.RANKED:
                        plan.ranked.clear()
                    ranked = plan.ranked.setdefault(hidden, {})
                    got = ranked.get(shape)
                if got is None:
                    hits = plan.varying(ctx, items)
                    got = ranked[shape] = (self._rank(hits, plan.base), hits)
            key, hits = got
            if best is None or key > best[0]:
                best = (key, raw, hits)
        assert best is not None and plan is not None  # the score's rows are built for the best reading only
        return best[0], best[1], plan, best[2]

    def best(
        self,
        raws: list[RawReading],
        specials: list[SpecialReading],
        bonus: tuple[int, ...],
        wild_held: int,
        flags: frozenset[str],
        seat: str,
        melds: tuple[Meld, ...] = (),
    ) -> Best | None:
        found: Best | None = None
        got = self.best_raw(raws, bonus, wild_held, flags, seat, melds)
        if got is not None:
            found = (to_reading(got[0]), got[1])
        best_sp: tuple[tuple[int, int, int, int], SpecialReading, Score] | None = None
        for sp in specials:
            ctx = Context([], -1, bonus, 0, flags, seat, (), 0, sp.shape, sp.pairs, sp.counts)
            sc = self.score((), ctx, seat)
            key = _key(sc, 0)
            if best_sp is None or key > best_sp[0]:
                best_sp = (key, sp, sc)
        if best_sp is not None and (found is None or best_sp[0] > _key(found[1], wild_held)):
            found = (special_reading(best_sp[1]), best_sp[2])
        return found


def _concealed_kongs(melds: tuple[Meld, ...]) -> frozenset[int]:
    return frozenset(m.cards[0].id for m in melds if m.kind is MeldKind.KONG and not m.exposed)


def reading_context(
    raw: RawReading,
    bonus: tuple[int, ...],
    wild_held: int,
    flags: frozenset[str],
    seat: str = "east",
    hidden_kongs: frozenset[int] = frozenset(),
) -> Context:
    """What the patterns see of one standard reading."""
    sets = []
    concealed = []
    exposed = 0
    pair = -1
    for k, t, _, d in raw:
        if k == NGAN:
            pair = t
            continue
        sets.append((k, t))
        hidden = not d or (k == KONG and t in hidden_kongs)
        concealed.append(hidden)
        exposed += not hidden
    return Context(sets, pair, bonus, wild_held, flags, seat, tuple(concealed), exposed)


def _key(sc: Score, wild: int) -> tuple[int, int, int, int]:
    """Order of readings: more points, then more of them counted, a higher raw total, fewer FEI."""
    return (sc.fun, sc.qualifying, sc.total, -wild)


def special_reading(sp: SpecialReading) -> Reading:
    """The readable form of a special shape: its pairs (or PONG) as groups, the other cards single."""
    groups = []
    singles = []
    counts = list(sp.counts)
    if sp.shape == "seven_pairs":
        groups = [Group(MeldKind.NGAN, (TILES[t], TILES[t])) for t in sp.pairs]
    elif sp.shape == "thirteen_orphans":
        for t in sp.pairs:
            n = counts[t]
            groups.append(Group(MeldKind.NGAN if n == 2 else MeldKind.PONG, (TILES[t],) * n))
            counts[t] = 0
        singles = [TILES[t] for t, n in enumerate(counts) for _ in range(n)]
    else:
        singles = [TILES[t] for t, n in enumerate(counts) for _ in range(n)]
    return Reading(tuple(groups), sp.shape, tuple(singles))
