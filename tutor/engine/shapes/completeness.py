"""Is a packed hand complete, and which card completes it: the standard shape's tests per component.

``Table`` reads these off its components (a suit's or the honours' bits cut out of the packed key
as a small integer): each component's (sets, NGAN, FEI used) options and completions are worked
out once and kept by those bits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tutor.core.tiles import FIRST_WIND
from tutor.engine.shapes.complete_groups import complete_options
from tutor.engine.shapes.shanten import ShapeContext

if TYPE_CHECKING:
    from tutor.engine.shapes.special import PackedSpecials
    from tutor.rules.load import RuleSet

_EMPTY: frozenset[tuple[int, int, int]] = frozenset({(0, 0, 0)})  # the options of a component holding nothing


class Completeness:
    """The completeness tests of ``Table`` (its attributes, set by its ``__init__``)."""

    rules: RuleSet
    shape: ShapeContext
    components: Sequence[tuple[int, int]]
    component_ids: Sequence[tuple[int, ...]]
    kind_component: Sequence[int]
    unit_of: Sequence[int]
    cap_local: Sequence[int]
    sets_left: int
    has_fei: bool
    fei_shift: int
    fei_index: int
    specials: tuple[str, ...]
    special: PackedSpecials
    _win: dict[int, tuple[int, bool] | None]
    _parts: dict[Any, Any]
    _part_completions: dict[Any, Any]

    def complete(self, key: int) -> bool:
        """Is the packed hand a complete shape (memoised with ``win``)?"""
        got = self._win.get(key, False)
        if got is not False:
            return got is not None
        if self._standard(key):
            return True
        return bool(self.specials and self.special.complete(key))

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

    def completing(self, key: int) -> list[int] | None:
        """The kinds (by index, in order) of which one more card, within its copies, makes the
        packed hand ``key`` complete in the standard shape; None where the rule set has special
        shapes (then ask ``win`` of every kind). Each component's completions (the kinds whose
        card leaves it readable as complete groups, with their options) are kept process-wide by
        its bits; a kind completes the hand where its component's new options meet what the
        other components leave to fill. The FEI is tested on the whole hand."""
        if self.specials:
            return None
        fei = key >> self.fei_shift & 7 if self.has_fei else 0
        parts = self._parts
        opts: list[frozenset[tuple[int, int, int]]] = []
        subs = []
        for k, (shift, mask) in enumerate(self.components):
            sub = key >> shift & mask
            subs.append(sub)
            if sub:
                got = parts.get((k, sub, fei))
                if got is None:
                    got = parts[(k, sub, fei)] = self._component_options(k, sub, fei)
                opts.append(got)
            else:
                opts.append(_EMPTY)
        sets, cap = self.sets_left, self.cap_local
        out = []
        for k, sub in enumerate(subs):
            others: set[tuple[int, int, int]] | frozenset[tuple[int, int, int]] = _EMPTY
            for j, o in enumerate(opts):
                if j != k:
                    others = {(s1 + s2, p1 + p2, f1 + f2) for s1, p1, f1 in others for s2, p2, f2 in o
                              if s1 + s2 <= sets and p1 + p2 <= 1 and f1 + f2 <= fei}
            if not others:
                continue
            needed = {(sets - s, 1 - p, fei - f) for s, p, f in others}
            pkey = (k, sub, fei)
            done = self._part_completions.get(pkey)
            if done is None:
                done = self._part_completions[pkey] = self._completions(k, sub, fei)
            for i, o in done:
                if key >> (3 * i) & 7 < cap[i] and not needed.isdisjoint(o):
                    out.append(i)
        if self.has_fei:
            f = self.fei_index
            if fei < cap[f] and self._standard(key + self.unit_of[f]):
                out.append(f)
        out.sort()
        return out

    def _completions(self, k: int, sub: int, fei: int) -> tuple[tuple[int, frozenset[tuple[int, int, int]]], ...]:
        """(kind, options) for each kind of component ``k`` (held as ``sub``) whose card leaves
        the component readable as complete groups (``_component_options`` not empty)."""
        shift = self.components[k][0]
        out = []
        for i, comp in enumerate(self.kind_component):
            if comp == k and sub >> (3 * i - shift) & 7 < 7:
                o = self._component_options(k, sub + (1 << (3 * i - shift)), fei)
                if o:
                    out.append((i, o))
        return tuple(out)
