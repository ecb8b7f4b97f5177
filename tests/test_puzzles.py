"""The puzzle set: every puzzle loads, its answer is re-solved by the engine and is the only one."""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import LEVELS, THEMES, Puzzle, dump_file, load_puzzles, parse_file
from tutor.core.hands import Hand
from tutor.core.tiles import Tile
from tutor.engine.score import check
from tutor.errors import PuzzleError
from tutor.rules.load import load_rules
from tutor.teach.puzzle_engine import (
    build,
    daily_puzzle,
    fei_choices,
    judge,
    make,
    read_answer,
    read_tiles,
    shape_waits,
    solve,
)

PUZZLES = load_puzzles()


def test_at_least_80_puzzles_across_every_theme_and_level() -> None:
    assert len(PUZZLES) >= 80
    themes = Counter(p.theme for p in PUZZLES)
    assert set(themes) == set(THEMES)
    assert all(n >= 8 for n in themes.values()), themes
    assert {p.level for p in PUZZLES} == set(LEVELS)
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    assert len({(p.theme, p.hand, p.seat) for p in PUZZLES}) == len(PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_answer_is_resolved_and_unique(puzzle: Puzzle) -> None:
    sol = solve(puzzle)
    assert sol.unique, f"{puzzle.id}: several answers {sol.alternatives}"
    assert read_answer(puzzle.theme, puzzle.answer) == read_answer(puzzle.theme, sol.answer)
    assert judge(puzzle, puzzle.answer).correct
    for alt in ("no", "yes") if puzzle.theme in ("is-a-set", "short-of-five") else ():
        assert judge(puzzle, alt).correct is (alt == puzzle.answer)


def _by_theme(theme: str) -> list[Puzzle]:
    return [p for p in PUZZLES if p.theme == theme]


def test_waits_agree_with_the_solver() -> None:
    """Independent check of complete-shape and waits puzzles with ``tutor.engine.solver.waits``."""
    solver = pytest.importorskip("tutor.engine.solver")
    rules = load_rules("3leg")
    for p in _by_theme("complete-shape") + _by_theme("waits"):
        hand = Hand.parse(p.hand)
        found = {str(w.tile) for w in solver.waits(hand, rules, p.seat).waits} - {"F*"}
        assert found == set(p.answer.split()), p.id
        assert {str(t) for t in shape_waits(hand, rules)} == found


def test_fun_answers_agree_with_check() -> None:
    rules = load_rules("3leg")
    for p in _by_theme("count-fun"):
        assert check(Hand.parse(p.hand), rules, p.seat).fun == int(p.answer), p.id
    for p in _by_theme("short-of-five"):
        result = check(Hand.parse(p.hand), rules, p.seat)
        assert result.complete and (result.wins is (p.answer == "yes")), p.id
    answers = Counter(p.answer for p in _by_theme("short-of-five"))
    assert answers["no"] > answers["yes"] > 0


def test_use_fei_best_reading_uses_the_answer() -> None:
    """The best reading ``check`` finds puts the FEI where the puzzle says, for the same FUN."""
    rules = load_rules("3leg")
    for p in _by_theme("use-fei"):
        hand = Hand.parse(p.hand)
        choices = fei_choices(hand, rules, p.seat)
        assert len(choices) >= 2
        result = check(hand, rules, p.seat)
        assert result.reading is not None
        stands = [g.tiles[j] for g in result.reading.groups if not g.declared for j in g.wild]
        assert [str(t) for t in stands] == [p.answer], p.id
        assert result.fun == choices[stands[0]] > max(f for t, f in choices.items() if t != stands[0])


def test_ngan_answer_is_the_ngan_of_check() -> None:
    rules = load_rules("3leg")
    for p in _by_theme("find-ngan"):
        reading = check(Hand.parse(p.hand), rules, p.seat).reading
        assert reading is not None and reading.ngan is not None
        assert str(reading.ngan.tiles[0]) == p.answer, p.id


def test_best_discard_puzzles_say_their_draws() -> None:
    pytest.importorskip("tutor.engine.solver")
    for p in _by_theme("best-discard"):
        assert p.draws is not None and p.draws <= 4


def test_non_unique_answers_are_rejected() -> None:
    with pytest.raises(PuzzleError, match="not one answer"):
        build("find-ngan", "11123444d 567d 999d", "x-1")  # 111 234 44 or 11 123 444
    with pytest.raises(PuzzleError, match="not one answer"):
        build("complete-shape", "1234d 567d GGG NNN", "x-2")  # 1d, 4d or 7d
    with pytest.raises(PuzzleError):
        build("waits", "123d 456d 789d EEE R", "x-3")  # a single wait is a complete-shape puzzle
    with pytest.raises(PuzzleError, match="only"):
        build("use-fei", "123d 456d 789d EEE R F* | f1", "x-4")  # the FEI can only be R


def test_best_discard_tie_is_rejected() -> None:
    pytest.importorskip("tutor.engine.solver")
    # N and W are alike for East: discarding either leaves a single wait on the other.
    with pytest.raises(PuzzleError, match="not one answer"):
        build("best-discard", "123d 456d 789d 111d N W", "x-5", draws=1)


def test_schema_is_validated_with_key_paths() -> None:
    good = "schema_version: 1\ntheme: waits\npuzzles:\n  - {id: w-1, level: 1, hand: 1d, question: q, answer: 1d, explanation: e}\n"
    assert parse_file(good, "f.yaml")[0].theme == "waits"
    cases = {
        good.replace("level: 1", "level: one"): r"f.yaml: puzzles\[0\].level: Expected int",
        good.replace("level: 1", "level: 1, colour: red"): r"puzzles\[0\]: Object contains unknown field `?colour",
        good.replace("theme: waits", "theme: chess"): "unknown theme 'chess'",
        good.replace("schema_version: 1", "schema_version: 9"): "schema_version",
        good.replace("level: 1", "level: 7"): r"puzzles\[0\].level",
        good.replace("id: w-1", "id: W 1"): r"puzzles\[0\].id",
        "- a list": "a mapping",
    }
    for text, message in cases.items():
        with pytest.raises(PuzzleError, match=message):
            parse_file(text, "f.yaml")


def test_dump_round_trips() -> None:
    some = [p for p in PUZZLES if p.theme == "waits"]
    assert parse_file(dump_file("waits", some), "x") == tuple(some)


def test_daily_is_stable_per_date_and_varies() -> None:
    day = date(2025, 3, 14)
    first = daily_puzzle(day)
    assert daily_puzzle(day) == first == daily_puzzle(day, reversed(PUZZLES))
    # Rendezvous hashing: dropping any other puzzle leaves the day's puzzle unchanged.
    assert daily_puzzle(day, [p for p in PUZZLES if p.id != PUZZLES[0].id or p == first]) == first
    month = {daily_puzzle(day + timedelta(days=k)).id for k in range(30)}
    assert len(month) >= 15


def test_answers_are_read_leniently() -> None:
    waits = next(p for p in PUZZLES if p.theme == "waits")
    tiles = waits.answer.split()
    assert judge(waits, ", ".join(reversed(tiles))).correct
    assert judge(waits, " ".join(tiles) + " F*").correct  # a FEI may be named or not
    assert not judge(waits, tiles[0]).correct
    assert [str(t) for t in read_tiles("36d")] == ["3d", "6d"]
    assert [str(t) for t in read_tiles("red, white and 5D")] == ["5d", "R", "Wh"]
    assert [str(t) for t in read_tiles("rr")] == ["R", "R"]
    assert read_answer("find-ngan", "RR") == "R"
    assert read_answer("use-fei", "F*=5d") == "5d"
    assert read_answer("best-discard", "discard 9d") == "9d"
    assert read_answer("count-fun", "7 FUN") == "7"
    assert read_answer("count-fun", "seven") == "7"
    assert read_answer("short-of-five", "Nope") == "no"
    assert read_answer("is-a-set", "yes, a pong") == "yes"
    for theme, bad in (("waits", "xyz"), ("count-fun", "lots"), ("short-of-five", "maybe"), ("find-ngan", "1d 2d")):
        with pytest.raises(PuzzleError):
            read_answer(theme, bad)


def test_a_discard_must_be_a_card_held() -> None:
    p = next(p for p in PUZZLES if p.theme == "best-discard")
    held = {str(t) for t in Hand.parse(p.hand).concealed}
    missing = next(t for t in ("F*", "Wh", "N", "1d", "9d") if t not in held)
    with pytest.raises(PuzzleError, match="you hold no"):
        judge(p, missing)


def test_set_names_are_checked() -> None:
    pong = build("is-a-set", "555d", "s-1")
    assert judge(pong, "pong").correct and judge(pong, "yes").correct
    assert not judge(pong, "chee").correct and not judge(pong, "no").correct


def test_make_is_deterministic_and_proven() -> None:
    a = make("waits", 3, 11)
    b = make("waits", 3, 11)
    assert a == b and len(a) == 3
    for p in a + make("is-a-set", 4, 5) + make("count-fun", 3, 5):
        assert solve(p).unique and solve(p).answer == p.answer
    with pytest.raises(PuzzleError):
        make("chess", 1, 1)


_PLAYING = [t for t in range(35) if t < 9 or t >= 27]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_PLAYING), min_size=1, max_size=6), st.randoms(use_true_random=False),
       st.sampled_from([" ", ", ", " and ", ";", "  "]))
def test_card_answers_round_trip_in_any_order(ids: list[int], rnd: object, sep: str) -> None:
    from tutor.core.tiles import TILES

    tiles = [TILES[i] for i in ids]
    canonical = read_answer("waits", " ".join(str(t) for t in tiles))
    shuffled = list(tiles)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert read_answer("waits", sep.join(str(t).lower() for t in shuffled)) == canonical
    assert canonical == " ".join(sorted({str(t) for t in tiles if not t.is_fei}, key=lambda n: Tile.parse(n))) or "F*"
