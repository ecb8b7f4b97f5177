"""Solving puzzles with the engine: a puzzle is built only when its answer is the only one."""

from __future__ import annotations

import pytest

from tutor.core.hands import Hand
from tutor.errors import PuzzleError
from tutor.teach.solve import build, solve
from tutor.teach.themes import question_for


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
    # N and W are alike for East: discarding either leaves a single wait on the other.
    with pytest.raises(PuzzleError, match="not one answer"):
        build("best-discard", "123d 456d 789d 111d N W", "x-5", draws=1)


def test_a_built_puzzle_holds_its_hand_as_written_and_its_theme_question() -> None:
    p = build("count-fun", " 123d 456d 789d RRR 55d | a1 f4 ", "x-6", seat="south")
    assert p.hand_text == "123d 456d 789d RRR 55d | a1 f4" and p.hand == Hand.parse(p.hand_text)
    assert p.question == question_for("count-fun", "south") == "This hand is complete. How many FUN is it worth to South?"
    assert solve(p).answer == p.answer and p.explanation.startswith(f"{p.answer} FUN for South")
    with pytest.raises(PuzzleError, match="unknown theme 'chess'"):
        build("chess", "123d", "x-7")


def test_a_best_discard_hand_with_a_better_kong_is_refused() -> None:
    """Throwing 4d is the best discard (0.56 over 1 draw, every other discard 0), but the KONG of 4d
    is worth 1.05: the question 'which card to throw' has a wrong answer; before, it was built."""
    with pytest.raises(PuzzleError, match="a KONG of 4d expects 1.05, not clearly less than 0.56"):
        build("best-discard", "111224444d EE GGG | s3", "x-8", seat="south", draws=1)


def test_kong_and_sink_hands_that_already_win_are_refused() -> None:
    """A 14-card hand that wins is a SEK WOO, not a KONG or sinking question; before, both were built ("no")."""
    with pytest.raises(PuzzleError, match="already wins: declaring SEK WOO for 5"):
        build("kong-or-not", "1111d 23d 456d RRR GG | f1 a1 a2", "x-9", draws=2)
    with pytest.raises(PuzzleError, match="already wins: declaring SEK WOO for 5"):
        build("sink-or-keep", "123d 456d 789d RRR G F* | f1 a1 a2", "x-10", draws=2)


def test_a_sink_hand_whose_best_move_is_a_kong_is_refused() -> None:
    """The KONG of 8d beats both sinking the FEI and every discard: neither yes nor no is the move
    to make; before, the answer was "no" (the best discard)."""
    with pytest.raises(PuzzleError, match="a KONG of 8d is the best move of all"):
        build("sink-or-keep", "1122558888d WhWhWh F* | f1 k1", "x-11", seat="south", draws=1)


def test_a_use_fei_hand_short_of_the_minimum_is_refused() -> None:
    """F* as E scores the most, 2 FUN, short of 3leg's 5: the hand cannot be declared at all."""
    with pytest.raises(PuzzleError, match="at best 2 FUN, short of the 5 needed to win"):
        build("use-fei", "11223345556d EE F* | s3", "x-12", seat="south")
    p = build("use-fei", "11223345556d EE F* | s3", "x-13", seat="south", rules="3leg-beginner")
    assert p.answer == "E"  # no minimum: the same hand is a puzzle
