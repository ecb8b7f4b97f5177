"""Honours that stand in for one another (``Table.interchangeable``, ``search.swapped``).

Two honours are swapped only where every hand scores as it did with them swapped: checked here on
random complete hands of every additive rule set, each seat, with bonus cards, sets laid down and
situations, against ``check`` itself. And the search that memoises such hands once must give the
values of the search that does not, option by option, on random hands holding such honours."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from tutor import Hand, check, discard, load_rules
from tutor.core.hands import Meld, MeldKind
from tutor.core.tiles import FEI_ID, FIRST_WIND, TILES, Tile
from tutor.engine.decide import solver
from tutor.engine.search import expected_fun as search
from tutor.engine.search.hand_table import Table

ADDITIVE = ["3leg", "3leg-beginner", "malaysian-3p", "kj-3p", "singapore"]
SEATS = ("east", "south", "west")


def complete(rng: random.Random, rules_name: str) -> Hand:
    """A random standard complete hand, rich in honours, some sets laid down, some bonus cards."""
    rules = load_rules(rules_name)
    kinds = sorted(t for t in rules.in_play if t != FEI_ID)
    honours = [t for t in kinds if t >= FIRST_WIND]
    left = {t: 4 for t in kinds}
    groups: list[list[int]] = []
    while len(groups) < rules.sets:
        t = rng.choice(honours if rng.random() < 0.4 else kinds)
        run = [t, t + 1, t + 2]
        if t < FIRST_WIND and t % 9 <= 6 and rules.chee_ok[t] and rng.random() < 0.4 and all(left.get(x, 0) for x in run):
            group = run
        elif left[t] >= 3:
            group = [t] * 3
        else:
            continue
        for x in group:
            left[x] -= 1
        groups.append(group)
    pair = rng.choice([t for t in kinds if left[t] >= 2])
    rng.shuffle(groups)
    laid = [g for g in groups[: rng.randint(0, 2)] if g[0] == g[1] or rules.spec.declared_chee]
    melds = tuple(Meld(MeldKind.CHEE if g[0] != g[1] else MeldKind.PONG, tuple(TILES[x] for x in g), exposed=True)
                  for g in laid)
    concealed = [x for g in groups if g not in laid for x in g] + [pair, pair]
    bonus_ids = sorted(rules.bonus_in_play)
    bonus = tuple(TILES[b] for b in rng.sample(bonus_ids, min(len(bonus_ids), rng.randint(1, 3))))
    return Hand(tuple(TILES[x] for x in sorted(concealed)), melds, bonus)


def swap(hand: Hand, a: int, b: int) -> Hand:
    """The hand with the cards ``a`` and ``b`` swapped everywhere."""
    def one(t: Tile) -> Tile:
        return TILES[b] if t.id == a else TILES[a] if t.id == b else t
    melds = tuple(Meld(m.kind, tuple(one(t) for t in m.cards), m.exposed) for m in hand.melds)
    return Hand(tuple(sorted(one(t) for t in hand.concealed)), melds, hand.bonus)


@pytest.mark.parametrize("rules_name", ADDITIVE)
def test_swapped_honours_score_alike(rules_name: str) -> None:
    rules = load_rules(rules_name)
    rng = random.Random(rules_name)
    flags = [s.flag for s in rules.spec.situations]
    tried = differ = 0
    for seat in SEATS:
        if seat not in rules.spec.seats:
            continue
        for _ in range(150):
            hand = complete(rng, rules_name)
            situations = frozenset(f for f in flags if rng.random() < 0.2)
            table = Table(rules, seat, situations, Hand((), (), ()))
            classes = [[table.kinds[i] for i in c] for c in table.interchangeable()]
            got = check(hand, rules, seat, situations)
            for c in classes:
                for a, b in itertools.pairwise(c):
                    other = check(swap(hand, a, b), rules, seat, situations)
                    assert (other.fun, other.wins) == (got.fun, got.wins), (rules_name, seat, str(hand), TILES[a], TILES[b])
                    tried += 1
            # the control: honours not swapped may score apart (else the test could not tell)
            loose = [t for t in rules.in_play if FIRST_WIND <= t < FEI_ID and not any(t in c for c in classes)]
            for a in loose:
                for c in classes:
                    other = check(swap(hand, a, c[0]), rules, seat, situations)
                    differ += (other.fun, other.wins) != (got.fun, got.wins)
    assert tried > 100
    if any(FIRST_WIND <= t < FEI_ID for t in rules.in_play):
        assert differ > 0, "no hand tells a lone honour from a class: the classes may be too small"


def test_classes_of_3leg() -> None:
    """By the 3leg FUN table: East's PONG of S or W is worth nothing, of N one FUN; every dragon
    one FUN; a set laid down takes copies away."""
    rules = load_rules("3leg")

    def names(seat: str, hand: str) -> list[list[str]]:
        t = Table(rules, seat, frozenset(), Hand.parse(hand))
        return [[str(TILES[t.kinds[i]]) for i in c] for c in t.interchangeable()]

    assert names("east", "123d") == [["S", "W"], ["R", "G", "Wh"]]
    assert names("south", "123d") == [["E", "S", "N"], ["R", "G", "Wh"]]
    assert names("east", "123d [RRR]") == [["S", "W"], ["G", "Wh"]]
    assert Table(load_rules("sanma"), "east", frozenset(), Hand.parse("123p")).interchangeable() == ()


def honour_hand(rng: random.Random) -> tuple[Hand, list[Tile], str]:
    """14 3leg cards with two or three lone dragons and up to two lone winds, now and then a FEI
    or a PONG laid down."""
    rules = load_rules("3leg")
    while True:
        deck = [t for t in sorted(rules.in_play) for _ in range(4)]
        rng.shuffle(deck)
        honours = rng.sample(range(FIRST_WIND + 4, FEI_ID), rng.randint(2, 3)) + rng.sample(range(FIRST_WIND, FIRST_WIND + 4), rng.randint(0, 2))
        for t in honours:
            deck.remove(t)
        melds: tuple[Meld, ...] = ()
        if rng.random() < 0.3:
            t = rng.choice([x for x in range(9) if deck.count(x) >= 3])
            for _ in range(3):
                deck.remove(t)
            melds = (Meld(MeldKind.PONG, (TILES[t],) * 3, exposed=True),)
        rest = [x for x in deck if x != FEI_ID or rng.random() < 0.3][: 14 - 3 * len(melds) - len(honours)]
        cards = honours + rest
        if cards.count(FEI_ID) > 2:
            continue
        seen = [TILES[t] for t in deck[len(deck) - rng.randint(0, 12):] if t != FEI_ID]
        bonus = tuple(TILES[b] for b in rng.sample(range(35, 51), rng.randint(0, 4)))
        return Hand(tuple(TILES[t] for t in sorted(cards)), melds, bonus), seen, rng.choice(SEATS)


@pytest.mark.parametrize("draws", [2, 3, 5])
def test_search_with_swaps_gives_the_values_without(draws: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_rules("3leg")
    rng = random.Random(draws)
    fewer = 0
    for _ in range(8 if draws < 5 else 6):
        hand, seen, seat = honour_hand(rng)
        with_swaps = discard(hand, rules, seat, draws=draws, seen=seen)
        with monkeypatch.context() as m:
            m.setattr(search, "classes", lambda *_: ())  # as each module imported it
            m.setattr(solver, "swapped", lambda *_: None)
            without = discard(hand, rules, seat, draws=draws, seen=seen)
        # the same options, worth the same (to the rounding of sums taken in another order, which
        # may put two options of equal worth the other way round)
        by = {(str(o.tile), o.action, o.meld): o for o in without.options}
        assert len(by) == len(with_swaps.options)
        for a in with_swaps.options:
            b = by[str(a.tile), a.action, a.meld]
            assert a.expected_fun == pytest.approx(b.expected_fun, abs=1e-12), (str(hand), seat, str(a.tile))
            assert a.win_by_draw == pytest.approx(b.win_by_draw, abs=1e-12), (str(hand), seat, str(a.tile))
            assert replace(a, expected_fun=0, win_probability=0, win_by_draw=(), explanation="") == replace(
                b, expected_fun=0, win_probability=0, win_by_draw=(), explanation="")
        funs = [o.expected_fun for o in with_swaps.options]
        assert all(x >= y - 1e-12 for x, y in itertools.pairwise(funs))
        assert with_swaps.states <= without.states
        fewer += with_swaps.states < without.states
    if draws > 2:  # (two draws are weighed without counting states, and the last draw's ready
        # hands are read off the table, which swapped hands share either way)
        assert fewer >= 2  # the swaps do spare states on such hands
