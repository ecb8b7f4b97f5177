"""Facts about a puzzle's hand, found with the engine, and the engine's readings written for people.

The set three or four loose cards make, the cards a hand waits on, what a lone FEI may stand for;
readings and scores written out for explanations. Every solver of ``tutor.teach.solve`` and the
answer checks of ``tutor.teach.answers`` stand on these.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tutor.core.hands import Hand, MeldKind
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.errors import PuzzleError

if TYPE_CHECKING:
    from tutor.core.readings import Group, RawReading
    from tutor.engine.result_types import Check
    from tutor.rules.load import RuleSet


def set_kind(hand: Hand, rules: RuleSet) -> MeldKind | None:
    """What set these 3 or 4 loose cards make (None when they make none)."""
    from tutor.core.readings import CHEE, PONG
    from tutor.engine.shapes.standard import concealed_readings

    cards = list(hand.concealed) + [c for m in hand.melds for c in m.cards]
    if hand.bonus:
        return None
    if len(cards) == 4:
        real = {c for c in cards if c.id != FEI_ID}
        n_fei = sum(1 for c in cards if c.id == FEI_ID)
        return MeldKind.KONG if n_fei == 0 and len(real) == 1 else None
    if len(cards) != 3:
        return None
    counts = [0] * FEI_ID
    fei = 0
    for c in cards:
        if c.id == FEI_ID:
            fei += 1
        else:
            counts[c.id] += 1
    found = concealed_readings(counts, fei, 1, False, rules.max_wild_per_set, rules.chee_ok)
    kinds = {r[0][0] for r in found}
    if kinds == {CHEE}:
        return MeldKind.CHEE
    if kinds == {PONG}:
        return MeldKind.PONG
    return None


def why_not_set(cards: list[Tile], rules: RuleSet) -> str:
    """Why these loose cards make no set, in a few words for the explanation."""
    real = [c for c in cards if c.id != FEI_ID]
    fei = len(cards) - len(real)
    if len(cards) == 4:
        if fei:
            return "a KONG is four identical cards and never holds a FEI"
        return "four cards make a set only as a KONG of four identical cards"
    if fei > rules.max_wild_per_set:
        return f"a set holds at most {rules.max_wild_per_set} FEI"
    if any(not c.is_suited for c in real) and len(set(real)) > 1:
        return "winds and dragons only make a PONG of three identical cards; CHEE runs exist only in Dots"
    return "the cards are neither identical nor three in a row"


def all_readings(hand: Hand, rules: RuleSet) -> list[RawReading]:
    """Every way to read a complete hand as sets and a NGAN (none when it is not complete)."""
    from tutor.engine.scoring.check import validate
    from tutor.engine.shapes.standard import readings

    validate(hand, rules)
    if hand.size != rules.hand_size:
        return []
    return readings(hand, rules.sets, rules.max_wild_per_set, rules.chee_ok)


def group_text(raw: tuple[int, int, int, int]) -> str:
    """A set or NGAN of a raw reading in words: ``CHEE 1d 2d 3d``, ``PONG of R (F* as R)``."""
    from tutor.core.readings import Group

    g = Group.from_raw(raw)
    what = {
        MeldKind.CHEE: lambda: "CHEE " + " ".join(map(str, g.tiles)),
        MeldKind.PONG: lambda: f"PONG of {g.tiles[0]}",
        MeldKind.KONG: lambda: f"KONG of {g.tiles[0]}",
        MeldKind.NGAN: lambda: f"NGAN of {g.tiles[0]}",
    }[g.kind]()
    if g.wild:
        what += " (F* as " + ", ".join(str(g.tiles[j]) for j in g.wild) + ")"
    return what + (" (laid down)" if g.declared else "")


def reading_text(raw: RawReading) -> str:
    """A whole raw reading in words, the sets first and the NGAN last."""
    from tutor.core.readings import NGAN

    groups = sorted(raw, key=lambda g: (g[0] == NGAN, g[1]))
    return ", ".join(group_text(g) for g in groups)


def public_group(g: Group) -> str:
    """A set or NGAN of ``check``'s best reading, written out like ``group_text``."""
    from tutor.core.readings import CHEE, KONG, NGAN, PONG

    kind = {MeldKind.CHEE: CHEE, MeldKind.PONG: PONG, MeldKind.KONG: KONG, MeldKind.NGAN: NGAN}[g.kind]
    mask = sum(1 << j for j in g.wild)
    return group_text((kind, g.tiles[0].id, mask, int(g.declared)))


def shape_waits(hand: Hand, rules: RuleSet) -> list[Tile]:
    """The cards other than a FEI that complete the hand's shape and have an unseen copy."""
    from tutor.engine.scoring.check import validate
    from tutor.engine.shapes.standard import readings

    validate(hand, rules)
    if hand.size != rules.hand_size - 1:
        raise PuzzleError(f"{hand.size} cards: a hand waiting on one card holds {rules.hand_size - 1}")
    seen = hand.in_sight()
    out = []
    for i in sorted(rules.in_play):
        t = TILES[i]
        if i == FEI_ID or seen[t] >= rules.copies:
            continue
        more = Hand((*hand.concealed, t), hand.melds, hand.bonus)
        if readings(more, rules.sets, rules.max_wild_per_set, rules.chee_ok):
            out.append(t)
    return out


def wait_detail(hand: Hand, rules: RuleSet, tiles: list[Tile]) -> str:
    """How each of the first four waits completes the hand, in words."""
    from tutor.engine.shapes.standard import readings

    bits = []
    for t in tiles[:4]:
        more = Hand((*hand.concealed, t), hand.melds, hand.bonus)
        raw = readings(more, rules.sets, rules.max_wild_per_set, rules.chee_ok)[0]
        bits.append(f"with {t}: {reading_text(raw)}")
    return "; ".join(bits)


def fei_choices(hand: Hand, rules: RuleSet, seat: str) -> dict[Tile, int]:
    """For a complete hand holding one concealed FEI: each card it can stand for, and the best FUN."""
    from tutor.core.readings import CHEE
    from tutor.engine.scoring.check import scorer_for

    held = sum(1 for t in hand.concealed if t.id == FEI_ID)
    if held != 1:
        raise PuzzleError(f"a use-fei puzzle holds exactly one concealed FEI, not {held}")
    raws = all_readings(hand, rules)
    bonus = tuple(t.id for t in hand.bonus)
    out: dict[Tile, int] = {}
    seat_name = rules.seat(seat)
    scorer = scorer_for(rules)
    for raw in raws:
        stands = None
        for kind, tile, wild, declared in raw:
            if wild and not declared:
                j = wild.bit_length() - 1
                stands = tile + j if kind == CHEE else tile
        if stands is None:
            continue
        best = scorer.best([raw], [], bonus, held, frozenset(), seat_name, hand.melds)
        if best is None:
            continue
        fun = best[1].fun
        t = TILES[stands]
        out[t] = max(out.get(t, -1), fun)
    return out


def tiles_text(tiles: Iterable[Tile]) -> str:
    """Distinct cards in order, as a ``tiles`` answer is written: ``3d 6d``."""
    return " ".join(str(t) for t in sorted(set(tiles)))


def score_text(result: Check) -> str:
    """The FUN of a checked hand line by line, and its total (capped or a limit hand)."""
    if result.score is None:
        return "no score"
    lines = result.score.lines
    parts = [f"{ln.name}" + (f" x{ln.count}" if ln.count > 1 else "") + f" +{ln.fun}" for ln in lines]
    text = ", ".join(parts)
    if result.score.limit:
        text = " and ".join(ln.name for ln in lines if ln.limit) + f", a limit hand; total {result.fun}"
    elif result.score.capped:
        text += f"; total {result.score.total}, capped at {result.fun}"
    else:
        text += f"; total {result.fun}"
    return text


__all__ = [
    "all_readings", "fei_choices", "group_text", "public_group", "reading_text", "score_text", "set_kind",
    "shape_waits", "tiles_text", "wait_detail", "why_not_set",
]
