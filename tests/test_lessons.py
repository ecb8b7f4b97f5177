"""The lessons: every exercise proven by the engine, every step's hand drawn and judged."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.errors import ChoiceError
from tutor.teach.lessons import (
    LESSONS,
    done_topics,
    exercises,
    following,
    get_lesson,
    pictures,
    record_lesson,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SEKWOO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_lesson_exercises_are_proven() -> None:
    for lesson in LESSONS:
        tasks = exercises(lesson)  # raises if any answer is not unique
        assert 1 <= len(tasks) <= 4


def test_every_step_hand_is_drawn_and_judged_when_asked() -> None:
    for lesson in LESSONS:
        drawn = pictures(lesson)
        assert len(drawn) == len(lesson.steps)
        for step, picture in zip(lesson.steps, drawn, strict=True):
            assert (picture is None) is (not step.hand), lesson.topic
            if picture is not None:
                assert (picture.check is not None) is step.check
                if picture.check is not None:
                    assert picture.check.hand == picture.hand


def test_lessons_are_found_by_topic_alias_or_prefix_and_follow_in_order() -> None:
    assert get_lesson("chee").topic == "chee"
    assert get_lesson(" Shape ").topic == "winning-shape"
    assert get_lesson("disc").topic == "discard"
    with pytest.raises(ChoiceError, match="no lesson 'chess'"):
        get_lesson("chess")
    assert [following(lesson) for lesson in LESSONS] == [*LESSONS[1:], None]


def test_finished_lessons_are_kept(home: Path) -> None:
    assert done_topics() == frozenset()
    record_lesson(LESSONS[0], 3, 2)
    assert done_topics() == {LESSONS[0].topic}


def test_an_unreadable_store_lists_no_lesson_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("SEKWOO_HOME", str(blocker / "sub"))
    assert done_topics() == frozenset()
