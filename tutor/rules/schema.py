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


class PayoutSpec(_Struct, kw_only=True, frozen=True):
    """Who pays the winner what: ``check --payout``."""

    kind: Literal["per_point", "doubling", "library"] = "per_point"
    # per_point: paid per point; doubling: paid for the first point, doubled per point
    base: Annotated[int, msgspec.Meta(ge=1, le=1_000_000_000)] = 1
    unit: str = "points"
    shares: Shares = msgspec.field(default_factory=Shares)
    bonus: Shares | None = None  # how bonus points are paid, where they are paid apart
    limit: Shares | None = None  # how a limit or half-limit hand is paid
    shooter: bool = False  # on a discard the discarder pays every loser's share (Singapore option)
    liable: str | None = None  # a situation in which the discarder pays every loser's share
    note: str = ""


class Situation(_Struct, kw_only=True, frozen=True):
    """A circumstance of the win that the hand cannot show (TIN WOO, ...), set by a CLI option."""

    flag: str
    name: str
    help: str = ""


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
    tiles: TileSet
    scoring: Scoring
    payout: PayoutSpec | None = None
    situations: list[Situation] = []


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
