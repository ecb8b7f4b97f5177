"""The special shapes near a hand (thirteen orphans, nine gates, seven pairs) as structures of
the distance search (``tutor.engine.distance.to_win``): a special shape is a fixed hand of real cards
(``SPECIAL`` as its groups, the cards per kind as its wants), listed once per table where there are
few, chosen kind by kind under the bound where there are many.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tutor.engine.distance.structures import SPECIAL, Structure
from tutor.engine.garbage import release
from tutor.engine.scoring.check import is_win
from tutor.engine.shapes.special import gate_suits, orphan_kinds, special_readings

if TYPE_CHECKING:
    from tutor.engine.search.hand_table import Table


class SpecialTargets:
    """The special shapes of one ``Table`` (``n`` real local kinds), with their verdicts kept in
    ``score`` (the table's, shared by every hand)."""

    def __init__(self, table: Table, n: int, score: dict[object, bool]) -> None:
        self.t = table
        self.n = n
        self._score = score
        self._targets: list[tuple[int, ...]] | None = None  # thirteen orphans and nine gates, built once

    def near(self, counts: list[int], caps: list[int], most: int) -> tuple[int, list[Structure]]:
        """The fewest draws (at most ``most``) after which the hand can hold a winning special
        shape, and every such shape it reaches in that many; ``(most + 1, [])`` when none is.

        A special shape is a fixed hand of real cards (``SPECIAL`` as its groups, the cards per
        kind as its wants): thirteen orphans and nine gates are listed once (``_fixed``); seven
        pairs, too many to list, are chosen kind by kind under the bound (``_pairs``)."""
        size = self.t.shape.size
        best = [most]
        found: list[Structure] = []

        def offer(tgt: tuple[int, ...], kept: int) -> None:
            if size - kept > best[0] or not self._special_wins(tgt):
                return
            if size - kept < best[0]:
                best[0] = size - kept
                found.clear()
            found.append((SPECIAL, tgt))

        for tgt in self._fixed():
            if all(w <= c for w, c in zip(tgt, caps, strict=False)):
                offer(tgt, sum(min(w, c) for w, c in zip(tgt, counts, strict=False)))
        if "seven_pairs" in self.t.specials:
            self._pairs(counts, caps, size, best, offer)
        return (best[0], found) if found else (most + 1, [])

    def _fixed(self) -> list[tuple[int, ...]]:
        """The targets of thirteen orphans (one per card held twice) and nine gates (one per
        card beyond the gates) among the table's shapes, in local kinds."""
        if self._targets is not None:
            return self._targets
        t = self.t
        in_play = t.rules.in_play
        local = {g: i for i, g in enumerate(t.kinds[: self.n])}
        targets: list[tuple[int, ...]] = []
        for shape in t.specials:
            if shape == "thirteen_orphans":
                kinds = [local[g] for g in orphan_kinds(in_play) if g in local]
                for x in kinds:
                    tgt = [0] * self.n
                    for k in kinds:
                        tgt[k] = 1
                    tgt[x] += 14 - len(kinds)
                    targets.append(tuple(tgt))
            elif shape == "nine_gates":
                for base in gate_suits(in_play):
                    for r in range(9):
                        tgt = [0] * self.n
                        for j, m in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
                            tgt[local[base + j]] = m
                        tgt[local[base + r]] += 1
                        targets.append(tuple(tgt))
        self._targets = targets
        return targets

    def _pairs(self, counts: list[int], caps: list[int], size: int, best: list[int], offer: Callable[..., None]) -> None:
        """Offer every seven pairs (seven NGAN of different cards) within ``best[0]`` draws: the
        kinds chosen most held first, each lacking ``2 - held`` cards, under the bound of the
        least the kinds still to choose can lack (``best`` tightens as shapes are found)."""
        kinds = sorted((i for i in range(self.n) if caps[i] >= 2), key=lambda i: -min(counts[i], 2))
        lacks = [2 - min(counts[i], 2) for i in kinds]
        chosen: list[int] = []

        def go(start: int, lacking: int) -> None:
            left = 7 - len(chosen)
            if left == 0:
                tgt = [0] * self.n
                for i in chosen:
                    tgt[i] = 2
                offer(tuple(tgt), 14 - lacking)
                return
            for k in range(start, len(kinds) - left + 1):
                # the kinds are in order of what they lack: the next ``left`` lack the least
                if size - 14 + lacking + sum(lacks[k : k + left]) > best[0]:
                    return
                chosen.append(kinds[k])
                go(k + 1, lacking + lacks[k])
                chosen.pop()

        try:
            go(0, 0)
        finally:  # (a recursive closure holds itself: ``release``)
            release(go)

    def _special_wins(self, tgt: tuple[int, ...]) -> bool:
        """Does the special shape of these cards (local kinds) win? Shared by every hand."""
        key = ("special", tgt)
        got = self._score.get(key)
        if got is not None:
            return got
        t = self.t
        c35 = [0] * 35
        for i, w in enumerate(tgt):
            c35[t.kinds[i]] = w
        specials = special_readings(c35, t.specials, t.rules)
        best = t.scorer.best([], specials, t.bonus_ids, 0, t.flags, t.seat, t.melds) if specials else None
        got = self._score[key] = best is not None and is_win(best[1], t.rules)
        return got


__all__ = ["SpecialTargets"]
