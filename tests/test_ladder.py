"""Ratings replayed from the progress history (tutor.teach.ladder), and the next puzzle by rating."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from puzzles import THEMES, Puzzle, load_puzzles
from tutor.teach.ladder import (
    BAND,
    PUZZLE_DEVIATION,
    TARGET_SCORE,
    change,
    current,
    next_puzzle,
    replay,
    skill,
    start,
)
from tutor.teach.progress import FirstAttempt, Progress
from tutor.teach.rate import LEVEL_RATING
from tutor.teach.ratings import Rating, expected, update

PUZZLES = load_puzzles()
BY_ID = {p.id: p for p in PUZZLES}


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SEKWOO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _answers(rng: random.Random, n: int) -> list[tuple[Puzzle, bool]]:
    """n answers to puzzles drawn with repeats (a repeat is a retry), right or wrong at random."""
    pool = rng.sample(PUZZLES, 12)
    return [(rng.choice(pool), rng.random() < 0.6) for _ in range(n)]


def _write(path: Path, answers: list[tuple[Puzzle, bool]]) -> None:
    with Progress(path) as prog:
        for p, right in answers:
            prog.record(p.id, p.theme, p.level, p.answer if right else "?", right)


def test_first_attempts_are_each_puzzles_first_answer_in_order(tmp_path: Path) -> None:
    answers = _answers(random.Random(3), 40)
    _write(tmp_path / "p.db", answers)
    firsts: dict[str, bool] = {}
    for p, right in answers:
        firsts.setdefault(p.id, right)
    with Progress(tmp_path / "p.db", read_only=True) as prog:
        got = prog.first_attempts()
    assert [(a.puzzle_id, a.correct) for a in got] == list(firsts.items())
    assert all(isinstance(a, FirstAttempt) and a.theme == BY_ID[a.puzzle_id].theme for a in got)
    assert [a.answers for a in got] == [sum(1 for p, _ in answers if p.id == a.puzzle_id) for a in got]
    with pytest.raises(dataclasses.FrozenInstanceError):
        got[0].correct = not got[0].correct  # type: ignore[misc]


def test_retries_never_change_a_rating(tmp_path: Path) -> None:
    """The same first answers with and without retries after them give the very same ratings."""
    rng = random.Random(5)
    answers = _answers(rng, 60)
    seen: set[str] = set()
    firsts = [a for a in answers if not (a[0].id in seen or seen.add(a[0].id))]  # type: ignore[func-returns-value]
    assert len(firsts) < len(answers)
    _write(tmp_path / "all.db", answers)
    _write(tmp_path / "firsts.db", firsts)
    with Progress(tmp_path / "all.db") as a, Progress(tmp_path / "firsts.db") as b:
        with_retries, without = replay(a.first_attempts(), PUZZLES), replay(b.first_attempts(), PUZZLES)
    assert with_retries.player == without.player and with_retries.player != Rating()
    assert with_retries.themes == without.themes and with_retries.puzzles == without.puzzles
    assert [s.after for s in with_retries.history] == [s.after for s in without.history]


def test_replay_is_a_chain_of_duels_against_each_puzzles_start() -> None:
    """Recomputed here with ratings.update alone: overall, per theme, per puzzle."""
    rng = random.Random(8)
    chosen = rng.sample(PUZZLES, 15)
    attempts = [FirstAttempt(p.id, p.theme, p.level, rng.random() < 0.5, f"2026-01-{k + 1:02d}", None)
                for k, p in enumerate(chosen)]
    got = replay(attempts, PUZZLES)
    player, themes = Rating(), {}
    for a, p in zip(attempts, chosen, strict=True):
        puzzle = Rating(float(p.rating if p.rating is not None else LEVEL_RATING[p.level]), PUZZLE_DEVIATION)
        score = 1.0 if a.correct else 0.0
        assert got.puzzles[p.id] == update(puzzle, [(player, 1 - score)])
        themes[p.theme] = update(themes.get(p.theme, Rating(player.rating, 350)), [(puzzle, score)])
        player = update(player, [(puzzle, score)])
    assert got.player == player and got.themes == themes
    assert [s.puzzle_id for s in got.history] == [p.id for p in chosen]


def test_a_puzzle_no_longer_shipped_starts_from_its_recorded_level() -> None:
    got = replay([FirstAttempt("gone-001", "waits", 3, True, "2026-01-01", None)], PUZZLES)
    assert got.player == update(Rating(), [(Rating(LEVEL_RATING[3], PUZZLE_DEVIATION), 1.0)])


def test_change_tells_a_rated_answer_from_practice(home: Path) -> None:
    p, q = PUZZLES[0], PUZZLES[5]
    _write(home / "progress.db", [(p, True)])
    first = change(current(), p.id, p.theme)
    assert first.rated and first.delta > 0 and first.player == current().player
    _write(home / "progress.db", [(p, False)])  # a retry: practice
    again = change(current(), p.id, p.theme)
    assert not again.rated and again.delta == 0 and again.player == first.player
    _write(home / "progress.db", [(q, False)])
    assert change(current(), q.id, q.theme).delta < 0
    assert not change(current(), q.id, q.theme, recorded=False).rated


def _rated(p: Puzzle, rating: int) -> Puzzle:
    return dataclasses.replace(p, rating=rating)


def test_next_never_serves_an_answered_puzzle_while_a_new_one_remains() -> None:
    rng = random.Random(2)
    pool = rng.sample(PUZZLES, 60)
    attempts: list[FirstAttempt] = []
    for k in range(len(pool)):
        standing = replay(attempts, PUZZLES)
        p = next_puzzle(standing, pool)
        assert p is not None and p.id not in {a.puzzle_id for a in attempts}, k
        attempts.append(FirstAttempt(p.id, p.theme, p.level, rng.random() < 0.65, "t", None))
    standing = replay(attempts, PUZZLES)
    failed = {a.puzzle_id for a in attempts if not a.correct}
    assert failed and len(failed) < len(pool)
    # all answered: practice, drawn from those failed at the first answer
    again = {next_puzzle(standing, pool, random.Random(k)) for k in range(30)}
    assert {p.id for p in again if p is not None} <= failed and len(again) > 1
    assert next_puzzle(standing, []) is None


def _history(weak: str, strong: str) -> list[FirstAttempt]:
    """Three wrong answers in ``weak``, three right ones in ``strong`` (puzzles beyond the first six)."""
    out = []
    for theme, right in ((weak, False), (strong, True)):
        for p in [p for p in PUZZLES if p.theme == theme][6:9]:
            out.append(FirstAttempt(p.id, p.theme, p.level, right, "t", None))
    return out


def test_next_picks_near_the_rating_in_the_weakest_theme() -> None:
    ratings = [900, 1200, 1500, 1800, 2100, 2400]
    pool = [_rated(p, r) for theme in ("waits", "count-fun")
            for p, r in zip([p for p in PUZZLES if p.theme == theme][:6], ratings, strict=True)]
    for weak, strong in (("waits", "count-fun"), ("count-fun", "waits")):
        standing = replay(_history(weak, strong), PUZZLES)
        assert standing.theme(weak).rating < standing.player.rating < standing.theme(strong).rating
        got = next_puzzle(standing, pool)
        assert got is not None and got.theme == weak  # the weaker theme first
        # the nearest to the target score, by brute force over the theme's puzzles at the theme's rating
        scores = {p.id: expected(standing.theme(weak), start(p)) for p in pool if p.theme == weak}
        best = min(scores, key=lambda i: abs(scores[i] - TARGET_SCORE))
        assert got.id == best and abs(scores[best] - TARGET_SCORE) <= BAND
        assert got.rating is not None and got.rating < standing.theme(weak).rating  # solvable about 2 in 3


def test_next_skips_a_weak_theme_with_nothing_near_the_rating() -> None:
    standing = replay(_history("waits", "count-fun"), PUZZLES)
    waits = [_rated(p, 2600) for p in PUZZLES if p.theme == "waits"][:3]  # far too hard
    fun = [_rated(p, round(standing.theme("count-fun").rating) - 100) for p in PUZZLES if p.theme == "count-fun"][:3]
    got = next_puzzle(standing, waits + fun)
    assert got is not None and got.theme == "count-fun"
    assert abs(expected(skill(standing, "waits"), start(waits[0])) - TARGET_SCORE) > BAND
    assert next_puzzle(standing, waits) == waits[0]  # nothing near at all: the nearest


def test_a_new_player_meets_every_theme_before_a_second_of_one() -> None:
    attempts: list[FirstAttempt] = []
    for _ in range(len(THEMES)):
        p = next_puzzle(replay(attempts, PUZZLES), PUZZLES)
        assert p is not None
        attempts.append(FirstAttempt(p.id, p.theme, p.level, True, "t", None))
    # right every time, every theme rises alike: ties go to the theme played least
    assert len({a.theme for a in attempts}) == len({p.theme for p in PUZZLES})
