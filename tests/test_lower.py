"""``Table.lower``, the bound on shanten that prunes the search, against the components' profiles
merged one by one and read off (the way it was computed before the last merge went straight into
the bound): equal on random hands of every rule set, FEI held and sets laid down among them, and
never above shanten."""

from __future__ import annotations

import random

import pytest

from tutor import Hand, load_rules
from tutor.core.hands import Meld, MeldKind
from tutor.core.tiles import FEI_ID, TILES
from tutor.engine.search.hand_table import Table
from tutor.engine.shapes.shanten import merge_profiles


def merged_bound(table: Table, key: int) -> int:
    fei = key >> table.fei_shift & 7 if table.has_fei else 0
    sets = table.sets_left
    total = {(0, 0, 0): 0}
    for prof in table._tables(key, fei, table._parts_lower, table._component_profile):
        total = merge_profiles(total, prof, sets, fei)
    mw = table.rules.max_wild_per_set
    best = max(v + min(fei, w + (sets - s) * min(mw, 2) + (1 - p) * min(mw, 1)) for (s, p, w), v in total.items())
    s = table.shape.size - best - 1
    sp = table.special.shanten(key) if table.specials else None
    return s if sp is None else min(s, sp)


@pytest.mark.parametrize("name", ["3leg", "malaysian-3p", "sanma", "singapore"])
def test_the_bound_is_the_merged_profiles(name: str) -> None:
    rules = load_rules(name)
    rng = random.Random(f"lower-{name}")
    deck = [t for t in sorted(rules.in_play) for _ in range(rules.wild_copies if t == FEI_ID else 4)]
    checked = with_fei = 0
    for _ in range(400):
        cards = rng.sample(deck, rng.choice((13, 14)))
        melds: tuple[Meld, ...] = ()
        if rng.random() < 0.3:
            t = next(c for c in cards if c != FEI_ID)
            melds = (Meld(MeldKind.PONG, (TILES[t],) * 3, exposed=True),)
            cards = [c for c in cards if c != t][: len(cards) - 3]
        if cards.count(FEI_ID) > 3:
            continue
        hand = Hand(tuple(TILES[t] for t in sorted(cards)), melds)
        table = Table(rules, "east", frozenset(), hand)
        key = table.pack(hand.concealed)
        got = table.lower(key)
        assert got == merged_bound(table, key), str(hand)
        if not table.specials:
            assert got <= table.shanten(key), str(hand)
        checked += 1
        with_fei += FEI_ID in cards
    assert checked > 300 and (with_fei > 20 or not rules.wild_copies)
