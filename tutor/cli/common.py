"""What every ``sekwoo`` command shares: the common options, the error edge, JSON and rich output.

Library errors are caught once, at the edge (``edge``), and printed in one line: exit 1 for a bad
hand, rule set or file, 2 for a usage error; ``--json`` prints one JSON object and nothing else.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tutor.cli import complete
from tutor.errors import ArgumentError, ChoiceError, TutorError

if TYPE_CHECKING:
    from rich.console import Console

POSITIONAL = {"hand", "tile"}  # the library's parameters a command takes as arguments, not options
HandArg = Annotated[
    str, typer.Argument(metavar="HAND", help="The hand, e.g. '123d [555d] EEE RR F* 9d | f1 a3'.", show_default=False)
]
RulesOpt = Annotated[
    str, typer.Option("--rules", "-r", help="Rule set: a built-in name or a YAML file.", autocompletion=complete.rule_sets)
]
SeatOpt = Annotated[str, typer.Option("--seat", "-s", help="Your seat: east, south or west.", autocompletion=complete.seats)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object and nothing else.")]


def fail(message: str, as_json: bool, code: int = 1) -> typer.Exit:
    """Print one error line (and its JSON object with ``--json``); the exit to raise."""
    if as_json:
        print(json.dumps({"error": message}))
    print(f"sekwoo: {message}", file=sys.stderr)
    return typer.Exit(code)


@contextmanager
def edge(as_json: bool) -> Iterator[None]:
    """Turn library errors into one line on stderr: exit 2 for an option's value the library cannot
    use (a name that is none of the choices, a number out of range), 1 for a bad hand or file."""
    try:
        yield
    except ChoiceError as err:  # its message names the value, the choices and the nearest one
        raise fail(err.message, as_json, 2) from None
    except ArgumentError as err:  # the library names its parameter; the user typed our option or argument
        name = err.argument.upper() if err.argument in POSITIONAL else "--" + err.argument.replace("_", "-")
        raise fail(f"{name}: {err.message}", as_json, 2) from None
    except TutorError as err:
        raise fail(str(err), as_json) from None
    except MemoryError:
        raise fail("out of memory: this machine cannot hold the search; ask for fewer --draws or --exact-draws", as_json) from None


Progress = Callable[[int, int, int], None]


@contextmanager
def progress_bar(as_json: bool, after: float = 1.0) -> Iterator[Progress | None]:
    """A progress bar on stderr for a search that runs past ``after`` seconds, in a terminal only
    (nothing when stderr is piped or with ``--json``); Ctrl-C stops the search with exit 130.

    Yields the callback the solver calls with (states searched, options done, options in all)."""
    shown: list[Any] = []
    start = time.monotonic()

    def tick(states: int, done: int, total: int) -> None:
        if not shown:
            if time.monotonic() - start < after:
                return
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            bar = Progress(
                TextColumn("weighing the options"), BarColumn(), MofNCompleteColumn(),
                TextColumn("{task.fields[states]:,} hands searched"), TimeElapsedColumn(),
                console=Console(stderr=True), transient=True,
            )
            bar.start()
            shown.extend((bar, bar.add_task("search", total=total, states=states)))
        bar, task = shown
        bar.update(task, completed=done, states=states)

    try:
        yield tick if not as_json and sys.stderr.isatty() else None
    except KeyboardInterrupt:
        if shown:
            shown[0].stop()
            shown.clear()
        print("sekwoo: interrupted", file=sys.stderr)
        raise typer.Exit(130) from None
    finally:
        if shown:
            shown[0].stop()


def emit(data: dict[str, Any]) -> None:
    """Print one JSON object."""
    print(json.dumps(data, ensure_ascii=False))


def console() -> Console:
    """The rich console of the terminal views (rich is imported only here, when needed)."""
    from tutor.render.terminal import console as make

    return make()


def show(renderable: Any) -> None:
    """Print a rich view."""
    console().print(renderable)


def interactive(no_input: bool) -> bool:
    """Whether to ask the player: a terminal on stdin and no ``--no-input``."""
    return not no_input and sys.stdin.isatty()


__all__ = ["HandArg", "JsonOpt", "RulesOpt", "SeatOpt", "console", "edge", "emit", "fail", "interactive", "show"]
