"""The packed-key path of shanten and acceptance (``tutor.engine.shapes.packed_shanten``) against the reference.

``Table.shanten`` reads most hands off the suit tables through ``PackedShape`` and proves the
bound exact without the card-supply search; ``Table.accepting`` reads every draw off the tables
one component at a time. Both must give exactly what the reference path gives: shanten from
``shanten_counts(..., exact=True)`` (no tables, the search always run) with the special shapes,
and acceptance by brute force over that reference. Hands are drawn for every rule set in
``tutor/rules/``: FEI held, sets laid down (KONGs, FEI in them), four of a kind, copies laid
down, FEI sunk until none is left to draw.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from tutor.core.hands import Hand
from tutor.core.tiles import FEI_ID, TILES
from tutor.engine.search.hand_table import Table
from tutor.engine.shapes.shanten import (
    ShapeContext,
    bound_is_exact,
    exact_at_least,
    optimistic,
    shanten_counts,
)
from tutor.engine.shapes.special import special_shanten
from tutor.rules.load import RuleSet, load_rules

RULE_SETS = sorted(p.stem for p in (Path(__file__).parents[1] / "tutor" / "rules").glob("*.yaml"))


def reference(table: Table, key: int) -> int:
    """Shanten by the reference path: the supply-checked search on every hand, no tables."""
    c = table.unpack(key)
    s = shanten_counts(c[:34], c[FEI_ID], table.shape, exact=True)
    if table.specials:
        sp = special_shanten(c, table.specials, table.rules)
        s = s if sp is None else min(s, sp)
    return s


def deal(rng: random.Random, rules: RuleSet, size: int) -> Hand:
    """A random hand of ``size`` cards (13 or 14 with no set laid down) for ``rules``: up to two
    sets laid down (PONG, KONG, CHEE where allowed, a FEI in some), FEI held and sunk (sometimes
    all of them), and in one hand of three four copies of a kind held."""
    copies = Counter({t: rules.copies for t in rules.in_play if t != FEI_ID})
    fei_left = rules.wild_copies if FEI_ID in rules.in_play else 0
    melds: list[str] = []
    for _ in range(rng.choice((0, 0, 1, 2))):
        t = rng.choice(sorted(copies))
        if t < 27 and t % 9 <= 6 and rules.chee_ok[t] and rng.random() < 0.5 and all(copies[t + j] for j in range(3)):
            cards = [t, t + 1, t + 2]
        elif copies[t] >= 4 and rng.random() < 0.3:
            cards = [t] * 4
        elif copies[t] >= 3:
            cards = [t] * 3
        else:
            continue
        if len(cards) == 3 and fei_left and rules.max_wild_per_set and rng.random() < 0.2:
            cards[rng.randrange(3)] = FEI_ID
        for x in cards:
            if x == FEI_ID:
                fei_left -= 1
            else:
                copies[x] -= 1
        melds.append("[" + " ".join(str(TILES[x]) for x in cards) + "]")
    sunk = rng.choice((0, 0, 1, fei_left)) if fei_left else 0
    fei_left -= sunk
    n = size - 3 * len(melds)
    held = min(rng.choice((0, 0, 0, 1, 2)), fei_left, n)
    conc = [FEI_ID] * held
    if rng.random() < 0.33:  # four copies of a kind held
        t = rng.choice([k for k, v in copies.items() if v == 4] or [0])
        if copies[t] == 4 and len(conc) + 4 <= n:
            conc += [t] * 4
            copies[t] = 0
    deck = list(copies.elements())
    conc += rng.sample(deck, n - len(conc))
    bonus = " | " + " ".join(["F*"] * sunk) if sunk else ""
    return Hand.parse(" ".join(str(TILES[x]) for x in conc) + " " + " ".join(melds) + bonus)


@pytest.mark.parametrize("name", RULE_SETS)
def test_packed_shanten_equals_the_reference(name: str) -> None:
    """1,500 random hands per rule set: ``Table.shanten`` (the packed path where it answers,
    the general path elsewhere) = the reference; with FEI to draw, the packed path answers many
    of the hands holding none."""
    rules = load_rules(name)
    rng = random.Random(f"fastshape-{name}")
    answered = fei_free = 0
    seen: Counter[str] = Counter()
    for k in range(1500):
        hand = deal(rng, rules, rules.hand_size - 1 + k % 2)
        table = Table(rules, rules.spec.seats[0], frozenset(), hand)
        key = table.pack(hand.concealed)
        want = reference(table, key)
        assert table.shanten(key) == want, (name, str(hand))
        fast = table.packed.shanten(key)
        if fast is not None:  # the packed path's own answer is the standard shape's
            c = table.unpack(key)
            assert fast == shanten_counts(c[:34], c[FEI_ID], table.shape, exact=True), (name, str(hand))
            answered += 1
        fei_free += not table.count(key, table.fei_index) if table.has_fei else 1
        seen["laid down"] += bool(hand.melds)
        seen["four held"] += max(Counter(t.id for t in hand.concealed if not t.is_fei).values()) == 4
        seen["fei held"] += any(t.is_fei for t in hand.concealed)
        seen["none left"] += table.has_fei and table.shape.fei_cap == sum(t.is_fei for t in hand.concealed)
    assert seen["laid down"] > 300 and seen["four held"] > 200, seen
    if table.has_fei:
        assert seen["fei held"] > 150 and seen["none left"] > 100, seen
    if table.has_fei:
        assert answered > 0.4 * fei_free, (answered, fei_free)  # adversarial hands: many need the search


@pytest.mark.parametrize("name", RULE_SETS)
def test_accepting_equals_brute_force(name: str) -> None:
    """150 random hands one card short per rule set: ``Table.accepting`` lists exactly the kinds
    of which one more copy may be held and whose draw lowers the reference shanten."""
    rules = load_rules(name)
    rng = random.Random(f"fastshape-accept-{name}")
    accepted = 0
    for _ in range(150):
        hand = deal(rng, rules, rules.hand_size - 1)
        table = Table(rules, rules.spec.seats[0], frozenset(), hand)
        key = table.pack(hand.concealed)
        sh = reference(table, key)
        want = [i for i, unit in enumerate(table.unit_of)
                if table.count(key, i) < table.cap_local[i] and reference(table, key + unit) < sh]
        fei_kind = rng.random() < 0.5
        if not fei_kind:
            want = [i for i in want if i != table.fei_index]
        got_sh, got = Table(rules, rules.spec.seats[0], frozenset(), hand).accepting(key, fei_kind)
        assert (got_sh, sorted(got)) == (sh, want), (name, str(hand))
        accepted += len(got)
    assert accepted > 300


def test_accepting_every_discard_as_the_bench_asks() -> None:
    """400 FEI-free 3leg hands of 14 cards (the bench's hands): each discard's acceptance by
    ``Table.accepting`` = brute force over the reference; some draws make four of a kind."""
    rules = load_rules("3leg")
    rng = random.Random("fastshape-bench")
    deck = [t for t in sorted(rules.in_play) if t != FEI_ID for _ in range(4)]
    fours = 0
    for _ in range(400):
        table = Table(rules, "east", frozenset(), Hand())
        h = rng.sample(deck, 14)
        key14 = sum(table.unit_of[table.index[t]] for t in h)
        for x in set(h):
            key = key14 - table.unit_of[table.index[x]]
            sh = reference(table, key)
            want = [i for i, unit in enumerate(table.unit_of) if i != table.fei_index
                    and table.count(key, i) < 4 and reference(table, key + unit) < sh]
            assert table.accepting(key, fei_kind=False) == (sh, want), (h, x)
            fours += any(table.count(key, i) == 3 for i in want)
    assert fours > 50


def test_bound_is_exact_only_where_the_search_confirms_it() -> None:
    """``bound_is_exact`` (FEI enough left to draw: ``min(sets, missing)``; honours held to their
    limit; a hand with a kind at its limit whose bound does not need that copy) lets shanten take
    the tables' bound without the search: on 4,000 adversarial hands (honours and suits held to
    their limit, copies laid down, as many FEI left as sets) the search confirms it every time."""
    rng = random.Random(23)
    ok = tuple(t < 27 and t % 9 <= 6 for t in range(34))
    fired = 0
    for trial in range(4000):
        sets = rng.choice((4, 4, 4, 3, 2, 1, 0))
        cap = [4] * 34
        for t in rng.sample(range(34), rng.randint(0, 10)):
            cap[t] = rng.randint(0, 3)
        counts = [0] * 34
        for _ in range(rng.choice((0, 1, 1, 2))):
            t = rng.choice((rng.randrange(27, 34), rng.randrange(27), rng.randrange(9)))
            cap[t] = rng.choice((4, 4, 3, 2))
            counts[t] = cap[t]
        while sum(counts) < 3 * sets + 1 + trial % 2:
            t = rng.randrange(34 if rng.random() < 0.5 else 9)
            if t < 27 and t % 9 <= 6 and rng.random() < 0.4:
                for x in (t, t + 1, t + 2):
                    if counts[x] < cap[x] and sum(counts) < 3 * sets + 1 + trial % 2:
                        counts[x] += 1
            elif counts[t] < cap[t]:
                counts[t] += 1
        ctx = ShapeContext(sets, ok, tuple(cap), rng.choice((sets, sets, sets + 1, 1, 3)), rng.choice((1, 1, 2)))
        target = optimistic(counts, 0, ctx, use_tables=False)
        if target < ctx.size and bound_is_exact(counts, ctx, target):
            fired += 1
            assert exact_at_least(counts, 0, ctx, target), (counts, cap, sets, ctx.fei_cap, ctx.max_wild)
    assert fired > 1500


def test_four_copies_in_a_pong_and_a_chee() -> None:
    """800 3leg hands holding four copies of a Dots kind and a CHEE through it, whole or two of
    its cards (the hands where ``PackedShape._split`` proves the bound): ``Table.shanten`` = the
    reference, and the split answers many of them where the fourth copy counts in the bound."""
    rules = load_rules("3leg")
    rng = random.Random("fastshape-split")
    split = 0
    for k in range(800):
        t = rng.randrange(9)
        low = rng.choice([x for x in (t - 2, t - 1, t) if 0 <= x <= 6])
        others = [x for x in (low, low + 1, low + 2) if x != t]
        cards = [t] * 4 + (others if k % 2 else [rng.choice(others)])
        copies = Counter({x: 4 for x in rules.in_play if x != FEI_ID})
        copies.subtract(Counter(cards))
        cards += rng.sample(list(copies.elements()), 13 + k % 2 - len(cards))
        table = Table(rules, "east", frozenset(), Hand())
        key = sum(table.unit_of[table.index[x]] for x in cards)
        assert table.shanten(key) == reference(table, key), sorted(cards)
        packed = table.packed
        flags = (key + packed.offset) & packed.at_limit
        # answered though the fourth copy counts in the bound: the split proved it
        split += bool(flags) and packed.shanten(key) is not None and packed.bound(key - (flags >> 2)) != packed.bound(key)
    assert split > 200, split


@pytest.mark.parametrize("name", RULE_SETS)
def test_honours_kept_by_products_equals_the_merged_profile(name: str) -> None:
    """``honours_kept`` (a pattern's array as its prefix's times its last honour's) = the kept
    array of the honours' profiles merged one by one, each honour its own kind, for every sorted
    pattern of up to seven honours held one to four times, and every count of sets to make."""
    from itertools import combinations_with_replacement

    from tutor.engine.shapes import suit_tables as tables
    from tutor.engine.shapes.shanten import free_profile, honours_kept, merge_profiles

    rules = load_rules(name)
    patterns = [p for k in range(8) for p in combinations_with_replacement(range(1, 5), k) if sum(p) <= 14]
    assert len(patterns) == 177
    for sets in range(rules.sets + 1):
        ctx = ShapeContext(sets, rules.chee_ok[:34], (4,) * 34, 4, rules.max_wild_per_set)
        for pattern in patterns:
            prof: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
            for k, x in enumerate(pattern):
                prof = merge_profiles(prof, free_profile((27 + k,), (x,), ctx.chee_ok, ctx.max_wild, {}), sets, 0)
            assert honours_kept(pattern, ctx) == tables.kept_array(prof, sets), (name, sets, pattern)


def honours_heavy(rng: random.Random, rules: RuleSet, size: int) -> Hand:
    """A hand of ``size`` cards for a one-suit rule set, mostly honours: none to three suit cards,
    honours held up to four times, up to two sets laid down (honour PONGs and KONGs, which put
    the rest of that honour at its limit, a Dots PONG or CHEE, a FEI in some), FEI held."""
    copies = Counter({t: rules.copies for t in rules.in_play if t != FEI_ID})
    honours = sorted(t for t in copies if t >= 27)
    fei_left = rules.wild_copies if FEI_ID in rules.in_play else 0
    melds = []
    for _ in range(rng.choice((0, 1, 1, 2))):
        t = rng.choice(honours if rng.random() < 0.7 else [rng.randrange(7)])
        cards = [t, t + 1, t + 2] if t < 27 and rng.random() < 0.5 else [t] * rng.choice((3, 4))
        if any(copies[x] < cards.count(x) for x in cards):
            continue
        if len(cards) == 3 and fei_left and rules.max_wild_per_set and rng.random() < 0.2:
            cards[0] = FEI_ID
        for x in cards:
            fei_left -= x == FEI_ID
            copies[x] -= x != FEI_ID
        melds.append("[" + " ".join(str(TILES[x]) for x in cards) + "]")
    n = size - 3 * len(melds)
    conc = [FEI_ID] * min(rng.choice((0, 0, 0, 1)), fei_left)
    for t in rng.sample(honours, len(honours)):  # honours held up to their copies left
        take = min(rng.choice((0, 1, 2, 3, 4, 4)), copies[t], n - len(conc))
        conc += [t] * take
        copies[t] -= take
    suit = [t for t in copies.elements() if t < 27]
    conc += rng.sample(suit, min(rng.choice((0, 0, 1, 2, 3)), n - len(conc)))
    conc += rng.sample(list(copies.elements()), n - len(conc))
    return Hand.parse(" ".join(str(TILES[x]) for x in conc) + " " + " ".join(melds))


@pytest.mark.parametrize("name", ["3leg", "3leg-beginner", "malaysian-3p"])
def test_flat_path_on_honours_heavy_hands(name: str) -> None:
    """600 hands per one-suit rule set, mostly honours (``honours_heavy``): honours-only hands,
    honours at their limit (laid down or held four times, where no honour draw is plain and each
    is proved), FEI held: ``Table.shanten`` and ``Table.accepting`` = the reference."""
    rules = load_rules(name)
    rng = random.Random(f"fastshape-honours-{name}")
    seen: Counter[str] = Counter()
    for k in range(600):
        hand = honours_heavy(rng, rules, rules.hand_size - 1 + k % 3 // 2)
        table = Table(rules, rules.spec.seats[0], frozenset(), hand)
        key = table.pack(hand.concealed)
        sh = reference(table, key)
        assert table.shanten(key) == sh, (name, str(hand))
        seen["honours only"] += not any(t.id < 27 for t in hand.concealed)
        seen["honour at limit"] += any(table.count(key, i) == table.cap_local[i] > 0 for i in range(9, 16))
        seen["answered"] += table.packed.shanten(key) is not None
        if k % 3 // 2 == 0:
            want = [i for i, unit in enumerate(table.unit_of) if i != table.fei_index
                    and table.count(key, i) < table.cap_local[i] and reference(table, key + unit) < sh]
            got = Table(rules, rules.spec.seats[0], frozenset(), hand).accepting(key, fei_kind=False)
            assert got == (sh, want), (name, str(hand))
    assert seen["honours only"] > 50 and seen["honour at limit"] > 150 and seen["answered"] > 200, seen


def test_limit_lists_flag_the_ranks_at_their_limit() -> None:
    """``_limit_parts`` adds ``LIMIT`` to a suit's index exactly where the limit test of
    ``PackedShape`` (count + offset, masked) flags one of the three ranks, for every pattern of
    three ranks and limits from sets laid down; and the several-suit rule sets keep the general
    path (``usable`` false)."""
    from tutor.engine.shapes.packed_shanten import LIMIT, THIRD, _limit_parts, index_parts

    rules = load_rules("3leg")
    rng = random.Random("fastshape-limits")
    for _ in range(40):
        melds = rng.sample(["[111d]", "[2222d]", "[345d]", "[999d]", "[F* 55d]", "[EEE]"], rng.randint(0, 2))
        hand = Hand.parse("R " + " ".join(melds))
        packed = Table(rules, "east", frozenset(), hand).packed
        offset, at_limit = packed.offset & 0o777777777, packed.at_limit & 0o777777777
        lists = _limit_parts(offset, at_limit)
        for c in range(3):
            for bits in range(THIRD + 1):
                if index_parts()[c][bits] < 5**9:  # every count at most four
                    flagged = bool((bits << (9 * c)) + offset & at_limit & (THIRD << (9 * c)))
                    assert (lists[c][bits] >= LIMIT) == flagged, (melds, c, oct(bits))
    for name in ("kj-3p", "sanma", "singapore"):
        r = load_rules(name)
        assert not Table(r, r.spec.seats[0], frozenset(), Hand()).packed.usable
