"""Plain-data forms of the library's answers, for ``--json`` and ``batch`` (docs/api.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.core.hands import Hand, Meld
from tutor.core.readings import Group, Reading
from tutor.engine.result_types import Check, ClaimResult, DiscardResult, WaitsResult

if TYPE_CHECKING:
    from tutor.engine.result_types import InstantPayment
    from tutor.engine.scoring.payout import Payout


def group_dict(g: Group) -> dict[str, Any]:
    """A set or NGAN of a reading: its kind, its cards, what each stands for."""
    return {
        "kind": g.kind.value,
        "cards": [str(t) for t in g.cards],
        "stands_for": [str(t) for t in g.tiles],
        "fei": [str(g.tiles[j]) for j in g.wild],
        "declared": g.declared,
    }


def meld_dict(m: Meld) -> dict[str, Any]:
    return {"kind": m.kind.value, "cards": [str(t) for t in m.cards], "exposed": m.exposed}


def hand_dict(hand: Hand) -> dict[str, Any]:
    """A parsed hand, part by part."""
    return {
        "hand": str(hand),
        "concealed": [str(t) for t in hand.concealed],
        "melds": [meld_dict(m) for m in hand.melds],
        "bonus": [str(t) for t in hand.bonus],
        "size": hand.size,
    }


def check_dict(result: Check) -> dict[str, Any]:
    """The JSON object of ``sekwoo check``."""
    score = result.score
    reading = reading_dict(result.reading)
    return {
        "hand": str(result.hand),
        "rules": result.rules.name,
        "seat": result.seat,
        "size": result.size,
        "complete": result.complete,
        "wins": result.wins,
        "status": result.status.value,
        "fun": result.fun,
        "min_fun": result.min_fun,
        "unit": result.unit,
        "limit": bool(score and score.limit),
        "capped": bool(score and score.capped),
        "total": score.total if score else 0,
        "breakdown": [
            {"name": ln.name, "fun": ln.fun, "count": ln.count, "limit": ln.limit, "bonus": ln.bonus}
            for ln in (score.lines if score else ())
        ],
        "counted": score.qualifying if score else 0,
        "bonus_points": score.bonus_points if score else 0,
        "shape": result.reading.shape if result.reading else None,
        **{k: v for k, v in (score.details if score else ()) if k in ("han", "fu", "yakuman")},
        "reading": reading,
        "readings": result.readings,
        "notes": list(result.notes),
    }


def payout_dict(paid: Payout | None) -> dict[str, Any] | None:
    """Who pays the winner what, per way of winning, each scored as that win (None for a hand
    that wins no way)."""
    if paid is None:
        return None
    return {
        "unit": paid.unit,
        "value": paid.value,
        "scenarios": [
            {
                "name": sc.name,
                "wins": sc.wins,
                "value": sc.value,
                "breakdown": [{"name": ln.name, "fun": ln.fun, "count": ln.count, "limit": ln.limit,
                               "bonus": ln.bonus} for ln in (sc.score.lines if sc.score else ())],
                "payments": [{"payer": p.payer, "amount": p.amount, "players": p.players} for p in sc.payments],
                "total": sc.total,
                "note": sc.note,
            }
            for sc in paid.scenarios
        ],
        "note": paid.note,
        "notes": list(paid.notes),
        "instant": [instant_dict(p) for p in paid.instant],
    }


def instant_dict(p: InstantPayment | None) -> dict[str, Any] | None:
    """An instant payment made during play: who pays what, in the payout's unit."""
    if p is None:
        return None
    return {"name": p.name, "each": p.each, "payers": p.payers, "total": p.total, "unit": p.unit,
            "shooter": p.shooter, "bitten": p.bitten}


def reading_dict(reading: Reading | None) -> dict[str, Any] | None:
    """A reading as its sets and its NGAN."""
    if reading is None:
        return None
    out: dict[str, Any] = {
        "sets": [group_dict(g) for g in reading.sets],
        "ngan": group_dict(reading.ngan) if reading.ngan else None,
    }
    if reading.shape != "standard":
        out["shape"] = reading.shape
        out["groups"] = [group_dict(g) for g in reading.groups]
        out["singles"] = [str(t) for t in reading.singles]
    return out


def waits_dict(result: WaitsResult) -> dict[str, Any]:
    """The JSON object of ``sekwoo waits``."""
    return {
        "hand": str(result.hand),
        "rules": result.rules.name,
        "seat": result.seat,
        "shanten": result.shanten,
        "distance": result.distance,
        "min_fun": result.min_fun,
        "unit": result.unit,
        "waits": [
            {"tile": str(w.tile), "fun": w.fun, "wins": w.wins, "unseen": w.unseen, "reading": reading_dict(w.reading)}
            for w in result.waits
        ],
        "notes": list(result.notes),
    }


def discard_dict(result: DiscardResult) -> dict[str, Any]:
    """The JSON object of ``sekwoo discard``: options best first."""
    return {
        "hand": str(result.hand),
        "rules": result.rules.name,
        "seat": result.seat,
        "draws": result.draws,
        "exact_draws": result.exact_draws,
        "exact": True,  # the search is exact on its model; it never settles for an estimate
        "optimum": result.exact_draws + 1 >= result.draws,  # every discard weighed at every draw
        "shanten": result.shanten,
        "distance": result.distance,
        "wins_now": result.wins_now,
        "fun_now": result.fun_now,
        "unit": result.unit,
        "states": result.states,
        "options": [
            {
                "discard": str(o.tile),
                "action": o.action,
                "shanten": o.shanten,
                "distance": o.distance,
                "tenpai": o.tenpai,
                "acceptance": o.acceptance,
                "accepts": [{"tile": str(t), "unseen": k} for t, k in o.accepts],
                "win_probability": o.win_probability,
                "expected_fun": o.expected_fun,
                "win_by_draw": list(o.win_by_draw),
                "waits": [{"tile": str(t), "unseen": c, "fun": f, "wins": w} for t, c, f, w in o.waits],
                "explanation": o.explanation,
                "aim": {"fun": o.aim_fun, "breakdown": [{"name": k, "fun": f} for k, f in o.aim]} if o.aim else None,
                "meld": None if o.meld is None else str(o.meld),
                "then": None if o.then is None else {"tile": str(o.then[0]), "action": o.then[1]},
                "instant": instant_dict(o.instant),
            }
            for o in result.options
        ],
        "notes": list(result.notes),
    }


def claim_dict(result: ClaimResult) -> dict[str, Any]:
    """The JSON object of ``sekwoo claim``: every answer, best first."""
    return {
        "hand": str(result.hand),
        "tile": str(result.tile),
        "from": result.source,
        "rules": result.rules.name,
        "seat": result.seat,
        "draws": result.draws,
        "exact_draws": result.exact_draws,
        "optimum": result.exact_draws + 1 >= result.draws,
        "unit": result.unit,
        "best": result.options[0].action,
        "options": [
            {
                "action": o.action,
                "meld": None if o.meld is None else str(o.meld),
                "then": None if o.then is None else {"tile": str(o.then[0]), "action": o.then[1]},
                "expected_fun": o.expected_fun,
                "win_probability": o.win_probability,
                "win_by_draw": list(o.win_by_draw),
                "distance": o.distance,
                "shanten": o.shanten,
                "fun": o.fun if o.action == "sek-woo" else None,
                "wins": o.wins if o.action == "sek-woo" else None,
                "dead": o.dead,
                "aim": {"fun": o.aim_fun, "breakdown": [{"name": k, "fun": f} for k, f in o.aim]} if o.aim else None,
                "explanation": o.explanation,
                "instant": instant_dict(o.instant),
            }
            for o in result.options
        ],
        "notes": list(result.notes),
    }


def analysis_dict(result: Check | WaitsResult | DiscardResult | ClaimResult) -> dict[str, Any]:
    """What ``analyze`` found, as JSON: its ``kind`` (check, waits, discard, claim) and that answer."""
    if isinstance(result, ClaimResult):
        return {"kind": "claim", **claim_dict(result)}
    if isinstance(result, Check):
        return {"kind": "check", **check_dict(result)}
    if isinstance(result, WaitsResult):
        return {"kind": "waits", **waits_dict(result)}
    return {"kind": "discard", **discard_dict(result)}
