"""The graph after the exact draws shared by the discards of one hand (``tutor.engine.search.Shared``)
gives each discard exactly what its own search gives: the same floats, the same win chances by
draw, the same states counted. Random 3leg hands of 14 cards (FEI held, cards seen, bonus cards,
a set laid down, each seat), with and without the sharing, at horizons with no exact draw."""

from __future__ import annotations

import random

import pytest

from tutor import Hand, load_rules
from tutor.core.hands import Meld, MeldKind
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.engine import solver
from tutor.engine.table import forget_tables


def random_hand(rng: random.Random) -> tuple[Hand, list[Tile], str, int]:
    """14 cards (11 with a PONG laid down), a FEI or two in one hand of three, cards seen, bonus cards."""
    rules = load_rules("3leg")
    while True:
        deck = [t for t in sorted(rules.in_play) for _ in range(rules.wild_copies if t == FEI_ID else 4)]
        rng.shuffle(deck)
        melds: tuple[Meld, ...] = ()
        if rng.random() < 0.3:
            t = rng.choice([x for x in set(deck) if x != FEI_ID and deck.count(x) >= 3])
            for _ in range(3):
                deck.remove(t)
            melds = (Meld(MeldKind.PONG, (TILES[t],) * 3, exposed=True),)
        size = 14 - 3 * len(melds)
        if rng.random() < 0.35 and FEI_ID not in deck[:size]:
            at = deck.index(FEI_ID)
            deck[0], deck[at] = deck[at], deck[0]
        cards = deck[:size]
        if cards.count(FEI_ID) > 2:
            continue
        seen = [TILES[t] for t in deck[size:size + rng.randint(0, 12)] if t != FEI_ID]
        bonus = tuple(TILES[b] for b in rng.sample(range(35, 51), rng.randint(0, 3)))
        hand = Hand(tuple(TILES[t] for t in sorted(cards)), melds, bonus)
        return hand, seen, rng.choice(("east", "south", "west")), rng.choice((4, 5))


@pytest.mark.parametrize("seed", range(2))
def test_shared_graph_gives_each_discard_its_own_search(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(f"shared-{seed}")
    rules = load_rules("3leg")
    shared = solver.Shared
    compared = 0
    while compared < 4:
        hand, seen, seat, draws = random_hand(rng)
        forget_tables()
        with_sharing = solver.discard(hand, rules, seat, draws, seen)
        forget_tables()
        monkeypatch.setattr(solver, "Shared", lambda *_: None)
        alone = solver.discard(hand, rules, seat, draws, seen)
        monkeypatch.setattr(solver, "Shared", shared)
        assert with_sharing == alone, (str(hand), seen, seat, draws)
        if any(o.expected_fun for o in alone.options):
            compared += 1
