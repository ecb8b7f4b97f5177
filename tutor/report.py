"""Plain-data forms of the library's answers, for ``--json`` and ``batch`` (RULES.md §4)."""

from __future__ import annotations

from typing import Any

from tutor.hands import Hand, Meld
from tutor.scoring import Check
from tutor.shapes import Group


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
    reading = None
    if result.reading is not None:
        reading = {
            "sets": [group_dict(g) for g in result.reading.sets],
            "ngan": group_dict(result.reading.ngan) if result.reading.ngan else None,
        }
    return {
        "hand": str(result.hand),
        "rules": result.rules,
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
            {"name": ln.name, "fun": ln.fun, "count": ln.count, "limit": ln.limit} for ln in (score.lines if score else ())
        ],
        "reading": reading,
        "readings": result.readings,
        "notes": list(result.notes),
    }
