"""The analysis commands: ``parse``, ``check``, ``waits``, ``discard``, ``analyze`` and ``batch``.

Each parses its input, calls the library and hands the result to a renderer (rich, or one JSON
object with ``--json``); heavy modules are imported inside the commands to keep a cold call fast.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache, partial
from pathlib import Path
from typing import IO, Annotated, Any

import typer

from tutor.cli import complete
from tutor.cli.common import (
    HandArg,
    JsonOpt,
    RulesOpt,
    SeatOpt,
    edge,
    emit,
    fail,
    progress_bar,
    show,
)
from tutor.errors import ArgumentError, NotationError, TutorError


def parse(hand: HandArg, rules: RulesOpt = "3leg", as_json: JsonOpt = False) -> None:
    """Read a hand and show its cards and canonical form; a hand the rule set cannot deal (a fifth
    copy, a card it lacks, too many cards) is an error."""
    from tutor.core.hands import Hand
    from tutor.engine.scoring.check import validate
    from tutor.render.data import hand_dict
    from tutor.rules.load import load_rules

    with edge(as_json):
        h = Hand.parse(hand)
        validate(h, load_rules(rules))
    if as_json:
        emit(hand_dict(h))
        return
    from tutor.render.terminal import parsed

    show(parsed(h))


TinWoo = Annotated[bool, typer.Option("--tin-woo", help="East won on the dealt hand (limit).")]
DeiWoo = Annotated[bool, typer.Option("--dei-woo", help="South/West won on the dealer's first discard (limit).")]
FourFei = Annotated[bool, typer.Option("--four-fei", help="The starting hand held four FEI (limit, instant claim).")]
SituationOpt = Annotated[
    list[str] | None,
    typer.Option("--situation", "-x", help="Another situation the rule set names (repeatable).",
                 autocompletion=complete.situations),
]
SeenOpt = Annotated[
    str, typer.Option("--seen", help="Cards seen elsewhere (discards, others' sets), e.g. '5d 5d E'.")
]
DrawsOpt = Annotated[
    int | None,
    typer.Option("--draws", "-n", min=0, help="Own draws left for the expected-FUN search (default: the seat's draws in a whole round, 9 for East in 3leg; at most the draws a seat has in a round).", show_default=False),
]
WallOpt = Annotated[
    int | None,
    typer.Option("--wall", "-w", min=0, help="Playing cards left in the deck: search your share of them (the draws left in the round).", show_default=False),
]
DrawnOpt = Annotated[
    str | None,
    typer.Option("--drawn", help="The card just drawn: recalling a FEI that stands for it in a set laid down becomes an option.", show_default=False),
]
ExactOpt = Annotated[
    int | None,
    typer.Option("--exact-draws", min=0, help="Draws over which every discard is weighed; after them the search keeps the draws that bring a win closer (default: every draw of a horizon of at most 3, else none).", show_default=False),
]
MovesOpt = Annotated[
    bool,
    typer.Option("--moves-in-search/--no-moves-in-search",
                 help="After each exact draw but the last, weigh sinking a FEI, KONGs and recalls beside the discards (RULES §5.4). Off: the discards alone after each draw, and a note says so."),
]
HandChangeOpt = Annotated[
    bool,
    typer.Option("--hand-change", help="After the exact draws, a draw that brings no win closer may also be kept, once, for a discard that keeps the distance to a win (docs/solver.md, \"The hand change\")."),
]


def situation_flags(tin_woo: bool, dei_woo: bool, four_fei: bool, situation: list[str] | None) -> frozenset[str]:
    """The situations the options name, as the library's flags."""
    flags = set(situation or ())
    flags |= {f for f, on in (("tin_woo", tin_woo), ("dei_woo", dei_woo), ("four_fei", four_fei)) if on}
    return frozenset(flags)


def seen_cards(text: str) -> list[Any]:
    """The cards given with ``--seen``: loose cards that can be drawn (no sets, no bonus cards)."""
    from notation import parse_tiles

    if not text.strip():
        return []
    try:
        return parse_tiles(text)
    except NotationError as err:  # a usage error: the option's value, not the hand
        if "bonus cards" in err.message:  # the pool holds no bonus card: say so, not "go after '|'"
            raise ArgumentError("seen", f"{text!r} lists cards that can be drawn, not bonus cards") from None
        raise ArgumentError("seen", str(err).replace("bad hand", "bad cards", 1)) from None


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
    from tutor.engine.scoring.check import check as judge
    from tutor.rules.load import load_rules

    paid = unpaid = None
    with edge(as_json):
        rule_set = load_rules(rules)
        result = judge(Hand.parse(hand), rule_set, seat, situation_flags(tin_woo, dei_woo, four_fei, situation))
        if payout and rule_set.spec.payout is None:  # the check still stands: say why no payout follows
            unpaid = f"{rule_set.name} has no payout table ('payout:' in its YAML), so no payout is shown"
        elif payout:
            from tutor.engine.scoring.payout import payout as pay

            paid = pay(result, rule_set)
    if as_json:
        from tutor.render.data import check_dict, payout_dict

        extra = {"payout": None, "payout_note": unpaid} if unpaid else {"payout": payout_dict(paid)} if payout else {}
        emit(check_dict(result) | extra)
        return
    from tutor.render.terminal import checked, payout_view

    show(checked(result))
    if unpaid:
        from rich.text import Text

        show(Text(unpaid, style="dim"))
    elif paid is not None:
        show(payout_view(paid, result.unit, result.score))


def _answer(as_json: bool, compute: Callable[[], Any], json_of: str, view_of: str) -> None:
    """Run ``compute`` at the error edge, then print ``report.<json_of>`` or ``render.<view_of>``
    of its result (both modules imported only when needed, to keep a cold call fast)."""
    with edge(as_json):
        result = compute()
    if as_json:
        from tutor.render import data as report

        emit(getattr(report, json_of)(result))
        return
    from tutor.render import terminal as render

    show(getattr(render, view_of)(result))


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
    from tutor.engine.decide.solver import waits as find_waits
    from tutor.rules.load import load_rules

    flags = situation_flags(tin_woo, dei_woo, four_fei, situation)
    _answer(
        as_json, lambda: find_waits(Hand.parse(hand), load_rules(rules), seat, flags, seen_cards(seen)),
        "waits_dict", "waits_view",
    )


def discard(
    hand: HandArg,
    rules: RulesOpt = "3leg",
    seat: SeatOpt = "east",
    draws: DrawsOpt = None,
    wall: WallOpt = None,
    exact_draws: ExactOpt = None,
    seen: SeenOpt = "",
    tin_woo: TinWoo = False,
    dei_woo: DeiWoo = False,
    four_fei: FourFei = False,
    situation: SituationOpt = None,
    svg: Annotated[
        Path | None, typer.Option("--svg", help="Also write a chart of the win chance by draw of the top options (SVG).")
    ] = None,
    drawn: DrawnOpt = None,
    moves_in_search: MovesOpt = True,
    hand_change: HandChangeOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """What should this 14-card hand discard? Every option ranked by expected FUN over the draws left, explained."""
    from tutor.cli import workers
    from tutor.core.hands import Hand
    from tutor.rules.load import load_rules
    from tutor.table.halves import discard_on

    flags = situation_flags(tin_woo, dei_woo, four_fei, situation)
    with progress_bar(as_json) as tick, edge(as_json):
        result = discard_on(workers.cores(), Hand.parse(hand), load_rules(rules), seat, draws, seen_cards(seen), flags,
                            wall, exact_draws, tick, one_card("drawn", drawn), search_moves=moves_in_search,
                            hand_change=hand_change)
        if svg is not None:
            from tutor.cli.draw import write_svg
            from tutor.render.svg import discard_chart_svg

            write_svg(svg, discard_chart_svg(result))
    if as_json:
        from tutor.render.data import discard_dict

        emit(discard_dict(result))
        return
    from tutor.render.terminal import discard_view

    show(discard_view(result))


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
    on: Annotated[
        str | None, typer.Option("--on", help="A card just thrown by another player: claim or pass (13 cards).", show_default=False)
    ] = None,
    source: Annotated[
        str, typer.Option("--from", "-f", help="With --on, who threw it: left (the player before you) or right.")
    ] = "left",
    drawn: DrawnOpt = None,
    moves_in_search: MovesOpt = True,
    hand_change: HandChangeOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """The question that fits the hand: with --on, claim or pass; 13 cards wait; 14 are checked if they win, else discarded from."""
    from tutor.cli import workers
    from tutor.core.hands import Hand
    from tutor.engine.decide.pick import analyze as run
    from tutor.engine.result_types import ClaimResult
    from tutor.rules.load import load_rules
    from tutor.table.halves import claim_on, discard_on

    flags = situation_flags(tin_woo, dei_woo, four_fei, situation)
    with progress_bar(as_json) as tick, edge(as_json):
        cores = workers.cores()
        result = run(Hand.parse(hand), load_rules(rules), seat, draws, seen_cards(seen), flags,
                     one_card("on", on), source.lower(), one_card("drawn", drawn), tick, moves_in_search,
                     partial(discard_on, cores, hand_change=hand_change), partial(claim_on, cores, hand_change=hand_change))
    if as_json:
        from tutor.render.data import analysis_dict

        emit(analysis_dict(result))
        return
    if isinstance(result, ClaimResult):
        from tutor.render.decisions import claim_view

        show(claim_view(result))
        return
    from tutor.render.terminal import analysis_view

    show(analysis_view(result))


def one_card(argument: str, text: str | None) -> Any:
    """One card given to an option or argument (``--on``, ``--drawn``, a claim's TILE), or None: one
    that cannot be read is a usage error naming it, as a bad ``--seen`` is."""
    from tutor.core.tiles import Tile

    if text is None:
        return None
    try:
        return Tile.parse(text.strip())
    except NotationError as err:
        raise ArgumentError(argument, str(err).replace("bad hand", "bad card", 1)) from None


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

    if kind not in KINDS:
        raise fail(f"--kind must be one of {', '.join(KINDS)}, not {kind!r}", False, 2)
    try:
        stream = sys.stdin.buffer if source == "-" else open(source, "rb")  # noqa: SIM115
    except OSError as err:
        raise fail(f"cannot read {source!r}: {err.strerror}", False) from None
    from tutor.cli import workers

    failed = 0
    write = sys.stdout.write
    with stream, edge(False):
        from tutor.rules.load import load_rules

        load_rules(rules)  # a bad rule set fails once, before any line or worker
        jobs = workers.cores() if kind in workers.QUICK_KINDS and not stream.isatty() else 1
        if jobs > 1:  # a long input in blocks on every core, written in order
            judge = partial(_judge_block, kind, rules, seat, draws)
            for text, failures in workers.in_order(_read_lines(stream), judge, jobs):
                failed += failures
                write(text)
        else:  # each line's answer as soon as it is found
            for record in _batch_lines(_read_lines(stream), kind, rules, seat, draws):
                failed += "error" in record
                write(_ENCODE(record) + "\n")
    sys.stdout.flush()
    if failed:
        from tutor.core.words import plural

        print(f"sekwoo: {plural(failed, 'line')} could not be analysed (see their 'error')", file=sys.stderr)
        raise typer.Exit(1)


KINDS = ("analyze", "check", "waits", "discard", "shanten", "parse")


def _run_one(text: str, kind: str, rules_name: str, seat: str, draws: int | None) -> dict[str, Any]:
    """One hand through one analysis, as a JSON-ready dict."""
    from tutor.core.hands import Hand

    return _analysis(kind, rules_name, seat, draws)(Hand.parse(text))


@lru_cache(maxsize=8)
def _analysis(kind: str, rules_name: str, seat: str, draws: int | None) -> Callable[[Any], dict[str, Any]]:
    """The analysis ``--kind`` names, from a hand to its JSON-ready dict, with the rule set loaded
    and the modules imported once per batch rather than once per line."""
    from tutor.engine.decide.pick import analyze as run
    from tutor.engine.decide.solver import discard as rank
    from tutor.engine.decide.solver import shanten
    from tutor.engine.decide.solver import waits as find_waits
    from tutor.engine.scoring.check import check as judge
    from tutor.render import data
    from tutor.rules.load import load_rules

    rules = load_rules(rules_name)
    if kind == "analyze":
        return lambda hand: data.analysis_dict(run(hand, rules, seat, draws))
    if kind == "check":
        return lambda hand: data.check_dict(judge(hand, rules, seat))
    if kind == "waits":
        return lambda hand: data.waits_dict(find_waits(hand, rules, seat))
    if kind == "discard":
        return lambda hand: data.discard_dict(rank(hand, rules, seat, draws))
    if kind == "shanten":
        return lambda hand: {"hand": str(hand), "shanten": shanten(hand, rules)}
    from tutor.engine.scoring.check import validate

    def parsed(hand: Any) -> dict[str, Any]:
        validate(hand, rules)  # as 'sekwoo parse': a hand the deck cannot deal is an error line
        return data.hand_dict(hand)

    return parsed


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps(..., ensure_ascii=False), built once


def _judge_block(
    kind: str, rules_name: str, seat: str, draws: int | None, lines: list[tuple[str, str | None]], first: int
) -> tuple[str, int]:
    """A block of batch lines whose first is line ``first``: its JSON lines as one text, and how
    many of them are errors (what ``batch`` writes for them, one line at a time, in one process)."""
    out = []
    failed = 0
    for record in _batch_lines(lines, kind, rules_name, seat, draws, first):
        failed += "error" in record
        out.append(_ENCODE(record) + "\n")
    return "".join(out), failed


MAX_LINE = 10_000
"""The longest batch line read as a hand, in bytes (a hand is under 100); a longer one is an error."""
MAX_SKIP = 10_000_000
"""How far ``batch`` reads past the start of an over-long line for its end before it stops."""


def _read_lines(stream: IO[bytes]) -> Iterator[tuple[str, str | None]]:
    """Each line of a byte stream as (its text, or the replacement-decoded text, and why it is no
    hand: not UTF-8, or too long — read no further than ``MAX_LINE`` bytes into it)."""
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            yield raw[:40].decode("utf-8", "replace") + "...", f"a line longer than {MAX_LINE:,} bytes is no hand"
            skipped = 0
            while (rest := stream.readline(MAX_LINE)) and not rest.endswith(b"\n"):
                skipped += len(rest)
                if skipped > MAX_SKIP:  # an endless line (/dev/zero): nothing after it can be read
                    raise TutorError(f"a line runs on past {MAX_SKIP // 1_000_000} MB without ending; stopped reading")
            continue
        try:
            yield raw.decode("utf-8"), None
        except UnicodeDecodeError as err:
            yield raw.decode("utf-8", "replace"), f"not UTF-8 text (byte 0x{raw[err.start]:02x} at column {err.start + 1})"


def _batch_lines(
    lines: Iterable[tuple[str, str | None]], kind: str, rules_name: str, seat: str, draws: int | None, first: int = 1
) -> Iterator[dict[str, Any]]:
    """One result per hand line, in order, numbered from ``first``; a line that fails, for whatever
    reason, gives ``{"line", "input", "error"}`` and the rest go on. Blank and ``#`` lines give nothing."""
    from tutor.rules.load import load_rules

    load_rules(rules_name)  # a bad rule set fails once, before any line
    for number, (raw, fault) in enumerate(lines, first):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            if fault:
                raise TutorError(fault)
            yield {"line": number, **_run_one(text, kind, rules_name, seat, draws)}
        except TutorError as err:
            yield {"line": number, "input": text, "error": str(err)}
        except Exception as err:  # noqa: BLE001 - one hand's fault must not cost the lines after it
            yield {"line": number, "input": text, "error": f"internal error ({type(err).__name__}: {err})"}


def register(app: typer.Typer) -> None:
    """Add the analysis commands to the ``sekwoo`` app."""
    for command in (parse, check, waits, discard, analyze, batch):
        app.command()(command)


__all__ = ["analyze", "batch", "check", "discard", "parse", "register", "waits"]
