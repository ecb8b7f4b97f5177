"""Explanations of a ranked list of options, in cards and FUN: what each keeps, why it beats the next."""

from __future__ import annotations

from dataclasses import replace

from tutor.core.tiles import Tile
from tutor.core.words import plural
from tutor.engine.result_types import ClaimOption, InstantPayment, Option


def instant_words(p: InstantPayment) -> str:
    """An instant payment in a line: ``Concealed Gang: 40 credits from each of 3 players (120)``."""
    text = f"{p.name}: {p.each} {p.unit} from each of {p.payers} players ({p.total})"
    if p.shooter:
        text += ", all paid by the discarder (shooter rule)"
    if p.bitten is not None:
        text += f"; {p.bitten} each if drawn before any replacement card"
    return text


def _paid_now(p: InstantPayment | None, unit: str) -> str:
    """The sentence on a KONG's instant payment: paid at once, apart from the expected points."""
    if p is None:
        return ""
    return f" Paid at once, whatever the hand does after: {instant_words(p)}; the expected {unit} leave it out."


def explain(options: list[Option], n: int, unit: str) -> list[Option]:
    """A sentence or two for the top choices: what it keeps, what it waits on, why it beats the next."""
    out = []
    for k, o in enumerate(options):
        if k >= 3:
            out.append(o)
            continue
        what = _what(o, unit)
        if o.shanten < 0:  # a recall that leaves a winning hand
            text = f"{what}: the hand wins, {o.expected_fun:.0f} {unit}"
        elif o.shanten == 0 and o.waits:
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
        if o.shanten < 0:
            text += "."
        elif o.win_probability > 0:
            text += f". Over {plural(n, 'draw')} it wins {o.win_probability:.1%} of the time, {o.expected_fun:.2f} {unit} on average."
        else:
            text += f". It cannot win within {plural(n, 'draw')}."
        rival = options[k + 1] if k + 1 < len(options) else None
        if rival is not None:
            text += " " + compare(o, rival, unit)
        out.append(replace(o, explanation=text + _paid_now(o.instant, unit)))
    return out


def _what(o: Option, unit: str) -> str:
    """The move, in words."""
    if o.action == "sink":
        return f"Sink the {o.tile} as a flower (+1 {unit}, a replacement is drawn)"
    if o.action == "kong":
        return f"Declare a concealed KONG of {o.tile} (a replacement is drawn, then a discard)"
    if o.action == "add-kong":
        return f"Add the {o.tile} to its PONG for a KONG (a replacement is drawn, then a discard)"
    if o.action == "recall":
        after = "" if o.then is None else f", then {'sink' if o.then[1] == 'sink' else 'discard'} {o.then[0]}"
        return f"Recall the FEI from {o.meld} with the {o.tile}{after}"
    return f"Discard {o.tile}"


_NAMES = {"sink": "sinking {}", "kong": "the KONG of {}", "add-kong": "adding {} to its PONG", "recall": "recalling the FEI with {}"}


def compare(a: Option, b: Option, unit: str) -> str:
    """Why ``a`` ranks above ``b``: the FUN it adds and the cards it gains and loses."""
    name = _NAMES.get(b.action, "discarding {}").format(b.tile)
    diff = a.expected_fun - b.expected_fun
    if abs(diff) < 5e-10 and abs(a.win_probability - b.win_probability) < 5e-10:
        return f"It is worth the same as {name}."
    gains = sorted({t for t, _ in a.accepts} - {t for t, _ in b.accepts})
    loses = sorted({t for t, _ in b.accepts} - {t for t, _ in a.accepts})
    if diff >= 5e-10:
        why = f"It beats {name} by {f'{diff:.2f}' if diff >= 0.005 else 'less than 0.01'} {unit} on average"
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


CLAIM_NAMES = {"pong": "PONG", "kong": "KONG", "chee": "CHEE"}


def _draws_away(d: int) -> str:
    return "it wins now" if d < 0 else f"{plural(d + 1, 'draw')} from a win"


def explain_claims(options: list[ClaimOption], tile: Tile, n: int, unit: str) -> list[ClaimOption]:
    """A sentence for each answer to a discarded card: what it lays down and keeps, what it plays
    for, and what it changes against passing (a step closer or further, FUN gained or given up)."""
    passing = next(o for o in options if o.action == "pass")
    out = []
    for o in options:
        if o.action == "sek-woo":
            text = (f"Declare SEK WOO on the {tile}: {o.fun} {unit}." if o.wins else
                    f"SEK WOO on the {tile} would be complete, but {o.fun} {unit} is short of the minimum: it cannot be declared.")
            out.append(replace(o, explanation=text))
            continue
        if o.action == "pass":
            text = f"Pass: keep the hand as it is, {_draws_away(o.distance)}"
        else:
            text = f"{CLAIM_NAMES[o.action]} {o.meld}"
            if o.action == "kong":
                text += ", draw a replacement, then discard"
            elif o.then is not None:
                card, how = o.then
                text += f", then sink the {card}" if how == "sink" else f", then discard {card}"
            text += f": {_draws_away(o.distance)}" + (", the replacement included" if o.action == "kong" else "")
            # a KONG's replacement is a draw the player gets for free: one own draw fewer
            step = passing.distance - o.distance + (1 if o.action == "kong" else 0)
            if step > 0:
                text += f", {'one step' if step == 1 else f'{step} steps'} closer than passing"
            elif step < 0:
                text += f", {'one step' if step == -1 else f'{-step} steps'} further than passing"
            lost = [name for name, _ in passing.aim if name not in {m for m, _ in o.aim}]
            gained = [name for name, _ in o.aim if name not in {m for m, _ in passing.aim}]
            if o.aim and (gained or lost or o.aim_fun != passing.aim_fun):
                text += f"; it plays for {o.aim_fun} {unit}" + (" (" + ", ".join(gained) + ")" if gained else "")
                text += f" against {passing.aim_fun} when passing" if passing.aim and passing.aim_fun != o.aim_fun else ""
                text += " and gives up " + ", ".join(lost) if lost else ""
        if o.aim and o.action == "pass":
            text += f"; it plays for {o.aim_fun} {unit} (" + ", ".join(f"{name} {f}" for name, f in o.aim) + ")"
        if o.dead:
            text += f". Dead hand: no win is possible within the {plural(n, 'draw')} left."
        elif o.win_probability > 0:
            text += f". Over {plural(n, 'draw')} it wins {o.win_probability:.1%} of the time, {o.expected_fun:.2f} {unit} on average."
        else:
            text += f". It cannot win within {plural(n, 'draw')}."
        out.append(replace(o, explanation=text + _paid_now(o.instant, unit)))
    return out
