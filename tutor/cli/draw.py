"""``sekwoo render``: a hand drawn as SVG or PNG, sets grouped by its best reading when it is complete.

``write_svg`` writes every picture of the CLI (``render -o``, ``discard --svg``, ``puzzle show
--svg``, ``daily --svg``): SVG, or PNG when the file name ends in ``.png`` and the optional PNG
library is installed (else one line and exit 2: only SVG can be written here).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from tutor.cli.common import HandArg, JsonOpt, RulesOpt, SeatOpt, edge, emit, fail
from tutor.errors import TutorError

_OTHER_IMAGES = {".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff", ".pdf", ".eps", ".svgz"}


def picture_format(path: Path, as_json: bool = False) -> str:
    """``png`` for a file name ending in ``.png`` (any case), else ``svg``; a name that asks for
    another picture format is a usage error (exit 2) rather than SVG under a misleading name."""
    suffix = path.suffix.lower()
    if suffix in _OTHER_IMAGES:
        raise fail(f"cannot write {suffix[1:].upper()}: name the file .svg or .png", as_json, 2)
    return "png" if suffix == ".png" else "svg"


def write_svg(path: Path, text: str, as_json: bool = False) -> dict[str, Any]:
    """Write a picture (SVG text, rasterised first for a ``.png`` name); what was written: the path,
    format, size in pixels and bytes. A failure is a one-line error; a PNG without the library
    exits 2 (a usage error: ask for SVG instead)."""
    from tutor.render.svg import svg_size

    width, height = svg_size(text)
    fmt = picture_format(path, as_json)
    if fmt == "png":
        from tutor.render.png import NoPngLibrary, png_size, svg_to_png

        try:
            data = svg_to_png(text)
        except NoPngLibrary as err:
            raise fail(str(err), as_json, 2) from None
        width, height = png_size(data)
    else:
        data = text.encode("utf-8")
    try:
        path.write_bytes(data)
    except OSError as err:
        raise TutorError(f"cannot write {str(path)!r}: {err.strerror}") from None
    return {"path": str(path), "format": fmt, "width": width, "height": height, "bytes": len(data)}


def render(
    hand: HandArg,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", help="The file to write: SVG, or PNG for a name ending in .png (default: SVG on stdout).",
    )] = None,
    rules: RulesOpt = "3leg",
    seat: SeatOpt = "east",
    title: Annotated[str | None, typer.Option("--title", help="A title above the cards.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw a hand as SVG or PNG: sets grouped (the best reading when complete), FEI and bonus cards marked."""
    from tutor.core.hands import Hand
    from tutor.engine.scoring.check import check
    from tutor.render.svg import blocks, hand_svg, svg_size
    from tutor.rules.load import load_rules

    if title is not None:
        try:
            title.encode("utf-8")
        except UnicodeEncodeError:  # bytes that are not UTF-8, passed through by the shell
            raise fail("--title: not UTF-8 text", as_json, 2) from None
        title = "".join(" " if ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 else ch for ch in title)  # no XML 1.0 char
    with edge(as_json):
        rule_set = load_rules(rules)
        h = Hand.parse(hand)
        reading = check(h, rule_set, seat).reading
        text = hand_svg(h, reading, title=title)
        tiles = [str(t) for b in blocks(h, reading) for t in b.cards]
        if output is not None:
            written = write_svg(output, text, as_json)
        else:
            width, height = svg_size(text)
            written = {"path": None, "format": "svg", "width": width, "height": height,
                       "bytes": len(text.encode("utf-8")), "svg": text}
    if as_json:
        emit({"hand": str(h), **written, "tiles": tiles})
    elif output is None:  # the SVG says it is UTF-8, whatever the terminal's encoding
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.flush()
    else:
        print(f"sekwoo: wrote {output} ({written['format'].upper()}, {written['width']}x{written['height']})",
              file=sys.stderr)


def register(app: typer.Typer) -> None:
    """Add ``render`` to the ``sekwoo`` app."""
    app.command("render")(render)


__all__ = ["picture_format", "register", "render", "write_svg"]
