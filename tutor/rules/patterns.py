"""The scoring patterns a rule set can name, registered by name, and its items compiled for scoring.

Each pattern is a Python function registered in ``PATTERNS``; a rule set's YAML names the
pattern, gives its arguments, and says what it is worth and for which seats. A pattern returns how
many times it applies (0 when it does not): a count of cards or sets, or 1 for a whole-hand pattern.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.core.readings import CHEE, KONG, NGAN, PONG
from tutor.core.tiles import FIRST_WIND
from tutor.rules.args import check_args
from tutor.rules.schema import SUIT_BASE, Item, parse_tile_names


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


Marks = Callable[[Context, dict[str, Any]], list[frozenset[int]]]
"""The cards a rule names one by one, in sets (a PONG of the cards of ``tiles``, the seat's wind):
a pattern that names no card treats every honour alike (as an honour: ``t >= FIRST_WIND``)."""

_TILE_ARGS = ("tiles", "cards", "pair_tiles")


def _named(ctx: Context, args: dict[str, Any]) -> list[frozenset[int]]:
    """The cards an item's arguments name (``tiles``, ``cards``, ``pair_tiles``, the seat's
    ``seat_tiles``): the marks of a pattern that names no card of its own."""
    out = [args[k] for k in _TILE_ARGS if k in args]
    if "seat_tiles" in args:
        out.append(args["seat_tiles"].get(ctx.seat, frozenset()))
    return out


@dataclass(frozen=True)
class Pattern:
    """A scoring pattern: its function, its arguments, whether it needs a reading, and the cards
    it names one by one (``marks``)."""

    func: Callable[[Context, dict[str, Any]], int]
    args: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    per_reading: bool = True
    check_args: Callable[[dict[str, Any]], None] | None = None
    marks: Marks = _named
    numbers: bool = False  # reads the numbers of suited cards, not only their suit (``number_blind``)

    def validate(self, args: dict[str, Any], spec: Any) -> None:
        if self.check_args:
            self.check_args(args)


PATTERNS: dict[str, Pattern] = {}


def pattern(
    name: str, args: tuple[str, ...] = (), required: tuple[str, ...] = (), per_reading: bool = True,
    marks: Marks = _named, numbers: bool = False,
) -> Callable[[Callable[[Context, dict[str, Any]], int]], Callable[[Context, dict[str, Any]], int]]:
    """Register a scoring pattern under ``name``; ``marks``: the cards it names one by one, where
    not its arguments' alone (``Marks``); ``numbers``: it reads the numbers of suited cards (a
    terminal, a run of CHEE), not only their suit and the cards it names."""

    def wrap(func: Callable[[Context, dict[str, Any]], int]) -> Callable[[Context, dict[str, Any]], int]:
        PATTERNS[name] = Pattern(func, args, required, per_reading, _tile_arg_check(args), marks, numbers)
        return func

    return wrap


def _tile_arg_check(args: tuple[str, ...]) -> Callable[[dict[str, Any]], None]:
    def check(values: dict[str, Any]) -> None:
        check_args(args, values)

    return check


def _ids(value: Any) -> frozenset[int]:
    return parse_tile_names(value)


_SETS = (PONG, KONG)
_KIND_NAMES = {"chee": CHEE, "pong": PONG, "kong": KONG}


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


@pattern("pong_of_seat_wind", args=("winds",), marks=lambda ctx, args: [frozenset({_WIND_OF_SEAT.get(ctx.seat, -1)})])
def _pong_of_seat_wind(ctx: Context, args: dict[str, Any]) -> int:
    """A PONG or KONG of the player's seat wind (East for East, ...)."""
    wind = _WIND_OF_SEAT.get(ctx.seat, -1)
    return sum(1 for k, t in ctx.sets if k in _SETS and t == wind)


@pattern("pong_of_prevailing_wind", args=("rounds", "default"), marks=lambda ctx, args: [frozenset({_prevailing(ctx, args)})])
def _pong_of_prevailing_wind(ctx: Context, args: dict[str, Any]) -> int:
    """A PONG or KONG of the prevailing wind: ``default`` (East) unless a ``rounds`` flag says otherwise."""
    wind = _prevailing(ctx, args)
    return sum(1 for k, t in ctx.sets if k in _SETS and t == wind)


@pattern("identical_chees", numbers=True)
def _identical_chees(ctx: Context, args: dict[str, Any]) -> int:
    """Two identical CHEE (the same three cards of the same suit)."""
    chees = [t for k, t in ctx.sets if k == CHEE]
    return int(len(chees) != len(set(chees)))


@pattern("straight", numbers=True)
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
    if suits is not None and used[0] not in {SUIT_BASE[s] for s in suits}:
        return 0
    honours = any(c[FIRST_WIND:])
    rule = args.get("honours", "any")
    return int(rule == "any" or (rule == "some") == honours)


@pattern("all_honours")
def _all_honours(ctx: Context, args: dict[str, Any]) -> int:
    """Every card an honour."""
    c = tile_counts(ctx)
    return int(not any(c[:FIRST_WIND]))


@pattern("all_terminals", numbers=True)
def _all_terminals(ctx: Context, args: dict[str, Any]) -> int:
    """Every card a 1 or a 9 (no honour)."""
    c = tile_counts(ctx)
    return int(all(not n or _is_terminal(t) for t, n in enumerate(c)))


@pattern("terminals_and_honours", numbers=True)
def _terminals_and_honours(ctx: Context, args: dict[str, Any]) -> int:
    """Every card a 1, a 9 or an honour, with both terminals and honours present."""
    c = tile_counts(ctx)
    ok = all(not n or _is_terminal(t) or t >= FIRST_WIND for t, n in enumerate(c))
    return int(ok and any(c[FIRST_WIND:]) and any(c[:FIRST_WIND]))


@pattern("no_honours")
def _no_honours(ctx: Context, args: dict[str, Any]) -> int:
    """No honour in the hand (every card numbered)."""
    return int(not any(tile_counts(ctx)[FIRST_WIND:]))


@pattern("outside_hand", numbers=True)
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
    if len(used) != 1 or (suits is not None and used[0] not in {SUIT_BASE[s] for s in suits}):
        return 0
    return 1


def _pair_not(ctx: Context, args: dict[str, Any]) -> frozenset[int]:
    """The honours ``ping_hu``'s NGAN may not be (``seat`` and ``prevailing`` the player's winds)."""
    banned: set[int] = set()
    for name in args.get("pair_not", ()):
        if name == "seat":
            banned.add(_WIND_OF_SEAT.get(ctx.seat, -1))
        elif name == "prevailing":
            banned.add(_prevailing(ctx, args))
        else:
            banned |= set(_ids([name]))
    return frozenset(banned)


@pattern("ping_hu", args=("bonus", "one_suit", "pair_not", "single_wait", "rounds", "default"),
         marks=lambda ctx, args: [_pair_not(ctx, args)])
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
    if ctx.pair in _pair_not(ctx, args):
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
    marks: Marks = _named
    numbers: bool = False


def compile_item(item: Item, all_seats: Sequence[str]) -> Rule:
    """Resolve an item's card names to indices and its points to a value per seat."""
    pat = PATTERNS[item.pattern]
    args = dict(item.args)
    for key in ("tiles", "cards", "pair_tiles"):
        if key in args:
            args[key] = _ids(args[key])
    if "seat_tiles" in args:
        args["seat_tiles"] = {seat: _ids(names) for seat, names in args["seat_tiles"].items()}
    seats = item.seats if item.seats is not None else list(all_seats)
    if isinstance(item.points, dict):
        points = {s: v for s, v in item.points.items() if s in seats}
    else:
        points = {s: item.points for s in seats}
    if (item.limit or item.half_limit) and not points:
        points = {s: 0 for s in seats}
    return Rule(
        item.name, item.pattern, pat.func, args, points, item.limit, pat.per_reading,
        bool(args.get("instant")), item.note, item.half_limit, item.bonus, frozenset(item.requires), pat.marks,
        pat.numbers,
    )


def swappable(rules: Sequence[Rule], seat: str, flags: frozenset[str], a: int, b: int) -> bool:
    """Do the cards ``a`` and ``b`` score alike for this seat and situations, one in place of the
    other: swapping them in every set of cards the items name one by one (``Marks``) gives the
    same items back, each worth as much (3leg's PONG of Red at 1 FUN becomes its PONG of Green at
    1 FUN). The items that score nothing for the seat are left out."""
    ctx = Context([], -1, (), 0, flags, seat)

    def swapped(marked: frozenset[int]) -> frozenset[int]:
        if (a in marked) == (b in marked):
            return marked
        return marked ^ {a, b}

    before: list[tuple[object, ...]] = []
    after: list[tuple[object, ...]] = []
    for rule in rules:
        pts = rule.points.get(seat)
        if pts is None:
            continue
        rest = (rule.pattern, pts, rule.limit, rule.half_limit, rule.bonus, rule.requires,
                repr(sorted((k, v) for k, v in rule.args.items() if k not in _TILE_ARGS and k != "seat_tiles")))
        marks = rule.marks(ctx, rule.args)
        before.append((*rest, *(tuple(sorted(m)) for m in marks)))
        after.append((*rest, *(tuple(sorted(swapped(m))) for m in marks)))
    return sorted(before, key=repr) == sorted(after, key=repr)


def number_blind(rules: Sequence[Rule], seat: str, flags: frozenset[str]) -> bool:
    """Do the items that may score for this seat read no more of a suited card than its suit: no
    pattern reads numbers (``Pattern.numbers``) and none names a suited card (``Marks``)? Then
    two readings whose sets and NGAN are alike but for the numbers of their suited cards (a
    CHEE for a CHEE, a PONG for a PONG, a NGAN for a NGAN, in the same suit; every honour the
    same) score the same."""
    ctx = Context([], -1, (), 0, flags, seat)
    for rule in rules:
        if rule.points.get(seat) is None:
            continue
        if rule.numbers or any(t < FIRST_WIND for marked in rule.marks(ctx, rule.args) for t in marked):
            return False
    return True
