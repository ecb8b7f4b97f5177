"""The tutor's commands: ``learn``, ``puzzle``, ``daily`` and ``stats``.

``register(app)`` adds them to the ``sekwoo`` typer app. This module is imported on every
``sekwoo`` call, so everything heavy (rich, sqlite3, yaml, the engine) is imported inside the
commands. Each command parses its options, calls the tutor (``tutor.teach``) and renders the
answer (``tutor.render.teach``). Interactive by default on a terminal; with ``--no-input``, or
when stdin is not a terminal, each command prints and exits, and ``--json`` prints one JSON
object and nothing else.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tutor.cli import complete, rating
from tutor.cli.common import JsonOpt, console, edge, emit, interactive
from tutor.cli.draw import write_svg
from tutor.cli.lesson import learn
from tutor.cli.prompt import NoInputOpt
from tutor.cli.prompt import ask as _ask
from tutor.cli.prompt import stops_on_ctrl_c as _stops_on_ctrl_c

if TYPE_CHECKING:
    from rich.console import Console

    from puzzles import Puzzle

ThemeOpt = Annotated[
    str | None, typer.Option("--theme", "-t", help="Only this theme (see 'sekwoo puzzle list').", autocompletion=complete.themes)
]
LevelOpt = Annotated[
    int | None, typer.Option("--level", "-l", help="Only this level: 1 easy, 2 medium, 3 hard.", autocompletion=complete.levels)
]
IdArg = Annotated[str, typer.Argument(metavar="ID", help="The puzzle's id, e.g. waits-003.", autocompletion=complete.puzzle_ids)]
SvgOpt = Annotated[Path | None, typer.Option("--svg", help="Also write a picture of the hand to this SVG file.")]


# --------------------------------------------------------------------------------------------
# The player's turns


@_stops_on_ctrl_c
def _play(con: Console, queue: list[Puzzle], daily: str | None = None, keep: bool = True) -> None:
    """Ask puzzles one after another until the queue ends or the player stops (``keep``: save
    each answer in the player's progress)."""
    from tutor.errors import PuzzleError
    from tutor.render.teach import show_problem, show_puzzle, show_tally, show_verdict
    from tutor.teach.answers import judge
    from tutor.teach.daily import daily_date
    from tutor.teach.play import record

    right = done = 0
    for p in queue:
        show_puzzle(con, p, "Daily puzzle" if daily else "Puzzle")
        while True:
            text = _ask(con, "  your answer (empty to skip, q to stop) > ")
            if text is None:
                show_tally(con, right, done, keep)
                return
            if not text.strip():
                break
            try:
                with con.status("weighing your answer…"):  # a wrong one is worked out by the solver
                    v = judge(p, text)
            except PuzzleError as err:
                show_problem(con, err, "  ")
                continue
            scored = record(v, daily_date(p)) if keep else False
            show_verdict(con, v)
            if keep:  # a puzzle played from a file is not rated
                rating.show_rating(con, v.puzzle)
            if daily is not None or scored:  # a daily, or today's met in the queue
                _daily_after(con, daily, scored)
            done += 1
            right += v.correct
            break
    show_tally(con, right, done, keep)


def _daily_after(con: Console, day: str | None, scored: bool) -> None:
    """After an answer to a daily: why it was practice if it was, and where today's daily stands."""
    from tutor.render.daily import practice_note, show_daily_status
    from tutor.teach.daily import daily_status
    from tutor.teach.progress import Progress

    with Progress(read_only=True) as prog:
        status = daily_status(prog)
    show_daily_status(con, status, practice_note(day, scored, status.today.isoformat()))


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
        given = [name for name, on in (("--theme", theme is not None), ("--level", level is not None),
                                       ("--no-input", no_input), ("--json", as_json)) if on]
        if given:  # the group's options: the subcommand would not see them
            sub = ctx.invoked_subcommand
            print(f"sekwoo: {', '.join(given)} {'go' if len(given) > 1 else 'goes'} after the command: "
                  f"sekwoo puzzle {sub} {' '.join(given)} ...", file=sys.stderr)
            raise typer.Exit(2)
        return
    from tutor.teach.play import queue as play_queue

    with edge(as_json):
        queue = play_queue(theme, level)
    _serve(queue, no_input, as_json, "no puzzle matches")


def _serve(queue: list[Puzzle], no_input: bool, as_json: bool, empty: str, file: Path | None = None) -> None:
    """Play the queue on a terminal; otherwise show its first puzzle (or one JSON object).
    Puzzles from a ``file`` are played without saving the answers."""
    from tutor.render.teach import puzzle_dict, show_puzzle

    if as_json:
        emit({"puzzle": puzzle_dict(queue[0]) if queue else None, "queued": len(queue)})
        return
    con = console()
    if not queue:
        con.print(empty)
        return
    if interactive(no_input):
        with edge(False):
            _play(con, queue, keep=file is None)
        return
    p = queue[0]
    show_puzzle(con, p)
    how = f"puzzle answer {p.id}" if file is None else f"puzzle play {_quoted(file)} --id {p.id} --answer"
    con.print(f"\nAnswer it with: sekwoo {how} 'YOUR ANSWER'")


@puzzle_app.command("retry")
def puzzle_retry(no_input: NoInputOpt = False, as_json: JsonOpt = False) -> None:
    """Replay the mistakes 'sekwoo review --keep' kept, then the puzzles you got wrong (most recent
    first), then new ones."""
    from tutor.cli.replay import mistake_dict, replay
    from tutor.core.words import plural
    from tutor.render.teach import puzzle_dict
    from tutor.table.mistakes import kept
    from tutor.teach.play import queue as play_queue

    with edge(as_json):
        queue = play_queue(retry=True)
        mistakes = kept()
    if as_json:
        emit({"puzzle": puzzle_dict(queue[0]) if queue else None, "queued": len(queue),
              "mistakes": [mistake_dict(m) for m in mistakes]})
        return
    con = console()
    if mistakes and interactive(no_input):
        with edge(False):
            done = replay(con)
        if done is None:
            return
        con.print(f"\nMistakes from your reviews: {done[0]} of {done[1]} right.")
    elif mistakes:
        con.print(f"{plural(len(mistakes), 'mistake')} kept from your reviews: play them in a terminal with 'sekwoo puzzle retry'.\n")
    _serve(queue, no_input, as_json, "nothing to retry and no new puzzle: well done")


@puzzle_app.command("next")
def puzzle_next(theme: ThemeOpt = None, no_input: NoInputOpt = False, as_json: JsonOpt = False) -> None:
    """Play the puzzle that suits you now: near your rating, from your weakest theme, never one seen."""
    p, data = rating.pick(theme, as_json)
    if as_json:
        emit(data)
        return
    _serve([] if p is None else [p], no_input, False, "no puzzle matches")


@puzzle_app.command("show")
def puzzle_show(
    puzzle_id: IdArg,
    svg: SvgOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show one puzzle (not its answer)."""
    from puzzles import get_puzzle
    from tutor.render.teach import puzzle_dict, puzzle_svg, show_puzzle

    with edge(as_json):
        p = get_puzzle(puzzle_id)
        data = puzzle_dict(p)
        if svg is not None:
            write_svg(svg, puzzle_svg(p, f"{p.id}: {p.question}"))
            data["svg"] = str(svg)
    if as_json:
        emit(data)
        return
    show_puzzle(console(), p)
    if svg is not None:
        print(f"sekwoo: wrote {svg}", file=sys.stderr)


@puzzle_app.command("answer")
def puzzle_answer(
    puzzle_id: IdArg,
    answer: Annotated[str, typer.Argument(help="Your answer: cards ('3d 6d'), a number, or yes/no.")],
    no_record: Annotated[bool, typer.Option("--no-record", help="Do not save this answer.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Answer a puzzle: right or wrong (exit 0 either way), the solution and why."""
    from puzzles import get_puzzle
    from tutor.render.teach import show_verdict, verdict_dict
    from tutor.teach.answers import judge
    from tutor.teach.daily import daily_date
    from tutor.teach.play import record

    with edge(as_json):
        p = get_puzzle(puzzle_id)
        v = judge(p, answer)
        daily = daily_date(p)
        scored = not no_record and record(v, daily)
    if as_json:
        emit(verdict_dict(v, not no_record, daily if scored else None) | rating.rating_json(p, not no_record))
        return
    con = console()
    show_verdict(con, v)
    rating.show_rating(con, p, not no_record)
    if daily is not None and not no_record:
        with edge(False):
            _daily_after(con, daily, scored)


@puzzle_app.command("list")
def puzzle_list(theme: ThemeOpt = None, level: LevelOpt = None, as_json: JsonOpt = False) -> None:
    """List the puzzles, one a line: solved ✓ or failed ✗ at the first try, or new (·)."""
    from puzzles import select
    from tutor.render.daily import puzzle_list_dict, show_puzzle_list
    from tutor.teach.progress import Progress

    with edge(as_json):
        chosen = select(theme, level)
        with Progress(read_only=True) as prog:
            marks = prog.marks()
    if as_json:
        emit(puzzle_list_dict(chosen, marks))
        return
    show_puzzle_list(console(), chosen, marks)


@puzzle_app.command("make")
def puzzle_make(
    theme: Annotated[str, typer.Option("--theme", "-t", help="The theme to make puzzles of.", autocompletion=complete.themes)],
    count: Annotated[int, typer.Option("--count", "-n", min=1, max=500, help="How many puzzles.")] = 10,
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed makes the same puzzles.")] = 1,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the YAML here (default: stdout).")] = None,
    level: LevelOpt = None,
    rules: Annotated[str, typer.Option("--rules", "-r", help="Rule set of the puzzles.", autocompletion=complete.rule_sets)] = "3leg",
    draws: Annotated[int, typer.Option("--draws", min=1, max=29, help="Draws assumed by the search themes (best-discard, claim-or-pass, kong-or-not, sink-or-keep, recall-fei).")] = 3,
    whole_round: Annotated[bool, typer.Option(
        "--round", help="Instead of --draws, assume the seat's draws in a whole round (as 'sekwoo discard' does).")] = False,
    prefix: Annotated[str | None, typer.Option("--prefix", help="Id prefix (default: the theme).")] = None,
    start: Annotated[int, typer.Option("--start", min=1, help="Number of the first id.")] = 1,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the puzzles made (with answers) as one JSON object instead of the YAML.")] = False,
) -> None:
    """Make new puzzles from random deals, keeping only those the engine proves have one answer.

    The YAML records the seed and settings (the same command makes it again) and plays with
    'sekwoo puzzle play FILE'.
    """
    from typing import Literal

    from puzzles import dump_file
    from tutor.errors import TutorError
    from tutor.teach.generate import generator, make

    horizon: int | Literal["round"] = "round" if whole_round else draws
    shown = sys.stderr.isatty() and not as_json  # the progress on a line of the terminal
    with edge(as_json):
        made = make(theme, count, seed, rules=rules, prefix=prefix, start=start, level=level, draws=horizon,
                    progress=_making(count) if shown else None)
        if shown:
            print("\r\033[K", end="", file=sys.stderr)  # the progress line, cleared
        text = dump_file(theme, made, generator=generator(count, seed, rules=rules, prefix=prefix, start=start,
                                                          level=level, draws=horizon))
        if out is not None:
            try:
                out.write_text(text, encoding="utf-8")
            except OSError as err:
                raise TutorError(f"cannot write {str(out)!r}: {err.strerror}") from None
    if as_json:
        from tutor.render.teach import puzzle_dict

        emit({"theme": theme, "asked": count, "kept": len(made), "out": str(out) if out else None,
              "puzzles": [puzzle_dict(p) | {"answer": p.answer, "explanation": p.explanation} for p in made]})
        return
    if out is None:
        sys.stdout.write(text)
    from tutor.core.words import plural

    note = f"sekwoo: kept {plural(len(made), 'puzzle')} of {theme}" + (f" in {out}" if out else "")
    if len(made) < count:
        note += f" (asked for {count}; try another seed)"
    print(note, file=sys.stderr)


def _making(count: int) -> Callable[[int, int], None]:
    """A line on stderr, rewritten as the puzzles are made: kept so far, deals tried."""
    def tell(kept: int, tried: int) -> None:
        print(f"\rmaking puzzles: {kept} of {count} kept, {tried} deals tried", end="", file=sys.stderr, flush=True)
    return tell


@puzzle_app.command("play")
def puzzle_play(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A puzzle file (YAML), e.g. one 'sekwoo puzzle make' wrote.")],
    puzzle_id: Annotated[str | None, typer.Option("--id", help="Only this puzzle of the file.")] = None,
    answer: Annotated[str | None, typer.Option("--answer", "-a", help="Answer the (first) puzzle now: right or wrong, and why (scriptable).")] = None,
    no_input: NoInputOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Play the puzzles of a YAML file in order; your answers are not saved in your progress."""
    from puzzles import read_file
    from tutor.errors import ChoiceError, PuzzleError

    with edge(as_json):
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            why = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
            raise PuzzleError(f"cannot read {str(file)!r}: {why}") from None
        queue = list(read_file(text, str(file))[0])
        if puzzle_id is not None:
            ids = [p.id for p in queue]
            if puzzle_id not in ids:
                raise ChoiceError("id", puzzle_id, ids, f"no puzzle {puzzle_id!r} in {file}")
            queue = [p for p in queue if p.id == puzzle_id]
        if answer is not None:
            if not queue:
                raise PuzzleError(f"{file} holds no puzzle")
            from tutor.teach.answers import judge

            verdict = judge(queue[0], answer)
    if answer is None:
        _serve(queue, no_input, as_json, f"{file} holds no puzzle", file=file)
        return
    from tutor.render.teach import show_verdict, verdict_dict

    if as_json:
        emit(verdict_dict(verdict, False, None))
        return
    show_verdict(console(), verdict)


def _quoted(path: Path) -> str:
    """A path as a shell word."""
    import shlex

    return shlex.quote(str(path))


def daily(
    day: Annotated[str | None, typer.Option(
        "--date", "-d", help="A past date, YYYY-MM-DD, to play its daily as practice (default: today).")] = None,
    answer: Annotated[str | None, typer.Option("--answer", "-a", help="Answer it now (scriptable).")] = None,
    svg: SvgOpt = None,
    no_input: NoInputOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """The puzzle of the day, the same for everyone: the first answer today counts for the streak."""
    from datetime import date

    from tutor.errors import TutorError
    from tutor.render.daily import daily_status_dict, practice_note, show_daily_status, show_note
    from tutor.render.teach import puzzle_dict, puzzle_svg, show_puzzle, show_verdict, verdict_dict
    from tutor.teach.answers import judge
    from tutor.teach.daily import check_date, daily_date, daily_puzzle, daily_status, parse_date
    from tutor.teach.play import record
    from tutor.teach.progress import Progress

    with edge(as_json):
        today = date.today()
        when = parse_date(day) if day is not None else today
        check_date(when, today)  # a daily still to come is refused, and not shown
        p = daily_puzzle(when)
        if svg is not None:
            write_svg(svg, puzzle_svg(p, f"Daily puzzle {when.isoformat()}"))
        try:
            verdict = judge(p, answer) if answer is not None else None
        except TutorError:  # an answer the puzzle cannot read: show what it asks, then why
            if not as_json:
                show_puzzle(console(), p, f"Daily puzzle {when.isoformat()} ·")
            raise
        counts_for = daily_date(p, today)
        scored = verdict is not None and record(verdict, counts_for)
        with Progress(read_only=True) as prog:
            status = daily_status(prog)
    practice = when != today
    note = practice_note(when.isoformat(), scored, today.isoformat())
    if as_json:
        data = puzzle_dict(p) | {"date": when.isoformat(), "practice": practice}
        if verdict is not None:
            data |= verdict_dict(verdict, True, counts_for if scored else None) | {"scored": scored}
            data |= rating.rating_json(p, True)
        emit(data | {"today": daily_status_dict(status)})
        return
    con = console()
    heading = f"Daily puzzle {when.isoformat()}{' (practice)' if practice else ''} ·"
    if verdict is not None:
        show_puzzle(con, p, heading)
        show_verdict(con, verdict)
        rating.show_rating(con, p)
        show_daily_status(con, status, note)
    elif not practice and status.answered:
        show_daily_status(con, status)
        con.print(f"\nAgain, as practice: sekwoo puzzle answer {p.id} 'YOUR ANSWER'")
    elif interactive(no_input):
        if practice and note is not None:
            show_note(con, note)
        with edge(False):
            _play(con, [p], daily=when.isoformat())
    else:
        show_puzzle(con, p, heading)
        date_opt = f" --date {when.isoformat()}" if practice else ""
        con.print(f"\nAnswer it with: sekwoo daily{date_opt} --answer 'YOUR ANSWER'")


def stats(
    svg: Annotated[Path | None, typer.Option("--svg", help="Also write the rating history as an SVG chart to this file.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Your progress: attempts, daily streak, accuracy per theme (weak themes flagged), rating chart."""
    from puzzles import load_puzzles
    from tutor.render.teach import show_stats, stats_dict
    from tutor.teach.progress import Progress

    with edge(as_json):
        with Progress(read_only=True) as prog:  # reading only: a read-only home still shows it
            s = prog.stats()
            path = prog.path
        total = len(load_puzzles())
    ratings, show_ratings = rating.stats_rating(svg, as_json)
    from tutor.render.drill import drill_stats_dict, drill_stats_text
    from tutor.table.results import stats as drill_stats

    with edge(as_json):
        drilled = drill_stats(path)
    if as_json:
        emit(stats_dict(s, total, path) | ratings | {"drill": drill_stats_dict(drilled)})
        return
    show_stats(console(), s, total)
    console().print("  " + drill_stats_text(drilled, "FUN"), highlight=False)
    show_ratings(console())


def register(app: typer.Typer) -> None:
    """Add the tutor's commands to the ``sekwoo`` app."""
    app.command("learn")(learn)
    app.add_typer(puzzle_app, name="puzzle")
    app.command("daily")(daily)
    app.command("stats")(stats)


__all__ = ["daily", "learn", "puzzle_app", "register", "stats"]
