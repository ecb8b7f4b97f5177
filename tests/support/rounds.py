"""Whole 3leg rounds dealt from a shuffled deck and played at random, as records
(``tests/test_record.py``, ``tests/test_empty_deck.py``)."""

from __future__ import annotations

import random

from tutor.core.hands import Meld, MeldKind, Seat
from tutor.core.tiles import FEI, FEI_ID, TILES, Tile
from tutor.rules.load import load_rules
from tutor.table.events import Claim, Deal, Discard, Draw, Drawn, Kong, Pass, Record, Sink

RULES = load_rules("3leg")


def _deck(rng: random.Random) -> list[Tile]:
    cards = [TILES[k] for k in sorted(RULES.in_play) for _ in range(RULES.wild_copies if k == FEI_ID else RULES.copies)]
    cards += [TILES[k] for k in sorted(RULES.bonus_in_play)]
    rng.shuffle(cards)
    return cards


def random_round(seed: int, player: Seat | None) -> Record:
    """A round dealt from a shuffled 3leg deck and played at random (discards, PONGs, concealed
    KONGs, sunk FEI), from ``player``'s view (every seat's with ``None``), until the deck runs out."""
    rng = random.Random(seed)
    deck = _deck(rng)
    seats = list(RULES.seats)
    hands: dict[Seat, list[Tile]] = {}
    events: list = []

    def seen(seat: Seat, card: Tile) -> Tile | None:
        return card if player in (None, seat) or card.is_bonus else None

    def draw(seat: Seat) -> bool:
        while deck:
            card = deck.pop()
            events.append(Draw(seat, seen(seat, card)))
            if not card.is_bonus:
                hands[seat].append(card)
                return True
        return False

    for k, seat in enumerate(seats):
        cards, bonus = [], []
        while len(cards) < 14 - (k > 0):
            card = deck.pop()
            (bonus if card.is_bonus else cards).append(card)
        hands[seat] = cards
        events.append(Deal(seat, tuple(cards) if player in (None, seat) else None, tuple(bonus)))
    turn, drew = 0, True
    while True:
        seat = seats[turn]
        if not drew and not draw(seat):
            events.append(Drawn())
            return Record("3leg", player, tuple(events))
        h = hands[seat]
        left = any(not c.is_bonus for c in deck)  # a KONG or a FEI sunk needs a replacement
        four = [c for c in set(h) if h.count(c) == 4 and c != FEI]
        if four and left and rng.random() < 0.7:
            for _ in range(4):
                h.remove(four[0])
            events.append(Kong(seat, Meld(MeldKind.KONG, (four[0],) * 4, exposed=False)))
            drew = False
            continue  # the replacement is the same seat's next draw
        if FEI in h and left and rng.random() < 0.3:
            h.remove(FEI)
            events.append(Sink(seat))
            drew = False
            continue
        card = rng.choice(h)
        h.remove(card)
        events.append(Discard(seat, card))
        turn = (turn + 1) % 3
        drew = False
        for other in seats:  # the first seat holding a pair of it may PONG it (or say it passes)
            if other != seat and hands[other].count(card) >= 2 and card != FEI:
                if rng.random() < 0.5:
                    events.append(Pass(other))
                    continue
                hands[other].remove(card)
                hands[other].remove(card)
                events.append(Claim(other, "pong", Meld(MeldKind.PONG, (card,) * 3)))
                turn, drew = seats.index(other), True
                break
