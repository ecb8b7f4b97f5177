"""``check``: does this hand win under a rule set, and for how much (its best reading).

Every winning shape of the rule set is read (``tutor.engine.shapes.standard``, ``tutor.engine.shapes.special``)
and each reading scored by the rule set's scorer (``tutor.engine.scoring.scorers``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from operator import attrgetter, eq
from typing import TYPE_CHECKING, Any

from tutor.core.hands import Hand, MeldKind, Seat
from tutor.core.score import Score, ScoreLine, Status
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.core.words import plural
from tutor.engine.result_types import Check
from tutor.engine.scoring.han import HanScorer
from tutor.engine.scoring.scorers import AdditiveScorer, Scorer
from tutor.engine.shapes.standard import readings
from tutor.errors import ChoiceError, InvalidHandError
from tutor.rules.patterns import Context

if TYPE_CHECKING:
    from tutor.engine.shapes.special import SpecialReading
    from tutor.rules.load import RuleSet


_ID = attrgetter("id")


def validate(hand: Hand, rules: RuleSet) -> None:
    """Raise ``InvalidHandError`` for a hand that cannot exist under ``rules``."""
    if not hand.melds:  # the usual hand, checked in a few passes over its sorted cards
        ids = list(map(_ID, hand.concealed))
        if rules.in_play.issuperset(ids) and not any(map(eq, ids, ids[rules.copies:])):
            fei = ids.count(FEI_ID)
            if hand.bonus:
                _check_bonus(hand, rules)
                fei += sum(1 for t in hand.bonus if t.id == FEI_ID)
            if fei <= rules.wild_copies:
                return _check_size(hand, rules)
    wild = rules.wild_name
    for t in () if rules.in_play.issuperset([t.id for t in hand.concealed]) else hand.concealed:
        if t.is_bonus:
            raise InvalidHandError(f"the bonus card {t} is among the concealed cards: bonus cards go after '|'")
        if t.id not in rules.in_play:
            raise InvalidHandError(f"{t.long_name} ({t}) is not a card of {rules.name}")
    for m in hand.melds:
        for t in m.cards:
            if t.id not in rules.in_play:
                raise InvalidHandError(f"{t.long_name} ({t}) in {m} is not a card of {rules.name}")
        if m.wild_count > rules.max_wild_per_set:
            raise InvalidHandError(
                f"{m} holds {m.wild_count} {wild}: {rules.name} allows {rules.max_wild_per_set} per set"
            )
        # A Meld built in code (not parsed) may claim a kind its cards do not make.
        real = [t for t in m.cards if t.id != FEI_ID]
        if len(m.cards) != {MeldKind.KONG: 4, MeldKind.PONG: 3, MeldKind.CHEE: 3}.get(m.kind) or not real:
            raise InvalidHandError(
                f"{m} as a {m.kind.label} of {len(m.cards)} cards is not a set: a set laid down is a PONG "
                "or CHEE of 3 cards or a KONG of 4"
            )
        if m.kind is MeldKind.KONG and (m.wild_count or len(set(real)) != 1):
            raise InvalidHandError(f"{m} is not a KONG: four identical cards, never with a {wild}")
        if m.kind is MeldKind.PONG and len(set(real)) != 1:
            raise InvalidHandError(f"{m} is not a PONG: three identical cards")
        if m.kind is MeldKind.CHEE and len(set(real)) != len(real):
            raise InvalidHandError(f"{m} is not a CHEE: three consecutive cards")
        if m.kind is MeldKind.CHEE and not rules.spec.declared_chee:
            raise InvalidHandError(f"{m}: {rules.name} never lays a CHEE down (no CHEE on a discard)")
        if m.kind is MeldKind.CHEE:
            from tutor.engine.shapes.standard import meld_options

            if not meld_options(m, rules.chee_ok):
                raise InvalidHandError(f"{m} is not a CHEE in {rules.name}")
    _check_bonus(hand, rules)
    if _within_copies(hand, rules):
        return _check_size(hand, rules)
    counts: Counter[Tile] = hand.in_sight()
    for t, n in counts.items():
        if t.id == FEI_ID:
            if n > rules.wild_copies:
                raise InvalidHandError(
                    f"{n} {wild} in this hand (sunk ones included): there are only {rules.wild_copies}"
                )
        elif n > rules.copies:
            raise InvalidHandError(f"{n} copies of {t} in this hand: there are only {rules.copies}")
    _check_size(hand, rules)


def _check_bonus(hand: Hand, rules: RuleSet) -> None:
    """Raise ``InvalidHandError`` for a bonus card the rule set lacks or holds twice, or a FEI
    sunk where none can be."""
    wild = rules.wild_name
    seen_bonus: set[Tile] = set()
    for t in hand.bonus:
        if t.id == FEI_ID:
            if FEI_ID not in rules.in_play or not (rules.spec.tiles.wild and rules.spec.tiles.wild.sinkable):
                raise InvalidHandError(f"{rules.name} has no {wild} to sink")
            continue
        if t.id not in rules.bonus_in_play:
            raise InvalidHandError(f"{t.long_name} ({t}) is not a bonus card of {rules.name}")
        if t in seen_bonus:
            raise InvalidHandError(f"the bonus card {t} appears twice: there is one of each")
        seen_bonus.add(t)


def sight_counts(hand: Hand) -> list[int]:
    """``Hand.in_sight`` as a count per card number (FEI at ``FEI_ID``): quicker to count and read."""
    c = [0] * len(TILES)
    for t in hand.concealed:
        c[t.id] += 1
    for m in hand.melds:
        for t in m.cards:
            c[t.id] += 1
    c[FEI_ID] += sum(1 for t in hand.bonus if t.id == FEI_ID)
    return c


def _within_copies(hand: Hand, rules: RuleSet) -> bool:
    """Does no card of the hand (sets laid down and sunk FEI too) pass its copies? Where one
    does, ``validate`` names it as ``Hand.in_sight`` lists it."""
    c = sight_counts(hand)
    return c[FEI_ID] <= rules.wild_copies and max(c[:FEI_ID]) <= rules.copies


def _check_size(hand: Hand, rules: RuleSet) -> None:
    if hand.size > rules.hand_size:
        raise InvalidHandError(
            f"too many cards: {hand.size}; a hand holds at most {rules.hand_size} (a KONG counts as three)"
        )


def is_win(score: Score, rules: RuleSet) -> bool:
    """Does a complete hand with this score win: the minimum met (bonus points aside), and a yaku
    where the rule set needs one. ``check`` and the solver both ask this."""
    return score.qualifying >= rules.minimum and not (score.details and score.detail("no_yaku", False))


SCORERS: dict[str, type[Scorer]] = {"additive": AdditiveScorer, "han": HanScorer}


@cache
def scorer_for(rules: RuleSet) -> Scorer:
    """The scorer of a rule set's scoring system, made once per rule set."""
    return SCORERS[rules.spec.scoring.system](rules)


def known_situations(rules: RuleSet, situations: Iterable[str]) -> frozenset[str]:
    """The situation flags given, each checked against the rule set's (``ChoiceError`` if unknown)."""
    flags = frozenset(situations)
    if not flags:
        return flags
    known = sorted(s.flag for s in rules.spec.situations)
    for f in sorted(flags - set(known)):
        raise ChoiceError("situation", f, known, f"{rules.name} knows no situation {f!r} ({', '.join(known) or 'none'})")
    return flags


def check(
    hand: Hand, rules: RuleSet, seat: str | Seat = "east", situations: frozenset[str] | set[str] = frozenset()
) -> Check:
    """Judge a hand: is it complete, does it win under ``rules``, for how much (best reading).

    Every winning shape of the rule set is tried (the standard one and its special shapes), and
    the best-scoring reading is kept.
    """
    seat_name = rules.seat(seat)
    flags = known_situations(rules, situations)
    validate(hand, rules)
    notes: list[str] = []
    bonus = tuple(t.id for t in hand.bonus)
    wild_held = sum(1 for t in hand.concealed if t.id == FEI_ID)
    size = hand.size
    full = size == rules.hand_size
    standard = "standard" in rules.shapes
    raws = readings(hand, rules.sets, rules.max_wild_per_set, rules.chee_ok) if full and standard else []
    specials: list[SpecialReading] = []
    if full and not hand.melds and rules.special_shapes:
        from tutor.engine.shapes.special import special_readings

        specials = special_readings(hand.counts(), rules.special_shapes, rules)
    found = scorer_for(rules).best(raws, specials, bonus, wild_held, flags, seat_name, hand.melds)
    n_readings = len(raws) + len(specials)
    base: dict[str, Any] = {
        "hand": hand, "rules": rules, "seat": seat_name, "size": size, "min_fun": rules.minimum, "unit": rules.unit,
        "flags": flags, "complete_size": rules.hand_size,
    }
    dealt = size >= rules.hand_size - 1  # an instant claim is made on a starting hand
    instants = _instant_rules(rules)
    claimed = dealt and any(r.args.get("flag") in flags for r in instants)
    instant = _instant(rules, seat_name, Context([], -1, bonus, wild_held, flags, seat_name)) if claimed else None
    if not dealt and any(r.args.get("flag") in flags for r in instants):
        notes.append(f"an instant claim is made on a starting hand of {rules.hand_size - 1} or {rules.hand_size} cards")
    if found is None:
        if instant is not None:
            return Check(**base, complete=False, wins=True, fun=instant.fun, status=Status.WINS, score=instant)
        if hand.size < rules.hand_size:
            notes.append(f"{plural(hand.size, 'card')}: a complete hand has {rules.hand_size} (a KONG counts as three)")
        else:
            notes.append(f"these {hand.size} cards do not split into {rules.sets} sets and a NGAN"
                         + (f" nor form {_shape_names(rules)}" if rules.special_shapes else ""))
        _situation_notes(rules, seat_name, flags, wild_held, notes)
        return Check(**base, complete=False, wins=False, fun=0, status=Status.INCOMPLETE, notes=tuple(notes))
    reading, sc = found
    if instant is not None and instant.fun > sc.fun:
        sc = instant
    wins = is_win(sc, rules)
    if not wins:
        if sc.detail("no_yaku", False):
            notes.append("complete, but no yaku: a win needs one (dora alone do not count)")
        elif sc.qualifying != sc.fun:
            notes.append(
                f"complete, but {sc.qualifying} {rules.unit} without bonus points is short of the minimum "
                f"of {rules.minimum}"
            )
        else:
            notes.append(f"complete, but {sc.fun} {rules.unit} is short of the minimum of {rules.minimum}")
    _situation_notes(rules, seat_name, flags, wild_held, notes)
    return Check(
        **base, complete=True, wins=wins, fun=sc.fun, status=Status.WINS if wins else Status.SHORT,
        reading=reading, score=sc, readings=n_readings, notes=tuple(notes),
    )


def _shape_names(rules: RuleSet) -> str:
    return " or ".join(s.replace("_", " ") for s in rules.special_shapes)


@cache
def _instant_rules(rules: RuleSet) -> tuple[Any, ...]:
    """The rule set's items that are instant claims (made on a starting hand), in its order: each
    is claimed by its situation flag (``wild_dealt``), so none holds without its flag set."""
    return tuple(r for r in rules.items if r.instant)


def _instant(rules: RuleSet, seat: str, ctx: Context) -> Score | None:
    """The score of an instant claim (four FEI dealt) that needs no complete shape, if one holds."""
    for rule in _instant_rules(rules):
        if seat in rule.points and rule.func(ctx, rule.args):
            value = rules.spec.scoring.limit or 0 if rule.limit else rule.points[seat]
            return Score(value, (ScoreLine(rule.name, value, 1, rule.limit),), value, rule.limit, False)
    return None


def _situation_notes(rules: RuleSet, seat: str, flags: frozenset[str], wild_held: int, notes: list[str]) -> None:
    """Say why a situation the user set did not score (wrong seat, FEI not held)."""
    if not flags:
        return
    ctx = Context([], -1, (), wild_held, flags)
    for rule in rules.items:
        flag = rule.args.get("flag")
        if flag not in flags:
            continue
        if seat not in rule.points:
            notes.append(f"{rule.name} does not apply to {seat.capitalize()}")
        elif rule.pattern == "wild_dealt" and not rule.func(ctx, rule.args):
            notes.append(f"{rule.name} needs {rule.args['count']} {rules.wild_name} in the hand")


__all__ = ["SCORERS", "check", "is_win", "scorer_for", "sight_counts", "validate"]
