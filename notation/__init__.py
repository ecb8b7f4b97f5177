"""The hand notation: parse text into ``tutor`` values and format them back.

``parse_hand("123d [555d] EEE RR F* 9d | f1 a3")`` gives a ``Hand``; ``format_hand`` writes its
canonical form. The grammar lives in ``hand.lark`` (LALR); no lark type leaves this package.
"""

from notation.format import format_cards, format_hand, format_meld
from notation.parse import parse_hand, parse_tiles

__all__ = ["format_cards", "format_hand", "format_meld", "parse_hand", "parse_tiles"]
