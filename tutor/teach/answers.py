"""A player's answer to a puzzle: read leniently, then judged against the puzzle's answer.

Answers typed by people are read leniently (``read_answer``): cards in any order and spelling
(``3d 6d``, ``36d``, ``6d,3d``, ``red``), numbers for FUN, yes/no. ``judge`` compares the
answer, in the canonical form the puzzle files use, with the puzzle's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzles import Puzzle
from tutor.core.hands import MeldKind
from tutor.core.tiles import FEI_ID, Tile
from tutor.errors import PuzzleError, TutorError
from tutor.teach.facts import set_kind, tiles_text
from tutor.teach.themes import ANSWER_HINT, ANSWER_KIND


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one answer to a puzzle."""

    puzzle: Puzzle
    given: str
    correct: bool
    solution: str
    explanation: str
    why: str = ""  # a wrong answer: why that answer fails, in cards and rules (``tutor.teach.why``)


_WORDS = {
    "east": "E", "south": "S", "west": "W", "north": "N", "red": "R", "green": "G", "white": "Wh",
    "fei": "F*", "f*": "F*", "wild": "F*", "*": "F*",
}
_FILLER = {
    "discard", "the", "a", "an", "and", "or", "card", "cards", "dot", "dots", "on", "it", "waits",
    "wait", "pair", "ngan", "of", "for", "stands", "as", "is", "throw", "away", "dragon", "wind",
    "i", "would", "to", "play", "=",
}
_NUMBER_WORDS = {
    w: n for n, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    )
}
_YES = {"yes", "y", "true", "yep", "yeah", "wins", "win", "sek", "woo"}
_NO = {"no", "n", "false", "nope", "short", "not", "none"}
_SET_WORDS = {"chee": MeldKind.CHEE, "pong": MeldKind.PONG, "kong": MeldKind.KONG}


def read_tiles(text: str) -> list[Tile]:
    """Cards written loosely: ``3d 6d``, ``36d``, ``6D, 3d``, ``red``, ``F*=5d`` (the right side)."""
    from notation import parse_tiles

    cleaned = re.sub(r"[,;/+&]", " ", text)
    parts: list[str] = []
    for tok in cleaned.split():
        if "=" in tok:
            tok = tok.rsplit("=", 1)[1]
            if not tok:
                continue
        low = tok.lower().rstrip(".!?")
        if low in _FILLER or not low:
            continue
        if low in _WORDS:
            parts.append(_WORDS[low])
            continue
        m = re.fullmatch(r"(\d+)([dpbscmz])", low)
        if m:
            parts.append(m.group(1) + m.group(2))
            continue
        if re.fullmatch(r"(?:wh|[eswnrg])+", low):
            parts.extend(h.capitalize() if h == "wh" else h.upper() for h in re.findall(r"wh|[eswnrg]", low))
            continue
        raise PuzzleError(f"cannot read {_shown(tok)} as a card: write cards like 5d, E, Wh or F*")
    if not parts:
        raise PuzzleError(f"no card in the answer {_shown(text)}: write cards like 5d, E, Wh or F*")
    try:
        return parse_tiles(" ".join(parts))
    except TutorError as err:
        raise PuzzleError(f"cannot read the answer {_shown(text)} as cards: {err}") from None


MAX_DIGITS = 6
"""The most digits read as a number of FUN (a hand scores a few dozen at most)."""


def _shown(text: str, most: int = 40) -> str:
    """The player's answer quoted in a message, cut short when long."""
    return repr(text if len(text) <= most else text[:most] + "...")


def read_number(text: str) -> int:
    """A whole number written as digits or a word (``7``, ``7 FUN``, ``seven``)."""
    m = re.search(r"-?\d+(?![0-9a-z*])", text.lower())
    if m:
        if len(m.group().lstrip("-")) > MAX_DIGITS:
            raise PuzzleError(f"{_shown(m.group())} is no number of FUN a hand can score")
        return int(m.group())
    for word in re.findall(r"[a-z]+", text.lower()):
        if word in _NUMBER_WORDS:
            return _NUMBER_WORDS[word]
    raise PuzzleError(f"cannot read {_shown(text)} as a number of FUN")


def read_yesno(text: str) -> tuple[bool, MeldKind | None]:
    """Yes or no; a set's name (``pong``) counts as yes and is returned to be checked too."""
    words = re.findall(r"[a-z]+", text.lower())
    for w in words:
        if w in _SET_WORDS:
            return True, _SET_WORDS[w]
    if words and words[0] in _YES:
        return True, None
    if words and words[0] in _NO:
        return False, None
    raise PuzzleError(f"cannot read {_shown(text)} as yes or no")


_CLAIMS = {
    "pass": "pass", "no": "pass", "sek": "sek woo", "sekwoo": "sek woo", "win": "sek woo", "hu": "sek woo",
    "pong": "pong", "peng": "pong", "pung": "pong", "kong": "kong", "gong": "kong", "kang": "kong",
    "chee": "chee", "chi": "chee", "chow": "chee",
}


def read_claim(text: str) -> str:
    """A claim written loosely, in the canonical form of the puzzle files: ``pass``, ``sek woo``,
    ``pong`` (``pong F*`` with a FEI), ``kong``, or ``chee`` with the set's cards (``chee 7d 8d 9d``,
    ``chee 7d 8d F*``)."""
    words = text.strip().split(maxsplit=1)
    action = _CLAIMS.get(words[0].lower()) if words else None
    if action is None:
        raise PuzzleError(f"cannot read {text!r} as a claim: write {ANSWER_HINT['claim']}")
    rest = words[1] if len(words) > 1 else ""
    if action in ("pass", "sek woo", "kong"):
        return action
    if action == "pong":
        return "pong F*" if re.search(r"f\*|\bfei\b|\bwild\b", rest.lower()) else "pong"
    cards = read_tiles(rest) if rest.strip() else []
    if len(cards) != 3:
        raise PuzzleError(f"name the CHEE's three cards, as in chee 7d 8d 9d, not {text!r}")
    return "chee " + " ".join(str(t) for t in sorted(cards))


def read_answer(theme: str, text: str) -> str:
    """An answer as typed, in the canonical form the puzzle files use; raises ``PuzzleError``."""
    kind = ANSWER_KIND.get(theme)
    if kind is None:
        raise PuzzleError(f"unknown theme {theme!r}")
    if not text.strip():
        raise PuzzleError(f"an empty answer: write {ANSWER_HINT[kind]}")
    if kind == "yesno":
        yes, _ = read_yesno(text)
        return "yes" if yes else "no"
    if kind == "number":
        return str(read_number(text))
    if kind == "claim":
        return read_claim(text)
    tiles = read_tiles(text)
    if kind == "tiles":
        return tiles_text(t for t in tiles if t.id != FEI_ID) or "F*"
    distinct = {t for t in tiles if t.id != FEI_ID} or set(tiles)
    if len(distinct) != 1:
        raise PuzzleError(f"name one card, not {len(distinct)}: {tiles_text(distinct)}")
    return str(distinct.pop())


def judge(puzzle: Puzzle, text: str) -> Verdict:
    """Judge a typed answer against the puzzle's answer, and say why a wrong one fails;
    ``PuzzleError`` if it cannot be read."""
    from tutor.teach.why import why_wrong

    given = read_answer(puzzle.theme, text)
    if puzzle.theme == "best-discard" and given not in {str(t) for t in puzzle.hand.concealed}:
        raise PuzzleError(f"you hold no {given} to discard: name one of your concealed cards")
    correct = given == read_answer(puzzle.theme, puzzle.answer)
    named = None
    if correct and puzzle.theme == "is-a-set":
        _, named = read_yesno(text)
        if named is not None:
            from tutor.rules.load import load_rules

            correct = named is set_kind(puzzle.hand, load_rules(puzzle.rules))
    why = "" if correct else why_wrong(puzzle, given, named)
    if named is not None and not correct:
        given = named.value  # the set named is what was wrong
    return Verdict(puzzle, given, correct, puzzle.answer, puzzle.explanation, why)


__all__ = ["Verdict", "judge", "read_answer", "read_claim", "read_number", "read_tiles", "read_yesno", "tiles_text"]
