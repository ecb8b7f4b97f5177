"""Rich rendering of the library's answers: cards in colour, sets grouped, tables of FUN.

Only the CLI imports this module; the core never prints.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, TextIO, cast

from rich.console import Console, RenderableType
from rich.console import Group as RGroup
from rich.table import Table
from rich.text import Text

from tutor.core.tiles import FEI_ID, Kind, Tile
from tutor.core.words import plural
from tutor.engine.decide.explain import instant_words
from tutor.engine.result_types import Check, ClaimOption, DiscardResult, Option, WaitsResult
from tutor.render.flow import Fitting, Flow, hanging
from tutor.render.terms import in_words, kind_word, speaking, tile_word, win_word

if TYPE_CHECKING:
    from tutor.core.hands import Hand
    from tutor.core.readings import Group
    from tutor.core.score import Score
    from tutor.engine.scoring.payout import Payout

_STYLE = {
    Kind.DOTS: "bold blue",
    Kind.BAMBOO: "bold green",
    Kind.CHARACTERS: "bold red",
    Kind.WIND: "bold cyan",
    Kind.FEI: "bold magenta",
    Kind.BONUS: "bold yellow",
}
_DRAGON_STYLE = {"R": "bold red", "G": "bold green", "Wh": "bold white"}


def card(tile: Tile, stands: Tile | None = None) -> Text:
    """One card as coloured text; a FEI shows what it stands for: ``F*→5d``."""
    name = tile_word(tile)
    style = _DRAGON_STYLE.get(name) or _STYLE.get(tile.kind, "")
    text = Text(name, style=style)
    if stands is not None and tile.id == FEI_ID:
        text.append("→", style="magenta")
        text.append(tile_word(stands), style=_DRAGON_STYLE.get(str(stands)) or _STYLE.get(stands.kind, ""))
    return text


def cards(tiles: Iterable[Tile]) -> Text:
    """Cards side by side."""
    return Text(" ").join(card(t) for t in tiles)


def group(g: Group, hand: Hand | None = None) -> Text:
    """A set or NGAN of a reading, bracketed, each FEI with its meaning; a declared set is marked
    laid down, or concealed for a concealed KONG of ``hand`` (written ``(5555d)``)."""
    parts = [card(c, t) for c, t in zip(g.cards, g.tiles, strict=True)]
    hidden = hand is not None and any(not m.exposed and m.cards == g.cards for m in hand.melds)
    label = kind_word(g.kind) + ((" (concealed)" if hidden else " (laid down)") if g.declared else "")
    return Text.assemble("[", Text(" ").join(parts), "] ", Text(label, style="dim"))


def hand_line(hand: Hand, lead: str = "", note: str = "") -> Table | Flow:
    """The hand as written: concealed cards, sets laid down, bonus cards, after ``lead`` and
    before a dim ``note``; wrapped (under its first card) between cards, never inside a set."""
    parts = [card(t) for t in hand.concealed]
    seps = [" "] * len(parts)
    for m in hand.melds:
        open_, close = ("[", "]") if m.exposed else ("(", ")")
        parts.append(Text.assemble(open_, cards(m.cards), close))
        seps.append("  ")
    if hand.bonus:
        parts.append(Text("|", style="dim"))
        seps.append("  ")
        parts.extend(card(t) for t in hand.bonus)
        seps.extend(["  "] + [" "] * (len(hand.bonus) - 1))
    if note:
        parts.append(Text(note, style="dim"))
        seps.append("   ")
    if not lead:
        return Flow(parts, seps=seps)
    grid = Table.grid()
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(Text(lead, style="dim" if lead.strip() else ""), Flow(parts, seps=seps))
    return grid


def parsed(hand: Hand) -> RGroup:
    """What ``sekwoo parse`` shows."""
    table = Table.grid(padding=(0, 2))
    table.add_row(Text("canonical", style="dim"), Text(str(hand)))
    table.add_row(Text("cards", style="dim"), hand_line(hand))
    table.add_row(Text("size", style="dim"), Text(f"{hand.size} (a KONG counts as three)" if any(
        m.kind.value == "kong" for m in hand.melds) else str(hand.size)))
    return RGroup(table)


@speaking
def checked(result: Check) -> RGroup:
    """What ``sekwoo check`` shows: the hand, its best reading, the FUN table, the verdict."""
    out: list[RenderableType] = [hand_line(result.hand, "Hand  ")]
    if result.reading is not None:
        shape = "" if result.reading.shape == "standard" else f" ({result.reading.shape.replace('_', ' ')})"
        out.append(Text("Best reading" + shape, style="dim"))
        for g in result.reading.groups:
            out.append(Text.assemble("  ", group(g, result.hand)))
        if result.reading.singles:
            out.append(Text.assemble("  ", cards(result.reading.singles), Text(" single", style="dim")))
    if result.score is not None and result.score.lines:
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
        table.add_column("", no_wrap=True)
        table.add_column(result.unit, justify="right")
        for line in result.score.lines:
            name = line.name + (f" ×{line.count}" if line.count > 1 else "") + (" (limit)" if line.limit else "")
            name += " (bonus)" if line.bonus else ""
            table.add_row(name, str(line.fun))
        total = str(result.fun)
        if result.score.capped:
            total += f" (capped from {result.score.total})"
        elif result.score.limit:
            total += " (limit hand)"
        table.add_row(Text("Total", style="bold"), Text(total, style="bold"))
        out.append(table)
    out.append(verdict(result))
    for note in result.notes:
        if note != _short(result.fun, result.unit, result.min_fun):  # the verdict said it
            out.append(hanging("  ", in_words(note), "dim"))
    if not result.complete and not result.wins and result.complete_size:
        if result.size == result.complete_size - 1:
            out.append(Text("  sekwoo waits shows which cards would complete it", style="dim"))
        elif result.size == result.complete_size:
            out.append(Text("  sekwoo discard shows which card to throw and why", style="dim"))
    return RGroup(*out)


def payout_view(paid: Payout | None, unit: str = "", shown: Score | None = None) -> RGroup:
    """What ``check --payout`` adds: each way to win, scored as that win, and who pays what; under
    the table, the rows each way adds to or lacks from the score ``shown`` above."""
    if paid is None:
        return RGroup(Text("No payout: the hand wins no way.", style="dim"))
    table = Table(box=None, padding=(0, 1), header_style="bold", title_justify="left")
    for col, just in (("won", "left"), (unit, "right"), ("who pays", "left"), (f"pays ({paid.unit})", "right"),
                      ("total", "right")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for sc in paid.scenarios:
        if not sc.wins:
            table.add_row(sc.name, str(sc.value), Text("no win", style="dim"), "", "")
        value = f"{sc.value}" + (f" ({sc.note})" if sc.note else "")
        for k, p in enumerate(sc.payments):
            who = p.payer + (f" (×{p.players})" if p.players > 1 else "")
            table.add_row(sc.name if k == 0 else "", value if k == 0 else "", who, str(p.amount),
                          str(sc.total) if k == 0 else "")
    out: list[RenderableType] = [table]
    before = [(ln.name, ln.fun) for ln in shown.lines] if shown is not None else []
    for sc in paid.scenarios:
        if not sc.wins:
            out.append(Text(f"  {sc.name}: {sc.note}", style="dim"))
        if sc.score is None or shown is None:
            continue
        rows = [(ln.name, ln.fun) for ln in sc.score.lines]
        for word, diff in (("adds", [r for r in rows if r not in before]), ("lacks", [r for r in before if r not in rows])):
            if diff:
                out.append(Text(f"  {sc.name} {word} {', '.join(f'{n} {f}' for n, f in diff)}", style="dim"))
    for note in (paid.note, *paid.notes):
        if note:
            out.append(hanging("  ", in_words(note), "dim"))
    if paid.instant:
        out.append(Text("Paid at once during play, whatever the outcome:", style="bold"))
        out.extend(hanging("  ", instant_words(p)) for p in paid.instant)
    return RGroup(*out)


def _short(fun: int, unit: str, minimum: int) -> str:
    """The check's note on a complete hand short of the minimum, which a verdict line says already."""
    return f"complete, but {fun} {unit} is short of the minimum of {minimum}"


def verdict(result: Check) -> Text:
    """One line: wins, complete but short, or not complete."""
    who = f"for {result.seat.capitalize()} ({result.rules.name})"
    if result.wins:
        return Text(f"{win_word()}: wins with {result.fun} {result.unit} {who}", style="bold green")
    if result.complete:
        return Text(
            f"Complete but short: {result.fun} {result.unit}, the minimum is {result.min_fun} {who}",
            style="bold yellow",
        )
    return Text(f"Not a winning hand: not complete {who}", style="bold red")


class _Trimmed(io.TextIOBase):
    """Standard output for a pipe or a file: each line without the spaces rich pads table cells
    with at its end. A line not yet ended when rich flushes (a prompt) is written as it is."""

    def __init__(self, out: TextIO) -> None:
        self._out = out
        self._line = ""

    def write(self, text: str) -> int:
        *ended, self._line = (self._line + text).split("\n")
        for line in ended:
            self._out.write(line.rstrip(" ") + "\n")
        return len(text)

    def flush(self) -> None:
        self._out.write(self._line)
        self._line = ""
        self._out.flush()

    def isatty(self) -> bool:
        return False


def console(width: int | None = None, color: bool | None = None) -> Console:
    """The console all commands print to (stdout; piped, without trailing spaces)."""
    out = None if sys.stdout.isatty() else cast("TextIO", _Trimmed(sys.stdout))
    # no_color None, not False, when no colour is asked: rich then honours NO_COLOR itself
    return Console(file=out, width=width, no_color=True if color is False else None, highlight=False,
                   soft_wrap=False)


@speaking
def waits_view(result: WaitsResult) -> RGroup:
    """What ``sekwoo waits`` shows: the hand, then one row per card that completes it."""
    out: list[RenderableType] = [hand_line(result.hand, "Hand  ")]
    if not result.waits:
        shape = "complete already" if result.shanten < 0 else f"{plural(result.shanten, 'swap')} from ready"
        if result.distance is not None and result.distance > result.shanten:
            shape += f"; {plural(result.distance, 'swap')} from a winning hand"
        out.append(Text(f"No card completes this hand: it is {shape}.", style="bold yellow"))
    else:
        table = Table(box=None, padding=(0, 1), header_style="bold")
        table.add_column("card")
        table.add_column("unseen", justify="right")
        table.add_column(result.unit, justify="right")
        table.add_column("verdict")
        table.add_column("completes as")
        for w in result.waits:
            verdict_text = Text("wins", style="green") if w.wins else Text(f"short of {result.min_fun}", style="yellow")
            table.add_row(card(w.tile), str(w.unseen), str(w.fun), verdict_text,
                          Flow([group(g, result.hand) for g in w.reading.groups]))
        out.append(table)
        winners = sum(w.unseen for w in result.waits if w.wins)
        total = sum(w.unseen for w in result.waits)
        out.append(Text(f"Ready: {total} unseen cards complete it, {winners} of them win.", style="bold"))
        if not winners and result.distance is not None and result.distance > 0:
            out.append(Text(f"To win it needs {result.distance} more swap{'s' if result.distance > 1 else ''} "
                            f"before a winning card (distance to a win {result.distance}).", style="yellow"))
    for note in result.notes:
        out.append(hanging("  ", in_words(note), "dim"))
    return RGroup(*out)


BARS = " ▁▂▃▄▅▆▇█"


def spark(chances: tuple[float, ...]) -> str:
    """A bar per draw, its height the chance of a win by that draw (a full bar is certain, any
    chance at all shows at least the lowest bar)."""
    return "".join(BARS[min(8, max(1, round(p * 8)))] if p > 0 else BARS[0] for p in chances)


def paid_now_note(options: Iterable[Option | ClaimOption], unit: str) -> list[RenderableType]:
    """Under a table with a KONG paid for at once (``+60``): what the number is."""
    paid = next((o.instant for o in options if o.instant is not None), None)
    if paid is None:
        return []
    return [hanging("", in_words(f"+N: {paid.unit} paid to you at once for the KONG, whatever the hand does "
                                 f"after (left out of the expected {unit})."), "dim")]


@speaking
def discard_view(result: DiscardResult, top: int = 3) -> RGroup:
    """What ``sekwoo discard`` shows: the options ranked, then the explanation of the best ones."""
    out: list[RenderableType] = [hand_line(result.hand, "Hand  ")]
    if result.wins_now:  # the answer comes first; the options are for study
        out.append(Text(f"Declare {win_word()}: {result.fun_now} {result.unit}. If you play on instead:", style="bold green"))
    elif result.shanten < 0:  # complete but short: why it is played on comes first
        out.append(Text(f"Complete but short: {result.fun_now} {result.unit}, the minimum is {result.rules.minimum} "
                        f"for {result.seat.capitalize()} ({result.rules.name}). Play on:", style="bold yellow"))
    table = Table(box=None, padding=(0, 1), header_style="bold")
    for name, just in (("#", "right"), ("option", "left"), ("to ready", "right"), ("to win", "right"),
                       ("accepts", "right"), ("win %", "right"), (f"exp. {result.unit}", "right"),
                       ("win by draw", "left")):
        table.add_column(name, justify=just)  # type: ignore[arg-type]
    for k, o in enumerate(result.options, 1):
        label = card(o.tile) if o.action == "discard" else Text.assemble(f"{o.action} ", card(o.tile))
        if o.then is not None:
            label.append_text(Text.assemble(" then ", "sink " if o.then[1] == "sink" else "", card(o.then[0])))
        if o.instant is not None:
            label.append(f" +{o.instant.total}", style="green")
        table.add_row(str(k), label, str(o.shanten), str(o.distance), str(o.acceptance), f"{o.win_probability:.1%}",
                      f"{o.expected_fun:.3f}", Text(spark(o.win_by_draw), style="cyan"))
    out.append(Fitting(table))
    out.extend(paid_now_note(result.options, result.unit))
    if result.exact_draws + 1 >= result.draws:
        how = "every discard weighed at each draw"
    elif result.exact_draws:
        how = f"every discard weighed for {plural(result.exact_draws, 'draw')}, then the draws that bring a win closer kept"
    else:
        how = "this discard weighed against every other, then the draws that bring a win closer kept"
    out.append(Text(f"Over {plural(result.draws, 'draw')}, {how} (docs/solver.md); {result.states} hand states searched. "
                    "to ready: swaps from a hand that waits on a card (the shanten); to win: swaps from a hand where "
                    "a card wins (the minimum met); accepts: unseen cards that bring it closer.", style="dim"))
    for o in result.options[:top]:
        if o.explanation:
            out.append(hanging("• ", in_words(o.explanation)))
    for note in result.notes:
        if not (result.wins_now and note.startswith("this hand already wins")) and \
                note != _short(result.fun_now, result.unit, result.rules.minimum):  # said first
            out.append(hanging("  ", in_words(note), "dim"))
    return RGroup(*out)


def analysis_view(result: Check | WaitsResult | DiscardResult) -> RGroup:
    """What ``analyze`` found, drawn as its own command draws it."""
    if isinstance(result, Check):
        return checked(result)
    if isinstance(result, WaitsResult):
        return waits_view(result)
    return discard_view(result)
