"""Parse the hand notation with the LALR grammar in ``hand.lark`` into ``tutor`` values."""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from tutor.core.hands import Hand, Meld, MeldKind
from tutor.core.tiles import FEI, FEI_ID, HONOUR_ID, MPSZ_HONOUR, SUIT_OFFSET, TILES, Tile
from tutor.core.words import plural
from tutor.errors import NotationError

if TYPE_CHECKING:
    from lark import Token

# What each terminal means to a person, for "expected ..." in error messages.
_EXPECTED = {
    "DIGITS": "card numbers",
    "SUIT": "a suit letter (d b c p s m z)",
    "HONOUR": "a wind or dragon (E S W N R G Wh)",
    "FEI": "F*",
    "BONUS": "a bonus card (f1-f4 s1-s4 a1-a4 k1-k4)",
    "LSQB": "'['",
    "RSQB": "']'",
    "LPAR": "'('",
    "RPAR": "')'",
    "VBAR": "'|'",
    "$END": "the end of the hand",
}
_ORDER = list(_EXPECTED)
_BONUS_HERE = re.compile(r"[fak][1-4]")
_WORD = re.compile(r"[^\s\[\]()|]+")  # the group of cards an error falls in
_HONOURS = re.compile(r"(?i)wh|[eswnrg]")


_NAMES = {"east": "E", "south": "S", "west": "W", "north": "N", "red": "R", "green": "G", "white": "Wh"}


def _hint(text: str, pos: int) -> str:
    """A slip a player makes, said plainly, when the character at ``pos`` looks like one: a wind or
    dragon in lower case (``eee`` is ``EEE``), a suit letter in capitals (``123D`` is ``123d``), a
    FEI without its star (``F`` is ``F*``). Empty if none fits."""
    start = pos
    while start > 0 and _WORD.match(text[start - 1]):
        start -= 1
    found = _WORD.match(text, start)
    word = found.group(0) if found else ""
    char = text[pos]
    if char == "F" and not text.startswith("F*", pos):
        return "; a FEI is written F*"
    named = next((code for name, code in _NAMES.items() if len(word) > len(code) and word[0].isupper()
                  and name.startswith(word.lower())), None)
    if named is not None:  # ``Gr``, ``Red``, ``East``: a card's name spelt out
        return f"; write {word} as {named}"
    if char == "H" and text[pos - 1 : pos] == "W":  # ``WH``
        return "; White is written Wh"
    if char.islower() and re.fullmatch(r"(?i)(wh|[eswnrg])+", word):
        fixed = _HONOURS.sub(lambda m: "Wh" if len(m.group(0)) == 2 else m.group(0).upper(), word)
        return f"; winds and dragons are written in capitals: {fixed}"
    if char in "DBCPSMZ" and re.fullmatch(r"[0-9]+[DBCPSMZ]", word):
        return f"; suits are written in lower case: {word.lower()}"
    return ""


class _Fault(Exception):
    """A semantic error met while building: its column and message, raised once the text parses.

    A callback returns it rather than raising it, so that a syntax error further on still wins,
    as it does when the whole text is parsed before any card is built; ``start`` raises the first.
    """

    def __init__(self, column: int, message: str) -> None:
        super().__init__(message)
        self.column = column
        self.message = message


@dataclass(frozen=True, slots=True)
class _Bonus:
    """The part after ``|``: revealed bonus cards and sunk FEI."""

    cards: list[Tile]


_Cards = list[Tile]  # what run, honour and fei give: concealed cards
_Item = _Cards | Meld | _Bonus | _Fault


class _Build:
    """The callbacks the LALR parser calls on each reduction: each rule becomes a ``tutor`` value.

    The parser keeps every token (``keep_all_tokens``), so a set sees its own bracket's column.
    """

    def run(self, children: list[Token]) -> _Cards | _Fault:
        digits, suit = children
        col = digits.start_pos or 0
        tiles: list[Tile] = []
        letter = str(suit)  # a plain str: a Token's == runs in Python, once per card otherwise
        for k, ch in enumerate(str(digits)):
            n = int(ch)
            if letter == "z":
                if not 1 <= n <= 7:
                    return _Fault(
                        col + k, f"honours in z run 1-7 (1-4 E S W N, 5 Wh, 6 G, 7 R), not {n}"
                    )
                tiles.append(TILES[MPSZ_HONOUR[n]])
            else:
                if n == 0:
                    return _Fault(col + k, "no card is numbered 0")
                tiles.append(TILES[SUIT_OFFSET[letter] + n - 1])
        return tiles

    def honour(self, children: list[Token]) -> _Cards:
        (tok,) = children
        return [TILES[HONOUR_ID[str(tok)]]]

    def fei(self, children: list[Token]) -> _Cards:
        return [FEI]

    def declared(self, children: list[Any]) -> Meld | _Fault:
        return self._set(children, exposed=True)

    def kong(self, children: list[Any]) -> Meld | _Fault:
        return self._set(children, exposed=False)

    def _set(self, children: list[Any], exposed: bool) -> Meld | _Fault:
        bracket, *inner, _ = children
        cards: list[Tile] = []
        for part in inner:
            if isinstance(part, _Fault):
                return part
            cards.extend(part)
        cards.sort()
        col = bracket.start_pos or 0
        shown = f"{'[' if exposed else '('}{' '.join(map(str, cards))}{']' if exposed else ')'}"
        real = [t for t in cards if t.id != FEI_ID]
        if not real:
            return _Fault(col, f"{shown} holds no real card: a FEI must stand beside one")
        if len(cards) == 4:
            if len(real) < 4:
                return _Fault(col, f"{shown}: a KONG never holds a FEI")
            if len(set(real)) != 1:
                return _Fault(col, f"{shown} is not a KONG: a KONG is four identical cards")
            return Meld(MeldKind.KONG, tuple(cards), exposed)
        if not exposed:
            return _Fault(
                col, f"{shown}: round brackets hold a concealed KONG of four identical cards"
            )
        if len(cards) != 3:
            return _Fault(col, f"{shown} has {plural(len(cards), 'card')}: a set has 3 (a KONG 4)")
        if len(set(real)) == 1:
            return Meld(MeldKind.PONG, tuple(cards), exposed)
        ids = [t.id for t in real]
        if (
            len(set(ids)) == len(ids)
            and all(t.is_suited and t.kind is real[0].kind for t in real)
            and max(ids) - min(ids) <= 2
        ):
            return Meld(MeldKind.CHEE, tuple(cards), exposed)
        return _Fault(
            col, f"{shown} is not a set: not three identical cards, nor a run in one suit"
        )

    def bonus_card(self, children: list[Token]) -> Tile | _Fault:
        (tok,) = children
        if tok == "F*":
            return FEI
        if not 1 <= int(tok[1]) <= 4:
            return _Fault(tok.start_pos or 0, f"bonus cards are numbered 1-4, not {tok[1]}")
        return Tile.parse(str(tok))

    def bonus(self, children: list[Any]) -> _Bonus | _Fault:
        _bar, *cards = children
        for card in cards:
            if isinstance(card, _Fault):
                return card
        return _Bonus(cards)

    def start(self, children: list[_Item]) -> Hand:
        concealed: list[Tile] = []
        melds: list[Meld] = []
        bonus: list[Tile] = []
        for item in children:
            if isinstance(item, list):
                concealed.extend(item)
            elif isinstance(item, Meld):
                melds.append(item)
            elif isinstance(item, _Bonus):
                bonus.extend(item.cards)
            else:
                raise item  # the first fault, in reading order; parse_hand adds the text
        return Hand(tuple(concealed), tuple(melds), tuple(bonus))


@cache
def _parser() -> Any:
    """The LALR parser with ``_Build`` as its transformer: text in, ``Hand`` out, in one pass.

    Built once per process and cached on disk between processes, in the player's own cache folder
    only (``_cache_file``): lark's default cache is a pickle in the shared temp folder, which any
    user could plant. lark is imported here, not at the top, so that importing ``notation`` stays
    cheap for commands that never parse.
    """
    from lark import Lark, Token, Transformer

    class _Transformer(_Build, Transformer[Token, Hand]):
        """``_Build`` as the lark ``Transformer`` the parser calls on each reduction."""

    grammar = resources.files("notation").joinpath("hand.lark").read_text(encoding="utf-8")
    return cached_lark(lambda cache: Lark(grammar, **PARSER_OPTIONS, cache=cache, transformer=_Transformer()), "hand")


def cached_lark(build: Callable[[str | bool], Any], name: str) -> Any:
    """The parser ``build(cache)`` makes, cached on disk between processes as the grammar ``name``
    (the hand, or the record that imports it; lark checks the grammar and its imports against
    the cache), in the player's own cache folder only (``_cache_file``), sealed to the player."""
    from lark import __version__

    cache_file = _cache_file(f"{name}-grammar-lark{__version__}-py{sys.version_info[0]}{sys.version_info[1]}.pickle")
    parser = build(cache_file or False)
    if cache_file:
        _seal(cache_file)
    return parser


PARSER_OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "lexer": "contextual",
    "propagate_positions": False,
    "keep_all_tokens": True,
}


def _cache_file(name: str) -> str | None:
    """Where the parser may be cached: ``$XDG_CACHE_HOME/sekwoo`` (or ``~/.cache/sekwoo``), only
    if that folder is the player's own and no one else may write in it, and only if the cache file
    there (when there is one) is the player's own regular file that no one else may write;
    otherwise ``None``, no cache, and the parser is built from the grammar (about 0.1 s)."""
    if not hasattr(os, "getuid"):  # no owners to check (Windows): no cache
        return None
    try:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "sekwoo")
        os.makedirs(folder, mode=0o700, exist_ok=True)
        if not _private(os.lstat(folder), stat.S_ISDIR):
            return None
        path = os.path.join(folder, name)
        try:
            if not _private(os.lstat(path), stat.S_ISREG):
                return None
        except FileNotFoundError:
            pass
        return path
    except (OSError, ValueError):
        return None


def _private(st: os.stat_result, kind: Any) -> bool:
    """Whether a folder or file is of the expected kind, the player's own, and writable by no one else."""
    return bool(kind(st.st_mode)) and st.st_uid == os.getuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _seal(path: str) -> None:
    """Make a cache file lark has just written readable and writable by the player alone."""
    try:
        os.chmod(path, 0o600)
    except OSError:
        pass


def _expected(names: set[str] | frozenset[str], text: str, pos: int) -> str:
    before = text[:pos]
    in_square = before.rfind("[") > before.rfind("]")
    in_round = before.rfind("(") > before.rfind(")")
    drop = {"LSQB", "LPAR", "VBAR", "$END"} if in_square or in_round else {"RSQB", "RPAR"}
    drop |= {"RPAR"} if in_square else {"RSQB"} if in_round else set()
    if "|" in before:
        drop |= {"DIGITS", "HONOUR", "LSQB", "LPAR", "VBAR"}
    known = [_EXPECTED[n] for n in _ORDER if n in names and n not in drop]
    if not known:
        return "something else"
    return known[0] if len(known) == 1 else ", ".join(known[:-1]) + " or " + known[-1]


def _syntax_error(text: str, err: Exception) -> NotationError:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    # Columns are 0-based offsets here ('123d 55x' fails at 7, the x); the message counts from 1.
    end = "expected {}, found the end of the hand"
    if isinstance(err, UnexpectedCharacters):
        pos = err.pos_in_stream or 0
        if _BONUS_HERE.match(text, pos) and "|" not in text[:pos]:
            return NotationError(
                text, pos, f"bonus cards such as {text[pos : pos + 2]} go after '|'"
            )
        allowed = set(err.allowed or ())
        return NotationError(
            text, pos, f"expected {_expected(allowed, text, pos)}, found {text[pos]!r}{_hint(text, pos)}"
        )
    if isinstance(err, UnexpectedToken):
        pos = len(text) if err.token.type == "$END" else err.token.start_pos
        expected = _expected(err.expected, text, pos)
        if err.token.type == "$END":
            return NotationError(text, pos, end.format(expected))
        if err.token.type == "BONUS" and "|" not in text[:pos]:
            return NotationError(text, pos, f"bonus cards such as {err.token} go after '|'")
        return NotationError(text, pos, f"expected {expected}, found {str(err.token)!r}")
    if isinstance(err, UnexpectedEOF):
        return NotationError(
            text, len(text), end.format(_expected(set(err.expected), text, len(text)))
        )
    return NotationError(text, None, str(err))


def parse_hand(text: str) -> Hand:
    """Read a hand: concealed cards, ``[...]`` sets, ``(...)`` concealed KONGs, ``| bonus``."""
    if not isinstance(text, str):
        raise NotationError(repr(text), None, "a hand is text")
    if not text.strip():
        raise NotationError(text, None, "the hand is empty: write cards such as '123d 55d EEE'")
    from lark.exceptions import UnexpectedInput

    try:
        hand: Hand = _parser().parse(text)  # callbacks' exceptions come through as they are
    except UnexpectedInput as err:
        raise _syntax_error(text, err) from None
    except _Fault as fault:
        raise NotationError(text, fault.column, fault.message) from None
    if not (hand.concealed or hand.melds or hand.bonus):  # a lone '|': nothing to format back
        raise NotationError(text, None, "the hand is empty: write cards such as '123d 55d EEE'")
    return hand


def parse_tiles(text: str) -> list[Tile]:
    """Read loose cards (no sets, no bonus part), e.g. for ``--seen "5d 5d E"``."""
    hand = parse_hand(text)
    if hand.melds:
        raise NotationError(text, None, "list loose cards here, without [ ] or ( )")
    return (
        list(hand.concealed)
        + [t for t in hand.bonus if t.id != FEI_ID]
        + [t for t in hand.bonus if t.id == FEI_ID]
    )
