"""Canonical text for cards, sets and hands (the inverse of ``notation.parse``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tutor.core.tiles import FEI_ID, FIRST_WIND, SUIT_LETTER, Tile

if TYPE_CHECKING:
    from tutor.core.hands import Hand, Meld


def format_cards(cards: Iterable[Tile]) -> str:
    """Cards in canonical order, numbered suits as runs (``1239d``), honours as repeats (``EEE``)."""
    tiles = sorted(cards)
    groups: list[str] = []
    i = 0
    while i < len(tiles):
        t = tiles[i]
        if t.id < FIRST_WIND:
            j = i
            digits = []
            while j < len(tiles) and tiles[j].id < FIRST_WIND and tiles[j].kind is t.kind:
                digits.append(str(tiles[j].rank))
                j += 1
            groups.append("".join(digits) + SUIT_LETTER[t.kind])
        elif t.id == FEI_ID or t.is_bonus:
            j = i + 1
            groups.append(str(t))
        else:
            j = i
            while j < len(tiles) and tiles[j] == t:
                j += 1
            groups.append(str(t) * (j - i))
        i = j
    return " ".join(groups)


def format_meld(meld: Meld) -> str:
    """A set laid down: ``[555d]``, ``[12d F*]``, or ``(5555d)`` for a concealed KONG."""
    inner = format_cards(meld.cards)
    return f"[{inner}]" if meld.exposed else f"({inner})"


def format_hand(hand: Hand) -> str:
    """The canonical text of a hand: concealed cards, sets laid down, then ``|`` and bonus cards."""
    parts = [format_cards(hand.concealed)] if hand.concealed else []
    parts.extend(format_meld(m) for m in hand.melds)
    text = " ".join(parts)
    if hand.bonus:
        text = f"{text} | {' '.join(str(t) for t in hand.bonus)}".lstrip()
    return text
