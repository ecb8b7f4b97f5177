"""The puzzle set: every puzzle loads, its answer is re-solved by the engine and is the only one."""

from __future__ import annotations

from collections import Counter

import pytest

from puzzles import LEVELS, THEMES, Puzzle, dump_file, load_puzzles, parse_file
from tutor.core.hands import Hand
from tutor.engine import solver
from tutor.engine.score import check
from tutor.errors import PuzzleError, TutorError
from tutor.rules.load import load_rules
from tutor.teach.answers import judge, read_answer
from tutor.teach.facts import fei_choices, shape_waits
from tutor.teach.solve import solve
from tutor.teach.themes import ANSWER_KIND

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
    for alt in ("no", "yes") if ANSWER_KIND[puzzle.theme] == "yesno" else ():
        assert judge(puzzle, alt).correct is (alt == puzzle.answer)


def _by_theme(theme: str) -> list[Puzzle]:
    return [p for p in PUZZLES if p.theme == theme]


def test_waits_agree_with_the_solver() -> None:
    """Independent check of complete-shape and waits puzzles with ``tutor.engine.solver.waits``."""
    rules = load_rules("3leg")
    for p in _by_theme("complete-shape") + _by_theme("waits"):
        found = {str(w.tile) for w in solver.waits(p.hand, rules, p.seat).waits} - {"F*"}
        assert found == set(p.answer.split()), p.id
        assert {str(t) for t in shape_waits(p.hand, rules)} == found


def test_fun_answers_agree_with_check() -> None:
    rules = load_rules("3leg")
    for p in _by_theme("count-fun"):
        assert check(p.hand, rules, p.seat).fun == int(p.answer), p.id
    for p in _by_theme("short-of-five"):
        result = check(p.hand, rules, p.seat)
        assert result.complete and (result.wins is (p.answer == "yes")), p.id
    answers = Counter(p.answer for p in _by_theme("short-of-five"))
    assert answers["no"] > answers["yes"] > 0


def test_use_fei_best_reading_uses_the_answer() -> None:
    """The best reading ``check`` finds puts the FEI where the puzzle says, for the same FUN."""
    rules = load_rules("3leg")
    for p in _by_theme("use-fei"):
        choices = fei_choices(p.hand, rules, p.seat)
        assert len(choices) >= 2
        result = check(p.hand, rules, p.seat)
        assert result.reading is not None
        stands = [g.tiles[j] for g in result.reading.groups if not g.declared for j in g.wild]
        assert [str(t) for t in stands] == [p.answer], p.id
        assert result.fun == choices[stands[0]] > max(f for t, f in choices.items() if t != stands[0])


def test_ngan_answer_is_the_ngan_of_check() -> None:
    rules = load_rules("3leg")
    for p in _by_theme("find-ngan"):
        reading = check(p.hand, rules, p.seat).reading
        assert reading is not None and reading.ngan is not None
        assert str(reading.ngan.tiles[0]) == p.answer, p.id


def test_best_discard_puzzles_say_their_draws() -> None:
    for p in _by_theme("best-discard"):
        assert p.draws is not None and p.draws <= 4


def test_puzzles_hold_parsed_hands_and_keep_the_text_as_written() -> None:
    """The loader parses each hand once; the text as the file writes it is what prints back."""
    for p in PUZZLES:
        assert isinstance(p.hand, Hand) and p.hand == Hand.parse(p.hand_text), p.id
        assert p.to_dict()["hand"] == p.hand_text
    spaced = next(p for p in PUZZLES if p.id == "is-a-set-001")
    assert spaced.hand_text == "1d 1d F*" and str(spaced.hand) == "11d F*"


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
        good.replace("hand: 1d", "hand: 55x"): r"f.yaml: puzzles\[0\].hand: ",
        "- a list": "a mapping",
    }
    for text, message in cases.items():
        with pytest.raises(PuzzleError, match=message):
            parse_file(text, "f.yaml")


def test_dump_round_trips() -> None:
    some = [p for p in PUZZLES if p.theme == "waits"]
    assert parse_file(dump_file("waits", some), "x") == tuple(some)
    spaced = [p for p in PUZZLES if p.theme == "is-a-set"]
    again = parse_file(dump_file("is-a-set", spaced), "x")
    assert again == tuple(spaced) and [p.hand_text for p in again] == [p.hand_text for p in spaced]


@pytest.mark.parametrize("theme", ["claim-or-pass", "kong-or-not", "sink-or-keep", "recall-fei"])
def test_the_decision_themes_hold_15_puzzles_each(theme: str) -> None:
    found = _by_theme(theme)
    assert len(found) >= 15
    assert all(p.draws for p in found)
    if theme in ("kong-or-not", "sink-or-keep", "claim-or-pass"):  # the answer is not always the same
        assert len({p.answer.split()[0] for p in found}) >= 2


def test_claim_answers_are_read_leniently() -> None:
    from tutor.teach.answers import read_claim

    assert read_claim("Pong") == "pong" and read_claim("pong with a FEI") == "pong F*"
    assert read_claim("chi 9d,7d 8d") == read_claim("chee 789d") == "chee 7d 8d 9d"
    assert read_claim("sek woo") == read_claim("hu") == "sek woo" and read_claim("pass") == "pass"
    for bad in ("chee", "take it", ""):
        with pytest.raises(TutorError):
            read_claim(bad)
