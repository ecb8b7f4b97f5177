"""The searches leave no garbage cycles (``tutor/engine/garbage.py``): a discard's ``Distance`` and
its memos are freed when the search is done, not when the cyclic collector next runs, and the
collector does not run in the middle of one."""

from __future__ import annotations

import gc
from collections.abc import Callable

from tutor import Hand, load_rules
from tutor.engine.decide.solver import discard
from tutor.engine.distance.to_win import Distance
from tutor.engine.garbage import collector_paused, release


def _garbage_after(fn: Callable[[], object]) -> list[object]:
    """The objects only the cyclic collector would free, once ``fn()`` has run."""
    gc.collect()
    fn()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_a_discard_leaves_no_distance_for_the_collector() -> None:
    rules = load_rules("3leg")
    hand = Hand.parse("3667899d EE W N R G Wh | f2 a3 k1")  # seed 12's turn: far discards, many structures
    garbage = _garbage_after(lambda: discard(hand, rules, "east", draws=4))
    assert not [o for o in garbage if isinstance(o, Distance)]
    assert len(garbage) < 500, f"{len(garbage)} objects left in cycles"


def test_release_breaks_a_recursive_closure_and_the_pause_nests() -> None:
    found: list[int] = []

    def outer(n: int) -> None:
        def rec(i: int) -> None:
            if i:
                found.append(i)
                rec(i - 1)

        try:
            rec(n)
        finally:
            release(rec)

    assert not _garbage_after(lambda: outer(3))
    assert found == [3, 2, 1]  # the closure's other cells are left as they were

    @collector_paused
    def inner() -> bool:
        return gc.isenabled()

    @collector_paused
    def both() -> tuple[bool, bool]:
        return inner(), gc.isenabled()

    assert gc.isenabled()
    assert both() == (False, False)
    assert gc.isenabled()  # the outermost pause sets it going again
