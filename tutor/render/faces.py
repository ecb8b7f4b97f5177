"""Card faces drawn as SVG shapes and stroked paths (no ``<text>``), so they look the same everywhere.

Dots show their pips in the usual arrangements, Bamboo its sticks, Characters the numeral over 萬,
the winds and dragons their characters (東 南 西 北, 中 發, the White a blue frame), the winds a
Latin corner letter for those who do not read them; the FEI is a purple winged star with ``FEI``
(or ``=`` and the card it stands for), and a bonus card its group's emblem and number in the
yellow border of the booklet's flower cards. ``card`` draws one card into a picture, ``tile_svg``
one card alone (the test references under ``tests/golden/tiles/``).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from tutor.core.tiles import FEI_ID, Kind, Tile
from tutor.render.glyphs import CJK, LATIN, advance

CARD_W, CARD_H = 44, 62
SVG_NS = "http://www.w3.org/2000/svg"
INK = "#1b2a4a"
BLUE, GREEN, RED, PURPLE, GOLD = "#1f4e9c", "#1d7a33", "#c62828", "#a0229a", "#e0b100"
PAPER = "#fffdf6"

_HONOUR_CHAR = {"E": "東", "S": "南", "W": "西", "N": "北", "R": "中", "G": "發"}
_NUMERAL = "一二三四五六七八九"

# Pips of the Dots, (x, y, radius, colour) on the card, in the usual arrangements.
_B, _G, _R = BLUE, GREEN, RED
_DOTS: dict[int, tuple[tuple[float, float, float, str], ...]] = {
    2: ((22, 17, 9, _G), (22, 45, 9, _B)),
    3: ((11.5, 13, 7.5, _B), (22, 31, 7.5, _R), (32.5, 49, 7.5, _G)),
    4: ((13.5, 16, 8, _B), (30.5, 16, 8, _G), (13.5, 46, 8, _G), (30.5, 46, 8, _B)),
    5: ((12, 13, 7, _B), (32, 13, 7, _G), (22, 31, 7, _R), (12, 49, 7, _G), (32, 49, 7, _B)),
    6: ((13.5, 12, 6.8, _G), (30.5, 12, 6.8, _G), (13.5, 31, 6.8, _R), (30.5, 31, 6.8, _R),
        (13.5, 50, 6.8, _R), (30.5, 50, 6.8, _R)),
    7: ((10.5, 8.5, 5.2, _G), (22, 15, 5.2, _G), (33.5, 21.5, 5.2, _G), (13.5, 36, 6.3, _R),
        (30.5, 36, 6.3, _R), (13.5, 51, 6.3, _R), (30.5, 51, 6.3, _R)),
    8: tuple((x, y, 6.3, _B) for y in (9.5, 23.5, 38.5, 52.5) for x in (13.5, 30.5)),
    9: tuple((x, y, 5.6, c) for y, c in ((12, _B), (31, _R), (50, _G)) for x in (10.5, 22, 33.5)),
}
# Sticks of the Bamboo, (x, y of the centre, length, colour).
_STICKS: dict[int, tuple[tuple[float, float, float, str], ...]] = {
    2: ((22, 17, 22, _B), (22, 45, 22, _G)),
    3: ((22, 17, 22, _B), (14, 45, 22, _G), (30, 45, 22, _G)),
    4: ((14, 17, 22, _B), (30, 17, 22, _G), (14, 45, 22, _G), (30, 45, 22, _B)),
    5: ((11, 17, 22, _G), (33, 17, 22, _B), (22, 31, 22, _R), (11, 45, 22, _B), (33, 45, 22, _G)),
    6: tuple((x, y, 22, _G if y < 30 else _B) for y in (17, 45) for x in (11, 22, 33)),
    7: ((22, 10, 14, _R),) + tuple((x, y, 16, _G) for y in (30, 50) for x in (11, 22, 33)),
    8: tuple((x, y, 22, _G if k % 2 else _B) for y in (17, 45) for k, x in enumerate((8, 17, 27, 36))),
    9: tuple((x, y, 16, _R if x == 22 else _G) for y in (12, 31, 50) for x in (11, 22, 33)),
}


def _el(parent: ET.Element, tag: str, **attrs: object) -> ET.Element:
    return ET.SubElement(parent, tag, {k.replace("_", "-"): str(v) for k, v in attrs.items()})


def _strokes(parent: ET.Element, data: str, x: float, y: float, size: float, colour: str,
             weight: float = 10) -> None:
    """A glyph's strokes (``data`` on its 100-unit box) drawn in a ``size`` box at (x, y)."""
    if data:
        _el(parent, "path", d=data, transform=f"translate({x:g} {y:g}) scale({size / 100:g})", fill="none",
            stroke=colour, stroke_width=f"{weight:g}", stroke_linecap="round", stroke_linejoin="round")


def latin(parent: ET.Element, text: str, x: float, y: float, height: float, colour: str,
          weight: float = 11) -> float:
    """``text`` in the stroke alphabet from (x, y), ``height`` tall; returns the width drawn."""
    pen = 0.0
    for ch in text:
        data = LATIN.get(ch) or CJK.get(ch, "")
        step = advance(ch) * height / 100
        _strokes(parent, data, x + pen + step / 2 - height / 2, y, height, colour, weight)
        pen += step
    return pen


def latin_width(text: str, height: float) -> float:
    """The width ``latin`` draws ``text`` at ``height``."""
    return sum(advance(ch) for ch in text) * height / 100


def _pip(parent: ET.Element, x: float, y: float, r: float, colour: str) -> None:
    _el(parent, "circle", cx=f"{x:g}", cy=f"{y:g}", r=f"{r:g}", fill=colour)
    _el(parent, "circle", cx=f"{x:g}", cy=f"{y:g}", r=f"{r * 0.64:.2f}", fill=PAPER)
    _el(parent, "circle", cx=f"{x:g}", cy=f"{y:g}", r=f"{r * 0.36:.2f}", fill=colour)


def _dots(g: ET.Element, rank: int) -> None:
    if rank == 1:  # the big ornate circle
        _el(g, "circle", cx=22, cy=31, r=16, fill=GREEN)
        _el(g, "circle", cx=22, cy=31, r=13, fill=PAPER)
        for k in range(8):
            _el(g, "circle", cx=22, cy=20, r=2.2, fill=BLUE, transform=f"rotate({45 * k} 22 31)")
        _pip(g, 22, 31, 7.5, RED)
        return
    for x, y, r, c in _DOTS[rank]:
        _pip(g, x, y, r, c)


def _stick(parent: ET.Element, x: float, y: float, length: float, colour: str, w: float = 5) -> None:
    top = y - length / 2
    _el(parent, "rect", x=f"{x - w / 2:g}", y=f"{top:g}", width=f"{w:g}", height=f"{length:g}", rx=f"{w / 2:g}",
        fill=colour)
    for ny in (top + 1.6, y, top + length - 1.6):
        _el(parent, "line", x1=f"{x - w / 2:g}", x2=f"{x + w / 2:g}", y1=f"{ny:g}", y2=f"{ny:g}", stroke=PAPER,
            stroke_width="0.9")


def _bamboo(g: ET.Element, rank: int) -> None:
    if rank == 1:  # one tall stick between two leaves
        _el(g, "path", d="M22 30Q8 24 7 10Q19 14 22 30Z M22 30Q36 24 37 10Q25 14 22 30Z", fill=GREEN)
        _stick(g, 22, 33, 46, GREEN, 8)
        _el(g, "circle", cx=22, cy=33, r=3, fill=RED)
        return
    for x, y, length, c in _STICKS[rank]:
        _stick(g, x, y, length, c)


def _bonus(g: ET.Element, tile: Tile) -> None:
    group = str(tile)[0]
    if group == "f":  # Nature: a flower
        for k in range(5):
            _el(g, "ellipse", cx=22, cy=23.5, rx=4.6, ry=7.5, fill="#d84a7a", transform=f"rotate({72 * k} 22 32)")
        _el(g, "circle", cx=22, cy=32, r=4.2, fill=GOLD)
        _el(g, "path", d="M22 44Q20 50 23 57", fill="none", stroke=GREEN, stroke_width=2.2, stroke_linecap="round")
    elif group == "s":  # Season: the sun
        for k in range(12):
            _el(g, "line", x1=22, y1=15, x2=22, y2=19.5, stroke="#e65100", stroke_width=2.2, stroke_linecap="round",
                transform=f"rotate({30 * k} 22 33)")
        _el(g, "circle", cx=22, cy=33, r=9, fill="#f9a825", stroke="#e65100", stroke_width=1.5)
    elif group == "a":  # Animal: a paw
        _el(g, "ellipse", cx=22, cy=38, rx=8.5, ry=7, fill="#6d4c41")
        for cx, cy in ((12, 28), (18.5, 21.5), (25.5, 21.5), (32, 28)):
            _el(g, "ellipse", cx=cx, cy=cy, rx=3.3, ry=4.2, fill="#6d4c41")
    else:  # Face: a face
        _el(g, "circle", cx=22, cy=33, r=12, fill="#ffcc80", stroke="#8d6e63", stroke_width=1.5)
        _el(g, "circle", cx=17.5, cy=30, r=1.8, fill=INK)
        _el(g, "circle", cx=26.5, cy=30, r=1.8, fill=INK)
        _el(g, "path", d="M16 37Q22 43 28 37", fill="none", stroke=INK, stroke_width=1.8, stroke_linecap="round")
    latin(g, str(tile.rank), 4, 4, 10, RED, 13)


def _fei(g: ET.Element, stands: Tile | None) -> None:
    _el(g, "path", d="M20 22Q8 10 3 18Q6 28 18 28Z M24 22Q36 10 41 18Q38 28 26 28Z", fill="#d9b3e6",
        stroke=PURPLE, stroke_width=1.2)
    star = " ".join(
        f"{22 + r * math.sin(math.radians(36 * k)):.2f},{25 - r * math.cos(math.radians(36 * k)):.2f}" for k in range(10) for r in ((10 if k % 2 == 0 else 4.2),)
    )
    _el(g, "polygon", points=star, fill=PURPLE)
    label = "FEI" if stands is None else f"={stands}"
    height = 11 if len(label) <= 3 else 9
    latin(g, label, 22 - latin_width(label, height) / 2, 42, height, PURPLE, 12)


def face(g: ET.Element, tile: Tile, stands: Tile | None = None) -> None:
    """Draw the face of ``tile`` (a FEI showing what it ``stands`` for) into a card's group."""
    name = str(tile)
    if tile.kind is Kind.DOTS:
        _dots(g, tile.rank)
    elif tile.kind is Kind.BAMBOO:
        _bamboo(g, tile.rank)
    elif tile.kind is Kind.CHARACTERS:
        _strokes(g, CJK[_NUMERAL[tile.rank - 1]], 10, 4, 24, INK, 11)
        _strokes(g, CJK["萬"], 8, 30, 28, RED, 9)
    elif tile.kind is Kind.WIND:
        _strokes(g, CJK[_HONOUR_CHAR[name]], 6, 15, 32, INK, 10)
        latin(g, name, 4, 4, 9, BLUE, 13)
    elif name == "Wh":
        _el(g, "rect", x=9, y=10, width=26, height=42, rx=2, fill="none", stroke=BLUE, stroke_width=3)
        _el(g, "rect", x=13.5, y=14.5, width=17, height=33, rx=1, fill="none", stroke=BLUE, stroke_width=1.2)
    elif tile.kind is Kind.DRAGON:
        size = 34 if name == "R" else 38
        _strokes(g, CJK[_HONOUR_CHAR[name]], 22 - size / 2, 31 - size / 2, size, RED if name == "R" else GREEN, 10)
    elif tile.id == FEI_ID:
        _fei(g, stands)
    else:
        _bonus(g, tile)


def card(parent: ET.Element, tile: Tile, x: float, y: float, stands: Tile | None = None,
         bonus: bool = False) -> ET.Element:
    """One card at (x, y): its body (a yellow border for a bonus card, purple for a FEI) and face,
    as a ``<g class="card ...">`` carrying ``data-card`` (and ``data-stands-for``)."""
    name = str(tile)
    fei = tile.id == FEI_ID
    classes = ["card", tile.kind.value] + (["bonus"] if bonus else [])
    if bonus and fei:
        classes.append("sunk")
    g = ET.SubElement(parent, "g", {"class": " ".join(classes), "data-card": name,
                                    "transform": f"translate({x:g},{y:g})"})
    if stands is not None:
        g.set("data-stands-for", str(stands))
    ET.SubElement(g, "title").text = tile.long_name + (f" standing for {stands.long_name}" if stands else "")
    border = GOLD if bonus or tile.is_bonus else (PURPLE if fei else "#6b6b6b")
    wide = bonus or tile.is_bonus or fei
    _el(g, "rect", x=1, y=2, width=CARD_W, height=CARD_H, rx=6, fill="#000000", fill_opacity="0.13")
    _el(g, "rect", width=CARD_W, height=CARD_H, rx=6, fill=PAPER, stroke=border,
        stroke_width="3" if wide else "1.5")
    face(g, tile, stands)
    return g


def tile_svg(tile: Tile, stands: Tile | None = None, bonus: bool = False) -> str:
    """The SVG text of one card alone (what the tests compare with ``tests/golden/tiles/``)."""
    ET.register_namespace("", SVG_NS)
    w, h = CARD_W + 6, CARD_H + 6
    root = ET.Element("svg", {"xmlns": SVG_NS, "width": str(w), "height": str(h), "viewBox": f"0 0 {w} {h}",
                              "class": "sekwoo-card", "data-card": str(tile)})
    card(root, tile, 2, 2, stands, bonus)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode") + "\n"


def sheet_svg(tiles: tuple[Tile, ...], columns: int = 9) -> str:
    """The SVG text of a sheet of cards, each captioned with its notation (``docs/cards.svg``)."""
    ET.register_namespace("", SVG_NS)
    cell_w, cell_h, pad = CARD_W + 14, CARD_H + 26, 10
    rows = -(-len(tiles) // columns)
    w, h = pad * 2 + columns * cell_w - 14, pad * 2 + rows * cell_h - 8
    root = ET.Element("svg", {"xmlns": SVG_NS, "width": str(w), "height": str(h), "viewBox": f"0 0 {w} {h}",
                              "font-family": "Helvetica, Arial, 'DejaVu Sans', sans-serif", "class": "sekwoo-cards"})
    ET.SubElement(root, "title").text = "The cards as sekwoo draws them, with their notation"
    _el(root, "rect", width=w, height=h, fill="#f4f1ea", rx=8)
    for k, tile in enumerate(tiles):
        x, y = pad + (k % columns) * cell_w, pad + (k // columns) * cell_h
        card(root, tile, x, y, bonus=tile.is_bonus)
        _el(root, "text", x=f"{x + CARD_W / 2:g}", y=y + CARD_H + 14, text_anchor="middle", font_size=11,
            fill="#333333").text = str(tile)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


__all__ = ["CARD_H", "CARD_W", "card", "face", "latin", "latin_width", "sheet_svg", "tile_svg"]
