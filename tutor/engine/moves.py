"""The moves beside a discard inside the search (RULES.md §5.4): after each exact draw, besides
every discard, the player may sink a FEI, declare a concealed KONG of four cards held or add a
card held to an exposed PONG (each followed by a replacement card, then the same choice again),
or recall a FEI from a set laid down with the card just drawn (then the same choice). After the
exact draws the player follows §5.2 alone.

A move is a change of state: the cards held, the sets laid down, the bonus cards (so the FUN
items), and the pool less the replacement. The search after a move goes on in a ``Search`` of
the table of its sets and bonus cards, one per such pair, shared by every hand that reaches it
(``Moves.child``), so a state is memoised by its hand key, sets laid down and flowers.

The pool stays the root's (RULES.md §5): a card beyond those held at the root was drawn. A move
takes cards out of the hand (into a set, or sunk) or puts one in (a recalled FEI), so a child
counts against the root's cards held less the cards its sets and bonus cards took since the root,
``out``: ``pool[t] = pool0[t] - max(0, h[t] + out[t] - h0[t])``. A child search takes that as
its own kept hand ``max(0, h0 - out)`` and pool ``pool0 - max(0, out - h0)``, which give the
same pool at every hand and the same copy limits to the distance to a win.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from tutor.core.hands import Hand, Meld, MeldKind
from tutor.core.tiles import FEI, FEI_ID, TILES
from tutor.engine.actions import recalls
from tutor.engine.distance import Distance
from tutor.engine.table import table_for

if TYPE_CHECKING:
    from tutor.core.tiles import Tile
    from tutor.engine.table import Table


class Search(Protocol):
    """What the moves read of ``tutor.engine.search.Search`` (which imports this module)."""

    t: Table
    pool0: list[int]
    h0c: list[int]
    draws: int
    exact: int
    tick: Callable[[], None] | None

    def decide(self, h14: int, m: int, drawn: int) -> tuple[float, ...]: ...

    def replacement(self, g: int, m: int) -> tuple[float, ...]: ...

    def _win(self, h14: int) -> int: ...

Fixed = tuple[tuple[Meld, ...], tuple["Tile", ...]]


def _sight(table: Table, melds: tuple[Meld, ...], bonus: tuple[Tile, ...]) -> list[int]:
    """Cards of each local kind in the sets laid down and among the bonus cards (sunk FEI)."""
    out = [0] * len(table.kinds)
    for m in melds:
        for c in m.cards:
            out[table.index[c.id]] += 1
    for c in bonus:
        if c.id == FEI_ID and table.has_fei:
            out[table.fei_index] += 1
    return out


class Local:
    """The moves one table's fixed parts allow: what a 14-card key must hold for each, and the
    fixed parts after it."""

    def __init__(self, table: Table) -> None:
        t = table
        wild = t.rules.spec.tiles.wild
        self.sink = bool(t.has_fei and wild and wild.sinkable)
        self.fei_shift = t.fei_shift if t.has_fei else 0
        self.kong_bits = 0  # bit 2 of a kind's field: four held (a FEI never makes a KONG)
        self.low_bits = 0  # bit 0 of each real kind's field
        self.pongs: dict[int, Meld] = {}  # local kind -> its exposed PONG without a FEI
        for i, kind in enumerate(t.kinds):
            if kind != FEI_ID:
                self.kong_bits |= 4 << (3 * i)
                self.low_bits |= 1 << (3 * i)
        for m in t.melds:
            if m.kind is MeldKind.PONG and m.exposed and not m.wild_count:
                self.pongs[t.index[m.cards[0].id]] = m
        self.pong_bits = sum(7 << (3 * i) for i in self.pongs)
        self.fei_sets = sum(1 for m in t.melds if m.wild_count)
        self.recall: dict[int, list[tuple[Meld, ...]]] = {}  # local kind drawn -> the sets after each recall
        if t.has_fei and any(m.wild_count for m in t.melds):
            for i, kind in enumerate(t.kinds):
                if kind == FEI_ID:
                    continue
                tile = TILES[kind]
                got = [after.melds for _, after in recalls(Hand((tile,), t.melds, t.bonus), tile, t.rules)]
                if got:
                    self.recall[i] = got
        # the searches after each move, made when first needed (``Moves``)
        self.sunk: Search | None = None
        self.kongs: dict[int, Search] = {}
        self.added: dict[int, Search] = {}
        self.recalled: dict[int, list[Search]] = {}

    def spare(self, h: int) -> int:
        """What the 13 cards ``h`` hold now for a move that adds a draw (``Search._more``): FEI
        to sink, kinds held three or four times (a KONG, with the fourth drawn), cards to add to
        an exposed PONG, and sets laid down whose FEI may come back to be sunk."""
        low = self.low_bits
        three = (h >> 2 & low) | (h >> 1 & h & low)  # a field of 3 or 4
        out = three.bit_count() + sum(1 for i in self.pongs if h >> (3 * i) & 7) + self.fei_sets
        return out + (h >> self.fei_shift & 7 if self.sink else 0)

    def possible(self, h14: int, drawn: int) -> bool:
        """Is some move open to the 14 cards ``h14`` just drawn to (the card of kind ``drawn``)?"""
        return bool(
            (self.sink and h14 >> self.fei_shift & 7) or h14 & self.kong_bits or h14 & self.pong_bits
            or drawn in self.recall
        )


class Moves:
    """The searches after the moves made inside one option's search, by fixed parts."""

    def __init__(self, root: Search) -> None:
        self.root = root
        t = root.t
        self.sight0 = _sight(t, t.melds, t.bonus)
        self.children: dict[Fixed, Search] = {(tuple(sorted(t.melds)), tuple(sorted(t.bonus))): root}
        self.local: dict[int, Local] = {}

    def of(self, s: Search) -> Local:
        """The moves the fixed parts of the search ``s`` allow."""
        got = self.local.get(id(s))
        if got is None:
            got = self.local[id(s)] = Local(s.t)
        return got

    def replaced(self, s: Search, h14: int) -> list[tuple[Search, int]]:
        """The moves of the 14 cards ``h14`` that a replacement card follows: sinking a FEI, a
        concealed KONG, adding a card to an exposed PONG. Each as the search after it and the
        3n+1 cards it leaves, before the replacement."""
        t = s.t
        loc = self.of(s)
        out: list[tuple[Search, int]] = []
        if loc.sink and h14 >> loc.fei_shift & 7:
            if loc.sunk is None:
                loc.sunk = self.child(t.melds, (*t.bonus, FEI))
            out.append((loc.sunk, h14 - t.unit_of[t.fei_index]))
        if h14 & loc.kong_bits:
            for i, kind in enumerate(t.kinds):
                if kind != FEI_ID and h14 >> (3 * i) & 7 == 4:
                    child = loc.kongs.get(i)
                    if child is None:
                        kong = Meld(MeldKind.KONG, (TILES[kind],) * 4, exposed=False)
                        child = loc.kongs[i] = self.child((*t.melds, kong), t.bonus)
                    out.append((child, h14 - 4 * t.unit_of[i]))
        if h14 & loc.pong_bits:
            for i, pong in loc.pongs.items():
                if h14 >> (3 * i) & 7:
                    child = loc.added.get(i)
                    if child is None:
                        melds = list(t.melds)
                        melds.remove(pong)
                        melds.append(Meld(MeldKind.KONG, (pong.cards[0],) * 4))
                        child = loc.added[i] = self.child(tuple(melds), t.bonus)
                    out.append((child, h14 - t.unit_of[i]))
        return out

    def recalls(self, s: Search, h14: int, drawn: int) -> list[tuple[Search, int]]:
        """The FEI the card just drawn (local kind ``drawn``) may take back from a set laid down:
        the search after it and the 14 cards it leaves (the FEI in the hand, the card in the set)."""
        t = s.t
        loc = self.of(s)
        children = loc.recalled.get(drawn)
        if children is None:
            children = loc.recalled[drawn] = [self.child(melds, t.bonus) for melds in loc.recall.get(drawn, ())]
        g14 = h14 - t.unit_of[drawn] + t.unit_of[t.fei_index]
        return [(child, g14) for child in children]

    def child(self, melds: tuple[Meld, ...], bonus: tuple[Tile, ...]) -> Search:
        """The search of these fixed parts, made once (see the module's notes on its pool)."""
        key = (tuple(sorted(melds)), tuple(sorted(bonus)))
        got = self.children.get(key)
        if got is not None:
            return got
        root = self.root
        rt = root.t
        table = table_for(rt.rules, rt.seat, rt.flags, Hand((), key[0], key[1]))
        sight = _sight(table, key[0], key[1])
        h0 = 0
        pool0 = list(root.pool0)
        for i, (held, now, before) in enumerate(zip(root.h0c, sight, self.sight0, strict=True)):
            left = held - (now - before)
            if left >= 0:
                h0 += left * table.unit_of[i]
            else:
                pool0[i] += left
        child: Search = type(root)(table, Distance(table, h0, pool0), h0, pool0, root.draws, root.exact,  # type: ignore[call-arg]
                                   root.tick, self)
        self.children[key] = child
        return child


__all__ = ["Local", "Moves"]
