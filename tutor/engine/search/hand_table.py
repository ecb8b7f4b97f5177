"""The solver's table of one hand: its fixed parts, packed 13- and 14-card hands, and memo tables.

Hands are counted per card kind and packed into one integer (three bits a kind), so that the
search over later hands is a walk over small integers with memo tables: shanten, the lower bound
of the pruning, whether a packed hand is complete, and the FUN of complete hands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cached_property
from itertools import product
from operator import eq
from typing import TYPE_CHECKING, Any

from tutor.core.hands import Hand
from tutor.core.readings import RawReading, Reading, to_reading
from tutor.core.tiles import FEI_ID, FIRST_WIND, N_TILES, TILES, Tile
from tutor.engine.scoring.check import is_win, scorer_for
from tutor.engine.search.last_draw import LastDraw, WinningDraws
from tutor.engine.shapes.completeness import Completeness
from tutor.engine.shapes.packed_shanten import PackedShape
from tutor.engine.shapes.shanten import (
    ShapeContext,
    exact_at_least,
    shanten_counts,
)
from tutor.engine.shapes.shanten_bound import Profile, component_profile, most_kept
from tutor.engine.shapes.special import packed_specials, special_readings
from tutor.engine.shapes.standard import (
    ComponentReading,
    combine_readings,
    component_readings,
    meld_options,
)
from tutor.engine.shapes.suit_tables import shared_memo

if TYPE_CHECKING:
    from tutor.core.score import Score
    from tutor.engine.shapes.special import SpecialReading
    from tutor.rules.load import RuleSet


ALIKE = "alike"  # the first entry of ``Table.alike_structures``'s keys (a structure's groups are never that)
ALIKE_SUIT = 100  # a suit's label in those keys: this plus the suit's number (a card's index is less)

class Table(Completeness, LastDraw):
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
        # ``held``: a card not in play sets a bit above every field; a field past its cap carries out of it
        self._bits = 3 * len(self.kinds)
        self._unit_by_id = [self.unit_of[self.index[t]] if t in self.index else 1 << self._bits
                            for t in range(N_TILES)]
        self._room = sum((7 - c) << (3 * i) for i, c in enumerate(self.cap_local))
        self._carries = sum(1 << (3 * i + 3) for i in range(len(self.kinds)))
        # component tables depend on these alone, and are shared by every table that has them
        signature = (rules.chee_ok[:34], rules.max_wild_per_set, self.sets_left)
        self.shape = ShapeContext(self.sets_left, rules.chee_ok[:34], cap, fei_cap, rules.max_wild_per_set,
                                  _memo=shared_memo("shape", *signature))
        self.meld_combos = list(product(*(meld_options(m, rules.chee_ok) for m in hand.melds)))
        self.specials = rules.special_shapes if not hand.melds else ()  # seven pairs and the like
        # a FEI takes the place of any card in a set: held alone, it is worth any card to the shape
        # (``search.inner_moves.FEI_DOMINATES``: shanten(H + FEI) <= shanten(H + card))
        self.fei_dominates = self.has_fei and rules.max_wild_per_set >= 1 and not self.specials
        self.special = packed_specials(self.specials, rules.in_play, tuple(self.kinds))  # read off packed keys
        self.scorer = scorer_for(rules)
        self._shanten: dict[int, int] = {}
        self._lower: dict[int, int] = {}
        self._flat: dict[int, int | None] = {}
        self._parts: dict[tuple[int, int, int], frozenset[tuple[int, int, int]]] = shared_memo(
            "options", tuple(self.kinds), *signature)
        self._parts_lower: dict[tuple[int, int, int], Profile] = shared_memo("lower", tuple(self.kinds), *signature)
        self._bounds: dict[tuple[object, ...], int] = shared_memo("bounds", *signature)  # ``Table.lower``'s merges
        self._part_readings: dict[tuple[int, int, int], list[ComponentReading]] = shared_memo(
            "readings", tuple(self.kinds), *signature)
        self._part_completions: dict[tuple[int, int, int], tuple[tuple[int, frozenset[tuple[int, int, int]]], ...]] = (
            shared_memo("completions", tuple(self.kinds), *signature))
        self._readings: dict[int, Reading] = {}
        self._raws: dict[int, RawReading] = {}  # the best reading of a hand ranked by ``win``, until shown
        # the packed key's components: each suit in play, then the honours (FEI is the last kind)
        groups: dict[int, list[int]] = {}
        for i, kind in enumerate(self.kinds):
            if kind != FEI_ID:
                groups.setdefault(kind // 9 if kind < FIRST_WIND else 3, []).append(i)
        self.components = [(3 * idx[0], (1 << (3 * len(idx))) - 1) for idx in groups.values()]
        self.kind_component = [-1] * len(self.kinds)  # the component each kind is in (-1: FEI)
        for k, idx in enumerate(groups.values()):
            for i in idx:
                self.kind_component[i] = k
        self.component_ids = [tuple(self.kinds[i] for i in idx) for idx in groups.values()]
        self.fei_shift = 3 * self.fei_index
        self.packed = PackedShape(self.shape, self.kinds, self.components, self.component_ids,
                                  self.fei_shift if self.has_fei else None)
        self.shanten: Callable[[int], int] = self._shanten_of()
        self._win: dict[int, tuple[int, bool] | None] = {}
        self._wins: dict[int, WinningDraws] = {}  # the draws that make a 13-card hand win (``LastDraw``)
        self._ready: dict[int, tuple[int, ...]] = {}  # the discards of a 14-card hand that leave one
        self.structure_wins: dict[object, bool] = {}  # does a target structure win (tutor.engine.distance.to_win)
        self._interchangeable: tuple[tuple[int, ...], ...] | None = None
        self._memos: tuple[dict[Any, Any], ...] = (self._shanten, self._lower, self._flat, self._readings, self._raws,
                                                   self._win, self.structure_wins, self._wins, self._ready)
        self._alike: tuple[Callable[[tuple[tuple[int, int], ...]], object] | None] | None = None

    def alike_structures(self) -> Callable[[tuple[tuple[int, int], ...]], object] | None:
        """A key for a structure's groups (``tutor.engine.distance.structures.Structure``) that structures
        alike but for the numbers of their suited cards share (a CHEE for a CHEE, a PONG for a
        PONG, a NGAN for a NGAN, in the same suit; the honours the same), where the scorer says
        such readings score the same (``Scorer.number_blind``), so that they share a win
        verdict (``tutor.engine.distance.to_win``); None where they may score differently."""
        if self._alike is None:
            key = None
            if self.scorer.number_blind(self.seat, self.flags):
                label = [t if t >= FIRST_WIND else ALIKE_SUIT + t // 9 for t in self.kinds]

                def key(groups: tuple[tuple[int, int], ...]) -> object:
                    return ALIKE, *sorted([(kind, label[i]) for kind, i in groups])
            self._alike = (key,)
        return self._alike[0]

    def interchangeable(self) -> tuple[tuple[int, ...], ...]:
        """The honours that may stand in for one another (local kinds, classes of two or more):
        the same copies left beside the sets laid down, and scored alike (``Scorer.swappable``:
        the items that name one name the other, worth as much). The shapes treat the honours
        alike (an honour makes a set with itself alone), so swapping two of a class in a hand
        leaves its shanten, its distance to a win and its FUN as they were
        (``tutor.engine.search.expected_fun.Search`` searches such hands once)."""
        got = self._interchangeable
        if got is None:
            classes: list[list[int]] = []
            for i, kind in enumerate(self.kinds):
                if not FIRST_WIND <= kind < FEI_ID:
                    continue
                for c in classes:  # swaps generate the class: one test against its first suffices
                    j = c[0]
                    if self.cap_local[i] == self.cap_local[j] and self.scorer.swappable(
                            self.seat, self.flags, self.kinds[j], kind):
                        c.append(i)
                        break
                else:
                    classes.append([i])
            got = self._interchangeable = tuple(tuple(c) for c in classes if len(c) > 1)
        return got

    def forget(self) -> None:
        """Empty the memo tables of hands (not the shared component tables): a table kept for
        reuse (``table_for``) is emptied this way once they pass ``HAND_LIMIT`` entries."""
        for memo in self._memos:
            memo.clear()

    def memo_size(self) -> int:
        """Hands memoised so far, over every memo table of this table."""
        return sum(map(len, self._memos))

    # --- packing -------------------------------------------------------------------------
    def pack(self, tiles: Iterable[Tile]) -> int:
        key = 0
        for t in tiles:
            key += self.unit_of[self.index[t.id]]
        return key

    def held(self, hand: Hand) -> int | None:
        """The packed key of a hand's concealed cards, checked as it is packed: None where a card
        is not in play or more copies are held than the table leaves beside the sets laid down
        and the FEI sunk (``validate`` then says which). The public calls' one pass over a hand."""
        ids = hand.ids  # sorted: a run of 8 would carry into the next field
        if any(map(eq, ids, ids[7:])):
            return None
        key = sum(map(self._unit_by_id.__getitem__, ids))
        room = self._room
        if key >> self._bits or (key + room ^ key ^ room) & self._carries:
            return None
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
    def _shanten_of(self) -> Callable[[int], int]:
        """``shanten``, the shanten of a packed hand: the packed path where it answers, the
        general path elsewhere, and the special shapes where the rule set has them. A function
        with the table's parts bound once. The memo keeps what the general path and the special
        shapes work out; the packed path's answers are read again each time (reading one costs
        less than keeping it for a hand seldom asked twice)."""
        memo, packed, special, shape, unpack = self._shanten, self.packed, self.special, self.shape, self.unpack
        get = memo.get

        def general(key: int) -> int:
            c = unpack(key)
            return shanten_counts(c[:34], c[FEI_ID], shape)

        if self.specials:
            def shanten(key: int) -> int:
                s = get(key)
                if s is None:
                    s = packed.shanten(key)
                    if s is None:
                        s = general(key)
                    sp = special.shanten(key)
                    s = memo[key] = s if sp is None else min(s, sp)
                return s
            return shanten

        packed_shanten: Callable[[int], int | None] = packed.shanten

        def opening(key: int) -> int | None:  # the packed path's first hand: open it, then call it directly
            nonlocal packed_shanten
            packed.open()
            packed_shanten = packed.shanten
            return packed_shanten(key)

        packed_shanten = opening

        def standard(key: int) -> int:
            s = packed_shanten(key)
            if s is None:
                s = get(key)
                if s is None:
                    s = memo[key] = general(key)
            return s
        return standard

    def accepting(self, key: int, fei_kind: bool = True) -> tuple[int, list[int]]:
        """Shanten of a packed hand one card short and the local kinds whose draw lowers it,
        among those of which one more copy may be held (the FEI too, unless ``fei_kind`` is
        false). Where the hand holds no FEI, ``PackedShape.lowering`` reads the draws off the
        tables, one component changed at a time; elsewhere each draw's shanten is worked out."""
        sh = self.shanten(key)
        cap = self.cap_local
        fei = self.fei_index
        out = None if self.specials else self.packed.lowering(key, sh, self._at_least)
        if out is None:
            out = [i for i, unit in enumerate(self.unit_of)
                   if i != fei and key >> (3 * i) & 7 < cap[i] and self.shanten(key + unit) < sh]
        if fei_kind and fei >= 0 and key >> self.fei_shift & 7 < cap[fei] and (
                out and self.fei_dominates and not key >> self.fei_shift & 7 or self.shanten(key + self.unit_of[fei]) < sh):
            out.append(fei)  # (a FEI is worth any card to a hand holding none: ``FEI_DOMINATES``)
        return sh, out

    def _at_least(self, key: int, kept: int) -> bool:
        """Can a complete hand keeping ``kept`` of the packed hand's cards be reached (card supply
        checked)? Read off the memo where shanten is known, else one search."""
        s = self._shanten.get(key)
        if s is not None:
            return self.shape.size - s - 1 >= kept
        c = self.unpack(key)
        return exact_at_least(c[:34], c[FEI_ID], self.shape, kept)

    def lower(self, key: int) -> int:
        """A cheap lower bound on shanten, for pruning (exact pruning: it never overestimates).

        Card supply is ignored (so it can only be lower than shanten); each component's table is
        looked up by the bits cut out of the packed key."""
        s = self._lower.get(key)
        if s is not None:
            return s
        if not self.specials:
            s = self.packed.shanten(key)  # exact where the packed tables prove it (no FEI held): a bound too
            if s is not None:
                return s
        fei = key >> self.fei_shift & 7 if self.has_fei else 0
        profs = list(self._tables(key, fei, self._parts_lower, self._component_profile))
        bkey = (fei, *[p.key for p in profs])  # hands whose components have the same profiles: one merge
        best = self._bounds.get(bkey)
        if best is None:
            best = self._bounds[bkey] = most_kept(profs, self.sets_left, fei, self.rules.max_wild_per_set)
        s = self.shape.size - best - 1
        if self.specials:
            sp = self.special.shanten(key)
            s = s if sp is None else min(s, sp)
        self._lower[key] = s
        return s

    def _component_profile(self, k: int, sub: int, fei: int) -> Profile:
        """(sets, NGAN, wild slots) -> most cards kept, for component ``k`` holding ``sub``."""
        ids = self.component_ids[k]
        counts = [sub >> (3 * j) & 7 for j in range(len(ids))]
        return component_profile(ids, counts, self.rules.chee_ok, self.rules.max_wild_per_set, self.sets_left, fei,
                                 self.shape._memo)

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

    @cached_property
    def every_complete_wins(self) -> bool:
        """Does every complete hand of this table win, whatever its reading (no minimum, or a limit
        from the bonus cards and situations alone for every number of FEI held)?"""
        if not self.scorer.flat:
            return False
        if self.rules.minimum <= 0:
            return True
        for fei in range(self.shape.fei_cap + 1):
            flat = self._flat_score(fei)
            if flat is None or flat < self.rules.minimum:
                return False
        return True

    def win(self, key: int, standard: bool | None = None) -> tuple[int, bool] | None:
        """(FUN, wins) of a complete hand of concealed cards ``key``; None if not complete
        (``standard`` True: known complete in the standard shape)."""
        if key in self._win:
            return self._win[key]
        if standard is None:
            standard = self._standard(key)
        if not standard and not (self.specials and self.special.complete(key)):
            self._win[key] = None
            return None
        fei = key >> self.fei_shift & 7 if self.has_fei else 0
        flat = self._flat_score(fei) if self.scorer.flat else None
        if flat is not None:  # a limit from the bonus cards alone: no reading can change it
            self._win[key] = (flat, flat >= self.rules.minimum)
            return self._win[key]
        got = self._value(key, *self._all_readings(key, standard))
        result = None if got is None else got[0]
        if got is not None:  # its best reading, raw where it was ranked without a score (made when shown)
            memo: dict[int, Any] = self._readings if isinstance(got[1], Reading) else self._raws
            memo[key] = got[1]
        self._win[key] = result
        return result

    def _value(
        self, key: int, raws: list[RawReading], specials: list[SpecialReading]
    ) -> tuple[tuple[int, bool], Reading | RawReading] | None:
        """(FUN, wins) of the complete packed hand ``key`` (its readings ``raws`` and ``specials``)
        and its best reading: raw where the scorer ranks them without building the rows of a
        score (``Scorer.best_value``)."""
        fei = key >> self.fei_shift & 7 if self.has_fei else 0
        quick = None if specials else self.scorer.best_value(raws, self.bonus_ids, fei, self.flags, self.seat, self.melds)
        if quick is not None:
            return quick[:2], quick[2]
        best = self._pick(key, raws, specials)
        return None if best is None else ((best[1].fun, is_win(best[1], self.rules)), best[0])

    def _pick(self, key: int, raws: list[RawReading], specials: list[SpecialReading]) -> tuple[Reading, Score] | None:
        """The best of the readings ``raws`` and ``specials`` of the packed hand ``key``, and its score."""
        fei = key >> self.fei_shift & 7 if self.has_fei else 0
        return self.scorer.best(raws, specials, self.bonus_ids, fei, self.flags, self.seat, self.melds)

    def _all_readings(self, key: int, standard: bool = True) -> tuple[list[RawReading], list[SpecialReading]]:
        """Every standard reading (sets laid down included) and special-shape reading of the
        complete packed hand ``key``: each component's readings are looked up by its bits (as
        its options are), then combined."""
        inner: list[RawReading] = []
        if standard:
            fei = key >> self.fei_shift & 7 if self.has_fei else 0
            options = list(self._tables(key, fei, self._part_readings, self._component_readings))
            inner = combine_readings(options, self.sets_left, True, fei) if all(options) else []
        raws = [tuple(sorted(r + tuple(ms))) for r in inner for ms in self.meld_combos] if self.melds else inner
        specials = special_readings(self.unpack(key), self.specials, self.rules) if self.specials else []
        return raws, specials

    def _component_readings(self, k: int, sub: int, fei: int) -> list[ComponentReading]:
        """Every way to use all the cards of component ``k`` holding ``sub``: (groups, sets,
        NGAN, FEI used); the honours combine each honour's ways."""
        ids = self.component_ids[k]
        mw, ok = self.rules.max_wild_per_set, self.rules.chee_ok
        if ids[0] >= FIRST_WIND:
            out: list[ComponentReading] = [((), 0, 0, 0)]
            for j, t in enumerate(ids):
                n = sub >> (3 * j) & 7
                if n:
                    one = component_readings(t, (n,), fei, mw, ok)
                    out = [(g1 + g2, s1 + s2, p1 + p2, f1 + f2) for g1, s1, p1, f1 in out for g2, s2, p2, f2 in one
                           if s1 + s2 <= self.sets_left and p1 + p2 <= 1 and f1 + f2 <= fei]
            return out
        base = ids[0] - ids[0] % 9
        full = [0] * 9
        for j, t in enumerate(ids):
            full[t - base] = sub >> (3 * j) & 7
        return component_readings(base, tuple(full), fei, mw, ok)

    def reading(self, key: int) -> Reading | None:
        """The best reading of a complete hand (kept from ``win`` when it already scored it; the
        only one, unscored, where the scorer scores every reading and there is one)."""
        got = self._readings.get(key)
        if got is not None:
            return got
        raw = self._raws.get(key)
        if raw is not None:
            got = self._readings[key] = to_reading(raw)
            return got
        raws, specials = self._all_readings(key)
        if len(raws) == 1 and not specials and self.scorer.scores_every_reading:
            return to_reading(raws[0])
        value = self._value(key, raws, specials)
        return None if value is None else value[1] if isinstance(value[1], Reading) else to_reading(value[1])
