"""Mistakes found by ``sekwoo review``, kept to be played again as puzzles.

A mistake is a decision graded mistake or blunder, kept with everything the solver needs to weigh
it again: the hand, the cards in sight, the draws left, and the card thrown (a claim) or drawn (a
move). ``keep`` adds a review's mistakes to ``<data dir>/review-mistakes.jsonl`` (one JSON object a
line, each mistake once), ``kept`` reads them back, and ``judge`` weighs an answer written as the
record writes a move (``discard 9d``, ``pong [RRR]``, ``pass``, ``sek-woo``): it is right when it is
worth the best option's expected FUN.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.core.hands import Hand
from tutor.core.tiles import Tile
from tutor.errors import TutorError
from tutor.table.moves import WIN_WORDS
from tutor.table.review import BAD, TIE, Choice, Review

if TYPE_CHECKING:
    from tutor.rules.load import RuleSet

FILE = "review-mistakes.jsonl"


@dataclass(frozen=True)
class Mistake:
    """One decision graded a mistake or a blunder, with what it takes to weigh it again."""

    id: str
    kind: str  # "move" or "claim"
    rules: str
    seat: str
    hand: str
    seen: tuple[str, ...]
    draws: int
    offered: str | None  # a claim: the card thrown; a move: the card just drawn
    source: str  # a claim: "left" or "right"
    after: str  # a move: "deal", "draw", "claim", "recall"
    played: str
    best: str
    loss: float
    grade: str
    category: str
    explanation: str
    wall: int | None = None  # the playing cards left in the deck (None: kept before sekwoo recorded it)


def mistakes(review: Review) -> list[Mistake]:
    """The review's decisions graded mistake or blunder, as ``Mistake`` values."""
    out = []
    for d in review.decisions:
        if d.grade not in BAD:
            continue
        fields = (d.kind, review.rules.name, str(review.player), str(d.hand), tuple(sorted(map(str, d.seen))), d.draws,
                  None if d.offered is None else str(d.offered), d.source, d.after)
        key = hashlib.sha256(json.dumps(fields).encode()).hexdigest()[:12]
        out.append(Mistake(f"review-{key}", *fields, d.played.label, d.best.label, d.loss, d.grade, d.category,
                           d.explanation, d.wall))
    return out


def path(folder: Path | None = None) -> Path:
    """The file the mistakes are kept in (in the player's data folder unless ``folder`` is given)."""
    if folder is None:
        from tutor.teach.progress import data_dir

        folder = data_dir()
    return folder / FILE


def kept(folder: Path | None = None) -> list[Mistake]:
    """Every mistake kept so far, oldest first (none when the file does not exist)."""
    where = path(folder)
    try:
        lines = where.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []
    except OSError as err:
        raise TutorError(f"cannot read {str(where)!r}: {err.strerror}") from None
    out = []
    for k, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            data["seen"] = tuple(data["seen"])
            out.append(Mistake(**data))
        except (ValueError, TypeError, KeyError) as err:
            raise TutorError(f"{str(where)!r} line {k} is no kept mistake: {err}") from None
    return out


def keep(review: Review, folder: Path | None = None) -> list[Mistake]:
    """Add the review's mistakes to the kept ones (each once); the ones added."""
    known = {m.id for m in kept(folder)}
    new = [m for m in mistakes(review) if m.id not in known]
    if new:
        where = path(folder)
        try:
            where.parent.mkdir(parents=True, exist_ok=True)
            with where.open("a", encoding="utf-8") as f:
                for m in new:
                    f.write(json.dumps(asdict(m), ensure_ascii=False) + "\n")
        except OSError as err:
            raise TutorError(f"cannot write {str(where)!r}: {err.strerror}") from None
    return new


def settle(mistake_id: str, folder: Path | None = None) -> bool:
    """Drop a kept mistake once it is answered right; whether it was kept. The file is written
    whole to a temporary file and moved in place, so a kill leaves the old one or the new one."""
    found = kept(folder)
    left = [m for m in found if m.id != mistake_id]
    if len(left) == len(found):
        return False
    where = path(folder)
    tmp = where.with_name(where.name + ".tmp")
    try:
        tmp.write_text("".join(json.dumps(asdict(m), ensure_ascii=False) + "\n" for m in left), encoding="utf-8")
        tmp.replace(where)
    except OSError as err:
        raise TutorError(f"cannot write {str(where)!r}: {err.strerror}") from None
    return True


def options(m: Mistake, rules: RuleSet | None = None) -> tuple[Choice, ...]:
    """Every option of the kept decision, weighed again by the solver, best first."""
    from tutor.rules.load import load_rules
    from tutor.table.review import weigh_claim, weigh_move

    rules = rules or load_rules(m.rules)
    hand = Hand.parse(m.hand)
    seen = [Tile.parse(t) for t in m.seen]
    offered = None if m.offered is None else Tile.parse(m.offered)
    if m.kind == "claim":
        assert offered is not None
        return weigh_claim(hand, offered, m.source, rules, m.seat, m.draws, seen, wall=m.wall)[0]
    return weigh_move(hand, rules, m.seat, m.draws, seen, offered, m.after, wall=m.wall)[0]


def judge(m: Mistake, answer: str, rules: RuleSet | None = None) -> tuple[bool, Choice | None, Choice]:
    """Whether ``answer`` (a move as the record writes it, or a card alone for its discard) is a
    best one: (right, the option it names or None, the best option)."""
    choices = options(m, rules)
    said = " ".join(answer.split()).lower()
    if said.replace(" ", "") in WIN_WORDS:  # the drill's words for a win, as a record writes it
        said = "sek-woo"
    named = next((o for o in choices if o.label.lower() in (said, f"discard {said}")), None)
    if named is None:  # a move named by its word alone (``pong``, ``sink``), where it is the only one
        alike = [o for o in choices if o.label.lower().split(" ")[0] == said]
        named = alike[0] if len(alike) == 1 else None
    best = choices[0]
    return named is not None and best.expected_fun - named.expected_fun < TIE, named, best


__all__ = ["FILE", "Mistake", "judge", "keep", "kept", "mistakes", "options", "path", "settle"]
