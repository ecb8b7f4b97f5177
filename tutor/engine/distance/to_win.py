"""The distance to a win: the fewest own draws, each swapped for a card held, to a *winning* hand.

Shanten counts the draws to a complete shape; a 3-Leg hand whose every completion is short of the
minimum is further from a win than that. ``Distance`` answers exactly by looking at the target
hands themselves: each complete structure (the sets and the NGAN it stands for, with the sets
laid down; or a special shape) costs the cards it needs that the hand does not hold, a FEI held
filling one missing card of a group. Structures are enumerated near the hand, cheapest first
under a growing bound on the draws, and each one is scored once (a structure's score does not
depend on where a FEI sits); the first bound that admits a winning structure is the answer.

``d = draws - 1``: -1 for a 14-card hand that wins, 0 for a 13-card hand that some card makes
win; ``d >= shanten`` always, and ``d == shanten`` when the rule set has no minimum.
"""

from __future__ import annotations

from functools import cached_property
from itertools import combinations
from typing import TYPE_CHECKING

from tutor.core.readings import CHEE, NGAN, PONG
from tutor.core.tiles import FEI_ID
from tutor.engine.distance.special_targets import SpecialTargets
from tutor.engine.distance.structure_sets import StructureSets
from tutor.engine.distance.structures import SPECIAL, Group, Structure, Throws, fei_slots
from tutor.engine.distance.supplied import Supplied
from tutor.engine.garbage import release
from tutor.engine.scoring.check import is_win
from tutor.engine.shapes.shanten import (
    ShapeContext,
)

if TYPE_CHECKING:
    from tutor.core.score import Score
    from tutor.engine.search.hand_table import Table


class Distance(Supplied):
    """Distances to a win of the packed hands reachable from the kept hand ``h0`` of one ``Table``
    (its sets, bonus cards, seat), drawing from the pool ``pool0`` (copies per local kind).

    The cards a target may hold are those the search's pool lets the player draw: a kind with
    copies in the pool up to ``h0 + pool0`` of it (a card drawn and thrown away is as never drawn),
    a kind with none no more than the hand holds."""

    def __init__(self, table: Table, h0: int, pool0: list[int]) -> None:
        self.t = table
        t = table
        self.n = len(t.kinds) - (1 if t.has_fei else 0)  # real kinds; FEI is the last local kind
        self.base = [(h0 >> (3 * i) & 7) + p if p > 0 else -1 for i, p in enumerate(pool0)]
        self.mw = t.rules.max_wild_per_set if t.has_fei else 0
        self.memo: dict[int, int] = {}
        self.low: dict[int, int] = {}  # a lower bound on d, where a search found none below it
        self._score = t.structure_wins  # shared by every Distance of the table
        # Where every complete hand of the table wins, d is shanten with the pool's card supply.
        self.plain = t.every_complete_wins and not t.specials
        self._dead = [i for i in range(self.n) if self.base[i] < 0]
        self._fei_dead = t.has_fei and self.base[-1] < 0
        self._contexts: dict[tuple[int, ...], ShapeContext] = {}
        # The winning structures at a hand's distance, special shapes among them, are listed
        # (``optimal``) and passed down to the hands a swap brings closer (``closer``).
        self.by_structure = not self.plain
        self._special: SpecialTargets | None = None  # the special shapes near a hand (``specials_near``)
        # per hand, its nearest structures as a set (``StructureSets.bits``); and where a
        # search listed them, that list (the order it found them in)
        self.opt: dict[int, int] = {}
        self.listed: dict[int, list[Structure]] = {}
        self.wanted: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}  # a structure's wants: (kind, copies)
        self.slots_memo: dict[object, int | None] = {}  # ``fei_slots`` by the cards a structure lacks
        self.throws_memo: dict[tuple[int, int], tuple[Throws, Throws]] = {}  # ``swaps._throws`` by slots, FEI held
        # ``swaps._slots_rule`` by structure and the fields it reads
        self.rules_memo: dict[int, tuple[Throws, Throws, tuple[int, int, int]] | None] = {}

    @cached_property
    def known(self) -> StructureSets:
        """The structures met, numbered (made on first use: a hand whose distance is its shanten
        with the pool's copy limits lists none)."""
        t = self.t
        return StructureSets(self.n, 7 << t.fei_shift if t.has_fei else 0)

    @cached_property
    def sets(self) -> list[Group]:
        """The sets a structure may hold (each kind's PONG, each CHEE window), by their lowest card."""
        t = self.t
        sets = [(PONG, i) for i in range(self.n)]
        for i in range(self.n - 2):
            g = t.kinds[i]
            if t.rules.chee_ok[g] and t.kinds[i + 1] == g + 1 and t.kinds[i + 2] == g + 2:
                sets.append((CHEE, i))
        sets.sort(key=lambda s: (s[1], s[0]))
        return sets

    @cached_property
    def cards_of(self) -> dict[Group, tuple[int, ...]]:
        """Each set's cards (local kinds)."""
        return {g: (g[1], g[1] + 1, g[1] + 2) if g[0] == CHEE else (g[1],) * 3 for g in self.sets}

    # --- the public questions --------------------------------------------------------------
    def of(self, key: int) -> int:
        """d of a packed hand of 3n+1 cards (13 in 3leg), or of 3n+2 cards (-1 when it wins)."""
        got = self.memo.get(key)
        if got is not None:
            return got
        if self.plain:
            self.memo[key] = got = self._supplied_shanten(key)
            return got
        self.optimal(key)
        return self.memo[key]

    def within(self, key: int, d: int) -> bool:
        """Is d(key) <= d? Cheaper than ``of`` when the answer is no. ``key`` may hold 3n+1 cards
        or 3n+2 (then: does some discard leave a hand within ``d``)."""
        got = self.memo.get(key)
        if got is not None:
            return got <= d
        if self.plain:  # the table's shanten first (the same hand with looser copy limits: never more)
            t = self.t
            if self.low.get(key, -2) > d or (not (t.has_fei and key >> t.fei_shift & 7) and t.shanten(key) > d):
                return False
            return self._supplied_within(key, d)
        if self.low.get(key, -2) > d or self.t.shanten(key) > d:
            return False
        # one search answers, and lists the nearest structures for later
        return bool(self.optimal(key, d + 1))

    def closer_at(self, key: int, d: int) -> bool:
        """Is d(key) <= d, for a hand known to be no nearer (one swap from a hand at ``d + 1``,
        or a 14-card hand whose 13 cards are there: a swap changes d by one at most)? Then a yes
        means d(key) == d, kept as its distance; a no, that it is further."""
        got = self.memo.get(key)
        if got is not None:
            return got <= d
        if not self.within(key, d):
            self.low[key] = max(self.low.get(key, -2), d + 1)
            return False
        self.memo[key] = d
        return True

    def optimal(self, key: int, most: int | None = None) -> list[Structure]:
        """Every winning structure at the distance of the hand ``key`` (13 or 14 cards), special
        shapes among them: those a target reaches in ``d + 1`` draws (found by one search, or passed down by
        ``tutor.engine.search.closer.closer``). With ``most``, a hand further than ``most`` draws from a
        win gets no list (and is known to be that far)."""
        bits = self.opt.get(key)
        if bits is not None:
            listed = self.listed.get(key)
            return listed if listed is not None else self.known.unbits(bits)
        counts, fei = self._counts(key)
        caps, fei_cap = self._caps(counts, fei)
        limit = self.t.shape.size if most is None else most
        # deepening from the least the shanten allows: the search grows fast with its bound
        draws = max(self.t.shanten(key), self.low.get(key, -2)) + 1
        got: list[Structure] = []
        seen: dict[tuple[Group, ...], int | None] = {}  # the cards structures keep, over the bounds tried
        while not got and draws <= limit:
            reached, got = self.nearest(counts, fei, caps, fei_cap, draws, seen)
            if self.t.specials:
                more, shapes = self.specials_near(counts, caps, reached if got else draws)
                if shapes:
                    got, reached = (got + shapes if got and more == reached else shapes), more
            draws = reached if got else draws + 1
        if got or most is None:
            self.opt[key] = self.known.bits(got)
            self.listed[key] = got
            self.memo[key] = draws - 1
        else:
            self.low[key] = max(self.low.get(key, -2), draws - 1)
        return got

    def optimal_bits(self, key: int) -> int:
        """``optimal`` as a set of structures (``StructureSets.bits``)."""
        got = self.opt.get(key)
        if got is None:
            self.optimal(key)
            got = self.opt[key]
        return got

    def specials_near(self, counts: list[int], caps: list[int], most: int) -> tuple[int, list[Structure]]:
        """The fewest draws (at most ``most``) to a winning special shape, and every such shape
        it reaches in that many (``SpecialTargets.near``)."""
        if self._special is None:
            self._special = SpecialTargets(self.t, self.n, self._score)
        return self._special.near(counts, caps, most)

    def kept_after(self, struct: Structure, counts: list[int], fei: int, add: int, drop: int) -> int | None:
        """The cards a hand keeps of a structure once it draws the local kind ``add`` and throws
        ``drop`` (-1 for none; the FEI is the last local kind), with its copy limits then."""
        after = counts[:]
        wild = fei
        for k, step in ((add, 1), (drop, -1)):
            if k == self.n:
                wild += step
            elif k >= 0:
                after[k] += step
        caps, fei_cap = self._caps(after, wild)
        if struct[0] == SPECIAL:  # a whole hand of real cards: no FEI stands in
            want = struct[1]
            if any(w > c for w, c in zip(want, caps, strict=False)):
                return None
            return sum(min(w, c) for w, c in zip(want, after, strict=False))
        return self._kept(struct[0], list(struct[1]), after, wild, caps, fei_cap)

    def wants(self, want: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        """A structure's wants (its copies per local kind) as (kind, copies) of the kinds it wants."""
        got = self.wanted.get(want)
        if got is None:
            got = self.wanted[want] = tuple((k, w) for k, w in enumerate(want) if w)
        return got

    # --- internals -----------------------------------------------------------------------------
    def nearest(
        self, counts: list[int], fei: int, caps: list[int], fei_cap: int, most: int,
        seen: dict[tuple[Group, ...], int | None] | None = None,
    ) -> tuple[int, list[Structure]]:
        """The fewest draws (at most ``most``) after which the hand can hold a winning standard
        structure, and every structure it reaches in that many; ``(most + 1, [])`` when none is.

        The structures are enumerated as multisets of groups in order (the NGAN, then the sets by
        their lowest card), with a running count of the cards the groups want that the hand lacks.
        The sets still to choose need three cards each, of which the hand's cards no group uses
        yet, at or after the last set's lowest card, give at most one each, so ``lacking +
        max(0, 3 * left - unused)`` less the FEI held bounds the cards to draw; the bound is the
        draws of the best structure found so far (branch and bound), so one pass finds the least.
        ``seen``: the cards kept of structures weighed for this hand before (a smaller ``most``)."""
        t = self.t
        size = 3 * t.sets_left + 2
        if most < 0:
            return most + 1, []
        if seen is None:
            seen = {}
        alike = t.alike_structures()
        fei_opt = min(fei, t.sets_left * min(self.mw, 2) + 1) if self.mw else 0
        best = [most]  # the draws a structure may need: the best found so far
        found: list[Structure] = []
        want = [0] * self.n
        chosen: list[Group] = []
        sets = self.sets
        sets_n = len(sets)
        cards_of = self.cards_of
        n = self.n
        # the cards each set lacks whatever else the structure holds: of a PONG, the copies
        # short of three; of a CHEE, its kinds the hand holds none of
        short = [3 - (min(3, counts[g[1]]) if g[0] == PONG else sum(1 for x in cards_of[g] if counts[x])) for g in sets]
        # per room r (0 to 3 cards) and first set s, the sets from s on that lack at most r cards
        within: list[list[tuple[int, ...]]] = []
        for r in range(4):
            lists: list[tuple[int, ...]] = [()] * (sets_n + 1)
            for k in range(sets_n - 1, -1, -1):
                lists[k] = (k, *lists[k + 1]) if short[k] <= r else lists[k + 1]
            within.append(lists)
        within += [within[3]] * (most + fei_opt - 3)  # a room of 3 cards or more: every set

        def leaf(lack: int, over: int) -> None:
            groups = tuple(chosen)
            known = self._score.get(groups)  # a structure's verdict is shared by every hand
            if known is None and alike is not None:  # or by every structure alike but for the numbers
                known = self._score.get(alike(groups))
                if known is not None:
                    self._score[groups] = known
            if known is False:
                return
            if not fei and not over:  # no FEI held nor needed: it keeps every card it wants but those lacking
                kept: int | None = size - lack
            elif groups in seen:
                kept = seen[groups]
            else:  # it wants ``size`` cards, and holds all but those lacking
                kept = seen[groups] = self._kept_from(groups, want, counts, fei, caps, fei_cap, size - lack, over)
            if kept is None or size - kept > best[0]:
                return
            if known is None:
                known = self._score[groups] = self._wins(groups)
            if not known:
                return
            if size - kept < best[0]:
                best[0] = size - kept
                found.clear()
            found.append((groups, tuple(want)))

        def sets_from(start: int, left: int, lack: int, over: int) -> None:
            if left == 0:
                leaf(lack, over)
                return
            room = best[0] + fei_opt - lack
            if room < 0:
                return
            last = left == 1
            unused: list[int] | None = None
            for k in within[room][start]:  # (the test below fails on the others: ``want`` only grows)
                if lack + short[k] > best[0] + fei_opt:  # the bound may have dropped since
                    continue
                g = sets[k]
                if unused is None and left > 1:
                    # the cards no group uses yet, from each kind on (the sets after one start at its card or later)
                    unused = [0] * (n + 1)
                    for j in range(n - 1, sets[start][1] - 1, -1):
                        spare = counts[j] - want[j]
                        unused[j] = unused[j + 1] + spare if spare > 0 else unused[j + 1]
                x, y, z = cards_of[g]
                more = lack
                beyond = over
                want[x] += 1
                more += want[x] > counts[x]
                beyond += want[x] > caps[x]
                want[y] += 1
                more += want[y] > counts[y]
                beyond += want[y] > caps[y]
                want[z] += 1
                more += want[z] > counts[z]
                beyond += want[z] > caps[z]
                if beyond > stand_in:  # more cards than there are copies, past the FEI that may fill them
                    want[x] -= 1
                    want[y] -= 1
                    want[z] -= 1
                    continue
                # the cards lacking, and a bound on them with the sets still to choose: this set takes
                # those of its cards the hand holds (3 less the lacking), each set after it 3 more
                bound = best[0] + fei_opt
                if more <= bound and (unused is None or 3 * left - unused[g[1]] + lack <= bound):
                    chosen.append(g)
                    if last:
                        leaf(more, beyond)
                    else:
                        sets_from(k, left - 1, more, beyond)
                    chosen.pop()
                want[x] -= 1
                want[y] -= 1
                want[z] -= 1

        held = sum(counts)
        # cards wanted beyond their copies are FEI (``_kept``): no more than may stand in
        stand_in = fei_cap if self.mw else 0
        try:
            for p in range(n):
                want[p] += 2
                lack = max(0, 2 - counts[p])
                over = max(0, 2 - caps[p])
                if over <= stand_in and lack + max(0, 3 * t.sets_left - (held - 2 + lack)) <= best[0] + fei_opt:
                    chosen.append((NGAN, p))
                    sets_from(0, t.sets_left, lack, over)
                    chosen.pop()
                want[p] -= 2
        finally:  # (a recursive closure holds itself: ``release``)
            release(sets_from)
        return (best[0], found) if found else (most + 1, [])

    def _kept(
        self, groups: tuple[Group, ...], want: list[int], counts: list[int], fei: int, caps: list[int], fei_cap: int
    ) -> int | None:
        """Most of the hand's cards a structure keeps: real cards it needs, and FEI held standing
        in for a card, at most ``mw`` a group (one in a NGAN), never a whole group; None when the
        cards cannot exist (more copies than there are, even with every FEI in play)."""
        base = sum(min(w, c) for w, c in zip(want, counts, strict=False))
        over = sum(w - c for w, c in zip(want, caps, strict=False) if w > c)
        return self._kept_from(groups, want, counts, fei, caps, fei_cap, base, over)

    def _kept_from(
        self, groups: tuple[Group, ...], want: list[int], counts: list[int], fei: int, caps: list[int], fei_cap: int,
        base: int, over: int,
    ) -> int | None:
        """``_kept`` from the cards the structure wants that the hand holds (``base``) and those it
        wants beyond their copies (``over``)."""
        if not self.mw:
            return None if over else base
        if fei == 0 and not over:
            return base
        if self.mw == 1:
            return self._kept_one(groups, want, counts, fei, caps, fei_cap, base)
        # Try every placement of FEI slots: per group, a card it stands for (or none).
        best: int | None = None
        slots = [0] * self.n

        def card_options(g: Group) -> list[tuple[int, ...]]:
            kind, i = g
            cards = (i, i + 1, i + 2) if kind == CHEE else (i,) * (2 if kind == NGAN else 3)
            limit = min(self.mw, 1 if kind == NGAN else 2)
            out: list[tuple[int, ...]] = [()]
            for k in range(1, limit + 1):
                out.extend(sorted(set(combinations(cards, k))))
            return out

        def place(j: int, used: int) -> None:
            nonlocal best
            if j == len(groups):
                if used > fei_cap or any(w - s > c for w, s, c in zip(want, slots, caps, strict=False)):
                    return
                kept = sum(min(w - s, c) for w, s, c in zip(want, slots, counts, strict=False)) + min(fei, used)
                if best is None or kept > best:
                    best = kept
                return
            for opt in card_options(groups[j]):
                useful = all(want[x] - slots[x] > counts[x] or want[x] - slots[x] > caps[x] for x in opt)
                if opt and not useful:
                    continue  # a FEI for a card the hand holds keeps no more
                for x in opt:
                    slots[x] += 1
                place(j + 1, used + len(opt))
                for x in opt:
                    slots[x] -= 1

        place(0, 0)
        return best

    @staticmethod
    def _kept_one(
        groups: tuple[Group, ...], want: list[int], counts: list[int], fei: int, caps: list[int], fei_cap: int,
        base: int,
    ) -> int | None:
        """``_kept`` where a group takes one FEI at most (``Distance._fei_slots``)."""
        slots = fei_slots(groups, want, counts, caps, fei_cap)
        return None if slots is None else base + min(fei, slots, fei_cap)

    def _wins(self, groups: tuple[Group, ...]) -> bool:
        """Does the complete hand standing for these groups (with the sets laid down) win? Where the
        scorer ranks readings by value alone (``Scorer.best_value``), without building a score.
        The verdict is kept for every structure alike but for its numbers, where the scorer
        reads no numbers (``Table.alike_structures``)."""
        t = self.t
        got = t.scorer.best_value(self._raws(groups), t.bonus_ids, 0, t.flags, t.seat, t.melds)
        if got is not None:
            wins = got[1]
        else:
            best = self.structure_score(groups)
            wins = best is not None and is_win(best, t.rules)
        alike = t.alike_structures()
        if alike is not None:
            self._score[alike(groups)] = wins
        return wins

    def _raws(self, groups: tuple[Group, ...]) -> list[tuple[tuple[int, int, int, int], ...]]:
        """The readings of the complete hand standing for these groups (one per reading of the sets laid down)."""
        t = self.t
        raw_inner = tuple((kind, t.kinds[i], 0, 0) for kind, i in groups)
        return [tuple(sorted(raw_inner + tuple(ms))) for ms in t.meld_combos] if t.melds else [tuple(sorted(raw_inner))]

    def structure_score(self, groups: tuple[Group, ...]) -> Score | None:
        """The score of the complete hand standing for these groups, with the sets laid down."""
        t = self.t
        best = t.scorer.best(self._raws(groups), [], t.bonus_ids, 0, t.flags, t.seat, t.melds)
        return None if best is None else best[1]

    def aim(self, key: int) -> Score | None:
        """What the 13-card hand plays for: the best score among the winning structures nearest to
        it (None where they are not listed: no minimum to reach, or special shapes)."""
        if not self.by_structure or self.t.specials:
            return None
        best: Score | None = None
        for groups, _ in self.optimal(key):
            sc = self.structure_score(groups)
            if sc is not None and (best is None or (sc.fun, sc.total) > (best.fun, best.total)):
                best = sc
        return best


__all__ = ["FEI_ID", "Distance"]

