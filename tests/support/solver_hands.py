"""Hands for the solver tests: rule sets loaded once, random hands near a complete shape, seen cards."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from hypothesis import settings

from support import solver_ref as ref
from support.reference import FEI
from tutor.core.hands import Hand
from tutor.core.tiles import Tile
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


def plus_card(hand: Hand, card: str) -> Hand:
    """The hand with one more concealed card."""
    return ref.with_cards(hand, [*map(str, hand.concealed), card])
