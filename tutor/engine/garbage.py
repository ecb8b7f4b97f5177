"""Garbage the searches leave, freed at once rather than by the cyclic collector (``docs/solver.md``).

A search makes millions of tuples, lists and dicts; each pass of the cyclic collector over the
live ones reads them all from memory, which costs time that an instruction count does not show.
Two things keep those passes away: ``collector_paused`` holds the collector back while a search
runs and its locals are freed, and ``release`` breaks the one cycle a recursive nested function
makes (the function holds the cell that holds it), which would otherwise keep everything it
reaches (a ``Distance`` and its memos, say) alive until the collector finds it.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def collector_paused(fn: Callable[P, R]) -> Callable[P, R]:
    """``fn`` with the cyclic garbage collector waiting meanwhile, up to its return (its locals
    freed). Nested calls leave it to the outermost to set it going again."""

    @wraps(fn)
    def paused(*args: P.args, **kwargs: P.kwargs) -> R:
        was = gc.isenabled()
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            if was:
                gc.enable()

    return paused


def release(fn: Callable[..., Any]) -> None:
    """Break the cycle of a recursive nested function once it is done: empty the closure cell
    that holds the function itself (the enclosing function's name for it), so that the function,
    and what its closure reaches, are freed when the enclosing call returns."""
    for cell in fn.__closure__ or ():
        if cell.cell_contents is fn:
            cell.cell_contents = None


__all__ = ["collector_paused", "release"]
