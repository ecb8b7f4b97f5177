"""The shipped suit tables: rebuilt and compared, and shanten read from them against the search.

A full rebuild takes about 45 s, so the default run rebuilds a documented sample (every pattern
of at most 4 cards and 1,500 seeded random ones, long suits included) and compares each profile
byte for byte; ``SEKWOO_FULL_TABLE_REBUILD=1`` runs the full rebuild. Shanten through the tables is compared with the
reference path (``exact=True``: no tables, no memo of whole hands) on random hands of every rule
set, with FEI, with sets laid down, and with the PyPI ``mahjong`` package on FEI-free hands.
"""

from __future__ import annotations

import random

import pytest
from mahjong.shanten import Shanten

from tutor.engine.scoring.han import to34
from tutor.engine.shapes import build_suit_tables as build_tables
from tutor.engine.shapes import suit_tables as tables
from tutor.engine.shapes.complete_groups import complete_options
from tutor.engine.shapes.shanten import (
    ShapeContext,
    accepting,
    is_complete,
    shanten_counts,
)
from tutor.rules.load import RuleSet, load_rules

RULES = ("3leg", "kj-3p", "sanma", "singapore", "malaysian-3p")


def context(rules: RuleSet, laid: list[int] | None = None, sunk: int = 0, sets_laid: int = 0) -> ShapeContext:
    """A ShapeContext built as ``tutor.engine.search.hand_table.Table`` builds it: ``laid`` cards in sets."""
    in_melds = [0] * 35
    for t in laid or []:
        in_melds[t] += 1
    cap = tuple(rules.copies - in_melds[t] if t in rules.in_play else 0 for t in range(34))
    fei_cap = rules.wild_copies - in_melds[34] - sunk if 34 in rules.in_play else 0
    return ShapeContext(rules.sets - sets_laid, rules.chee_ok[:34], cap, fei_cap, rules.max_wild_per_set)


def random_hand(rng: random.Random, ctx: ShapeContext, size: int, fei: int) -> list[int]:
    """``size`` concealed cards (34 counts) drawn within ``ctx.cap``, ``fei`` of them FEI."""
    wall = [t for t in range(34) for _ in range(ctx.cap[t])]
    c = [0] * 34
    for t in rng.sample(wall, size - fei):
        c[t] += 1
    return c


def test_table_covers_every_pattern() -> None:
    """One profile number per pattern of at most 14 cards, none past 14."""
    profiles, index = tables.load()
    covered = sum(1 for pid in index if pid != tables.NONE)
    assert covered == sum(1 for _ in tables.patterns()) == 405_350
    assert all(pid < len(profiles) for pid in index if pid != tables.NONE)
    assert tables.suit_profile((4, 4, 4, 3, 0, 0, 0, 0, 0)) is None
    assert tables.suit_profile((4, 4, 4, 2, 0, 0, 0, 0, 0)) is not None


def sample_patterns() -> list[tuple[int, ...]]:
    """The rebuilt sample: every pattern of at most 4 cards, and 1,500 seeded random ones."""
    every = list(tables.patterns())
    small = [p for p in every if sum(p) <= 4]
    rng = random.Random(9)
    return small + rng.sample(every, 1500)


def test_sample_rebuilds_byte_for_byte() -> None:
    """Profiles rebuilt from scratch equal the shipped ones, byte for byte."""
    memo: dict = {}
    wrong = []
    for pat in sample_patterns():
        shipped = tables.suit_profile(pat)
        assert shipped is not None
        fresh = build_tables.encode_profile(build_tables.compute_profile(pat, memo))
        if fresh != build_tables.encode_profile(shipped):
            wrong.append(pat)
    assert wrong == []


@pytest.mark.slow
@pytest.mark.heavy  # the tables' contents are checked against brute force in the default run (test_shanten)
def test_full_rebuild_matches_shipped_file() -> None:
    """The whole table rebuilt equals the shipped file once decompressed (about 45 s)."""
    assert tables.decode(build_tables.build()) == tables.decode(tables.DATA.read_bytes())


def compare(ctx_maker, rng: random.Random, hands: int, max_fei: int) -> list[tuple]:
    """Hands where the tables and the reference path disagree."""
    wrong = []
    fast = ctx_maker()
    for _ in range(hands):
        ref = ctx_maker()
        size = rng.choice((ref.size - 1, ref.size))
        fei = rng.randint(0, min(max_fei, ref.fei_cap))
        c = random_hand(rng, ref, size, fei)
        got = shanten_counts(c, fei, fast)
        want = shanten_counts(c, fei, ref, exact=True)
        if got != want:
            wrong.append((c, fei, got, want))
    return wrong


@pytest.mark.parametrize("name", RULES)
def test_tables_agree_with_search(name: str) -> None:
    """Shanten through the tables equals the reference search on random hands, FEI 0-4."""
    rules = load_rules(name)
    rng = random.Random(31 + len(name))
    assert compare(lambda: context(rules), rng, 2000, 4) == []


@pytest.mark.parametrize("name", ["3leg", "singapore"])
def test_tables_agree_with_sets_laid_down(name: str) -> None:
    """The same with one or two sets laid down (fewer sets to form, fewer copies) and sunk FEI."""
    rules = load_rules(name)
    rng = random.Random(77)
    wrong = []
    for _ in range(100):
        n = rng.choice((1, 2))
        laid: list[int] = []
        for _ in range(n):
            t = rng.choice(sorted(x for x in rules.in_play if x != 34))
            laid += [t] * 3
        if any(laid.count(t) > 4 for t in laid):
            continue
        sunk = rng.randint(0, 2) if 34 in rules.in_play else 0
        wrong += compare(lambda laid=laid, n=n, sunk=sunk: context(rules, laid, sunk, n), rng, 20, 2)
    assert wrong == []


def test_tables_agree_with_mahjong() -> None:
    """FEI-free four-suit hands: the same shanten as mahjong's regular-hand count."""
    rules = load_rules("singapore")
    ctx = context(rules)
    rng = random.Random(5)
    wrong = []
    for _ in range(1500):
        c = random_hand(rng, ctx, rng.choice((13, 14)), 0)
        theirs = [0] * 34
        for t in range(34):
            theirs[to34(t)] += c[t]
        if shanten_counts(c, 0, ctx) != Shanten.calculate_shanten_for_regular_hand(theirs):
            wrong.append(c)
    assert wrong == []


def complete_hand(rng: random.Random, rules: RuleSet, ctx: ShapeContext) -> tuple[list[int], int]:
    """A random complete concealed hand: sets and a NGAN, FEI standing in where the rules allow."""
    while True:
        c = [0] * 34
        fei = 0
        kinds = sorted(t for t in rules.in_play if t != 34)
        groups = [[t] * 3 if rng.random() < 0.5 or not rules.chee_ok[t] else [t, t + 1, t + 2]
                  for t in (rng.choice(kinds) for _ in range(ctx.sets))]
        groups.append([rng.choice(kinds)] * 2)
        for g in groups:
            if ctx.max_wild and ctx.fei_cap > fei and rng.random() < 0.3:
                g = g[1:]
                fei += 1
            for t in g:
                c[t] += 1
        if all(c[t] <= ctx.cap[t] for t in range(34)):
            return c, fei


@pytest.mark.parametrize("name", ["3leg", "singapore", "sanma"])
def test_is_complete(name: str) -> None:
    """Complete hands are complete; one card swapped, they agree with the reference search."""
    rules = load_rules(name)
    ctx = context(rules)
    rng = random.Random(3)
    for _ in range(300):
        c, fei = complete_hand(rng, rules, ctx)
        assert is_complete(c, fei, ctx), (c, fei)
        held = [t for t in range(34) if c[t]]
        out = rng.choice(held)
        into = rng.choice(sorted(t for t in rules.in_play if t != 34 and c[t] < ctx.cap[t]))
        c[out] -= 1
        c[into] += 1
        want = shanten_counts(c, fei, context(rules), exact=True) == -1
        assert is_complete(c, fei, ctx) == want, (c, fei)


def test_is_complete_agrees_with_complete_options() -> None:
    """On random 14-card 3leg hands, as the solver's per-component options say."""
    rules = load_rules("3leg")
    ctx = context(rules)
    rng = random.Random(8)
    for _ in range(1500):
        fei = rng.randint(0, 2)
        c = random_hand(rng, ctx, 14, fei) if rng.random() < 0.5 else complete_hand(rng, rules, ctx)[0]
        fei = 14 - sum(c)
        if fei < 0 or fei > 4:
            continue
        opts = {(0, 0, 0)}
        for ids in [tuple(range(9))] + [(t,) for t in range(27, 34)]:
            counts = tuple(c[t] for t in ids)
            if any(counts):
                one = complete_options(ids, counts, rules.chee_ok, rules.max_wild_per_set, fei)
                opts = {(a + x, b + y, d + z) for a, b, d in opts for x, y, z in one if b + y <= 1 and d + z <= fei}
        assert is_complete(c, fei, ctx) == ((4, 1, fei) in opts), (c, fei)


@pytest.mark.parametrize("name", ["3leg", "kj-3p"])
def test_accepting(name: str) -> None:
    """The draws that lower shanten, as the reference search finds them one by one."""
    rules = load_rules(name)
    rng = random.Random(12)
    for _ in range(40):
        ctx = context(rules)
        fei = rng.randint(0, min(2, ctx.fei_cap))
        c = random_hand(rng, ctx, ctx.size - 1, fei)
        sh, got = accepting(c, fei, ctx)
        ref = context(rules)
        want_sh = shanten_counts(c, fei, ref, exact=True)
        want = []
        for t in range(34):
            if c[t] < ref.cap[t]:
                c[t] += 1
                if shanten_counts(c, fei, ref, exact=True) < want_sh:
                    want.append(t)
                c[t] -= 1
        if fei < ref.fei_cap and ref.max_wild and shanten_counts(c, fei + 1, ref, exact=True) < want_sh:
            want.append(34)
        assert (sh, got) == (want_sh, want), (c, fei)
