"""The moves of a 3n+2-card hand beside a discard (RULES.md §5.4): declaring a concealed KONG of
four cards held, adding a card held to an exposed PONG, and recalling a FEI from a set laid down
with the card it stands for, just drawn. Each gives the hand it leaves; the solver weighs it."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tutor.core.hands import Hand, Meld, MeldKind
from tutor.core.readings import Group
from tutor.core.tiles import FEI, FEI_ID, Tile
from tutor.engine.shapes.standard import meld_options

if TYPE_CHECKING:
    from tutor.rules.load import RuleSet

KONGS = ("kong", "add-kong")
"""The actions that lay down a KONG of the hand's own cards: concealed, or added to a PONG."""


def kongs(hand: Hand) -> list[tuple[str, Tile, Hand]]:
    """Every KONG the hand may declare now: (``"kong"`` or ``"add-kong"``, the card, the hand after
    it, one card short until the replacement). A FEI never makes a KONG."""
    held = Counter(hand.concealed)
    out: list[tuple[str, Tile, Hand]] = []
    for t, k in sorted(held.items()):
        if k == 4 and t.id != FEI_ID:
            kong = Meld(MeldKind.KONG, (t,) * 4, exposed=False)
            out.append(("kong", t, Hand(tuple(c for c in hand.concealed if c != t), hand.melds + (kong,), hand.bonus)))
    for m in hand.melds:
        t = m.cards[0]
        if m.kind is MeldKind.PONG and m.exposed and not m.wild_count and held[t]:
            left = list(hand.concealed)
            left.remove(t)
            melds = list(hand.melds)
            melds.remove(m)
            out.append(("add-kong", t, Hand(tuple(left), (*melds, Meld(MeldKind.KONG, (t,) * 4)), hand.bonus)))
    return out


def recalls(hand: Hand, drawn: Tile, rules: RuleSet) -> list[tuple[Meld, Hand]]:
    """Every set laid down whose FEI may stand for ``drawn``: (the set as it was, the hand once
    ``drawn`` takes the FEI's place in it and the FEI comes back to the hand)."""
    out: list[tuple[Meld, Hand]] = []
    for m in sorted(set(hand.melds)):
        if not m.wild_count or m.kind is MeldKind.KONG:
            continue
        stands = {g.tiles[j] for g in map(Group.from_raw, meld_options(m, rules.chee_ok)) for j in g.wild}
        if drawn not in stands:
            continue
        cards = list(m.cards)
        cards.remove(FEI)
        back = Meld(m.kind, tuple(sorted((*cards, drawn))), m.exposed)
        left = list(hand.concealed)
        left.remove(drawn)
        melds = list(hand.melds)
        melds.remove(m)
        out.append((m, Hand((*left, FEI), (*melds, back), hand.bonus)))
    return out


__all__ = ["kongs", "recalls"]
