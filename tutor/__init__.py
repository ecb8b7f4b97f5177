"""sekwoo: a hand analyser and tutor for Malaysian 3-Leg mahjong and other rule sets.

The core is a library that never prints: ``Hand.parse`` reads a hand, ``load_rules`` a rule set,
``check`` judges a hand. The ``sekwoo`` command (``tutor.cli.app``) is a thin layer over it.
"""

from tutor.core.hands import Hand, Meld, MeldKind, Seat
from tutor.core.score import Status
from tutor.core.tiles import Tile
from tutor.engine.results import Check
from tutor.engine.score import check
from tutor.errors import InvalidHandError, NotationError, PuzzleError, RuleSetError, TutorError
from tutor.rules.load import RuleSet, load_rules

__version__ = "0.1.0"

__all__ = [
    "Check", "Hand", "InvalidHandError", "Meld", "MeldKind", "NotationError", "PuzzleError",
    "RuleSet", "RuleSetError", "Seat", "Status", "Tile", "TutorError", "check", "load_rules",
]
