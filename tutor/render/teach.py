"""Views of the tutor: puzzles, verdicts, lessons and progress, in rich and as plain data (``--json``).

Each ``show_*`` prints one view on a rich console; each ``*_dict`` is the plain data of one;
``puzzle_svg`` draws a puzzle's cards. Only the CLI imports this module. Rich is imported inside
the views, so a ``--json`` command never loads it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzles import LEVELS, THEMES, Puzzle
from tutor.core.words import plural
from tutor.render.data import hand_dict
from tutor.render.flow import hanging
from tutor.teach.themes import ANSWER_KIND, answer_hint

if TYPE_CHECKING:
    from rich.console import Console

    from tutor.teach.answers import Verdict
    from tutor.teach.lessons import Lesson, Picture, Step
    from tutor.teach.progress import Stats

# --------------------------------------------------------------------------------------------
# Plain data


def puzzle_dict(p: Puzzle) -> dict[str, Any]:
    """A puzzle as the player sees it (never its answer), its hand as the file writes it."""
    out: dict[str, Any] = {
        "id": p.id,
        "theme": p.theme,
        "theme_title": THEMES[p.theme],
        "level": p.level,
        "level_name": LEVELS[p.level],
        "question": p.question,
        "hand": p.hand_text,
        "rules": p.rules,
        "seat": p.seat,
        "answer_kind": ANSWER_KIND[p.theme],
        "answer_hint": answer_hint(p.theme),
        "cards": hand_dict(p.hand),
    }
    if p.draws is not None:
        out["draws"] = p.draws
    return out


def verdict_dict(v: Verdict, recorded: bool, daily: str | None = None) -> dict[str, Any]:
    """A judged answer, whether it was recorded, and the date it counts for as a daily."""
    return {
        "id": v.puzzle.id,
        "theme": v.puzzle.theme,
        "correct": v.correct,
        "given": v.given,
        "solution": v.solution,
        "explanation": v.explanation,
        "why": v.why or None,
        "recorded": recorded,
        "daily": daily,
    }


def stats_dict(s: Stats, total: int, database: Path) -> dict[str, Any]:
    """The player's progress, out of ``total`` shipped puzzles, and where it is kept."""
    return {
        "attempts": s.attempts, "correct": s.correct, "accuracy": round(s.accuracy, 4), "solved": s.solved,
        "answers": s.answers,
        "puzzles": total, "daily_streak": s.daily_streak, "best_streak": s.best_streak, "dailies": s.dailies,
        "themes": [
            {"theme": t.theme, "attempts": t.attempts, "correct": t.correct, "accuracy": round(t.accuracy, 4),
             "weak": t.weak} for t in s.themes
        ],
        "weak": list(s.weak), "lessons": list(s.lessons), "database": str(database),
    }


def puzzle_svg(p: Puzzle, title: str) -> str:
    """The picture of a puzzle's cards as written, never grouped (a puzzle's picture gives nothing away)."""
    from tutor.render.svg import hand_svg

    return hand_svg(p.hand, title=title)


# --------------------------------------------------------------------------------------------
# Rich views


def show_puzzle(con: Console, p: Puzzle, heading: str = "Puzzle") -> None:
    """A puzzle: a heading rule, the cards, seat and rules, the question and how to answer."""
    from rich.text import Text

    from tutor.render.terminal import hand_line

    title = f"{heading} {p.id} · {THEMES[p.theme]} · level {p.level} ({LEVELS[p.level]})"
    if len(title) + 6 <= con.width:  # a rule would cut a longer title short: put it under the rule
        con.rule(Text(title, style="bold"))
    else:  # broken between its parts (" · "), never inside one: "level 3 (hard)" stays together
        con.rule()
        lines = [""]
        for part in title.split(" · "):
            joined = f"{lines[-1]} · {part}" if lines[-1] else part
            if lines[-1] and len(joined) > con.width:
                lines.append(part)
            else:
                lines[-1] = joined
        for line in lines:
            con.print(hanging("", line, "bold"))
    con.print(hand_line(p.hand, "  "))
    where = f"  {p.seat.capitalize()} · {p.rules}" + (f" · {plural(p.draws, 'draw')} left" if p.draws else "")
    con.print(Text(where, style="dim"))
    con.print(hanging("  ", p.question, "bold"))
    con.print(hanging("  ", f"(answer: {answer_hint(p.theme)})", "dim"))


def show_verdict(con: Console, v: Verdict, indent: str = "  ") -> None:
    """Right, or wrong and why that answer fails; then the solution and why it is right."""
    if v.correct:
        con.print(hanging(indent, f"Correct: {v.solution}", "bold green"))
    else:
        con.print(hanging(indent, f"Not quite: you said {v.given}.", "bold red"))
        if v.why:
            con.print(hanging(indent, f"Why not {v.given}: {v.why.rstrip('.')}.", "yellow"))
        con.print(hanging(indent, f"The answer is {v.solution}.", "bold"))
    con.print(hanging(indent, v.explanation, "dim"))


def show_skipped(con: Console, p: Puzzle, indent: str = "  ") -> None:
    """A question skipped (an empty answer): its answer and why, to learn from."""
    con.print(hanging(indent, f"Skipped. The answer is {p.answer}.", "bold"))
    con.print(hanging(indent, p.explanation, "dim"))


def show_problem(con: Console, err: Exception, indent: str) -> None:
    """An answer that could not be read, and why (the player may try again)."""
    con.print(hanging(indent, str(err), "yellow"))


def show_tally(con: Console, right: int, done: int, saved: bool = True) -> None:
    """How a round of puzzles went, at its end (and whether the answers were saved)."""
    from rich.text import Text

    if not done:  # every puzzle skipped: nothing was answered, nothing kept
        con.print(Text("No puzzle answered.", style="dim"))
        return
    con.print(Text(f"{right} of {done} right." + (" Your progress is saved." if saved else ""), style="dim"))


def show_stats(con: Console, s: Stats, total: int) -> None:
    """The player's progress: totals, the daily streak, lessons, accuracy per theme (weak flagged)."""
    from rich.table import Table
    from rich.text import Text

    con.print(Text("Your progress", style="bold"))
    con.print(f"  puzzles tried {s.attempts} of {total} · solved first time {s.solved} ({s.accuracy:.0%})"
              f" · {plural(s.answers, 'answer')}")
    con.print(f"  daily streak {plural(s.daily_streak, 'day')} · best {s.best_streak} · dailies solved {s.dailies}")
    con.print(f"  lessons done: {', '.join(s.lessons) if s.lessons else 'none yet (try: sekwoo learn)'}")
    if s.themes:
        table = Table(box=None, header_style="bold", padding=(0, 2))
        for col in ("theme", "tried", "right", "accuracy", ""):
            table.add_column(col)
        for t in sorted(s.themes, key=lambda t: t.accuracy):
            flag = Text("weak: sekwoo puzzle --theme " + t.theme, style="bold yellow") if t.weak else Text("")
            table.add_row(THEMES.get(t.theme, t.theme), str(t.attempts), str(t.correct), f"{t.accuracy:.0%}", flag)
        con.print(table)
    else:
        con.print("  no puzzle answered yet: try 'sekwoo daily'")


def lessons_dict(lessons: tuple[Lesson, ...], done: frozenset[str]) -> dict[str, Any]:
    """The lessons in order, as JSON: topic, title, what it is about, whether it is done."""
    return {"lessons": [
        {"topic": lesson.topic, "title": lesson.title, "summary": lesson.summary, "done": lesson.topic in done,
         "steps": len(lesson.steps), "exercises": sum(e.count for e in lesson.exercises)}
        for lesson in lessons
    ]}


def lesson_dict(
    lesson: Lesson, pictures: tuple[Picture | None, ...], tasks: tuple[Puzzle, ...], answers: bool, after: Lesson | None,
    questions: tuple[Puzzle | None, ...] = (),
) -> dict[str, Any]:
    """A lesson as data: its steps (text, the hand drawn, the engine's verdict where the step
    shows one, the question a step asks with its answer), its exercises as puzzles (their answers
    with ``answers``), the lesson after it."""
    from tutor.render.data import check_dict

    steps = []
    for step, picture, question in zip(lesson.steps, pictures, questions or (None,) * len(pictures), strict=True):
        row: dict[str, Any] = {"text": step.text, "hand": step.hand}
        if picture is not None:
            row["cards"] = hand_dict(picture.hand)
            if picture.check is not None:
                row["check"] = check_dict(picture.check)
        if question is not None:
            row["question"] = {"theme": question.theme, "question": question.question, "answer": question.answer,
                               "explanation": question.explanation}
        steps.append(row)
    return {
        "topic": lesson.topic, "title": lesson.title, "summary": lesson.summary, "steps": steps,
        "exercises": [puzzle_dict(p) | ({"answer": p.answer, "explanation": p.explanation} if answers else {})
                      for p in tasks],
        "next": after.topic if after is not None else None,
    }


def show_lessons(con: Console, lessons: tuple[Lesson, ...], done: frozenset[str]) -> None:
    """The lessons in order, those finished ticked."""
    from rich.table import Table

    table = Table(box=None, header_style="bold", padding=(0, 2))
    for col in ("", "topic", "lesson", "about"):
        table.add_column(col)
    for k, lesson in enumerate(lessons, 1):
        table.add_row("✓" if lesson.topic in done else str(k), lesson.topic, lesson.title, lesson.summary)
    con.print(table)
    con.print("Start with: sekwoo learn chee")


def show_lesson_title(con: Console, lesson: Lesson) -> None:
    """The rule that opens a lesson."""
    from rich.text import Text

    con.rule(Text(f"Lesson: {lesson.title}", style="bold"))


def show_step(con: Console, step: Step, picture: Picture | None, hide_check: bool = False) -> None:
    """One step of a lesson: its paragraph, and its hand (with the engine's verdict when it has
    one, unless ``hide_check``: the step asks about the hand first)."""
    from rich.padding import Padding
    from rich.text import Text

    from tutor.render.terminal import hand_line

    con.print(Padding(Text(step.text), (1, 0, 0, 2)))
    if picture is None:
        return
    if picture.check is not None and not hide_check:
        show_step_check(con, picture)
    else:
        con.print(hand_line(picture.hand, "    "))


def show_step_check(con: Console, picture: Picture) -> None:
    """The engine's verdict on a step's hand."""
    from rich.padding import Padding

    from tutor.render.terminal import checked

    if picture.check is not None:
        con.print(Padding(checked(picture.check), (0, 0, 0, 4)))


def show_step_question(con: Console, question: Puzzle) -> None:
    """The question a step asks about its hand, and how to answer it."""
    con.print(hanging("    ", f"Try it: {question.question}", "bold"))
    con.print(hanging("    ", f"(answer: {answer_hint(question.theme)})", "dim"))


def show_exercises_title(con: Console, count: int) -> None:
    """The rule that opens a lesson's exercises."""
    from rich.text import Text

    con.print()
    con.rule(Text(f"Exercises ({count})", style="bold"))


def show_exercise(con: Console, n: int, p: Puzzle) -> None:
    """Exercise ``n``: its question, the cards and the seat."""

    from tutor.render.terminal import hand_line

    con.print()
    con.print(hanging(f"  {n}. ", p.question, "bold"))
    con.print(hand_line(p.hand, "     ", f"({p.seat.capitalize()})"))


def show_exercise_answer(con: Console, p: Puzzle, answers: bool, indent: str = "     ") -> None:
    """Without a player to ask: the exercise's answer and why (``answers``), or that it is hidden."""
    if answers:
        con.print(hanging(indent, f"answer: {p.answer}. {p.explanation}", "dim"))
    else:
        con.print(hanging(indent, "answer hidden (run in a terminal to answer, or add --answers)", "dim"))


def show_lesson_end(con: Console, right: int, count: int) -> None:
    """How the exercises went, once saved."""
    from rich.text import Text

    con.print(Text(f"\n  {right} of {count} right. Lesson saved.", style="bold"))


def show_next(con: Console, lesson: Lesson | None) -> None:
    """What to do next: the following lesson, or the daily puzzle after the last."""
    if lesson is not None:
        con.print(f"\nNext: sekwoo learn {lesson.topic}")
    else:
        con.print("\nNext: sekwoo daily")


__all__ = [
    "puzzle_dict",
    "puzzle_svg",
    "show_exercise",
    "show_exercise_answer",
    "show_exercises_title",
    "show_lesson_end",
    "show_lesson_title",
    "show_lessons",
    "show_next",
    "show_problem",
    "show_puzzle",
    "show_skipped",
    "show_stats",
    "show_step",
    "show_step_check",
    "show_step_question",
    "show_tally",
    "show_verdict",
    "stats_dict",
    "verdict_dict",
]
