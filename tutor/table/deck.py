"""A real deck for a dealt hand: every card of the rule set, shuffled by a seed, dealt to the seats,
bonus cards revealed and replaced from the back of the deck.

The deck holds each card in play as many times as the rule set says (``copies``; the wild card
its own ``copies``) and each bonus card once: 84 cards in 3-Leg. The dealer takes a full hand,
every other seat one card fewer. Then, seat by seat from the dealer, each player reveals the bonus
cards dealt to them and takes a replacement from the back of the deck for each, until none is
left among the cards held. Play draws from the front.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from tutor.core.hands import Seat
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.rules.load import RuleSet


def full_deck(rules: RuleSet) -> list[Tile]:
    """Every card of the rule set, in index order: each card in play its copies, each bonus card once."""
    cards: list[Tile] = []
    for t in sorted(rules.in_play):
        cards.extend([TILES[t]] * (rules.wild_copies if t == FEI_ID else rules.copies))
    cards.extend(TILES[b] for b in sorted(rules.bonus_in_play))
    return cards


class Wall:
    """The cards not dealt: drawn from the front, replacements (after a bonus card, a KONG or a sunk
    wild card) taken from the back."""

    def __init__(self, cards: list[Tile]) -> None:
        self._cards = deque(cards)

    def __len__(self) -> int:
        return len(self._cards)

    @property
    def playing_left(self) -> int:
        """Cards left that are not bonus cards: the draws the players still have between them."""
        return sum(1 for t in self._cards if not t.is_bonus)

    def cards(self) -> tuple[Tile, ...]:
        """The cards left, front first."""
        return tuple(self._cards)

    def draw(self) -> Tile:
        return self._cards.popleft()

    def replacement(self) -> Tile:
        return self._cards.pop()


@dataclass(frozen=True)
class Reveal:
    """A bonus card revealed by ``seat`` and the replacement taken for it."""

    seat: Seat
    bonus: Tile
    replacement: Tile


@dataclass(frozen=True)
class Deal:
    """The hands dealt (bonus cards replaced), the bonus cards each seat revealed, and the deck left."""

    seats: tuple[Seat, ...]
    dealt: tuple[tuple[Tile, ...], ...]  # as dealt, before any bonus card is revealed
    hands: tuple[tuple[Tile, ...], ...]  # the concealed cards once the bonus cards are replaced
    bonus: tuple[tuple[Tile, ...], ...]
    reveals: tuple[Reveal, ...]
    wall: tuple[Tile, ...]  # front first


def shuffled(rules: RuleSet, seed: int) -> list[Tile]:
    """The whole deck in the order a seeded shuffle leaves it (the same seed, the same order)."""
    cards = full_deck(rules)
    random.Random(seed).shuffle(cards)
    return cards


def deal(rules: RuleSet, seed: int) -> Deal:
    """Shuffle the deck with ``seed``, deal every seat its hand, and replace the bonus cards."""
    cards = shuffled(rules, seed)
    seats = rules.seats
    sizes = [rules.hand_size] + [rules.hand_size - 1] * (len(seats) - 1)
    dealt: list[list[Tile]] = []
    at = 0
    for size in sizes:
        dealt.append(cards[at:at + size])
        at += size
    wall = Wall(cards[at:])
    hands: list[list[Tile]] = [list(h) for h in dealt]
    bonus: list[list[Tile]] = [[] for _ in seats]
    reveals: list[Reveal] = []
    for k, seat in enumerate(seats):
        while any(t.is_bonus for t in hands[k]):
            card = next(t for t in hands[k] if t.is_bonus)
            hands[k].remove(card)
            bonus[k].append(card)
            new = wall.replacement()
            hands[k].append(new)
            reveals.append(Reveal(seat, card, new))
    return Deal(seats, tuple(tuple(h) for h in dealt), tuple(tuple(sorted(h)) for h in hands),
                tuple(tuple(b) for b in bonus), tuple(reveals), wall.cards())


__all__ = ["Deal", "Reveal", "Wall", "deal", "full_deck", "shuffled"]
