"""The whole-round search and the distance to a win (``tutor.engine.search.expected_fun``, ``tutor.engine.distance.to_win``,
``tutor.engine.search.horizon``) against the independent reference of ``tests/support/horizon_ref.py``, in
exact fractions on small pools, beyond the exact draws (the restricted policy)."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from support import horizon_ref as hr
from support import solver_ref as ref
from test_horizon_ref import EV_CASES, hide_all_but

from tutor import ArgumentError, Hand, Seat, discard, load_rules, waits
from tutor.core.tiles import Tile
from tutor.engine.decide.solver import unseen_counts as unseen_of
from tutor.engine.distance.to_win import Distance
from tutor.engine.search.expected_fun import Search, better
from tutor.engine.search.hand_table import Table
from tutor.engine.search.horizon import draws_after_deal, draws_left, wall_after_deal

LONG = [(case, n, 0) for case in (EV_CASES[0], EV_CASES[3], EV_CASES[4]) for n in (4, 6, 8)] + [(EV_CASES[2], 4, 0)]


def _heavy_if(case: tuple[str, str, str, tuple[str, ...]], n: int, exact: int) -> Any:
    """A case of ``test_values_agree_with_the_reference``; the FEI hand with one exact draw (20 s
    of the reference's search) is ``heavy``: the same hand with none, at 3 and 4 draws, and the
    other FEI hand with one, stay."""
    marks = [pytest.mark.heavy] if case is EV_CASES[2] and exact == 1 else []
    return pytest.param(case, n, exact, marks=marks, id=f"{case[0]}-{n}-{exact}")


def agree(got: Any, want: dict[str, Any]) -> None:
    """Every discard of the result ``got`` has the reference's expected FUN, win probability and
    win chance by draw (``want``: per card, as ``horizon_ref.discard_values`` gives them)."""
    options = {str(o.tile): o for o in got.options if o.action == "discard"}
    assert set(options) == set(want)
    for card, (ev, pw, by) in want.items():
        o = options[card]
        assert o.expected_fun == pytest.approx(float(ev), abs=1e-9), card
        assert o.win_probability == pytest.approx(float(pw), abs=1e-9), card
        assert list(o.win_by_draw) == pytest.approx([float(x) for x in by], abs=1e-9), card


@pytest.mark.parametrize(
    ("case", "n", "exact"),
    [_heavy_if(case, n, exact) for case in EV_CASES for n, exact in ((3, 0), (3, 1))]
    + [_heavy_if(*x) for x in LONG],
)
def test_values_agree_with_the_reference(case: tuple[str, str, str, tuple[str, ...]], n: int, exact: int) -> None:
    """Every plain discard's expected FUN, win probability, win chance by draw and distance (the
    moves of RULES §5.4 weighed after an exact draw but the last, as by default)."""
    text, rules, seat, live = case
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    want = hr.discard_values(hand, n, exact, seen, rules, seat, moves=True)
    got = discard(hand, load_rules(rules), seat, draws=n, seen=[Tile.parse(c) for c in seen], exact_draws=exact)
    agree(got, want)


@pytest.mark.parametrize("rules", ["3leg", "3leg-beginner"])
def test_distance_agrees_with_the_reference(rules: str) -> None:
    """The distance to a win of 13-card hands (waits) against the reference's target search."""
    rng = random.Random(11)
    for k in range(60):
        text = ref.random_hand(rng, 13, 0, rng.choice([0, 0, 1]), 0, kinds=rng.choice([8, 10]))
        bonus = ("", " | f1", " | f1 a2", " | f2 k3")[k % 4]
        hand = Hand.parse(text if "|" in text else text + bonus)
        got = waits(hand, load_rules(rules), "east")
        want = hr.distance_to_win(hand, rules, "east", limit=4)
        assert min(got.distance, 4) == want, str(hand)
        assert got.distance >= got.shanten


def test_draws_left_follow_the_card_counts() -> None:
    """3leg: 68 playing cards, 40 dealt, 28 left: South 10, West 9, East 9 after the deal; a full
    hand of South or West has made its first draw."""
    rules = load_rules("3leg")
    assert wall_after_deal(rules) == 28
    assert [draws_after_deal(rules, s) for s in (Seat.EAST, Seat.SOUTH, Seat.WEST)] == [9, 10, 9]
    assert [draws_left(rules, s, 14) for s in (Seat.EAST, Seat.SOUTH, Seat.WEST)] == [9, 9, 8]
    assert draws_left(rules, Seat.WEST, 14, wall=10) == 3
    with pytest.raises(ArgumentError, match="wall"):
        draws_left(rules, Seat.EAST, 14, wall=29)
    with pytest.raises(ArgumentError, match="at most 10"):
        discard(Hand.parse("123d 456d 789d EE RG N"), rules, draws=11)


def drawn(search: Search, h: int, rng: random.Random) -> tuple[int, int]:
    """A card drawn at random from the model's pool at the hand ``h``: its kind and unit."""
    total, draws = search._draws(h)
    pick = rng.randrange(total)
    for i, p, unit in draws:
        if pick < p:
            return i, unit
        pick -= p
    raise AssertionError("the pool is empty")


def within_three_errors(rounds: list[tuple[int, int]], best: Any) -> None:
    """The option ``best``'s expected FUN and win chance by draw are within 3 standard errors of
    the ``rounds`` played (FUN won or -1, the draw it came on)."""
    runs = len(rounds)
    values = [max(f, 0) for f, _ in rounds]
    mean = sum(values) / runs
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (runs - 1))
    assert abs(mean - best.expected_fun) <= 3 * sd / math.sqrt(runs) + 1e-12
    for k, p in enumerate(best.win_by_draw, 1):
        seen = sum(1 for f, at in rounds if f >= 0 and at <= k) / runs
        assert abs(seen - p) <= 3 * math.sqrt(p * (1 - p) / runs) + 1e-12, (k, seen, p)


def play_out(search: Search, table: Table, dist: Distance, h0: int, n: int, rng: random.Random,
             changes: int = 0) -> tuple[int, int]:
    """One round played by the §5.2 policy after no exact draw, with at most ``changes`` hand
    changes: (FUN won or -1, the draw it came on).

    At each draw the card comes from the model's pool; a winning hand is taken; otherwise the draw
    is kept for the best discard that brings a win closer when that is worth more than throwing
    it back, or, while a change is left and no discard is closer, for the best discard that keeps
    the distance (the values are the engine's; what is checked is that its numbers are the
    averages of playing by them)."""
    h, left = h0, changes
    for k in range(n, 0, -1):
        i, unit = drawn(search, h, rng)
        h14 = h + unit
        won = table.win(h14)
        if won is not None and won[1]:
            return won[0], n - k + 1
        if k == 1:
            break

        def value(g: int, spare: int, k: int = k) -> Any:
            return search._changing(g, k - 1, spare) if changes else search.value(g, k - 1)

        dh = dist.of(h)
        swaps = [h14 - u for x, u in enumerate(table.unit_of) if x != i and h14 >> 3 * x & 7]
        # (a swap moves the distance by one at most: ``closer_at`` tells d - 1, then ``within`` d)
        closer = [g for g in swaps if dh > 0 and dist.closer_at(g, dh - 1)]
        same = [] if closer or not left else [g for g in swaps if dist.within(g, dh)]
        best, keep, used = value(h, left), h, 0
        for g, spend in [(g, 0) for g in closer] + [(g, 1) for g in same]:
            v = value(g, left - spend)
            if better(v, best):
                best, keep, used = v, g, spend
        h, left = keep, left - used
    return -1, 0


def policy_search(hand: Hand, rules: Any, tile: Tile, n: int, changes: int = 0) -> tuple[Search, Table, Distance, int]:
    """The engine's search after discarding ``tile`` from ``hand`` (East, a full deck), no exact
    draw, ``changes`` hand changes allowed: the search, its table and distance, the hand kept."""
    table = Table(rules, "east", frozenset(), hand)
    key14 = table.pack(hand.concealed)
    unseen = unseen_of(rules, hand, ())
    pool0 = [unseen[t] for t in table.kinds]
    h0 = key14 - table.unit_of[table.index[tile.id]]
    dist = Distance(table, h0, pool0)
    search = Search(table, dist, h0, pool0, n, 0)
    if changes:
        search.allow_changes(changes)
    return search, table, dist, h0


@pytest.mark.parametrize(
    ("text", "n"), [("123d 456d 789d EE RG N", 9), ("1234d 567d 99d EE RG N | f1", 7), ("123d 456d 78d EE RG N F* | a1", 5)]
)
def test_long_horizon_agrees_with_simulation(text: str, n: int) -> None:
    """The best option's expected FUN and win chance by draw, over a full deck and most of a round,
    within 3 standard errors of 3,000 rounds played by the same choices."""
    rules = load_rules("3leg")
    hand = Hand.parse(text)
    res = discard(hand, rules, draws=n, exact_draws=0)
    best = next(o for o in res.options if o.action == "discard")
    search, table, dist, h0 = policy_search(hand, rules, best.tile, n)
    assert search.value(h0, n)[0] == pytest.approx(best.expected_fun, abs=1e-12)
    rng = random.Random(f"long-horizon-{text}")
    runs = 3000
    rounds = [play_out(search, table, dist, h0, n, rng) for _ in range(runs)]
    within_three_errors(rounds, best)
    assert best.win_probability > 0.1  # a real test: the rounds do win


def reference_sink(hand: Hand, n: int, seen: tuple[str, ...], rules: str, seat: str) -> tuple[float, float, list[float]]:
    """Sinking the FEI with no exact draw, from the reference's V and d (RULES §5.2): the
    replacement wins, or is kept for the best discard that brings a win closer, or thrown back."""
    from tutor.core.tiles import FEI

    conc = list(hand.concealed)
    conc.remove(FEI)
    sunk = Hand(tuple(conc), hand.melds, (*hand.bonus, FEI))
    h0 = hr.concealed_of(sunk)
    model = hr.Horizon(sunk, h0, hr.not_in_sight(hand, seen), rules, seat)
    ev, pw, by = hr.replacement_value(model, h0, n, 0)
    return float(ev), float(pw), [float(b) for b in by]


@pytest.mark.parametrize("case", [EV_CASES[2], EV_CASES[3]], ids=lambda c: c[0])
@pytest.mark.parametrize("n", [3, 5])
def test_sinking_without_exact_draws_agrees_with_the_reference(case: tuple[str, str, str, tuple[str, ...]], n: int) -> None:
    """With no exact draw the replacement card of a sunk FEI is a draw like the others."""
    text, rules, seat, live = case
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    got = discard(hand, load_rules(rules), seat, draws=n, seen=[Tile.parse(c) for c in seen], exact_draws=0)
    sink = next(o for o in got.options if o.action == "sink")
    ev, pw, by = reference_sink(hand, n, seen, rules, seat)
    assert sink.expected_fun == pytest.approx(ev, abs=1e-9)
    assert sink.win_probability == pytest.approx(pw, abs=1e-9)
    assert list(sink.win_by_draw) == pytest.approx(by, abs=1e-9)
    assert 0 < pw < 1
