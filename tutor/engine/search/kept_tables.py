"""The tables kept between calls: a hand's ``Table`` depends on its fixed parts alone (rule set,
seat, situations, sets laid down, bonus cards), so the few most recent are kept for the calls
that follow (a review's decisions, a claim's answers, a library user's loop over hands), and a
reader of shanten per rule set reads a hand's concealed cards with the packed lookups at once.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import eq
from typing import TYPE_CHECKING, Any

from tutor.core.hands import Hand
from tutor.engine.search.hand_table import Table

if TYPE_CHECKING:
    from tutor.core.tiles import Tile
    from tutor.rules.load import RuleSet


HAND_LIMIT = 200_000
"""Memo entries a table kept by ``table_for`` may hold before it is emptied."""
TABLES_KEPT = 16
"""Tables ``table_for`` keeps (the most recently asked for)."""
_KEPT: dict[tuple[Any, ...], Table] = {}
_LAST: list[Any] = []
"""The key and table of ``table_for``'s last answer."""


def table_for(
    rules: RuleSet, seat: str, flags: frozenset[str], hand: Hand, bonus: tuple[Tile, ...] | None = None
) -> Table:
    """The ``Table`` of these fixed parts, made once and kept: a table depends on the rule set,
    seat, situations, sets laid down and bonus cards alone (never on the cards held), and making
    one costs more than reading a hand with it. The few most recent are kept, and a kept table
    whose memo tables outgrow ``HAND_LIMIT`` entries is emptied, so a long process stays bounded."""
    key = (rules, seat, flags, hand.melds, hand.bonus if bonus is None else tuple(sorted(bonus)))
    if _LAST and _LAST[0] == key:  # the same as the last call: a library user's loop over hands
        table = _LAST[1]
    else:
        table = _KEPT.pop(key, None)
        if table is None:
            table = Table(rules, seat, flags, hand, bonus)
            while len(_KEPT) >= TABLES_KEPT:
                del _KEPT[next(iter(_KEPT))]
        _KEPT[key] = table  # last in: the most recent
        _LAST[:] = key, table
    if table.memo_size() > HAND_LIMIT:
        table.forget()
    return table


def forget_tables() -> None:
    """Drop every table ``table_for`` keeps (the next call makes a new one), and the readers
    ``shanten_reader`` keeps."""
    _KEPT.clear()
    _LAST.clear()
    READERS.clear()


Reader = Callable[[tuple[int, ...]], "int | None"]
READERS: dict[RuleSet, tuple[int, Reader]] = {}
"""``shanten_reader``'s answers, by rule set (looked up inline by ``tutor.shanten``)."""


def shanten_reader(rules: RuleSet) -> tuple[int, Reader]:
    """The hand size of ``rules`` and a reader of shanten for concealed cards alone (no set laid
    down, no bonus card), given as their sorted card ids: the table's packed lookups at once, its
    general path where they do not answer; None where the cards are not a hand of the rule set (a
    card not in play, more copies than there are: ``validate`` says which). Kept per rule set, so
    that a library user's loop over hands pays for no table and no check of it."""
    got = READERS.get(rules)
    if got is not None:
        return got
    table = table_for(rules, rules.spec.seats[0], frozenset(), Hand(()))  # shapes depend on no seat
    unit, bits, room, carries = table._unit_by_id, table._bits, table._room, table._carries
    general = table.shanten
    packed = None if table.specials or not table.packed.open() else table.packed.shanten

    def read(ids: tuple[int, ...]) -> int | None:
        if any(map(eq, ids, ids[7:])):  # sorted: a run of 8 would carry into the next field
            return None
        key = sum(map(unit.__getitem__, ids))
        if key >> bits or (key + room ^ key ^ room) & carries:
            return None
        if packed is not None:
            s = packed(key)
            if s is not None:
                return s
        s = general(key)  # (the general path's memo grows: bounded as ``table_for`` bounds it)
        if table.memo_size() > HAND_LIMIT:
            table.forget()
        return s

    got = READERS[rules] = (rules.hand_size, read)
    return got


__all__ = ["HAND_LIMIT", "READERS", "TABLES_KEPT", "Reader", "forget_tables", "shanten_reader", "table_for"]
