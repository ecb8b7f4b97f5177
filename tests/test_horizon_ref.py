"""Tests of ``support.horizon_ref``, the reference for RULES.md §5.3 (the distance to a win) and
§5.2 (the whole-round horizon) that the solver's engine is tested against.

Expected numbers are worked out by hand in the comments (FUN from the tables of RULES.md §1,
probabilities from the pool of §5) or come from independent code: ``solver_ref.shanten`` (a
brute-force shanten), ``solver_ref.Model`` (the plain §5 recursion), and a direct search over
one- and two-draw swaps judged by ``tutor.check``. Pools are kept small (the cards of all but a
few kinds "seen") so that the exact recursions finish quickly.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from support import horizon_ref as hr
from support import solver_ref as ref

from tutor import Hand, TutorError, check, load_rules

F = Fraction
SEATS = ("east", "south", "west")


def hide_all_but(hand: Hand, live: tuple[str, ...]) -> tuple[str, ...]:
    """Seen cards that leave only the ``live`` kinds in the pool."""
    left = ref.unseen(hand)
    return tuple(c for c in ref.KINDS if c not in live for _ in range(left[c]))


def wins(cards: Counter[str] | dict[str, int], like: Hand, rules: str, seat: str) -> bool:
    """``tutor.check``'s verdict on these concealed cards with ``like``'s sets and bonus cards."""
    hand = ref.with_cards(like, Counter(cards))
    return check(hand, load_rules(rules), seat=seat).wins


# --- §5.3: the distance to a win --------------------------------------------------------------


def test_distance_worked_by_hand() -> None:
    """Hands whose distance is argued card by card."""
    # EE RR waits on E or R (shanten 0), but for East with f1: EEE 2 + f1 1 + win 1 = 4, RRR 3,
    # a FEI the same: every completion is short of 5. EEE and RRR together reach 5, but then the
    # seven cards left of 123d 456d 789d (less one) hold no pair; no other 5 FUN is within two
    # draws. Three: E, R and a 7d for 123d 456d 77d EEE RRR (2 + 1 + 1 + 1 = 5).
    hand = Hand.parse("123d 456d 789d EE RR | f1")
    assert ref.shanten(hand) == 0
    assert hr.distance_to_win(hand, "3leg", "east") == 2
    assert hr.distance_to_win(hand, "3leg-beginner", "east") == 0  # any completion wins
    assert hr.distance_to_win(hand, "3leg", "east", limit=1) == 1  # min(d, limit)
    # No bonus card: every complete hand is a No Flower limit hand, so d = shanten.
    assert hr.distance_to_win("123d 456d 789d EE RR", "3leg", "east") == 0
    # Tanki on R: EEE 2 + f1 1 + a1 1 + win 1 = 5.
    assert hr.distance_to_win("123d 456d 789d EEE R | f1 a1", "3leg", "east") == 0
    # For West, EEE is worth 1: 4 FUN, short, so d > 0 (and d > shanten).
    assert hr.distance_to_win("123d 456d 789d EEE R | f1 a1", "3leg", "west", limit=1) == 1
    # Every R and FEI seen: the tanki is dead; swap R for a card with 2 copies left and pair it.
    dead = ("R",) * 3 + ("F*",) * 4
    assert hr.distance_to_win("123d 456d 789d EEE R | f1 a1", "3leg", "east", dead) == 1
    # A FEI held alone pairs with any card drawn (a NGAN of a card and a FEI): 5 FUN, so d = 0;
    # a wind drawn to it is a win at once.
    assert hr.distance_to_win("123d 456d 789d EEE F* | f1 a1", "3leg", "east") == 0
    assert hr.horizon_value("123d 456d 789d EEE F* | f1 a1", {"N": 1, "S": 2}, 1, 0)[1] == 1
    # 14 cards: -1 if they win, else the least d over the discards.
    assert hr.distance_to_win("123d 456d 789d EEE RR | f1 a1", "3leg", "east") == -1
    assert hr.distance_to_win("123d 456d 789d EE RR N | f1", "3leg", "east") == 2
    # Complete but short: EEE 2 + win 1 for East (f2 counts nothing): 3 FUN, so d >= 0.
    assert hr.distance_to_win("123d 456d 789d EEE RR | f2", "3leg", "east", limit=0) == 0


def near_hand(rng: random.Random, size: int, swaps: int, fei_rate: float = 0.15) -> Hand:
    """A complete shape cut to ``size`` cards, ``swaps`` concealed cards swapped at random."""
    while True:
        conc, laid = ref.tenpai_hand(rng, rng.choice([0, 0, 1]), fei_rate)
        while len(conc) + 3 * len(laid) > size:
            conc.pop(rng.randrange(len(conc)))
        for _ in range(swaps):
            conc[rng.randrange(len(conc))] = rng.choice(ref.KINDS)
        bonus = rng.sample(["f1", "f2", "a3", "k1", "s4"], rng.choice([0, 1, 1, 2]))
        text = " ".join(conc + laid) + (" | " + " ".join(bonus) if bonus else "")
        try:
            hand = Hand.parse(text)
            check(hand, load_rules("3leg"))
        except TutorError:  # five copies of a card, two FEI in a set: draw again
            continue
        return hand


def test_distance_is_shanten_under_beginner_and_at_least_shanten() -> None:
    """``d = shanten`` in 3leg-beginner, ``d >= shanten`` in 3leg (13 and 14 cards)."""
    rng = random.Random(53)
    bigger = 0
    for k in range(18):
        size = 13 if k % 3 else 14
        hand = near_hand(rng, size, rng.choice([0, 1, 1, 2]))
        s = (
            ref.shanten(hand)
            if size == 13
            else min(
                ref.shanten(ref.with_cards(hand, ref.concealed_of(hand) - Counter([x])))
                for x in set(ref.concealed_of(hand))
            )
        )
        if size == 14 and wins(ref.concealed_of(hand), hand, "3leg-beginner", "east"):
            s = -1
        if s > 2:
            continue
        assert hr.distance_to_win(hand, "3leg-beginner", "south") == s, str(hand)
        got = hr.distance_to_win(hand, "3leg", "south", limit=s + 1)
        assert got >= s, str(hand)
        bigger += got > s
    assert bigger >= 3  # some hands complete only short of the minimum


def two_draw_distance(hand: Hand, rules: str, seat: str, avail: Counter[str]) -> int:
    """min(d, 2) of 13 cards by trying every draw t1, discard x, draw t2 (draws within avail)."""
    h = ref.concealed_of(hand)
    kinds = [t for t in ref.KINDS if avail[t] > 0]
    if any(wins(h + Counter([t]), hand, rules, seat) for t in kinds):
        return 0
    for t1 in kinds:
        for x in set(h + Counter([t1])):
            kept = h + Counter([t1]) - Counter([x])
            for t2 in kinds:
                drawn = Counter([t1, t2]) - Counter([x])
                if all(drawn[c] <= avail[c] for c in drawn) and wins(
                    kept + Counter([t2]), hand, rules, seat
                ):
                    return 1
    return 2


def test_distance_agrees_with_swapping_card_by_card() -> None:
    """min(d, 2) against every one- and two-draw swap, with a few kinds left to draw."""
    rng = random.Random(7)
    seen_d: Counter[int] = Counter()
    for _ in range(30):
        hand = near_hand(rng, 13, rng.choice([0, 1, 1, 2]), 0.3)
        left = ref.unseen(hand)
        live = rng.sample([c for c in ref.KINDS if left[c] > 0], 5)
        avail = Counter({c: rng.randint(1, left[c]) for c in live})
        rules, seat = rng.choice(["3leg", "3leg", "3leg-beginner"]), rng.choice(SEATS)
        want = two_draw_distance(hand, rules, seat, avail)
        assert hr.distance_to_win(hand, rules, seat, limit=2, avail=avail) == want, str(hand)
        seen_d[want] += 1
    assert all(seen_d[k] >= 3 for k in (0, 1, 2)), seen_d


def test_fast_target_search_matches_the_plain_one() -> None:
    """``complete_targets`` (held cards lowest first) against ``plain_targets`` (all groups)."""
    rng = random.Random(11)
    for _ in range(15):
        hand = near_hand(rng, rng.choice([13, 14]), rng.choice([0, 1, 2]))
        h = ref.concealed_of(hand)
        most = {c: min(4, max(h[c], rng.choice([0, 1, 2, 4]))) for c in hr.KINDS}
        sets, bound = 4 - len(hand.melds), rng.choice([1, 2, 3])
        assert hr.complete_targets(h, sets, most, bound) == hr.plain_targets(h, sets, most, bound)


# --- §5.2: the whole-round horizon ------------------------------------------------------------

READY = "123d 456d 789d EEE R | f1 a1"  # tanki on R: EEE 2 + f1 1 + a1 1 + win 1 = 5 FUN for East


@pytest.mark.parametrize("exact", [0, 1, 2])
def test_ready_hand_by_hand(exact: int) -> None:
    """Tanki on R, k = 2 R in a pool of m = 5 (R R N S G): a card that misses is thrown back and
    the pool is unchanged, so P(win within n) = 1 - ((m - k) / m) ** n, each win 5 FUN. (Keeping
    N, S or G instead waits on a card with no copy left: never better.)"""
    pool = {"R": 2, "N": 1, "S": 1, "G": 1}
    for n in range(1, 5):
        ev, pw, by = hr.horizon_value(READY, pool, n, exact)
        miss = [F(3, 5) ** j for j in range(1, n + 1)]
        assert by == [1 - q for q in miss]
        assert pw == 1 - miss[-1] and ev == 5 * pw
    # The same from the 14 cards with W, the seen cards leaving that pool: discard W.
    hand = Hand.parse("123d 456d 789d EEE R W | f1 a1")
    seen = ("R",) + ("N", "S", "G") * 3 + hide_all_but(hand, ("R", "N", "S", "G"))
    assert +hr.not_in_sight(hand, seen) == Counter(pool)
    got = hr.discard_values(hand, 3, exact, seen)["W"]
    assert got == (
        5 * (1 - F(27, 125)),
        1 - F(27, 125),
        [1 - F(3, 5), 1 - F(9, 25), 1 - F(27, 125)],
    )


def test_restricted_policy_by_hand() -> None:
    """d = 1, every win 5 FUN (EEE 2 + f1 + a1 + win). Pool E N W S S (5 cards).

    From h0 = ... EE N W: E (then discard N or W), N (discard W: EE NN) or W (discard N: EE WW)
    each reach a hand of d = 0 that waits on one card of a pool of 4 (EEE W waits on W, EEE N on
    N, EE NN and EE WW on E; the card paired is gone). S: no discard brings the hand closer, S is
    thrown back. So with a(m) = 1 - (3/4)**m for the d = 0 hands,
        P(n) = 3/5 a(n-1) + 2/5 P(n-1),   P(0) = P(1) = 0 (d(h0) = 1 >= 1 draw).
    """
    hand = "123d 456d 789d EE N W | f1 a1"
    pool = {"E": 1, "N": 1, "W": 1, "S": 2}
    assert hr.distance_to_win(hand, avail=pool) == 1
    a = [1 - F(3, 4) ** m for m in range(8)]
    p = [F(0)]
    for n in range(1, 6):
        p.append(F(3, 5) * a[n - 1] + F(2, 5) * p[n - 1])
    for n in range(1, 6):
        ev, pw, by = hr.horizon_value(hand, pool, n, 0)
        assert by == p[1 : n + 1]
        assert pw == p[n] and ev == 5 * p[n]
    # One exact draw can only do better (it may also keep an S: S S pairs and waits on E).
    assert hr.horizon_value(hand, pool, 4, 1)[0] >= 5 * p[4]


def test_no_value_within_fewer_draws_than_the_distance() -> None:
    """``d`` counts draws in the §5 pool: with d = 2 no win is possible in 2 draws even in the
    exact search, and both searches find one in 3 when E, R and 7d are in the pool."""
    hand = "123d 456d 789d EE RR | f1"  # d = 2 (test_distance_worked_by_hand)
    pool = {"E": 1, "R": 1, "7d": 1, "N": 2}
    assert hr.distance_to_win(hand, avail=pool) == 2
    assert hr.horizon_value(hand, pool, 2, 2) == (0, 0, [0, 0])
    assert hr.horizon_value(hand, pool, 2, 0) == (0, 0, [0, 0])
    for exact in (0, 2):
        ev, pw, by = hr.horizon_value(hand, pool, 3, exact)
        assert pw > 0 and ev == 5 * pw and by[:2] == [0, 0]


# Cases for the §5 recursion: (14 cards, rule set, seat, kinds left in the pool)
EV_CASES = [
    ("123d 456d 789d EE SS N | f1 a1", "3leg", "east", ("E", "S", "N", "F*")),
    ("123d 456d 78d 11d RR N W", "3leg", "east", ("6d", "9d", "R", "1d")),
    ("123d 456d 78d EE RR F* N | f1", "3leg", "east", ("6d", "9d", "E", "F*")),
    ("[EEE] [RRR] 123d 45d N F* W | a1", "3leg", "west", ("3d", "6d", "N", "F*")),
    ("SSS 234d 678d 5d 99d Wh G | f2 s2", "3leg", "south", ("9d", "Wh", "G")),
    ("123d 456d 789d 2d 3d E S N | f3", "3leg-beginner", "west", ("1d", "4d", "E")),
]


@pytest.mark.parametrize("case", EV_CASES, ids=lambda c: c[0])
def test_agrees_with_plain_recursion_within_exact_draws_plus_one(
    case: tuple[str, str, str, tuple[str, ...]],
) -> None:
    """RULES §5.2: with N <= L + 1 the value is the exact optimum of §5, every discard."""
    text, rules, seat, live = case
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    for n, exact in [(1, 0), (2, 1), (2, 3), (3, 2)]:
        want = ref.Model(hand, rules, seat, seen).options(n)
        got = hr.discard_values(hand, n, exact, seen, rules, seat)
        assert set(got) == {card for card, action in want if action == "discard"}
        for card, (ev, pw, by) in got.items():
            assert (ev, pw) == want[(card, "discard")], (card, n, exact)
            assert len(by) == n and by[-1] == pw


@pytest.mark.parametrize("case", [EV_CASES[k] for k in (0, 1, 3)], ids=lambda c: c[0])
def test_more_exact_draws_never_lower_the_value(
    case: tuple[str, str, str, tuple[str, ...]],
) -> None:
    """The restricted policy is a lower bound on the optimum of §5, and each exact draw more can
    only raise the expected FUN (it may choose what the restricted policy chose)."""
    text, rules, seat, live = case
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    exact = ref.Model(hand, rules, seat, seen).options(3)
    values = [hr.discard_values(hand, 3, k, seen, rules, seat) for k in (0, 1, 2)]
    for card in values[0]:
        evs = [v[card][0] for v in values]
        assert evs[0] <= evs[1] <= evs[2] == exact[(card, "discard")][0], card


@pytest.mark.parametrize("case", EV_CASES, ids=lambda c: c[0])
def test_win_by_draw_is_cumulative(case: tuple[str, str, str, tuple[str, ...]]) -> None:
    """win_by_draw: N entries, non-decreasing, ending at win_probability; its first entry is the
    chance that the first card drawn wins, whatever the policy (counted here with check)."""
    text, rules, seat, live = case
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    pool = hr.not_in_sight(hand, seen)
    total = sum(pool.values())
    cards = ref.concealed_of(hand)
    for card, (ev, pw, by) in hr.discard_values(hand, 4, 0, seen, rules, seat).items():
        kept = cards - Counter([card])
        first = sum(
            p for t, p in pool.items() if p and wins(kept + Counter([t]), hand, rules, seat)
        )
        assert len(by) == 4 and by[0] == F(first, total), card
        assert all(x <= y for x, y in itertools.pairwise(by)) and by[-1] == pw
        assert 0 <= pw <= 1 and ev <= 10 * pw


def test_caps_and_literal_search_agree_where_they_must() -> None:
    """The fast search for the discards that bring a hand closer gives what a d per discard
    gives; and with N <= L + 1 the choice of caps for d cannot matter."""
    hand = Hand.parse("SSS 234d 678d 5d 99d Wh G | f2 s2")
    seen = hide_all_but(hand, ("9d", "Wh", "G"))
    for caps in ("model", "physical"):
        fast = hr.discard_values(hand, 4, 0, seen, "3leg", "south", caps=caps)
        assert fast == hr.discard_values(hand, 4, 0, seen, "3leg", "south", caps=caps, literal=True)
    base = hr.discard_values(hand, 2, 1, seen, "3leg", "south")
    assert any(v[0] for v in base.values())
    for caps in ("pool", "physical"):
        assert hr.discard_values(hand, 2, 1, seen, "3leg", "south", caps=caps) == base


# --- the hand change (``changes``) ------------------------------------------------------------


def test_hand_change_by_hand() -> None:
    """Tanki on R (5 FUN: EEE 2 + f1 + a1 + win), pool R N N N. Without a change each draw wins
    with 1/4, an N thrown back: P(n) = 1 - (3/4)**n. With one: an N is kept for the R (EEE N,
    a tanki on N: the only discard that stays ready), which then wins with 2 of the 3 cards left
    (R N N; the R thrown is in sight, the N kept leaves the pool) at each draw after, and
    beats throwing the N back at every horizon: P(1) = 1/4, P(n) = 1/4 + 3/4 (1 - (1/3)**(n-1)).
    A second change (back to R) is worth no more."""
    pool = {"R": 1, "N": 3}
    for n in range(1, 6):
        plain = hr.horizon_value(READY, pool, n, 0)
        assert plain[2] == [1 - F(3, 4) ** j for j in range(1, n + 1)]
        want = [F(1, 4) + F(3, 4) * (1 - F(1, 3) ** (j - 1)) for j in range(1, n + 1)]
        ev, pw, by = hr.horizon_value(READY, pool, n, 0, changes=1)
        assert by == want and pw == want[-1] and ev == 5 * pw
        assert hr.horizon_value(READY, pool, n, 0, changes=2) == hr.horizon_value(READY, pool, n, 0, changes=1)
    # the same from the 14 cards with W, the seen cards leaving that pool: discard W
    hand = Hand.parse("123d 456d 789d EEE R W | f1 a1")
    seen = ("R", "R", "N") + hide_all_but(hand, ("R", "N"))
    assert +hr.not_in_sight(hand, seen) == Counter(pool)
    got = hr.discard_values(hand, 3, 0, seen, changes=1)["W"]
    assert got == (5 * F(11, 12), F(11, 12), [F(1, 4), F(3, 4), F(11, 12)])


def test_hand_change_fast_and_literal_agree() -> None:
    """The discards that keep the distance from one search of targets of the 14 cards
    (``Horizon.same``) give what a ``d`` per discard gives."""
    for text, rules, seat, live in (EV_CASES[4], EV_CASES[1]):
        hand = Hand.parse(text)
        seen = hide_all_but(hand, live)
        fast = hr.discard_values(hand, 4, 0, seen, rules, seat, changes=1)
        assert fast == hr.discard_values(hand, 4, 0, seen, rules, seat, changes=1, literal=True)
        assert fast != hr.discard_values(hand, 4, 0, seen, rules, seat)  # the change is worth something


@pytest.mark.parametrize("case", [EV_CASES[k] for k in (0, 1, 3)], ids=lambda c: c[0])
def test_hand_change_lies_between_the_policy_and_the_optimum(case: tuple[str, str, str, tuple[str, ...]]) -> None:
    """A change more never lowers the value, and a policy is never worth more than the optimum of
    §5 (every discard weighed at every draw)."""
    text, rules, seat, live = case
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    exact = ref.Model(hand, rules, seat, seen).options(3)
    values = [hr.discard_values(hand, 3, 0, seen, rules, seat, changes=k) for k in (0, 1, 2)]
    for card in values[0]:
        evs = [v[card][0] for v in values]
        assert evs[0] <= evs[1] <= evs[2] <= exact[(card, "discard")][0], card
    assert any(values[1][c][0] > values[0][c][0] for c in values[0])
