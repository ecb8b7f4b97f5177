"""The rich view of the decisions beside the discard (``sekwoo claim``; its JSON is in ``data``).
Handed a finished ``ClaimResult``; nothing is computed here."""

from __future__ import annotations

from rich.console import Group as RGroup
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from tutor.core.words import plural
from tutor.engine.result_types import ClaimOption, ClaimResult
from tutor.render.flow import Fitting, hanging
from tutor.render.terminal import card, hand_line, paid_now_note, spark
from tutor.render.terms import in_words, kind_word, speaking, win_word


def _label(o: ClaimOption) -> Text:
    """An answer in a few words: ``pass``, ``SEK WOO``, ``PONG 5d 5d 5d then 9d``."""
    if o.action == "pass":
        return Text("pass")
    if o.action == "sek-woo":
        return Text(win_word(), style="bold green" if o.wins else "dim")
    assert o.meld is not None
    out = Text(kind_word(o.meld.kind) + " ")
    for k, t in enumerate(o.meld.cards):
        if k:
            out.append(" ")
        out.append_text(card(t))
    if o.then is not None:
        tile, how = o.then
        out.append_text(Text.assemble(" then ", "sink " if how == "sink" else "", card(tile)))
    elif o.action == "kong":
        out.append(" then draw")
    if o.instant is not None:
        out.append(f" +{o.instant.total}", style="green")
    out.no_wrap = True
    return out


@speaking
def claim_view(result: ClaimResult) -> RGroup:
    """What ``sekwoo claim`` shows: every answer ranked, then each explained."""
    src = "the player before you" if result.source == "left" else "the player after you"
    out: list[RenderableType] = [
        hand_line(result.hand, "Hand  "),
        Text.assemble(Text("Card  ", style="dim"), card(result.tile), Text(f"  thrown by {src}", style="dim")),
    ]
    best = result.options[0]
    if best.action == "sek-woo" and best.wins:
        out.append(Text(f"Declare {win_word()}: {best.fun} {result.unit}.", style="bold green"))
    table = Table(box=None, padding=(0, 1), header_style="bold")
    for name, just in (("#", "right"), ("answer", "left"), ("to win", "right"), ("win %", "right"),
                       (f"exp. {result.unit}", "right"), ("win by draw", "left")):
        table.add_column(name, justify=just)  # type: ignore[arg-type]
    for k, o in enumerate(result.options, 1):
        dead = " dead hand" if o.dead else ""
        short = o.action == "sek-woo" and not o.wins  # complete, but it cannot be declared
        table.add_row(str(k), _label(o), "short" if short else str(o.distance), f"{o.win_probability:.1%}",
                      f"{o.expected_fun:.3f}",
                      Text(spark(o.win_by_draw) + dead, style="red" if dead else "cyan"))
    out.append(Fitting(table))
    out.extend(paid_now_note(result.options, result.unit))
    out.append(Text(f"Over the {plural(result.draws, 'draw')} left, each claim followed by its best discard (docs/solver.md). "
                    "to win: swaps from a hand where a card wins (the minimum met).", style="dim"))
    for o in result.options:
        out.append(hanging("• ", in_words(o.explanation)))
    for note in result.notes:
        out.append(hanging("  ", in_words(note), "dim"))
    return RGroup(*out)
