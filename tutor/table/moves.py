"""The moves a player may make at the table, and which of them are legal now.

On one's own turn (a hand of 3n+2 cards): SEK WOO when the cards win, a discard, sinking a FEI
(where the rule set allows it), a KONG of four cards held or a card added to an exposed PONG, and
recalling a FEI from a set laid down with the card just drawn. On another player's discard (a
hand of 3n+1 cards): pass, SEK WOO on it when it wins, or a set laid down with it (``legal_claims``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.core.hands import Hand, Meld, Seat
from tutor.core.tiles import FEI, FEI_ID, Tile
from tutor.engine.decide.claim import legal_claims
from tutor.engine.scoring.check import check
from tutor.engine.search.hand_moves import kongs, recalls
from tutor.rules.load import RuleSet

TURN_ACTIONS = ("win", "discard", "sink", "kong", "add-kong", "recall")
CLAIM_ACTIONS = ("pass", "sek-woo", "pong", "kong", "chee")


@dataclass(frozen=True, order=True)
class Move:
    """One move: its action, the card it plays (a discard, a KONG's card, the card recalled with),
    and the set it lays down or takes back (a claim, a recall)."""

    action: str
    tile: Tile | None = None
    meld: Meld | None = None

    @property
    def label(self) -> str:
        """The move as the player types it and reads it: ``5d``, ``sink F*``, ``pong [555d]``."""
        if self.action == "discard":
            return str(self.tile)
        if self.action in ("win", "sek-woo"):
            return "SEK WOO"
        if self.action == "pass":
            return "pass"
        if self.meld is not None and self.action in ("pong", "chee", "kong") and self.tile is None:
            return f"{self.action} {self.meld}"
        return f"{self.action} {self.tile}"


def turn_moves(hand: Hand, rules: RuleSet, seat: Seat, drawn: Tile | None = None,
               flags: frozenset[str] = frozenset(), deck: bool = True) -> list[Move]:
    """Every legal move of a hand of 3n+2 cards on its own turn (``drawn``: the card just drawn;
    ``deck`` false: no playing card is left, so no move that draws a replacement, a KONG or sinking)."""
    out: list[Move] = []
    if check(hand, rules, seat, flags).wins:
        out.append(Move("win"))
    out.extend(Move("discard", t) for t in sorted(set(hand.concealed)))
    wild = rules.spec.tiles.wild
    if wild is not None and wild.sinkable and FEI in hand.concealed and deck:
        out.append(Move("sink", FEI))
    out.extend(Move(action, t) for action, t, _ in (kongs(hand) if deck else ()))
    if drawn is not None and drawn in hand.concealed:
        out.extend(Move("recall", drawn, meld) for meld, _ in recalls(hand, drawn, rules))
    return out


def claim_moves(hand: Hand, tile: Tile, rules: RuleSet, seat: Seat, source: str,
                flags: frozenset[str] = frozenset(), deck: bool = True) -> list[Move]:
    """Every legal answer of a hand of 3n+1 cards to ``tile`` thrown from ``source`` ("left": the
    player before, whose discard a CHEE may take; "right": any other): pass first. ``deck`` false:
    no playing card is left for a KONG's replacement."""
    out = [Move("pass")]
    if tile.is_bonus or tile.id == FEI_ID or tile.id not in rules.in_play:
        return out
    if check(Hand(hand.concealed + (tile,), hand.melds, hand.bonus), rules, seat, flags).wins:
        out.append(Move("sek-woo", tile))
    out.extend(Move(action, None, meld) for action, meld in legal_claims(hand, tile, rules, source)
               if deck or action != "kong")
    return out


def after_turn(hand: Hand, move: Move, rules: RuleSet) -> Hand:
    """The hand once ``move`` (not a win) is made: a discard leaves 3n+1 cards; sinking and a KONG
    leave one card short of the replacement; a recall leaves the same size."""
    if move.action == "discard":
        assert move.tile is not None
        left = list(hand.concealed)
        left.remove(move.tile)
        return Hand(tuple(left), hand.melds, hand.bonus)
    if move.action == "sink":
        left = list(hand.concealed)
        left.remove(FEI)
        return Hand(tuple(left), hand.melds, hand.bonus + (FEI,))
    if move.action in ("kong", "add-kong"):
        return next(after for action, t, after in kongs(hand) if action == move.action and t == move.tile)
    if move.action == "recall":
        assert move.tile is not None
        return next(after for meld, after in recalls(hand, move.tile, rules) if meld == move.meld)
    raise ValueError(f"not a move that leaves a hand: {move.action}")


WIN_WORDS = frozenset({"win", "sek-woo", "sekwoo", "mahjong", "hu"})
"""What a player may type for SEK WOO (the drill, ``puzzle retry``), spaces left out."""

__all__ = ["CLAIM_ACTIONS", "TURN_ACTIONS", "WIN_WORDS", "Move", "after_turn", "claim_moves", "turn_moves"]
