"""Puzzle logic: solve a puzzle with the engine, judge an answer, pick the daily puzzle, generate.

Every theme has one way to find its answer from the hand alone, with ``tutor.engine.score``,
``tutor.engine.shapes`` and ``tutor.engine.solver``; ``solve`` returns the answer together with every other
answer that would be just as right, so a puzzle is sound only when there is exactly one
(``Solution.unique``). Answers typed by people are read leniently (``read_answer``): cards in any
order and spelling (``3d 6d``, ``36d``, ``6d,3d``, ``red``), numbers for FUN, yes/no.

This module never prints and never imports typer or rich.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import date
from typing import TYPE_CHECKING

from puzzles import THEMES, Puzzle
from tutor.core.hands import Hand, Meld, MeldKind
from tutor.core.tiles import FEI_ID, FIRST_BONUS, FIRST_DRAGON, FIRST_WIND, N_TILES, TILES, Tile
from tutor.errors import PuzzleError, TutorError

if TYPE_CHECKING:
    from tutor.core.readings import RawReading
    from tutor.engine.results import Check
    from tutor.rules.load import RuleSet

ANSWER_KIND: dict[str, str] = {
    "is-a-set": "yesno",
    "find-ngan": "tile",
    "complete-shape": "tile",
    "waits": "tiles",
    "best-discard": "tile",
    "count-fun": "number",
    "use-fei": "tile",
    "short-of-five": "yesno",
}
"""What sort of answer each theme expects: ``yesno``, ``tile``, ``tiles`` or ``number``."""

ANSWER_HINT: dict[str, str] = {
    "yesno": "yes or no",
    "tile": "one card, e.g. 5d, E or Wh",
    "tiles": "cards in any order, e.g. 3d 6d",
    "number": "a number",
}
"""How to write each sort of answer, for prompts."""

QUESTIONS: dict[str, str] = {
    "is-a-set": "Is this a set (a CHEE, PONG or KONG)? Answer yes or no.",
    "find-ngan": "This hand is complete: four sets and a NGAN. Which card makes the NGAN (the pair)?",
    "complete-shape": "One card (besides a FEI) completes this hand: four sets and a NGAN. Which card?",
    "waits": "Which cards complete this hand's shape? Name them all (leave out F*, which fits almost anywhere).",
    "best-discard": "Which card do you discard? You will draw {draws} more times; aim for the most FUN.",
    "count-fun": "This hand is complete. How many FUN is it worth to {seat}?",
    "use-fei": "The FEI could stand for more than one card here. Which card should it stand for, to score the most FUN for {seat}?",
    "short-of-five": "This hand is complete. Can {seat} declare SEK WOO in the advanced game (at least 5 FUN)? Answer yes or no.",
}
"""The question each theme asks (``{seat}`` and ``{draws}`` are filled in)."""

DISCARD_MARGIN_ABS = 0.05
"""A best discard must beat the runner-up by this much expected FUN ..."""
DISCARD_MARGIN_REL = 0.15
"""... and by this share of its own expected FUN."""
SOLVE_BUDGET = 40_000
"""Solver states: the generator drops a best-discard puzzle costlier to prove, so the set stays quick to re-check."""


@dataclass(frozen=True, slots=True)
class Solution:
    """A puzzle's answer as the engine finds it, and every other answer that is just as right."""

    answer: str
    alternatives: tuple[str, ...]
    explanation: str
    level: int = 1
    work: int = 0  # search states the solver visited (best-discard), a machine-independent cost

    @property
    def unique(self) -> bool:
        """True when exactly one answer is right."""
        return len(self.alternatives) == 1


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one answer to a puzzle."""

    puzzle: Puzzle
    given: str
    correct: bool
    solution: str
    explanation: str


# --------------------------------------------------------------------------------------------
# Reading answers


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
        raise PuzzleError(f"cannot read {tok!r} as a card: write cards like 5d, E, Wh or F*")
    if not parts:
        raise PuzzleError(f"no card in the answer {text!r}: write cards like 5d, E, Wh or F*")
    try:
        return parse_tiles(" ".join(parts))
    except TutorError as err:
        raise PuzzleError(f"cannot read the answer {text!r} as cards: {err}") from None


def read_number(text: str) -> int:
    """A whole number written as digits or a word (``7``, ``7 FUN``, ``seven``)."""
    m = re.search(r"-?\d+(?![0-9a-z*])", text.lower())
    if m:
        return int(m.group())
    for word in re.findall(r"[a-z]+", text.lower()):
        if word in _NUMBER_WORDS:
            return _NUMBER_WORDS[word]
    raise PuzzleError(f"cannot read {text!r} as a number of FUN")


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
    raise PuzzleError(f"cannot read {text!r} as yes or no")


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
    tiles = read_tiles(text)
    if kind == "tiles":
        return _tiles_text(t for t in tiles if t.id != FEI_ID) or "F*"
    distinct = {t for t in tiles if t.id != FEI_ID} or set(tiles)
    if len(distinct) != 1:
        raise PuzzleError(f"name one card, not {len(distinct)}: {_tiles_text(distinct)}")
    return str(distinct.pop())


def _tiles_text(tiles: Iterable[Tile]) -> str:
    return " ".join(str(t) for t in sorted(set(tiles)))


def judge(puzzle: Puzzle, text: str) -> Verdict:
    """Judge a typed answer against the puzzle's answer; ``PuzzleError`` if it cannot be read."""
    given = read_answer(puzzle.theme, text)
    if puzzle.theme == "best-discard" and given not in {str(t) for t in Hand.parse(puzzle.hand).concealed}:
        raise PuzzleError(f"you hold no {given} to discard: name one of your concealed cards")
    correct = given == read_answer(puzzle.theme, puzzle.answer)
    if correct and puzzle.theme == "is-a-set":
        _, named = read_yesno(text)
        if named is not None:
            correct = named is _set_kind(Hand.parse(puzzle.hand), _rules(puzzle.rules))
    return Verdict(puzzle, given, correct, puzzle.answer, puzzle.explanation)


# --------------------------------------------------------------------------------------------
# The daily puzzle


def daily_puzzle(day: date, puzzles: Iterable[Puzzle] | None = None) -> Puzzle:
    """The puzzle of the day, the same for everyone: the id whose hash with the date is highest.

    Rendezvous hashing over the sorted ids: adding a puzzle changes a day's choice only on the
    days the new puzzle wins, so published dates keep their puzzle.
    """
    from puzzles import load_puzzles

    pool = sorted(puzzles if puzzles is not None else load_puzzles(), key=lambda p: p.id)
    if not pool:
        raise PuzzleError("no puzzles to choose from")

    def key(p: Puzzle) -> bytes:
        return hashlib.sha256(f"sekwoo-daily:{day.isoformat()}:{p.id}".encode()).digest()

    return max(pool, key=key)


def parse_date(text: str | None) -> date:
    """A date written YYYY-MM-DD, or today (local time) for None."""
    if text is None:
        return date.today()
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise PuzzleError(f"bad date {text!r}: write YYYY-MM-DD") from None


# --------------------------------------------------------------------------------------------
# Solving


def _rules(name: str) -> RuleSet:
    from tutor.rules.load import load_rules

    return load_rules(name)


def solve(puzzle: Puzzle) -> Solution:
    """Find the puzzle's answer with the engine, from its hand, rules and seat alone."""
    rules = _rules(puzzle.rules)
    rules.seat(puzzle.seat)
    hand = Hand.parse(puzzle.hand)
    solver = _SOLVERS.get(puzzle.theme)
    if solver is None:
        raise PuzzleError(f"{puzzle.id}: unknown theme {puzzle.theme!r}")
    return solver(puzzle, hand, rules)


def _set_kind(hand: Hand, rules: RuleSet) -> MeldKind | None:
    """What set these 3 or 4 loose cards make (None when they make none)."""
    from tutor.core.readings import CHEE, PONG
    from tutor.engine.shapes import concealed_readings

    cards = list(hand.concealed) + [c for m in hand.melds for c in m.cards]
    if hand.bonus:
        return None
    if len(cards) == 4:
        real = {c for c in cards if c.id != FEI_ID}
        n_fei = sum(1 for c in cards if c.id == FEI_ID)
        return MeldKind.KONG if n_fei == 0 and len(real) == 1 else None
    if len(cards) != 3:
        return None
    counts = [0] * FEI_ID
    fei = 0
    for c in cards:
        if c.id == FEI_ID:
            fei += 1
        else:
            counts[c.id] += 1
    found = concealed_readings(counts, fei, 1, False, rules.max_wild_per_set, rules.chee_ok)
    kinds = {r[0][0] for r in found}
    if kinds == {CHEE}:
        return MeldKind.CHEE
    if kinds == {PONG}:
        return MeldKind.PONG
    return None


def _why_not_set(cards: list[Tile], rules: RuleSet) -> str:
    real = [c for c in cards if c.id != FEI_ID]
    fei = len(cards) - len(real)
    if len(cards) == 4:
        if fei:
            return "a KONG is four identical cards and never holds a FEI"
        return "four cards make a set only as a KONG of four identical cards"
    if fei > rules.max_wild_per_set:
        return f"a set holds at most {rules.max_wild_per_set} FEI"
    if any(not c.is_suited for c in real) and len(set(real)) > 1:
        return "winds and dragons only make a PONG of three identical cards; CHEE runs exist only in Dots"
    return "the cards are neither identical nor three in a row"


def _solve_set(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    cards = list(hand.concealed)
    if hand.melds or hand.bonus or len(cards) not in (3, 4):
        raise PuzzleError(f"{puzzle.id}: an is-a-set puzzle shows 3 or 4 loose cards")
    kind = _set_kind(hand, rules)
    shown = " ".join(map(str, cards))
    fei = any(c.id == FEI_ID for c in cards)
    if kind is None:
        why = _why_not_set(cards, rules)
        level = 3 if fei or len(cards) == 4 else 2 if any(not c.is_suited for c in cards) else 1
        return Solution("no", ("no",), f"No: {shown} is not a set; {why}.", level)
    what = {
        MeldKind.CHEE: "a CHEE, three Dots in a row",
        MeldKind.PONG: "a PONG, three identical cards",
        MeldKind.KONG: "a KONG, four identical cards (it counts as one set once declared)",
    }[kind]
    note = " The FEI stands in for the missing card." if fei else ""
    level = 2 if fei or kind is MeldKind.KONG else 1
    return Solution("yes", ("yes",), f"Yes: {shown} is {what}.{note}", level)


def _all_readings(hand: Hand, rules: RuleSet) -> list[RawReading]:
    from tutor.engine.score import validate
    from tutor.engine.shapes import readings

    validate(hand, rules)
    if hand.size != rules.hand_size:
        return []
    return readings(hand, rules.sets, rules.max_wild_per_set, rules.chee_ok)


def _group_text(raw: tuple[int, int, int, int]) -> str:
    from tutor.core.readings import Group

    g = Group.from_raw(raw)
    what = {
        MeldKind.CHEE: lambda: "CHEE " + " ".join(map(str, g.tiles)),
        MeldKind.PONG: lambda: f"PONG of {g.tiles[0]}",
        MeldKind.KONG: lambda: f"KONG of {g.tiles[0]}",
        MeldKind.NGAN: lambda: f"NGAN of {g.tiles[0]}",
    }[g.kind]()
    if g.wild:
        what += " (F* as " + ", ".join(str(g.tiles[j]) for j in g.wild) + ")"
    return what + (" (laid down)" if g.declared else "")


def _reading_text(raw: RawReading) -> str:
    from tutor.core.readings import NGAN

    groups = sorted(raw, key=lambda g: (g[0] == NGAN, g[1]))
    return ", ".join(_group_text(g) for g in groups)


def _solve_ngan(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    from tutor.core.readings import NGAN

    raws = _all_readings(hand, rules)
    if not raws:
        raise PuzzleError(f"{puzzle.id}: the hand of a find-ngan puzzle must be complete")
    pairs = sorted({g[1] for r in raws for g in r if g[0] == NGAN})
    alts = tuple(str(TILES[t]) for t in pairs)
    answer = alts[0]
    fei_pair = any(g[0] == NGAN and g[2] for r in raws for g in r)
    counts = Counter(t for t in hand.concealed if t.id != FEI_ID)
    pairs_seen = sum(1 for n in counts.values() if n >= 2)  # cards that look like a NGAN
    level = 1 if pairs_seen <= 2 else 2 if pairs_seen <= 4 else 3
    if fei_pair or len(raws) > 1 or FEI_ID in {t.id for t in hand.concealed}:
        level = min(3, level + 1)
    ways = "" if len(raws) == 1 else f" However you split it ({len(raws)} ways), the NGAN is the same."
    text = f"The NGAN is {answer}: {_reading_text(raws[0])}.{ways}"
    return Solution(answer, alts, text, level)


def shape_waits(hand: Hand, rules: RuleSet) -> list[Tile]:
    """The cards other than a FEI that complete the hand's shape and have an unseen copy."""
    from tutor.engine.score import validate
    from tutor.engine.shapes import readings

    validate(hand, rules)
    if hand.size != rules.hand_size - 1:
        raise PuzzleError(f"{hand.size} cards: a hand waiting on one card holds {rules.hand_size - 1}")
    seen = hand.in_sight()
    out = []
    for i in sorted(rules.in_play):
        t = TILES[i]
        if i == FEI_ID or seen[t] >= rules.copies:
            continue
        more = Hand((*hand.concealed, t), hand.melds, hand.bonus)
        if readings(more, rules.sets, rules.max_wild_per_set, rules.chee_ok):
            out.append(t)
    return out


def _wait_detail(hand: Hand, rules: RuleSet, tiles: list[Tile]) -> str:
    from tutor.engine.shapes import readings

    bits = []
    for t in tiles[:4]:
        more = Hand((*hand.concealed, t), hand.melds, hand.bonus)
        raw = readings(more, rules.sets, rules.max_wild_per_set, rules.chee_ok)[0]
        bits.append(f"with {t}: {_reading_text(raw)}")
    return "; ".join(bits)


def _solve_complete(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    waits = shape_waits(hand, rules)
    if not waits:
        raise PuzzleError(f"{puzzle.id}: no card completes this hand")
    alts = tuple(str(t) for t in waits)
    fei = any(t.id == FEI_ID for t in hand.concealed)
    level = 1 + (fei or bool(hand.melds)) + (sum(1 for t in hand.concealed if t.is_honour) == 0)
    text = f"Only {alts[0]} completes it ({_wait_detail(hand, rules, waits)})."
    return Solution(alts[0], alts, text, min(level, 3))


def _solve_waits(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    waits = shape_waits(hand, rules)
    if not waits:
        raise PuzzleError(f"{puzzle.id}: no card completes this hand")
    if len(waits) < 2:
        raise PuzzleError(f"{puzzle.id}: one card completes this hand: that is a complete-shape puzzle")
    answer = _tiles_text(waits)
    fei = any(t.id == FEI_ID for t in hand.concealed)
    level = 1 if len(waits) == 2 and not fei else 2 if len(waits) <= 3 else 3
    if fei and level < 3:
        level += 1
    text = f"It waits on {len(waits)} cards, {answer} ({_wait_detail(hand, rules, waits)})."
    if len(waits) > 3:
        text = f"It waits on {len(waits)} cards: {answer}."
    return Solution(answer, (answer,), text, level)


def _check(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Check:
    from tutor.engine.score import check

    return check(hand, rules, puzzle.seat)


def _score_text(result: Check) -> str:
    if result.score is None:
        return "no score"
    lines = result.score.lines
    parts = [f"{ln.name}" + (f" x{ln.count}" if ln.count > 1 else "") + f" +{ln.fun}" for ln in lines]
    text = ", ".join(parts)
    if result.score.limit:
        text = " and ".join(ln.name for ln in lines if ln.limit) + f", a limit hand; total {result.fun}"
    elif result.score.capped:
        text += f"; total {result.score.total}, capped at {result.fun}"
    else:
        text += f"; total {result.fun}"
    return text


def _fun_level(result: Check, hand: Hand) -> int:
    n_lines = len(result.score.lines) if result.score else 0
    fei = any(t.id == FEI_ID for t in hand.concealed) or any(m.wild_count for m in hand.melds)
    if result.score and (result.score.limit or result.score.capped):
        return 2 if not fei else 3
    return 1 if n_lines <= 2 and not fei else 2 if n_lines <= 4 else 3


def _solve_fun(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    result = _check(puzzle, hand, rules)
    if not result.complete:
        raise PuzzleError(f"{puzzle.id}: the hand of a count-fun puzzle must be complete")
    answer = str(result.fun)
    reading = result.reading
    how = ""
    if reading is not None:
        how = f" Read it as {', '.join(_public_group(g) for g in reading.groups)}."
    text = f"{answer} FUN for {puzzle.seat.capitalize()}: {_score_text(result)}.{how}"
    return Solution(answer, (answer,), text, _fun_level(result, hand))


def _public_group(g: object) -> str:
    from tutor.core.readings import CHEE, KONG, NGAN, PONG, Group

    assert isinstance(g, Group)
    kind = {MeldKind.CHEE: CHEE, MeldKind.PONG: PONG, MeldKind.KONG: KONG, MeldKind.NGAN: NGAN}[g.kind]
    mask = sum(1 << j for j in g.wild)
    return _group_text((kind, g.tiles[0].id, mask, int(g.declared)))


def _solve_short(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    result = _check(puzzle, hand, rules)
    if not result.complete:
        raise PuzzleError(f"{puzzle.id}: the hand of a short-of-five puzzle must be complete")
    if result.wins:
        text = f"Yes: {_score_text(result)} FUN, at least the {result.min_fun} needed."
        answer = "yes"
    else:
        text = f"No: {_score_text(result)} FUN is short of the {result.min_fun} needed. A complete shape is not enough."
        answer = "no"
    if not hand.bonus and result.score and result.score.limit:
        text += " With no flower at all, the hand is a No Flower Mahjong."
    return Solution(answer, (answer,), text, _fun_level(result, hand))


def fei_choices(hand: Hand, rules: RuleSet, seat: str) -> dict[Tile, int]:
    """For a complete hand holding one concealed FEI: each card it can stand for, and the best FUN."""
    from tutor.core.readings import CHEE
    from tutor.engine.score import scorer_for

    held = sum(1 for t in hand.concealed if t.id == FEI_ID)
    if held != 1:
        raise PuzzleError(f"a use-fei puzzle holds exactly one concealed FEI, not {held}")
    raws = _all_readings(hand, rules)
    bonus = tuple(t.id for t in hand.bonus)
    out: dict[Tile, int] = {}
    seat_name = rules.seat(seat)
    scorer = scorer_for(rules)
    for raw in raws:
        stands = None
        for kind, tile, wild, declared in raw:
            if wild and not declared:
                j = wild.bit_length() - 1
                stands = tile + j if kind == CHEE else tile
        if stands is None:
            continue
        fun = scorer.score_raw(raw, bonus, held, frozenset(), seat_name, hand.melds).fun
        t = TILES[stands]
        out[t] = max(out.get(t, -1), fun)
    return out


def _solve_fei(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    choices = fei_choices(hand, rules, puzzle.seat)
    if not choices:
        raise PuzzleError(f"{puzzle.id}: the hand of a use-fei puzzle must be complete")
    if len(choices) < 2:
        raise PuzzleError(f"{puzzle.id}: the FEI can stand for one card only; there is nothing to choose")
    best = max(choices.values())
    alts = tuple(str(t) for t, f in sorted(choices.items()) if f == best)
    others = sorted(((f, t) for t, f in choices.items() if f < best), reverse=True)
    text = f"F* as {alts[0]} scores {best} FUN"
    if others:
        text += "; " + ", ".join(f"as {t} only {f}" for f, t in others[:3])
    result = _check(puzzle, hand, rules)
    if result.reading is not None:
        text += f". Read it as {', '.join(_public_group(g) for g in result.reading.groups)}"
    level = 2 if len(choices) == 2 else 3
    return Solution(alts[0], alts, text + ".", level)


def _clear_margin(best: float, second: float) -> bool:
    return best - second >= max(DISCARD_MARGIN_ABS, DISCARD_MARGIN_REL * best)


def _solve_discard(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    from tutor.engine import solver as solver

    draws = puzzle.draws or 3
    result = solver.discard(hand, rules, seat=puzzle.seat, draws=draws)
    if not getattr(result, "exact", True):
        raise PuzzleError(f"{puzzle.id}: the solver could not rank the discards exactly over {draws} draws")
    options = []
    seen: set[tuple[str, Tile]] = set()
    for opt in result.options:
        key = (opt.action, opt.tile)
        if key not in seen:
            seen.add(key)
            options.append(opt)
    if not options:
        raise PuzzleError(f"{puzzle.id}: no discard to choose")
    best = options[0]

    def name(opt: object) -> str:
        return str(opt.tile) if opt.action == "discard" else f"sink {opt.tile}"  # type: ignore[attr-defined]

    alts = [name(best)]
    for opt in options[1:]:
        if not _clear_margin(best.expected_fun, opt.expected_fun):
            alts.append(name(opt))
    if best.action != "discard" and len(alts) == 1:
        alts.append("sink")  # a sinking answer is not a discard puzzle
    text = (
        f"Discard {best.tile}: expected {best.expected_fun:.2f} FUN over {draws} draws "
        f"(wins {best.win_probability:.0%}), keeping {best.acceptance} cards that improve the hand"
    )
    if best.accepts and best.shanten == 0:
        waits = (a[0] if isinstance(a, tuple) else a for a in best.accepts)
        text += f" (it waits on {_tiles_text(waits)})"
    if len(options) > 1:
        nxt = options[1]
        text += f". Next best, {name(nxt)}, expects only {nxt.expected_fun:.2f}"
    max_acc = max(o.acceptance for o in options if o.shanten == best.shanten)
    same_shanten = sum(1 for o in options if o.shanten == best.shanten)
    level = 1 if same_shanten == 1 else 2 if best.acceptance == max_acc else 3
    return Solution(name(best), tuple(alts), text + ".", level, int(getattr(result, "states", 0)))


_SOLVERS = {
    "is-a-set": _solve_set,
    "find-ngan": _solve_ngan,
    "complete-shape": _solve_complete,
    "waits": _solve_waits,
    "best-discard": _solve_discard,
    "count-fun": _solve_fun,
    "use-fei": _solve_fei,
    "short-of-five": _solve_short,
}


def question_for(theme: str, seat: str = "east", draws: int | None = None) -> str:
    """The question a theme asks, filled in for a seat (and a number of draws)."""
    return QUESTIONS[theme].format(seat=seat.capitalize(), draws=draws or 3)


def build(
    theme: str, hand: str, puzzle_id: str, *, seat: str = "east", rules: str = "3leg",
    draws: int | None = None, question: str | None = None, level: int | None = None, budget: bool = False,
) -> Puzzle:
    """A puzzle whose answer, explanation (and level, unless given) come from the engine.

    Raises ``PuzzleError`` when the answer is not unique (or, with ``budget``, when proving it
    costs more than ``SOLVE_BUDGET`` solver states).
    """
    if theme not in THEMES:
        raise PuzzleError(f"unknown theme {theme!r} (known: {', '.join(THEMES)})")
    if theme == "best-discard" and draws is None:
        draws = 3
    Hand.parse(hand)
    draft = Puzzle(puzzle_id, theme, 1, hand.strip(), question or question_for(theme, seat, draws),
                   "?", "?", rules, seat, draws)
    sol = solve(draft)
    if not sol.unique:
        raise PuzzleError(f"{puzzle_id}: not one answer but {len(sol.alternatives)}: {', '.join(sol.alternatives)}")
    if sol.work > SOLVE_BUDGET and budget:
        raise PuzzleError(f"{puzzle_id}: {sol.work:,} solver states: too costly to re-check quickly")
    return replace(draft, answer=sol.answer, explanation=sol.explanation, level=level or sol.level)


# --------------------------------------------------------------------------------------------
# Generating


class _Deal:
    """Cards drawn so far for one random hand, with the copies left of each."""

    def __init__(self, rules: RuleSet) -> None:
        self.left = Counter({i: rules.copies for i in rules.in_play if i != FEI_ID})
        self.left[FEI_ID] = rules.wild_copies

    def take(self, ids: list[int]) -> bool:
        need = Counter(ids)
        if any(self.left[i] < n for i, n in need.items()):
            return False
        self.left.subtract(need)
        return True


def _random_tile(rng: random.Random, honours: float) -> int:
    if rng.random() < honours:
        return rng.randrange(FIRST_WIND, FEI_ID)
    return rng.randrange(0, 9)


def random_complete(
    rng: random.Random, rules: RuleSet, *, chee: float = 0.5, honours: float = 0.4, fei: float = 0.0,
    declared: float = 0.0, bonus: tuple[int, int] = (0, 3), sunk: float = 0.0, max_fei: int = 4,
) -> Hand | None:
    """A random complete hand built set by set from the 3-Leg cards (None if a deal fails)."""
    deal = _Deal(rules)
    concealed: list[int] = []
    melds: list[Meld] = []
    n_fei = 0
    for _ in range(rules.sets):
        if rng.random() < chee:
            start = rng.randrange(0, 7)
            ids, kind = [start, start + 1, start + 2], MeldKind.CHEE
        else:
            t = _random_tile(rng, honours)
            ids, kind = [t, t, t], MeldKind.PONG
        if n_fei < max_fei and rng.random() < fei:
            ids[rng.randrange(3)] = FEI_ID
            n_fei += 1
        if not deal.take(ids):
            return None
        if rng.random() < declared:
            melds.append(Meld(kind, tuple(sorted(TILES[i] for i in ids))))
        else:
            concealed.extend(ids)
    t = _random_tile(rng, honours)
    pair = [t, t]
    if n_fei < max_fei and rng.random() < fei / 2:
        pair[1] = FEI_ID
        n_fei += 1
    if not deal.take(pair):
        return None
    concealed.extend(pair)
    bonus_ids = rng.sample(range(FIRST_BONUS, N_TILES), rng.randint(*bonus))
    if rng.random() < sunk and deal.take([FEI_ID]):
        bonus_ids.append(FEI_ID)
    return Hand(tuple(TILES[i] for i in concealed), tuple(melds), tuple(TILES[i] for i in bonus_ids))


def _candidate_set(rng: random.Random, rules: RuleSet) -> tuple[str, str] | None:
    r = rng.random()
    if r < 0.25:  # a CHEE, maybe with a FEI
        s = rng.randrange(0, 7)
        ids = [s, s + 1, s + 2]
    elif r < 0.45:  # a PONG
        t = _random_tile(rng, 0.5)
        ids = [t, t, t]
    elif r < 0.6:  # three honours of one kind but different cards: no CHEE of winds or dragons
        base = rng.choice([FIRST_WIND, FIRST_DRAGON])
        pool = list(range(base, base + (4 if base == FIRST_WIND else 3)))
        ids = rng.sample(pool, 3)
    elif r < 0.8:  # near misses in Dots
        s = rng.randrange(0, 9)
        ids = sorted({s, rng.randrange(0, 9), rng.randrange(0, 9)})
        while len(ids) < 3:
            ids.append(ids[-1])
    elif r < 0.9:  # wrap-arounds and mixed kinds
        ids = rng.choice([[7, 8, 0], [8, 0, 1], [0, 1, FIRST_WIND], [5, 6, rng.randrange(FIRST_WIND, FEI_ID)]])
    else:  # four cards
        t = _random_tile(rng, 0.4)
        ids = [t, t, t, t if rng.random() < 0.6 else FEI_ID]
    if len(ids) == 3 and rng.random() < 0.35:
        ids[rng.randrange(3)] = FEI_ID
        if rng.random() < 0.2:
            ids[rng.randrange(3)] = FEI_ID
    hand = Hand(tuple(TILES[i] for i in ids))
    return " ".join(str(t) for t in hand.concealed), "east"


_SEATS = ("east", "south", "west")


def _candidates(theme: str, rng: random.Random, rules: RuleSet) -> Iterator[tuple[str, str]]:
    """Endless (hand, seat) candidates for a theme, from random deals."""
    while True:
        if theme == "is-a-set":
            cand = _candidate_set(rng, rules)
            if cand:
                yield cand
            continue
        seat = "east"
        if theme in ("find-ngan",):
            hand = random_complete(rng, rules, chee=0.65, honours=0.25, fei=0.15, declared=0.1, bonus=(0, 2))
        elif theme in ("complete-shape", "waits"):
            hand = random_complete(rng, rules, chee=0.65, honours=0.2, fei=0.1, declared=0.1, bonus=(0, 2))
            if hand is not None:
                cut = [t for t in hand.concealed if t.id != FEI_ID]
                if not cut:
                    continue
                drop = rng.choice(cut)
                rest = list(hand.concealed)
                rest.remove(drop)
                hand = Hand(tuple(rest), hand.melds, hand.bonus)
        elif theme in ("count-fun", "short-of-five"):
            seat = rng.choice(_SEATS)
            hand = random_complete(rng, rules, chee=0.5, honours=0.45, fei=0.1, declared=0.2, bonus=(1, 3), sunk=0.1)
            if hand is not None and rng.random() < 0.08:
                hand = Hand(hand.concealed, hand.melds, ())
        elif theme == "use-fei":
            seat = rng.choice(_SEATS)
            hand = random_complete(rng, rules, chee=0.5, honours=0.5, fei=1.0, max_fei=1, declared=0.0,
                                   bonus=(1, 3))
        elif theme == "best-discard":
            hand = _discard_deal(rng, rules)
        else:
            raise PuzzleError(f"unknown theme {theme!r} (known: {', '.join(THEMES)})")
        if hand is not None:
            yield str(hand), seat


def _discard_deal(rng: random.Random, rules: RuleSet) -> Hand | None:
    """A 14-card concealed hand one or two cards away from complete."""
    hand = random_complete(rng, rules, chee=0.6, honours=0.3, fei=0.05, declared=0.0, bonus=(0, 3))
    if hand is None:
        return None
    cards = list(hand.concealed)
    rng.shuffle(cards)
    n = 1 if rng.random() < 0.6 else 2
    kept = cards[n:]
    seen = Counter(t.id for t in kept) + Counter(t.id for t in hand.bonus if t.id == FEI_ID)
    while len(kept) < 14:
        t = _random_tile(rng, 0.1)
        if seen[t] < rules.copies:
            kept.append(TILES[t])
            seen[t] += 1
    return Hand(tuple(kept), (), hand.bonus)


def make(
    theme: str, count: int, seed: int, *, rules: str = "3leg", prefix: str | None = None, start: int = 1,
    level: int | None = None, max_tries: int = 20000, exclude: Iterable[str] = (), draws: int = 3,
) -> list[Puzzle]:
    """Up to ``count`` new puzzles of ``theme`` from random deals, each proven to have one answer.

    Deterministic for a given seed. Hands in ``exclude`` (canonical text) are skipped; for
    ``short-of-five`` about a third of the kept hands win, so "no" is not always right.
    """
    if theme not in THEMES:
        raise PuzzleError(f"unknown theme {theme!r} (known: {', '.join(THEMES)})")
    if count < 1:
        raise PuzzleError("ask for at least one puzzle")
    rule_set = _rules(rules)
    rng = random.Random(f"{theme}:{seed}")
    prefix = prefix or theme
    seen = set(exclude)
    out: list[Puzzle] = []
    answers: Counter[str] = Counter()
    levels: Counter[int] = Counter()
    tries = 0
    for hand, seat in _candidates(theme, rng, rule_set):
        if len(out) >= count or tries >= max_tries:
            break
        tries += 1
        if hand in seen:
            continue
        pid = f"{prefix}-{start + len(out):03d}"
        try:
            puzzle = build(theme, hand, pid, seat=seat, rules=rules,
                           draws=draws if theme == "best-discard" else None, budget=True)
        except TutorError:
            continue
        if level is not None and puzzle.level != level:
            continue
        if level is None and levels[puzzle.level] >= (count + 1) // 2 and tries < max_tries // 2:
            continue
        if not _balanced(theme, puzzle, answers, count):
            continue
        seen.add(hand)
        answers[puzzle.answer] += 1
        levels[puzzle.level] += 1
        out.append(puzzle)
    return out


def _balanced(theme: str, puzzle: Puzzle, answers: Counter[str], count: int) -> bool:
    """Keep yes/no themes from having one answer almost always, and waits varied."""
    if theme == "short-of-five":
        cap = {"yes": max(1, count // 3), "no": count - max(1, count // 3)}
        return answers[puzzle.answer] < cap[puzzle.answer]
    if theme == "is-a-set":
        return answers[puzzle.answer] < (count + 1) // 2
    if theme == "waits":
        return answers[puzzle.answer] < 1
    if theme == "best-discard" and not puzzle.answer[0].isdigit():  # a lone honour is the easy case
        return sum(n for a, n in answers.items() if not a[0].isdigit()) < max(1, count // 3)
    return True


__all__ = [
    "ANSWER_HINT", "ANSWER_KIND", "QUESTIONS", "Solution", "Verdict", "build", "daily_puzzle", "fei_choices",
    "judge", "make", "parse_date", "random_complete", "read_answer", "read_number", "read_tiles",
    "read_yesno", "shape_waits", "solve",
]
