"""The rule-set schema: what a rule-set YAML file may say, as frozen msgspec structs.

``load_rules`` (``tutor.rules.load``) converts a file's mapping into a ``RuleSpec`` and checks
what the types cannot say; an unknown key or a wrong type is an error naming the key path.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from tutor.core.tiles import Tile

SCHEMA_VERSION = 1
SUIT_BASE = {"dots": 0, "bamboo": 9, "characters": 18}  # index of each suit's 1
MAX_POINTS = 10_000
"""The most an item, a minimum, a cap or a limit may be worth: far above any real table, low
enough that no total overflows what sekwoo prints."""
MAX_DOUBLINGS = 64
"""A doubling payout doubles per point: its ``scoring.cap`` (and limits) may be at most this."""

Points = Annotated[int, msgspec.Meta(ge=0, le=MAX_POINTS)]
Copies = Annotated[int, msgspec.Meta(ge=1, le=4)]
Share = Annotated[int, msgspec.Meta(ge=0, le=100)]


class _Struct(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of the rule-set schema: frozen, and an unknown key is an error."""


class Wild(_Struct, kw_only=True, frozen=True):
    """The wild card (FEI, Fly): how many there are and where it may stand."""

    name: str = "FEI"
    copies: Annotated[int, msgspec.Meta(ge=0, le=8)] = 4
    max_per_set: int = 1
    sinkable: bool = True


class TileSet(_Struct, kw_only=True, frozen=True):
    """The cards in play."""

    suits: dict[Literal["dots", "bamboo", "characters"], list[int]]
    honours: list[str]
    copies: Copies = 4
    wild: Wild | None = None
    bonus: list[str] = []


class Item(_Struct, kw_only=True, frozen=True):
    """One scoring row: a named pattern, what it is worth, and for whom."""

    name: str
    pattern: str
    points: Points | dict[str, Points] = 0
    limit: bool = False
    half_limit: bool = False  # scores scoring.half_limit instead of the points
    bonus: bool = False  # a bonus point: paid, but never counted towards the minimum
    requires: list[str] = []  # situations that must all hold (self_drawn, ...)
    seats: list[str] | None = None
    args: dict[str, Any] = {}
    note: str = ""


class Scoring(_Struct, kw_only=True, frozen=True):
    """How a winning hand is scored."""

    unit: str = "FUN"
    system: Literal["additive", "han"] = "additive"  # han: yaku and han by the PyPI mahjong package
    minimum: Points = 0
    cap: Points | None = None
    limit: Points | None = None
    half_limit: Points | None = None
    options: dict[str, Any] = {}  # han: keyword arguments of mahjong's OptionalRules
    items: list[Item] = []


class Shares(_Struct, kw_only=True, frozen=True):
    """How many times its value each loser pays, self-drawn or on a discard."""

    self_drawn: Share = 1  # each other player, on a self-drawn win
    discarder: Share = 1  # the player whose discard won
    others: Share = 1  # each other player, on a win from a discard


class Band(_Struct, kw_only=True, frozen=True):
    """One row of a payment table (``kind: table``): from ``points`` up to the next row, or a
    hand of ``limits`` limit rows; what the winner gets paid, as a dealer or not."""

    points: int = 0  # the least points of the row (a hand below the first row pays the first)
    limits: int = 0  # >0: the row of a hand with this many limit rows (yakuman), not of points
    name: str = ""
    discard: int  # on a discard, the discarder pays a non-dealer winner
    discard_dealer: int  # ... pays the dealer
    drawn: int  # self-drawn by a non-dealer: each other non-dealer pays
    drawn_from_dealer: int  # ... the dealer pays
    drawn_dealer: int  # self-drawn by the dealer: each other player pays


class Liable(_Struct, kw_only=True, frozen=True):
    """When the liable discard applies: the winner has laid down at least ``count`` PONG/KONG of
    the cards ``sets_of`` and holds one of the others of them (the card the discard gave)."""

    sets_of: list[str]
    count: int


class Instant(_Struct, kw_only=True, frozen=True):
    """A payment made at once during play, whatever the hand's outcome (Singapore's instant
    payouts): for a KONG laid down (``kong``), or for holding all the bonus ``cards`` (for a seat
    among ``seats``, if given). Each other player pays ``each``; ``bitten``, if given, when the
    bonus cards came before any replacement card was drawn."""

    name: str
    each: Annotated[int, msgspec.Meta(ge=1, le=1_000_000_000)]
    kong: Literal["exposed", "concealed"] | None = None
    cards: list[str] = []
    seats: list[str] = []
    bitten: Annotated[int, msgspec.Meta(ge=1, le=1_000_000_000)] | None = None


class PayoutSpec(_Struct, kw_only=True, frozen=True):
    """Who pays the winner what: ``check --payout``."""

    kind: Literal["per_point", "doubling", "table"] = "per_point"
    # per_point: paid per point; doubling: paid for the first point, doubled per point
    base: Annotated[int, msgspec.Meta(ge=1, le=1_000_000_000)] = 1
    table: list[Band] = []  # kind table: the rows, by points and by limit hands
    unit: str = "points"
    shares: Shares = msgspec.field(default_factory=Shares)
    bonus: Shares | None = None  # how bonus points are paid, where they are paid apart
    limit: Shares | None = None  # how a limit or half-limit hand is paid
    shooter: bool = False  # on a discard the discarder pays every loser's share (Singapore option)
    liable: str | None = None  # a situation in which the discarder pays every loser's share
    liable_when: list[Liable] = []  # the hands for which it can apply (any hand, if empty)
    extra: dict[str, int] = {}  # a situation -> what each loser pays on top (a goulash before); the largest
    instant: list[Instant] = []  # payments made at once during play, for a KONG or bonus cards held
    note: str = ""


class Situation(_Struct, kw_only=True, frozen=True):
    """A circumstance of the win that the hand cannot show (TIN WOO, ...), set by a CLI option."""

    flag: str
    name: str
    help: str = ""
    win: Literal["self_drawn", "discard"] | None = None  # the way of winning it comes with, if one


class Terms(_Struct, kw_only=True, frozen=True):
    """The words a rule set's players use, for what sekwoo shows (3-Leg's unless a file says)."""

    chee: str = "CHEE"
    pong: str = "PONG"
    kong: str = "KONG"
    ngan: str = "NGAN"
    win: str = "SEK WOO"  # declaring a winning hand
    suits: dict[Literal["dots", "bamboo", "characters"], Literal["d", "b", "c", "p", "s", "m"]] = {}  # letters shown


class RuleSpec(_Struct, kw_only=True, frozen=True):
    """A whole rule set, exactly as its YAML file says it."""

    schema_version: int
    name: str
    title: str
    summary: str = ""
    source: str = ""
    players: Annotated[int, msgspec.Meta(ge=2, le=4)]
    seats: list[str]
    sets: Annotated[int, msgspec.Meta(ge=1, le=5)] = 4
    shapes: list[Literal["standard", "seven_pairs", "thirteen_orphans", "nine_gates"]] = msgspec.field(
        default_factory=lambda: ["standard"]
    )
    chee: bool = True
    declared_chee: bool = True  # False: a CHEE is never laid down (never claimed from a discard)
    swap_calling: bool = False  # after a CHEE on a discard, the discard that follows is neither the card claimed nor the run's other end
    tiles: TileSet
    scoring: Scoring
    payout: PayoutSpec | None = None
    situations: list[Situation] = []
    terms: Terms = msgspec.field(default_factory=Terms)


BONUS_NAMES = {f"{g}{n}" for g in "fsak" for n in range(1, 5)}


def path_message(msg: str) -> str:
    """msgspec's 'Expected `int`, got `str` - at `$.scoring.minimum`' as 'scoring.minimum: ...'
    (for every YAML file sekwoo validates: rule sets and puzzle sets)."""
    text, sep, path = msg.rpartition(" - at `")
    if not sep:
        return msg
    key = path.rstrip("`").removeprefix("$").lstrip(".") or "(top)"
    return f"{key}: {text.replace('`', '')}"


def parse_tile_names(names: Any) -> frozenset[int]:
    """Card names from YAML (``[E, R, F*]``) as indices; raises ValueError on a bad name."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("expected a list of card names")
    out = set()
    for n in names:
        try:
            out.add(Tile.parse(n).id)
        except ValueError:
            raise ValueError(f"{n!r} is not a card") from None
    return frozenset(out)
