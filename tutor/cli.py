"""The ``sekwoo`` command: thin typer commands over the library.

Each command parses its input, calls the library, and renders the answer (rich) or prints one
JSON object (``--json``). Library errors are caught once, here, and printed in one line: exit 1
for a bad hand or rule set, 2 for a usage error; no traceback reaches the user.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer

from tutor.errors import TutorError

app = typer.Typer(
    name="sekwoo",
    help="Hand analyser and tutor for Malaysian 3-Leg mahjong: does it win, for how many FUN, "
    "what does it wait on, what to discard. Hands are written like '123d 555d EEE RR F* | f1'.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)

HandArg = Annotated[str, typer.Argument(help="The hand, e.g. '123d [555d] EEE RR F* 9d | f1 a3'.", show_default=False)]
RulesOpt = Annotated[str, typer.Option("--rules", "-r", help="Rule set: a built-in name or a YAML file.")]
SeatOpt = Annotated[str, typer.Option("--seat", "-s", help="Your seat: east, south or west.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object and nothing else.")]


def _fail(message: str, as_json: bool, code: int = 1) -> typer.Exit:
    if as_json:
        print(json.dumps({"error": message}))
    print(f"sekwoo: {message}", file=sys.stderr)
    return typer.Exit(code)


@contextmanager
def _edge(as_json: bool) -> Iterator[None]:
    """Turn library errors into one line on stderr and exit code 1."""
    try:
        yield
    except TutorError as err:
        raise _fail(str(err), as_json) from None


def _emit(data: dict[str, Any]) -> None:
    print(json.dumps(data, ensure_ascii=False))


def _show(renderable: Any) -> None:
    from tutor.render import console

    console().print(renderable)


@app.command()
def parse(hand: HandArg, as_json: JsonOpt = False) -> None:
    """Read a hand and show its cards and canonical form."""
    from tutor.hands import Hand
    from tutor.report import hand_dict

    with _edge(as_json):
        h = Hand.parse(hand)
    if as_json:
        _emit(hand_dict(h))
        return
    from tutor.render import parsed

    _show(parsed(h))


@app.command()
def check(
    hand: HandArg,
    rules: RulesOpt = "3leg",
    seat: SeatOpt = "east",
    tin_woo: Annotated[bool, typer.Option("--tin-woo", help="East won on the dealt hand (limit).")] = False,
    dei_woo: Annotated[bool, typer.Option("--dei-woo", help="South/West won on the dealer's first discard (limit).")] = False,
    four_fei: Annotated[bool, typer.Option("--four-fei", help="The starting hand held four FEI (limit, instant claim).")] = False,
    situation: Annotated[
        list[str] | None, typer.Option("--situation", "-x", help="Another situation the rule set names (repeatable).")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Does this hand win, and for how many FUN? Shows the best reading and the FUN table."""
    from tutor.hands import Hand
    from tutor.rules import load_rules
    from tutor.scoring import check as judge

    flags = set(situation or ())
    flags |= {f for f, on in (("tin_woo", tin_woo), ("dei_woo", dei_woo), ("four_fei", four_fei)) if on}
    with _edge(as_json):
        rule_set = load_rules(rules)
        result = judge(Hand.parse(hand), rule_set, seat, frozenset(flags))
    if as_json:
        from tutor.report import check_dict

        _emit(check_dict(result))
        return
    from tutor.render import checked

    _show(checked(result))


def main() -> None:
    """Entry point of the ``sekwoo`` console script."""
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        print("sekwoo: interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    except Exception as err:  # noqa: BLE001 - the last line of defence: never a traceback
        print(f"sekwoo: internal error ({type(err).__name__}: {err}); please report this hand", file=sys.stderr)
        raise SystemExit(1) from None
