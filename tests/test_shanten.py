"""Shanten (``tutor.engine.shapes.shanten`` through ``tutor.engine.decide.solver.shanten``) against the PyPI
``mahjong`` package and a brute-force search over target hands, with FEI and sets laid down."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mahjong.shanten import Shanten
from support import solver_ref as ref
from support.reference import PLAYING
from support.solver_hands import (
    MJ_INDEX,
    PROPERTY,
    near_hand,
    plus_card,
    rules,
    seen_cards,
    tiles,
)

from tutor.core.hands import Hand
from tutor.engine.decide.solver import shanten, waits
from tutor.engine.scoring.check import check
from tutor.engine.shapes.shanten import ShapeContext, _forced, shanten_counts

# --- 1. shanten against the mahjong package ---------------------------------------------------


def mj_counts(cards: list[str]) -> list[int]:
    """3leg cards as the mahjong package's 34 counts."""
    out = [0] * 34
    for c in cards:
        out[MJ_INDEX[c]] += 1
    return out


def no_fei_context(suits: int) -> ShapeContext:
    """A ShapeContext for a game without FEI: 3leg's cards, or all four-player cards."""
    if suits == 1:
        r = rules()
        cap = tuple(4 if t in r.in_play else 0 for t in range(34))
        return ShapeContext(4, r.chee_ok[:34], cap, 0, r.max_wild_per_set)
    return ShapeContext(4, tuple(t < 27 and t % 9 <= 6 for t in range(34)), (4,) * 34, 0, 1)


def test_shanten_agrees_with_mahjong_package_on_3leg_hands() -> None:
    """1,200 random 13- and 14-card 3leg hands: tutor.engine.decide.solver.shanten = mahjong's regular shanten.

    The mahjong package knows no FEI: where four copies of a card are held, a FEI drawn can
    still join the fourth copy, so there sekwoo may be one lower, and brute force decides. The
    same hands in a game without FEI (``shanten_counts``, FEI supply 0) must agree exactly.
    """
    rng = random.Random("solver-vs-mahjong-3leg")
    ctx = no_fei_context(1)
    deck = [c for c in PLAYING for _ in range(4)]
    fours = lower = 0
    for k in range(1200):
        pick = deck if k < 1000 else [c for c in rng.sample(PLAYING, 4) for _ in range(4)]
        cards = rng.sample(pick, 13 + k % 2)
        want = Shanten.calculate_shanten_for_regular_hand(mj_counts(cards))
        hand = Hand(tiles(cards))
        got = shanten(hand, rules())
        ids = [0] * 34
        for t in hand.concealed:
            ids[t.id] += 1
        assert shanten_counts(ids, 0, ctx) == want, cards
        if max(Counter(cards).values()) < 4:
            assert got == want, cards
            continue
        fours += 1
        assert want - 1 <= got <= want, cards
        if got < want:
            lower += 1
            assert ref.shanten(hand, got) == got, cards
    assert fours >= 200 and lower >= 50, (fours, lower)


def test_shanten_agrees_with_mahjong_package_on_four_suit_hands() -> None:
    """1,300 random hands of all 136 cards: shanten_counts with every suit = mahjong's."""
    rng = random.Random("solver-vs-mahjong-4suit")
    ctx = no_fei_context(3)
    deck = [t for t in range(34) for _ in range(4)]
    for k in range(1300):
        pick = deck if k < 1000 else [t for t in rng.sample(range(34), 5) for _ in range(4)]
        ids = [0] * 34
        for t in rng.sample(pick, 13 + k % 2):
            ids[t] += 1
        assert shanten_counts(ids, 0, ctx) == Shanten.calculate_shanten_for_regular_hand(ids), ids


# --- 2. shanten against brute force, FEI and sets laid down -----------------------------------


def random_shanten_hands() -> list[Hand]:
    """150 hands: near-complete shapes and random cards, FEI held and sunk, 0-2 sets laid down."""
    rng = random.Random("solver-shanten-brute")
    out: list[Hand] = []
    while len(out) < 150:
        melds = rng.choice([0, 1, 1, 2, 2])
        size = rng.choice([13, 14])
        if len(out) % 3 == 2:  # wholly random cards, FEI held, two sets laid down
            try:
                text = ref.random_hand(
                    rng, size, 2, rng.choice([0, 1, 2, 3]), rng.choice([0, 1, 2])
                )
            except ValueError:
                continue
            out.append(Hand.parse(text))
        else:
            out.append(
                near_hand(
                    rng, size, rng.choice([0, 1, 1, 2, 3]), melds, rng.choice([0.1, 0.3, 0.6])
                )
            )
    return out


def test_shanten_agrees_with_brute_force() -> None:
    """Least draws found by searching target hands = sekwoo's shanten + 1, on 150 hands."""
    seen: Counter[str] = Counter()
    for hand in random_shanten_hands():
        got = shanten(hand, rules())
        assert ref.draws(hand, got + 1) == got + 1, (str(hand), got)
        seen[f"shanten {min(got, 3)}"] += 1
        seen["fei held"] += any(t.is_fei for t in hand.concealed)
        seen["fei sunk"] += any(t.is_fei for t in hand.bonus)
        seen["laid down"] += bool(hand.melds)
        seen["kong"] += any(len(m.cards) == 4 for m in hand.melds)
    for key in (
        "shanten -1",
        "shanten 0",
        "shanten 1",
        "shanten 2",
        "shanten 3",
        "fei held",
        "fei sunk",
        "laid down",
        "kong",
    ):
        assert seen[key] >= 5, seen


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # EEE and E + a FEI drawn as the NGAN: a FEI stands for a card whose copies are all held.
        ("EEEE 123d 456d 789d", 0),
        # ... and with every FEI sunk the fourth E is dead: swap it, draw a pair (2 draws).
        ("EEEE 123d 456d 789d | F* F* F* F*", 1),
        # 4d 6d wait on a 5d, all four of them in the KONG laid down: only a FEI fills it.
        ("[5555d] 4d 6d 123d 789d RR", 0),
        ("[5555d] 4d 6d 123d 789d RR | F* F* F* F*", 1),
        # A PONG laid down leaves one 5d to draw.
        ("[555d] 4d 6d 123d 789d RR | F* F* F* F*", 0),
        # A NGAN of the last 5d and a FEI: complete though every real 5d is in sight.
        ("[555d] 5d F* 123d EEE 789d", -1),
        # The same 13 cards wait on the FEI alone (a FEI fills the dead slot) ...
        ("[555d] 5d 123d EEE 789d", 0),
        # ... or, with no FEI left, swap the dead 5d and draw a pair: 2 draws.
        ("[555d] 5d 123d EEE 789d | F* F* F* F*", 1),
        # Two FEI are no NGAN, but they split a PONG: EE+F* and E+F*.
        ("F* F* EEE SSS WWW NNN", -1),
        # Three FEI held, one to a group: S+F* NGAN, W+F*+W and N+F*+N sets (2 draws).
        ("[123d] [EEE] F* F* F* 9d S W N", 1),
        # Three FEI laid down in CHEEs: the fourth (held) makes the NGAN E+F*, S seeds the set.
        ("[1d F* 3d] [4d F* 6d] [7d F* 9d] F* E S W", 1),
        # ... not held: a pair (1 draw) and a set from one card (2 draws).
        ("[1d F* 3d] [4d F* 6d] [7d F* 9d] E S W N", 2),
        # Four copies held of three honours: the spare E, S, W are dead but for a FEI.
        ("EEEE SSSS WWWW N", 2),
        ("EEEE SSSS WWWW NN", 1),
    ],
)
def test_shanten_edge_cases(text: str, want: int) -> None:
    """Card supply and FEI limits worked out by hand (the brute force agrees)."""
    hand = Hand.parse(text)
    assert shanten(hand, rules()) == want
    assert ref.shanten(hand, want) == want


# --- 7. properties ----------------------------------------------------------------------------


def addable(hand: Hand) -> list[str]:
    """Card kinds of which one more copy can physically be in the concealed hand."""
    left = ref.unseen(hand)
    return [t for t in ref.KINDS if left[t] > 0]


@PROPERTY
@given(st.integers(0, 2**32 - 1), st.sampled_from([0, 1, 2]), st.sampled_from([0, 1, 2]))
def test_one_draw_changes_shanten_by_at_most_one(seed: int, swaps: int, melds: int) -> None:
    """shanten(13 cards) - 1 <= shanten(13 cards + any card) <= shanten(13 cards)."""
    hand = near_hand(random.Random(seed), 13, swaps, melds, 0.3)
    before = shanten(hand, rules())
    for card in addable(hand):
        assert before - 1 <= shanten(plus_card(hand, card), rules()) <= before, (str(hand), card)


@PROPERTY
@given(st.integers(0, 2**32 - 1), st.sampled_from([0, 1, 2, 3]), st.sampled_from([0, 1, 2]))
def test_fourteen_card_shanten_is_best_discard(seed: int, swaps: int, melds: int) -> None:
    """14 cards: complete (by ``check``) iff shanten -1; otherwise the best discard's shanten."""
    hand = near_hand(random.Random(seed), 14, swaps, melds, 0.3)
    conc = dict(ref.concealed_of(hand))
    kept = [ref.with_cards(hand, Counter(ref.minus(conc, d))) for d in conc]
    sh = shanten(hand, rules())
    complete = check(hand, rules()).complete
    assert complete is (sh == -1)
    # a complete hand is -1 though every 13 it keeps is at best 0 (a wait)
    assert min(shanten(h, rules()) for h in kept) == max(sh, 0)


@PROPERTY
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([0, 0, 1]),
    st.sampled_from([0, 1, 2]),
    st.sampled_from([0, 4, 12]),
)
def test_waits_exist_exactly_at_shanten_zero(
    seed: int, swaps: int, melds: int, n_seen: int
) -> None:
    """Physical waits (nothing seen) exist iff shanten is 0; seen cards only take waits away,
    and a wait taken away has no unseen copy left."""
    rng = random.Random(seed)
    hand = near_hand(rng, 13, swaps, melds, 0.3)
    seen = seen_cards(rng, hand, n_seen)
    sh = shanten(hand, rules())
    plain = {w.tile: w for w in waits(hand, rules()).waits}
    with_seen = {w.tile: w for w in waits(hand, rules(), seen=tiles(seen)).waits}
    assert bool(plain) is (sh == 0)
    assert with_seen.keys() <= plain.keys()
    left = ref.unseen(hand, seen)
    for t in plain.keys() - with_seen.keys():
        assert left[str(t)] == 0
    for t, w in with_seen.items():
        assert w.unseen == left[str(t)] and (w.fun, w.wins) == (plain[t].fun, plain[t].wins)


# --- the FEI placement inside shanten ---------------------------------------------------------

Need = tuple[tuple[tuple[int, ...], ...], int]  # a group's ways to complete, FEI it may take


def fewest_fei(needs: list[Need], avail: dict[int, int], max_wild: int) -> int | None:
    """Brute force: every way to complete each group and every set of slots a FEI fills."""
    best = None
    for choice in product(*(alts for alts, _ in needs)):
        slots = [(g, x) for g, missing in enumerate(choice) for x in missing]
        for wild in product((False, True), repeat=len(slots)):
            per_group = Counter(g for (g, _), w in zip(slots, wild, strict=True) if w)
            real = Counter(x for (_, x), w in zip(slots, wild, strict=True) if not w)
            if any(n > min(max_wild, needs[g][1]) for g, n in per_group.items()):
                continue
            if all(n <= avail.get(x, 0) for x, n in real.items()):
                used = sum(wild)
                best = used if best is None else min(best, used)
    return best


def test_forced_fei_placement_is_optimal() -> None:
    """``tutor.engine.shapes.shanten._forced`` (fewest FEI for slots no card can fill) against brute force.

    Minimal case: a seed missing 1d and 2d (one FEI at most), a group missing 1d, one 1d and no
    2d left. A FEI for the seed's 2d and one for the other group's 1d complete both (2 FEI);
    the greedy placement puts the seed's FEI on 1d first and reports no way at all (None).
    """
    assert fewest_fei([(((0, 1),), 2), (((0,),), 1)], {0: 1, 1: 0}, 1) == 2
    assert _forced([(((0, 1),), 2), (((0,),), 1)], {0: 1, 1: 0}, 1) == 2
    # The order shanten builds (groups missing one card first, seeds after, lowest card first):
    # the NGAN needs a 2d, seeds need 1d+2d and 1d+1d; two 1d and no 2d left: 3 FEI.
    needs: list[Need] = [(((1,),), 1), (((0, 1),), 2), (((0, 0),), 2)]
    assert fewest_fei(needs, {0: 2, 1: 0}, 1) == 3
    assert _forced(needs, {0: 2, 1: 0}, 1) == 3


def test_shared_component_tables_keep_rule_sets_apart() -> None:
    """The component memos are shared by every table with the same CHEE, FEI per group and sets:
    hands worked out under one rule set, then another, then the first again, get the answers of
    the reference path (no tables, no memo) each time."""
    from tutor.engine.search.hand_table import Table
    from tutor.rules.load import load_rules

    rng = random.Random(5)
    sets = [load_rules(name) for name in ("3leg", "sanma", "singapore", "3leg")]
    for rs in sets:
        ctx = Table(rs, rs.spec.seats[0], frozenset(), Hand()).shape
        kinds = sorted(t for t in rs.in_play if t < 34)
        deck = [t for t in kinds for _ in range(4)]
        for _ in range(60):
            c = [0] * 34
            for t in rng.sample(deck, 3 * rs.sets + 1):
                c[t] += 1
            ref_ctx = ShapeContext(rs.sets, rs.chee_ok[:34], ctx.cap, ctx.fei_cap, rs.max_wild_per_set)
            assert shanten_counts(c, 0, ctx) == shanten_counts(c, 0, ref_ctx, exact=True)


def test_a_shared_memo_past_its_limit_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.engine.shapes import suit_tables as sh

    monkeypatch.setattr(sh, "SHARED_LIMIT", 3)
    memo = sh.shared_memo("limit-test")
    memo.update({1: 1, 2: 2, 3: 3, 4: 4})
    again = sh.shared_memo("limit-test")
    assert again == {} and again is not memo
    again[1] = 1
    assert sh.shared_memo("limit-test") is again


def test_supply_shortcuts_only_skip_confirmations_the_search_gives() -> None:
    """``_supply_slack`` and ``_fei_slack`` let shanten take the table bound without the
    card-supply search: on random and adversarial hands (four of a kind, three copies, copies
    seen or laid down so few are left, few or no FEI left to draw, near-complete hands) whenever
    one holds, the full search confirms that bound; and on the same hands shanten equals the
    reference path (no tables, no shortcut)."""
    from tutor.engine.shapes.card_supply import _fei_slack, _supply_slack
    from tutor.engine.shapes.shanten import exact_at_least, optimistic

    rng = random.Random(11)
    ok = tuple(t < 27 and t % 9 <= 6 for t in range(34))
    fired = [0, 0]
    refused_binding = 0
    for trial in range(2000):
        sets = rng.choice((4, 4, 3, 2))
        cap = [4] * 34
        for t in rng.sample(range(34), rng.randint(0, 12)):  # seen or laid down
            cap[t] = rng.randint(0, 3)
        counts = [0] * 34
        # a complete shape, then a few cards swapped; some hands forced to hold 3 or 4 of a kind
        if trial % 3 == 0:
            t = rng.randrange(34)
            cap[t] = 4
            counts[t] = rng.choice((3, 4))
        while sum(counts) < 3 * sets + 1:
            t = rng.randrange(34)
            if t < 27 and t % 9 <= 6 and rng.random() < 0.4:
                for x in (t, t + 1, t + 2):
                    if counts[x] < cap[x] and sum(counts) < 3 * sets + 1:
                        counts[x] += 1
            elif counts[t] < cap[t]:
                counts[t] += 1
        if trial % 4 == 1:  # tight: of each kind held, at most two copies left (often one)
            cap = [min(4, n + rng.choice((0, 1, 1, 2))) if n else cap[t] for t, n in enumerate(counts)]
        ctx = ShapeContext(sets, ok, tuple(cap), rng.choice((0, 1, 2, 3, 4, 5)), 1)
        target = optimistic(counts, 0, ctx, use_tables=False)
        slack = [f(counts, ctx, ctx.size - target) for f in (_supply_slack, _fei_slack)]
        if target < ctx.size and any(slack):
            fired = [a + b for a, b in zip(fired, slack, strict=True)]
            assert exact_at_least(counts, 0, ctx, target), (counts, cap, sets, ctx.fei_cap)
        elif target < ctx.size and not exact_at_least(counts, 0, ctx, target):
            refused_binding += 1
        assert shanten_counts(counts, 0, ctx) == shanten_counts(counts, 0, ctx, exact=True), (counts, cap)
    assert min(fired) > 100 and refused_binding > 5  # both sides of the test were exercised


def test_the_supply_shortcut_with_fei_held_only_skips_confirmations_the_search_gives() -> None:
    """``fei_bound_is_exact``: a hand holding FEI (one a group) takes the table bound without the
    card-supply search where ``_supply_slack``'s test holds. On hands near a complete shape with
    one to three FEI, copies seen or none left of some kinds, and few FEI to draw, whenever it
    holds the search confirms the bound, and shanten equals the reference path (no tables, no
    shortcut)."""
    from tutor.engine.shapes.shanten import exact_at_least, fei_bound_is_exact, optimistic

    rng = random.Random(12)
    ok = tuple(t < 27 and t % 9 <= 6 for t in range(34))
    kinds = list(range(9)) + list(range(27, 34))  # 3leg's Dots and honours
    fired = refused = 0
    for _ in range(3000):
        fei = rng.choice((1, 1, 2, 3))
        size = rng.choice((13, 14)) - fei
        counts = [0] * 34
        while sum(counts) < size:  # groups, then cut short
            t = rng.choice(kinds)
            shape = [t, t + 1, t + 2] if t < 27 and t % 9 <= 6 and rng.random() < 0.4 else [t] * rng.choice((2, 3))
            for x in shape:
                if sum(counts) < size and counts[x] < 4:
                    counts[x] += 1
        cap = [0] * 34
        for t in kinds:
            r = rng.random()
            cap[t] = 4 if r < 0.6 else rng.randint(counts[t], 4) if r < 0.9 else counts[t]
        ctx = ShapeContext(4, ok, tuple(cap), rng.choice((fei, fei + 1, 4)), 1)
        target = optimistic(counts, fei, ctx)
        if target < ctx.size and fei_bound_is_exact(counts, ctx, target):
            fired += 1
            assert exact_at_least(counts, fei, ctx, target), (counts, fei, cap, ctx.fei_cap)
        elif target < ctx.size and not exact_at_least(counts, fei, ctx, target):
            refused += 1
        assert shanten_counts(counts, fei, ctx) == shanten_counts(counts, fei, ctx, exact=True), (counts, fei, cap)
    assert fired > 100 and refused > 2  # both sides of the test were exercised


def test_bound_without_fei_matches_merged_profiles() -> None:
    """The bound of a hand holding no FEI, read as the best of each part by sets and NGAN
    (``_kept_without_fei``), equals the bound of the merged profiles (the reference path), under
    rule sets with one, two and three suits and with sets laid down."""
    from tutor.engine.search.hand_table import Table
    from tutor.engine.shapes.shanten import optimistic
    from tutor.rules.load import load_rules

    rng = random.Random(17)
    for name in ("3leg", "sanma", "singapore"):
        rs = load_rules(name)
        for sets in (rs.sets, rs.sets - 1, 2, 1):
            base = Table(rs, rs.spec.seats[0], frozenset(), Hand()).shape
            ctx = ShapeContext(sets, rs.chee_ok[:34], base.cap, base.fei_cap, rs.max_wild_per_set)
            deck = [t for t in sorted(rs.in_play) if t < 34 for _ in range(4)]
            for _ in range(150):
                c = [0] * 34
                for t in rng.sample(deck, 3 * sets + rng.choice((1, 2))):
                    c[t] += 1
                assert optimistic(c, 0, ctx) == optimistic(c, 0, ctx, use_tables=False), (name, sets, c)
