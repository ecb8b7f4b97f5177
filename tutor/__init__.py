"""sekwoo: a hand analyser and tutor for Malaysian 3-Leg mahjong and other rule sets.

The library never prints. Read a hand and a rule set, then ask:

>>> from tutor import Hand, load_rules, check, waits, discard, shanten
>>> rules = load_rules("3leg")
>>> result = check(Hand.parse("123d 456d 789d EEE R F* | f1 a2"), rules)
>>> result.wins, result.fun
(True, 5)
>>> [str(w.tile) for w in waits(Hand.parse("123d 456d 78d EEE RR | f1"), rules).waits]
['3d', '6d', '9d', 'F*']
>>> shanten(Hand.parse("123d 456d 789d EE RG N"), rules)
1
>>> str(discard(Hand.parse("123d 456d 789d EE RG N"), rules, draws=2).options[0].tile)
'N'

``docs/api.md`` documents each call; the ``sekwoo`` command (``tutor.cli``) is a thin layer over
them. The solver's calls (``waits``, ``discard``, ``claim``, ``shanten``, ``analyze``) are imported on first
use, so that importing the package stays cheap.
"""

from typing import TYPE_CHECKING, Any

from tutor.core.hands import Hand, Meld, MeldKind, Seat
from tutor.core.readings import Group, Reading
from tutor.core.score import Score, ScoreLine, Status
from tutor.core.tiles import Tile
from tutor.engine.result_types import (
    Check,
    ClaimOption,
    ClaimResult,
    DiscardResult,
    Option,
    Wait,
    WaitsResult,
)
from tutor.engine.scoring.check import check
from tutor.errors import (
    ArgumentError,
    ChoiceError,
    InvalidHandError,
    NotationError,
    PuzzleError,
    RuleSetError,
    TutorError,
)
from tutor.rules.load import RuleSet, load_rules

if TYPE_CHECKING:
    from tutor.engine.decide.claim import claim
    from tutor.engine.decide.pick import analyze
    from tutor.engine.decide.solver import discard, shanten, waits

__version__ = "0.1.0"

_LAZY = {"waits": "tutor.engine.decide.solver", "discard": "tutor.engine.decide.solver", "shanten": "tutor.engine.decide.solver",
         "analyze": "tutor.engine.decide.pick", "claim": "tutor.engine.decide.claim"}


def __getattr__(name: str) -> Any:
    """The solver's calls, imported when first asked for."""
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tutor' has no attribute {name!r}")


__all__ = [
    "ArgumentError", "Check", "ChoiceError", "ClaimOption", "ClaimResult", "DiscardResult", "Group", "Hand",
    "InvalidHandError", "Meld", "MeldKind",
    "NotationError", "Option", "PuzzleError", "Reading", "RuleSet", "RuleSetError", "Score", "ScoreLine",
    "Seat", "Status", "Tile", "TutorError", "Wait", "WaitsResult", "analyze", "check", "claim", "discard",
    "load_rules", "shanten", "waits",
]
