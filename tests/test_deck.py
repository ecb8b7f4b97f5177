"""The drill's deck: every card its copies exactly, bonus cards replaced, the same seed the same deal."""

from __future__ import annotations

from collections import Counter

import pytest

from tutor.core.tiles import FEI_ID, TILES
from tutor.rules.load import load_rules
from tutor.table.deck import deal, full_deck, shuffled

RULES = load_rules("3leg")


def _expected(rules_name: str) -> Counter:
    """The cards a rule set says are in its deck, counted from the YAML's own lists."""
    rules = load_rules(rules_name)
    spec = rules.spec.tiles
    want: Counter = Counter()
    for suit, ranks in spec.suits.items():
        for r in ranks:
            want[f"{r}{suit[0]}"] += spec.copies
    for h in spec.honours:
        want[h] += spec.copies
    if spec.wild:
        want["F*"] += spec.wild.copies
    for b in spec.bonus:
        want[b] += 1
    return want


@pytest.mark.parametrize("name", ["3leg", "malaysian-3p", "singapore"])
def test_the_deck_holds_each_card_its_copies(name: str) -> None:
    rules = load_rules(name)
    got = Counter(str(t) for t in full_deck(rules))
    assert got == _expected(name)
    if name == "3leg":
        assert sum(got.values()) == 84


@pytest.mark.parametrize("seed", range(25))
def test_a_deal_is_a_legal_deck_with_bonus_cards_replaced(seed: int) -> None:
    d = deal(RULES, seed)
    held = [t for h in d.hands for t in h]
    bonus = [t for b in d.bonus for t in b]
    everything = Counter(str(t) for t in held + bonus + list(d.wall))
    assert everything == _expected("3leg")  # 84 cards, each its copies exactly: none lost, none doubled
    assert [len(h) for h in d.hands] == [14, 13, 13]
    assert not any(t.is_bonus for t in held)
    # each bonus card dealt or taken as a replacement is revealed by its seat, and each reveal
    # took the card at the back of the deck
    for k, seat in enumerate(d.seats):
        revealed = [r.bonus for r in d.reveals if r.seat == seat]
        assert sorted(revealed) == sorted(d.bonus[k])
        assert {t for t in d.dealt[k] if t.is_bonus} <= set(revealed)
    order = shuffled(RULES, seed)
    back = order[40:]
    for r in d.reveals:
        assert r.replacement == back.pop()
    assert list(d.wall) == back


def test_the_same_seed_deals_the_same_hand_and_another_seed_another() -> None:
    assert deal(RULES, 7) == deal(RULES, 7)
    assert deal(RULES, 7).hands != deal(RULES, 8).hands


def test_bonus_cards_are_dealt_and_replaced_over_many_seeds() -> None:
    """Over 200 deals some bonus card is dealt, and a replacement that is itself a bonus card is
    revealed in turn (the loop runs until none is held)."""
    chains = reveals = 0
    for seed in range(200):
        d = deal(RULES, seed)
        reveals += len(d.reveals)
        chains += sum(1 for r in d.reveals if r.replacement.is_bonus)
        assert sum(1 for t in d.wall if t.id == FEI_ID) + sum(h.count(TILES[FEI_ID]) for h in d.hands) == 4
    assert reveals > 200 and chains > 0
