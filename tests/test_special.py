"""Special shapes read off packed keys (``PackedSpecials``) against a brute-force reference.

The reference knows nothing of the formulas in ``tutor.engine.shapes.special``: it lists every complete
special target (each thirteen-orphans hand, each nine-gates hand, each seven-pairs choice of kinds)
and counts the cards of the hand each one keeps; shanten is 13 less the most kept. Random hands
lean toward each shape (pairs, terminals and honours, one suit) so that hands near complete, and
complete ones, come up often; they hold FEI where the rule set has them, and four copies of a kind.
"""

from __future__ import annotations

import random
from itertools import combinations
from types import SimpleNamespace

import pytest

from tutor.core.hands import Hand
from tutor.core.tiles import FEI_ID, FIRST_WIND
from tutor.engine.decide.solver import discard
from tutor.engine.search import hand_table as table
from tutor.engine.search.hand_table import Table
from tutor.engine.shapes import special
from tutor.engine.shapes.shanten import shanten_counts
from tutor.engine.shapes.special import special_complete, special_shanten
from tutor.rules.load import RuleSet, load_rules

SPECIAL_RULES = ("kj-3p", "sanma", "singapore", "malaysian-3p")
HANDS = 2000  # random hands per rule set and choice of shapes


def targets(shapes: tuple[str, ...], in_play: frozenset[int], held: dict[int, int]) -> list[dict[int, int]]:
    """Every complete special hand of 14 cards that ``held`` may be aiming at. For seven pairs, the
    kinds chosen are as many held kinds as fit, the rest kinds not held (each equally far)."""
    kinds = sorted(k for k in in_play if k != FEI_ID)
    orphans = [k for k in kinds if k >= FIRST_WIND or k % 9 in (0, 8)]
    out: list[dict[int, int]] = []
    if "thirteen_orphans" in shapes and 0 < len(orphans) <= 13:
        for x in orphans:
            out.append({k: 1 + (14 - len(orphans)) * (k == x) for k in orphans})
    if "nine_gates" in shapes:
        for base in (0, 9, 18):
            if all(base + r in in_play for r in range(9)):
                for x in range(9):
                    out.append({base + r: (3, 1, 1, 1, 1, 1, 1, 1, 3)[r] + (r == x) for r in range(9)})
    if "seven_pairs" in shapes and len(kinds) >= 7:
        mine = [k for k in kinds if held.get(k)]
        others = [k for k in kinds if not held.get(k)]
        take = min(7, len(mine))
        for chosen in combinations(mine, take):
            out.append({k: 2 for k in (*chosen, *others[: 7 - take])})
    return out


def reference(counts: list[int], shapes: tuple[str, ...], in_play: frozenset[int]) -> int | None:
    """Fewest swaps to a complete special hand, less one (13 or 14 cards; a FEI fits no shape)."""
    if sum(counts) not in (13, 14):
        return None
    held = {k: n for k, n in enumerate(counts[:FEI_ID]) if n}
    found = targets(shapes, in_play, held)
    if not found:
        return None
    return 13 - max(sum(min(n, held.get(k, 0)) for k, n in t.items()) for t in found)


def random_counts(rules: RuleSet, rng: random.Random) -> list[int]:
    """A random concealed hand of 12 to 15 cards (mostly 13 and 14), leaning toward one shape."""
    kinds = sorted(k for k in rules.in_play if k != FEI_ID)
    size = rng.choice((12, 13, 13, 13, 14, 14, 14, 15))
    lean = rng.choice(("any", "pairs", "orphans", "suit", "near", "near"))
    if lean == "near":
        return near_complete(rules, kinds, rng)
    if lean == "orphans":
        pick = [k for k in kinds if k >= FIRST_WIND or k % 9 in (0, 8)] + rng.sample(kinds, 2)
    elif lean == "suit":
        base = rng.choice([b for b in (0, 9, 18) if b in rules.in_play] or [0])
        pick = [k for k in kinds if base <= k < base + 9] + rng.sample(kinds, 4)  # 16 copies at least
    elif lean == "pairs":
        pick = rng.sample(kinds, min(len(kinds), rng.randint(6, 9)))
    else:
        pick = kinds
    counts = [0] * 35
    fei = FEI_ID in rules.in_play
    while sum(counts) < size:
        k = FEI_ID if fei and rng.random() < 0.08 else rng.choice(pick)
        limit = rules.wild_copies if k == FEI_ID else rules.copies
        if counts[k] < limit:
            counts[k] += 1
        if lean == "pairs" and k != FEI_ID and counts[k] == 1 and rng.random() < 0.7 and sum(counts) < size:
            counts[k] += 1
    return counts


def near_complete(rules: RuleSet, kinds: list[int], rng: random.Random) -> list[int]:
    """A complete special hand of the rule set with up to two cards swapped for others (FEI
    among them) and at times one left out."""
    complete = targets(rules.special_shapes, rules.in_play, {k: 2 for k in rng.sample(kinds, 7)})
    counts = [0] * 35
    for k, n in rng.choice(complete).items():
        counts[k] = n
    fei = FEI_ID in rules.in_play
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        out = rng.choice([k for k in range(35) if counts[k]])
        new = FEI_ID if fei and rng.random() < 0.3 else rng.choice(kinds)
        counts[out] -= 1
        counts[new if counts[new] < (rules.wild_copies if new == FEI_ID else rules.copies) else out] += 1
    if rng.random() < 0.4:
        counts[rng.choice([k for k in range(35) if counts[k]])] -= 1
    return counts


def shape_choices(rules: RuleSet) -> list[tuple[str, ...]]:
    """The rule set's special shapes together, and each one alone."""
    shapes = rules.special_shapes
    return [shapes, *((s,) for s in shapes)] if len(shapes) > 1 else [shapes]


def packed(t: Table, counts: list[int]) -> int:
    return sum(n * t.unit_of[t.index[k]] for k, n in enumerate(counts) if n)


@pytest.mark.parametrize("name", SPECIAL_RULES)
def test_packed_shanten_equals_brute_force(name: str) -> None:
    """Packed special shanten and completeness equal the target enumeration and the counts path."""
    rules = load_rules(name)
    t = Table(rules, "east", frozenset(), Hand(()))
    rng = random.Random(name)
    seen: dict[int | None, int] = {}
    for shapes in shape_choices(rules):
        fast = special.PackedSpecials(shapes, rules.in_play, tuple(t.kinds))
        for _ in range(HANDS):
            counts = random_counts(rules, rng)
            key = packed(t, counts)
            want = reference(counts, shapes, rules.in_play)
            assert fast.shanten(key) == want == special_shanten(counts, shapes, rules), (shapes, t.tiles(key))
            done = want == -1 and sum(counts) == 14 and not counts[FEI_ID]
            assert fast.complete(key) == done == special_complete(counts, shapes, rules), (shapes, t.tiles(key))
            seen[want] = seen.get(want, 0) + 1
    assert seen.get(-1, 0) > 20 and seen.get(0, 0) > 100 and seen.get(None, 0) > 100, seen  # every case came up


def test_reference_seven_pairs_by_every_choice_of_kinds() -> None:
    """The reference's seven-pairs targets (held kinds first) keep as many cards as the best of
    every choice of seven kinds, on small hands of a rule set with few kinds (sanma's honours)."""
    rules = load_rules("sanma")
    few = frozenset(k for k in rules.in_play if k >= FIRST_WIND) | {0, 8, 9, 17}  # 11 kinds
    rng = random.Random(7)
    for _ in range(300):
        counts = [0] * 35
        while sum(counts) < 13:
            k = rng.choice(sorted(few))
            counts[k] += counts[k] < 4
        every = max(sum(min(counts[k], 2) for k in chosen) for chosen in combinations(sorted(few), 7))
        assert reference(counts, ("seven_pairs",), few) == 13 - every


@pytest.mark.parametrize("name", SPECIAL_RULES)
def test_table_takes_the_best_shape(name: str) -> None:
    """Table.shanten, lower, complete and win over the standard shape and the special ones."""
    rules = load_rules(name)
    rng = random.Random(f"table {name}")
    t = Table(rules, "east", frozenset(), Hand(()))
    for _ in range(HANDS // 3):
        counts = random_counts(rules, rng)
        n = sum(counts)
        if n not in (13, 14):
            continue
        key = packed(t, counts)
        sp = reference(counts, rules.special_shapes, rules.in_play)
        if n == 13:
            std = shanten_counts(counts[:34], counts[FEI_ID], t.shape)
            best = std if sp is None else min(std, sp)
            assert t.shanten(key) == best, t.tiles(key)
            assert t.lower(key) <= best and (sp is None or t.lower(key) <= sp)
        else:
            done = t._standard(key) or sp == -1 and not counts[FEI_ID]
            assert t.complete(key) == done, t.tiles(key)
            assert (t.win(key) is not None) == done


def old_path(shapes: tuple[str, ...], in_play: frozenset[int], kinds: tuple[int, ...]) -> special.PackedSpecials:
    """The counts path the packed one replaced: every key unpacked, then ``special_shanten``."""
    rules = SimpleNamespace(in_play=in_play)  # all the counts path reads of a rule set
    fast = special.PackedSpecials(shapes, in_play, kinds)

    def unpack(key: int) -> list[int]:
        out = [0] * 35
        for i, k in enumerate(kinds):
            out[k] = key >> (3 * i) & 7
        return out

    fast.shanten = lambda key: special_shanten(unpack(key), shapes, rules)  # type: ignore[method-assign]
    fast.complete = lambda key: special_complete(unpack(key), shapes, rules)  # type: ignore[method-assign]
    return fast


DISCARDS = [  # (rule set, hand, cards seen, draws): at most 3 draws every discard is weighed, past that none
    ("kj-3p", "11d 33d 55d 77c 99c E S R G", ("1c", "E"), 2),
    ("kj-3p", "119d 19c 19b ESW R Wh G 5d", (), 2),
    ("sanma", "11p 33p 55s 77s 99s E S R G", ("E", "E"), 2),
    ("singapore", "19p 19s 19m ESWN RG 5p 6p", ("Wh",), 2),
    ("kj-3p", "11d 33d 55d 77c 99c E S R G", ("1c",), 5),
    ("malaysian-3p", "1112345d 78d 99d E S F* | f1", ("6d", "9d"), 2),
    ("malaysian-3p", "1113456789d 99d F* E", ("2d",), 5),
]


@pytest.mark.parametrize(("name", "text", "seen", "draws"), DISCARDS)
def test_discard_same_as_counts_path(
    monkeypatch: pytest.MonkeyPatch, name: str, text: str, seen: tuple[str, ...], draws: int
) -> None:
    """Every option of ``discard`` (copies seen, FEI) is what the counts path gave."""
    rules = load_rules(name)
    hand = Hand.parse(text)
    cards = list(Hand.parse(" ".join(seen)).concealed) if seen else []
    now = discard(hand, rules, draws=draws, seen=cards)
    monkeypatch.setattr(table, "packed_specials", old_path)
    before = discard(hand, rules, draws=draws, seen=cards)
    assert now.options and now == before
