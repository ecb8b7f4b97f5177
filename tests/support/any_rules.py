"""Random hands for any rule set: complete shapes of its own cards (special shapes too), with sets
laid down, FEI where it has them, bonus cards and an odd card swapped, to compare a fast path with
the path it replaces."""

from __future__ import annotations

import random

from tutor.core.hands import Hand
from tutor.core.tiles import FEI_ID, TILES
from tutor.engine.scoring.check import validate
from tutor.errors import TutorError
from tutor.rules.load import RuleSet

RULE_SETS = ("3leg", "3leg-beginner", "malaysian-3p", "kj-3p", "sanma", "singapore")


def _special(rng: random.Random, rules: RuleSet, kinds: list[int]) -> list[int]:
    shape = rng.choice(rules.special_shapes)
    if shape == "seven_pairs":
        return [t for t in rng.sample(kinds, 7) for _ in range(2)]
    if shape == "thirteen_orphans":
        ends = [t for t in kinds if t >= 27 or t % 9 in (0, 8)]
        return [*ends, rng.choice(ends)]
    base = rng.choice(sorted({t - t % 9 for t in kinds if t < 27}))
    return [base] * 3 + [base + i for i in range(1, 8)] + [base + 8] * 3 + [base + rng.randrange(9)]


def _group(rng: random.Random, rules: RuleSet, kinds: list[int], laid: bool) -> tuple[list[int], bool]:
    """A set's cards, and whether it is a run (CHEE)."""
    suit = [t for t in kinds if t < 27]
    if suit and rng.random() < 0.5:
        s = rng.choice(suit)
        if s % 9 <= 6 and s + 2 in rules.in_play and rules.chee_ok[s] and (not laid or rules.spec.declared_chee):
            return [s, s + 1, s + 2], True
        return [s] * 3, False
    return [rng.choice(kinds)] * 3, False


def random_hand(rng: random.Random, rules: RuleSet, short: int = 0) -> Hand:
    """A valid hand of ``rules``: a complete shape (now and then with a card swapped), less
    ``short`` concealed cards."""
    kinds = sorted(t for t in rules.in_play if t != FEI_ID)
    fei = FEI_ID in rules.in_play and rules.max_wild_per_set > 0
    while True:
        melds: list[str] = []
        if rules.special_shapes and rng.random() < 0.15:
            conc = _special(rng, rules, kinds)
        else:
            conc = []
            laid = rng.choice([0, 0, 0, 1, 1, 2])
            for g in range(rules.sets):
                cards, run = _group(rng, rules, kinds, g < laid)
                if g >= laid:
                    conc += cards
                    continue
                names = [str(TILES[c]) for c in cards]
                if not run and rng.random() < 0.3:
                    melds.append(("[{}]" if rng.random() < 0.5 else "({})").format(" ".join(names + names[:1])))
                    continue
                if fei and rng.random() < 0.3:
                    names[rng.randrange(3)] = "F*"
                melds.append("[" + " ".join(names) + "]")
            conc += [rng.choice(kinds)] * 2
        names = [str(TILES[c]) for c in conc]
        for _ in range(rng.choice([0, 0, 1, 1, 2]) if fei else 0):
            names[rng.randrange(len(names))] = "F*"
        if rng.random() < 0.15:
            names[rng.randrange(len(names))] = str(TILES[rng.choice(kinds)])
        for _ in range(short):
            names.pop(rng.randrange(len(names)))
        bonus = [str(TILES[b]) for b in rng.sample(sorted(rules.bonus_in_play), min(len(rules.bonus_in_play), rng.choice([0, 0, 1, 2, 3])))]
        if fei and rules.spec.tiles.wild and rules.spec.tiles.wild.sinkable and rng.random() < 0.15:
            bonus.append("F*")
        try:
            hand = Hand.parse(" ".join(names + melds) + (" | " + " ".join(bonus) if bonus else ""))
            validate(hand, rules)
        except TutorError:
            continue
        if hand.size == rules.hand_size - short:
            return hand
