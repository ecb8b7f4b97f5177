"""Hands kept once by the search after the exact draws: those that differ only in cards none of
their nearest structures wants (``tutor.engine.search.equivalent.WalkKeys``, ``docs/solver.md``).

Such hands are worth the same, to the bit: the search that keys them so must give every option
of a discard exactly the values of the search that keys each hand by itself, on random hands far
from a win (where cards no structure wants are many), with bonus cards, FEI, sets laid down and
cards seen, and with exact draws before the walk (whose draws may be kept though no structure
wants them: those the key keeps)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from support.any_rules import random_hand
from support.solver_hands import SEATS, near_hand, seen_cards, tiles

from tutor import Hand, discard, load_rules
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.engine.result_types import DiscardResult
from tutor.engine.scoring.check import validate
from tutor.engine.search.equivalent import WalkKeys
from tutor.errors import TutorError
from tutor.rules.load import RuleSet


def far_hand(rng: random.Random) -> tuple[Hand, tuple[Tile, ...], str]:
    """A complete shape with three or four cards swapped at random (two to four draws from a
    win, so holding cards no structure wants), sometimes a set laid down or a FEI, bonus cards
    and cards seen."""
    hand = near_hand(rng, 14, rng.choice([3, 4]), rng.choice([0, 0, 1]), 0.15)
    return hand, tiles(seen_cards(rng, hand, rng.randint(0, 8))), rng.choice(SEATS)


def same_options(keyed: DiscardResult, alone: DiscardResult, hand: Hand, seat: str) -> None:
    """The options of the two searches are the same, worth the same to the bit."""
    assert len(keyed.options) == len(alone.options)
    for a, b in zip(keyed.options, alone.options, strict=True):  # the same values to the bit, so the same order
        assert (str(a.tile), a.action) == (str(b.tile), b.action), (str(hand), seat)
        assert a.expected_fun == b.expected_fun, (str(hand), seat, str(a.tile))
        assert a.win_by_draw == b.win_by_draw, (str(hand), seat, str(a.tile))
        assert replace(a, explanation="") == replace(b, explanation="")
    assert keyed.states <= alone.states


def by_hand(self: WalkKeys, h: int) -> int:
    """Each hand its own key (its honours of a class sorted), as before ``WalkKeys``."""
    return h if self.canon is None else self.canon(h)


def far_of(rng: random.Random, rules: RuleSet) -> Hand:
    """A hand of any rule set (``random_hand``) with three or four concealed cards swapped at random."""
    kinds = sorted(t for t in rules.in_play if t != FEI_ID)
    while True:
        base = random_hand(rng, rules)
        conc = list(base.concealed)
        for _ in range(rng.choice([3, 4])):
            conc[rng.randrange(len(conc))] = TILES[rng.choice(kinds)]
        hand = Hand(tuple(sorted(conc, key=lambda t: t.id)), base.melds, base.bonus)
        try:
            validate(hand, rules)
        except TutorError:
            continue
        return hand


@pytest.mark.parametrize(("rules_name", "draws"), [("3leg", 4), ("3leg", 5), ("malaysian-3p", 4), ("kj-3p", 4), ("singapore", 3)])
def test_keyed_walk_gives_the_values_of_the_walk_by_hand(
    rules_name: str, draws: int, monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = load_rules(rules_name)
    rng = random.Random(f"{rules_name}{draws}")
    fewer = 0
    for k in range(6):
        if rules_name == "3leg":
            hand, seen, seat = far_hand(rng)
        else:  # the rule set's own cards (its special shapes too), no card seen
            hand, seen, seat = far_of(rng, rules), (), SEATS[k % 3]
        keyed = discard(hand, rules, seat, draws=draws, seen=seen, exact_draws=0)
        with monkeypatch.context() as m:
            m.setattr(WalkKeys, "__call__", by_hand)
            alone = discard(hand, rules, seat, draws=draws, seen=seen, exact_draws=0)
        same_options(keyed, alone, hand, seat)
        fewer += keyed.states < alone.states
    assert fewer >= 2  # such hands are met: the key spares states


def test_keyed_walk_after_an_exact_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """After an exact draw the hand may hold a card drawn that no structure wants: the key keeps
    it (the pool holds one copy less of it). This hand is weighed wrong without that."""
    rules = load_rules("3leg")
    rng = random.Random("a")
    hand = near_hand(rng, 14, rng.choice([1, 2]), 0, 0.0)
    seen = tiles(seen_cards(rng, hand, 4))
    keyed = discard(hand, rules, "south", draws=3, seen=seen, exact_draws=1, search_moves=False)
    with monkeypatch.context() as m:
        m.setattr(WalkKeys, "__call__", by_hand)
        alone = discard(hand, rules, "south", draws=3, seen=seen, exact_draws=1, search_moves=False)
    same_options(keyed, alone, hand, "south")
