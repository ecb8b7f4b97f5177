"""The distance to a win where the rule set has special shapes (seven pairs, thirteen orphans,
nine gates), whose nearest shapes ``Distance.optimal`` lists beside the standard structures and
``tutor.engine.search.closer.closer`` passes down the search's graph.

Hands are dealt near a special shape of each rule set (a few cards of a target swapped for
random ones, a FEI where the rule set has one, cards seen). The distance is checked against a
brute force that knows no structure: a hand is at distance 0 when some card it may draw makes a
winning hand, 1 when two cards drawn and one thrown do, as ``Table.win`` judges the 14 cards.
The swaps ``closer`` lists, and the shapes it hands each hand it leaves, are checked against a
fresh search of every swap, as ``test_closer`` does for 3leg; and whole answers of ``discard``
against those of a search that passes nothing down (each hand's distance its own search, each
discard tried)."""

from __future__ import annotations

import random

import pytest
from test_closer import swaps_by_brute_force

import tutor.engine.decide.solver
from tutor import Hand, discard, load_rules
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.engine.decide.solver import unseen_counts
from tutor.engine.distance.structures import SPECIAL
from tutor.engine.distance.to_win import Distance
from tutor.engine.search.closer import closer
from tutor.engine.search.hand_table import Table
from tutor.engine.search.kept_tables import forget_tables
from tutor.engine.shapes.special import gate_suits, orphan_kinds

SPECIAL_RULES = ["kj-3p", "sanma", "singapore", "malaysian-3p"]


def near_special(rng: random.Random, rules_name: str, size: int = 13) -> tuple[Hand, list[Tile], str]:
    """``size`` cards a few swaps from one of the rule set's special shapes, some cards seen."""
    rules = load_rules(rules_name)
    real = sorted(k for k in rules.in_play if k != FEI_ID)
    while True:
        shape = rng.choice([s for s in rules.special_shapes if s != "standard"])
        if shape == "seven_pairs":
            cards = [k for k in rng.sample(real, 7) for _ in range(2)]
        elif shape == "thirteen_orphans":
            kinds = list(orphan_kinds(rules.in_play))
            cards = kinds + [rng.choice(kinds)] * (14 - len(kinds))
        else:
            base = rng.choice(gate_suits(rules.in_play))
            cards = [base + r for r, m in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)) for _ in range(m)]
            cards.append(base + rng.randrange(9))
        rng.shuffle(cards)
        cards = cards[:size]
        deck = [t for t in sorted(rules.in_play) for _ in range(rules.wild_copies if t == FEI_ID else 4)]
        for t in cards:
            deck.remove(t)
        rng.shuffle(deck)
        for j in rng.sample(range(size), rng.choice((1, 2, 2, 3))):
            deck.append(cards[j])
            cards[j] = deck.pop(0)
        if cards.count(FEI_ID) > 2:
            continue
        seen = [TILES[t] for t in deck[: rng.randint(0, 12)] if t != FEI_ID]
        hand = Hand(tuple(TILES[t] for t in sorted(cards)))
        return hand, seen, rng.choice(("east", "south", "west"))


def brute_distance(table: Table, h: int, pool0: list[int]) -> int:
    """``min(d, 2)`` of the 13-card hand ``h`` (the search's root, so its own ``h0``) by trying
    every card, then every two cards drawn and one thrown, judged by ``Table.win``."""
    kinds = range(len(pool0))
    drawable = [k for k in kinds if pool0[k]]

    def wins(key: int) -> bool:
        w = table.win(key)
        return w is not None and w[1]

    if any(wins(h + table.unit_of[t]) for t in drawable):
        return 0
    for i, t1 in enumerate(drawable):
        for t2 in drawable[i:]:
            if t1 == t2 and pool0[t1] < 2:
                continue
            up = h + table.unit_of[t1] + table.unit_of[t2]
            for x in kinds:
                if x not in (t1, t2) and table.count(h, x) and wins(up - table.unit_of[x]):
                    return 1
    return 2


def setup(rng: random.Random, rules_name: str) -> tuple[Table, int, list[int], Distance, str]:
    hand, seen, seat = near_special(rng, rules_name)
    rules = load_rules(rules_name)
    table = Table(rules, seat, frozenset(), hand)
    h = table.pack(hand.concealed)
    unseen = unseen_counts(rules, hand, seen)
    pool0 = [unseen[t] for t in table.kinds]
    return table, h, pool0, Distance(table, h, pool0), f"{hand} seen {' '.join(map(str, seen))} {seat}"


@pytest.mark.parametrize("rules_name", SPECIAL_RULES)
def test_distance_near_special_shapes_agrees_with_brute_force(rules_name: str) -> None:
    rng = random.Random(f"special-distance-{rules_name}")
    by_shape = 0
    for _ in range(25):
        table, h, pool0, dist, text = setup(rng, rules_name)
        assert dist.by_structure
        want = brute_distance(table, h, pool0)
        assert min(dist.of(h), 2) == want, text
        again = Distance(table, h, pool0)  # ``within`` on its own, before any ``of``
        assert (want == 2 or again.within(h, want)) and (want == 0 or not again.within(h, want - 1)), text
        by_shape += want <= 1 and any(groups == SPECIAL for groups, _ in dist.optimal(h))
    assert by_shape >= 3  # a real test: some hands are nearest a special shape


@pytest.mark.parametrize("rules_name", [  # malaysian-3p stays in the default run (kj-3p: 16 s)
    pytest.param(r, marks=[pytest.mark.heavy] if r in ("sanma", "singapore", "kj-3p") else []) for r in SPECIAL_RULES])
def test_closer_passes_special_shapes_down(rules_name: str) -> None:
    rng = random.Random(f"special-closer-{rules_name}")
    checked = nearer = specials = 0
    while checked < 5:
        table, h, pool0, dist, text = setup(rng, rules_name)
        d = dist.of(h)
        if not 0 < d <= 2:
            continue
        pool = {i: p for i, p in enumerate(pool0) if p}
        got = {t: set(gs) for t, gs in closer(dist, h, pool).items()}
        fresh = Distance(table, h, pool0)
        assert got == swaps_by_brute_force(fresh, h, pool0, d), text
        for gs in got.values():
            for g in gs:
                assert sorted(dist.optimal(g)) == sorted(fresh.optimal(g)), (text, table.tiles(g))
                specials += any(groups == SPECIAL for groups, _ in dist.optimal(g))
        assert {t: set(gs) for t, gs in closer(dist, h, pool).items()} == got  # every hand known now
        checked += 1
        nearer += sum(len(gs) for gs in got.values())
    assert nearer > 10 and specials > 3  # a real test: swaps nearer a special shape are passed down


class Unshared(Distance):
    """A ``Distance`` that gives the search no structures: every hand's distance is its own
    structure search, and every discard of a draw is tried (the search of before)."""

    def __init__(self, table: Table, h0: int, pool0: list[int]) -> None:
        super().__init__(table, h0, pool0)
        self.by_structure = False


@pytest.mark.parametrize("rules_name", SPECIAL_RULES)
def test_discard_is_the_same_as_without_passing_down(rules_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(f"special-discard-{rules_name}")
    rules = load_rules(rules_name)
    for k in range(3):
        hand, seen, seat = near_special(rng, rules_name, 14)
        args = (hand, rules, seat, 3, seen)
        forget_tables()
        got = discard(*args, exact_draws=0)
        with monkeypatch.context() as m:
            m.setattr(tutor.engine.decide.solver, "Distance", Unshared)
            forget_tables()
            want = discard(*args, exact_draws=0)
        assert [(o.tile, o.action, o.distance, o.expected_fun, o.win_probability, o.win_by_draw) for o in got.options] == [
            (o.tile, o.action, o.distance, o.expected_fun, o.win_probability, o.win_by_draw) for o in want.options
        ], (str(hand), seen, seat)
        assert any(o.win_probability for o in got.options)  # a real test: some win is within reach
