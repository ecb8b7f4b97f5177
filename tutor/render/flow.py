"""Layout helpers of the terminal views: text that wraps where a player expects it to.

``Flow`` lays parts side by side and breaks lines only between parts, so a set such as
``[N N F*→N] PONG`` is never split over two lines; ``hanging`` keeps a wrapped paragraph under its
first word, after a bullet or an indent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rich is imported when something is drawn, so that importing this is cheap
    from rich.console import Console, ConsoleOptions
    from rich.measure import Measurement
    from rich.table import Table
    from rich.text import Text


class Flow:
    """Parts laid out left to right, ``sep`` between them, wrapped between parts, never inside one.

    ``seps`` gives each part its own separator before it instead (dropped at the start of a line).
    """

    def __init__(self, parts: Sequence[Text], sep: str = "  ", seps: Sequence[str] | None = None) -> None:
        self.parts = tuple(parts)
        self.seps = tuple(seps) if seps is not None else (sep,) * len(self.parts)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        from rich.measure import Measurement

        widths = [p.cell_len for p in self.parts]
        return Measurement(max(widths, default=0), len(str(self)))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        from rich.text import Text

        line = Text(end="\n")
        for part, sep in zip(self.parts, self.seps, strict=True):
            if line and line.cell_len + len(sep) + part.cell_len > options.max_width:
                yield line
                line = Text(end="\n")
            if line:
                line.append(sep)
            line.append_text(part)
        yield line

    def __str__(self) -> str:
        return "".join(sep + p.plain for p, sep in zip(self.parts, self.seps, strict=True))[len(self.seps[0]):] \
            if self.parts else ""


_CARD = r"(?:[1-9][dbcpsm]|Wh|[ESWNRG]|F\*(?:[→=]\S+)?)"
# A set written in prose, kept on one line: "[1d 2d 3d]", "CHEE 5d 6d 7d", "PONG of 5d", "F* as Wh".
_SET = re.compile(rf"\[[^\]\n]*\]|(?:CHEE|PONG|KONG|NGAN)(?: of)?(?: {_CARD}(?=[\s,;:.)]|$))+")


def words(text: str) -> list[str]:
    """``text`` cut at its spaces, except those inside a set, which stays one word."""
    glued = _SET.sub(lambda m: m.group(0).replace(" ", "\0"), text)
    return [w.replace("\0", " ") for w in glued.split(" ") if w]


def hanging(lead: str, text: str, style: str = "") -> Table | Flow:
    """``text`` after ``lead`` (a bullet, an indent), its wrapped lines under its first word and
    never inside a set."""
    from rich.table import Table
    from rich.text import Text

    flow = Flow([Text(w, style=style) for w in words(text)], " ")
    if not lead:  # an empty column would still take a cell of the width
        return flow
    grid = Table.grid()
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(Text(lead, style=style), flow)
    return grid


class Fitting:
    """A table that leaves out its last column (a picture, such as the win-by-draw bars) where the
    whole table would be wider than the terminal, so that the figures are shown whole, not cut."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def _fitted(self, console: Console, options: ConsoleOptions) -> Table:
        from copy import copy

        from rich.measure import Measurement

        natural = Measurement.get(console, options.update_width(1 << 16), self.table).maximum  # unclamped
        if natural <= options.max_width:
            return self.table
        narrow = copy(self.table)
        narrow.columns = self.table.columns[:-1]
        return narrow

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        from rich.measure import Measurement

        return Measurement.get(console, options, self._fitted(console, options))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Table]:
        yield self._fitted(console, options)


__all__ = ["Fitting", "Flow", "hanging"]
