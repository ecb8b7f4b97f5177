"""Solving a puzzle with the engine: each theme's answer from the hand alone, and puzzles built so.

Every theme has one way to find its answer from the hand alone, with ``tutor.engine.scoring.check``,
``tutor.engine.shapes.standard`` and ``tutor.engine.decide.solver``; ``solve`` returns the answer together with
every other answer that would be just as right, so a puzzle is sound only when there is exactly
one (``Solution.unique``). ``build`` makes a puzzle whose answer and explanation come from here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from puzzles import DRAW_THEMES, THEMES, Puzzle
from tutor.core.hands import Hand, MeldKind
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.core.words import plural
from tutor.errors import PuzzleError
from tutor.teach.facts import (
    all_readings,
    fei_choices,
    public_group,
    reading_text,
    score_text,
    set_kind,
    shape_waits,
    tiles_text,
    wait_detail,
    why_not_set,
)
from tutor.teach.themes import question_for

if TYPE_CHECKING:
    from tutor.engine.result_types import Check, ClaimOption, DiscardResult, Option
    from tutor.rules.load import RuleSet

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


def solve(puzzle: Puzzle, limit: int | None = None) -> Solution:
    """Find the puzzle's answer with the engine, from its hand, rules and seat alone.

    ``limit``: a best-discard search that passes this many states stops with ``PuzzleError``
    (the generator's ``SOLVE_BUDGET``: it would refuse the puzzle anyway, so it stops early).
    """
    from tutor.rules.load import load_rules

    rules = load_rules(puzzle.rules)
    rules.seat(puzzle.seat)
    if puzzle.theme == "best-discard":
        return _solve_discard(puzzle, puzzle.hand, rules, limit)
    solver = _SOLVERS.get(puzzle.theme)
    if solver is None:
        raise PuzzleError(f"{puzzle.id}: unknown theme {puzzle.theme!r}")
    return solver(puzzle, puzzle.hand, rules)


def _solve_set(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    cards = list(hand.concealed)
    if hand.melds or hand.bonus or len(cards) not in (3, 4):
        raise PuzzleError(f"{puzzle.id}: an is-a-set puzzle shows 3 or 4 loose cards")
    kind = set_kind(hand, rules)
    shown = " ".join(map(str, cards))
    fei = any(c.id == FEI_ID for c in cards)
    if kind is None:
        why = why_not_set(cards, rules)
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


def _solve_ngan(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    from tutor.core.readings import NGAN

    raws = all_readings(hand, rules)
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
    text = f"The NGAN is {answer}: {reading_text(raws[0])}.{ways}"
    return Solution(answer, alts, text, level)



def _solve_complete(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    waits = shape_waits(hand, rules)
    if not waits:
        raise PuzzleError(f"{puzzle.id}: no card completes this hand")
    alts = tuple(str(t) for t in waits)
    fei = any(t.id == FEI_ID for t in hand.concealed)
    level = 1 + (fei or bool(hand.melds)) + (sum(1 for t in hand.concealed if t.is_honour) == 0)
    text = f"Only {alts[0]} completes it ({wait_detail(hand, rules, waits)})."
    return Solution(alts[0], alts, text, min(level, 3))


def _solve_waits(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    waits = shape_waits(hand, rules)
    if not waits:
        raise PuzzleError(f"{puzzle.id}: no card completes this hand")
    if len(waits) < 2:
        raise PuzzleError(f"{puzzle.id}: one card completes this hand: that is a complete-shape puzzle")
    answer = tiles_text(waits)
    fei = any(t.id == FEI_ID for t in hand.concealed)
    level = 1 if len(waits) == 2 and not fei else 2 if len(waits) <= 3 else 3
    if fei and level < 3:
        level += 1
    text = f"It waits on {len(waits)} cards, {answer} ({wait_detail(hand, rules, waits)})."
    if len(waits) > 3:
        text = f"It waits on {len(waits)} cards: {answer}."
    return Solution(answer, (answer,), text, level)


def _check(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Check:
    from tutor.engine.scoring.check import check

    return check(hand, rules, puzzle.seat)


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
        how = f" Read it as {', '.join(public_group(g) for g in reading.groups)}."
    text = f"{answer} FUN for {puzzle.seat.capitalize()}: {score_text(result)}.{how}"
    return Solution(answer, (answer,), text, _fun_level(result, hand))


def _solve_short(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    result = _check(puzzle, hand, rules)
    if not result.complete:
        raise PuzzleError(f"{puzzle.id}: the hand of a short-of-five puzzle must be complete")
    if result.wins:
        text = f"Yes: {score_text(result)} FUN, at least the {result.min_fun} needed."
        answer = "yes"
    else:
        text = f"No: {score_text(result)} FUN is short of the {result.min_fun} needed. A complete shape is not enough."
        answer = "no"
    if not hand.bonus and result.score and result.score.limit:
        text += " With no flower at all, the hand is a No Flower Mahjong."
    return Solution(answer, (answer,), text, _fun_level(result, hand))


def _solve_fei(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    choices = fei_choices(hand, rules, puzzle.seat)
    if not choices:
        raise PuzzleError(f"{puzzle.id}: the hand of a use-fei puzzle must be complete")
    if len(choices) < 2:
        raise PuzzleError(f"{puzzle.id}: the FEI can stand for one card only; there is nothing to choose")
    best = max(choices.values())
    result = _check(puzzle, hand, rules)
    if not result.wins:  # the best reading is short: no choice lets the hand be declared at all
        raise PuzzleError(f"{puzzle.id}: at best {best} {rules.unit}, short of the {result.min_fun} needed to win")
    alts = tuple(str(t) for t, f in sorted(choices.items()) if f == best)
    others = sorted(((f, t) for t, f in choices.items() if f < best), reverse=True)
    text = f"F* as {alts[0]} scores {best} FUN"
    if others:
        text += "; " + ", ".join(f"as {t} only {f}" for f, t in others[:3])
    if result.reading is not None:
        text += f". Read it as {', '.join(public_group(g) for g in result.reading.groups)}"
    level = 2 if len(choices) == 2 else 3
    return Solution(alts[0], alts, text + ".", level)


# a best-discard puzzle asks which card to throw: its answer is the best of every option the hand
# has (sinking a FEI, a KONG, declaring the win), so a move beside the discard must be clearly worse
DISCARD_ACTIONS = ("discard", "sink")
_MOVE_NAMES = {"sink": "sinking", "kong": "a KONG of", "add-kong": "adding to the PONG", "recall": "recalling the FEI with"}


def _clear_margin(best: float, second: float) -> bool:
    return best - second >= max(DISCARD_MARGIN_ABS, DISCARD_MARGIN_REL * best)


def _option_name(opt: Option) -> str:
    """An option as a puzzle names it: the card thrown, or the move (``kong 5d``, ``sink F*``)."""
    return str(opt.tile) if opt.action == "discard" else f"{opt.action} {opt.tile}"


def _move_text(opt: Option) -> str:
    """An option in words: ``the discard 5d``, ``a KONG of 5d``, ``sinking F*``."""
    return f"the discard {opt.tile}" if opt.action == "discard" else f"{_MOVE_NAMES[opt.action]} {opt.tile}"


def _distinct(options: tuple[Option, ...]) -> list[Option]:
    """The options, best first, each (action, card) once."""
    seen: set[tuple[str, Tile]] = set()
    out: list[Option] = []
    for opt in options:
        if (opt.action, opt.tile) not in seen:
            seen.add((opt.action, opt.tile))
            out.append(opt)
    return out


def _over_all_draws(puzzle: Puzzle, result: DiscardResult, draws: int) -> None:
    """Refuse a search that fell back to fewer draws than the puzzle says (past its budget)."""
    if result.draws != draws:
        raise PuzzleError(f"{puzzle.id}: the search over {plural(draws, 'draw')} passes its budget")


def _solve_discard(puzzle: Puzzle, hand: Hand, rules: RuleSet, limit: int | None = None) -> Solution:
    from tutor.engine.decide import solver

    draws = puzzle.draws or 3

    def within(states: int, _done: int, _tasks: int) -> None:
        if limit is not None and states > limit:
            raise PuzzleError(f"{puzzle.id}: more than {limit:,} solver states: too costly to re-check quickly")

    result = solver.discard(hand, rules, seat=puzzle.seat, draws=draws, search_moves=True,
                            progress=None if limit is None else within)
    _over_all_draws(puzzle, result, draws)
    everything = _distinct(result.options)
    options = [o for o in everything if o.action in DISCARD_ACTIONS]
    if not options:
        raise PuzzleError(f"{puzzle.id}: no discard to choose")
    best = options[0]
    if result.wins_now and not _clear_margin(best.expected_fun, result.fun_now):
        raise PuzzleError(f"{puzzle.id}: the hand already wins: declaring SEK WOO scores {result.fun_now}, "
                          f"not clearly less than {best.expected_fun:.2f}")
    rivals = [o for o in everything if o.action not in DISCARD_ACTIONS and not _clear_margin(best.expected_fun, o.expected_fun)]
    if rivals:  # a KONG (or another move) as good or better: not a question of which card to throw
        raise PuzzleError(f"{puzzle.id}: {_move_text(rivals[0])} expects {rivals[0].expected_fun:.2f}, "
                          f"not clearly less than {best.expected_fun:.2f}")
    name = _option_name  # as the answer and its alternatives are written
    alts = [name(best)]
    for opt in options[1:]:
        if not _clear_margin(best.expected_fun, opt.expected_fun):
            alts.append(name(opt))
    if best.action != "discard" and len(alts) == 1:
        alts.append(best.action)  # a sinking answer is not a discard puzzle
    text = (
        f"Discard {best.tile}: expected {best.expected_fun:.2f} FUN over {plural(draws, 'draw')} "
        f"(wins {best.win_probability:.0%}), keeping {plural(best.acceptance, 'card')} that improve the hand"
    )
    if best.accepts and best.shanten == 0:
        text += f" (it waits on {tiles_text(t for t, _ in best.accepts)})"
    if len(everything) > 1:
        nxt = everything[1]
        text += f". Next best, {name(nxt)}, expects only {nxt.expected_fun:.2f}"
    max_acc = max(o.acceptance for o in options if o.shanten == best.shanten)
    same_shanten = sum(1 for o in options if o.shanten == best.shanten)
    level = 1 if same_shanten == 1 else 2 if best.acceptance == max_acc else 3
    return Solution(name(best), tuple(alts), text + ".", level, result.states)


def claim_answer(o: ClaimOption) -> str:
    """A claim as a puzzle writes its answer: ``pass``, ``pong``, ``pong F*``, ``chee 7d 8d 9d``, ..."""
    if o.action == "sek-woo":
        return "sek woo"
    if o.meld is None or o.action == "kong":
        return o.action
    if o.action == "pong":
        return "pong F*" if o.meld.wild_count else "pong"
    return "chee " + " ".join(str(t) for t in o.meld.cards)


def _margin_level(best: float, second: float) -> int:
    """Easy when the best answer is worth twice the next, hard when it is only just clear."""
    return 1 if best >= 2 * second + DISCARD_MARGIN_ABS else 2 if best >= 1.4 * second else 3


def _solve_claim(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    from tutor.engine.decide.claim import claim

    draws = puzzle.draws or 3
    assert puzzle.on is not None  # the file's validation requires it
    result = claim(hand, Tile.parse(puzzle.on), rules, puzzle.source, puzzle.seat, draws)
    answers: dict[str, ClaimOption] = {}
    for o in result.options:  # best first: each answer keeps its best option
        if not (o.action == "sek-woo" and not o.wins):
            answers.setdefault(claim_answer(o), o)
    ranked = list(answers.items())
    (name, best), rest = ranked[0], ranked[1:]
    alts = [name] + [n for n, o in rest if not _clear_margin(best.expected_fun, o.expected_fun)]
    text = best.explanation
    if rest:
        n2, o2 = rest[0]
        text += f" Next best, {n2}, expects {o2.expected_fun:.2f} {rules.unit}."
    level = _margin_level(best.expected_fun, rest[0][1].expected_fun) if rest else 1
    return Solution(name, tuple(alts), text, level)


# the yes/no decisions: which options are "yes" (the move asked about), which are "no"
_MOVES = {"kong-or-not": ("kong", "add-kong"), "sink-or-keep": ("sink",), "recall-fei": ("recall",)}


def _solve_move(puzzle: Puzzle, hand: Hand, rules: RuleSet) -> Solution:
    from tutor.engine.decide import solver

    draws = puzzle.draws or 3
    drawn = None if puzzle.drawn is None else Tile.parse(puzzle.drawn)
    result = solver.discard(hand, rules, seat=puzzle.seat, draws=draws, drawn=drawn, search_moves=True)
    _over_all_draws(puzzle, result, draws)
    if result.wins_now and puzzle.theme != "recall-fei":  # a recall may be what makes the win: that is the point
        raise PuzzleError(f"{puzzle.id}: the hand already wins: declaring SEK WOO for {result.fun_now} is the answer")
    moves = [o for o in result.options if o.action in _MOVES[puzzle.theme]]
    others = [o for o in result.options if o.action not in _MOVES[puzzle.theme]]
    if not moves or not any(o.action == "discard" for o in others):
        raise PuzzleError(f"{puzzle.id}: the hand offers no such choice")
    # "no" is the best option other than the move: a discard, or declaring the win at once where the
    # hand (the card drawn with it) wins; another kind of move best of all is a question of its own
    yes, no = moves[0], others[0]
    no_fun = max(no.expected_fun, float(result.fun_now) if result.wins_now else 0.0)
    if no.action != "discard" and no.expected_fun >= yes.expected_fun and no_fun == no.expected_fun:
        raise PuzzleError(f"{puzzle.id}: {_move_text(no)} is the best move of all, neither yes nor no")
    alts: tuple[str, ...]
    if _clear_margin(yes.expected_fun, no_fun):
        answer, alts, level = "yes", ("yes",), _margin_level(yes.expected_fun, no_fun)
    elif _clear_margin(no_fun, yes.expected_fun):
        answer, alts, level = "no", ("no",), _margin_level(no_fun, yes.expected_fun)
    else:
        answer, alts, level = "yes" if yes.expected_fun >= no_fun else "no", ("yes", "no"), 3
    move = {"kong-or-not": "the KONG", "sink-or-keep": "sinking the FEI", "recall-fei": "taking back the FEI"}[puzzle.theme]
    if no_fun > no.expected_fun:
        other = f"declaring SEK WOO now scores {result.fun_now} {rules.unit}"
    elif no.action == "discard":
        other = f"the best discard, {no.tile}, expects {no.expected_fun:.2f} (wins {no.win_probability:.0%})"
    else:
        other = f"the best other move, {_move_text(no)}, expects {no.expected_fun:.2f} (wins {no.win_probability:.0%})"
    text = (f"{'Yes' if answer == 'yes' else 'No'}: {move} expects {yes.expected_fun:.2f} {rules.unit} over "
            f"{plural(draws, 'draw')} (wins {yes.win_probability:.0%}); {other}.")
    return Solution(answer, alts, text, level, result.states)


_SOLVERS = {
    "is-a-set": _solve_set,
    "find-ngan": _solve_ngan,
    "complete-shape": _solve_complete,
    "waits": _solve_waits,
    "best-discard": _solve_discard,
    "count-fun": _solve_fun,
    "use-fei": _solve_fei,
    "short-of-five": _solve_short,
    "claim-or-pass": _solve_claim,
    "kong-or-not": _solve_move,
    "sink-or-keep": _solve_move,
    "recall-fei": _solve_move,
}


def build(
    theme: str, hand: str, puzzle_id: str, *, seat: str = "east", rules: str = "3leg",
    draws: int | None = None, budget: bool = False, on: str | None = None, source: str = "left",
    drawn: str | None = None,
) -> Puzzle:
    """A puzzle of ``hand`` (as written) whose question, answer, explanation and level come from here.

    Raises ``PuzzleError`` when the answer is not unique (or, with ``budget``, when proving it
    costs more than ``SOLVE_BUDGET`` solver states).
    """
    if theme not in THEMES:
        raise PuzzleError(f"unknown theme {theme!r} (known: {', '.join(THEMES)})")
    if theme in DRAW_THEMES and draws is None:
        draws = 3
    draft = Puzzle(puzzle_id, theme, 1, Hand.parse(hand), hand.strip(),
                   question_for(theme, seat, draws, on, source, drawn), "?", "?", rules, seat, draws, on, source, drawn)
    sol = solve(draft, SOLVE_BUDGET if budget else None)
    if not sol.unique:
        raise PuzzleError(f"{puzzle_id}: not one answer but {len(sol.alternatives)}: {', '.join(sol.alternatives)}")
    if sol.work > SOLVE_BUDGET and budget:
        raise PuzzleError(f"{puzzle_id}: {sol.work:,} solver states: too costly to re-check quickly")
    return replace(draft, answer=sol.answer, explanation=sol.explanation, level=sol.level)


__all__ = ["DISCARD_MARGIN_ABS", "DISCARD_MARGIN_REL", "SOLVE_BUDGET", "Solution", "build", "claim_answer", "solve"]
