"""The tutor's commands: ``learn``, ``puzzle``, ``daily``, ``stats`` and ``render``.

``register(app)`` adds them to the ``sekwoo`` typer app. This module is imported on every
``sekwoo`` call, so everything heavy (rich, sqlite3, yaml, the engine) is imported inside the
commands. Interactive by default on a terminal; with ``--no-input``, or when stdin is not a
terminal, each command prints and exits, and ``--json`` prints one JSON object and nothing else.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tutor.cli.common import JsonOpt, console, edge, emit, interactive
from tutor.cli.draw import hand_picture, write_svg

if TYPE_CHECKING:
    from rich.console import Console

    from puzzles import Puzzle
    from tutor.teach.lessons import Lesson
    from tutor.teach.puzzle_engine import Verdict

NoInputOpt = Annotated[
    bool, typer.Option("--no-input", help="Never ask: print and exit (the default when stdin is not a terminal).")
]
ThemeOpt = Annotated[str | None, typer.Option("--theme", "-t", help="Only this theme (see 'sekwoo puzzle list').")]
LevelOpt = Annotated[int | None, typer.Option("--level", "-l", help="Only this level: 1 easy, 2 medium, 3 hard.")]
SvgOpt = Annotated[Path | None, typer.Option("--svg", help="Also write a picture of the hand to this SVG file.")]


# --------------------------------------------------------------------------------------------
# Helpers shared by the commands


def _ask(con: Console, prompt: str) -> str | None:
    """A line typed by the player; None at end of input or on Ctrl-C."""
    try:
        return con.input(prompt)
    except (EOFError, KeyboardInterrupt):
        con.print()
        return None


def _puzzle_dict(p: Puzzle) -> dict[str, Any]:
    from puzzles import LEVELS, THEMES
    from tutor.core.hands import Hand
    from tutor.render.data import hand_dict
    from tutor.teach.puzzle_engine import ANSWER_HINT, ANSWER_KIND

    out: dict[str, Any] = {
        "id": p.id,
        "theme": p.theme,
        "theme_title": THEMES[p.theme],
        "level": p.level,
        "level_name": LEVELS[p.level],
        "question": p.question,
        "hand": p.hand,
        "rules": p.rules,
        "seat": p.seat,
        "answer_kind": ANSWER_KIND[p.theme],
        "answer_hint": ANSWER_HINT[ANSWER_KIND[p.theme]],
        "cards": hand_dict(Hand.parse(p.hand)),
    }
    if p.draws is not None:
        out["draws"] = p.draws
    return out


def _verdict_dict(v: Verdict, recorded: bool, daily: str | None = None) -> dict[str, Any]:
    return {
        "id": v.puzzle.id,
        "theme": v.puzzle.theme,
        "correct": v.correct,
        "given": v.given,
        "solution": v.solution,
        "explanation": v.explanation,
        "recorded": recorded,
        "daily": daily,
    }


def _show_puzzle(con: Console, p: Puzzle, heading: str = "Puzzle") -> None:
    from rich.text import Text

    from puzzles import LEVELS, THEMES
    from tutor.core.hands import Hand
    from tutor.render.terminal import hand_line
    from tutor.teach.puzzle_engine import ANSWER_HINT, ANSWER_KIND

    con.rule(Text(f"{heading} {p.id} · {THEMES[p.theme]} · level {p.level} ({LEVELS[p.level]})", style="bold"))
    con.print(Text.assemble("  ", hand_line(Hand.parse(p.hand))))
    where = f"  {p.seat.capitalize()} · {p.rules}" + (f" · {p.draws} draws left" if p.draws else "")
    con.print(Text(where, style="dim"))
    con.print(Text(f"  {p.question}", style="bold"))
    con.print(Text(f"  (answer: {ANSWER_HINT[ANSWER_KIND[p.theme]]})", style="dim"))


def _show_verdict(con: Console, v: Verdict) -> None:
    from rich.text import Text

    if v.correct:
        con.print(Text(f"  Correct: {v.solution}", style="bold green"))
    else:
        con.print(Text(f"  Not quite: you said {v.given}; the answer is {v.solution}", style="bold red"))
    con.print(Text(f"  {v.explanation}", style="dim"))


def _record(v: Verdict, daily: str | None) -> None:
    from tutor.teach.progress import Progress

    with Progress() as prog:
        prog.record(v.puzzle.id, v.puzzle.theme, v.puzzle.level, v.given, v.correct, daily)


def _today_daily_id() -> str | None:
    from datetime import date

    from tutor.teach.puzzle_engine import daily_puzzle

    return daily_puzzle(date.today()).id


def _play(con: Console, queue: list[Puzzle], daily: str | None = None) -> None:
    """Ask puzzles one after another until the queue ends or the player stops."""
    from rich.text import Text

    from tutor.errors import PuzzleError
    from tutor.teach.puzzle_engine import judge

    right = done = 0
    for p in queue:
        _show_puzzle(con, p, "Daily puzzle" if daily else "Puzzle")
        while True:
            text = _ask(con, "  your answer (empty to skip, q to stop) > ")
            if text is None or text.strip().lower() in ("q", "quit", "exit"):
                con.print(Text(f"{right} of {done} right. Your progress is saved.", style="dim"))
                return
            if not text.strip():
                break
            try:
                v = judge(p, text)
            except PuzzleError as err:
                con.print(Text(f"  {err}", style="yellow"))
                continue
            _record(v, daily if daily else (p.id == _today_daily_id() and _date_str()) or None)
            _show_verdict(con, v)
            done += 1
            right += v.correct
            break
    con.print(Text(f"{right} of {done} right. Your progress is saved.", style="dim"))


def _date_str() -> str:
    from datetime import date

    return date.today().isoformat()


def _queue(theme: str | None, level: int | None, retry: bool) -> list[Puzzle]:
    """Puzzles in the order to play them: failed first on retry; otherwise new ones first."""
    import random

    from puzzles import select
    from tutor.teach.progress import Progress

    pool = list(select(theme, level))
    with Progress() as prog:
        failed = prog.failed()
        status = prog.status()
    by_id = {p.id: p for p in pool}
    rng = random.Random()
    fresh = [p for p in pool if p.id not in status]
    rng.shuffle(fresh)
    failed_first = [by_id[i] for i in failed if i in by_id]
    if retry:
        return failed_first + sorted(fresh, key=lambda p: (p.level, p.id))
    solved = [p for p in pool if status.get(p.id)]
    rng.shuffle(solved)
    return sorted(fresh, key=lambda p: p.level) + failed_first + solved


# --------------------------------------------------------------------------------------------
# Commands


puzzle_app = typer.Typer(
    name="puzzle",
    help="Puzzles by theme, each with one right answer: play them, list them, answer from scripts, make more.",
    no_args_is_help=False,
    invoke_without_command=True,
)


@puzzle_app.callback()
def puzzle_main(
    ctx: typer.Context,
    theme: ThemeOpt = None,
    level: LevelOpt = None,
    no_input: NoInputOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Play puzzles (new ones first); without a terminal, show the next one and exit."""
    if ctx.invoked_subcommand is not None:
        return
    with edge(as_json):
        queue = _queue(theme, level, retry=False)
    _serve(queue, no_input, as_json, "no puzzle matches")


def _serve(queue: list[Puzzle], no_input: bool, as_json: bool, empty: str) -> None:
    if as_json:
        emit({"puzzle": _puzzle_dict(queue[0]) if queue else None, "queued": len(queue)})
        return
    con = console()
    if not queue:
        con.print(empty)
        return
    if interactive(no_input):
        with edge(False):
            _play(con, queue)
        return
    p = queue[0]
    _show_puzzle(con, p)
    con.print(f"\nAnswer it with: sekwoo puzzle answer {p.id} 'YOUR ANSWER'")


@puzzle_app.command("retry")
def puzzle_retry(no_input: NoInputOpt = False, as_json: JsonOpt = False) -> None:
    """Replay the puzzles you got wrong (most recent first), then new ones."""
    with edge(as_json):
        queue = _queue(None, None, retry=True)
    _serve(queue, no_input, as_json, "nothing to retry and no new puzzle: well done")


@puzzle_app.command("show")
def puzzle_show(
    puzzle_id: Annotated[str, typer.Argument(metavar="ID", help="The puzzle's id, e.g. waits-003.")],
    svg: SvgOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show one puzzle (not its answer)."""
    from puzzles import get_puzzle

    with edge(as_json):
        p = get_puzzle(puzzle_id)
        data = _puzzle_dict(p)
        if svg is not None:
            write_svg(svg, hand_picture(p.hand, f"{p.id}: {p.question}"))
            data["svg"] = str(svg)
    if as_json:
        emit(data)
        return
    _show_puzzle(console(), p)
    if svg is not None:
        print(f"sekwoo: wrote {svg}", file=sys.stderr)


@puzzle_app.command("answer")
def puzzle_answer(
    puzzle_id: Annotated[str, typer.Argument(metavar="ID", help="The puzzle's id.")],
    answer: Annotated[str, typer.Argument(help="Your answer: cards ('3d 6d'), a number, or yes/no.")],
    no_record: Annotated[bool, typer.Option("--no-record", help="Do not save this answer.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Answer a puzzle: right or wrong (exit 0 either way), the solution and why."""
    from puzzles import get_puzzle
    from tutor.teach.puzzle_engine import judge

    with edge(as_json):
        p = get_puzzle(puzzle_id)
        v = judge(p, answer)
        daily = _date_str() if p.id == _today_daily_id() else None
        if not no_record:
            _record(v, daily)
    if as_json:
        emit(_verdict_dict(v, not no_record, daily))
        return
    _show_verdict(console(), v)


@puzzle_app.command("list")
def puzzle_list(theme: ThemeOpt = None, level: LevelOpt = None, as_json: JsonOpt = False) -> None:
    """List the puzzles (id, theme, level) and the themes."""
    from puzzles import LEVELS, THEMES, select

    with edge(as_json):
        chosen = select(theme, level)
    if as_json:
        emit({
            "puzzles": [{"id": p.id, "theme": p.theme, "level": p.level} for p in chosen],
            "themes": [{"theme": k, "title": v} for k, v in THEMES.items()],
        })
        return
    from rich.table import Table

    table = Table(box=None, header_style="bold", padding=(0, 2))
    for col in ("id", "theme", "level", "question"):
        table.add_column(col, no_wrap=col != "question")
    for p in chosen:
        table.add_row(p.id, p.theme, f"{p.level} {LEVELS[p.level]}", p.question)
    con = console()
    con.print(table)
    con.print(f"{len(chosen)} puzzles. Themes: {', '.join(THEMES)}")


@puzzle_app.command("make")
def puzzle_make(
    theme: Annotated[str, typer.Option("--theme", "-t", help="The theme to make puzzles of.")],
    count: Annotated[int, typer.Option("--count", "-n", min=1, max=500, help="How many puzzles.")] = 10,
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed makes the same puzzles.")] = 1,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the YAML here (default: stdout).")] = None,
    level: LevelOpt = None,
    rules: Annotated[str, typer.Option("--rules", "-r", help="Rule set of the puzzles.")] = "3leg",
    draws: Annotated[int, typer.Option("--draws", min=1, max=6, help="Draws assumed by best-discard puzzles.")] = 3,
    prefix: Annotated[str | None, typer.Option("--prefix", help="Id prefix (default: the theme).")] = None,
    start: Annotated[int, typer.Option("--start", min=1, help="Number of the first id.")] = 1,
) -> None:
    """Make new puzzles from random deals, keeping only those the engine proves have one answer."""
    from puzzles import dump_file, load_puzzles
    from tutor.errors import TutorError
    from tutor.teach.puzzle_engine import make

    with edge(False):
        own = f"{prefix or theme}-"
        shipped = {p.hand for p in load_puzzles() if not p.id.startswith(own)}
        made = make(theme, count, seed, rules=rules, prefix=prefix, start=start, level=level, exclude=shipped,
                    draws=draws)
        text = dump_file(theme, made)
        if out is not None:
            try:
                out.write_text(text, encoding="utf-8")
            except OSError as err:
                raise TutorError(f"cannot write {str(out)!r}: {err.strerror}") from None
    if out is None:
        sys.stdout.write(text)
    note = f"sekwoo: kept {len(made)} puzzle(s) of {theme}" + (f" in {out}" if out else "")
    if len(made) < count:
        note += f" (asked for {count}; try another seed)"
    print(note, file=sys.stderr)


def daily(
    day: Annotated[str | None, typer.Option("--date", "-d", help="The date, YYYY-MM-DD (default: today).")] = None,
    answer: Annotated[str | None, typer.Option("--answer", "-a", help="Answer it now (scriptable).")] = None,
    svg: SvgOpt = None,
    no_input: NoInputOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """The puzzle of the day: the same for everyone on a given date."""
    from tutor.teach.puzzle_engine import daily_puzzle, judge, parse_date

    with edge(as_json):
        when = parse_date(day)
        p = daily_puzzle(when)
        if svg is not None:
            write_svg(svg, hand_picture(p.hand, f"Daily puzzle {when.isoformat()}"))
        verdict = judge(p, answer) if answer is not None else None
        if verdict is not None:
            _record(verdict, when.isoformat())
    if as_json:
        data = _puzzle_dict(p) | {"date": when.isoformat()}
        if verdict is not None:
            data |= _verdict_dict(verdict, True, when.isoformat())
        emit(data)
        return
    con = console()
    if verdict is not None:
        _show_puzzle(con, p, f"Daily puzzle {when.isoformat()} ·")
        _show_verdict(con, verdict)
    elif interactive(no_input):
        with edge(False):
            _play(con, [p], daily=when.isoformat())
    else:
        _show_puzzle(con, p, f"Daily puzzle {when.isoformat()} ·")
        con.print(f"\nAnswer it with: sekwoo daily --date {when.isoformat()} --answer 'YOUR ANSWER'")


def stats(as_json: JsonOpt = False) -> None:
    """Your progress: attempts, daily streak, accuracy per theme (weak themes flagged)."""
    from puzzles import THEMES, load_puzzles
    from tutor.teach.progress import Progress

    with edge(as_json):
        with Progress() as prog:
            s = prog.stats()
            path = prog.path
        total = len(load_puzzles())
    if as_json:
        emit({
            "attempts": s.attempts, "correct": s.correct, "accuracy": round(s.accuracy, 4), "solved": s.solved,
            "puzzles": total, "daily_streak": s.daily_streak, "best_streak": s.best_streak, "dailies": s.dailies,
            "themes": [
                {"theme": t.theme, "attempts": t.attempts, "correct": t.correct, "accuracy": round(t.accuracy, 4),
                 "weak": t.weak} for t in s.themes
            ],
            "weak": list(s.weak), "lessons": list(s.lessons), "database": str(path),
        })
        return
    from rich.table import Table
    from rich.text import Text

    con = console()
    con.print(Text("Your progress", style="bold"))
    con.print(f"  attempts {s.attempts} · right {s.correct} ({s.accuracy:.0%}) · puzzles solved {s.solved} of {total}")
    con.print(f"  daily streak {s.daily_streak} day(s) · best {s.best_streak} · dailies solved {s.dailies}")
    con.print(f"  lessons done: {', '.join(s.lessons) if s.lessons else 'none yet (try: sekwoo learn)'}")
    if s.themes:
        table = Table(box=None, header_style="bold", padding=(0, 2))
        for col in ("theme", "attempts", "right", "accuracy", ""):
            table.add_column(col)
        for t in sorted(s.themes, key=lambda t: t.accuracy):
            flag = Text("weak: sekwoo puzzle --theme " + t.theme, style="bold yellow") if t.weak else Text("")
            table.add_row(THEMES.get(t.theme, t.theme), str(t.attempts), str(t.correct), f"{t.accuracy:.0%}", flag)
        con.print(table)
    else:
        con.print("  no puzzle answered yet: try 'sekwoo daily'")


def learn(
    topic: Annotated[str | None, typer.Argument(help="The lesson: chee, pong, kong, ngan, winning-shape, fei, "
                                                     "flowers-fun, waits, discard. None lists them.")] = None,
    no_input: NoInputOpt = False,
    answers: Annotated[bool, typer.Option("--answers", help="Without input, show the exercises' answers too.")] = False,
) -> None:
    """Short lessons with cards drawn, each ending with exercises checked by the engine."""
    from tutor.teach.lessons import LESSONS, get_lesson

    con = console()
    if topic is None:
        _list_lessons(con, LESSONS)
        return
    with edge(False):
        lesson = get_lesson(topic)
        _teach(con, lesson, interactive(no_input), answers)


def _list_lessons(con: Console, lessons: tuple[Lesson, ...]) -> None:
    from rich.table import Table

    from tutor.errors import TutorError
    from tutor.teach.progress import Progress

    try:
        with Progress() as prog:
            done = set(prog.lessons_done())
    except TutorError:
        done = set()
    table = Table(box=None, header_style="bold", padding=(0, 2))
    for col in ("", "topic", "lesson", "about"):
        table.add_column(col)
    for k, lesson in enumerate(lessons, 1):
        table.add_row("✓" if lesson.topic in done else str(k), lesson.topic, lesson.title, lesson.summary)
    con.print(table)
    con.print("Start with: sekwoo learn chee")


def _teach(con: Console, lesson: Lesson, interactive: bool, answers: bool) -> None:
    from rich.padding import Padding
    from rich.text import Text

    from tutor.core.hands import Hand
    from tutor.engine.score import check
    from tutor.errors import PuzzleError
    from tutor.render.terminal import checked, hand_line
    from tutor.rules.load import load_rules
    from tutor.teach.lessons import LESSONS, exercises
    from tutor.teach.puzzle_engine import judge

    con.rule(Text(f"Lesson: {lesson.title}", style="bold"))
    rules = load_rules("3leg")
    for k, step in enumerate(lesson.steps):
        con.print(Padding(Text(step.text), (1, 0, 0, 2)))
        if step.hand:
            h = Hand.parse(step.hand)
            if step.check:
                con.print(Padding(checked(check(h, rules, step.seat)), (0, 0, 0, 4)))
            else:
                con.print(Text.assemble("    ", hand_line(h)))
        if interactive and k < len(lesson.steps) - 1 and (_ask(con, "  [Enter] next, q to stop > ") or "").strip() == "q":
            return
    tasks = exercises(lesson)
    con.print()
    con.rule(Text(f"Exercises ({len(tasks)})", style="bold"))
    right = 0
    for n, p in enumerate(tasks, 1):
        con.print(Text(f"\n  {n}. {p.question}", style="bold"))
        con.print(Text.assemble("     ", hand_line(Hand.parse(p.hand)),
                                Text(f"   ({p.seat.capitalize()})", style="dim")))
        if not interactive:
            if answers:
                con.print(Text(f"     answer: {p.answer}. {p.explanation}", style="dim"))
            else:
                con.print(Text("     answer hidden (run in a terminal to answer, or add --answers)", style="dim"))
            continue
        while True:
            text = _ask(con, "     your answer > ")
            if text is None:
                return
            try:
                v = judge(p, text)
            except PuzzleError as err:
                con.print(Text(f"     {err}", style="yellow"))
                continue
            break
        _show_verdict(con, v)
        right += v.correct
    if interactive:
        from tutor.teach.progress import Progress

        with Progress() as prog:
            prog.record_lesson(lesson.topic, len(tasks), right)
        con.print(Text(f"\n  {right} of {len(tasks)} right. Lesson saved.", style="bold"))
    following = [lsn for lsn in LESSONS[LESSONS.index(lesson) + 1:]][:1]
    if following:
        con.print(f"\nNext: sekwoo learn {following[0].topic}")
    else:
        con.print("\nNext: sekwoo daily")


def register(app: typer.Typer) -> None:
    """Add the tutor's commands to the ``sekwoo`` app."""
    app.command("learn")(learn)
    app.add_typer(puzzle_app, name="puzzle")
    app.command("daily")(daily)
    app.command("stats")(stats)


__all__ = ["daily", "learn", "puzzle_app", "register", "stats"]
