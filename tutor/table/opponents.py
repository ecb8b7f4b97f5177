"""The opponents' policy: a simple, documented way to play that never makes an illegal move.

``docs/drill.md`` states it for players:

- On its own turn, a hand that wins declares SEK WOO. Otherwise it discards the card that leaves
  the lowest shanten, then the most acceptance (unseen copies, as far as the seat can see, of the
  cards that would lower that shanten), keeping a FEI over any other card of equal worth, and of
  cards still equal throwing honours before suited cards, the highest index first. It never sinks
  a FEI, never declares a KONG and never recalls a FEI.
- On another player's discard it declares SEK WOO whenever the card wins; it claims a PONG made
  without a FEI when the PONG and its best discard leave a lower shanten than passing; it never
  claims a CHEE, a KONG or a PONG with a FEI.

Every move it makes is one of ``tutor.table.moves``' legal moves.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.core.hands import Hand, MeldKind, Seat
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.engine.decide.claim import after_claim
from tutor.engine.search.hand_table import Table
from tutor.rules.load import RuleSet
from tutor.table.moves import Move


def best_discard(hand: Hand, rules: RuleSet, seat: Seat, unseen: Mapping[int, int]) -> tuple[Tile, int]:
    """The policy's discard of a hand of 3n+2 cards, and the shanten of the cards it keeps."""
    table = Table(rules, seat, frozenset(), hand)
    key = table.pack(hand.concealed)
    best: tuple[tuple[int, int, int, int], Tile] | None = None
    for t in sorted(set(hand.concealed)):
        kept = key - table.unit_of[table.index[t.id]]
        sh = table.shanten(kept)
        acc = sum(unseen.get(k, 0) for i, k in enumerate(table.kinds)
                  if unseen.get(k, 0) > 0 and table.shanten(kept + table.unit_of[i]) < sh)
        rank = (sh, -acc, int(t.id == FEI_ID), -t.id)
        if best is None or rank < best[0]:
            best = (rank, t)
    assert best is not None
    return best[1], best[0][0]


def shanten_of(hand: Hand, rules: RuleSet, seat: Seat) -> int:
    """Shanten of a hand of 3n+1 or 3n+2 cards."""
    table = Table(rules, seat, frozenset(), hand)
    return table.shanten(table.pack(hand.concealed))


def choose_turn(hand: Hand, rules: RuleSet, seat: Seat, legal: list[Move], unseen: Mapping[int, int]) -> Move:
    """The policy's move on its own turn, among the ``legal`` ones."""
    if Move("win") in legal:
        return Move("win")
    tile, _ = best_discard(hand, rules, seat, unseen)
    return Move("discard", tile)


def choose_claim(hand: Hand, tile: Tile, rules: RuleSet, seat: Seat, legal: list[Move],
                 unseen: Mapping[int, int]) -> Move:
    """The policy's answer to ``tile`` just discarded, among the ``legal`` ones."""
    for move in legal:
        if move.action == "sek-woo":
            return move
    pongs = [m for m in legal if m.action == "pong" and m.meld is not None and not m.meld.wild_count]
    if not pongs:
        return Move("pass")
    now = shanten_of(hand, rules, seat)
    move = pongs[0]
    assert move.meld is not None and move.meld.kind is MeldKind.PONG
    after = after_claim(hand, move.meld, tile)
    _, sh = best_discard(after, rules, seat, unseen)
    return move if sh < now else Move("pass")


def unseen_for(rules: RuleSet, hand: Hand, seen: Mapping[Tile, int]) -> dict[int, int]:
    """Copies of each card the seat cannot see: the rule set's copies less its own hand and ``seen``
    (every discard and every set laid down at the table, the sunk FEI)."""
    sight = hand.in_sight()
    out = {}
    for t in rules.in_play:
        copies = rules.wild_copies if t == FEI_ID else rules.copies
        out[t] = max(0, copies - sight[TILES[t]] - seen.get(TILES[t], 0))
    return out


__all__ = ["best_discard", "choose_claim", "choose_turn", "shanten_of", "unseen_for"]
