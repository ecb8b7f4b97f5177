"""How sekwoo writes a count with its noun: ``1 draw``, ``2 draws``, ``1 day``, ``3 days``."""

from __future__ import annotations


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and its noun, singular for exactly one (``nouns`` where adding an s will not do).

    >>> plural(1, "draw"), plural(9, "draw"), plural(0, "card"), plural(2, "copy", "copies")
    ('1 draw', '9 draws', '0 cards', '2 copies')
    """
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def given_up(fun: float) -> str:
    """FUN given up, to two places; a loss that rounds to 0.00 but is more than nothing is
    "<0.01", so that a move graded below best never reads as losing nothing."""
    return "<0.01" if 0 < fun < 0.005 else f"{fun:.2f}"


__all__ = ["given_up", "plural"]
