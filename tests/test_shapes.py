"""``tutor.engine.shapes.standard._component`` (every way to use a component's cards in groups, FEI
included, its suffix states shared between components) against a brute-force search written
another way: every group the component's cards allow, chosen as a multiset in list order, kept
where it uses each card exactly and no more FEI than held."""

from __future__ import annotations

import random
from itertools import product

import pytest

from tutor.core.readings import CHEE, NGAN, PONG
from tutor.engine.shapes import standard as shapes
from tutor.rules.load import load_rules


def all_groups(base: int, n: int, max_wild: int, chee_ok: tuple[bool, ...]) -> list[tuple[tuple[int, int, int, int], list[int], int]]:
    """Every group of a component (suit from ``base``, or one honour): (raw group, real cards used
    per position, FEI in it). A group holds a real card; a NGAN one FEI at most."""
    out = []
    for j in range(n):
        i = base + j
        for w in range(min(max_wild, 2) + 1):
            use = [0] * n
            use[j] = 3 - w
            out.append(((PONG, i, (1 << w) - 1 << 3 - w, 0), use, w))
        for w in range(min(max_wild, 1) + 1):
            use = [0] * n
            use[j] = 2 - w
            out.append(((NGAN, i, w << 1, 0), use, w))
    if n > 1:
        for start in range(base, base + n - 2):
            if start % 9 > 6 or not chee_ok[start]:
                continue
            for mask in product((0, 1), repeat=3):
                w = sum(bit << k for k, bit in enumerate(mask))
                if w.bit_count() > max_wild or w == 7:
                    continue
                use = [0] * n
                for k in range(3):
                    if not mask[k]:
                        use[start - base + k] += 1
                out.append(((CHEE, start, w, 0), use, w.bit_count()))
    return out


def brute(base: int, cnts: tuple[int, ...], fei: int, max_wild: int, chee_ok: tuple[bool, ...]) -> list:
    groups = all_groups(base, len(cnts), max_wild, chee_ok)
    found = set()

    def go(k: int, left: list[int], chosen: list, wild: int, ngan: int) -> None:
        if not any(left):
            found.add((tuple(sorted(g for g, _, _ in chosen)), sum(g[0] != NGAN for g, _, _ in chosen), ngan, wild))
        for m in range(k, len(groups)):
            g, use, w = groups[m]
            if wild + w > fei or (g[0] == NGAN and ngan):
                continue
            if any(u > c for u, c in zip(use, left, strict=True)):
                continue
            go(m, [c - u for c, u in zip(left, use, strict=True)], [*chosen, groups[m]], wild + w, ngan + (g[0] == NGAN))

    go(0, list(cnts), [], 0, 0)
    return sorted(found)


@pytest.mark.parametrize("rules_name", ["3leg", "sanma"])
def test_component_ways_are_the_brute_force_ones(rules_name: str) -> None:
    rules = load_rules(rules_name)
    rng = random.Random(f"component-{rules_name}")
    shapes._SUFFIXES.clear()
    checked = with_fei = 0
    while checked < 300:
        base = rng.choice((0, 9, 18)) if rules_name == "sanma" else 0
        cnts = tuple(rng.choice((0, 0, 0, 1, 1, 2, 3)) for _ in range(9))
        if not 2 <= sum(cnts) <= 8:
            continue
        fei = rng.randint(0, 2)
        max_wild = rng.choice((1, 2))
        got = shapes._component(base, cnts, fei, max_wild, rules.chee_ok)
        assert got == brute(base, cnts, fei, max_wild, rules.chee_ok), (base, cnts, fei, max_wild)
        checked += 1
        with_fei += any(f for _, _, _, f in got)
    assert with_fei > 30  # a real test: many components use a FEI
    for t in (27, 31, 33):  # an honour alone
        for c in range(1, 5):
            for fei in range(3):
                assert shapes._component(t, (c,), fei, 1, rules.chee_ok) == brute(t, (c,), fei, 1, rules.chee_ok)
