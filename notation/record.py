"""Read the lines of a hand record with the LALR grammar in ``record.lark`` (which imports the hand
grammar of ``hand.lark``): each line becomes a ``RecordLine``, its cards ``tutor`` values.

This is the record's syntax only: which events may follow which, and whether the cards exist, is
``tutor.table.record``'s to check. Errors are ``RecordError`` with the line and column (from 1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from notation.parse import _Bonus, _Build, _Fault, cached_lark
from tutor.core.hands import Meld
from tutor.core.tiles import Tile
from tutor.errors import RecordError

if TYPE_CHECKING:
    from lark import Token

VERBS = ("rules", "player", "deal", "draw", "discard", "pong", "chee", "kong", "sink", "recall", "pass",
         "sek-woo", "drawn")

_EXPECTED = {
    "SEAT": "a seat (east south west)",
    "RULES": "'rules'",
    "PLAYER": "'player'",
    "DRAWN": "'drawn'",
    "DEAL": "'deal'",
    "DRAW": "'draw'",
    "DISCARD": "'discard'",
    "CLAIM": "'pong', 'chee'",
    "KONG": "'kong'",
    "SINK": "'sink'",
    "RECALL": "'recall'",
    "PASS": "'pass'",
    "SEKWOO": "'sek-woo'",
    "NAME": "a rule set's name",
    "DIGITS": "card numbers",
    "SUIT": "a suit letter (d b c p s m z)",
    "HONOUR": "a wind or dragon (E S W N R G Wh)",
    "FEI": "F*",
    "BONUS": "a bonus card (f1-f4 s1-s4 a1-a4 k1-k4)",
    "UNKNOWN": "'?' (a card not seen)",
    "UNIT": "FUN",
    "LSQB": "'['",
    "RSQB": "']'",
    "LPAR": "'('",
    "RPAR": "')'",
    "VBAR": "'|'",
    "_NL": "the end of the line",
    "$END": "the end of the line",
}


@dataclass(frozen=True, slots=True)
class RecordLine:
    """One line of a record as written: its verb, seat, cards, set and number, and where it is.

    ``cards`` is ``None`` for ``?`` (cards not seen); ``bonus`` holds the cards after ``|`` of a deal.
    ``line`` and ``column`` (of the verb's first card, else of the line) count from 1.
    """

    verb: str
    line: int
    column: int
    seat: str | None = None
    cards: tuple[Tile, ...] | None = ()
    bonus: tuple[Tile, ...] = ()
    meld: Meld | None = None
    number: int | None = None
    name: str = ""


def _flat(parts: list[Any]) -> tuple[list[Tile], list[Meld], list[Tile], _Fault | None]:
    """Cards, sets and bonus cards of a line's hand-notation parts, and the first fault among them."""
    cards: list[Tile] = []
    melds: list[Meld] = []
    bonus: list[Tile] = []
    for part in parts:
        if isinstance(part, _Fault):
            return cards, melds, bonus, part
        if isinstance(part, list):
            cards.extend(part)
        elif isinstance(part, Meld):
            melds.append(part)
        elif isinstance(part, _Bonus):
            bonus.extend(part.cards)
        elif isinstance(part, Tile):
            cards.append(part)
    return cards, melds, bonus, None


class _Lines(_Build):
    """The record's callbacks: the hand grammar's own (inherited) build the cards of each line."""

    hand__run = _Build.run
    hand__honour = _Build.honour
    hand__fei = _Build.fei
    hand__declared = _Build.declared
    hand__kong = _Build.kong
    hand__bonus_card = _Build.bonus_card

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        self.starts = [0]
        for k, ch in enumerate(text):
            if ch == "\n":
                self.starts.append(k + 1)

    def where(self, offset: int) -> tuple[int, int]:
        """Line and column (from 1) of an offset in the text."""
        import bisect

        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1

    def fault(self, fault: _Fault) -> RecordError:
        line, col = self.where(fault.column)
        return RecordError(line, col, fault.message)

    def _line(self, verb: str, children: list[Any], **kw: Any) -> RecordLine:
        head: Token = children[0]
        line, col = self.where(head.start_pos or 0)
        rest = children[2:]
        cards, melds, bonus, fault = _flat(rest)
        if fault is not None:
            raise self.fault(fault)
        col = self._after(children[1], col) if len(children) > 1 else col
        seat = str(children[0]).lower()
        unknown = any(getattr(c, "type", "") == "UNKNOWN" for c in rest)
        return RecordLine(verb, line, col, seat, None if unknown else tuple(cards), tuple(bonus),
                          melds[0] if melds else None, **kw)

    def _after(self, verb: Any, default: int) -> int:
        """The column of the first character after the verb's token (where its cards begin)."""
        end = getattr(verb, "end_pos", None)
        if end is None:
            return default
        while end < len(self.text) and self.text[end] in " \t":
            end += 1
        if end >= len(self.text) or self.text[end] in "\r\n#":  # nothing after the verb: the line itself
            return default
        return self.where(end)[1]

    def rules(self, c: list[Token]) -> RecordLine:
        line, col = self.where(c[1].start_pos or 0)
        return RecordLine("rules", line, col, name=str(c[1]))

    def player(self, c: list[Token]) -> RecordLine:
        line, col = self.where(c[1].start_pos or 0)
        return RecordLine("player", line, col, seat=str(c[1]).lower())

    def drawn(self, c: list[Token]) -> RecordLine:
        line, col = self.where(c[0].start_pos or 0)
        return RecordLine("drawn", line, col)

    def deal(self, c: list[Any]) -> RecordLine:
        return self._line("deal", c)

    def draw(self, c: list[Any]) -> RecordLine:
        for x in c:
            if getattr(x, "type", "") == "BONUS" and not 1 <= int(x[1]) <= 4:
                raise self.fault(_Fault(x.start_pos or 0, f"bonus cards are numbered 1-4, not {x[1]}"))
        return self._line("draw", [Tile.parse(str(x)) if getattr(x, "type", "") == "BONUS" else x for x in c])

    def discard(self, c: list[Any]) -> RecordLine:
        return self._line("discard", c)

    def claim(self, c: list[Any]) -> RecordLine:
        return self._line(str(c[1]).lower().removesuffix("s"), c)  # pongs: pong

    def own_kong(self, c: list[Any]) -> RecordLine:
        return self._line("kong", c)

    def sink(self, c: list[Any]) -> RecordLine:
        return self._line("sink", c)

    def recall(self, c: list[Any]) -> RecordLine:
        return self._line("recall", c)

    def pass_(self, c: list[Any]) -> RecordLine:
        return self._line("pass", c)

    def win(self, c: list[Any]) -> RecordLine:
        fun = int(c[2]) if len(c) > 2 else None
        return self._line("sek-woo", c[:2], number=fun)

    def start(self, children: list[Any]) -> list[RecordLine]:  # type: ignore[override]
        return [x for x in children if isinstance(x, RecordLine)]


@cache
def _parser() -> Any:
    """The LALR parser of records (the hand grammar imported into it), built once per process and
    cached on disk between processes as the hand's parser is (``cached_lark``)."""
    from lark import Lark

    grammar = resources.files("notation").joinpath("record.lark")
    with resources.as_file(grammar) as path:
        return cached_lark(lambda cache: Lark.open(str(path), parser="lalr", lexer="contextual", keep_all_tokens=True,
                                                   propagate_positions=False, cache=cache), "record")


def parse_record_lines(text: str) -> list[RecordLine]:
    """Every event line of a record, in order; ``RecordError`` with line and column on bad text."""
    from lark import Token, Transformer
    from lark.exceptions import (
        UnexpectedCharacters,
        UnexpectedEOF,
        UnexpectedInput,
        UnexpectedToken,
    )

    if not isinstance(text, str):
        raise RecordError(1, None, "a record is text")
    build = _Lines(text)

    class _T(_Lines, Transformer[Token, list[RecordLine]]):
        """``_Lines`` as the transformer run over the parse tree."""

        def __default__(self, data: Any, children: Any, meta: Any) -> Any:
            if data == "pass":
                return self.pass_(children)
            return super().__default__(data, children, meta)

    try:
        tree = _parser().parse(text)
        transformer = _T(text)
        lines: list[RecordLine] = transformer.transform(tree)
    except UnexpectedCharacters as err:
        pos = err.pos_in_stream or 0
        raise _wrong(build, text, pos, set(err.allowed or ()), repr(text[pos])) from None
    except UnexpectedToken as err:
        if err.token.type == "$END":
            raise _wrong(build, text, len(text), err.expected, "the end of the record") from None
        pos = err.token.start_pos or 0
        found = "the end of the line" if err.token.type == "_NL" else repr(str(err.token))
        raise _wrong(build, text, pos, err.expected, found) from None
    except UnexpectedEOF as err:
        raise _wrong(build, text, len(text), set(err.expected), "the end of the record") from None
    except UnexpectedInput as err:  # pragma: no cover - the three above are all lark raises
        raise RecordError(1, None, str(err)) from None
    except Exception as err:  # a callback's fault, wrapped by lark's transformer
        inner = getattr(err, "orig_exc", err)
        if isinstance(inner, RecordError):
            raise inner from None
        if isinstance(inner, _Fault):
            raise build.fault(inner) from None
        raise
    return lines


def _line_before(text: str, pos: int) -> str:
    return text[text.rfind("\n", 0, pos) + 1 : pos]


def _wrong(build: _Lines, text: str, pos: int, names: set[str] | frozenset[str], found: str) -> RecordError:
    """The error of text the grammar does not take at ``pos``: what it expected (the brackets that
    can close or open there only), what it found, and the fix of a plain slip."""
    from notation.parse import _hint

    before = _line_before(text, pos)
    line, col = build.where(pos)
    bonus = re.match(r"[fsak][1-4]\b", text[pos:])
    if bonus and "|" not in before and "draw" not in before.lower():
        return RecordError(line, col, f"bonus cards such as {bonus.group(0)} go after '|'")
    square, round_ = before.rfind("[") > before.rfind("]"), before.rfind("(") > before.rfind(")")
    drop = {"LSQB", "LPAR", "VBAR", "_NL", "$END"} if square or round_ else {"RSQB", "RPAR"}
    drop |= {"RPAR"} if square else {"RSQB"} if round_ else set()
    names = {n for n in names if n.rpartition("__")[2] not in drop}
    hint = _hint(text, pos) if pos < len(text) else ""
    word = re.match(r"[A-Za-z][A-Za-z-]*", text[pos:])
    if not hint and word:
        hint = _meant(word.group(0), names)
    if not hint and names and {n.rpartition("__")[2] for n in names} <= {"LSQB", "LPAR"}:
        hint = "; a set laid down is written in brackets, as [RRR], [13d F*] or (5555d)"
    return RecordError(line, col, f"expected {_expected(names)}, found {found}{hint}")


ALIASES = {"chi": "chee", "chow": "chee", "pung": "pong", "gang": "kong", "throw": "discard", "throws": "discard",
           "sekwoo": "sek-woo", "win": "sek-woo", "wins": "sek-woo", "mahjong": "sek-woo", "hu": "sek-woo"}
"""Words of other mahjong books and games for a record's verbs."""


def _meant(word: str, names: set[str] | frozenset[str]) -> str:
    """"; did you mean 'chee'?" where ``word`` is another book's word for a keyword expected
    there, or one letter or two from one (``soth``); empty otherwise."""
    from difflib import get_close_matches

    says = _expected(names)
    words = re.findall(r"'([a-z-]+)'", says)
    seats = re.search(r"a seat \(([a-z ]+)\)", says)
    if seats:
        words += seats.group(1).split()
    w = word.lower()
    alias = ALIASES.get(w)
    guess = alias if alias in words else next(iter(get_close_matches(w, words, 1, 0.75)), None)
    return f"; did you mean {guess!r}?" if guess and guess != w else ""


def _expected(names: set[str] | frozenset[str]) -> str:
    known: list[str] = []
    for name, says in _EXPECTED.items():
        if any(n == name or n.endswith("__" + name) or n.upper() == name for n in names) and says not in known:
            known.append(says)
    if not known:
        return "something else"
    return known[0] if len(known) == 1 else ", ".join(known[:-1]) + " or " + known[-1]


__all__ = ["VERBS", "RecordLine", "parse_record_lines"]
