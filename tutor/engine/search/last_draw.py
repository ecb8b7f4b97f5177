"""The last draw, read off a table's ready hands: which draws make a 13-card hand win (with their
FUN), and which discards of a 14-card hand leave such a hand.

Both answers depend on the table alone (its rule set, seat, sets laid down, bonus cards), never
on the pool, so every search of the table shares them: the options of one ``discard``, the
answers of one ``claim``, the decisions of a review. A search then values a hand's last draw by
the pool's copies of its winning draws alone (``Search._v1``), and a 14-card hand's best discard
before it by the few discards that leave a ready hand (``Search.best_discard``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

WinningDraws = tuple[tuple[int, int], ...]
"""The draws that make a 13-card hand win: (local kind, FUN), the kinds in order."""


class LastDraw:
    """The ready-hand memos of ``Table`` (its attributes, set by its ``__init__``)."""

    kinds: list[int]
    unit_of: Sequence[int]
    cap_local: Sequence[int]
    has_fei: bool
    fei_shift: int
    fei_index: int
    _wins: dict[int, WinningDraws]
    _ready: dict[int, tuple[int, ...]]
    lower: Callable[[int], int]
    complete: Callable[[int], bool]
    completing: Callable[[int], list[int] | None]
    win: Callable[..., Any]

    def winning_draws(self, h: int) -> WinningDraws:
        """The kinds (in order) of which one more card, within its copies, makes the 13-card hand
        ``h`` win (complete, at least the minimum), each with the FUN of that win."""
        got = self._wins.get(h)
        if got is not None:
            return got
        if self.has_fei and not h >> self.fei_shift & 7:
            ready = self.complete(h + self.unit_of[self.fei_index])  # a card completes it only where a FEI does
        else:
            ready = self.lower(h) < 1
        if not ready:
            got = ()
        else:
            done = self.completing(h)  # None where the rule set has special shapes: every kind tried
            standard = None if done is None else True
            cap = self.cap_local
            found = []
            for i in range(len(self.kinds)) if done is None else done:
                if h >> 3 * i & 7 < cap[i]:
                    w = self.win(h + self.unit_of[i], standard)
                    if w is not None and w[1]:
                        found.append((i, w[0]))
            got = tuple(found)
        self._wins[h] = got
        return got

    def ready_discards(self, h14: int, shifts: Sequence[tuple[int, int]]) -> tuple[int, ...]:
        """The 13-card hands, by the discard's kind in order, that the discards of the 14-card
        hand ``h14`` leave and that some draw makes win (``shifts``: each kind's field and unit)."""
        got = self._ready.get(h14)
        if got is not None:
            return got
        if self.lower(h14) >= 1:
            got = ()  # no discard leaves a hand one card from complete
        else:
            got = tuple(h14 - unit for shift, unit in shifts if h14 >> shift & 7 and self.winning_draws(h14 - unit))
        self._ready[h14] = got
        return got


__all__ = ["LastDraw", "WinningDraws"]
