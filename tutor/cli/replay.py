"""``puzzle retry``'s second part: the mistakes ``sekwoo review --keep`` kept, played again as
puzzles. Each is the decision as it was (the hand, the card thrown or drawn, the draws left, the
cards in sight); the answer is a move as a record writes it, weighed again by the solver, and a
mistake answered right is dropped from the kept ones."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.cli.prompt import ask
from tutor.core.words import plural

if TYPE_CHECKING:
    from rich.console import Console

    from tutor.table.mistakes import Mistake


def situation(m: Mistake) -> str:
    """Where the decision came, in words."""
    if m.kind == "claim":
        who = "the player before you" if m.source == "left" else "another player"
        return f"{m.offered} is thrown by {who}: claim it or pass?"
    if m.after == "deal":
        return "Your dealt hand: your move?"
    if m.offered:
        return f"You drew {m.offered}: your move?"
    return "Your move?"


def mistake_dict(m: Mistake) -> dict[str, Any]:
    """A kept mistake as plain data (without its answer)."""
    return {"id": m.id, "kind": m.kind, "rules": m.rules, "seat": m.seat, "hand": m.hand, "seen": list(m.seen),
            "draws": m.draws, "offered": m.offered, "source": m.source or None, "question": situation(m)}


def replay(con: Console) -> tuple[int, int] | None:
    """Ask each kept mistake in turn; (right, answered), or None when the player stopped."""
    from notation import parse_hand
    from tutor.render.flow import hanging
    from tutor.render.terminal import hand_line
    from tutor.render.terms import in_words
    from tutor.rules.load import load_rules
    from tutor.table.mistakes import judge, kept, settle

    right = done = 0
    for m in kept():
        con.print(f"\n[bold]From your review[/bold] · {m.rules} · {m.seat} · {plural(m.draws, 'draw')} left")
        con.print(hand_line(parse_hand(m.hand), "  "))
        con.print(f"  {situation(m)}")
        while True:
            text = ask(con, "  your move, as a record writes it (9d or discard 9d, pong [RRR], pass; empty skips) > ")
            if text is None:
                return None
            if not text.strip():
                break
            unit = load_rules(m.rules).unit
            with con.status("weighing your answer…"):
                ok, named, best = judge(m, text)
            if named is None:
                con.print(f"  [yellow]{text.strip()!r} is not a move of this hand[/yellow]: write it as a record "
                          f"does, e.g. {best.label}")
                continue
            done += 1
            if ok:
                right += 1
                settle(m.id)
                con.print(f"  [green]Right:[/green] {named.label}, {named.expected_fun:.2f} {unit} on average. "
                          "This mistake is settled.")
            else:
                con.print(f"  [red]Not quite:[/red] {named.label} is worth {named.expected_fun:.2f} {unit} on average; "
                          f"the best, {best.label}, {best.expected_fun:.2f}.")
                con.print(hanging("  ", "In the review: " + in_words(m.explanation), "dim"))
            break
    return right, done
