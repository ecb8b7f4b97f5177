"""Scoring: the patterns a rule set can name, and ``check`` (does this hand win, for how much).

Each pattern is a Python function registered by name in ``PATTERNS``; a rule set's YAML names the
pattern, gives its arguments, and says what it is worth and for which seats. A pattern returns how
many times it applies (0 when it does not): a count of cards or sets, or 1 for a whole-hand pattern.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from tutor.errors import InvalidHandError
from tutor.hands import Hand, MeldKind
from tutor.shapes import CHEE, KONG, NGAN, PONG, RawReading, Reading, readings, to_reading
from tutor.tiles import FEI_ID, FIRST_WIND, TILES, Tile

if TYPE_CHECKING:
    from tutor.rules import Item, RuleSet, Seat


@dataclass(slots=True)
class Context:
    """What a pattern may look at: one reading of the hand, its bonus cards, seat and situation."""

    sets: list[tuple[int, int]]  # (kind, tile) of each set; kind CHEE/PONG/KONG
    pair: int  # the tile of the NGAN
    bonus: tuple[int, ...]  # bonus cards held, sunk FEI included
    wild_held: int  # FEI among the concealed cards
    flags: frozenset[str]


@dataclass(frozen=True)
class Pattern:
    """A scoring pattern: its function, its arguments, and whether it needs a reading."""

    func: Callable[[Context, dict[str, Any]], int]
    args: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    per_reading: bool = True
    check_args: Callable[[dict[str, Any]], None] | None = None

    def validate(self, args: dict[str, Any], spec: Any) -> None:
        if self.check_args:
            self.check_args(args)


PATTERNS: dict[str, Pattern] = {}


def pattern(
    name: str, args: tuple[str, ...] = (), required: tuple[str, ...] = (), per_reading: bool = True
) -> Callable[[Callable[[Context, dict[str, Any]], int]], Callable[[Context, dict[str, Any]], int]]:
    """Register a scoring pattern under ``name``."""

    def wrap(func: Callable[[Context, dict[str, Any]], int]) -> Callable[[Context, dict[str, Any]], int]:
        PATTERNS[name] = Pattern(func, args, required, per_reading, _tile_arg_check(args))
        return func

    return wrap


def _tile_arg_check(args: tuple[str, ...]) -> Callable[[dict[str, Any]], None]:
    def check(values: dict[str, Any]) -> None:
        from tutor.rules import parse_tile_names

        for key in ("tiles", "cards"):
            if key in args and key in values:
                v = values[key]
                if isinstance(v, dict):
                    for names in v.values():
                        parse_tile_names(names)
                else:
                    parse_tile_names(v)

    return check


def _ids(value: Any) -> frozenset[int]:
    from tutor.rules import parse_tile_names

    return parse_tile_names(value)


_SETS = (PONG, KONG)


@pattern("basic_win")
def _basic_win(ctx: Context, args: dict[str, Any]) -> int:
    """Every win."""
    return 1


@pattern("bonus_cards", args=("cards",), required=("cards",), per_reading=False)
def _bonus_cards(ctx: Context, args: dict[str, Any]) -> int:
    """How many of the listed bonus cards (``F*`` for a sunk FEI) the hand has revealed."""
    cards = args["cards"]
    return sum(1 for b in ctx.bonus if b in cards)


@pattern("no_bonus", per_reading=False)
def _no_bonus(ctx: Context, args: dict[str, Any]) -> int:
    """A hand with no bonus card and no sunk FEI."""
    return int(not ctx.bonus)


@pattern("pong_of", args=("tiles",), required=("tiles",))
def _pong_of(ctx: Context, args: dict[str, Any]) -> int:
    """How many PONG/KONG sets of the listed cards the reading has."""
    tiles = args["tiles"]
    return sum(1 for k, t in ctx.sets if k in _SETS and t in tiles)


@pattern("all_pongs")
def _all_pongs(ctx: Context, args: dict[str, Any]) -> int:
    """Every set a PONG or KONG."""
    return int(all(k in _SETS for k, _ in ctx.sets))


@pattern("all_chees", args=("pair_suited",))
def _all_chees(ctx: Context, args: dict[str, Any]) -> int:
    """Every set a CHEE (and, with ``pair_suited``, a NGAN of numbered cards)."""
    if not all(k == CHEE for k, _ in ctx.sets):
        return 0
    return int(not args.get("pair_suited", False) or ctx.pair < FIRST_WIND)


@pattern("pongs_of_all", args=("tiles",), required=("tiles",))
def _pongs_of_all(ctx: Context, args: dict[str, Any]) -> int:
    """A PONG or KONG of every listed card."""
    have = {t for k, t in ctx.sets if k in _SETS}
    return int(args["tiles"] <= have)


@pattern("pongs_and_pair", args=("tiles",), required=("tiles",))
def _pongs_and_pair(ctx: Context, args: dict[str, Any]) -> int:
    """A PONG or KONG of all listed cards but one, and the NGAN of that one."""
    tiles = args["tiles"]
    have = {t for k, t in ctx.sets if k in _SETS} & tiles
    return int(len(have) == len(tiles) - 1 and ctx.pair in tiles - have)


@pattern("situation", args=("flag",), required=("flag",), per_reading=False)
def _situation(ctx: Context, args: dict[str, Any]) -> int:
    """A circumstance the user says holds (TIN WOO, DEI WOO, ...)."""
    return int(args["flag"] in ctx.flags)


@pattern("wild_dealt", args=("flag", "count", "instant"), required=("flag", "count"), per_reading=False)
def _wild_dealt(ctx: Context, args: dict[str, Any]) -> int:
    """The user says the hand was dealt this many FEI, and it holds them: an instant claim."""
    return int(args["flag"] in ctx.flags and ctx.wild_held >= args["count"])


@dataclass(frozen=True)
class Rule:
    """A scoring item compiled for the engine: pattern, arguments resolved, points per seat."""

    name: str
    pattern: str
    func: Callable[[Context, dict[str, Any]], int]
    args: dict[str, Any]
    points: dict[str, int]  # seat -> points; a seat not named scores nothing
    limit: bool
    per_reading: bool
    instant: bool
    note: str


def compile_item(item: Item, rules: RuleSet) -> Rule:
    """Resolve an item's card names to indices and its points to a value per seat."""
    pat = PATTERNS[item.pattern]
    args = dict(item.args)
    for key in ("tiles", "cards"):
        if key in args:
            args[key] = _ids(args[key])
    seats = item.seats if item.seats is not None else list(rules.spec.seats)
    if isinstance(item.points, dict):
        points = {s: v for s, v in item.points.items() if s in seats}
    else:
        points = {s: item.points for s in seats}
    if item.limit and not points:
        points = {s: 0 for s in seats}
    return Rule(
        item.name, item.pattern, pat.func, args, points, item.limit, pat.per_reading,
        bool(args.get("instant")), item.note,
    )


class Status(Enum):
    """The verdict on a hand."""

    WINS = "wins"
    SHORT = "short"  # complete, but below the rule set's minimum
    INCOMPLETE = "incomplete"


@dataclass(frozen=True)
class ScoreLine:
    """One row of a score: the item, how often it applies, what it is worth."""

    name: str
    fun: int
    count: int = 1
    limit: bool = False


@dataclass(frozen=True)
class Score:
    """The score of one reading: the rows, the raw total, and the value after limit and cap."""

    fun: int
    lines: tuple[ScoreLine, ...]
    total: int
    limit: bool
    capped: bool


@dataclass(frozen=True)
class Check:
    """The answer to ``sekwoo check``: complete? wins? for how much, by which reading?"""

    hand: Hand
    rules: str
    seat: str
    size: int
    complete: bool
    wins: bool
    fun: int
    min_fun: int
    unit: str
    status: Status
    reading: Reading | None = None
    score: Score | None = None
    readings: int = 0
    notes: tuple[str, ...] = field(default=())


def validate(hand: Hand, rules: RuleSet) -> None:
    """Raise ``InvalidHandError`` for a hand that cannot exist under ``rules``."""
    wild = rules.wild_name
    for t in hand.concealed:
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
        if m.kind is MeldKind.CHEE:
            from tutor.shapes import meld_options

            if not meld_options(m, rules.chee_ok):
                raise InvalidHandError(f"{m} is not a CHEE in {rules.name}")
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
    counts: Counter[Tile] = hand.in_sight()
    for t, n in counts.items():
        if t.id == FEI_ID:
            if n > rules.wild_copies:
                raise InvalidHandError(
                    f"{n} {wild} in this hand (sunk ones included): there are only {rules.wild_copies}"
                )
        elif n > rules.copies:
            raise InvalidHandError(f"{n} copies of {t} in this hand: there are only {rules.copies}")
    if hand.size > rules.hand_size:
        raise InvalidHandError(
            f"too many cards: {hand.size}; a hand holds at most {rules.hand_size} (a KONG counts as three)"
        )


def _context(raw: RawReading, bonus: tuple[int, ...], wild_held: int, flags: frozenset[str]) -> Context:
    sets = [(k, t) for k, t, _, _ in raw if k != NGAN]
    pair = next(t for k, t, _, _ in raw if k == NGAN)
    return Context(sets, pair, bonus, wild_held, flags)


def score_reading(raw: RawReading | None, ctx: Context, rules: RuleSet, seat: str) -> Score:
    """Score one reading (or, with ``raw`` None, only the items that need no reading)."""
    lines = []
    total = 0
    limit = False
    for rule in rules.items:
        pts = rule.points.get(seat)
        if pts is None or (rule.per_reading and raw is None):
            continue
        n = rule.func(ctx, rule.args)
        if not n:
            continue
        if rule.limit:
            limit = True
            lines.append(ScoreLine(rule.name, rules.spec.scoring.limit or 0, 1, True))
            continue
        value = pts * n
        if value:
            total += value
            lines.append(ScoreLine(rule.name, value, n))
    cap = rules.spec.scoring.cap
    fun = (rules.spec.scoring.limit or 0) if limit else total
    capped = False
    if cap is not None and fun > cap:
        fun, capped = cap, True
    return Score(fun, tuple(lines), total, limit, capped)


def best_reading(
    raws: list[RawReading], bonus: tuple[int, ...], wild_held: int, flags: frozenset[str], rules: RuleSet, seat: str
) -> tuple[RawReading, Score] | None:
    """The reading that scores most (then the higher raw total, then the fewer FEI), with its score."""
    best: tuple[tuple[int, int, int], RawReading, Score] | None = None
    for raw in raws:
        ctx = _context(raw, bonus, wild_held, flags)
        sc = score_reading(raw, ctx, rules, seat)
        key = (sc.fun, sc.total, -sum(bin(w).count("1") for _, _, w, _ in raw))
        if best is None or key > best[0]:
            best = (key, raw, sc)
    return None if best is None else (best[1], best[2])


def check(
    hand: Hand, rules: RuleSet, seat: str | Seat = "east", situations: frozenset[str] | set[str] = frozenset()
) -> Check:
    """Judge a hand: is it complete, does it win under ``rules``, for how much (best reading)."""
    seat_name = rules.seat(seat).value
    flags = frozenset(situations)
    known = {s.flag for s in rules.spec.situations}
    for f in flags - known:
        raise InvalidHandError(f"{rules.name} knows no situation {f!r} ({', '.join(sorted(known)) or 'none'})")
    validate(hand, rules)
    notes: list[str] = []
    bonus = tuple(t.id for t in hand.bonus)
    wild_held = sum(1 for t in hand.concealed if t.id == FEI_ID)
    raws = readings(hand, rules.sets, rules.max_wild_per_set, rules.chee_ok) if hand.size == rules.hand_size else []
    best = best_reading(raws, bonus, wild_held, flags, rules, seat_name)
    base = dict(hand=hand, rules=rules.name, seat=seat_name, size=hand.size, min_fun=rules.minimum, unit=rules.unit)
    dealt = hand.size >= rules.hand_size - 1  # an instant claim is made on a starting hand
    instant = _instant(rules, seat_name, Context([], -1, bonus, wild_held, flags)) if dealt else None
    if not dealt and any(r.instant and r.args.get("flag") in flags for r in rules.items):
        notes.append(f"an instant claim is made on a starting hand of {rules.hand_size - 1} or {rules.hand_size} cards")
    if best is None:
        if instant is not None:
            return Check(**base, complete=False, wins=True, fun=instant.fun, status=Status.WINS, score=instant)
        if hand.size < rules.hand_size:
            notes.append(f"{hand.size} cards: a complete hand has {rules.hand_size} (a KONG counts as three)")
        else:
            notes.append(f"these {hand.size} cards do not split into {rules.sets} sets and a NGAN")
        _situation_notes(rules, seat_name, flags, wild_held, notes)
        return Check(**base, complete=False, wins=False, fun=0, status=Status.INCOMPLETE, notes=tuple(notes))
    raw, sc = best
    if instant is not None and instant.fun > sc.fun:
        sc = instant
    wins = sc.fun >= rules.minimum
    if not wins:
        notes.append(f"complete, but {sc.fun} {rules.unit} is short of the minimum of {rules.minimum}")
    _situation_notes(rules, seat_name, flags, wild_held, notes)
    return Check(
        **base, complete=True, wins=wins, fun=sc.fun, status=Status.WINS if wins else Status.SHORT,
        reading=to_reading(raw), score=sc, readings=len(raws), notes=tuple(notes),
    )


def _instant(rules: RuleSet, seat: str, ctx: Context) -> Score | None:
    """The score of an instant claim (four FEI dealt) that needs no complete shape, if one holds."""
    for rule in rules.items:
        if rule.instant and seat in rule.points and rule.func(ctx, rule.args):
            value = rules.spec.scoring.limit or 0 if rule.limit else rule.points[seat]
            return Score(value, (ScoreLine(rule.name, value, 1, rule.limit),), value, rule.limit, False)
    return None


def _situation_notes(rules: RuleSet, seat: str, flags: frozenset[str], wild_held: int, notes: list[str]) -> None:
    """Say why a situation the user set did not score (wrong seat, FEI not held)."""
    ctx = Context([], -1, (), wild_held, flags)
    for rule in rules.items:
        flag = rule.args.get("flag")
        if flag not in flags:
            continue
        if seat not in rule.points:
            notes.append(f"{rule.name} does not apply to {seat.capitalize()}")
        elif rule.pattern == "wild_dealt" and not rule.func(ctx, rule.args):
            notes.append(f"{rule.name} needs {rule.args['count']} {rules.wild_name} in the hand")


__all__ = ["Check", "PATTERNS", "Score", "ScoreLine", "Status", "check", "validate", "TILES"]
