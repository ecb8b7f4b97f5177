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
from tutor.core.hands import Hand, Meld, MeldKind
from tutor.engine.shapes import CHEE, KONG, NGAN, PONG, Group, RawReading, Reading, readings, to_reading
from tutor.core.tiles import FEI_ID, FIRST_WIND, TILES, Tile

if TYPE_CHECKING:
    from tutor.rules.load import Item, RuleSet, Seat
    from tutor.engine.special import SpecialReading


@dataclass(slots=True)
class Context:
    """What a pattern may look at: one reading of the hand, its bonus cards, seat and situation."""

    sets: list[tuple[int, int]]  # (kind, tile) of each set; kind CHEE/PONG/KONG
    pair: int  # the tile of the NGAN (-1 for a special shape)
    bonus: tuple[int, ...]  # bonus cards held, sunk FEI included
    wild_held: int  # FEI among the concealed cards
    flags: frozenset[str]
    seat: str = "east"
    concealed: tuple[bool, ...] = ()  # per set: held concealed (not laid down, or a concealed KONG)
    exposed: int = 0  # sets laid down open
    shape: str = "standard"  # or the special shape read (seven_pairs, thirteen_orphans, nine_gates)
    pairs: tuple[int, ...] = ()  # a special shape's paired cards
    counts: tuple[int, ...] | None = None  # 34 counts of the cards as they stand (FEI resolved)


def tile_counts(ctx: Context) -> tuple[int, ...]:
    """The 34 counts of the cards of the reading, a FEI counted as the card it stands for."""
    if ctx.counts is None:
        c = [0] * 34
        for k, t in ctx.sets:
            if k == CHEE:
                c[t] += 1
                c[t + 1] += 1
                c[t + 2] += 1
            else:
                c[t] += 4 if k == KONG else 3
        if ctx.pair >= 0:
            c[ctx.pair] += 2
        ctx.counts = tuple(c)
    return ctx.counts


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
        from tutor.rules.load import parse_tile_names

        for key in ("tiles", "cards", "seat_tiles", "pair_tiles"):
            if key in args and key in values:
                v = values[key]
                if isinstance(v, dict):
                    for names in v.values():
                        parse_tile_names(names)
                else:
                    parse_tile_names(v)
        for key, allowed in _CHOICES.items():
            if key in args and key in values:
                v = values[key]
                items = v if isinstance(v, list) else [v]
                bad = [x for x in items if x not in allowed]
                if bad:
                    raise ValueError(f"{key}: {bad[0]!r} is not one of {', '.join(allowed)}")

    return check


def _ids(value: Any) -> frozenset[int]:
    from tutor.rules.load import parse_tile_names

    return parse_tile_names(value)


_SETS = (PONG, KONG)
_KIND_NAMES = {"chee": CHEE, "pong": PONG, "kong": KONG}
_CHOICES: dict[str, tuple[str, ...]] = {
    "kinds": tuple(_KIND_NAMES),
    "suits": ("dots", "bamboo", "characters"),
    "honours": ("any", "none", "some"),
    "shape": ("standard", "seven_pairs", "thirteen_orphans", "nine_gates"),
    "bonus": ("any", "none", "some"),
}
_SUIT_BASE = {"dots": 0, "bamboo": 9, "characters": 18}


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
    return int(ctx.shape == "standard" and all(k in _SETS for k, _ in ctx.sets))


@pattern("all_chees", args=("pair_suited",))
def _all_chees(ctx: Context, args: dict[str, Any]) -> int:
    """Every set a CHEE (and, with ``pair_suited``, a NGAN of numbered cards)."""
    if ctx.shape != "standard" or not all(k == CHEE for k, _ in ctx.sets):
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


# --- Patterns of the multi-suit rule sets (kj-3p, sanma, singapore, malaysian-3p) -------------

_WIND_OF_SEAT = {"east": FIRST_WIND, "south": FIRST_WIND + 1, "west": FIRST_WIND + 2, "north": FIRST_WIND + 3}


def _is_terminal(t: int) -> bool:
    return t < FIRST_WIND and t % 9 in (0, 8)


def _chosen_sets(ctx: Context, args: dict[str, Any]) -> list[tuple[int, int]]:
    """The sets of the kinds in ``kinds`` (default PONG and KONG), concealed ones only with ``concealed``."""
    kinds = {_KIND_NAMES[k] for k in args.get("kinds", ("pong", "kong"))}
    tiles = args.get("tiles")
    out = []
    for j, (k, t) in enumerate(ctx.sets):
        if k not in kinds or (tiles is not None and t not in tiles):
            continue
        if args.get("concealed") and not (ctx.concealed[j] if j < len(ctx.concealed) else True):
            continue
        out.append((k, t))
    return out


@pattern("count_sets", args=("kinds", "tiles", "concealed"))
def _count_sets(ctx: Context, args: dict[str, Any]) -> int:
    """How many sets of the listed kinds (default PONG/KONG; of the listed cards; concealed only)."""
    return len(_chosen_sets(ctx, args))


@pattern("sets_at_least", args=("kinds", "tiles", "concealed", "count", "pair_tiles"), required=("count",))
def _sets_at_least(ctx: Context, args: dict[str, Any]) -> int:
    """At least ``count`` sets as ``count_sets`` picks them (and, with ``pair_tiles``, a NGAN of one)."""
    if ctx.shape != "standard":
        return 0
    if "pair_tiles" in args and ctx.pair not in args["pair_tiles"]:
        return 0
    return int(len(_chosen_sets(ctx, args)) >= args["count"])


@pattern("pong_of_seat_wind", args=("winds",))
def _pong_of_seat_wind(ctx: Context, args: dict[str, Any]) -> int:
    """A PONG or KONG of the player's seat wind (East for East, ...)."""
    wind = _WIND_OF_SEAT.get(ctx.seat, -1)
    return sum(1 for k, t in ctx.sets if k in _SETS and t == wind)


@pattern("pong_of_prevailing_wind", args=("rounds", "default"))
def _pong_of_prevailing_wind(ctx: Context, args: dict[str, Any]) -> int:
    """A PONG or KONG of the prevailing wind: ``default`` (East) unless a ``rounds`` flag says otherwise."""
    wind = _prevailing(ctx, args)
    return sum(1 for k, t in ctx.sets if k in _SETS and t == wind)


@pattern("identical_chees")
def _identical_chees(ctx: Context, args: dict[str, Any]) -> int:
    """Two identical CHEE (the same three cards of the same suit)."""
    chees = [t for k, t in ctx.sets if k == CHEE]
    return int(len(chees) != len(set(chees)))


@pattern("straight")
def _straight(ctx: Context, args: dict[str, Any]) -> int:
    """Three CHEE 1-2-3, 4-5-6 and 7-8-9 of one suit."""
    chees = {t for k, t in ctx.sets if k == CHEE}
    return int(any({b, b + 3, b + 6} <= chees for b in (0, 9, 18)))


@pattern("one_suit", args=("suits", "honours"))
def _one_suit(ctx: Context, args: dict[str, Any]) -> int:
    """Numbered cards of a single suit (one of ``suits``); ``honours``: any, none or some."""
    c = tile_counts(ctx)
    used = [b for b in (0, 9, 18) if any(c[b : b + 9])]
    if len(used) != 1:
        return 0
    suits = args.get("suits")
    if suits is not None and used[0] not in {_SUIT_BASE[s] for s in suits}:
        return 0
    honours = any(c[FIRST_WIND:])
    rule = args.get("honours", "any")
    return int(rule == "any" or (rule == "some") == honours)


@pattern("all_honours")
def _all_honours(ctx: Context, args: dict[str, Any]) -> int:
    """Every card an honour."""
    c = tile_counts(ctx)
    return int(not any(c[:FIRST_WIND]))


@pattern("all_terminals")
def _all_terminals(ctx: Context, args: dict[str, Any]) -> int:
    """Every card a 1 or a 9 (no honour)."""
    c = tile_counts(ctx)
    return int(all(not n or _is_terminal(t) for t, n in enumerate(c)))


@pattern("terminals_and_honours")
def _terminals_and_honours(ctx: Context, args: dict[str, Any]) -> int:
    """Every card a 1, a 9 or an honour, with both terminals and honours present."""
    c = tile_counts(ctx)
    ok = all(not n or _is_terminal(t) or t >= FIRST_WIND for t, n in enumerate(c))
    return int(ok and any(c[FIRST_WIND:]) and any(c[:FIRST_WIND]))


@pattern("no_honours")
def _no_honours(ctx: Context, args: dict[str, Any]) -> int:
    """No honour in the hand (every card numbered)."""
    return int(not any(tile_counts(ctx)[FIRST_WIND:]))


@pattern("outside_hand")
def _outside_hand(ctx: Context, args: dict[str, Any]) -> int:
    """Every set and the NGAN holds a terminal or an honour."""
    if ctx.shape != "standard":
        return 0

    def outside(k: int, t: int) -> bool:
        return t >= FIRST_WIND or _is_terminal(t) or (k == CHEE and t % 9 == 6)

    return int(all(outside(k, t) for k, t in ctx.sets) and outside(NGAN, ctx.pair))


@pattern("shape_is", args=("shape",), required=("shape",))
def _shape_is(ctx: Context, args: dict[str, Any]) -> int:
    """The hand is read as the named shape (standard, seven_pairs, thirteen_orphans, nine_gates)."""
    return int(ctx.shape == args["shape"])


@pattern("concealed_hand")
def _concealed_hand(ctx: Context, args: dict[str, Any]) -> int:
    """No set laid down open (a concealed KONG keeps the hand concealed)."""
    return int(ctx.exposed == 0)


@pattern("bonus_group", args=("cards",), required=("cards",), per_reading=False)
def _bonus_group(ctx: Context, args: dict[str, Any]) -> int:
    """Every one of the listed bonus cards revealed (all four flowers, all four animals)."""
    return int(args["cards"] <= set(ctx.bonus))


@pattern("one_suit_with_pong", args=("suits", "tiles", "seat_tiles", "concealed"))
def _one_suit_with_pong(ctx: Context, args: dict[str, Any]) -> int:
    """One numbered suit and a PONG/KONG of one listed honour (per seat with ``seat_tiles``);
    every other card, the NGAN too, of that suit."""
    if ctx.shape != "standard" or ctx.pair >= FIRST_WIND or (args.get("concealed") and ctx.exposed):
        return 0
    tiles = args.get("tiles") or frozenset()
    if "seat_tiles" in args:
        tiles = args["seat_tiles"].get(ctx.seat, frozenset())
    honour_sets = [(k, t) for k, t in ctx.sets if t >= FIRST_WIND]
    if len(honour_sets) != 1 or honour_sets[0][0] not in _SETS or honour_sets[0][1] not in tiles:
        return 0
    c = tile_counts(ctx)
    used = [b for b in (0, 9, 18) if any(c[b : b + 9])]
    suits = args.get("suits")
    if len(used) != 1 or (suits is not None and used[0] not in {_SUIT_BASE[s] for s in suits}):
        return 0
    return 1


@pattern("ping_hu", args=("bonus", "one_suit", "pair_not", "single_wait", "rounds", "default"))
def _ping_hu(ctx: Context, args: dict[str, Any]) -> int:
    """Four CHEE and a NGAN of numbered cards or of an honour worth nothing to this player.

    ``bonus``: none (no bonus card), some, or any; ``pair_not``: honours the NGAN may not be
    (``seat`` and ``prevailing`` stand for the player's winds); ``single_wait``: a situation flag
    (a Kalong or Dan Diao wait) that spoils it unless ``self_drawn`` is set; ``one_suit``: all
    numbered cards of one suit and no honour.
    """
    if ctx.shape != "standard" or not all(k == CHEE for k, _ in ctx.sets):
        return 0
    rule = args.get("bonus", "any")
    if rule != "any" and (rule == "some") != bool(ctx.bonus):
        return 0
    banned: set[int] = set()
    for name in args.get("pair_not", ()):
        if name == "seat":
            banned.add(_WIND_OF_SEAT.get(ctx.seat, -1))
        elif name == "prevailing":
            banned.add(_prevailing(ctx, args))
        else:
            banned |= set(_ids([name]))
    if ctx.pair in banned:
        return 0
    flag = args.get("single_wait")
    if flag and flag in ctx.flags and "self_drawn" not in ctx.flags:
        return 0
    if args.get("one_suit"):
        c = tile_counts(ctx)
        if any(c[FIRST_WIND:]) or sum(1 for b in (0, 9, 18) if any(c[b : b + 9])) != 1:
            return 0
    return 1


def _prevailing(ctx: Context, args: dict[str, Any]) -> int:
    """The prevailing wind's index: ``default`` (East) unless a flag of ``rounds`` holds."""
    names = {"E": "east", "S": "south", "W": "west", "N": "north"}
    wind = _WIND_OF_SEAT[names[args.get("default", "E")]]
    for flag, name in args.get("rounds", {}).items():
        if flag in ctx.flags:
            wind = _WIND_OF_SEAT[names[name]]
    return wind


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
    half_limit: bool = False
    bonus: bool = False
    requires: frozenset[str] = frozenset()


def compile_item(item: Item, rules: RuleSet) -> Rule:
    """Resolve an item's card names to indices and its points to a value per seat."""
    pat = PATTERNS[item.pattern]
    args = dict(item.args)
    for key in ("tiles", "cards", "pair_tiles"):
        if key in args:
            args[key] = _ids(args[key])
    if "seat_tiles" in args:
        args["seat_tiles"] = {seat: _ids(names) for seat, names in args["seat_tiles"].items()}
    seats = item.seats if item.seats is not None else list(rules.spec.seats)
    if isinstance(item.points, dict):
        points = {s: v for s, v in item.points.items() if s in seats}
    else:
        points = {s: item.points for s in seats}
    if (item.limit or item.half_limit) and not points:
        points = {s: 0 for s in seats}
    return Rule(
        item.name, item.pattern, pat.func, args, points, item.limit, pat.per_reading,
        bool(args.get("instant")), item.note, item.half_limit, item.bonus, frozenset(item.requires),
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
    bonus: bool = False  # a bonus point: not counted towards the minimum


@dataclass(frozen=True)
class Score:
    """The score of one reading: the rows, the raw total, and the value after limit and cap.

    ``counted`` is what the minimum is compared with (bonus points left out; for the han system,
    0 without a yaku); ``details`` holds what a point system adds (han, fu, the library's cost).
    """

    fun: int
    lines: tuple[ScoreLine, ...]
    total: int
    limit: bool
    capped: bool
    counted: int | None = None
    details: tuple[tuple[str, Any], ...] = ()

    @property
    def qualifying(self) -> int:
        """The points compared with the rule set's minimum."""
        return self.fun if self.counted is None else self.counted

    @property
    def bonus_points(self) -> int:
        """Bonus points in the score (paid, not counted towards the minimum)."""
        return 0 if self.limit else sum(ln.fun for ln in self.lines if ln.bonus)

    def detail(self, key: str, default: Any = None) -> Any:
        """One of the point system's ``details`` (``han``, ``fu``, ...)."""
        return dict(self.details).get(key, default)


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
    complete_size: int = 0  # cards in a complete hand under these rules (a KONG counting three)
    notes: tuple[str, ...] = field(default=())
    flags: frozenset[str] = frozenset()


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
        if m.kind is MeldKind.CHEE and not rules.spec.declared_chee:
            raise InvalidHandError(f"{m}: {rules.name} never lays a CHEE down (no CHEE on a discard)")
        if m.kind is MeldKind.CHEE:
            from tutor.engine.shapes import meld_options

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


def _concealed_kongs(melds: tuple[Meld, ...]) -> frozenset[int]:
    return frozenset(m.cards[0].id for m in melds if m.kind is MeldKind.KONG and not m.exposed)


def _context(
    raw: RawReading,
    bonus: tuple[int, ...],
    wild_held: int,
    flags: frozenset[str],
    seat: str = "east",
    hidden_kongs: frozenset[int] = frozenset(),
) -> Context:
    sets = []
    concealed = []
    exposed = 0
    for k, t, _, d in raw:
        if k == NGAN:
            continue
        sets.append((k, t))
        hidden = not d or (k == KONG and t in hidden_kongs)
        concealed.append(hidden)
        exposed += not hidden
    pair = next(t for k, t, _, _ in raw if k == NGAN)
    return Context(sets, pair, bonus, wild_held, flags, seat, tuple(concealed), exposed)


def _special_context(sp: SpecialReading, bonus: tuple[int, ...], flags: frozenset[str], seat: str) -> Context:
    return Context([], -1, bonus, 0, flags, seat, (), 0, sp.shape, sp.pairs, sp.counts)


def score_reading(raw: RawReading | None, ctx: Context, rules: RuleSet, seat: str) -> Score:
    """Score one reading (or, with ``raw`` None, only the items that need no reading)."""
    lines = []
    total = 0
    bonus_total = 0
    limit_value: int | None = None
    scoring = rules.spec.scoring
    for rule in rules.items:
        pts = rule.points.get(seat)
        if pts is None or (rule.per_reading and raw is None):
            continue
        if rule.requires and not rule.requires <= ctx.flags:
            continue
        n = rule.func(ctx, rule.args)
        if not n:
            continue
        if rule.limit or rule.half_limit:
            value = (scoring.limit if rule.limit else scoring.half_limit) or 0
            limit_value = value if limit_value is None else max(limit_value, value)
            lines.append(ScoreLine(rule.name, value, 1, True))
            continue
        value = pts * n
        if value:
            total += value
            if rule.bonus:
                bonus_total += value
            lines.append(ScoreLine(rule.name, value, n, False, rule.bonus))
    limit = limit_value is not None
    fun = limit_value if limit_value is not None else total
    counted = fun if limit else total - bonus_total
    capped = False
    if scoring.cap is not None and fun > scoring.cap:
        fun, capped = scoring.cap, True
    return Score(fun, tuple(lines), total, limit, capped, min(counted, fun))


def _key(sc: Score, wild: int) -> tuple[int, int, int, int]:
    """Order of readings: more points, then more of them counted, a higher raw total, fewer FEI."""
    return (sc.fun, sc.qualifying, sc.total, -wild)


def best_reading(
    raws: list[RawReading],
    bonus: tuple[int, ...],
    wild_held: int,
    flags: frozenset[str],
    rules: RuleSet,
    seat: str,
    melds: tuple[Meld, ...] = (),
) -> tuple[RawReading, Score] | None:
    """The reading that scores most (then the higher raw total, then the fewer FEI), with its score.

    ``melds`` are the sets laid down, to tell a concealed KONG from an exposed one (without them
    every set laid down counts as exposed).
    """
    if not raws:
        return None
    if rules.spec.scoring.system == "han":
        from tutor.engine.han import score_raw

        sc = score_raw(raws[0], melds, rules, seat, flags)
        return None if sc is None else (raws[0], sc)
    hidden = _concealed_kongs(melds)
    best: tuple[tuple[int, int, int, int], RawReading, Score] | None = None
    for raw in raws:
        ctx = _context(raw, bonus, wild_held, flags, seat, hidden)
        sc = score_reading(raw, ctx, rules, seat)
        key = _key(sc, sum(w.bit_count() for _, _, w, _ in raw))
        if best is None or key > best[0]:
            best = (key, raw, sc)
    return None if best is None else (best[1], best[2])


def best_special(
    specials: list[SpecialReading], bonus: tuple[int, ...], flags: frozenset[str], rules: RuleSet, seat: str
) -> tuple[SpecialReading, Score] | None:
    """The special-shape reading that scores most, with its score."""
    best: tuple[tuple[int, int, int, int], SpecialReading, Score] | None = None
    for sp in specials:
        sc = score_reading((), _special_context(sp, bonus, flags, seat), rules, seat)
        key = _key(sc, 0)
        if best is None or key > best[0]:
            best = (key, sp, sc)
    return None if best is None else (best[1], best[2])


def is_win(score: Score, rules: RuleSet) -> bool:
    """Does a complete hand with this score win: the minimum met (bonus points aside), and a yaku
    where the rule set needs one. ``check`` and the solver both ask this."""
    return score.qualifying >= rules.minimum and not score.detail("no_yaku", False)


def best_score(
    raws: list[RawReading],
    specials: list[SpecialReading],
    bonus: tuple[int, ...],
    wild_held: int,
    flags: frozenset[str],
    rules: RuleSet,
    seat: str,
    melds: tuple[Meld, ...] = (),
) -> tuple[Reading, Score] | None:
    """The best reading over the standard readings ``raws`` and the special-shape readings, with
    its score: what ``check`` keeps, and what the solver needs for a complete hand."""
    if rules.spec.scoring.system == "han":
        if raws:
            got = best_reading(raws, bonus, wild_held, flags, rules, seat, melds)
            if got is None:
                return None
            return _han_reading(got[1], raws, specials) or to_reading(raws[0]), got[1]
        if not specials:
            return None
        from tutor.engine.han import score_counts

        sc = score_counts(specials[0].counts, rules, seat, flags)
        return None if sc is None else (_han_reading(sc, [], specials) or special_reading(specials[0]), sc)
    found: tuple[Reading, Score] | None = None
    best = best_reading(raws, bonus, wild_held, flags, rules, seat, melds)
    if best is not None:
        found = (to_reading(best[0]), best[1])
    sp = best_special(specials, bonus, flags, rules, seat)
    if sp is not None and (found is None or _key(sp[1], 0) > _key(found[1], wild_held)):
        found = (special_reading(sp[0]), sp[1])
    return found


def special_reading(sp: SpecialReading) -> Reading:
    """The readable form of a special shape: its pairs (or PONG) as groups, the other cards single."""
    groups = []
    singles = []
    counts = list(sp.counts)
    if sp.shape == "seven_pairs":
        groups = [Group(MeldKind.NGAN, (TILES[t], TILES[t])) for t in sp.pairs]
    elif sp.shape == "thirteen_orphans":
        for t in sp.pairs:
            n = counts[t]
            groups.append(Group(MeldKind.NGAN if n == 2 else MeldKind.PONG, (TILES[t],) * n))
            counts[t] = 0
        singles = [TILES[t] for t, n in enumerate(counts) for _ in range(n)]
    else:
        singles = [TILES[t] for t, n in enumerate(counts) for _ in range(n)]
    return Reading(tuple(groups), sp.shape, tuple(singles))


def check(
    hand: Hand, rules: RuleSet, seat: str | Seat = "east", situations: frozenset[str] | set[str] = frozenset()
) -> Check:
    """Judge a hand: is it complete, does it win under ``rules``, for how much (best reading).

    Every winning shape of the rule set is tried (the standard one and its special shapes), and
    the best-scoring reading is kept.
    """
    seat_name = rules.seat(seat).value
    flags = frozenset(situations)
    known = {s.flag for s in rules.spec.situations}
    for f in flags - known:
        raise InvalidHandError(f"{rules.name} knows no situation {f!r} ({', '.join(sorted(known)) or 'none'})")
    validate(hand, rules)
    notes: list[str] = []
    bonus = tuple(t.id for t in hand.bonus)
    wild_held = sum(1 for t in hand.concealed if t.id == FEI_ID)
    full = hand.size == rules.hand_size
    standard = "standard" in rules.shapes
    raws = readings(hand, rules.sets, rules.max_wild_per_set, rules.chee_ok) if full and standard else []
    specials: list[SpecialReading] = []
    if full and not hand.melds and rules.special_shapes:
        from tutor.engine.special import special_readings

        specials = special_readings(hand.counts(), rules.special_shapes, rules)
    if rules.spec.scoring.system == "han" and (raws or specials):
        from tutor.engine.han import score_hand

        sc = score_hand(hand, rules, seat_name, flags)
        reading = _han_reading(sc, raws, specials) if sc is not None else None
        found = None if sc is None or reading is None else (reading, sc)
    else:
        found = best_score(raws, specials, bonus, wild_held, flags, rules, seat_name, hand.melds)
    n_readings = len(raws) + len(specials)
    base: dict[str, Any] = {
        "hand": hand, "rules": rules.name, "seat": seat_name, "size": hand.size, "min_fun": rules.minimum, "unit": rules.unit,
        "flags": flags, "complete_size": rules.hand_size,
    }
    dealt = hand.size >= rules.hand_size - 1  # an instant claim is made on a starting hand
    instant = _instant(rules, seat_name, Context([], -1, bonus, wild_held, flags, seat_name)) if dealt else None
    if not dealt and any(r.instant and r.args.get("flag") in flags for r in rules.items):
        notes.append(f"an instant claim is made on a starting hand of {rules.hand_size - 1} or {rules.hand_size} cards")
    if found is None:
        if instant is not None:
            return Check(**base, complete=False, wins=True, fun=instant.fun, status=Status.WINS, score=instant)
        if hand.size < rules.hand_size:
            notes.append(f"{hand.size} cards: a complete hand has {rules.hand_size} (a KONG counts as three)")
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


def _han_reading(sc: Score, raws: list[RawReading], specials: list[SpecialReading]) -> Reading | None:
    """The reading the library scored: a special shape when its yaku says so."""
    names = {ln.name for ln in sc.lines}
    for sp in specials:
        if (sp.shape == "seven_pairs" and "Chiitoitsu" in names) or (
            sp.shape == "thirteen_orphans" and any(n.startswith("Kokushi") for n in names)
        ):
            return special_reading(sp)
    return to_reading(raws[0]) if raws else None


def _shape_names(rules: RuleSet) -> str:
    return " or ".join(s.replace("_", " ") for s in rules.special_shapes)


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


__all__ = ["PATTERNS", "TILES", "Check", "Score", "ScoreLine", "Status", "check", "validate"]
