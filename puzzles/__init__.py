"""The puzzle set: YAML files by theme, validated at load into frozen ``Puzzle`` values.

Each ``puzzles/<theme>.yaml`` file holds one theme's puzzles::

    schema_version: 1
    theme: waits
    puzzles:
      - id: waits-001
        level: 1
        hand: "123d 456d 789d EEE R"
        question: Which cards does it wait on?
        answer: R
        explanation: ...

A puzzle's answer is written in the card notation (``5d``, ``3d 6d``), as a number (FUN) or as
``yes``/``no``. ``tutor.teach.solve`` proves each answer with the engine; this module only
reads and validates the files, each hand parsed once here. An unknown key, a wrong type, an
unknown theme, a hand that does not parse or a repeated id is an error that names the file and
the key path, and the line and column of the file where it can.

A generated file records how it was made: ``generator`` holds the arguments of
``tutor.teach.generate.make`` (seed, count, draws, ...), and each puzzle its own ``seed``, from
which ``tutor.teach.generate.one`` rebuilds it alone. ``tests/test_puzzles.py`` regenerates the
files and compares them byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

import msgspec

from tutor.core.hands import Hand
from tutor.core.tiles import Tile
from tutor.errors import ChoiceError, PuzzleError, TutorError
from tutor.rules.schema import path_message

SCHEMA_VERSION = 1

THEMES: dict[str, str] = {
    "is-a-set": "Is this a set?",
    "find-ngan": "Find the NGAN",
    "complete-shape": "Complete the shape",
    "waits": "Which cards does it wait on?",
    "best-discard": "Best discard",
    "count-fun": "How many FUN?",
    "use-fei": "Use the FEI",
    "short-of-five": "Complete but short of 5 FUN",
    "claim-or-pass": "Claim or pass",
    "kong-or-not": "KONG or not",
    "sink-or-keep": "Sink the FEI or keep it",
    "recall-fei": "Recall the FEI",
}
"""Every puzzle theme, by key, with its title for people."""

LEVELS: dict[int, str] = {1: "easy", 2: "medium", 3: "hard"}
"""Difficulty levels."""

_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class _Struct(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of the puzzle-file schema: frozen, and an unknown key is an error."""


class PuzzleSpec(_Struct, frozen=True, kw_only=True):
    """One puzzle exactly as the YAML file writes it."""

    id: str
    level: int
    hand: str
    question: str
    answer: str | int
    explanation: str
    rules: str = "3leg"
    seat: str = "east"
    draws: int | None = None
    on: str | None = None  # claim-or-pass: the card just thrown
    source: str = "left"  # claim-or-pass: who threw it (left: the player before you)
    drawn: str | None = None  # recall-fei: the card just drawn
    rating: int | None = None  # the starting Glicko-2 rating (tutor.teach.rate); from the level if absent
    seed: int | None = None  # a generated puzzle: the seed that makes it


MAX_DRAWS = 30
"""More own draws than any rule set deals a seat in a round: a puzzle's ``draws`` is below it."""


class Generator(_Struct, frozen=True, kw_only=True):
    """How a generated file was made: the arguments of ``tutor.teach.generate.make``."""

    seed: int
    count: int
    rules: str = "3leg"
    draws: int | Literal["round"] = 3  # round: the seat's draws in a whole round
    level: int | None = None
    prefix: str | None = None
    start: int = 1


DRAW_THEMES = ("best-discard", "claim-or-pass", "kong-or-not", "sink-or-keep", "recall-fei")
"""Themes whose answer is an expected-FUN search: each puzzle says its number of draws."""


class PuzzleFile(_Struct, frozen=True, kw_only=True):
    """A puzzle file: a schema version, a theme, and its puzzles."""

    schema_version: int
    theme: str
    title: str = ""
    generator: Generator | None = None
    puzzles: list[PuzzleSpec] = []


@dataclass(frozen=True, order=True, slots=True)
class Puzzle:
    """A validated puzzle: what to show, the one right answer, and why.

    ``hand`` is the parsed hand; ``hand_text`` is the hand as the file writes it (``1d 1d F*``
    rather than the canonical ``11d F*``), kept so a puzzle prints back exactly as written.
    """

    id: str
    theme: str
    level: int
    hand: Hand
    hand_text: str
    question: str
    answer: str
    explanation: str
    rules: str = "3leg"
    seat: str = "east"
    draws: int | None = None
    on: str | None = None
    source: str = "left"
    drawn: str | None = None
    rating: int | None = None
    seed: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as plain data, in the field order of the YAML files."""
        out: dict[str, Any] = {
            "id": self.id,
            "level": self.level,
            "hand": self.hand_text,
            "question": self.question,
            "answer": self.answer,
            "explanation": self.explanation,
            "rules": self.rules,
            "seat": self.seat,
        }
        if self.draws is not None:
            out["draws"] = self.draws
        if self.on is not None:
            out["on"] = self.on
            out["source"] = self.source
        if self.drawn is not None:
            out["drawn"] = self.drawn
        if self.rating is not None:
            out["rating"] = self.rating
        if self.seed is not None:
            out["seed"] = self.seed
        return out


def parse_file(text: str, where: str) -> tuple[Puzzle, ...]:
    """Validate the YAML text of one puzzle file; ``where`` names it in error messages."""
    return read_file(text, where)[0]


def read_file(text: str, where: str) -> tuple[tuple[Puzzle, ...], PuzzleFile]:
    """The puzzles of one file's YAML text, and the file as written (its title, its ``generator``).

    Errors name ``where``, the line and column (``where:LINE:COL: key.path: what``) and the key.
    """
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        data = yaml.load(text, Loader=loader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        at = f"{where}:{mark.line + 1}:{mark.column + 1}" if mark is not None else where
        problem = getattr(err, "problem", None) or str(err)
        raise PuzzleError(f"{at}: not valid YAML: {problem}") from None
    if not isinstance(data, dict):
        raise PuzzleError(f"{where}: a puzzle file is a mapping of keys to values")
    try:
        spec = msgspec.convert(data, PuzzleFile)
    except msgspec.ValidationError as err:
        message = path_message(str(err))
        raise PuzzleError(f"{_at(text, where, message.split(':', 1)[0])}: {message}") from None

    def fail(key: str, what: str) -> PuzzleError:
        return PuzzleError(f"{_at(text, where, key)}: {key}: {what}")

    if spec.schema_version != SCHEMA_VERSION:
        raise fail("schema_version", f"this sekwoo reads version {SCHEMA_VERSION}, not {spec.schema_version}")
    if spec.theme not in THEMES:
        raise fail("theme", f"unknown theme {spec.theme!r} (known: {', '.join(THEMES)})")
    out = []
    for k, p in enumerate(spec.puzzles):
        at = f"puzzles[{k}]"
        if not _ID.match(p.id):
            raise fail(f"{at}.id", f"{p.id!r} is not an id (lower-case letters, digits and '-')")
        if p.level not in LEVELS:
            raise fail(f"{at}.level", f"{p.level} is not a level (1 easy, 2 medium, 3 hard)")
        if p.seat not in ("east", "south", "west", "north"):
            raise fail(f"{at}.seat", f"unknown seat {p.seat!r}")
        if p.draws is not None and not 1 <= p.draws < MAX_DRAWS:
            raise fail(f"{at}.draws", f"{p.draws} draws; use 1 to {MAX_DRAWS - 1}")
        if spec.theme in DRAW_THEMES and p.draws is None:
            raise fail(f"{at}.draws", f"a {spec.theme} puzzle says how many draws its answer assumes")
        if (p.on is None) == (spec.theme == "claim-or-pass"):
            raise fail(f"{at}.on", "the card thrown is given for a claim-or-pass puzzle, and only there")
        if (p.drawn is None) == (spec.theme == "recall-fei"):
            raise fail(f"{at}.drawn", "the card drawn is given for a recall-fei puzzle, and only there")
        if p.source not in ("left", "right"):
            raise fail(f"{at}.source", f"left or right, not {p.source!r}")
        if p.rating is not None and not 100 <= p.rating <= 3500:
            raise fail(f"{at}.rating", f"{p.rating} is not a rating (100 to 3500)")
        for key in ("on", "drawn"):
            if getattr(p, key) is not None:
                try:
                    Tile.parse(str(getattr(p, key)).strip())
                except TutorError as err:
                    raise fail(f"{at}.{key}", str(err)) from None
        for key in ("hand", "question", "explanation"):
            if not str(getattr(p, key)).strip():
                raise fail(f"{at}.{key}", "empty")
        answer = str(p.answer).strip()
        if not answer:
            raise fail(f"{at}.answer", "empty")
        try:
            hand = Hand.parse(p.hand)
        except TutorError as err:
            raise fail(f"{at}.hand", str(err)) from None
        out.append(
            Puzzle(p.id, spec.theme, p.level, hand, p.hand.strip(), p.question.strip(), answer,
                   p.explanation.strip(), p.rules, p.seat, p.draws, p.on, p.source, p.drawn, rating=p.rating, seed=p.seed)
        )
    return tuple(out), spec


def _at(text: str, where: str, key_path: str) -> str:
    """``where:LINE:COL`` of the value at ``key_path`` (``puzzles[3].level``) in the YAML text,
    or of the nearest enclosing value found; ``where`` alone if the text has no such place."""
    import yaml

    try:
        node: Any = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return where
    if node is None:
        return where
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", key_path):
        if part.startswith("[") and isinstance(node, yaml.SequenceNode):
            k = int(part[1:-1])
            if k >= len(node.value):
                break
            node = node.value[k]
        elif isinstance(node, yaml.MappingNode):
            found = [v for key, v in node.value if key.value == part]
            if not found:
                break
            node = found[0]
        else:
            break
    return f"{where}:{node.start_mark.line + 1}:{node.start_mark.column + 1}"


def dump_file(
    theme: str, puzzles: Iterable[Puzzle], title: str | None = None, generator: Generator | None = None
) -> str:
    """The YAML text of a puzzle file holding ``puzzles`` (all of ``theme``), and how they were made."""
    import yaml

    items = []
    for p in puzzles:
        if p.theme != theme:
            raise PuzzleError(f"puzzle {p.id} is of theme {p.theme}, not {theme}")
        items.append(p.to_dict())
    data: dict[str, Any] = {"schema_version": SCHEMA_VERSION, "theme": theme, "title": title or THEMES[theme]}
    if generator is not None:
        data["generator"] = {k: v for k, v in msgspec.structs.asdict(generator).items() if v is not None}
    data["puzzles"] = items
    header = f"# sekwoo puzzles: {THEMES[theme]}\n# Every answer is proven unique by the solver"
    header += "; 'generator' is how the file was made (sekwoo puzzle make).\n" if generator else ".\n"
    return header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def _unique(found: list[Puzzle]) -> tuple[Puzzle, ...]:
    seen: set[str] = set()
    for p in found:
        if p.id in seen:
            raise PuzzleError(f"puzzle id {p.id!r} appears twice")
        seen.add(p.id)
    return tuple(sorted(found, key=lambda p: p.id))


@cache
def load_puzzles() -> tuple[Puzzle, ...]:
    """Every puzzle shipped with sekwoo, sorted by id."""
    folder = resources.files("puzzles")
    found: list[Puzzle] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".yaml"):
            found.extend(parse_file(entry.read_text(encoding="utf-8"), f"puzzles/{entry.name}"))
    return _unique(found)


def get_puzzle(puzzle_id: str) -> Puzzle:
    """The shipped puzzle with this id; raises ``PuzzleError`` naming close ids if none."""
    for p in load_puzzles():
        if p.id == puzzle_id.strip():
            return p
    import difflib

    close = difflib.get_close_matches(puzzle_id, [p.id for p in load_puzzles()], n=3)
    hint = f" (did you mean {', '.join(close)}?)" if close else " (see 'sekwoo puzzle list')"
    raise ChoiceError("puzzle_id", puzzle_id, (), f"no puzzle {puzzle_id!r}{hint}")


def check_theme(theme: str) -> None:
    """Raise ``ChoiceError`` (naming the nearest theme) unless ``theme`` is a puzzle theme."""
    if theme not in THEMES:
        raise ChoiceError("theme", theme, THEMES, f"unknown theme {theme!r} (known: {', '.join(THEMES)})")


def select(theme: str | None = None, level: int | None = None) -> tuple[Puzzle, ...]:
    """The shipped puzzles of a theme and/or level; raises ``PuzzleError`` for an unknown theme."""
    if theme is not None:
        check_theme(theme)
    if level is not None and level not in LEVELS:
        raise ChoiceError("level", level, LEVELS, f"unknown level {level} (1 easy, 2 medium, 3 hard)")
    return tuple(
        p for p in load_puzzles() if (theme is None or p.theme == theme) and (level is None or p.level == level)
    )


__all__ = [
    "DRAW_THEMES", "LEVELS", "MAX_DRAWS", "THEMES", "Generator", "Puzzle", "PuzzleFile", "PuzzleSpec", "dump_file",
    "get_puzzle", "load_puzzles", "parse_file", "read_file", "select",
]
