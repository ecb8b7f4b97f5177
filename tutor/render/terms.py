"""The words of the rule set a view is about: its names for sets and for a win, its suit letters.

A view of a result made under a rule set speaks that rule set's words (sanma's ``5p`` and pon,
Singapore's Pong and Hu; 3-Leg's CHEE, PONG, NGAN and SEK WOO otherwise), set by ``speaking``
for the time the view is built. JSON keeps the notation's own letters.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar

from tutor.core.tiles import SUIT_LETTER, Tile
from tutor.rules.schema import Terms

if TYPE_CHECKING:
    from tutor.core.hands import MeldKind

_SUIT_OF = {letter: kind.value for kind, letter in SUIT_LETTER.items()}  # d -> dots, ...
_PLAIN = Terms()  # 3-Leg's words, where no view has said whose
_TERMS: ContextVar[Terms | None] = ContextVar("terms", default=None)
View = TypeVar("View", bound=Callable[..., Any])


@contextmanager
def words_of(terms: Terms) -> Iterator[None]:
    """Speak ``terms`` inside the block."""
    token = _TERMS.set(terms)
    try:
        yield
    finally:
        _TERMS.reset(token)


def speaking(view: View) -> View:
    """A view of a result (its first argument, with ``rules``) built in its rule set's words."""

    @wraps(view)
    def wrapped(result: Any, *args: Any, **kwargs: Any) -> Any:
        with words_of(result.rules.spec.terms):
            return view(result, *args, **kwargs)

    return wrapped  # type: ignore[return-value]


def _terms() -> Terms:
    return _TERMS.get() or _PLAIN


def tile_word(tile: Tile) -> str:
    """A card as the rule set writes it (``5p`` for sanma's Dots)."""
    name = str(tile)
    letter = _terms().suits.get(tile.kind.value)  # type: ignore[call-overload]
    return f"{name[:-1]}{letter}" if letter and tile.kind in SUIT_LETTER else name


_CARD = re.compile(r"\b([1-9]+)([dbc])\b")  # a card, or a run of them written as a set ([1111d])
_WORD = re.compile(r"\b(CHEE|PONG|KONG|NGAN|SEK WOO)\b")


def in_words(text: str) -> str:
    """A sentence of the engine's (an explanation, a note) in the rule set's words: its cards in
    its letters (``9c`` is sanma's ``9m``), its sets by its names (a KONG is a kan)."""
    terms = _terms()
    if terms == _PLAIN:
        return text
    text = _WORD.sub(lambda m: terms.win if m[1] == "SEK WOO" else str(getattr(terms, m[1].lower())), text)
    return _CARD.sub(lambda m: m[1] + str(terms.suits.get(_SUIT_OF[m[2]], m[2])), text)  # type: ignore[call-overload,operator]


def kind_word(kind: MeldKind) -> str:
    """The rule set's name for a kind of set (``pon``, ``Pong``, ``PONG``) or for the pair."""
    return str(getattr(_terms(), kind.value))


def win_word() -> str:
    """The rule set's word for a winning hand declared (SEK WOO, Hu, ...)."""
    return _terms().win


__all__ = ["in_words", "kind_word", "speaking", "tile_word", "win_word", "words_of"]
