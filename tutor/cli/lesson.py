"""``sekwoo learn``: the lessons, step by step, their questions and their exercises.

Imported on every ``sekwoo`` call (through ``tutor.cli.teach``), so everything heavy is imported
inside the command.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import TYPE_CHECKING, Annotated

import typer

from tutor.cli import complete
from tutor.cli.common import console, edge, emit, interactive
from tutor.cli.prompt import NoInputOpt, ask, stops_on_ctrl_c

if TYPE_CHECKING:
    from rich.console import Console

    from puzzles import Puzzle
    from tutor.teach.lessons import Lesson


def learn(
    topic: Annotated[str | None, typer.Argument(help="The lesson: chee, pong, kong, ngan, winning-shape, fei, "
                                                     "flowers-fun, waits, discard. None lists them.",
                                                autocompletion=complete.topics)] = None,
    no_input: NoInputOpt = False,
    answers: Annotated[bool, typer.Option("--answers", help="Without input, show the exercises' answers too.")] = False,
    seed: Annotated[int | None, typer.Option(
        "--seed", min=0, help="Deal the exercises from this seed (the same seed, the same exercises); "
                              "without it they are new each time.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the lesson (or the list) as one JSON object.")] = False,
) -> None:
    """Short lessons with cards drawn, each ending with new exercises checked by the engine."""
    from tutor.render.teach import lesson_dict, lessons_dict, show_lessons
    from tutor.teach.lessons import (
        LESSONS,
        done_topics,
        exercises,
        following,
        get_lesson,
        pictures,
        questions,
    )

    if topic is None:
        if as_json:
            emit(lessons_dict(LESSONS, done_topics()))
        else:
            show_lessons(console(), LESSONS, done_topics())
        return
    with edge(as_json):
        lesson = get_lesson(topic)
        if as_json:
            emit(lesson_dict(lesson, pictures(lesson), exercises(lesson, seed), answers, following(lesson),
                             questions(lesson)))
            return
        asking = interactive(no_input)
        if asking:  # the lesson is kept when it ends: a store that cannot hold it is said now, not after it
            from tutor.teach.progress import Progress

            with Progress():
                pass
        _teach(console(), lesson, asking, answers, seed)


@stops_on_ctrl_c
def _teach(con: Console, lesson: Lesson, interactive: bool, answers: bool, seed: int | None = None) -> None:
    """A lesson step by step: a step that asks about its hand waits for the player's try, then
    shows the answer; the others wait for Enter. Then the exercises. ``q`` or Ctrl-D stops,
    an empty answer skips (the answer is shown), Ctrl-C ends the command (exit 130)."""
    from tutor.render import teach as view
    from tutor.teach.lessons import exercises, following, pictures, questions, record_lesson

    asked = questions(lesson)
    view.show_lesson_title(con, lesson)
    for k, (step, picture, question) in enumerate(zip(lesson.steps, pictures(lesson), asked, strict=True)):
        view.show_step(con, step, picture, question is not None and interactive)
        if question is not None:
            view.show_step_question(con, question)
            if interactive and _try(con, question, "    ") is None:
                return
            if not interactive:
                view.show_exercise_answer(con, question, True, "    ")
            if interactive and picture is not None and picture.check is not None:
                view.show_step_check(con, picture)
        elif interactive and k < len(lesson.steps) - 1 and ask(con, "  [Enter] next, q to stop > ") is None:
            return
    with con.status("dealing new exercises…") if interactive else nullcontext():
        tasks = exercises(lesson, seed)
    view.show_exercises_title(con, len(tasks))
    right = 0
    for n, p in enumerate(tasks, 1):
        view.show_exercise(con, n, p)
        if not interactive:
            view.show_exercise_answer(con, p, answers)
            continue
        got = _try(con, p, "     ")
        if got is None:
            return
        right += got
    if interactive:
        record_lesson(lesson, len(tasks), right)
        view.show_lesson_end(con, right, len(tasks))
    view.show_next(con, following(lesson))


def _try(con: Console, p: Puzzle, indent: str) -> bool | None:
    """The player's try at a lesson's question: right or not (a skip is not), None to stop."""
    from tutor.errors import PuzzleError
    from tutor.render import teach as view
    from tutor.teach.answers import judge

    while True:
        text = ask(con, f"{indent}your answer (empty to see it, q to stop) > ")
        if text is None:
            return None
        if not text.strip():
            view.show_skipped(con, p, indent)
            return False
        try:
            with con.status("weighing your answer…"):
                v = judge(p, text)
        except PuzzleError as err:
            view.show_problem(con, err, indent)
            continue
        view.show_verdict(con, v, indent)
        return v.correct


__all__ = ["learn"]
