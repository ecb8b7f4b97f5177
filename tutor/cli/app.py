"""The ``sekwoo`` command: thin typer commands over the library.

Each command parses its input, calls the library, and renders the answer (rich) or prints one
JSON object (``--json``). Library errors are caught once, here, and printed in one line: exit 1
for a bad hand or rule set, 2 for a usage error; no traceback reaches the user.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer

from tutor.errors import NotationError, TutorError

app = typer.Typer(
    name="sekwoo",
    help="Hand analyser and tutor for Malaysian 3-Leg mahjong: does it win, for how many FUN, "
    "what does it wait on, what to discard. Hands are written like '123d 555d EEE RR F* | f1'.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)

HandArg = Annotated[
    str, typer.Argument(metavar="HAND", help="The hand, e.g. '123d [555d] EEE RR F* 9d | f1 a3'.", show_default=False)
]
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
    from tutor.render.terminal import console

    console().print(renderable)


@app.command()
def parse(hand: HandArg, as_json: JsonOpt = False) -> None:
    """Read a hand and show its cards and canonical form."""
    from tutor.core.hands import Hand
    from tutor.render.data import hand_dict

    with _edge(as_json):
        h = Hand.parse(hand)
    if as_json:
        _emit(hand_dict(h))
        return
    from tutor.render.terminal import parsed

    _show(parsed(h))


TinWoo = Annotated[bool, typer.Option("--tin-woo", help="East won on the dealt hand (limit).")]
DeiWoo = Annotated[bool, typer.Option("--dei-woo", help="South/West won on the dealer's first discard (limit).")]
FourFei = Annotated[bool, typer.Option("--four-fei", help="The starting hand held four FEI (limit, instant claim).")]
SituationOpt = Annotated[
    list[str] | None, typer.Option("--situation", "-x", help="Another situation the rule set names (repeatable).")
]
SeenOpt = Annotated[
    str, typer.Option("--seen", help="Cards seen elsewhere (discards, others' sets), e.g. '5d 5d E'.")
]
DrawsOpt = Annotated[
    int | None,
    typer.Option("--draws", "-n", min=0, max=30, help="Own draws left for the expected-FUN search (default: 3, or 2 when 3 is too large to search exactly).", show_default=False),
]


def _flags(tin_woo: bool, dei_woo: bool, four_fei: bool, situation: list[str] | None) -> frozenset[str]:
    flags = set(situation or ())
    flags |= {f for f, on in (("tin_woo", tin_woo), ("dei_woo", dei_woo), ("four_fei", four_fei)) if on}
    return frozenset(flags)


def _seen(text: str) -> list[Any]:
    """The cards given with ``--seen``: loose cards that can be drawn (no sets, no bonus cards)."""
    from notation import parse_tiles

    if not text.strip():
        return []
    try:
        return parse_tiles(text)
    except NotationError as err:
        if "bonus cards" in err.message:  # the pool holds no bonus card: say so, not "go after '|'"
            raise NotationError(err.text, err.column, "--seen lists cards that can be drawn, not bonus cards") from None
        raise NotationError(err.text, err.column, f"{err.message} (in --seen)") from None


@app.command()
def check(
    hand: HandArg,
    rules: RulesOpt = "3leg",
    seat: SeatOpt = "east",
    tin_woo: TinWoo = False,
    dei_woo: DeiWoo = False,
    four_fei: FourFei = False,
    situation: SituationOpt = None,
    payout: Annotated[bool, typer.Option("--payout", help="Also show who pays the winner what.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Does this hand win, and for how many FUN? Shows the best reading and the FUN table."""
    from tutor.core.hands import Hand
    from tutor.engine.score import check as judge
    from tutor.rules.load import load_rules

    paid = None
    with _edge(as_json):
        rule_set = load_rules(rules)
        result = judge(Hand.parse(hand), rule_set, seat, _flags(tin_woo, dei_woo, four_fei, situation))
        if payout:
            from tutor.engine.payout import payout as pay

            paid = pay(result, rule_set)
    if as_json:
        from tutor.render.data import check_dict, payout_dict

        _emit(check_dict(result) | ({"payout": payout_dict(paid)} if payout else {}))
        return
    from tutor.render.terminal import checked, payout_view

    _show(checked(result))
    if paid is not None:
        _show(payout_view(paid))


def _answer(as_json: bool, compute: Callable[[], Any], json_of: str, view_of: str) -> None:
    """Run ``compute`` at the error edge, then print ``report.<json_of>`` or ``render.<view_of>``
    of its result (both modules imported only when needed, to keep a cold call fast)."""
    with _edge(as_json):
        result = compute()
    if as_json:
        from tutor.render import data as report

        _emit(getattr(report, json_of)(result))
        return
    from tutor.render import terminal as render

    _show(getattr(render, view_of)(result))


@app.command()
def waits(
    hand: HandArg,
    rules: RulesOpt = "3leg",
    seat: SeatOpt = "east",
    seen: SeenOpt = "",
    tin_woo: TinWoo = False,
    dei_woo: DeiWoo = False,
    four_fei: FourFei = False,
    situation: SituationOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """What does this 13-card hand wait on? Every card that completes it, its FUN, how many are left."""
    from tutor.core.hands import Hand
    from tutor.engine.solver import waits as find_waits
    from tutor.rules.load import load_rules

    flags = _flags(tin_woo, dei_woo, four_fei, situation)
    _answer(
        as_json, lambda: find_waits(Hand.parse(hand), load_rules(rules), seat, flags, _seen(seen)),
        "waits_dict", "waits_view",
    )


@app.command()
def discard(
    hand: HandArg,
    rules: RulesOpt = "3leg",
    seat: SeatOpt = "east",
    draws: DrawsOpt = None,
    seen: SeenOpt = "",
    tin_woo: TinWoo = False,
    dei_woo: DeiWoo = False,
    four_fei: FourFei = False,
    situation: SituationOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """What should this 14-card hand discard? Every option ranked by exact expected FUN, explained."""
    from tutor.core.hands import Hand
    from tutor.engine.solver import discard as rank
    from tutor.rules.load import load_rules

    flags = _flags(tin_woo, dei_woo, four_fei, situation)
    _answer(
        as_json, lambda: rank(Hand.parse(hand), load_rules(rules), seat, draws, _seen(seen), flags),
        "discard_dict", "discard_view",
    )


@app.command()
def analyze(
    hand: HandArg,
    rules: RulesOpt = "3leg",
    seat: SeatOpt = "east",
    draws: DrawsOpt = None,
    seen: SeenOpt = "",
    tin_woo: TinWoo = False,
    dei_woo: DeiWoo = False,
    four_fei: FourFei = False,
    situation: SituationOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Check, waits or discard, chosen from the hand: 13 cards wait, 14 are checked or discarded from."""
    from tutor.cli.analysis import analyze as run

    with _edge(as_json):
        kind, data, view = run(hand, rules, seat, draws, _seen(seen), _flags(tin_woo, dei_woo, four_fei, situation))
    if as_json:
        _emit({"kind": kind, **data})
        return
    _show(view())


@app.command()
def batch(
    source: Annotated[str, typer.Argument(help="A file with one hand per line, or '-' for standard input.")],
    kind: Annotated[
        str, typer.Option("--kind", "-k", help="check, waits, discard, shanten, parse, or analyze (by size).")
    ] = "analyze",
    rules: RulesOpt = "3leg",
    seat: SeatOpt = "east",
    draws: DrawsOpt = None,
) -> None:
    """Analyse many hands: one hand per line in, one JSON object per line out (blank and # lines skipped)."""
    from tutor.cli.analysis import KINDS, batch_lines

    if kind not in KINDS:
        raise _fail(f"--kind must be one of {', '.join(KINDS)}, not {kind!r}", False, 2)
    try:
        stream = sys.stdin if source == "-" else open(source, encoding="utf-8")  # noqa: SIM115
    except OSError as err:
        raise _fail(f"cannot read {source!r}: {err.strerror}", False) from None
    failed = 0
    with stream, _edge(False):
        for record in batch_lines(stream, kind, rules, seat, draws):
            failed += "error" in record
            print(json.dumps(record, ensure_ascii=False), flush=False)
    sys.stdout.flush()
    if failed:
        print(f"sekwoo: {failed} line(s) could not be analysed (see their 'error')", file=sys.stderr)
        raise typer.Exit(1)


# The tutor's and the rule sets' commands live in their own modules (imported cheaply: their
# heavy imports happen inside the commands).
from tutor.cli.rules import register as _register_rules
from tutor.cli.teach import register as _register_tutor

_register_tutor(app)
_register_rules(app)


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
