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
            app()
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


def _internal(err: Exception) -> None:
    print(f"sekwoo: internal error ({type(err).__name__}: {err}); please report this hand", file=sys.stderr)
    raise SystemExit(1) from None
