"""Rule sets: YAML files validated at load into frozen values.

A rule set says which cards are in play, what shapes win, and what each scoring pattern is worth.
The patterns themselves are Python functions in ``tutor.engine.score``, registered by name; the YAML
only names them and gives their values. A file may ``extends:`` another rule set and override
parts of it (house rules).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import msgspec

from tutor.errors import RuleSetError
from tutor.core.tiles import FEI_ID, FIRST_WIND, HONOUR_ID, N_PLAYING, Tile

SCHEMA_VERSION = 1


class Seat(Enum):
    """A player's seat, which decides seat flowers and seat winds."""

    EAST = "east"
    SOUTH = "south"
    WEST = "west"
    NORTH = "north"

    @property
    def number(self) -> int:
        return list(Seat).index(self) + 1

    def __str__(self) -> str:
        return self.value


class _Struct(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of the rule-set schema: frozen, and an unknown key is an error."""


class Wild(_Struct, kw_only=True, frozen=True):
    """The wild card (FEI, Fly): how many there are and where it may stand."""

    name: str = "FEI"
    copies: int = 4
    max_per_set: int = 1
    sinkable: bool = True


class TileSet(_Struct, kw_only=True, frozen=True):
    """The cards in play."""

    suits: dict[Literal["dots", "bamboo", "characters"], list[int]]
    honours: list[str]
    copies: int = 4
    wild: Wild | None = None
    bonus: list[str] = []


class Item(_Struct, kw_only=True, frozen=True):
    """One scoring row: a named pattern, what it is worth, and for whom."""

    name: str
    pattern: str
    points: int | dict[str, int] = 0
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
    minimum: int = 0
    cap: int | None = None
    limit: int | None = None
    half_limit: int | None = None
    options: dict[str, Any] = {}  # han: keyword arguments of mahjong's OptionalRules
    items: list[Item] = []


class Shares(_Struct, kw_only=True, frozen=True):
    """How many times its value each loser pays, self-drawn or on a discard."""

    self_drawn: int = 1  # each other player, on a self-drawn win
    discarder: int = 1  # the player whose discard won
    others: int = 1  # each other player, on a win from a discard


class PayoutSpec(_Struct, kw_only=True, frozen=True):
    """Who pays the winner what: ``check --payout``."""

    kind: Literal["per_point", "doubling", "library"] = "per_point"
    base: int = 1  # per_point: paid per point; doubling: paid for the first point, doubled per point
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
    players: int
    seats: list[str]
    sets: int = 4
    shapes: list[Literal["standard", "seven_pairs", "thirteen_orphans", "nine_gates"]] = msgspec.field(
        default_factory=lambda: ["standard"]
    )
    chee: bool = True
    declared_chee: bool = True  # False: a CHEE is never laid down (never claimed from a discard)
    tiles: TileSet
    scoring: Scoring
    payout: PayoutSpec | None = None
    situations: list[Situation] = []


_SUIT_BASE = {"dots": 0, "bamboo": 9, "characters": 18}


@dataclass(frozen=True, eq=False)
class RuleSet:
    """A validated rule set, ready for the engine: the spec plus tables derived from it."""

    spec: RuleSpec
    in_play: frozenset[int]  # indices of the non-bonus cards in play, FEI included
    bonus_in_play: frozenset[int]
    chee_ok: tuple[bool, ...]  # per index: may start a CHEE (i, i+1, i+2 all in play)
    items: tuple[Any, ...]  # compiled scoring items (tutor.engine.score.Rule)

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(Seat(s) for s in self.spec.seats)

    @property
    def sets(self) -> int:
        return self.spec.sets

    @property
    def hand_size(self) -> int:
        """Cards in a complete hand, a KONG counting as three."""
        return 3 * self.spec.sets + 2

    @property
    def copies(self) -> int:
        return self.spec.tiles.copies

    @property
    def wild_copies(self) -> int:
        return self.spec.tiles.wild.copies if self.spec.tiles.wild else 0

    @property
    def max_wild_per_set(self) -> int:
        return self.spec.tiles.wild.max_per_set if self.spec.tiles.wild else 0

    @property
    def wild_name(self) -> str:
        return self.spec.tiles.wild.name if self.spec.tiles.wild else "wild card"

    @property
    def minimum(self) -> int:
        return self.spec.scoring.minimum

    @property
    def unit(self) -> str:
        return self.spec.scoring.unit

    @property
    def shapes(self) -> tuple[str, ...]:
        """The winning shapes: ``standard`` (sets and a NGAN) and any special ones."""
        return tuple(self.spec.shapes)

    @property
    def special_shapes(self) -> tuple[str, ...]:
        """The winning shapes other than the standard one (seven pairs, ...)."""
        return tuple(s for s in self.spec.shapes if s != "standard")

    @property
    def tile_count(self) -> int:
        """Cards in the whole set: every copy of every card, wild and bonus cards included."""
        t = self.spec.tiles
        numbered = sum(len(r) for r in t.suits.values())
        return (numbered + len(t.honours)) * t.copies + self.wild_copies + len(t.bonus)

    def seat(self, name: str | Seat) -> Seat:
        """The seat called ``name``, checked against this rule set's seats."""
        value = name.value if isinstance(name, Seat) else str(name).lower()
        if value not in self.spec.seats:
            raise RuleSetError(f"{self.name} has no seat {value!r}: choose {', '.join(self.spec.seats)}")
        return Seat(value)

    def __repr__(self) -> str:
        return f"load_rules({self.name!r})"


def _derive(spec: RuleSpec) -> RuleSet:
    from tutor.engine.score import compile_item

    ids = {_SUIT_BASE[s] + r - 1 for s, ranks in spec.tiles.suits.items() for r in ranks}
    ids |= {HONOUR_ID[h] for h in spec.tiles.honours}
    chee_ok = tuple(
        spec.chee and i < FIRST_WIND and i % 9 <= 6 and {i, i + 1, i + 2} <= ids for i in range(N_PLAYING)
    )
    if spec.tiles.wild:
        ids.add(FEI_ID)
    bonus = frozenset(Tile.parse(b).id for b in spec.tiles.bonus)
    rules = RuleSet(spec, frozenset(ids), bonus, chee_ok, ())
    items = tuple(compile_item(item, rules) for item in spec.scoring.items)
    object.__setattr__(rules, "items", items)
    return rules


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _read_yaml(text: str, where: str) -> dict[str, Any]:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        data = yaml.load(text, Loader=loader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)  # one line: PyYAML's own message spans several
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(err, "problem", None) or " ".join(str(err).split())
        raise RuleSetError(f"{where}: not valid YAML{at}: {problem}") from None
    if not isinstance(data, dict):
        raise RuleSetError(f"{where}: a rule set is a mapping of keys to values")
    return data


def builtin_names() -> list[str]:
    """Names of the rule sets shipped with sekwoo."""
    folder = resources.files("tutor.rules")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def _source(name: str) -> tuple[str, str]:
    """The YAML text of a built-in rule set or of a file, and a name for messages."""
    if name in builtin_names():
        res = resources.files("tutor.rules").joinpath(f"{name}.yaml")
        return res.read_text(encoding="utf-8"), f"{name}.yaml"
    path = Path(name).expanduser()
    if path.suffix in (".yaml", ".yml") or path.exists():
        try:
            return path.read_text(encoding="utf-8"), str(path)
        except OSError as err:
            raise RuleSetError(f"cannot read rule set {str(path)!r}: {err.strerror}") from None
    raise RuleSetError(
        f"no rule set {name!r}: choose {', '.join(builtin_names())}, or give a path to a YAML file"
    )


def _raw(name: str, chain: tuple[str, ...] = ()) -> tuple[dict[str, Any], str]:
    text, where = _source(name)
    data = _read_yaml(text, where)
    parent = data.pop("extends", None)
    if parent is not None:
        if not isinstance(parent, str):
            raise RuleSetError(f"{where}: 'extends' names another rule set")
        if parent in chain or parent == name:
            raise RuleSetError(f"{where}: 'extends' goes round in a circle through {parent!r}")
        base, _ = _raw(parent, (*chain, name))
        data = _merge(base, data)
    return data, where


@cache
def load_rules(name: str = "3leg") -> RuleSet:
    """Load and validate a built-in rule set by name, or a YAML file by path."""
    data, where = _raw(name)
    try:
        spec = msgspec.convert(data, RuleSpec)
    except msgspec.ValidationError as err:
        raise RuleSetError(f"{where}: {path_message(str(err))}") from None
    _check(spec, where)
    return _derive(spec)


def path_message(msg: str) -> str:
    """msgspec's 'Expected `int`, got `str` - at `$.scoring.minimum`' as 'scoring.minimum: ...'
    (for every YAML file sekwoo validates: rule sets and puzzle sets)."""
    text, sep, path = msg.rpartition(" - at `")
    if not sep:
        return msg
    key = path.rstrip("`").removeprefix("$").lstrip(".") or "(top)"
    return f"{key}: {text.replace('`', '')}"


def _check(rules: RuleSpec, where: str) -> None:
    from tutor.engine.score import PATTERNS

    def fail(path: str, message: str) -> RuleSetError:
        return RuleSetError(f"{where}: {path}: {message}")

    if rules.schema_version != SCHEMA_VERSION:
        raise fail("schema_version", f"this sekwoo reads version {SCHEMA_VERSION}, not {rules.schema_version}")
    seats = set(Seat._value2member_map_)
    for k, s in enumerate(rules.seats):
        if s not in seats:
            raise fail(f"seats[{k}]", f"unknown seat {s!r} (east south west north)")
    for suit, ranks in rules.tiles.suits.items():
        if any(not 1 <= r <= 9 for r in ranks):
            raise fail(f"tiles.suits.{suit}", "ranks run 1-9")
    for k, h in enumerate(rules.tiles.honours):
        if h not in HONOUR_ID:
            raise fail(f"tiles.honours[{k}]", f"unknown honour {h!r} (E S W N R G Wh)")
    for k, b in enumerate(rules.tiles.bonus):
        if b not in _BONUS_NAMES:
            raise fail(f"tiles.bonus[{k}]", f"unknown bonus card {b!r}")
    if rules.tiles.wild and not 1 <= rules.tiles.wild.max_per_set <= 2:
        raise fail("tiles.wild.max_per_set", "a set holds 1 or 2 wild cards at most")
    flags = {s.flag for s in rules.situations}
    if len(set(rules.shapes)) != len(rules.shapes) or not rules.shapes:
        raise fail("shapes", "list each winning shape once, at least one")
    if rules.payout and rules.payout.liable is not None and rules.payout.liable not in flags:
        raise fail("payout.liable", f"no situation {rules.payout.liable!r} in 'situations'")
    if rules.scoring.system == "han":
        _check_han_options(rules.scoring.options, where)
    for k, item in enumerate(rules.scoring.items):
        path = f"scoring.items[{k}]"
        pattern = PATTERNS.get(item.pattern)
        if pattern is None:
            raise fail(f"{path}.pattern", f"unknown pattern {item.pattern!r} (known: {', '.join(sorted(PATTERNS))})")
        if isinstance(item.points, dict):
            for s in item.points:
                if s not in rules.seats:
                    raise fail(f"{path}.points.{s}", f"not a seat of this rule set ({', '.join(rules.seats)})")
        for s in item.seats or ():
            if s not in rules.seats:
                raise fail(f"{path}.seats", f"{s!r} is not a seat of this rule set")
        if item.limit and rules.scoring.limit is None:
            raise fail(f"{path}.limit", "a limit item needs scoring.limit, the value of a limit hand")
        if item.half_limit and rules.scoring.half_limit is None:
            raise fail(f"{path}.half_limit", "a half-limit item needs scoring.half_limit, its value")
        if item.limit and item.half_limit:
            raise fail(f"{path}.half_limit", "an item is a limit or a half limit, not both")
        unknown = set(item.args) - set(pattern.args)
        if unknown:
            raise fail(f"{path}.args", f"unknown argument {min(unknown)!r} for {item.pattern}")
        missing = set(pattern.required) - set(item.args)
        if missing:
            raise fail(f"{path}.args", f"{item.pattern} needs {min(missing)!r}")
        try:
            pattern.validate(item.args, rules)
        except ValueError as err:
            raise fail(f"{path}.args", str(err)) from None
        flag = item.args.get("flag")
        if flag is not None and flag not in flags:
            raise fail(f"{path}.args.flag", f"no situation {flag!r} in 'situations'")
        for key in ("rounds",):
            for f in item.args.get(key, {}):
                if f not in flags:
                    raise fail(f"{path}.args.{key}", f"no situation {f!r} in 'situations'")
        for f in item.requires:
            if f not in flags:
                raise fail(f"{path}.requires", f"no situation {f!r} in 'situations'")


_BONUS_NAMES = {f"{g}{n}" for g in "fsak" for n in range(1, 5)}


def _check_han_options(options: dict[str, Any], where: str) -> None:
    """Every key of scoring.options must be a keyword of mahjong's ``OptionalRules``."""
    import inspect

    try:
        from mahjong.hand_calculating.hand_config import OptionalRules
    except ImportError:  # pragma: no cover - a runtime dependency
        raise RuleSetError(f"{where}: scoring.system: han needs the 'mahjong' package") from None
    known = set(inspect.signature(OptionalRules).parameters) - {"is_three_player"}
    for key, value in options.items():
        if key not in known:
            raise RuleSetError(f"{where}: scoring.options.{key}: not an option of mahjong's OptionalRules")
        if not isinstance(value, bool | int):
            raise RuleSetError(f"{where}: scoring.options.{key}: expected a switch or a number")


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
