"""``sekwoo drill``: hands dealt from a seed and played against two simple opponents, every decision
graded by the solver. Asks in a terminal; reads one move a line from a pipe (for scripts)."""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer

from tutor.cli.common import JsonOpt, Progress, RulesOpt, SeatOpt, edge, emit, progress_bar

if TYPE_CHECKING:
    from tutor.table.drill import Question
    from tutor.table.moves import Move

SeedOpt = Annotated[int | None, typer.Option("--seed", help="The deal's seed: the same seed deals the same hand (default: a random one, printed).")]
BlindOpt = Annotated[bool, typer.Option("--blind", help="Grade the decisions at the end of each hand, not after each move.")]
HandsOpt = Annotated[int, typer.Option("--hands", min=1, help="Hands to play (seeds SEED, SEED+1, ...).")]
RecordOpt = Annotated[Path | None, typer.Option(
    "--record", help="Write the record of the hand here (default: drills/SEED-SEAT.txt in sekwoo's data folder).")]
NoSaveOpt = Annotated[bool, typer.Option("--no-save", help="Keep the results out of the progress database and write no record.")]


def drill(
    seed: SeedOpt = None,
    seat: SeatOpt = "east",
    rules: RulesOpt = "3leg",
    blind: BlindOpt = False,
    hands: HandsOpt = 1,
    record: RecordOpt = None,
    no_save: NoSaveOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Play a dealt hand against the other seats (two in 3-Leg: a real shuffled deck, bonus cards
    replaced, FEI in play); each decision graded: the best option, its expected FUN, yours, the FUN
    given up (in a terminal, a grade slow to come follows while you play on). Reads one move a line
    when stdin is not a terminal."""
    import random

    from tutor.cli import workers
    from tutor.core.words import plural
    from tutor.render.drill import graded_text, hand_over, summary_dict, summary_text, table_view
    from tutor.rules.load import load_rules
    from tutor.table.drill import (
        GRACE,
        HandSummary,
        Later,
        Player,
        QuitDrill,
        Summary,
        play_hand,
        read_move,
        why_no_win,
    )
    from tutor.table.grading import Graded

    out: TextIO = sys.stderr if as_json else sys.stdout
    say = painter(out)
    with edge(as_json):
        ruleset = load_rules(rules)
        seat_name = ruleset.seat(seat)
    first = random.SystemRandom().randrange(1_000_000) if seed is None else seed
    unit = ruleset.unit
    tty = sys.stdin.isatty()
    pending: list[Graded] = []
    unread: list[str] = []  # the piped lines that named no move
    ended: list[bool] = []  # the piped input ended in a hand
    caught_up: list[bool] = []  # a late grade was just shown: the move just made is named

    def ask(q: Question) -> Move:
        caught_up.clear()
        *shown, question = ("\n" + table_view(q)).split("\n")
        say("\n".join(shown))
        say(question, "bold")
        while True:
            line = input("> ") if tty and not as_json else sys.stdin.readline()
            if not tty and not line:
                ended.append(True)
                raise QuitDrill
            text = line.strip()
            if not tty:
                print(f"> {text}", file=out)
            if text.lower() in ("q", "quit", "exit"):
                raise QuitDrill
            if text in ("?", "help"):
                print("moves: " + ", ".join(m.label for m in q.legal), file=out)
                continue
            move = read_move(text, q.legal, lambda: why_no_win(q, ruleset))
            if isinstance(move, str):
                print(move, file=out)
                if not tty:  # said by the exit code if the input ends before the hand does
                    unread.append(text)
                continue
            return move

    def graded(g: Graded) -> None:
        if blind:
            pending.append(g)
            return
        if caught_up:
            say("and this move:")
            caught_up.clear()
        say(graded_text(g, unit), grade_style(g.loss))

    def deferred(q: Question, move: Move) -> None:
        say(f"  {move.label}: still weighing; its grade follows when it is ready")

    def late(g: Graded) -> None:
        what = f"your answer to {g.tile}" if g.kind == "claim" else "your move"
        say(f"earlier, {what} with {g.hand}" + (f" ({g.tile} drawn)" if g.kind == "turn" and g.tile else "") + ":")
        say(graded_text(g, unit), grade_style(g.loss))
        caught_up[:] = [True]

    told: list[int] = []  # the seeds whose end was shown before their grades came

    def hand_ended(hand: HandSummary) -> None:
        told.append(hand.seed)
        say("\n" + hand_over(hand, unit), "bold")

    # a grade slow to come follows at a terminal (the player plays on); a script reads each in turn
    later = (Later(0.0, lambda q, m: None, pending.append, hand_ended) if blind
             else Later(GRACE, deferred, late, hand_ended) if tty else None)
    player = Player(ruleset, seat_name, ask, graded, lambda: _waiting(as_json), cores=workers.cores(), later=later)
    summary = Summary(seat_name)
    print(f"sekwoo drill: {ruleset.title}, seat {seat_name}, seed {first}", file=out)
    playing: list[tuple[int, Path | None]] = []  # the seed and record's path of the hand being played, until written

    def where(k: int) -> Path | None:
        return record if record is None or hands == 1 else record.with_stem(f"{record.stem}-{first + k}")

    try:
        with edge(as_json):
            for k in range(hands):
                stop = False
                playing[:] = [(first + k, where(k))]
                try:
                    play_hand(ruleset, first + k, player)
                except (QuitDrill, EOFError):  # q, or the end of the input (Ctrl-D in a terminal)
                    stop = True
                    if tty:
                        print(file=out)  # off the prompt's line
                summary.hands.append(player.hand)
                playing.clear()
                _after_hand(player.hand, blind, pending, unit, out, where(k), no_save, ruleset.name, str(seat_name),
                            player.hand.seed in told)
                if stop:
                    break
    except (KeyboardInterrupt, typer.Exit) as err:  # Ctrl-C at the prompt, or in a search (exit 130 already)
        if isinstance(err, typer.Exit) and err.exit_code != 130:
            raise
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the drill ends: another Ctrl-C is no traceback
        print(file=out)
        hand = player.hand
        if playing and hand.seed == playing[0][0] and hand.record is not None:  # the hand so far is kept (no result: not in the stats)
            with contextlib.suppress(Exception):
                _after_hand(hand, blind, pending, unit, out, playing[0][1], no_save, ruleset.name, str(seat_name))
        if isinstance(err, KeyboardInterrupt):
            print("sekwoo: interrupted", file=sys.stderr)
        raise typer.Exit(130) from None
    if as_json:
        emit(summary_dict(summary, unit))
    else:
        print("\n" + summary_text(summary, unit), file=out)
    if unread and ended:  # a script whose moves went astray: not a success
        print(f"sekwoo: the input ended before the hand did; {plural(len(unread), 'line')} named no move, "
              f"the first {unread[0]!r}", file=sys.stderr)
        raise typer.Exit(1)


def painter(out: TextIO) -> Callable[..., None]:
    """Print a line of the drill to ``out``, in a style where ``out`` is a terminal that takes colour
    (rich decides: ``NO_COLOR``, ``--no-color`` and a dumb terminal turn it off); as plain text
    everywhere else, so a pipe reads the same bytes as before."""
    if not out.isatty():
        return lambda text, style=None: print(text, file=out)
    from rich.console import Console
    from rich.text import Text

    con = Console(file=out, highlight=False, soft_wrap=True)
    return lambda text, style=None: con.print(Text(text, style=style or ""))


def grade_style(loss: float) -> str:
    """The colour of a graded decision: green the best, yellow a small loss, red a mistake or a
    blunder (review's grades, docs/records.md)."""
    from tutor.table.review import BAD, grade

    name = grade(loss)
    return "green" if name == "best" else "red" if name in BAD else "yellow"


@contextmanager
def _waiting(as_json: bool) -> Iterator[Progress | None]:
    """The wait for a grade: a progress bar past a second (``progress_bar``); Ctrl-C ends the drill,
    exit 130, and a second Ctrl-C while it ends is ignored."""
    try:
        with progress_bar(as_json) as tick:
            yield tick
    except (KeyboardInterrupt, typer.Exit):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise


def _after_hand(hand: object, blind: bool, pending: list[Any], unit: str, out: TextIO, record: Path | None,
                no_save: bool, rules: str, seat: str, told: bool = False) -> None:
    """A hand's end: its result shown (unless ``told`` already), its blind grades, its record
    written, its result saved."""
    import shlex

    from tutor.errors import TutorError
    from tutor.render.drill import graded_text, hand_over
    from tutor.table.drill import HandSummary
    from tutor.table.grading import Graded
    from tutor.table.record import write_record
    from tutor.table.results import DrillRow, now, save
    from tutor.table.review import BAD, grade
    from tutor.teach.progress import data_dir

    assert isinstance(hand, HandSummary)
    say = painter(out)
    if hand.result is not None and not told:
        say("\n" + hand_over(hand, unit), "bold")
    if blind and pending:
        print("\nyour decisions, graded:", file=out)
        for g in pending:
            assert isinstance(g, Graded)
            print(f"{g.hand} {g.kind} {g.tile or ''}".rstrip(), file=out)
            say(graded_text(g, unit), grade_style(g.loss))
        pending.clear()
    if no_save:
        return
    if hand.record is not None:
        path = record if record is not None else data_dir() / "drills" / f"{hand.seed}-{seat}.txt"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(write_record(hand.record), encoding="utf-8")
        except OSError as err:
            raise TutorError(f"cannot write the record to {str(path)!r}: {err.strerror or err}") from None
        print(f"record written to {path}", file=out)
        if any(grade(d.loss) in BAD for d in hand.decisions):  # what ``review --keep`` keeps
            print(f"to play your mistakes again: sekwoo review {shlex.quote(str(path))} --keep, then sekwoo puzzle retry",
                  file=out)
    if hand.result is not None:
        r = hand.result
        ds = hand.decisions
        save(DrillRow(now(), rules, seat, hand.seed, len(ds), sum(d.is_best for d in ds), sum(d.loss for d in ds),
                      r.winner == seat, r.fun if r.winner == seat else 0, hand.ready_after))


def register(app: typer.Typer) -> None:
    """Add ``drill`` to the ``sekwoo`` app."""
    app.command()(drill)


__all__ = ["drill", "register"]
