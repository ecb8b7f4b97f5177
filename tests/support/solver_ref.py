"""Independent references for the solver tests, written from docs/rules/3leg.md, docs/api.md and
docs/solver.md.

Cards are plain strings in the notation (``5d``, ``E``, ``Wh``, ``F*``) and hands are counts of
them (Counters, or plain dicts in the model); nothing of the solver's packing, memo tables or
shape code is reused. Shanten comes from
``reference_shanten.brute_draws`` (a search over target hands), waits from ``reference.judge`` (a
brute-force checker), and the expected-FUN model of §5 from a plain recursion in exact fractions
that judges wins with ``tutor.engine.scoring.check.check``.
"""

from __future__ import annotations

import random
from collections import Counter

from gmpy2 import (
    mpq as Fraction,  # exact rationals as fractions.Fraction, in C (GMP): several times faster
)

from support.reference import FEI, PLAYING, Verdict, judge
from support.reference_shanten import brute_draws
from tutor.core.hands import Hand, Meld, MeldKind
from tutor.core.tiles import Tile
from tutor.engine.scoring.check import check
from tutor.rules.load import load_rules

KINDS = (*PLAYING, FEI)  # the 17 kinds of card a 3leg player can draw
DOTS_N = 9
SLOT = {c: k for k, c in enumerate(PLAYING)} | {FEI: 34}  # positions in brute_draws' 35 counts
COPIES = 4  # of each real card, and of FEI
Value = tuple[Fraction, Fraction]  # (expected FUN, win probability)


def concealed_of(hand: Hand) -> Counter[str]:
    """The concealed cards as a Counter of names."""
    return Counter(str(t) for t in hand.concealed)


def physical_left(hand: Hand) -> Counter[str]:
    """Copies of each kind that may still be in the concealed hand: 4 minus sets and sunk FEI."""
    left = Counter({k: COPIES for k in KINDS})
    for m in hand.melds:
        left.subtract(str(t) for t in m.cards)
    left[FEI] -= sum(1 for t in hand.bonus if str(t) == FEI)
    return left


def unseen(hand: Hand, seen: tuple[str, ...] = ()) -> Counter[str]:
    """RULES §4: 4 minus the copies in sight (concealed, sets, sunk FEI for F*, ``seen``)."""
    out = physical_left(hand)
    out.subtract(concealed_of(hand))
    out.subtract(seen)
    return out


def draws(hand: Hand, bound: int) -> int | None:
    """Least draws (each swapped for a card held) to a complete hand that can exist, if <= bound."""
    counts = [0] * 35
    for c, n in concealed_of(hand).items():
        counts[SLOT[c]] += n
    cap = [0] * 35
    for c, n in physical_left(hand).items():
        cap[SLOT[c]] = n
    sets = 4 - len(hand.melds)
    return brute_draws(
        counts, sets, list(range(len(PLAYING))), list(range(DOTS_N - 2)), cap, 1, bound
    )


def shanten(hand: Hand, guess: int = 0) -> int:
    """Exact shanten by brute force: the bound grows from ``guess`` until a target is found."""
    bound = max(guess + 1, 0)
    while True:
        got = draws(hand, bound)
        if got is not None:
            return got - 1
        bound += 1


def with_cards(
    hand: Hand, cards: Counter[str] | list[str], bonus: tuple[str, ...] | None = None
) -> Hand:
    """The hand with these concealed cards (and, if given, these bonus cards)."""
    conc = tuple(Tile.parse(c) for c in Counter(cards).elements())
    extra = hand.bonus if bonus is None else tuple(Tile.parse(b) for b in bonus)
    return Hand(conc, hand.melds, extra)


def waits(
    hand: Hand, rules: str = "3leg", seat: str = "east", seen: tuple[str, ...] = ()
) -> list[tuple[str, int, bool, int]]:
    """(card, fun, wins, unseen) for every card kind with an unseen copy that completes the hand."""
    left = unseen(hand, seen)
    out = []
    for k in KINDS:
        if left[k] <= 0:
            continue
        verdict = judge(with_cards(hand, [*map(str, hand.concealed), k]), seat, frozenset(), rules)
        if verdict.complete:
            out.append((k, verdict.fun, verdict.wins, left[k]))
    return out


Cards = dict[str, int]  # a hand as plain counts per card name
Key = tuple[tuple[str, int], ...]


def plus(h: Cards, t: str) -> Cards:
    """The hand with one more ``t``."""
    out = dict(h)
    out[t] = out.get(t, 0) + 1
    return out


def minus(h: Cards, t: str) -> Cards:
    """The hand with one ``t`` fewer."""
    out = dict(h)
    out[t] -= 1
    if not out[t]:
        del out[t]
    return out


def key_of(h: Cards) -> Key:
    """A hashable, order-free form of a hand."""
    return tuple(sorted(h.items()))


class Model:
    """docs/solver.md by plain recursion over dict counts, exact in fractions.

    Wins are judged by ``tutor.engine.scoring.check.check`` (itself tested against ``reference.judge``);
    verdicts are cached per hand, values per (hand, sets laid down, bonus cards, draws left).
    Every draw is weighed in full: with ``moves`` (RULES §5.4), after a draw that does not win
    and is not the last (the last draw only wins or not, §5.2) the player may also sink a FEI, declare a concealed KONG or add a card to an exposed PONG
    (a replacement card at once: a win, or a discard), or recall a FEI from a set laid down with
    the card drawn (a win, or the same choice again). The pool counts the cards moves took out of
    the hand: ``pool[t] = pool0[t] - max(0, h[t] + out[t] - h0[t])``.
    """

    def __init__(
        self, hand: Hand, rules: str = "3leg", seat: str = "east", seen: tuple[str, ...] = (),
        moves: bool = False,
    ) -> None:
        self.hand = hand
        self.rules = rules
        self.seat = seat
        self.moves = moves
        wild = load_rules(rules).spec.tiles.wild
        self.sinkable = bool(wild and wild.sinkable)
        self.pool0 = unseen(hand, seen)  # the 14 cards, sets, sunk FEI and seen cards in sight
        self.cards14: Cards = dict(concealed_of(hand))
        self._verdicts: dict[tuple, Verdict] = {}
        self.fixed: Fixed = (hand.melds, tuple(map(str, hand.bonus)))
        self.laid0: Counter[str] = laid(self.fixed)
        self.h0: Cards = {}
        self._memo: dict[tuple, Value] = {}

    @property
    def bonus(self) -> tuple[str, ...]:
        return self.fixed[1]

    def verdict(self, cards: Cards, fixed: Fixed | None = None) -> Verdict:
        """``check``'s verdict on these 14 concealed cards with these sets and bonus cards."""
        melds, bonus = self.fixed if fixed is None else fixed
        key = (key_of(cards), tuple(sorted(map(str, melds))), tuple(sorted(bonus)))
        got = self._verdicts.get(key)
        if got is None:
            conc = tuple(Tile.parse(c) for c in Counter(cards).elements())
            hand = Hand(conc, melds, tuple(Tile.parse(b) for b in bonus))
            result = check(hand, load_rules(self.rules), self.seat)
            got = self._verdicts[key] = Verdict(result.complete, result.wins, result.fun)
        return got

    def pool(self, h: Cards, fixed: Fixed | None = None) -> Cards:
        """pool[t] = pool0[t] - max(0, h[t] + out[t] - h0[t]), kinds with none left dropped."""
        out = laid(self.fixed if fixed is None else fixed)
        out.subtract(self.laid0)
        got = {t: self.pool0[t] - max(0, h.get(t, 0) + out[t] - self.h0.get(t, 0)) for t in KINDS}
        return {t: p for t, p in got.items() if p > 0}

    def value(self, h: Cards, n: int, fixed: Fixed | None = None) -> Value:
        """(expected FUN, win probability) of the 13 cards ``h`` with ``n`` draws left."""
        fixed = self.fixed if fixed is None else fixed
        if n <= 0:
            return (Fraction(0), Fraction(0))
        key = (key_of(h), n, tuple(sorted(map(str, fixed[0]))), tuple(sorted(fixed[1])))
        if key in self._memo:
            return self._memo[key]
        pool = self.pool(h, fixed)
        total = sum(pool.values())
        ev = pw = Fraction(0)
        for t, p in pool.items():
            v, q = self.after_draw(plus(h, t), n - 1, fixed, t)
            ev += p * v
            pw += p * q
        out = (ev / total, pw / total) if total else (Fraction(0), Fraction(0))
        self._memo[key] = out
        return out

    def after_draw(self, h14: Cards, n: int, fixed: Fixed | None = None, drawn: str | None = None,
                   moves: bool | None = None) -> Value:
        """Value of 14 cards just drawn to: the win if they win, else the best discard (or move,
        unless ``moves`` is False: after a replacement card, a discard only)."""
        fixed = self.fixed if fixed is None else fixed
        verdict = self.verdict(h14, fixed)
        if verdict.wins:
            return (Fraction(verdict.fun), Fraction(1))
        best = max(self.value(minus(h14, d), n, fixed) for d in h14)
        if n and (self.moves if moves is None else moves):  # (the last draw only wins or not)
            for after, g in self.after_moves(h14, fixed):  # a replacement, then a discard
                best = max(best, self.replaced(g, n, after))
            if drawn is not None:
                for after, g14 in recall_moves(h14, fixed, drawn):
                    best = max(best, self.after_draw(g14, n, after, None))
        return best

    def replaced(self, g: Cards, n: int, fixed: Fixed) -> Value:
        """A replacement card drawn at once by ``g``, then a discard, then ``n`` draws."""
        pool = self.pool(g, fixed)
        total = sum(pool.values())
        ev = pw = Fraction(0)
        for t, p in pool.items():
            v, q = self.after_draw(plus(g, t), n, fixed, t, moves=False)
            ev += p * v
            pw += p * q
        return (ev / total, pw / total) if total else (Fraction(0), Fraction(0))

    def after_moves(self, h14: Cards, fixed: Fixed) -> list[tuple[Fixed, Cards]]:
        """Sinking a FEI, a concealed KONG, a card added to an exposed PONG of no FEI."""
        melds, bonus = fixed
        out: list[tuple[Fixed, Cards]] = []
        if self.sinkable and h14.get(FEI):
            out.append(((melds, (*bonus, FEI)), minus(h14, FEI)))
        for c, k in h14.items():
            if k == 4 and c != FEI:
                rest = {x: y for x, y in h14.items() if x != c}
                out.append((((*melds, Meld(MeldKind.KONG, (Tile.parse(c),) * 4, exposed=False)), bonus), rest))
        for j, m in enumerate(melds):
            names = {str(t) for t in m.cards}
            if m.exposed and m.kind is MeldKind.PONG and FEI not in names and h14.get(str(m.cards[0])):
                grown = Meld(MeldKind.KONG, (m.cards[0],) * 4)
                out.append((((*melds[:j], grown, *melds[j + 1:]), bonus), minus(h14, str(m.cards[0]))))
        return out

    def best_discards(self, h14: Cards, n: int) -> list[str]:
        """Every discard from 14 cards that reaches the best (FUN, then win probability)."""
        vals = {d: self.value(minus(h14, d), n) for d in h14}
        top = max(vals.values())
        return [d for d, v in vals.items() if v == top]

    def start(self, h0: Cards, bonus: tuple[str, ...], melds: tuple[Meld, ...] | None = None) -> None:
        """Begin a fresh search from the 13 kept cards ``h0`` with these bonus cards."""
        self.h0 = h0
        self.fixed = (self.hand.melds if melds is None else melds, bonus)
        self.laid0 = laid(self.fixed)
        self._memo = {}

    def options(self, n: int) -> dict[tuple[str, str], Value]:
        """(card, action) -> value for every discard, and sinking a FEI if one is held."""
        out = {}
        for d in sorted(self.cards14):
            self.start(minus(self.cards14, d), tuple(map(str, self.hand.bonus)))
            out[(d, "discard")] = self.value(self.h0, n)
        if self.cards14.get(FEI) and self.sinkable:
            self.start(minus(self.cards14, FEI), (*map(str, self.hand.bonus), FEI))
            out[(FEI, "sink")] = self.replaced(self.h0, n, self.fixed)
        return out


Fixed = tuple[tuple[Meld, ...], tuple[str, ...]]  # sets laid down, bonus cards


def laid(fixed: Fixed) -> Counter[str]:
    """The cards in the sets laid down and the sunk FEI."""
    out = Counter(str(t) for m in fixed[0] for t in m.cards)
    out[FEI] += fixed[1].count(FEI)
    return out


def recall_moves(h14: Cards, fixed: Fixed, drawn: str) -> list[tuple[Fixed, Cards]]:
    """Each set laid down whose FEI the card ``drawn`` can stand in for (the set's other cards
    and it: three of a kind, or three Dots in a row), the FEI back in the hand."""
    melds, bonus = fixed
    out: list[tuple[Fixed, Cards]] = []
    if drawn == FEI:
        return out
    for j, m in enumerate(melds):
        names = [str(t) for t in m.cards]
        if FEI not in names:
            continue
        names.remove(FEI)
        names.append(drawn)
        same = len(set(names)) == 1
        nums = sorted(int(c[:-1]) for c in names if c.endswith("d") and len(c) == 2)
        run = len(nums) == 3 and nums[1] == nums[0] + 1 and nums[2] == nums[0] + 2
        if not (same or run):
            continue
        back = Meld(MeldKind.PONG if same else MeldKind.CHEE, tuple(sorted(Tile.parse(c) for c in names)), m.exposed)
        out.append((((*melds[:j], back, *melds[j + 1:]), bonus), plus(minus(h14, drawn), FEI)))
    return out


def random_hand(
    rng: random.Random, size: int, melds: int, fei: int, sunk: int, kinds: int = 16
) -> str:
    """A random valid hand as text: ``melds`` sets laid down (some with a FEI, some KONGs).

    Raises ValueError when the ``kinds`` card kinds drawn from leave too few cards.
    """
    left = Counter({c: COPIES for c in rng.sample(PLAYING, kinds)})
    fei_left = COPIES - sunk
    laid: list[str] = []
    tries = 0
    while len(laid) < melds:
        tries += 1
        if tries > 500:
            raise ValueError("no room for the sets")
        kind = rng.choice(["pong", "kong", "chee", "pong_fei", "chee_fei"])
        if kind.startswith("chee"):
            low = rng.randint(1, 7)
            cards = [f"{low + j}d" for j in range(3)]
        else:
            cards = [rng.choice(PLAYING)] * (4 if kind == "kong" else 3)
        if kind.endswith("fei"):
            if not fei_left:
                continue
            cards[rng.randrange(3)] = FEI
        need = Counter(c for c in cards if c != FEI)
        if any(left[c] < n for c, n in need.items()):
            continue
        left.subtract(need)
        fei_left -= cards.count(FEI)
        laid.append(f"[{' '.join(cards)}]")
    n_conc = size - 3 * len(laid)
    held = min(fei, fei_left, n_conc)
    deck = list(left.elements())
    conc = rng.sample(deck, n_conc - held) + [FEI] * held
    rng.shuffle(conc)
    bonus = [FEI] * sunk + rng.sample(["f1", "f4", "a2", "k3", "s1"], rng.choice([0, 1, 1, 2]))
    return " ".join(conc + laid) + (" | " + " ".join(bonus) if bonus else "")


def tenpai_hand(
    rng: random.Random, melds: int, fei_rate: float, kinds: int = 16
) -> tuple[list[str], list[str]]:
    """A complete 14-card shape, cut into concealed cards and sets laid down, FEI mixed in.

    The caller drops or swaps a concealed card to get a hand that waits (or nearly waits).
    """
    left = Counter({c: COPIES for c in rng.sample(PLAYING, kinds)})
    fei_left = COPIES
    conc: list[str] = []
    laid: list[str] = []
    for size in (3, 3, 3, 3, 2):
        for _ in range(200):
            kind = "ngan" if size == 2 else rng.choice(["chee", "chee", "pong", "kong"])
            if kind == "chee":
                low = rng.randint(1, 7)
                cards = [f"{low + j}d" for j in range(3)]
            else:
                cards = [rng.choice(PLAYING)] * {"ngan": 2, "pong": 3, "kong": 4}[kind]
            if all(left[c] >= n for c, n in Counter(cards).items()):
                break
        else:
            raise ValueError("no set fits")
        left.subtract(cards)
        if kind != "kong" and fei_left and rng.random() < fei_rate:
            cards[rng.randrange(len(cards))] = FEI
            fei_left -= 1
        if size == 3 and len(laid) < melds:
            laid.append(f"[{' '.join(cards)}]")
        elif kind == "kong":
            conc.extend(cards[:3])  # only a KONG laid down counts as one set
            left[cards[0]] += 1
        else:
            conc.extend(cards)
    return conc, laid
