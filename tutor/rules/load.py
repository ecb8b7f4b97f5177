"""Rule sets: YAML files validated at load into frozen values.

A rule set says which cards are in play, what shapes win, and what each scoring pattern is worth.
The patterns themselves are Python functions in ``tutor.rules.patterns``, registered by name; the
YAML only names them and gives their values; ``tutor.rules.schema`` says what a file may hold. A file may ``extends:`` another rule set and override
parts of it (house rules).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

from tutor.core.hands import Seat
from tutor.core.tiles import FEI_ID, FIRST_WIND, HONOUR_ID, N_PLAYING, Tile
from tutor.errors import ChoiceError, RuleSetError
from tutor.rules.args import ArgumentValueError
from tutor.rules.patterns import PATTERNS, Rule, compile_item
from tutor.rules.schema import (
    BONUS_NAMES,
    MAX_DOUBLINGS,
    SCHEMA_VERSION,
    SUIT_BASE,
    PayoutSpec,
    RuleSpec,
    parse_tile_names,
    path_message,
)

MAX_BYTES = 1_000_000
"""The largest rule-set file sekwoo reads (the built-in ones are under 10 kB)."""
MAX_VALUES = 100_000
"""The most values a rule-set file may hold once its aliases (``*name``) are expanded."""
MAX_DEPTH = 50
"""The deepest a rule-set file may nest lists and mappings (the built-in ones go 6 deep)."""


@dataclass(frozen=True, eq=False)
class RuleSet:
    """A validated rule set, ready for the engine: the spec plus tables derived from it."""

    spec: RuleSpec
    in_play: frozenset[int]  # indices of the non-bonus cards in play, FEI included
    bonus_in_play: frozenset[int]
    chee_ok: tuple[bool, ...]  # per index: may start a CHEE (i, i+1, i+2 all in play)
    items: tuple[Rule, ...]  # compiled scoring items

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
        value = str(name).lower()
        if value not in self.spec.seats:
            raise ChoiceError("seat", value, self.spec.seats, f"{self.name} has no seat {value!r}: choose {', '.join(self.spec.seats)}")
        return Seat(value)

    def __repr__(self) -> str:
        return f"load_rules({self.name!r})"


def _derive(spec: RuleSpec) -> RuleSet:
    ids = {SUIT_BASE[s] + r - 1 for s, ranks in spec.tiles.suits.items() for r in ranks}
    ids |= {HONOUR_ID[h] for h in spec.tiles.honours}
    chee_ok = tuple(
        spec.chee and i < FIRST_WIND and i % 9 <= 6 and {i, i + 1, i + 2} <= ids for i in range(N_PLAYING)
    )
    if spec.tiles.wild:
        ids.add(FEI_ID)
    bonus = frozenset(Tile.parse(b).id for b in spec.tiles.bonus)
    rules = RuleSet(spec, frozenset(ids), bonus, chee_ok, ())
    items = tuple(compile_item(item, spec.seats) for item in spec.scoring.items)
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
    _count_values(data, where)
    return data


def _count_values(data: Any, where: str) -> None:
    """Refuse a file whose aliases expand to more than ``MAX_VALUES`` values (a "YAML bomb": each
    alias repeats what its anchor holds, so a few lines can stand for billions of values) or that
    holds itself, or nests deeper than ``MAX_DEPTH``. The count is made over shared values,
    without expanding them."""
    sizes: dict[int, int] = {}
    open_: set[int] = set()

    def size(value: Any, depth: int) -> int:
        if not isinstance(value, dict | list):
            return 1
        if depth > MAX_DEPTH:
            raise RuleSetError(f"{where}: nested more than {MAX_DEPTH} levels deep; a rule set needs far fewer")
        key = id(value)
        if key in sizes:
            return sizes[key]
        if key in open_:
            raise RuleSetError(f"{where}: an alias (*name) stands inside its own anchor (&name)")
        open_.add(key)
        items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
        total = 1
        for item in items:
            total += size(item, depth + 1)
            if total > MAX_VALUES:
                raise RuleSetError(
                    f"{where}: its aliases (*name) expand to more than {MAX_VALUES:,} values; "
                    "a rule set needs far fewer"
                )
        open_.discard(key)
        sizes[key] = total
        return total

    size(data, 0)


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
    try:
        exists = path.exists()
    except (OSError, ValueError):  # a name too long to be a path, or with a NUL byte
        exists = False
    if path.suffix in (".yaml", ".yml") or exists:
        return _read_file(path), str(path)
    shown = name if len(name) <= 60 else name[:60] + "..."
    raise ChoiceError(
        "rules", name, builtin_names(), f"no rule set {shown!r}: choose {', '.join(builtin_names())}, or give a path to a YAML file"
    )


def _read_file(path: Path) -> str:
    """The text of a rule-set file: at most ``MAX_BYTES`` (an endless file such as ``/dev/zero``
    is refused after that many), and UTF-8."""
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as err:
        raise RuleSetError(f"cannot read rule set {str(path)!r}: {err.strerror}") from None
    if len(data) > MAX_BYTES:
        raise RuleSetError(f"{path}: larger than {MAX_BYTES // 1_000_000} MB; a rule set is a short YAML file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise RuleSetError(
            f"{path}: not UTF-8 text (byte 0x{data[err.start]:02x} on line {line}); save the file as UTF-8"
        ) from None


def _raw(name: str, chain: tuple[str, ...] = ()) -> tuple[dict[str, Any], str]:
    text, where = _source(name)
    data = _read_yaml(text, where)
    parent = data.pop("extends", None)
    if parent is not None:
        if not isinstance(parent, str):
            raise RuleSetError(f"{where}: 'extends' names another rule set")
        here = _identity(name)
        parent = _beside(parent, name)
        if _identity(parent) in (*chain, here):
            raise RuleSetError(f"{where}: 'extends' goes round in a circle through {parent!r}")
        if len(chain) >= MAX_DEPTH:
            raise RuleSetError(f"{where}: 'extends' chains more than {MAX_DEPTH} rule sets")
        base, _ = _raw(parent, (*chain, here))
        data = _merge(base, data)
    return data, where


def _beside(parent: str, child: str) -> str:
    """The rule set a file's ``extends:`` names: a built-in name, or a path read from the folder of
    the file that names it (not from the current folder)."""
    if parent in builtin_names() or child in builtin_names():
        return parent
    path = Path(parent).expanduser()
    return parent if path.is_absolute() else str(Path(child).expanduser().parent / path)


def _identity(name: str) -> str:
    """What names one rule set however it is written: a built-in name, or a file's real path."""
    if name in builtin_names():
        return name
    try:
        return str(Path(name).expanduser().resolve())
    except (OSError, RuntimeError):
        return name


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


def _check(rules: RuleSpec, where: str) -> None:
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
        if b not in BONUS_NAMES:
            raise fail(f"tiles.bonus[{k}]", f"unknown bonus card {b!r}")
    if rules.tiles.wild and not 1 <= rules.tiles.wild.max_per_set <= 2:
        raise fail("tiles.wild.max_per_set", "a set holds 1 or 2 wild cards at most")
    flags = {s.flag for s in rules.situations}
    if len(set(rules.shapes)) != len(rules.shapes) or not rules.shapes:
        raise fail("shapes", "list each winning shape once, at least one")
    if rules.payout and rules.payout.liable is not None and rules.payout.liable not in flags:
        raise fail("payout.liable", f"no situation {rules.payout.liable!r} in 'situations'")
    if rules.payout:
        _check_payout(rules.payout, fail)
        _check_instant(rules, fail)
        for f in rules.payout.extra:
            if f not in flags:
                raise fail(f"payout.extra.{f}", f"no situation {f!r} in 'situations'")
    if rules.payout and rules.payout.kind == "doubling":
        for key in ("cap", "limit", "half_limit"):
            value = getattr(rules.scoring, key)
            if (value is None and key == "cap") or (value is not None and value > MAX_DOUBLINGS):
                raise fail(
                    f"scoring.{key}", f"a doubling payout needs scoring.cap and its limits of at most {MAX_DOUBLINGS}"
                )
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
        except ArgumentValueError as err:
            raise fail(f"{path}.args.{err.key}", err.reason) from None
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


def _check_payout(payout: PayoutSpec, fail: Callable[[str, str], RuleSetError]) -> None:
    """The cards of the liable conditions exist; a payment table has a row by points."""
    for k, cond in enumerate(payout.liable_when):
        try:
            parse_tile_names(cond.sets_of)
        except ValueError as err:
            raise fail(f"payout.liable_when[{k}].sets_of", str(err)) from None
    if payout.kind == "table" and not any(not row.limits for row in payout.table):
        raise fail("payout.table", "a payment table needs at least one row by points")


def _check_instant(rules: RuleSpec, fail: Callable[[str, str], RuleSetError]) -> None:
    """Each instant payment is for a KONG or for bonus cards of the rule set, not both, and its
    seats are the rule set's."""
    assert rules.payout is not None
    for k, item in enumerate(rules.payout.instant):
        where = f"payout.instant[{k}]"
        if (item.kong is None) == (not item.cards):
            raise fail(where, "an instant payment is for a KONG ('kong') or for bonus cards ('cards'), one of them")
        for c in item.cards:
            if c not in rules.tiles.bonus:
                raise fail(f"{where}.cards", f"{c!r} is not a bonus card of this rule set")
        for seat in item.seats:
            if seat not in rules.seats:
                raise fail(f"{where}.seats", f"no seat {seat!r} (seats: {', '.join(rules.seats)})")


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
