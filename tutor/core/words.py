"""How sekwoo writes a count with its noun: ``1 draw``, ``2 draws``, ``1 day``, ``3 days``."""

from __future__ import annotations


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and its noun, singular for exactly one (``nouns`` where adding an s will not do).

    >>> plural(1, "draw"), plural(9, "draw"), plural(0, "card"), plural(2, "copy", "copies")
    ('1 draw', '9 draws', '0 cards', '2 copies')
    """
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


__all__ = ["plural"]
