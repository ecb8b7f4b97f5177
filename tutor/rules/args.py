"""What each scoring pattern's arguments must be (``args:`` of a rule-set item), checked at load.

A wrong type or value is an error naming the argument, so that a rule set that loads never fails
later, at scoring, on an argument of the wrong kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tutor.rules.schema import parse_tile_names

Check = Callable[[Any], object]

KINDS = ("chee", "pong", "kong")
WINDS = ("E", "S", "W", "N")


def _bad(message: str) -> ValueError:
    return ValueError(message)


def _one_of(allowed: tuple[str, ...]) -> Check:
    def check(value: Any) -> None:
        if not isinstance(value, str) or value not in allowed:
            raise _bad(f"{value!r} is not one of {', '.join(allowed)}")

    return check


def _list_of(item: Check) -> Check:
    def check(value: Any) -> None:
        if not isinstance(value, list):
            raise _bad(f"expected a list, got {value!r}")
        for x in value:
            item(x)

    return check


def _typed(kind: type, what: str) -> Check:
    def check(value: Any) -> None:
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise _bad(f"expected {what}, got {value!r}")

    return check


def _count(value: Any) -> None:
    _typed(int, "a whole number")(value)
    if not 0 <= value <= 16:
        raise _bad(f"expected a number of cards or sets from 0 to 16, got {value}")


def _card_or_wind_word(value: Any) -> None:
    if value not in ("seat", "prevailing"):
        parse_tile_names([value])


def _seat_tiles(value: Any) -> None:
    if not isinstance(value, dict):
        raise _bad("expected a mapping of seats to card lists")
    for names in value.values():
        parse_tile_names(names)


def _rounds(value: Any) -> None:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise _bad("expected a mapping of situation flags to winds")
    for wind in value.values():
        _one_of(WINDS)(wind)


_FLAG = _typed(str, "a situation flag")
_SWITCH = _typed(bool, "true or false")

ARG_CHECKS: dict[str, Check] = {
    "tiles": parse_tile_names,
    "cards": parse_tile_names,
    "pair_tiles": parse_tile_names,
    "seat_tiles": _seat_tiles,
    "flag": _FLAG,
    "single_wait": _FLAG,
    "count": _count,
    "instant": _SWITCH,
    "concealed": _SWITCH,
    "pair_suited": _SWITCH,
    "one_suit": _SWITCH,
    "kinds": _list_of(_one_of(KINDS)),
    "suits": _list_of(_one_of(("dots", "bamboo", "characters"))),
    "honours": _one_of(("any", "none", "some")),
    "shape": _one_of(("standard", "seven_pairs", "thirteen_orphans", "nine_gates")),
    "bonus": _one_of(("any", "none", "some")),
    "winds": _list_of(_one_of(WINDS)),
    "rounds": _rounds,
    "default": _one_of(WINDS),
    "pair_not": _list_of(_card_or_wind_word),
}
"""Each pattern argument's check: raises ValueError on a wrong type or value."""


class ArgumentValueError(ValueError):
    """A pattern argument of the wrong type or value: ``key`` names it, ``reason`` says why."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(f"{key}: {reason}")
        self.key = key
        self.reason = reason


def check_args(names: Iterable[str], values: dict[str, Any]) -> None:
    """Check the arguments ``values`` a pattern taking ``names`` was given; ValueError names the key."""
    for key in names:
        if key in values:
            try:
                ARG_CHECKS[key](values[key])
            except ValueError as err:
                raise ArgumentValueError(key, str(err)) from None
