"""PNG pictures: an SVG rasterised with resvg (the ``resvg-py`` wheel, the optional ``png`` extra).

resvg is a self-contained SVG renderer (Rust, no system library such as cairo needed), so a plain
``pip install 'sekwoo[png]'`` is enough on Linux, macOS and Windows. It is imported only when a PNG
is asked for; without it ``NoPngLibrary`` says how to get it, and SVG still works.
"""

from __future__ import annotations

import struct

from tutor.errors import TutorError

ZOOM = 2.0  # PNG pixels per SVG unit: sharp on high-density screens, still small files


class NoPngLibrary(TutorError):
    """A PNG was asked for, but the SVG-to-PNG library is not installed."""

    def __init__(self) -> None:
        super().__init__("can only write SVG here: PNG needs the resvg-py package "
                         "(pip install 'sekwoo[png]'); or write to a .svg file")


def available() -> bool:
    """Whether PNG pictures can be written."""
    import importlib.util

    return importlib.util.find_spec("resvg_py") is not None


def svg_to_png(svg: str, zoom: float = ZOOM) -> bytes:
    """The PNG bytes of an SVG text, ``zoom`` pixels per SVG unit."""
    try:
        import resvg_py
    except ImportError:
        raise NoPngLibrary() from None
    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=zoom))
    except ValueError as err:  # resvg refused the picture: a bug of ours, said in one line
        raise TutorError(f"cannot draw the PNG: {err}") from None


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height of a PNG image, from its header."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


__all__ = ["ZOOM", "NoPngLibrary", "available", "png_size", "svg_to_png"]
