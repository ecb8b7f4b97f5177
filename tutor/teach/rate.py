"""A new puzzle's starting rating, from what the solver finds in it, and stamping it into the files.

A puzzle is harder when its best answer only just beats the next one (``margin``), when several
answers come close (``near_ties``), when it holds FEI (each one multiplies the readings), when the
hand is far from a win (``distance``: the plan is long), when the answer names many cards, and
when its level (set by ``tutor.teach.solve``) is higher. ``difficulty`` measures these with the
engine; ``rating_of`` turns them into a Glicko-2 rating; ``initial_rating`` is the rating a puzzle
starts from: the one stamped in its file (``rating:``), else one from its level alone.

Solving every puzzle costs seconds, so the ratings are stamped into the YAML files once::

    python -m tutor.teach.rate puzzles/          # every puzzles/*.yaml, rewritten in place
    python -m tutor.teach.rate --check puzzles/  # exit 1 where a stamped rating is out of date
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from puzzles import Puzzle, dump_file, parse_file, read_file
from tutor.core.tiles import FEI_ID, Tile
from tutor.errors import PuzzleError, TutorError
from tutor.teach.solve import DISCARD_MARGIN_ABS, DISCARD_MARGIN_REL, claim_answer

if TYPE_CHECKING:
    from tutor.rules.load import RuleSet

LEVEL_RATING = {1: 1200, 2: 1500, 3: 1800}
"""The rating of a puzzle of each level that has no stamped rating."""
LOWEST, HIGHEST = 600, 2600
"""The range of a computed starting rating."""
MARGIN_WEIGHT = 200
"""Rating points between a best answer worth twice the next (margin 0.5 and more: easier) and a
tie (margin 0: harder); half of them either side of a margin of 0.25."""
NEAR_TIE_WEIGHT = 40
"""Rating points per other answer within twice the clear margin of the best (at most 5 counted)."""
FEI_WEIGHT = 40
"""Rating points per FEI in the hand (held, in a set laid down, or sunk)."""
DISTANCE_WEIGHT = 30
"""Rating points per draw the hand still needs to win (at most 4 counted)."""
CARDS_WEIGHT = 25
"""Rating points per card to name beyond two (a waits answer)."""


@dataclass(frozen=True, slots=True)
class Difficulty:
    """What makes a puzzle hard, as the engine measures it."""

    level: int
    margin: float | None  # (best - next) / best of the answers' values; None: one answer, nothing to weigh
    near_ties: int  # other answers within twice the clear margin of the best
    fei: int  # FEI in the hand: held, in sets laid down, sunk
    distance: int | None  # the distance to a win of the hand (-1: it wins; None: not measured)
    cards: int  # cards the answer names (1 for a yes/no or a number)


def rating_of(d: Difficulty) -> int:
    """The starting rating of a puzzle of difficulty ``d``: its level's rating, moved by each measure."""
    r = float(LEVEL_RATING[d.level])
    if d.margin is not None:
        r += MARGIN_WEIGHT * (0.25 - min(max(d.margin, 0.0), 0.5)) / 0.5
    r += NEAR_TIE_WEIGHT * min(d.near_ties, 5)
    r += FEI_WEIGHT * d.fei
    if d.distance is not None:
        r += DISTANCE_WEIGHT * min(max(d.distance, 0), 4)
    r += CARDS_WEIGHT * max(0, d.cards - 2)
    return round(min(max(r, LOWEST), HIGHEST))


def initial_rating(p: Puzzle) -> int:
    """The rating a puzzle starts from: stamped in its file, else its level's."""
    return p.rating if p.rating is not None else LEVEL_RATING[p.level]


def _weigh(values: list[float]) -> tuple[float | None, int]:
    """The margin of the best value over the next, and how many others come near it."""
    if len(values) < 2:
        return None, 0
    ranked = sorted(values, reverse=True)
    best = ranked[0]
    clear = max(DISCARD_MARGIN_ABS, DISCARD_MARGIN_REL * abs(best))
    margin = (best - ranked[1]) / best if best > 0 else 0.0
    return margin, sum(1 for v in ranked[1:] if best - v < 2 * clear)


def fei_count(p: Puzzle) -> int:
    """The FEI of a puzzle's hand: held, standing in sets laid down, and sunk."""
    hand = p.hand
    return (sum(1 for t in hand.concealed if t.id == FEI_ID) + sum(m.wild_count for m in hand.melds)
            + sum(1 for t in hand.bonus if t.id == FEI_ID))


_MOVES = {"kong-or-not": ("kong", "add-kong"), "sink-or-keep": ("sink",), "recall-fei": ("recall",)}
"""The yes/no themes: the move each one asks about, weighed against the best other option (as solve does)."""


def _values(p: Puzzle, rules: RuleSet) -> tuple[list[float], int | None]:
    """The values of the answers the solver weighs against each other, and the hand's distance."""
    from tutor.engine.decide import solver

    if p.theme == "best-discard":  # every option, as solve weighs them: a KONG beside the discards too
        result = solver.discard(p.hand, rules, seat=p.seat, draws=p.draws or 3, search_moves=True)
        seen: dict[tuple[str, Tile], float] = {}
        for o in result.options:
            seen.setdefault((o.action, o.tile), o.expected_fun)
        return list(seen.values()), result.distance
    if p.theme in _MOVES:
        drawn = None if p.drawn is None else Tile.parse(p.drawn)
        result = solver.discard(p.hand, rules, seat=p.seat, draws=p.draws or 3, drawn=drawn, search_moves=True)
        moves = [o.expected_fun for o in result.options if o.action in _MOVES[p.theme]]
        other = [o.expected_fun for o in result.options if o.action not in _MOVES[p.theme]]
        if result.wins_now:  # declaring the win at once is the other answer where it is worth more
            other = [max(other[:1] + [float(result.fun_now)])]
        return moves[:1] + other[:1], result.distance
    if p.theme == "claim-or-pass":
        from tutor.engine.decide.claim import claim

        assert p.on is not None
        found = claim(p.hand, Tile.parse(p.on), rules, p.source, p.seat, p.draws or 3)
        answers: dict[str, float] = {}
        for c in found.options:
            if not (c.action == "sek-woo" and not c.wins):
                answers.setdefault(claim_answer(c), c.expected_fun)
        passing = [c.distance for c in found.options if c.action == "pass"]
        return list(answers.values()), passing[0] if passing else None
    if p.theme == "use-fei":
        from tutor.teach.facts import fei_choices

        return [float(f) for f in fei_choices(p.hand, rules, p.seat).values()], -1
    if p.hand.size == rules.hand_size - 1:
        return [], solver.waits(p.hand, rules, p.seat).distance
    if p.hand.size == rules.hand_size:
        from tutor.engine.scoring.check import check

        return [], -1 if check(p.hand, rules, p.seat).wins else None
    return [], None


def difficulty(p: Puzzle) -> Difficulty:
    """What makes ``p`` hard, measured with the engine (seconds for a best-discard puzzle)."""
    from tutor.rules.load import load_rules

    rules = load_rules(p.rules)
    values, distance = _values(p, rules)
    margin, near = _weigh(values)
    cards = len(p.answer.split()) if p.theme in ("waits", "complete-shape") else 1
    return Difficulty(p.level, margin, near, fei_count(p), distance, cards)


def rate(p: Puzzle) -> int:
    """The starting rating of ``p`` computed from the solver (what ``stamp`` writes)."""
    return rating_of(difficulty(p))


_ITEM = re.compile(r"^( *)- id: *['\"]?([a-z0-9][a-z0-9-]*)")
_RATING = re.compile(r"^ *rating: .*$")


def stamp_text(text: str, where: str) -> tuple[str, int]:
    """The puzzle file ``text`` with every puzzle's ``rating:`` computed afresh, and how many changed.

    Only ``rating:`` lines are written (replaced, or added as an item's last key); every other
    line, comment and key of the file stays as it was. The result is read back and checked."""
    import dataclasses

    found = parse_file(text, where)  # first: it refuses a file that is not a puzzle file
    ratings = {p.id: rate(p) for p in found}
    changed = sum(1 for p in found if p.rating != ratings[p.id])
    found, spec = read_file(text, where)
    if dump_file(spec.theme, found, title=spec.title, generator=spec.generator) == text:  # as the generator writes it
        fresh = [dataclasses.replace(p, rating=ratings[p.id]) for p in found]
        return dump_file(spec.theme, fresh, title=spec.title, generator=spec.generator), changed
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    k = 0
    while k < len(lines):
        m = _ITEM.match(lines[k])
        if m is None:
            out.append(lines[k])
            k += 1
            continue
        indent = len(m[1]) + 2
        block = [lines[k]]
        k += 1
        while k < len(lines) and (not lines[k].strip() or len(lines[k]) - len(lines[k].lstrip(" ")) >= indent) \
                and _ITEM.match(lines[k]) is None:
            block.append(lines[k])
            k += 1
        keyed = [j for j, line in enumerate(block) if _RATING.match(line) and len(line) - len(line.lstrip(" ")) == indent]
        stamp = f"{' ' * indent}rating: {ratings[m[2]]}\n"
        if keyed:
            block[keyed[0]] = stamp
        else:
            end = len(block)
            while end > 1 and not block[end - 1].strip():
                end -= 1
            if not block[end - 1].endswith("\n"):
                block[end - 1] += "\n"
            block.insert(end, stamp)
        out.extend(block)
    stamped = "".join(out)
    again = parse_file(stamped, where)
    if [dataclasses.replace(p, rating=ratings[p.id]) for p in found] != list(again):
        raise PuzzleError(f"{where}: cannot stamp the ratings: the file is laid out in a way this tool does not know")
    return stamped, sum(1 for p in found if p.rating != ratings[p.id])


def _files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for name in paths:
        path = Path(name)
        out.extend(sorted(path.glob("*.yaml")) if path.is_dir() else [path])
    return out


def main(argv: list[str] | None = None) -> int:
    """Stamp (or with ``--check``, verify) the ratings of the puzzle files or folders named."""
    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    paths = [a for a in args if a != "--check"]
    if not paths:
        sys.stderr.write("usage: python -m tutor.teach.rate [--check] FILE_OR_FOLDER...\n")
        return 2
    stale = 0
    for path in _files(paths):
        try:
            text = path.read_text(encoding="utf-8")
            new, changed = stamp_text(text, str(path))
            if not check and changed:
                path.write_text(new, encoding="utf-8")
        except (OSError, TutorError) as err:
            sys.stderr.write(f"{path}: {err}\n")
            return 1
        stale += changed
        sys.stderr.write(f"{path}: {changed} rating{'' if changed == 1 else 's'} {'out of date' if check else 'stamped'}\n")
    return 1 if check and stale else 0


__all__ = [
    "LEVEL_RATING", "Difficulty", "difficulty", "fei_count", "initial_rating", "main", "rate", "rating_of",
    "stamp_text",
]

if __name__ == "__main__":
    raise SystemExit(main())
