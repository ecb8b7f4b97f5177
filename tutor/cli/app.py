"""The ``sekwoo`` command: the typer app, its commands registered from their modules, and ``main``.

Commands are thin: each parses its input, calls the library, and renders the answer (rich) or
prints one JSON object (``--json``). Library errors are caught at the edge (``tutor.cli.common``)
and printed in one line; ``main`` is the last line of defence, so no traceback reaches the user.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

app = typer.Typer(
    name="sekwoo",
    help="Hand analyser and tutor for Malaysian 3-Leg mahjong: does it win, for how many FUN, "
    "what does it wait on, what to discard. Hands are written like '123d 555d EEE RR F* | f1'.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)



def _version(value: bool) -> None:
    """``--version``: print the version and stop."""
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            print(f"sekwoo {version('sekwoo')}")
        except PackageNotFoundError:  # run from a source tree that was never installed
            print("sekwoo (version unknown: not installed)")
        raise typer.Exit()


@app.callback()
def options(
    version: Annotated[
        bool, typer.Option("--version", "-V", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
    no_color: Annotated[
        bool, typer.Option("--no-color", help="No colour (as the NO_COLOR environment variable does).")
    ] = False,
) -> None:
    """Options of every command, given before it: ``sekwoo --no-color check HAND``."""
    if no_color:  # rich's every console (and this process's children) read it
        os.environ["NO_COLOR"] = "1"


# The tutor's and the rule sets' commands live in their own modules (imported cheaply: their
# heavy imports happen inside the commands).
from tutor.cli import analyze, decide, draw, drill, review, rules, teach

analyze.register(app)
decide.register(app)
teach.register(app)
draw.register(app)
rules.register(app)
drill.register(app)
review.register(app)


def _unwrapped(commands: typer.Typer) -> None:
    """Each command's help a paragraph a line: with rich markup, typer keeps a docstring's line
    breaks, which then cut the help (and its line in ``sekwoo --help``) mid-sentence at any width."""
    from inspect import getdoc

    for info in commands.registered_commands:
        text = info.help or getdoc(info.callback) or ""
        info.help = "\n\n".join(" ".join(paragraph.split()) for paragraph in text.split("\n\n"))
    for group in commands.registered_groups:
        if group.typer_instance is not None:
            _unwrapped(group.typer_instance)


_unwrapped(app)


def main() -> None:
    """Entry point of the ``sekwoo`` console script."""
    from tutor.cli.streams import (
        WRITE_ERRORS,
        bad_argument,
        output_failed,
        pipe_closed,
        plain_streams,
        stdout_identity,
    )

    plain_streams()
    problem = bad_argument(sys.argv[1:])
    if problem:
        print(f"sekwoo: {problem}", file=sys.stderr)
        raise SystemExit(2)
    stdout = stdout_identity()
    try:
        try:
            _run(_for(sys.argv[1:]))
        finally:
            if pipe_closed(stdout):
                output_failed(None)
                raise SystemExit(1)
            sys.stdout.flush()  # what stdout still holds: a write error here is caught below
    except SystemExit:
        raise
    except OSError as err:
        if err.errno not in WRITE_ERRORS:
            _internal(err)
        output_failed(err)
        raise SystemExit(1) from None
    except KeyboardInterrupt:
        print("sekwoo: interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    except Exception as err:  # noqa: BLE001 - the last line of defence: never a traceback
        _internal(err)


def _for(args: list[str]) -> typer.Typer:
    """The app with only the command the arguments name, or the whole app where they name none.

    typer reads the signature of every registered command before it runs one (about 15 ms of a
    cold call for the 15 commands); a command's options, help and errors do not depend on the
    others. ``sekwoo``, ``sekwoo --help`` and a misspelt command (with its suggestion) keep all.
    The group's own options are flags, so the first argument not an option is the command.
    """
    from copy import copy

    from typer.main import get_command_name

    name = next((arg for arg in args if not arg.startswith("-")), None)
    commands = [c for c in app.registered_commands
                if (c.name or get_command_name(c.callback.__name__ if c.callback else "")) == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if not commands and not groups:
        return app
    one = copy(app)
    one.registered_commands, one.registered_groups = commands, groups
    return one


def _run(command: typer.Typer) -> None:
    """Run the command and exit with its code; a usage error that typer would draw in a panel of
    five lines (an unknown option, an argument missing or left over) is one line on stderr, exit 2."""
    try:
        code = command(prog_name="sekwoo", standalone_mode=False)
    except typer.Abort:  # end of input at a prompt
        print("sekwoo: aborted", file=sys.stderr)
        raise SystemExit(1) from None
    except Exception as err:
        exit_code = getattr(err, "exit_code", None)
        if not isinstance(exit_code, int) or not hasattr(err, "format_message"):
            raise
        if type(err).__name__ != "NoArgsIsHelpError":  # else the help is what was shown
            print(f"sekwoo: {_usage(err)}", file=sys.stderr)
        raise SystemExit(exit_code) from None
    raise SystemExit(code if isinstance(code, int) else 0)


def _usage(err: Exception) -> str:
    """A usage error in one line, with where to read more."""
    message = " ".join(str(err.format_message()).split())  # type: ignore[attr-defined]
    if message.startswith("Got unexpected extra argument"):
        message += "; a hand with spaces goes in quotes, as in sekwoo check \"123d 456d EEE RR\""
    ctx = getattr(err, "ctx", None)
    path = ctx.command_path if ctx is not None else "sekwoo"
    return f"{message} (see '{path} --help')"


def _internal(err: Exception) -> None:
    print(f"sekwoo: internal error ({type(err).__name__}: {err}); please report this hand", file=sys.stderr)
    raise SystemExit(1) from None
