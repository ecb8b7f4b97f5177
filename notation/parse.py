"""Parse the hand notation with the LALR grammar in ``hand.lark`` into ``tutor`` values."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

from tutor.errors import NotationError
from tutor.core.hands import Hand, Meld, MeldKind
from tutor.core.tiles import FEI, FEI_ID, HONOUR_ID, MPSZ_HONOUR, SUIT_OFFSET, TILES, Tile

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


class _Build:
    """Lark callbacks: each rule becomes a ``tutor`` value (or a small tagged tuple)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, column: int | None, message: str) -> NotationError:
        return NotationError(self.text, column, message)

    def run(self, children: list[Any]) -> tuple[str, list[Tile], int]:
        digits, suit = children
        col = digits.start_pos
        tiles: list[Tile] = []
        for k, ch in enumerate(str(digits)):
            n = int(ch)
            if suit == "z":
                if not 1 <= n <= 7:
                    raise self.fail(col + k, f"honours in z run 1-7 (1-4 E S W N, 5 Wh, 6 G, 7 R), not {n}")
                tiles.append(TILES[MPSZ_HONOUR[n]])
            else:
                if n == 0:
                    raise self.fail(col + k, "no card is numbered 0")
                tiles.append(TILES[SUIT_OFFSET[str(suit)] + n - 1])
        return ("cards", tiles, col)

    def honour(self, children: list[Any]) -> tuple[str, list[Tile], int]:
        (tok,) = children
        return ("cards", [TILES[HONOUR_ID[str(tok)]]], tok.start_pos)

    def fei(self, children: list[Any]) -> tuple[str, list[Tile], int]:
        return ("cards", [FEI], children[0].start_pos)

    def _set(self, children: list[Any], exposed: bool) -> tuple[str, Meld, int]:
        cards = sorted(t for _, tiles, _ in children for t in tiles)
        col = self.text.rfind("[" if exposed else "(", 0, children[0][2])  # the opening bracket
        shown = f"{'[' if exposed else '('}{' '.join(map(str, cards))}{']' if exposed else ')'}"
        real = [t for t in cards if t.id != FEI_ID]
        if not real:
            raise self.fail(col, f"{shown} holds no real card: a FEI must stand beside one")
        if len(cards) == 4:
            if len(real) < 4:
                raise self.fail(col, f"{shown}: a KONG never holds a FEI")
            if len(set(real)) != 1:
                raise self.fail(col, f"{shown} is not a KONG: a KONG is four identical cards")
            return ("meld", Meld(MeldKind.KONG, tuple(cards), exposed), col)
        if not exposed:
            raise self.fail(col, f"{shown}: round brackets hold a concealed KONG of four identical cards")
        if len(cards) != 3:
            raise self.fail(col, f"{shown} has {len(cards)} cards: a set has 3 (a KONG 4)")
        if len(set(real)) == 1:
            return ("meld", Meld(MeldKind.PONG, tuple(cards), exposed), col)
        ids = [t.id for t in real]
        if (
            len(set(ids)) == len(ids)
            and all(t.is_suited and t.kind is real[0].kind for t in real)
            and max(ids) - min(ids) <= 2
        ):
            return ("meld", Meld(MeldKind.CHEE, tuple(cards), exposed), col)
        raise self.fail(col, f"{shown} is not a set: not three identical cards, nor a run in one suit")

    def declared(self, children: list[Any]) -> tuple[str, Meld, int]:
        return self._set(children, exposed=True)

    def kong(self, children: list[Any]) -> tuple[str, Meld, int]:
        return self._set(children, exposed=False)

    def bonus_card(self, children: list[Any]) -> Tile:
        (tok,) = children
        if str(tok) == "F*":
            return FEI
        if not 1 <= int(str(tok)[1]) <= 4:
            raise self.fail(tok.start_pos, f"bonus cards are numbered 1-4, not {str(tok)[1]}")
        return Tile.parse(str(tok))

    def bonus(self, children: list[Any]) -> tuple[str, list[Tile], int]:
        return ("bonus", list(children), 0)

    def start(self, children: list[Any]) -> Hand:
        concealed: list[Tile] = []
        melds: list[Meld] = []
        bonus: list[Tile] = []
        for tag, value, _ in children:
            if tag == "cards":
                concealed.extend(value)
            elif tag == "meld":
                melds.append(value)
            else:
                bonus.extend(value)
        return Hand(tuple(concealed), tuple(melds), tuple(bonus))


@cache
def _parser() -> Any:
    """The LALR parser, built once per process and cached on disk by lark between processes."""
    from lark import Lark

    grammar = resources.files("notation").joinpath("hand.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", cache=True, propagate_positions=False)


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


    # Columns count characters from 0, as a cursor offset: 'at column 7' in '123d 55x' is the x.
    end = "expected {}, found the end of the hand"
    if isinstance(err, UnexpectedCharacters):
        pos = err.pos_in_stream or 0
        if _BONUS_HERE.match(text, pos) and "|" not in text[:pos]:
            return NotationError(text, pos, f"bonus cards such as {text[pos:pos + 2]} go after '|'")
        allowed = set(err.allowed or ())
        return NotationError(
            text, pos, f"expected {_expected(allowed, text, pos)}, found {text[pos]!r}"
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
        return NotationError(text, len(text), end.format(_expected(set(err.expected), text, len(text))))
    return NotationError(text, None, str(err))


def parse_hand(text: str) -> Hand:
    """Read a hand: concealed cards, ``[...]`` sets, ``(...)`` concealed KONGs, ``| bonus``."""
    from lark.exceptions import UnexpectedInput, VisitError

    if not isinstance(text, str):
        raise NotationError(repr(text), None, "a hand is text")
    if not text.strip():
        raise NotationError(text, None, "the hand is empty: write cards such as '123d 55d EEE'")
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as err:
        raise _syntax_error(text, err) from None
    build = _Build(text)
    try:
        hand = _transform(build, tree)
    except VisitError as err:  # pragma: no cover - _transform does not use lark visitors
        raise err.orig_exc from None
    if not (hand.concealed or hand.melds or hand.bonus):  # a lone '|': nothing to format back
        raise NotationError(text, None, "the hand is empty: write cards such as '123d 55d EEE'")
    return hand


def _transform(build: _Build, tree: Any) -> Any:
    """Bottom-up rebuild of the parse tree with ``_Build``'s callbacks (tokens pass through)."""
    from lark import Tree

    children = [_transform(build, c) if isinstance(c, Tree) else c for c in tree.children]
    return getattr(build, tree.data)(children)


def parse_tiles(text: str) -> list[Tile]:
    """Read loose cards (no sets, no bonus part), e.g. for ``--seen "5d 5d E"``."""
    hand = parse_hand(text)
    if hand.melds:
        raise NotationError(text, None, "list loose cards here, without [ ] or ( )")
    return list(hand.concealed) + [t for t in hand.bonus if t.id != FEI_ID] + [t for t in hand.bonus if t.id == FEI_ID]
