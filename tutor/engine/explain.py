"""Explanations of a ranked list of options, in cards and FUN: what each keeps, why it beats the next."""

from __future__ import annotations

from dataclasses import replace

from tutor.core.words import plural
from tutor.engine.results import Option


def explain(options: list[Option], n: int, unit: str) -> list[Option]:
    """A sentence or two for the top choices: what it keeps, what it waits on, why it beats the next."""
    out = []
    for k, o in enumerate(options):
        if k >= 3:
            out.append(o)
            continue
        what = f"Sink the {o.tile} as a flower (+1 {unit}, a replacement is drawn)" if o.action == "sink" else f"Discard {o.tile}"
        if o.shanten == 0 and o.waits:
            wins = [w for w in o.waits if w[3]]
            short = [w for w in o.waits if not w[3]]
            text = f"{what}: the hand is ready"
            if wins:
                text += ", winning on " + ", ".join(f"{t} ({c} left, {f} {unit})" for t, c, f, _ in wins)
            if short:
                text += ("; " if wins else ", but ") + " ".join(str(t) for t, _, _, _ in short)
                text += " would complete it short of the minimum"
        elif o.shanten == 0:
            text = f"{what}: the hand is ready, but every card it waits on is in sight"
        else:
            cards = ", ".join(f"{t}×{c}" for t, c in o.accepts[:8]) + (" …" if len(o.accepts) > 8 else "")
            text = f"{what}: {o.shanten} swap{'s' if o.shanten > 1 else ''} from ready"
            if o.accepts:
                text += f"; {plural(o.acceptance, 'unseen card')} bring{'s' if o.acceptance == 1 else ''} it closer ({cards})"
        if o.aim:
            text += f"; it plays for {o.aim_fun} {unit} (" + ", ".join(f"{name} {f}" for name, f in o.aim) + ")"
        if o.win_probability > 0:
            text += f". Over {plural(n, 'draw')} it wins {o.win_probability:.1%} of the time, {o.expected_fun:.2f} {unit} on average."
        else:
            text += f". It cannot win within {plural(n, 'draw')}."
        rival = options[k + 1] if k + 1 < len(options) else None
        if rival is not None:
            text += " " + compare(o, rival, unit)
        out.append(replace(o, explanation=text))
    return out


def compare(a: Option, b: Option, unit: str) -> str:
    """Why ``a`` ranks above ``b``: the FUN it adds and the cards it gains and loses."""
    name = f"sinking {b.tile}" if b.action == "sink" else f"discarding {b.tile}"
    diff = a.expected_fun - b.expected_fun
    if abs(diff) < 5e-10 and abs(a.win_probability - b.win_probability) < 5e-10:
        return f"It is worth the same as {name}."
    gains = sorted({t for t, _ in a.accepts} - {t for t, _ in b.accepts})
    loses = sorted({t for t, _ in b.accepts} - {t for t, _ in a.accepts})
    if diff >= 5e-10:
        why = f"It beats {name} by {diff:.2f} {unit} on average"
    else:
        why = f"It beats {name} on win chance ({a.win_probability:.1%} against {b.win_probability:.1%})"
    parts = []
    if a.shanten < b.shanten:
        parts.append(f"it stays {b.shanten - a.shanten} swap{'s' if b.shanten - a.shanten > 1 else ''} closer to ready")
    if gains:
        parts.append("it can use " + " ".join(map(str, gains)) + f", which {name} cannot")
    if loses:
        parts.append(f"{name} would use " + " ".join(map(str, loses)) + " instead")
    if not parts:
        parts.append("its completed hands score more" if diff > 0 else "more of its completions win")
    return why + ": " + "; ".join(parts) + "."
