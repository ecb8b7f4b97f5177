"""The player's ratings replayed from their answers, and the next puzzle to play by rating.

Every first answer to a puzzle is one Glicko-2 rating period (``tutor.teach.ratings.duel``) in
which the player meets the puzzle: it updates the player's overall rating, the player's rating
in the puzzle's theme, and the puzzle's rating. The overall rating starts at Glicko-2's defaults
(1500 ± 350); a theme's rating starts, at the first answer in it, from the overall rating of the
moment with the default deviation, so a theme's rating says how the player does in it compared
with elsewhere (above the overall rating: strong; below: weak). A retry is practice and changes nothing, so the
ratings depend only on ``Progress.first_attempts``, and replaying them is all there is to it:
nothing about ratings is stored. A puzzle starts from its stamped ``rating:`` (or its level's,
``tutor.teach.rate.initial_rating``) with ``PUZZLE_DEVIATION``.

``next_puzzle`` picks the puzzle to play next: never one already answered while a new one
remains (after that, one at random, failed ones first); the player's weakest theme first
(``form``: the answers in it fell furthest short of what the overall rating expected; a theme
never played counts as even; between equals, the theme played least); in it, the puzzle whose
expected score is nearest ``TARGET_SCORE``, as long as it lies within ``BAND`` of it, else the
next weakest theme.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from puzzles import THEMES, Puzzle, load_puzzles
from tutor.teach.progress import FirstAttempt, Progress
from tutor.teach.rate import LEVEL_RATING, initial_rating
from tutor.teach.ratings import DEFAULT_VOLATILITY, Rating, duel, expected

PUZZLE_DEVIATION = 200.0
"""A new puzzle's deviation: its rating is measured by the solver, so less uncertain than a new player's."""
TARGET_SCORE = 0.65
"""The expected score ``next_puzzle`` aims at: a puzzle the player solves about two times in three."""
BAND = 0.2
"""How far from ``TARGET_SCORE`` a puzzle's expected score may be and still count as near."""


@dataclass(frozen=True, slots=True)
class Step:
    """One rated attempt: the puzzle, the answer's outcome, and the player's rating before and after."""

    puzzle_id: str
    theme: str
    correct: bool
    at: str
    before: Rating
    after: Rating
    puzzle: Rating  # the puzzle's rating before the attempt
    theme_after: Rating  # the player's rating in the theme after it
    answers: int = 1  # answers to the puzzle so far, this one and the retries after it


@dataclass(frozen=True)
class Standing:
    """The ratings after replaying the first answers: overall, per theme, per puzzle, and the history."""

    player: Rating = field(default_factory=Rating)
    themes: dict[str, Rating] = field(default_factory=dict)
    puzzles: dict[str, Rating] = field(default_factory=dict)
    history: tuple[Step, ...] = ()

    def theme(self, theme: str) -> Rating:
        """The player's rating in ``theme`` (for a theme never played, the overall rating, less sure)."""
        return self.themes.get(theme) or Rating(self.player.rating)

    def puzzle(self, p: Puzzle) -> Rating:
        """The puzzle's rating: replayed if it was answered, else where it starts."""
        return self.puzzles.get(p.id) or start(p)

    def rated(self, puzzle_id: str) -> Step | None:
        """The rated attempt at a puzzle, if there was one."""
        for s in self.history:
            if s.puzzle_id == puzzle_id:
                return s
        return None


def start(p: Puzzle) -> Rating:
    """The rating a puzzle starts from."""
    return Rating(float(initial_rating(p)), PUZZLE_DEVIATION, DEFAULT_VOLATILITY)


def replay(attempts: Iterable[FirstAttempt], puzzles: Iterable[Puzzle]) -> Standing:
    """The ratings after ``attempts`` (first answers, in order). A puzzle no longer shipped starts
    from the rating of its recorded level."""
    by_id = {p.id: p for p in puzzles}
    player = Rating()
    themes: dict[str, Rating] = {}
    rated: dict[str, Rating] = {}
    history: list[Step] = []
    for a in attempts:
        if a.puzzle_id in rated:  # a first-attempt list never repeats a puzzle; be safe
            continue
        p = by_id.get(a.puzzle_id)
        puzzle = start(p) if p is not None else Rating(float(LEVEL_RATING.get(a.level, 1500)), PUZZLE_DEVIATION)
        before = player
        player, rated[a.puzzle_id] = duel(player, puzzle, a.correct)
        theme = themes.get(a.theme) or Rating(before.rating)  # a first theme starts at the overall rating
        themes[a.theme] = duel(theme, puzzle, a.correct)[0]
        history.append(Step(a.puzzle_id, a.theme, a.correct, a.at, before, player, puzzle, themes[a.theme],
                            a.answers))
    return Standing(player, themes, rated, tuple(history))


def current(puzzles: Iterable[Puzzle] | None = None) -> Standing:
    """The player's standing now, replayed from the progress database (read only)."""
    with Progress(read_only=True) as prog:
        firsts = prog.first_attempts()
    return replay(firsts, load_puzzles() if puzzles is None else puzzles)


@dataclass(frozen=True, slots=True)
class Change:
    """The ratings after an answer to ``puzzle_id``: whether it counted, and where they stand."""

    puzzle_id: str
    theme: str
    rated: bool  # False: a retry (practice) or an answer not recorded
    player: Rating
    theme_rating: Rating
    delta: float  # the overall rating's change by this answer (0 when not rated)


def change(standing: Standing, puzzle_id: str, theme: str, recorded: bool = True) -> Change:
    """What an answer just recorded to ``puzzle_id`` did to the ratings: it counted when it was the
    puzzle's first answer (the last rated step, with no retry after it)."""
    last = standing.history[-1] if standing.history else None
    if recorded and last is not None and last.puzzle_id == puzzle_id and last.answers == 1:
        return Change(puzzle_id, theme, True, last.after, last.theme_after, last.after.rating - last.before.rating)
    return Change(puzzle_id, theme, False, standing.player, standing.theme(theme), 0.0)


def form(standing: Standing, theme: str) -> float:
    """How the player does in ``theme`` against what the overall rating expected: the sum over its
    rated answers of score minus expected score, over their number plus one (0 for a theme never
    played; below 0 a weak theme, above 0 a strong one)."""
    steps = [s for s in standing.history if s.theme == theme]
    return sum(float(s.correct) - expected(s.before, s.puzzle) for s in steps) / (len(steps) + 1)


def skill(standing: Standing, theme: str) -> Rating:
    """The rating to weigh a puzzle of ``theme`` against: the theme's once played, else the overall."""
    return standing.themes.get(theme, standing.player)


def next_puzzle(standing: Standing, pool: Iterable[Puzzle], rng: random.Random | None = None) -> Puzzle | None:
    """The puzzle to play next (see the module's docstring); None for an empty pool. Once every
    puzzle of the pool was answered, any of them (practice, since a retry changes no rating), drawn
    with ``rng`` from those failed at the first answer if there are any."""
    pool = list(pool)
    done = {s.puzzle_id: s.correct for s in standing.history}
    candidates = [p for p in pool if p.id not in done]
    if not candidates and pool:
        failed = [p for p in pool if not done.get(p.id, True)]
        return (rng or random.Random()).choice(failed or pool)
    if not candidates:
        return None
    order = list(THEMES)
    played = Counter(s.theme for s in standing.history)
    themes = sorted({p.theme for p in candidates}, key=lambda t: (
        round(form(standing, t), 6), played[t], order.index(t) if t in order else len(order), t))

    def distance(p: Puzzle) -> float:
        return abs(expected(skill(standing, p.theme), standing.puzzle(p)) - TARGET_SCORE)

    nearest = {t: min((p for p in candidates if p.theme == t), key=lambda p: (distance(p), p.id)) for t in themes}
    for t in themes:
        if distance(nearest[t]) <= BAND:
            return nearest[t]
    return min(nearest.values(), key=lambda p: (distance(p), themes.index(p.theme)))


__all__ = [
    "BAND", "PUZZLE_DEVIATION", "TARGET_SCORE", "Change", "Standing", "Step", "change", "current", "form",
    "next_puzzle", "replay", "skill", "start",
]
