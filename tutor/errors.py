"""The library's errors: one base class, one subclass per kind of failure."""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class TutorError(Exception):
    """Base of every error sekwoo raises on bad input; the CLI prints it in one line."""


class NotationError(TutorError, ValueError):
    """A hand or card that does not follow the notation, with where it goes wrong.

    ``column`` is the 0-based offset of the character to blame (a text cursor's count); the
    message counts columns from 1, as a player does: in ``123d 55x`` the x is at column 8.
    """

    def __init__(self, text: str, column: int | None, message: str) -> None:
        self.text = text
        self.column = column
        self.message = message
        where = f"at column {column + 1}, " if column is not None else ""
        super().__init__(f"bad hand {text!r}: {where}{message}")


class InvalidHandError(TutorError, ValueError):
    """A hand that parses but cannot exist under the rule set (a fifth copy, five FEI, ...)."""


class RuleSetError(TutorError, ValueError):
    """A rule-set file that is missing, malformed or fails validation."""


class PuzzleError(TutorError, ValueError):
    """A puzzle file or answer that cannot be used."""


class ArgumentError(TutorError, ValueError):
    """An argument of a library call that cannot be used (the cards seen, a number of draws).

    ``argument`` names the parameter, so that a front end can name its own option for it.
    """

    def __init__(self, argument: str, message: str) -> None:
        self.argument = argument
        self.message = message
        super().__init__(f"{argument}: {message}")


class SearchBudgetError(ArgumentError):
    """A search that passes its budget of hand states or memory; ``argument`` names the option to
    lower. ``discard`` and ``claim`` at the default weighing answer over fewer draws instead."""


class ChoiceError(ArgumentError):
    """An argument that names none of its choices (a seat, a rule set, a lesson, a theme, ...).

    A usage error, not bad input: the message lists the choices and offers the nearest name (or the
    choice a ``lookalikes`` word stands for), e.g. ``no lesson 'chii': choose chee, ...; did you mean
    'chee'?``.
    """

    def __init__(
        self, argument: str, value: object, choices: Iterable[object], message: str,
        lookalikes: Mapping[str, str] | None = None,
    ) -> None:
        import difflib

        self.value = value
        self.choices = tuple(str(c) for c in choices)
        near = {c.lower(): c for c in self.choices} | {k.lower(): v for k, v in (lookalikes or {}).items()}
        close = difflib.get_close_matches(str(value).strip().lower(), list(near), n=1, cutoff=0.75)
        self.suggestion = near[close[0]] if close else None
        hint = f"; did you mean {self.suggestion!r}?" if self.suggestion else ""
        super().__init__(argument, message + hint)

    def __str__(self) -> str:
        return self.message


class RecordError(TutorError, ValueError):
    """A hand record (``docs/records.md``) that does not parse or cannot have happened.

    ``line`` and ``column`` count from 1, as a player counts them (``column`` is ``None`` where
    the whole line is to blame); the message starts with both: ``line 7, column 14: ...``.
    """

    def __init__(self, line: int, column: int | None, message: str) -> None:
        self.line = line
        self.column = column
        self.message = message
        where = f"line {line}, column {column}" if column is not None else f"line {line}"
        super().__init__(f"{where}: {message}")
