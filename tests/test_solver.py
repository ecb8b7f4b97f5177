"""The solver (``tutor.engine.solver``) against independent references: the PyPI ``mahjong`` package,
brute-force shanten and waits, a plain recursion of RULES.md §5, a simulation, and properties."""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import cache
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten
from support import solver_ref as ref
from support.reference import FEI, PLAYING

from tutor.core.hands import Hand
from tutor.core.tiles import Tile
from tutor.engine.score import check
from tutor.engine.shanten import ShapeContext, _forced, shanten_counts
from tutor.engine.results import Option
from tutor.engine.solver import discard, shanten, waits
from tutor.rules.load import RuleSet, load_rules

PROPERTY = settings(max_examples=40, derandomize=True, deadline=None)
SEATS = ("east", "south", "west")
BONUS = ("f1", "f2", "f3", "f4", "s1", "s4", "a1", "a3", "k2")
# 3leg cards in the mahjong package's 34 indices: Dots as characters 1-9, E S W N, then
# White (haku), Green (hatsu), Red (chun).
MJ_INDEX = {f"{n}d": n - 1 for n in range(1, 10)} | {
    "E": 27,
    "S": 28,
    "W": 29,
    "N": 30,
    "Wh": 31,
    "G": 32,
    "R": 33,
}


@cache
def rules(name: str = "3leg") -> RuleSet:
    """A rule set, loaded once."""
    return load_rules(name)


def tiles(names: tuple[str, ...] | list[str]) -> tuple[Tile, ...]:
    """Card names as tiles."""
    return tuple(Tile.parse(n) for n in names)


def text_of(conc: list[str], laid: list[str], bonus: list[str]) -> str:
    """A hand in the notation from concealed cards, sets laid down and bonus cards."""
    return " ".join(conc + laid) + (" | " + " ".join(bonus) if bonus else "")


def in_sight(conc: list[str], laid: list[str], sunk: int = 0) -> Counter[str]:
    """Copies of each card in sight: concealed, laid down, sunk FEI."""
    sight = Counter(conc) + Counter(c for m in laid for c in m.strip("[]()").split())
    sight[FEI] += sunk
    return sight


def near_hand(
    rng: random.Random, size: int, swaps: int, melds: int, fei_rate: float, kinds: int = 16
) -> Hand:
    """A complete shape cut to ``size`` cards, ``swaps`` concealed cards then swapped at random."""
    while True:
        conc, laid = ref.tenpai_hand(rng, melds, fei_rate, kinds)
        while len(conc) + 3 * len(laid) > size:
            conc.pop(rng.randrange(len(conc)))
        for _ in range(swaps):
            conc[rng.randrange(len(conc))] = rng.choice(ref.KINDS)
        sunk = rng.choice([0, 0, 0, 1, 2])
        sight = in_sight(conc, laid, sunk)
        if all(n <= 4 for n in sight.values()):
            bonus = [FEI] * sunk + rng.sample(BONUS, rng.choice([0, 1, 1, 2]))
            return Hand.parse(text_of(conc, laid, bonus))


def seen_cards(rng: random.Random, hand: Hand, k: int) -> tuple[str, ...]:
    """``k`` cards drawn from those not in sight, as seen by the player elsewhere."""
    left = ref.unseen(hand)
    return tuple(rng.sample(list(left.elements()), k))


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
    """1,200 random 13- and 14-card 3leg hands: tutor.engine.solver.shanten = mahjong's regular shanten.

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


# --- 3. waits against brute force ------------------------------------------------------------

WaitRow = tuple[str, int, bool, int]


def solver_waits(hand: Hand, rule_set: str, seat: str, seen: tuple[str, ...]) -> list[WaitRow]:
    """``tutor.engine.solver.waits`` as sorted (card, fun, wins, unseen) rows."""
    got = waits(hand, rules(rule_set), seat, seen=tiles(seen))
    return sorted((str(w.tile), w.fun, w.wins, w.unseen) for w in got.waits)


def random_wait_cases() -> list[tuple[Hand, str, str, tuple[str, ...]]]:
    """150 hands of 13 cards, mostly one card from complete, with seen cards, seats, rule sets."""
    rng = random.Random("solver-waits")
    out = []
    for k in range(150):
        hand = near_hand(
            rng,
            13,
            rng.choice([0, 0, 0, 1]),
            rng.choice([0, 0, 1, 2, 3]),
            rng.choice([0.0, 0.3, 0.6]),
            rng.choice([5, 8, 16]),
        )
        seen = seen_cards(rng, hand, rng.choice([0, 0, 3, 8, 20]))
        out.append((hand, "3leg-beginner" if k % 5 == 0 else "3leg", SEATS[k % 3], seen))
    return out


def test_waits_agree_with_brute_force() -> None:
    """Every card kind added in turn and judged by the reference: the same waits, FUN, unseen."""
    cover: Counter[str] = Counter()
    for hand, rule_set, seat, seen in random_wait_cases():
        want = sorted(ref.waits(hand, rule_set, seat, seen))
        assert solver_waits(hand, rule_set, seat, seen) == want, (str(hand), rule_set, seat, seen)
        cover["waits"] += bool(want)
        cover["wins"] += any(w[2] for w in want)
        cover["short"] += any(not w[2] for w in want)
        cover["fei wait"] += any(w[0] == FEI for w in want)
        cover["seen"] += bool(seen) and bool(want)
        cover["sunk"] += any(t.is_fei for t in hand.bonus) and bool(want)
        cover["laid down"] += bool(hand.melds) and bool(want)
        cover["unseen < 4"] += any(w[3] < 4 for w in want)
    assert cover["waits"] >= 90 and all(n >= 8 for n in cover.values()), cover


@pytest.mark.parametrize(
    ("text", "seen", "want"),
    [
        # 4d 6d wait on 5d, all four in the KONG: only a FEI, no bonus card so a limit win of 10.
        ("[5555d] 4d 6d 123d 789d RR", (), [("F*", 10, True, 4)]),
        # A sunk FEI leaves 3 to draw and is a flower: 1 (sunk FEI) + 1 (win) = 2 (RR is the NGAN).
        ("[5555d] 4d 6d 123d 789d RR | F*", (), [("F*", 2, False, 3)]),
        # Every FEI in sight: no wait at all.
        ("[5555d] 4d 6d 123d 789d RR | F* F*", ("F*", "F*"), []),
        # The NGAN 5d+5d or 5d+F*: 1 (f1, East's flower) + 2 (EEE for East) + 1 (win) = 4, short;
        # two 5d held and one seen leave one to draw.
        ("EEE 123d 456d 789d 5d | f1", ("5d",), [("5d", 4, False, 1), ("F*", 4, False, 4)]),
    ],
)
def test_waits_worked_examples(text: str, seen: tuple[str, ...], want: list[WaitRow]) -> None:
    """Waits worked out by hand: dead cards, sunk FEI, seen cards, the FUN of each wait."""
    hand = Hand.parse(text)
    assert ref.waits(hand, "3leg", "east", seen) == want
    assert solver_waits(hand, "3leg", "east", seen) == sorted(want)


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
        assert len(result.options) == len(set(hand.concealed)) + any(
            t.is_fei for t in hand.concealed
        )
        for option in result.options:
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


# --- 5. expected FUN against a plain recursion of RULES.md §5 ---------------------------------


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
    """The plain recursion's value of every option of one case."""
    text, rule_set, seat, live, n = case
    hand = Hand.parse(text)
    return ref.Model(hand, rule_set, seat, hide_all_but(hand, live)).options(n)


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
    assert result.exact


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
    """For the best option, a poor one and any sink: simulated FUN and wins within 3 SE."""
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    result = discard(hand, rules(), draws=n, seen=tiles(seen))
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


# --- 7. properties ----------------------------------------------------------------------------


def addable(hand: Hand) -> list[str]:
    """Card kinds of which one more copy can physically be in the concealed hand."""
    left = ref.unseen(hand)
    return [t for t in ref.KINDS if left[t] > 0]


def plus_card(hand: Hand, card: str) -> Hand:
    """The hand with one more concealed card."""
    return ref.with_cards(hand, [*map(str, hand.concealed), card])


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
    """``tutor.engine.shanten._forced`` (fewest FEI for slots no card can fill) against brute force.

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
