"""What a hand that does not complete makes at best: its sets, its NGAN, the cards left over.

``split_text`` writes the best partial reading of a hand out for people (``CHEE 1d 2d 3d, ...,
with 7d 8d left over``) and how far it is from four sets and a NGAN; ``with_card`` says why a card
does not complete a hand. The reasons of ``tutor.teach.why`` stand on these.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from tutor.core.hands import Hand
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.core.words import plural
from tutor.teach.facts import all_readings, group_text

if TYPE_CHECKING:
    from tutor.core.readings import RawGroup
    from tutor.rules.load import RuleSet




@lru_cache(maxsize=4096)
def _split(counts: tuple[int, ...], fei: int, pair: bool, max_wild: int, chee_ok: tuple[bool, ...]) -> tuple[int, tuple[RawGroup, ...]]:
    """The most cards of ``counts`` (and ``fei``) that sets and one NGAN (if ``pair``) can use:
    (cards used, the groups)."""
    from tutor.core.readings import CHEE, NGAN, PONG

    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return 0, ()
    c = list(counts)
    best: tuple[int, tuple[RawGroup, ...]] = (-1, ())

    def take(ids: list[int], wild: int, group: RawGroup, size: int, more_pair: bool) -> None:
        nonlocal best
        for k in ids:
            c[k] -= 1
        if all(n >= 0 for n in c):
            used, groups = _split(tuple(c), fei - wild, more_pair, max_wild, chee_ok)
            if used + size > best[0]:
                best = (used + size, (group, *groups))
        for k in ids:
            c[k] += 1

    c[i] -= 1  # the card is left over
    used, groups = _split(tuple(c), fei, pair, max_wild, chee_ok)
    best = (used, groups)
    c[i] += 1
    for wild in range(min(fei, max_wild, 1) + 1):
        take([i] * (3 - wild), wild, (PONG, i, (1 << 2) if wild else 0, 0), 3, pair)
        if pair:
            take([i] * (2 - wild), wild, (NGAN, i, (1 << 1) if wild else 0, 0), 2, False)
    if i < len(chee_ok) and chee_ok[i]:
        take([i, i + 1, i + 2], 0, (CHEE, i, 0, 0), 3, pair)
        if fei and max_wild:
            take([i, i + 2], 1, (CHEE, i, 1 << 1, 0), 3, pair)
            take([i, i + 1], 1, (CHEE, i, 1 << 2, 0), 3, pair)
    if i >= 1 and i - 1 < len(chee_ok) and chee_ok[i - 1] and fei and max_wild:  # a FEI before it: F* 2d 3d
        take([i, i + 1], 1, (CHEE, i - 1, 1, 0), 3, pair)
    return best


def best_groups(hand: Hand, rules: RuleSet, pair: bool) -> tuple[list[int], int, tuple[RawGroup, ...]]:
    """The concealed cards (real ones per index, and the FEI) and the groups that use most of them."""
    counts = [0] * FEI_ID
    for t in hand.concealed:
        if t.id != FEI_ID:
            counts[t.id] += 1
    fei = sum(1 for t in hand.concealed if t.id == FEI_ID)
    return counts, fei, _split(tuple(counts), fei, pair, rules.max_wild_per_set, rules.chee_ok)[1]


def split_text(hand: Hand, rules: RuleSet, pair: bool = True) -> tuple[str, int, bool]:
    """What a hand that does not complete makes at best, in words: its sets (and NGAN), the cards
    left over; and how many sets it is short of, and whether it lacks a NGAN."""
    from tutor.core.readings import NGAN

    counts, fei, groups = best_groups(hand, rules, pair)
    for g in groups:
        for k in group_ids(g):
            counts[k] -= 1
        fei -= g[2].bit_count()
    left = [TILES[k] for k, n in enumerate(counts) for _ in range(n)] + [TILES[FEI_ID]] * fei
    sets = sum(1 for g in groups if g[0] != NGAN) + len(hand.melds)
    has_pair = any(g[0] == NGAN for g in groups)
    parts = [group_text(g) for g in sorted(groups, key=lambda g: (g[0] == NGAN, g[1]))]
    parts += [f"{m} (laid down)" for m in hand.melds]
    text = ", ".join(parts) if parts else "no set at all"
    if left:
        text += ", with " + " ".join(map(str, left)) + " left over"
    return text, max(0, rules.sets - sets), has_pair or not pair


def group_ids(g: RawGroup) -> list[int]:
    """The real cards of a raw group (the positions a FEI fills left out)."""
    from tutor.core.readings import CHEE

    size = {0: 3, 1: 3, 2: 4, 3: 2}[g[0]]
    ids = [g[1] + j for j in range(3)] if g[0] == CHEE else [g[1]] * size
    return [t for j, t in enumerate(ids) if not g[2] >> j & 1]


def short_of(sets: int, has_pair: bool) -> str:
    """How far a reading is from the winning shape."""
    bits = []
    if sets:
        bits.append(f"{'one set' if sets == 1 else plural(sets, 'set')} short")
        if not has_pair:
            bits[-1] += " and no NGAN"
    elif not has_pair:
        bits.append("no NGAN")
    return "still " + " ".join(bits) if bits else "not four sets and a NGAN"


def with_card(hand: Hand, card: Tile, rules: RuleSet) -> str:
    """Why ``card`` does not complete ``hand``: what the hand reads as with it, and what it lacks."""
    if hand.in_sight()[card] >= rules.copies:
        return f"all {rules.copies} copies of {card} are in your hand already: there is no fifth"
    more = Hand((*hand.concealed, card), hand.melds, hand.bonus)
    if all_readings(more, rules):
        unseen = rules.copies - hand.in_sight()[card]
        return f"{card} would complete the shape, but all {rules.copies} copies are in sight ({unseen} left)"
    text, sets, has_pair = split_text(more, rules)
    return f"{card} is not a wait: with {card} the hand reads {text}: {short_of(sets, has_pair)}"


def group_of(hand: Hand, card: Tile, rules: RuleSet) -> str:
    """The set (or NGAN) that throwing ``card`` breaks in the hand's best partial reading, in words;
    "" where it breaks none: a copy held beyond the groups is spare (four 9d, three of them a PONG,
    lose none by throwing the fourth), and where its copies sit in several groups, which one goes
    is the player's choice."""
    holding = [g for g in best_groups(hand, rules, True)[2] if card.id in group_ids(g)]
    used = sum(group_ids(g).count(card.id) for g in holding)
    if len(holding) != 1 or used < sum(1 for t in hand.concealed if t.id == card.id):
        return ""
    return group_text(holding[0])


__all__ = ["best_groups", "group_ids", "group_of", "short_of", "split_text", "with_card"]
