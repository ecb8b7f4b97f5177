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
from tutor.engine.distance.to_win import Distance
from tutor.engine.search.hand_moves import recalls
from tutor.engine.search.kept_tables import table_for

if TYPE_CHECKING:
    from tutor.core.tiles import Tile
    from tutor.engine.search.hand_table import Table


class Search(Protocol):
    """What the moves read of ``tutor.engine.search.expected_fun.Search`` (which imports this module)."""

    t: Table
    d: Distance
    pool0: list[int]
    h0c: list[int]
    draws: int
    exact: int
    restricted_below: int
    changes: int
    tick: Callable[..., None] | None
    mv: Local | None
    memo_dec: dict[int, Value]
    memo_rep: dict[int, Value]

    def best_discard(self, h14: int, n: int) -> Value: ...

    def _more(self, h: int, n: int, most: bool = False) -> int: ...

    def _draws(self, h: int) -> tuple[int, list[tuple[int, int, int]]]: ...

    def _win(self, h14: int) -> int: ...

    def _spend(self, states: int = 1) -> None: ...

Fixed = tuple[tuple[Meld, ...], tuple["Tile", ...]]
Value = tuple[float, ...]


def better(a: Value, b: Value) -> bool:
    """``tutor.engine.search.expected_fun.better`` (which imports this module): more FUN, then a higher win
    chance, then a win sooner."""
    return (a[0], a[-1], a[1:]) > (b[0], b[-1], b[1:])


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


FEI_DOMINATES = """Why a FEI is worth at least any card to the shape of a hand holding no other
(``Local.extra``).

Shanten here ignores card supply (``Table.lower`` is a bound on it): the fewest cards of a complete
target hand ``T`` (the standard shape, at most one FEI in a set or NGAN and never a group of FEI
alone) that a hand lacks, less one. Take ``H`` holding no FEI, a card ``r``, and ``T`` best for
``H + r``, lacking ``c`` of its cards. Where ``T`` takes no ``r`` of ``H + r``, ``T`` lacks no more
of ``H + F``. Else ``r`` sits in a group ``G`` of ``T``: if ``G`` holds no FEI, ``T`` with a FEI in
place of that ``r`` lacks the same cards of ``H + F``; if it holds one, that FEI is lacked (``H``
holds none), and the FEI held now fills it while ``r`` is lacked instead: ``c`` again. So
``shanten(H + F) <= shanten(H + r)``. With another FEI held it may fail: ``2d 777d E S NNN`` and
three FEI waits with ``1d`` added, not with a fourth FEI (four FEI for the three groups not made).

The same holds for shanten with card supply (``Table.accepting`` lists a FEI among the draws that
lower it wherever a card does): with ``r`` in a group ``G`` of ``T`` holding no FEI, the FEI
takes ``r``'s place where one more FEI may be held, and otherwise ``T`` already holds every FEI
left, so the FEI held fills one of ``T``'s FEI slots and ``r``, which ``T`` holds within its
copies, is drawn in its place; with a FEI in ``G``, the FEI held fills it, as above."""


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
        # bit 0 of the field of each kind with a PONG laid down, a FEI in it or not (``extra``)
        self.pong_low = 0
        for m in t.melds:
            if m.kind is MeldKind.PONG:
                self.pong_low |= 1 << (3 * t.index[next(c.id for c in m.cards if c.id != FEI_ID)])
        self.fei_dominates = t.fei_dominates  # ``FEI_DOMINATES``
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

    def extra(self, h: int) -> int:
        """The most replacement cards that moves may add to the draws from the 13 cards ``h``
        toward a complete hand (``Search._more``): one per kind held four times (a concealed
        KONG) and per card held of a PONG laid down (adding it, after a recall if a FEI sits in
        the PONG), and, where a FEI may not be worth as much as any card (``FEI_DOMINATES``: a
        hand holding two or more, a special shape), one per FEI held.

        Why no more: a win within the draws is a complete hand, the hand ``h`` plus the cards
        added (draws, replacements, a recalled FEI in place of the card that took its seat) less
        the cards taken out (discards, the fourth card of a KONG, a FEI sunk). A card added and
        later taken out cancels, and each swap lowers shanten (card supply ignored, as
        ``Table.lower`` ignores it) by one at most; so a move adds a draw only where the card it
        takes out was held in ``h`` and never drawn: a KONG of a kind held four times, adding to
        a PONG a card held now, sinking a FEI held now. Swapping a FEI for any card never lowers
        that shanten where ``FEI_DOMINATES`` holds, so then a sink adds no draw."""
        out = (h & self.kong_bits).bit_count()
        if self.pong_low:
            out += ((h | h >> 1 | h >> 2) & self.pong_low).bit_count()
        if self.sink:
            fei = h >> self.fei_shift & 7
            if fei and not (self.fei_dominates and fei == 1):
                out += fei
        return out

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

    def decide(self, s: Search, h14: int, m: int, drawn: int, moved: bool = False) -> Value | None:
        """The best of every discard and every move of the search ``s``'s 14 cards ``h14`` just
        drawn to at an exact draw (the card of local kind ``drawn``), with ``m`` draws left after
        it: ``(FUN, P(win at this draw), P(win by 1 more draw), ...)``. A move that a replacement
        card follows is weighed with that card drawn at once, then a discard; a recall leaves a
        win, or the same choice (``drawn`` -1: no recall) of the hand it leaves. ``moved``: None
        where no move is open (none can win within the draws left: the caller takes the best
        discard, and no state is added)."""
        loc = self.of(s)
        recall = drawn in loc.recall
        mkey = ((h14 << 6 | m) << 1 | recall) << 6 | (drawn if recall else 0)
        got = s.memo_dec.get(mkey)
        if got is None:
            # the moves whose replacement and m draws may win (``_more``: the moves after it may add cards)
            open_ = [(child, g) for child, g in self.replaced(s, h14) if child.t.lower(g) <= m + child._more(g, m)]
            if open_ or recall:
                got = self._decide(s, h14, m, drawn, open_, recall)
                s._spend()
            else:
                got = ()  # no move: the best discard
            s.memo_dec[mkey] = got
        if got or moved:
            return got or None
        b = s.best_discard(h14, m) if m else (0.0,)
        return (b[0], 0.0, *b[1:])

    def _decide(self, s: Search, h14: int, m: int, drawn: int, open_: list[tuple[Search, int]], recall: bool) -> Value:
        """``decide`` where some move is open: the moves ``open_`` and, with ``recall``, recalls."""
        b = s.best_discard(h14, m) if m else (0.0,)
        best = (b[0], 0.0, *b[1:])
        for child, g in open_:
            r = self.replacement(child, g, m)
            if better(r, best):
                best = r
        if recall:
            for child, g14 in self.recalls(s, h14, drawn):
                won = child._win(g14)
                got = (float(won),) + (1.0,) * (m + 1) if won >= 0 else self.decide(child, g14, m, -1)
                assert got is not None
                if better(got, best):
                    best = got
        return best

    def replacement(self, s: Search, g: int, m: int) -> Value:
        """A replacement card drawn at once by the search ``s``'s 3n+1 cards ``g`` after a move
        at an exact draw: a win if it completes a winning hand, else the best discard (RULES
        §5.4: "then the player discards"), ``m`` draws left after it: ``(FUN, P(win on it),
        P(win by 1 more draw), ...)``."""
        mkey = g << 6 | m
        got = s.memo_rep.get(mkey)
        if got is not None:
            return got
        total, draws = s._draws(g)
        acc = [0.0] * (m + 2)
        for _i, p, unit in draws:
            g14 = g + unit
            fun = s._win(g14)
            if fun >= 0:
                acc[0] += p * fun
                for k in range(1, m + 2):
                    acc[k] += p
                continue
            if m:  # then a discard (RULES §5.4), no second move
                after = s.best_discard(g14, m)
                acc[0] += p * after[0]
                for k in range(2, m + 2):
                    acc[k] += p * after[k - 1]
        got = tuple(x / total for x in acc) if total else (0.0,) * (m + 2)
        s.memo_rep[mkey] = got
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
