"""The player's prompts, the same in every tutor command: ``q`` stops, an empty line skips,
Ctrl-D ends quietly, Ctrl-C ends the command with exit 130."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Annotated, ParamSpec

import typer

if TYPE_CHECKING:
    from rich.console import Console

P = ParamSpec("P")
NoInputOpt = Annotated[
    bool, typer.Option("--no-input", help="Never ask: print and exit (the default when stdin is not a terminal).")
]


QUIT = frozenset({"q", "quit", "exit"})
"""What a player types to stop, at every prompt."""


def ask(con: Console, prompt: str) -> str | None:
    """A line typed by the player; None at end of input (Ctrl-D) or on ``q``. Ctrl-C stops the
    command: exit 130."""
    try:
        text = con.input(prompt)
    except EOFError:
        con.print()
        return None
    except KeyboardInterrupt:
        raise interrupted(con) from None
    return None if text.strip().lower() in QUIT else text


def interrupted(con: Console | None = None) -> typer.Exit:
    """Ctrl-C: a second Ctrl-C cannot break the way out; say so; the exit (130) to raise."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if con is not None:
        con.print()  # the prompt's line ends
    print("sekwoo: interrupted", file=sys.stderr)
    return typer.Exit(130)


def stops_on_ctrl_c(play: Callable[P, None]) -> Callable[P, None]:
    """A player's session that Ctrl-C ends with exit 130, at a prompt or while the tutor works."""

    @wraps(play)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            play(*args, **kwargs)
        except KeyboardInterrupt:
            raise interrupted() from None

    return run


__all__ = ["QUIT", "NoInputOpt", "ask", "interrupted", "stops_on_ctrl_c"]
