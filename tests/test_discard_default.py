"""The default horizon of ``discard``: 3 draws within the work budget, else 2, always exact."""

from __future__ import annotations

import re
from pathlib import Path

from tutor import Hand, load_rules
from tutor.engine.solver import DEFAULT_DRAWS, FALLBACK_DRAWS, STATE_BUDGET, discard

RULES = load_rules("3leg")
SMALL = "123d 456d 789d EE RG N"  # one swap from ready: the 3-draw search fits the budget
LARGE = "346789d S NNN GG F* F* | a1"  # two FEI, ready: far beyond the budget at 3 draws


def test_default_searches_three_draws_when_it_fits() -> None:
    """A hand whose exact 3-draw search is small gets 3 draws and no note."""
    res = discard(Hand.parse(SMALL), RULES)
    assert res.draws == DEFAULT_DRAWS == 3
    assert not any("too large" in n for n in res.notes)


def test_default_settles_for_two_draws_and_says_so() -> None:
    """Past the budget the default answers exactly over 2 draws, with a note naming --draws 3."""
    res = discard(Hand.parse(LARGE), RULES)
    assert res.draws == FALLBACK_DRAWS == 2
    assert any("--draws 3" in n for n in res.notes)
    two = discard(Hand.parse(LARGE), RULES, draws=2)
    assert [(o.tile, o.action, o.expected_fun, o.win_probability) for o in res.options] == [
        (o.tile, o.action, o.expected_fun, o.win_probability) for o in two.options
    ]


def test_explicit_draws_are_never_cut_short() -> None:
    """--draws is honoured as given, with no budget (here a cheap 1-draw search)."""
    res = discard(Hand.parse(LARGE), RULES, draws=1)
    assert res.draws == 1
    assert not any("too large" in n for n in res.notes)


def test_solver_doc_states_the_constants() -> None:
    """docs/solver.md gives the same default, fallback and budget as the code."""
    doc = (Path(__file__).parent.parent / "docs" / "solver.md").read_text(encoding="utf-8")
    heading = re.search(r"### Draws: the default is (\d+), or (\d+) when", doc)
    assert heading is not None
    assert (int(heading.group(1)), int(heading.group(2))) == (DEFAULT_DRAWS, FALLBACK_DRAWS)
    assert f"{STATE_BUDGET:,}" in doc
