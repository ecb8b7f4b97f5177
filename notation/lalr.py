"""A tight LALR loop over a built lark parser's own tables, lexers and callbacks.

lark's own loop spends most of a short hand's time on bookkeeping a hand never needs (line and
column counters, a generator per lexer, an interactive-parser snapshot). ``loop`` runs the same
LALR algorithm on the same parse table, with the same contextual lexer (one regular expression
per parser state, as lark builds them) and the same rule callbacks (lark's tree builder and our
transformer), so a text it accepts gets the very value ``parser.parse`` gives. It accepts only
what parses: at the first character or token it has no action for, it raises ``Declined`` and
the caller asks lark, whose error (and its line and column) is the one the user sees. The grammar
in ``hand.lark`` stays the single definition; nothing here knows its rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Declined(Exception):
    """The text is not one ``loop`` accepts as it stands: let lark parse it and say why."""


def loop(parser: Any, start: str = "start") -> Callable[[str], Any] | None:
    """The parse function of a lark LALR parser with a contextual lexer, or None where the parser
    is built in a way this loop does not follow (another lexer, a terminal callback, another lark's
    internals): then the caller parses with lark alone, as before."""
    try:
        from lark.parsers.lalr_analysis import Shift

        frontend = parser.parser
        lexers = frontend.lexer.lexers
        ignore = frozenset(frontend.lexer_conf.ignore)
        table = frontend.parser.parser.parse_table
        callbacks = frontend.parser.parser.callbacks
        matchers = {state: tuple(m.match for m in lexer.scanner._mres) for state, lexer in lexers.items()}
        if any(lexer.callback for lexer in lexers.values()) or any(isinstance(k, str) for k in callbacks):
            return None  # callbacks on terminals (built with the scanners): lark's own loop runs them
        # per state, per terminal or rule name: (shift?, next state or rule length, rule name, callback)
        actions: dict[Any, dict[str, tuple[bool, Any, str, Any]]] = {
            state: {
                name: (True, arg, "", None) if act is Shift
                else (False, len(arg.expansion), arg.origin.name, callbacks[arg])
                for name, (act, arg) in row.items()
            }
            for state, row in table.states.items()
        }
        first, last = table.start_states[start], table.end_states[start]
        from lark import Token
    except (AttributeError, KeyError, TypeError, ImportError):
        return None

    make = str.__new__

    def parse(text: str) -> Any:
        """The value lark's ``parse(text)`` returns, for a text that parses; else ``Declined``."""
        states = [first]
        values: list[Any] = []
        push_state, push_value = states.append, values.append
        pos, end = 0, len(text)
        while True:
            kind = "$END"
            while pos < end:  # the next terminal in the context of the state on top, as lark's lexer
                for match in matchers[states[-1]]:
                    found = match(text, pos)
                    if found is not None:
                        break
                else:
                    raise Declined
                kind = found.lastgroup or ""
                if kind not in ignore:
                    break
                pos, kind = found.end(), "$END"
            token = None
            if kind != "$END":  # lark's Token, with the text and the start the callbacks read
                value = found.group()
                token = make(Token, value)
                token.type, token.value, token.start_pos = kind, value, pos
                token.line = token.column = token.end_line = token.end_column = token.end_pos = None
                pos += len(value)
            while True:
                act = actions[states[-1]].get(kind)
                if act is None:
                    raise Declined
                if act[0]:
                    if token is None:
                        raise Declined
                    push_state(act[1])
                    push_value(token)
                    break
                size = act[1]
                children = values[-size:] if size else []
                if size:
                    del states[-size:]
                    del values[-size:]
                push_state(actions[states[-1]][act[2]][1])
                push_value(act[3](children))
                if token is None and states[-1] == last:
                    return values[-1]

    return parse


__all__ = ["Declined", "loop"]
