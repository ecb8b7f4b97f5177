"""Discards (``tutor.engine.decide.solver.discard``): acceptance against brute force, expected FUN against a
plain recursion of the model in exact fractions and against a simulation."""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import cache

import pytest
from support import solver_ref as ref
from support.reference import FEI
from support.solver_hands import (
    near_hand,
    plus_card,
    rules,
    tiles,
)

from tutor.core.hands import Hand
from tutor.engine.decide.solver import discard
from tutor.engine.result_types import Option

# --- 4. acceptance ----------------------------------------------------------------------------


def kept_hand(hand: Hand, option: Option) -> Hand:
    """The 13 cards kept by an option: one card discarded, or a FEI sunk."""
    conc = list(map(str, hand.concealed))
    conc.remove(str(option.tile))
    bonus = tuple(map(str, hand.bonus)) + ((FEI,) if option.action == "sink" else ())
    return ref.with_cards(hand, conc, bonus)


def hide_kinds(rng: random.Random, hand: Hand, k: int) -> tuple[str, ...]:
    """Seen cards: every unseen copy of ``k`` random card kinds."""
    left = ref.unseen(hand)
    gone = rng.sample(ref.KINDS, k)
    return tuple(c for c in gone for _ in range(left[c]))


def test_acceptance_agrees_with_brute_force() -> None:
    """Per option: shanten of the cards kept, and the cards (unseen with the 14 in sight) that
    lower it, by brute-force shanten; sinking a FEI included."""
    rng = random.Random("solver-acceptance")
    cover: Counter[str] = Counter()
    for k in range(30):
        # sets laid down keep the brute force quick (test 2 covers shanten without them)
        hand = near_hand(
            rng, 14, rng.choice([1, 1, 2]), 1 + k % 2, 0.4 if k % 3 else 0.1, rng.choice([6, 16])
        )
        seen = hide_kinds(rng, hand, rng.choice([0, 6, 8]))
        pool0 = ref.unseen(hand, seen)
        result = discard(hand, rules(), draws=0, seen=tiles(seen))
        held = Counter(hand.concealed)
        kongs = sum(1 for t, k in held.items() if k == 4 and not t.is_fei) + sum(
            1 for m in hand.melds if m.kind.value == "pong" and m.exposed and not m.wild_count and held[m.cards[0]]
        )
        assert len(result.options) == len(set(hand.concealed)) + any(t.is_fei for t in hand.concealed) + kongs
        cover["kong"] += kongs
        for option in (o for o in result.options if o.action in ("discard", "sink")):
            kept = kept_hand(hand, option)
            sh = ref.shanten(kept, option.shanten)
            assert option.shanten == sh, (str(hand), option.tile, option.action)
            want = [
                (t, pool0[t])
                for t in ref.KINDS
                if pool0[t] > 0 and ref.draws(plus_card(kept, t), sh) is not None
            ]
            assert sorted((str(t), n) for t, n in option.accepts) == sorted(want), (
                str(hand),
                option.tile,
            )
            assert option.acceptance == sum(n for _, n in want)
            cover[option.action] += 1
            cover["seen"] += bool(seen)
            cover["accepts"] += bool(want)
    assert cover["sink"] >= 5 and cover["seen"] >= 100 and cover["accepts"] >= 150, cover


# --- 5. expected FUN against a plain recursion of docs/solver.md ---------------------------------


def hide_all_but(hand: Hand, live: tuple[str, ...] | None) -> tuple[str, ...]:
    """Seen cards that leave only the ``live`` kinds in the pool (every kind if None)."""
    if live is None:
        return ()
    left = ref.unseen(hand)
    return tuple(c for c in ref.KINDS if c not in live for _ in range(left[c]))


EV_CASES = [
    # (hand, rule set, seat, kinds left to draw (None: all), draws)
    ("123d 456d 789d EE SS N | f1 a1", "3leg", "east", None, 1),
    ("123d 456d 789d EE SS N | f1 a1", "3leg", "east", ("E", "S", "N", "F*", "9d"), 2),
    # No bonus card: every complete hand is a No Flower limit of 10.
    ("123d 456d 78d 11d RR N W", "3leg", "east", ("6d", "9d", "R", "1d", "F*"), 2),
    ("123d 456d 78d EE RR F* N | f1", "3leg", "east", None, 1),
    ("123d 456d 78d EE RR F* N | f1", "3leg", "east", ("6d", "9d", "E", "F*"), 2),
    # Sinking with no draws left still draws the replacement: EEE (or EE+F*) wins 7, SSS 5.
    ("123d 456d 789d EE SS F* | a1 a2 a3", "3leg", "east", None, 0),
    ("[EEE] [RRR] 123d 45d N F* W | a1", "3leg", "west", ("3d", "6d", "N", "F*"), 2),
    ("SSS 234d 678d 5d 99d Wh G | f2 s2", "3leg", "south", ("9d", "Wh", "G", "5d"), 2),
    ("123d 456d 789d 2d 3d E S N | f3", "3leg-beginner", "west", ("1d", "4d", "E", "S", "F*"), 2),
    # Complete already, but 4 FUN is short for East: the search goes on (RRR makes 5).
    ("123d 456d 789d EEE RR | k1", "3leg", "east", ("R", "3d", "9d", "F*"), 2),
    ("[5555d] 4d 6d 123d 789d R N G | k1 a1 s4 f4", "3leg", "east", ("R", "G", "F*", "3d"), 2),
    ("F* F* F* 123d 456d E S W N R | f4", "3leg", "east", ("E", "S", "R"), 2),
    ("123d 456d 7d 9d E RR N F* S | a1 f3 s3", "3leg", "west", ("8d", "R", "F*", "E"), 2),
    ("123d 456d 789d EE SS N | f1 a1", "3leg", "east", ("E", "S", "N"), 3),
    ("123d 456d 78d EE RR F* N | f1", "3leg", "east", ("9d", "E", "R"), 3),
]


@cache
def model_options(
    case: tuple[str, str, str, tuple[str, ...] | None, int],
) -> dict[tuple[str, str], ref.Value]:
    """The plain recursion's value of every option of one case, the moves of RULES §5.4 weighed
    after each draw but the last (as ``discard`` does by default)."""
    text, rule_set, seat, live, n = case
    hand = Hand.parse(text)
    return ref.Model(hand, rule_set, seat, hide_all_but(hand, live), moves=True).options(n)


@pytest.mark.parametrize("case", EV_CASES, ids=lambda c: f"{c[0]}-{c[2]}-{c[4]}")
def test_expected_fun_agrees_with_plain_recursion(
    case: tuple[str, str, str, tuple[str, ...] | None, int],
) -> None:
    """expected_fun and win_probability of every option, to 1e-9, against exact fractions."""
    text, rule_set, seat, live, n = case
    hand = Hand.parse(text)
    result = discard(hand, rules(rule_set), seat, draws=n, seen=tiles(hide_all_but(hand, live)))
    want = model_options(case)
    got = {(str(o.tile), o.action): o for o in result.options}
    assert set(got) == set(want)
    for key, (ev, pw) in want.items():
        assert got[key].expected_fun == pytest.approx(float(ev), abs=1e-9), key
        assert got[key].win_probability == pytest.approx(float(pw), abs=1e-9), key
    order = [(o.expected_fun, o.win_probability) for o in result.options]
    assert order == sorted(order, reverse=True)


def test_expected_fun_cases_cover_the_model() -> None:
    """The cases above include wins, sinks that can win, a flowerless hand worth 10 a win."""
    sinks = wins = tens = 0
    for case in EV_CASES:
        values = model_options(case)
        sinks += any(a == "sink" and v[1] > 0 for (_, a), v in values.items())
        wins += any(v[1] > 0 for v in values.values())
        if "|" not in case[0]:
            best = max(values.values())
            assert best[1] > 0 and best[0] == 10 * best[1]  # every win is the limit
            tens += 1
    assert sinks >= 5 and wins == len(EV_CASES) and tens == 1, (sinks, wins, tens)


def test_expected_fun_worked_by_hand() -> None:
    """Two options counted by hand over the 54 cards not in sight (68 minus the 14 held)."""
    # Discard N, one draw: E (2 left) makes EEE for 1 (f1) + 1 (a1) + 2 (EEE) + 1 (win) = 5,
    # a FEI (4 left) does as well (EE+F*); S makes SSS for 3, short. 6 wins of 54, 30 FUN.
    result = discard(Hand.parse("123d 456d 789d EE SS N | f1 a1"), rules(), draws=1)
    option = next(o for o in result.options if str(o.tile) == "N")
    assert option.win_probability == pytest.approx(6 / 54, abs=1e-12)
    assert option.expected_fun == pytest.approx(30 / 54, abs=1e-12)
    # Sink the FEI with no draws left: the replacement alone. E (2 left) or a FEI (3 left, one
    # sunk) wins 2 (EEE) + 3 (animals) + 1 (sunk FEI) + 1 (win) = 7; S (2 left) wins 5.
    result = discard(Hand.parse("123d 456d 789d EE SS F* | a1 a2 a3"), rules(), draws=0)
    sink = next(o for o in result.options if o.action == "sink")
    assert sink.win_probability == pytest.approx(7 / 54, abs=1e-12)
    assert sink.expected_fun == pytest.approx((2 * 7 + 3 * 7 + 2 * 5) / 54, abs=1e-12)
    assert all(o.expected_fun == 0 for o in result.options if o.action == "discard")


# --- 6. Monte-Carlo ---------------------------------------------------------------------------


def simulate(
    model: ref.Model, option: tuple[str, str], n: int, runs: int, rng: random.Random
) -> list[int]:
    """Play the §5 model ``runs`` times: FUN won per run (-1 for no win). Discards follow the
    plain recursion's best choice; cards are drawn by the pool's weights."""
    card, action = option
    bonus = tuple(map(str, model.hand.bonus)) + ((FEI,) if action == "sink" else ())
    model.start(ref.minus(model.cards14, card), bonus)
    out = []
    for _ in range(runs):
        h, left, fun = dict(model.h0), n, -1
        if action == "sink":  # the replacement card comes first, then a discard
            left += 1
        while left > 0:
            pool = model.pool(h)
            t = rng.choices(list(pool), weights=list(pool.values()))[0]
            h14 = ref.plus(h, t)
            left -= 1
            verdict = model.verdict(h14)
            if verdict.wins:
                fun = verdict.fun
                break
            if left == 0:
                break
            h = ref.minus(h14, rng.choice(model.best_discards(h14, left)))
        out.append(fun)
    return out


@pytest.mark.parametrize(
    ("text", "live", "n"),
    [
        ("123d 456d 78d EE RR F* N | f1", ("6d", "9d", "E", "F*"), 2),
        ("123d 456d 789d EE SS N | f1 a1", ("E", "S", "N"), 3),
    ],
)
def test_expected_fun_agrees_with_simulation(text: str, live: tuple[str, ...], n: int) -> None:
    """For the best option, a poor one and any sink: simulated FUN and wins within 3 SE. The
    simulation plays discards alone after the root, so the search is asked without the moves."""
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    result = discard(hand, rules(), draws=n, seen=tiles(seen), search_moves=False)
    picked = [result.options[0], result.options[len(result.options) // 2]]
    picked += [o for o in result.options if o.action == "sink" and o not in picked]
    rng = random.Random(f"solver-monte-carlo-{text}")
    runs = 3000
    for option in picked:
        funs = simulate(
            ref.Model(hand, "3leg", "east", seen), (str(option.tile), option.action), n, runs, rng
        )
        wins = sum(f >= 0 for f in funs) / runs
        values = [max(f, 0) for f in funs]
        mean = sum(values) / runs
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (runs - 1))
        p = option.win_probability
        assert abs(wins - p) <= 3 * math.sqrt(p * (1 - p) / runs) + 1e-12, (
            option.tile,
            option.action,
            wins,
            p,
        )
        assert abs(mean - option.expected_fun) <= 3 * sd / math.sqrt(runs) + 1e-12, (
            option.tile,
            mean,
            option.expected_fun,
        )
    assert 0.2 < result.options[0].win_probability < 0.95
