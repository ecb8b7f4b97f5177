"""Canonical text for cards, sets and hands (the inverse of ``notation.parse``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tutor.core.tiles import FEI_ID, FIRST_BONUS, FIRST_WIND, SUIT_LETTER, TILES, Tile

if TYPE_CHECKING:
    from tutor.core.hands import Hand, Meld


_SUITED = {t.id: (t.kind, str(t.rank), SUIT_LETTER[t.kind]) for t in TILES if t.id < FIRST_WIND}
_NAME = [str(t) for t in TILES]


def format_cards(cards: Iterable[Tile]) -> str:
    """Cards in canonical order, numbered suits as runs (``1239d``), honours as repeats (``EEE``)."""
    ids = sorted(t.id for t in cards)
    groups: list[str] = []
    i, n = 0, len(ids)
    while i < n:
        t = ids[i]
        suited = _SUITED.get(t)
        if suited is not None:
            j = i
            digits = []
            while j < n and (card := _SUITED.get(ids[j])) is not None and card[0] is suited[0]:
                digits.append(card[1])
                j += 1
            groups.append("".join(digits) + suited[2])
        elif t == FEI_ID or t >= FIRST_BONUS:
            j = i + 1
            groups.append(_NAME[t])
        else:
            j = i
            while j < n and ids[j] == t:
                j += 1
            groups.append(_NAME[t] * (j - i))
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
