"""``tutor.engine.search.closer.closer``, the swaps after the exact draws, against brute force: for random
3leg hands (FEI held, a set laid down, cards seen, bonus cards, each seat), every card drawn and
every card thrown whose hand is one draw nearer a win by a fresh ``Distance``, and the winning
structures each such hand is given, against those a fresh structure search lists for it.

The hands met before (their distance known from another hand) take ``closer``'s shortcut: the
same hands are asked again after a first pass has filled the memo, and must give the same swaps."""

from __future__ import annotations

import random

import pytest

from tutor import Hand, load_rules
from tutor.core.hands import Meld, MeldKind
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.engine.decide.solver import unseen_counts
from tutor.engine.distance.to_win import Distance
from tutor.engine.search.closer import closer
from tutor.engine.search.hand_table import Table


def random_hand(rng: random.Random, rules_name: str) -> tuple[Hand, list[Tile], str]:
    """13 cards (10 with a PONG laid down), up to two FEI, some cards seen, bonus cards, a seat."""
    rules = load_rules(rules_name)
    while True:
        deck = [t for t in sorted(rules.in_play) for _ in range(rules.wild_copies if t == FEI_ID else 4)]
        rng.shuffle(deck)
        melds: tuple[Meld, ...] = ()
        if rng.random() < 0.4:
            t = rng.choice([x for x in set(deck) if x != FEI_ID and deck.count(x) >= 3])
            for _ in range(3):
                deck.remove(t)
            melds = (Meld(MeldKind.PONG, (TILES[t],) * 3, exposed=True),)
        size = 13 - 3 * len(melds)
        if rng.random() < 0.3 and FEI_ID not in deck[:size] and FEI_ID in deck:  # FEI hands are the hard part
            at = deck.index(FEI_ID)
            deck[0], deck[at] = deck[at], deck[0]
        cards = deck[:size]
        if cards.count(FEI_ID) > 2:
            continue
        seen = [TILES[t] for t in deck[size:size + rng.randint(0, 15)] if t != FEI_ID or rng.random() < 0.5]
        bonus = tuple(TILES[b] for b in rng.sample(range(35, 51), rng.randint(0, 3)))
        hand = Hand(tuple(TILES[t] for t in sorted(cards)), melds, bonus)
        return hand, seen, rng.choice(("east", "south", "west"))


def swaps_by_brute_force(fresh: Distance, h: int, pool0: list[int], d: int) -> dict[int, set[int]]:
    """Per card drawn, the hands its discards leave at distance ``d - 1`` (by a ``Distance`` that
    ``closer`` has not seen: each such hand's own structure search)."""
    table = fresh.t
    out: dict[int, set[int]] = {}
    for t, p in enumerate(pool0):
        if not p:
            continue
        for x in range(len(pool0)):
            if x == t or not table.count(h + table.unit_of[t], x):
                continue
            g = h + table.unit_of[t] - table.unit_of[x]
            if fresh.of(g) == d - 1:
                out.setdefault(t, set()).add(g)
    return out


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.heavy), pytest.param(2, marks=pytest.mark.heavy)])
def test_closer_lists_every_swap_nearer_a_win(seed: int) -> None:
    """(3leg-beginner reads the distance off the tables; the rule sets with special shapes are
    `test_special_distance`'s.)"""
    rng = random.Random(f"closer-{seed}")
    rules = load_rules("3leg")
    checked = nearer = with_fei = 0
    while checked < 6 or with_fei < 2:  # (a FEI held: the structures' FEI slots decide, ``swaps._verdicts``)
        hand, seen, seat = random_hand(rng, "3leg")
        table = Table(rules, seat, frozenset(), hand)
        h = table.pack(hand.concealed)
        unseen = unseen_counts(rules, hand, seen)
        pool0 = [unseen[t] for t in table.kinds]
        dist = Distance(table, h, pool0)
        if not dist.by_structure:  # every complete hand wins: the distance is read off the tables
            continue
        d = dist.of(h)
        if not 0 < d <= 2:  # at 0 no swap is nearer; far hands take long to check by brute force
            continue
        pool = {i: p for i, p in enumerate(pool0) if p}
        got = {t: set(gs) for t, gs in closer(dist, h, pool).items()}
        fresh = Distance(table, h, pool0)
        assert got == swaps_by_brute_force(fresh, h, pool0, d), (str(hand), seen, seat)
        for gs in got.values():
            for g in gs:
                assert sorted(dist.optimal(g)) == sorted(fresh.optimal(g)), (str(hand), table.tiles(g))
        again = {t: set(gs) for t, gs in closer(dist, h, pool).items()}  # every hand known now
        assert again == got
        checked += 1
        with_fei += any(t.id == FEI_ID for t in hand.concealed)
        nearer += sum(len(gs) for gs in got.values())
    assert nearer > 20  # a real test: many swaps are nearer


def test_structure_sets_read_each_structures_wants() -> None:
    """``StructureSets``: a structure is in ``more[k][c]`` exactly when it wants more than ``c``
    of kind ``k``, in ``fewer[k][c]`` when it wants fewer, its fields are the kinds it wants and
    the FEI, and a set lists its structures in the order they were met (for the structures near
    far hands, holding a FEI or not)."""
    rules = load_rules("3leg")
    for text in ("3667899d EE W N R G", "1355789d E W N R G Wh", "1245d EE W N R G F* F*"):
        hand = Hand.parse(text)
        table = Table(rules, "east", frozenset(), hand)
        h = table.pack(hand.concealed)
        pool0 = [unseen_counts(rules, hand, [])[t] for t in table.kinds]
        dist = Distance(table, h, pool0)
        listed = dist.optimal(h)
        known = dist.known
        assert len(listed) > 20 and known.structs == listed
        assert known.unbits(dist.opt[h]) == listed
        half = listed[::2]
        assert known.unbits(known.bits(half)) == half  # (numbered already: the same numbers)
        for i, (_, want) in enumerate(listed):
            for k in range(dist.n):
                for c in range(8):
                    assert bool(known.more[k][c] >> i & 1) == (want[k] > c)
                    assert bool(known.fewer[k][c] >> i & 1) == (want[k] < c)
            fields = sum(7 << 3 * k for k in range(dist.n) if want[k]) | 7 << table.fei_shift
            assert known.fields[i] == fields
        assert not known.special
