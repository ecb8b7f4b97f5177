"""The drill's views: the table as the player sees it, each graded decision, the session summary,
as plain text lines, and their plain data for ``--json``; each handed finished values."""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING, Any

from tutor.core.hands import Hand, Seat
from tutor.core.words import given_up, plural
from tutor.table.drill import HandSummary, Question, Summary
from tutor.table.grading import Graded
from tutor.table.results import DrillStats

if TYPE_CHECKING:
    from tutor.table.game import Event


def _hand(hand: Hand) -> str:
    """The hand card by card, as ``discard`` shows it (``1d 2d 4d 4d  S S``, then its sets and ``|``
    bonus cards), so each card reads as the name typed to throw it; ``-`` for nothing seen."""
    parts = [" ".join(str(t) for t in hand.concealed)] if hand.concealed else []
    parts += [str(m) for m in hand.melds]
    if hand.bonus:
        parts.append("| " + " ".join(str(t) for t in hand.bonus))
    return "  ".join(parts) or "-"


def table_view(q: Question) -> str:
    """The table before a decision: the deck, the other seats' sets, the discards, the hand, and what
    is asked."""
    v = q.view
    lines = [f"deck: {plural(v.wall, 'card')} left, {plural(v.draws_left, 'draw')} of yours to come"]
    told: list[str] = []
    for (bonus, _), run in groupby(v.since, key=lambda e: (e.kind == "bonus", e.seat)):
        if bonus:  # one seat's bonus cards drawn one after another: told together
            told.append(_bonus(list(run), v.seat))
        else:
            told.extend(said for e in run if (said := _told(e, v.seat)))
    if told:
        lines.append("since your last move: " + "; ".join(told))
    for seat, other in v.others:
        thrown = " ".join(str(t) for s, t in v.discards if s == seat)
        lines.append(f"  {seat}: {_hand(other)}" + (f"   threw: {thrown}" if thrown else ""))
    mine = " ".join(str(t) for s, t in v.discards if s == v.seat)
    lines.append(f"your hand ({v.seat}): {_hand(v.hand)}" + (f"   threw: {mine}" if mine else ""))
    if q.kind == "turn":
        lines.append(f"you drew {q.tile}" if q.tile is not None else "your move")
        extra = [m.label for m in q.legal if m.action not in ("discard",)]
        lines.append("discard a card" + (f", or: {', '.join(extra)}" if extra else "") + "  (q quits)")
    else:
        who = "the player before you" if q.source == "left" else "the player after you"
        lines.append(f"{who} discarded {q.tile}: " + ", ".join(m.label for m in q.legal) + "?  (q quits)")
    return "\n".join(lines)


def _told(e: Event, me: Seat) -> str:
    """A thing that happened at the table, as the player saw it ("" where it shows nothing new:
    a draw not seen, a pass, the deal)."""
    who = "you" if e.seat == me else str(e.seat)
    if e.kind == "discard":
        return f"{who} threw {e.tile}"
    if e.kind == "claim":
        whose = "your" if e.source == me else f"{e.source}'s"
        return f"{who} claimed {whose} {e.tile} for {e.meld}"
    if e.kind in ("kong", "add-kong"):
        return f"{who} {'declared a KONG of' if e.kind == 'kong' else 'added to the PONG'} {e.tile}"
    if e.kind == "sink":
        return f"{who} sank a FEI"
    if e.kind == "recall":
        return f"{who} recalled a FEI from {e.meld} with {e.tile}"
    return ""


def _bonus(run: list[Event], me: Seat) -> str:
    """Bonus cards drawn one after another by one seat, each replaced from the deck."""
    who = "you" if run[0].seat == me else str(run[0].seat)
    what = "a bonus card" if len(run) == 1 else "bonus cards"
    return f"{who} drew {', '.join(str(e.tile) for e in run)} ({what}, replaced)"


def graded_text(g: Graded, unit: str) -> str:
    """One decision graded, in a line or two."""
    from tutor.table.review import grade  # (not on ``stats``'s path)

    horizon = f"over {plural(g.draws, 'draw')}" + (
        f" of the {g.round_draws} left (the whole round passes the search's budget)" if g.draws < g.round_draws else "")
    best = f"{g.best.label} ({g.best.expected_fun:.2f} {unit}, wins {g.best.win_probability:.0%})"
    if g.is_best:
        tied = [c.label for c in g.options if c.expected_fun >= g.best.expected_fun - 1e-9 and c.label != g.chosen]
        also = f" (as good: {', '.join(tied[:5])}{', ...' if len(tied) > 5 else ''})" if tied else ""
        p = g.played
        return (f"  {p.label}: a best move, {p.expected_fun:.2f} {unit}, wins {p.win_probability:.0%}{also}, "
                f"{horizon}")
    p = g.played
    return (f"  {grade(g.loss)}: you {p.label} ({p.expected_fun:.2f} {unit}, wins {p.win_probability:.0%}); best: {best}; "
            f"{given_up(g.loss)} {unit} given up, {horizon}")


def summary_text(s: Summary, unit: str) -> str:
    """The session summary."""
    from tutor.table.review import grade

    ds = s.decisions
    lines = [f"hands: {len(s.hands)}, won: {s.wins}"]
    for h in s.hands:
        lines.append(f"  seed {h.seed}: {_result(h, unit)}")
    lines.append(f"decisions: {len(ds)}, best: {sum(d.is_best for d in ds)} ({s.best_share:.0%})")
    lines.append(f"{unit} given up: {given_up(s.fun_lost)}")
    ready = s.ready_after
    lines.append("draws to ready: " + ("never ready" if ready is None else f"{ready:g}"))
    worst = sorted((d for d in ds if grade(d.loss) != "best" and round(d.loss, 2) > 0), key=lambda d: -d.loss)[:3]
    for d in worst:
        what = " ".join(str(part) for part in (d.hand, d.kind, d.tile) if part)
        lines.append(f"  worst: {what}: you {d.played.label} (best {d.best.label}), {given_up(d.loss)} {unit} given up, "
                     f"{grade(d.loss)}")
    return "\n".join(lines)


def hand_over(h: HandSummary, unit: str) -> str:
    """The end of a hand: who won, how, with which cards."""
    cards = f": {h.winning_hand}" if h.winning_hand is not None else ""
    return f"hand over (seed {h.seed}): {_result(h, unit)}{cards}"


def _result(h: HandSummary, unit: str) -> str:
    r = h.result
    if r is None:
        return "stopped"
    if r.winner is None:
        return "a drawn round"
    how = "on its own draw" if r.source is None else f"on {r.source}'s discard"
    return f"{r.winner} won {r.fun} {unit} {how}"


def graded_dict(g: Graded) -> dict[str, Any]:
    """One graded decision as plain data."""
    return {
        "kind": g.kind, "hand": str(g.hand), "tile": None if g.tile is None else str(g.tile),
        "chosen": g.chosen, "chosen_expected_fun": g.played.expected_fun,
        "best": g.best.label, "best_expected_fun": g.best.expected_fun, "loss": g.loss, "is_best": g.is_best,
        "draws": g.draws, "round_draws": g.round_draws,
        "options": [{"option": c.label, "expected_fun": c.expected_fun, "win_probability": c.win_probability}
                    for c in g.options],
    }


def summary_dict(s: Summary, unit: str) -> dict[str, Any]:
    """The session as plain data: every hand, its decisions graded, and the totals."""
    return {
        "seat": str(s.seat), "unit": unit,
        "hands": [{"seed": h.seed, "result": _result(h, unit),
                   "winner": None if h.result is None or h.result.winner is None else str(h.result.winner),
                   "fun": 0 if h.result is None else h.result.fun, "draws": h.draws, "ready_after": h.ready_after,
                   "decisions": [graded_dict(d) for d in h.decisions]} for h in s.hands],
        "decisions": len(s.decisions), "best": sum(d.is_best for d in s.decisions), "best_share": s.best_share,
        "fun_lost": s.fun_lost, "wins": s.wins, "ready_after": s.ready_after,
    }


def drill_stats_text(s: DrillStats, unit: str) -> str:
    """The drill's line of ``stats``: hands, wins, best decisions, FUN given up."""
    if not s.hands:
        return "drill: no hand played yet (sekwoo drill)"
    return (f"drill: {plural(s.hands, 'hand')}, {s.wins} won; {s.best} of {plural(s.decisions, 'decision')} best ({s.best_share:.0%}); "
            f"{given_up(s.fun_lost)} {unit} given up")


def drill_stats_dict(s: DrillStats) -> dict[str, Any]:
    """The drill's totals as plain data (the ``drill`` key of ``stats --json``)."""
    return {"hands": s.hands, "wins": s.wins, "decisions": s.decisions, "best": s.best, "best_share": s.best_share,
            "fun_lost": s.fun_lost}


__all__ = ["drill_stats_dict", "drill_stats_text", "graded_dict", "graded_text", "hand_over", "summary_dict", "summary_text", "table_view"]
