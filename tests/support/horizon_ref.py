"""An independent reference for RULES.md §5.3 (the distance to a win) and §5.2 (the whole-round
horizon), for testing the solver's engine.

Written from RULES.md alone. Cards are plain strings in the notation (``5d``, ``E``, ``Wh``,
``F*``) and hands are dicts of counts; values are exact rationals (gmpy2's ``mpq``, named
``Fraction`` here). Wins are judged only through the public API (``tutor.check`` on a
``tutor.Hand``); nothing of the engine's shanten, shape or solver code is used.

§5.3, ``d(h)``: the fewest draws ``k`` (each but the last swapped for a card held) after which a
*winning* 14-card hand can be held, minus one. Brute force over target hands: every complete
hand ``T`` (four sets and a NGAN with the sets laid down, at most one FEI per group) is built
group by group, each needing ``|T - h|`` draws (the cards of ``T`` not in ``h``), and judged by
``check``; ``d = min |T - h| - 1`` over the winning ones. Targets are enumerated by iterative
deepening on the number of draws (one draw: each card tried in turn), with the bound "draws so
far + cards still to place beyond the held cards still unused" pruning each branch; a slower,
plainer enumeration (``plain_targets``) is kept to test the fast one. Draws respect ``avail``:
at most ``avail[c]`` more copies of ``c`` than are held (by default the cards not in sight,
``seen`` ones included; FEI up to those left), and never more than 4 copies in all.

§5.2, ``V(h, n)``: the first ``exact_draws`` draws weigh every discard as in §5 (a win is
taken; otherwise the discard with the best (expected FUN, win probability)); after them the
restricted policy: take a win; else if some discard ``x`` gives ``d(h+t-x) < d(h)``, the best of
throwing ``t`` back and ``V(h+t-x, n-1)`` over the ``x`` with ``d(h+t-x) = d(h) - 1``; else throw
``t`` back. ``V(h, 0) = 0`` and, after the exact draws, ``V(h, n) = 0`` whenever ``d(h) >= n``.
The pool is §5's: ``pool[t] = pool0[t] - max(0, h[t] - h0[t])``. Shortcuts that change no value:
``d`` is not computed with one draw left (``d(h) >= 1`` then means that no card of the pool wins,
so the sum is 0 anyway), nor for the discards when ``d(h) = 0`` (``d`` of 13 cards is never
below 0); the discards ``x`` that bring the hand closer come from one search of targets of the 14
cards (see ``Horizon.closer``; ``literal=True`` computes ``d(h+t-x)`` for each ``x`` instead).

The hand change (``changes=k``, the engine's ``hand_change``): after the exact draws, a draw
``t`` that wins nothing and for which no discard is closer may also be kept for a discard
``x != t`` with ``d(h+t-x) = d(h)``, at most ``k`` times along the way: ``V_k(h, n)`` takes the
best of throwing ``t`` back (``V_k(h, n-1)``) and those ``V_{k-1}(h+t-x, n-1)``; the draws that
bring the hand closer go on with ``V_k``, and ``V_0`` is the policy above. The exact draws leave
``k`` as it is; a replacement card after a move at the root is never kept for a change.

§5.4 inside the search (with ``moves=True``, the engine's ``search_moves``): after each exact
draw that does not win and is not the last (the last draw only wins or not, §5.2),
besides every discard the player may sink a FEI held (where the rule set allows it), declare a
concealed KONG of four cards held, add a card held to an exposed PONG holding no FEI (each: a
replacement card at once, a win if it wins, else a discard; no second move), or recall a FEI
from a set laid down with the card just drawn, when that card can take the FEI's place in the
set (then a win if the hand wins, else the same choice without a recall). The draws after the
exact ones, and the replacement after a move made at the root (``replacement_value``), weigh
discards only. The pool after a move counts the cards the sets laid down and the sunk FEI took
since the root: ``pool[t] = pool0[t] - max(0, h[t] + out[t] - h0[t])``.

Choices the rules leave open, made here (and named so that a test can try another):
- Which cards ``d`` may draw inside the search (``caps``). ``"model"`` (the default): the draws
  that the §5 pool lets happen from ``h`` — ``c`` may be drawn while ``pool0[c] > 0`` and
  ``pool0[c] - max(0, count - h0[c]) > 0``, so a target may hold up to ``h0[c] + pool0[c]``
  copies of a kind with ``pool0[c] > 0`` and no more than ``h[c]`` of one with none. This makes
  ``d`` an exact lower bound on the draws to a win in the §5 model, and ``d(h) <= 1 + d(h+t-x)``.
  ``"pool"``: at most ``pool(h)[c]`` more copies of ``c`` (differs from "model" only for a kind
  the player has discarded from ``h0`` and would draw again). ``"physical"``: the copy limits of
  shanten only (4 minus sets laid down and sunk FEI), ignoring seen cards and the pool.
- Ties in (expected FUN, win probability) are broken by the larger ``win_by_draw`` tuple
  (a win sooner); ``win_by_draw`` follows the choice made.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from gmpy2 import (
    mpq as Fraction,  # exact rationals as fractions.Fraction, in C (GMP): several times faster
)

from tutor import Hand, Tile, check, load_rules
from tutor.core.hands import Meld, MeldKind

FEI = "F*"
DOTS = tuple(f"{n}d" for n in range(1, 10))
PLAYING = (*DOTS, "E", "S", "W", "N", "R", "G", "Wh")  # 16 real kinds, 4 copies each
KINDS = (*PLAYING, FEI)  # every kind of card a 3leg player can draw
COPIES = 4
RULE_SETS = ("3leg", "3leg-beginner")  # one FEI per group, the standard shape only
NEVER = 99  # d when no winning hand can be reached at all

Cards = dict[str, int]
Key = tuple[tuple[str, int], ...]


# --- small helpers on count dicts -------------------------------------------------------------


def key_of(h: Mapping[str, int]) -> Key:
    """A hashable, order-free form of a hand (kinds with no card dropped)."""
    return tuple(sorted((c, n) for c, n in h.items() if n))


def plus(h: Mapping[str, int], t: str) -> Cards:
    out = dict(h)
    out[t] = out.get(t, 0) + 1
    return out


def minus(h: Mapping[str, int], t: str) -> Cards:
    out = dict(h)
    out[t] -= 1
    if not out[t]:
        del out[t]
    return out


def as_hand(hand: Hand | str) -> Hand:
    return Hand.parse(hand) if isinstance(hand, str) else hand


def concealed_of(hand: Hand) -> Cards:
    return dict(Counter(str(t) for t in hand.concealed))


def physical_left(hand: Hand) -> Counter[str]:
    """Copies of each kind that may be among the concealed cards: 4 minus sets, sunk FEI."""
    left = Counter({k: COPIES for k in KINDS})
    for m in hand.melds:
        left.subtract(str(t) for t in m.cards)
    left[FEI] -= sum(1 for t in hand.bonus if str(t) == FEI)
    return left


def not_in_sight(hand: Hand, seen: Iterable[str] = ()) -> Counter[str]:
    """RULES §4/§5: physical copies minus the concealed cards and the cards seen elsewhere."""
    out = physical_left(hand)
    out.subtract(concealed_of(hand))
    out.subtract(seen)
    return Counter({k: max(0, out[k]) for k in KINDS})


def laid_out(hand: Hand) -> Counter[str]:
    """The cards in the sets laid down and the FEI sunk among the bonus cards."""
    out: Counter[str] = Counter()
    for m in hand.melds:
        out.update(str(t) for t in m.cards)
    out[FEI] += sum(1 for t in hand.bonus if str(t) == FEI)
    return out


def fixed_key(hand: Hand) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return tuple(sorted(map(str, hand.melds))), tuple(sorted(map(str, hand.bonus)))


# --- judging a 14-card hand -------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    complete: bool
    wins: bool
    fun: int


class Judge:
    """``tutor.check`` on concealed cards with fixed sets laid down and bonus cards, cached."""

    _shared: ClassVar[dict[tuple, dict[Key, Verdict]]] = {}

    def __init__(self, hand: Hand, rules_name: str, seat: str) -> None:
        if rules_name not in RULE_SETS:
            raise ValueError(f"the reference knows {RULE_SETS}, not {rules_name!r}")
        self.melds = hand.melds
        self.bonus = hand.bonus
        self.rules = load_rules(rules_name)
        self.seat = seat
        self.sets = 4 - len(hand.melds)  # sets still to make from concealed cards
        ident = (self.melds, tuple(map(str, self.bonus)), rules_name, seat)
        self.cache = Judge._shared.setdefault(ident, {})

    def __call__(self, cards: Mapping[str, int]) -> Verdict:
        key = key_of(cards)
        got = self.cache.get(key)
        if got is None:
            conc = tuple(Tile.parse(c) for c, n in key for _ in range(n))
            result = check(Hand(conc, self.melds, self.bonus), self.rules, seat=self.seat)
            got = self.cache[key] = Verdict(result.complete, result.wins, result.fun)
        return got


# --- §5.3: the distance to a win --------------------------------------------------------------


def _groups() -> tuple[list[Cards], list[Cards]]:
    """Every set (PONG, CHEE, at most one FEI) and every NGAN as a count dict, no duplicates."""
    sets: dict[Key, Cards] = {}
    pairs: dict[Key, Cards] = {}
    for c in PLAYING:
        for group in ([c, c, c], [c, c, FEI]):
            sets[key_of(Counter(group))] = dict(Counter(group))
        for pair in ([c, c], [c, FEI]):
            pairs[key_of(Counter(pair))] = dict(Counter(pair))
    for low in range(1, 8):
        run = [f"{low + j}d" for j in range(3)]
        for group in [run] + [[FEI if k == j else run[k] for k in range(3)] for j in range(3)]:
            sets[key_of(Counter(group))] = dict(Counter(group))
    return list(sets.values()), list(pairs.values())


SETS, PAIRS = _groups()
_INDEX = {c: i for i, c in enumerate(KINDS)}
SET_IDS = [tuple(_INDEX[c] for c, n in g.items() for _ in range(n)) for g in SETS]
PAIR_IDS = [tuple(_INDEX[c] for c, n in g.items() for _ in range(n)) for g in PAIRS]
NEEDS = {g: tuple(Counter(g).items()) for g in (*SET_IDS, *PAIR_IDS)}
SETS_WITH = [[g for g in SET_IDS if i in g] for i in range(len(KINDS))]
PAIRS_WITH = [[g for g in PAIR_IDS if i in g] for i in range(len(KINDS))]


def plain_targets(
    h: Mapping[str, int], sets: int, most: Mapping[str, int], bound: int
) -> dict[Key, int]:
    """The slow, simple form of ``complete_targets`` (groups in a fixed order), kept to test it.

    Every complete hand ``T`` (``sets`` sets and a NGAN) with ``T[c] <= most[c]`` and at most
    ``bound`` cards not in ``h``, mapped to that number of cards (the draws it needs)."""
    held = [h.get(c, 0) for c in KINDS]
    cap = [most.get(c, 0) for c in KINDS]
    target = [0] * len(KINDS)
    found: dict[Key, int] = {}

    def cost(group: tuple[int, ...]) -> tuple[int, int] | None:
        """(new draws, held cards used) if the group fits under the caps, else None."""
        drawn = used = 0
        for i, n in NEEDS[group]:
            now = target[i]
            if now + n > cap[i]:
                return None
            free = held[i] - now  # held copies not yet used
            if free <= 0:
                drawn += n
            elif free >= n:
                used += n
            else:
                used += free
                drawn += n - free
        return drawn, used

    def go(start: int, left: int, draws: int, unused: int) -> None:
        if left == 0:
            found[tuple((KINDS[i], n) for i, n in enumerate(target) if n)] = draws
            return
        for k in range(start, len(sets_ok)):
            g = sets_ok[k]
            got = cost(g)
            if got is None:
                continue
            more, used = draws + got[0], unused - got[1]
            # every card still to place that is not a held card left unused is one more draw
            if more + max(0, 3 * (left - 1) - used) > bound:
                continue
            for i in g:
                target[i] += 1
            go(k, left - 1, more, used)
            for i in g:
                target[i] -= 1

    # only the groups that fit the caps on their own can be part of a target
    sets_ok = [g for g in SET_IDS if all(n <= cap[i] for i, n in NEEDS[g])]
    total = sum(held)
    for g in PAIR_IDS:
        got = cost(g)
        if got is None or got[0] + max(0, 3 * sets - (total - got[1])) > bound:
            continue
        for i in g:
            target[i] += 1
        go(0, sets, got[0], total - got[1])
        for i in g:
            target[i] -= 1
    return found


class _Stop(Exception):
    pass


def complete_targets(
    h: Mapping[str, int],
    sets: int,
    most: Mapping[str, int],
    bound: int,
    stop: Callable[[Key, int], bool] | None = None,
) -> dict[Key, int]:
    """Every complete hand ``T`` (``sets`` sets and a NGAN) with ``T[c] <= most[c]`` and at most
    ``bound`` cards not in ``h``, mapped to that number of cards (the draws it needs). With
    ``stop``, it is called on each target found, and the search ends once it answers True.

    Held cards are taken lowest kind first: the lowest one left is either not kept or joins a
    group that holds it (its other cards held ones where some are left, else drawn); once no
    held card is left, the groups still missing are made of drawn cards only. Any target is
    reached this way with its draws counted exactly; a branch stops once the draws so far plus
    the slots that the held cards left cannot fill exceed ``bound``."""
    held = [h.get(c, 0) for c in KINDS]
    cap = [most.get(c, 0) for c in KINDS]
    left = list(held)  # held cards not yet placed nor given up
    target = [0] * len(KINDS)
    found: dict[Key, int] = {}

    def fits(g: tuple[int, ...]) -> bool:
        return all(target[i] + n <= cap[i] for i, n in NEEDS[g])

    sets_with = [[g for g in SETS_WITH[i] if fits(g)] for i in range(len(KINDS))]
    pairs_with = [[g for g in PAIRS_WITH[i] if fits(g)] for i in range(len(KINDS))]
    sets_ok = [g for g in SET_IDS if fits(g)]
    pairs_ok = [g for g in PAIR_IDS if fits(g)]

    def record() -> None:
        draws = sum(max(0, t - k) for t, k in zip(target, held))
        key = tuple((KINDS[i], n) for i, n in enumerate(target) if n)
        if key not in found:
            found[key] = draws
            if stop is not None and stop(key, draws):
                raise _Stop

    def fresh(sets_left: int, pair_left: bool, start: int) -> None:
        """The missing groups, of drawn cards only (the NGAN first, sets in a fixed order)."""
        if pair_left:
            for g in pairs_ok:
                if fits(g):
                    for i in g:
                        target[i] += 1
                    fresh(sets_left, False, 0)
                    for i in g:
                        target[i] -= 1
            return
        if not sets_left:
            record()
            return
        for k in range(start, len(sets_ok)):
            g = sets_ok[k]
            if fits(g):
                for i in g:
                    target[i] += 1
                fresh(sets_left - 1, False, k)
                for i in g:
                    target[i] -= 1

    def go(draws: int, sets_left: int, pair_left: bool, rest: int, c: int) -> None:
        slots = 3 * sets_left + 2 * pair_left
        if draws + max(0, slots - rest) > bound:
            return
        while c < len(KINDS) and not left[c]:
            c += 1
        if c == len(KINDS):
            if slots == 0:
                record()
            else:
                fresh(sets_left, pair_left, 0)
            return
        left[c] -= 1  # this copy of c is not kept
        go(draws, sets_left, pair_left, rest - 1, c)
        left[c] += 1
        options = (sets_with[c] if sets_left else []) + (pairs_with[c] if pair_left else [])
        for g in options:
            if not fits(g):
                continue
            used = []
            for i in g:
                target[i] += 1
                if left[i]:
                    left[i] -= 1
                    used.append(i)
            is_pair = len(g) == 2
            go(
                draws + len(g) - len(used),
                sets_left - (not is_pair),
                pair_left and not is_pair,
                rest - len(used),
                c,
            )
            for i in g:
                target[i] -= 1
            for i in used:
                left[i] += 1

    if sets < 0:
        return found
    try:
        go(0, sets, True, sum(held), 0)
    except _Stop:
        pass
    return found


class Distance:
    """``d`` of 13-card (3n+1) hands with fixed sets laid down and bonus cards, cached: per hand
    either the exact ``d`` or a number of draws searched without finding a win."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge
        self.known: dict[tuple[Key, Key], tuple[bool, int]] = {}  # (exact?, d or lower bound)

    def _win_at(self, h: Mapping[str, int], sets: int, most: Mapping[str, int], draws: int) -> bool:
        """Whether a winning target needs exactly ``draws`` draws (the search stops at one)."""
        found: list[Key] = []

        def stop(t: Key, n: int) -> bool:
            if n == draws and self.judge(dict(t)).wins:
                found.append(t)
            return bool(found)

        complete_targets(h, sets, most, draws, stop)
        return bool(found)

    def __call__(
        self, h: Mapping[str, int], most: Mapping[str, int], limit: int | None = None
    ) -> int:
        """``min(d(h), limit)``; with no limit, ``d(h)`` or ``NEVER`` if no win can be reached.
        ``most[c]``: the most copies of ``c`` a target may hold."""
        sets = self.judge.sets
        most_draws = 3 * sets + 2  # a target made of new cards only
        top = most_draws if limit is None else min(limit, most_draws)
        key = (key_of(h), key_of(most))
        exact, got = self.known.get(key, (False, 0))  # inexact: no win within ``got`` draws
        if not exact:
            for draws in range(got + 1, top + 1):
                if draws == 1:  # one draw: try each card that may be drawn
                    won = any(
                        self.judge(plus(h, t)).wins for t in KINDS if most.get(t, 0) > h.get(t, 0)
                    )
                else:
                    won = self._win_at(h, sets, most, draws)
                if won:
                    exact, got = True, draws - 1
                    break
                got = draws
            if not exact and got >= most_draws:
                exact, got = True, NEVER
            self.known[key] = (exact, got)
        if exact:
            return got if limit is None else min(got, limit)
        assert limit is not None  # without one, the search above ends exact
        return limit  # no win within ``limit`` draws: d >= limit


def distance_to_win(
    hand: Hand | str,
    rules_name: str = "3leg",
    seat: str = "east",
    seen: Iterable[str] = (),
    limit: int | None = None,
    avail: Mapping[str, int] | None = None,
) -> int:
    """RULES §5.3 ``d`` of a 3n+1 hand (or a 3n+2 one: -1 if it wins, else the least ``d`` over
    its discards). Draws come from the cards not in sight (``seen`` cards too), or from
    ``avail`` (more copies allowed per kind) if given. With ``limit``, ``min(d, limit)``;
    without, ``NEVER`` when no winning hand can be reached."""
    hand = as_hand(hand)
    judge = Judge(hand, rules_name, seat)
    dist = Distance(judge)
    h = concealed_of(hand)
    free = Counter(avail) if avail is not None else not_in_sight(hand, seen)
    copies = physical_left(hand)
    size = sum(h.values())
    if size == 3 * judge.sets + 1:
        return dist(h, {c: min(copies[c], h.get(c, 0) + free[c]) for c in KINDS}, limit)
    if size != 3 * judge.sets + 2:
        raise ValueError(f"{hand}: neither 3n+1 nor 3n+2 cards")
    if judge(h).wins:
        return -1
    best = NEVER if limit is None else limit
    for x in sorted(h):
        kept = minus(h, x)
        most = {c: min(copies[c], kept.get(c, 0) + free[c]) for c in KINDS}
        best = min(best, dist(kept, most, best))
    return best


# --- §5.2: the whole-round horizon ------------------------------------------------------------

Value = tuple[Fraction, Fraction, tuple[Fraction, ...]]  # (expected FUN, win prob, win_by_draw)
ZERO = Fraction(0)
ONE = Fraction(1)


def nothing(n: int) -> Value:
    return (ZERO, ZERO, (ZERO,) * n)


class Horizon:
    """V(h, n) of RULES §5.2 from one root: the 13 kept cards ``h0`` and the pool ``pool0``."""

    def __init__(
        self,
        hand: Hand,
        h0: Mapping[str, int],
        pool0: Mapping[str, int],
        rules_name: str = "3leg",
        seat: str = "east",
        caps: str = "model",
        literal: bool = False,
        moves: bool = False,
        changes: int = 0,
    ) -> None:
        if caps not in ("model", "pool", "physical"):
            raise ValueError(f"caps: model, pool or physical, not {caps!r}")
        self.hand = hand
        self.rules_name = rules_name
        self.seat = seat
        self.moves = moves
        self.changes = changes
        wild = load_rules(rules_name).spec.tiles.wild
        self.sinkable = bool(wild and wild.sinkable)
        self.family: dict[tuple, Horizon] = {fixed_key(hand): self}  # the searches after moves
        self.root = (dict(h0), laid_out(hand))
        self.judge = Judge(hand, rules_name, seat)
        self.dist = Distance(self.judge)
        self.h0 = dict(h0)
        self.pool0 = {k: pool0.get(k, 0) for k in KINDS}
        if any(n < 0 for n in self.pool0.values()):
            raise ValueError("a negative pool")
        self.caps = caps
        self.physical = physical_left(hand)
        self.memo: dict[tuple[Key, int, int, int], Value] = {}
        self.literal = literal
        self.closer_memo: dict[tuple[Key, int], tuple[bool, list[str]]] = {}
        self.same_memo: dict[tuple[Key, int], list[str]] = {}

    def pool(self, h: Mapping[str, int]) -> Cards:
        """§5: pool[t] = pool0[t] - max(0, h[t] - h0[t]), kinds with none left dropped."""
        out = {t: self.pool0[t] - max(0, h.get(t, 0) - self.h0.get(t, 0)) for t in KINDS}
        return {t: p for t, p in out.items() if p > 0}

    def most(self, h: Mapping[str, int]) -> Cards:
        """The most copies of each kind a target of ``d(h)`` may hold (see the module notes)."""
        if self.caps == "physical":
            return {c: self.physical[c] for c in KINDS}
        if self.caps == "pool":
            pool = self.pool(h)
            most = {c: h.get(c, 0) + pool.get(c, 0) for c in KINDS}
        else:
            most = {
                c: self.h0.get(c, 0) + self.pool0[c] if self.pool0[c] > 0 else h.get(c, 0)
                for c in KINDS
            }
        return {c: min(n, self.physical[c]) for c, n in most.items()}

    def d(self, h: Mapping[str, int], limit: int | None = None) -> int:
        return self.dist(h, self.most(h), limit)

    def closer(self, h14: Mapping[str, int], dh: int) -> tuple[bool, list[str]]:
        """Whether some discard ``x`` from 14 cards gives ``d(h14 - x) < dh``, and the ``x``
        with ``d(h14 - x) = dh - 1``.

        Literally, ``d`` of each 13 cards left. Faster and the same under the "model" and
        "physical" caps (a target's caps there do not depend on the cards held, except that a
        kind with no card in the pool can't be drawn, and a target with fewer ``x`` than
        ``h14`` respects that for ``x``): ``d(h14 - x) + 1`` is the least ``|T - h14|``,
        over winning targets ``T`` with ``T[x] < h14[x]``, so one search over targets ``T``
        with ``|T - h14| <= dh`` gives every ``x``."""
        key = (key_of(h14), dh)
        got = self.closer_memo.get(key)
        if got is not None:
            return got
        if self.literal or self.caps == "pool":
            ds = {x: self.d(minus(h14, x), dh) for x in h14}
            got = (
                any(v < dh for v in ds.values()),
                sorted(x for x, v in ds.items() if v == dh - 1),
            )
        else:
            wins: dict[Key, int] = {}

            def stop(t: Key, n: int) -> bool:
                if self.judge(dict(t)).wins:
                    wins[t] = n
                return False

            complete_targets(h14, self.judge.sets, self.most(h14), dh, stop)
            if any(n < dh for n in wins.values()):  # d(h) was not dh: cannot happen
                raise AssertionError(f"{key}: a win within {dh - 1} draws")
            steps = {x for t in wins for x in h14 if dict(t).get(x, 0) < h14[x]}
            got = (bool(steps), sorted(steps))
        self.closer_memo[key] = got
        return got

    def same(self, h14: Mapping[str, int], dh: int) -> list[str]:
        """The discards ``x`` from 14 cards with ``d(h14 - x) = dh``, where none is closer
        (``d(h14 - x) >= dh`` for every ``x``).

        Literally, ``d`` of each 13 cards left. Else as in ``closer``: ``d(h14 - x) + 1`` is the
        least ``|T - h14|`` over winning targets ``T`` with ``T[x] < h14[x]`` (or one more, over
        the others), and no winning target is within ``dh`` draws of ``h14``, so the ``x`` are
        those some winning target within ``dh + 1`` draws holds fewer of."""
        key = (key_of(h14), dh)
        got = self.same_memo.get(key)
        if got is not None:
            return got
        if self.literal or self.caps == "pool":
            got = sorted(x for x in h14 if self.d(minus(h14, x), dh + 1) == dh)
        else:
            near: list[Key] = []

            def stop(t: Key, n: int) -> bool:
                if self.judge(dict(t)).wins:
                    if n <= dh:  # the hand was not at dh: cannot happen
                        raise AssertionError(f"{key}: a win within {dh} draws")
                    near.append(t)
                return False

            complete_targets(h14, self.judge.sets, self.most(h14), dh + 1, stop)
            got = sorted({x for t in near for x in h14 if dict(t).get(x, 0) < h14[x]})
        self.same_memo[key] = got
        return got

    def value(self, h: Mapping[str, int], n: int, exact: int, changes: int | None = None) -> Value:
        """(expected FUN, win probability, win_by_draw) of 13 cards with ``n`` draws left, the
        first ``exact`` of them searched with every discard, and ``changes`` hand changes left
        after them (by default the model's)."""
        if n <= 0:
            return nothing(0)
        exact = min(exact, n)
        k = self.changes if changes is None else changes
        key = (key_of(h), n, exact, k)
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = self._value(h, n, exact, k)
        return got

    def kept(self, h: Mapping[str, int], h14: Mapping[str, int], left: int, exact: int, exact_after: int,
             dh: int, drawn: str | None = None, changes: int | None = None) -> Value:
        """The best value after a draw that does not win, ``h14``, with ``left`` draws after it:
        in an exact draw every discard (then ``exact_after`` exact draws), else throwing the card
        back or a discard ``x`` with ``d(h14 - x) = d(h) - 1``; where there is none and a hand
        change is left (``changes``; the card ``drawn`` given), also a discard ``x`` other than it
        with ``d(h14 - x) = d(h)``, one change fewer left after it."""
        k = self.changes if changes is None else changes
        if exact:
            cands = [self.value(minus(h14, x), left, exact_after) for x in h14]
        else:
            cands = [self.value(h, left, 0, k)]  # the card thrown back
            # d of 13 cards is never below 0: at d(h) = 0 (or one draw left) no x helps
            some, steps = self.closer(h14, dh) if dh > 0 else (False, [])
            if some:  # some x has d(h+t-x) < d(h): weigh those with d(h) - 1
                cands += [self.value(minus(h14, x), left, 0, k) for x in steps]
            elif k and left and drawn is not None:  # a hand change: x keeps the distance
                cands += [self.value(minus(h14, x), left, 0, k - 1) for x in self.same(h14, dh) if x != drawn]
        return max(cands)

    def _value(self, h: Mapping[str, int], n: int, exact: int, k: int) -> Value:
        dh = 0
        if not exact and n > 1:
            # (with one draw left, d(h) >= 1 means no card of the pool wins: the sum below is 0)
            dh = self.d(h, n)
            if dh >= n:
                return nothing(n)
        pool = self.pool(h)
        total = sum(pool.values())
        if not total:
            return nothing(n)
        ev = pw = ZERO
        by = [ZERO] * n
        for t, p in pool.items():
            h14 = plus(h, t)
            verdict = self.judge(h14)
            if verdict.wins:
                branch: Value = (Fraction(verdict.fun), ONE, (ONE,) * n)
            elif exact and self.moves and n > 1:  # (the last draw only wins or not)
                branch = self.decide(h14, n - 1, exact - 1, t)
            else:
                v, q, later = self.kept(h, h14, n - 1, exact, exact - 1, dh, t, k)
                branch = (v, q, (ZERO, *later))
            ev += p * branch[0]
            pw += p * branch[1]
            for j in range(n):
                by[j] += p * branch[2][j]
        return (ev / total, pw / total, tuple(b / total for b in by))

    # --- §5.4: the moves after an exact draw ----------------------------------------------------

    def child(self, hand: Hand) -> Horizon:
        """The search after a move that leaves these sets laid down and bonus cards: the root's
        pool, and its cards held less those the move laid down or sank (plus a FEI recalled)."""
        key = fixed_key(hand)
        got = self.family.get(key)
        if got is None:
            h0, laid0 = self.root
            out = laid_out(hand)
            out.subtract(laid0)
            shifted = {c: h0.get(c, 0) - out[c] for c in KINDS}
            got = Horizon(hand, shifted, self.pool0, self.rules_name, self.seat, self.caps, self.literal, self.moves,
                          self.changes)
            got.family = self.family
            got.root = self.root
            self.family[key] = got
        return got

    def replaced(self, h14: Mapping[str, int]) -> list[tuple[Horizon, Cards]]:
        """Sinking a FEI, a concealed KONG, a card added to an exposed PONG: the search after
        each and the cards it leaves before the replacement."""
        out = []
        hand = self.hand
        if self.sinkable and h14.get(FEI, 0):
            sunk = Hand((), hand.melds, (*hand.bonus, Tile.parse(FEI)))
            out.append((self.child(sunk), minus(h14, FEI)))
        for c, k in sorted(h14.items()):
            if k == 4 and c != FEI:
                kong = Meld(MeldKind.KONG, (Tile.parse(c),) * 4, exposed=False)
                left = dict(h14)
                del left[c]
                out.append((self.child(Hand((), (*hand.melds, kong), hand.bonus)), left))
        for j, m in enumerate(hand.melds):
            names = [str(t) for t in m.cards]
            if m.exposed and len(names) == 3 and len(set(names)) == 1 and names[0] != FEI and h14.get(names[0]):
                kong = Meld(MeldKind.KONG, (m.cards[0],) * 4)
                melds = (*hand.melds[:j], kong, *hand.melds[j + 1:])
                out.append((self.child(Hand((), melds, hand.bonus)), minus(h14, names[0])))
        return out

    def recalls(self, h14: Mapping[str, int], t: str) -> list[tuple[Horizon, Cards]]:
        """Each set laid down holding a FEI that the card ``t`` just drawn can take the place of
        (the set's other cards and ``t`` are three of a kind, or a run of Dots): the search after
        the FEI comes back to the hand, and the 14 cards then."""
        out = []
        hand = self.hand
        for j, m in enumerate(hand.melds):
            names = [str(c) for c in m.cards]
            if FEI not in names or t == FEI:
                continue
            names.remove(FEI)
            cards = sorted([*names, t])
            pong = len(set(cards)) == 1
            dots = all(c in DOTS for c in cards)
            ranks = sorted(int(c[0]) for c in cards) if dots else []
            run = dots and ranks == list(range(ranks[0], ranks[0] + 3))
            if not (pong or run):
                continue
            back = Meld(MeldKind.PONG if pong else MeldKind.CHEE, tuple(sorted(Tile.parse(c) for c in cards)), m.exposed)
            melds = (*hand.melds[:j], back, *hand.melds[j + 1:])
            out.append((self.child(Hand((), melds, hand.bonus)), plus(minus(h14, t), FEI)))
        return out

    def replacement(self, g: Mapping[str, int], left: int, exact: int) -> Value:
        """A replacement card after a move: a win, else the best discard; ``(EV, P(win),
        (P(win on it), P(win by 1 more draw), ...))``."""
        pool = self.pool(g)
        total = sum(pool.values())
        if not total:
            return nothing(left + 1)
        ev = pw = ZERO
        by = [ZERO] * (left + 1)
        for r, p in pool.items():
            h14 = plus(g, r)
            verdict = self.judge(h14)
            if verdict.wins:
                v, q, later = Fraction(verdict.fun), ONE, (ONE,) * (left + 1)
            else:
                v, q, after = max(self.value(minus(h14, x), left, exact) for x in h14)
                later = (ZERO, *after)
            ev += p * v
            pw += p * q
            by = [b + p * x for b, x in zip(by, later, strict=True)]
        return ev / total, pw / total, tuple(b / total for b in by)

    def decide(self, h14: Mapping[str, int], left: int, exact: int, drawn: str | None) -> Value:
        """After an exact draw ``drawn`` that does not win: the best of every discard and every
        move, ``(EV, P(win), (P(win at this draw), P(win by 1 more draw), ...))``."""
        cands = []
        for x in h14:
            v, q, later = self.value(minus(h14, x), left, exact)
            cands.append((v, q, (ZERO, *later)))
        for child, g in self.replaced(h14):
            cands.append(child.replacement(g, left, exact))
        for child, g14 in self.recalls(h14, drawn) if drawn is not None else ():
            verdict = child.judge(g14)
            if verdict.wins:
                cands.append((Fraction(verdict.fun), ONE, (ONE,) * (left + 1)))
            else:
                cands.append(child.decide(g14, left, exact, None))
        return max(cands)


def horizon_value(
    hand13: Hand | str,
    pool: Mapping[str, int],
    n_draws: int,
    exact_draws: int,
    rules_name: str = "3leg",
    seat: str = "east",
    caps: str = "model",
    literal: bool = False,
    moves: bool = False,
    changes: int = 0,
) -> tuple[Fraction, Fraction, list[Fraction]]:
    """RULES §5.2: (expected FUN, win probability, win_by_draw) of a 3n+1 hand (its sets laid
    down and bonus cards included) whose pool0 is ``pool``, over ``n_draws`` draws of which the
    first ``exact_draws`` weigh every discard (and, with ``moves``, the moves of §5.4), with
    ``changes`` hand changes allowed after them."""
    hand = as_hand(hand13)
    h0 = concealed_of(hand)
    model = Horizon(hand, h0, pool, rules_name, seat, caps, literal, moves, changes)
    ev, pw, by = model.value(h0, n_draws, exact_draws)
    return ev, pw, list(by)


def discard_values(
    hand14: Hand | str,
    n_draws: int,
    exact_draws: int,
    seen: Iterable[str] = (),
    rules_name: str = "3leg",
    seat: str = "east",
    caps: str = "model",
    literal: bool = False,
    moves: bool = False,
    changes: int = 0,
) -> dict[str, tuple[Fraction, Fraction, list[Fraction]]]:
    """Per discard of a 3n+2 hand: ``horizon_value`` of the cards kept, with pool0 every
    non-bonus card not in sight (the 14 cards, sets laid down, sunk FEI, ``seen``)."""
    hand = as_hand(hand14)
    cards = concealed_of(hand)
    pool0 = not_in_sight(hand, seen)
    out = {}
    for x in sorted(cards):
        h0 = minus(cards, x)
        model = Horizon(hand, h0, pool0, rules_name, seat, caps, literal, moves, changes)
        ev, pw, by = model.value(h0, n_draws, exact_draws)
        out[x] = (ev, pw, list(by))
    return out


def replacement_value(model: Horizon, h0: Mapping[str, int], n: int, exact: int) -> tuple[Fraction, Fraction, list[Fraction]]:
    """RULES §5.4: a replacement card drawn at once from the 3n+1 cards ``h0`` (after sinking a FEI
    or laying down a KONG), then ``n`` draws. The replacement wins, or (with exact draws) every
    discard is weighed after it, or (with none) it is kept for the best discard that brings a win
    closer, or thrown back (never for a hand change: the replacement is not one of the ``n``
    draws). A win on the replacement counts as a win by every draw."""
    dh = model.d(h0) if not exact else 0
    pool = model.pool(h0)
    total = sum(pool.values())
    ev = pw = ZERO
    by = [ZERO] * n
    for t, p in pool.items():
        h14 = plus(h0, t)
        verdict = model.judge(h14)
        if verdict.wins:
            v, q, later = Fraction(verdict.fun), ONE, (ONE,) * n
        else:  # the replacement is not a draw of the n: the exact draws are all still to come
            v, q, later = model.kept(h0, h14, n, exact, exact, dh)
        ev += p * v
        pw += p * q
        by = [b + p * x for b, x in zip(by, later, strict=True)]
    return ev / total, pw / total, [b / total for b in by]
