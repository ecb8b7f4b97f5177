"""The winning structures a distance search has met, numbered, so that a set of them is one
integer (a bit per structure): the hands of the search after the exact draws keep their nearest
structures so (``Distance.opt``), and ``tutor.engine.search.closer.closer`` reads the swaps that bring a
hand closer off a few such sets per card drawn and thrown, not off each structure in turn.
"""

from __future__ import annotations

from tutor.engine.distance.structures import SPECIAL, Structure

COUNTS = 8
"""The counts a hand may hold of a kind (three bits a kind in a packed hand)."""


class StructureSets:
    """The structures met by one ``Distance`` (``n`` real kinds; ``fei_field``: the FEI's bits in
    a packed hand), numbered in the order met, and per real kind and count ``c`` the sets of them
    wanting more than ``c`` copies of it (``more``) and fewer (``fewer``)."""

    def __init__(self, n: int, fei_field: int) -> None:
        self.n = n
        self.fei_field = fei_field
        self.structs: list[Structure] = []
        self.numbers: dict[Structure, int] = {}
        self.more: list[list[int]] = [[0] * COUNTS for _ in range(n)]
        self.fewer: list[list[int]] = [[0] * COUNTS for _ in range(n)]
        self.special = 0  # the special shapes among them
        # per structure, the fields of a packed hand that what it says of a swap reads (the kinds it
        # wants, the FEI): ``swaps._verdicts`` memoises by them
        self.fields: list[int] = []

    def bits(self, structs: list[Structure]) -> int:
        """A list of structures as a set, each numbered when first met."""
        out = 0
        numbers = self.numbers
        for st in structs:
            i = numbers.get(st)
            if i is None:
                i = self._number(st)
            out |= 1 << i
        return out

    def unbits(self, bits: int) -> list[Structure]:
        """The structures of a set, in the order they were met."""
        out = []
        structs = self.structs
        while bits:
            low = bits & -bits
            out.append(structs[low.bit_length() - 1])
            bits ^= low
        return out

    def _number(self, st: Structure) -> int:
        i = self.numbers[st] = len(self.structs)
        self.structs.append(st)
        b = 1 << i
        groups, want = st
        if groups == SPECIAL:
            self.special |= b
        self.fields.append(sum(7 << 3 * k for k, w in enumerate(want[:self.n]) if w) | self.fei_field)
        for k, w in enumerate(want[:self.n]):
            more = self.more[k]
            for c in range(min(w, COUNTS)):
                more[c] |= b
            fewer = self.fewer[k]
            for c in range(w + 1, COUNTS):
                fewer[c] |= b
        return i


__all__ = ["COUNTS", "StructureSets"]
