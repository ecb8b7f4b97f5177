"""Pictures of hands as clean SVG, for docs and sharing: sets grouped, FEI and bonus cards marked.

``hand_svg(hand, reading)`` draws a hand; with a reading (a complete hand's best one) the cards
are grouped as its sets and NGAN, each FEI showing what it stands for; without one, the concealed
cards are grouped by kind. The cards are drawn by ``tutor.render.faces`` as shapes and paths (pips,
sticks, characters), so they look the same without any font; only the title and the captions are
text, and the picture is made wide enough for them (``text_width`` overestimates). Sets laid down
are tinted, a concealed KONG is framed and captioned "concealed", bonus cards (and sunk FEI) have
the yellow border of the booklet's flower cards. Every card is a ``<g class="card ...">`` carrying
``data-card``; every group a ``<g class="group" data-kind=...>``. Built with ``xml.etree``.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from tutor.core.hands import Hand, MeldKind
from tutor.core.readings import Reading
from tutor.core.tiles import Tile
from tutor.engine.result_types import DiscardResult
from tutor.render.faces import CARD_H, CARD_W, SVG_NS, card

GAP, GROUP_GAP, MARGIN = 4, 18, 12
LABEL_H = 18
TITLE_SIZE, CAPTION_SIZE = 14, 10


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A width no narrower than ``text`` takes at ``size`` in any common sans-serif font: each
    character counted at the widest it is in Helvetica, Arial, DejaVu Sans or Noto Sans (capitals
    and digits as wide as an M or a W, others as an o, wide characters such as CJK as two)."""
    em = 0.0
    for ch in text:
        if ord(ch) > 0x2E7F:
            em += 1.05
        elif ch in "MWmw@%":
            em += 1.0
        elif ch.isupper() or ch.isdigit() or ch in "&#":
            em += 0.78
        elif ch in " .,:;'|!il()[]/-":
            em += 0.38
        else:
            em += 0.64
    return em * size * (1.08 if bold else 1.0)


@dataclass(frozen=True, slots=True)
class Block:
    """A group of cards drawn together: what it is, its cards, and what each FEI stands for."""

    kind: str  # chee / pong / kong / ngan / singles / cards / bonus
    cards: tuple[Tile, ...]
    stands: tuple[Tile | None, ...]
    declared: bool = False
    label: str = ""
    concealed: bool = False  # a KONG declared but kept face down

    @property
    def span(self) -> float:
        """How wide its cards are drawn."""
        return len(self.cards) * (CARD_W + GAP) - GAP

    @property
    def width(self) -> float:
        """How wide the block is: its cards, or its caption when that is wider."""
        return max(self.span, text_width(self.label, CAPTION_SIZE) + 4)


def blocks(hand: Hand, reading: Reading | None = None) -> list[Block]:
    """The groups a picture shows, in order: sets, the NGAN, loose cards, bonus cards."""
    out: list[Block] = []
    hidden = {m.cards[0] for m in hand.melds if not m.exposed}
    if reading is not None:
        for g in reading.groups:
            stands = tuple(g.tiles[j] if j in g.wild else None for j in range(len(g.tiles)))
            concealed = g.declared and g.kind is MeldKind.KONG and g.tiles[0] in hidden
            label = g.kind.label + (" concealed" if concealed else " laid down" if g.declared else "")
            out.append(Block(g.kind.value, g.cards, stands, g.declared, label, concealed))
        if reading.singles:  # a special shape's cards outside its groups (THIRTEEN ORPHANS)
            label = reading.shape.replace("_", " ").upper()
            out.append(Block("singles", reading.singles, (None,) * len(reading.singles), False, label))
    else:
        by_kind: dict[str, list[Tile]] = {}
        for t in hand.concealed:
            key = "honours" if t.is_honour else t.kind.value
            by_kind.setdefault(key, []).append(t)
        for key, tiles in by_kind.items():
            out.append(Block("cards", tuple(tiles), (None,) * len(tiles), False, key.upper()))
        for m in hand.melds:
            label = m.kind.label + (" laid down" if m.exposed else " concealed")
            out.append(Block(m.kind.value, m.cards, (None,) * len(m.cards), True, label, not m.exposed))
    if hand.bonus:
        out.append(Block("bonus", hand.bonus, (None,) * len(hand.bonus), False, "FLOWERS"))
    return out


def _svg_root(width: float, height: float, title: str, attrs: dict[str, str]) -> ET.Element:
    ET.register_namespace("", SVG_NS)
    w, h = f"{width:g}", f"{height:g}"
    root = ET.Element("svg", {"xmlns": SVG_NS, "width": w, "height": h, "viewBox": f"0 0 {w} {h}",
                              "font-family": "Helvetica, Arial, 'DejaVu Sans', sans-serif", **attrs})
    ET.SubElement(root, "title").text = title
    ET.SubElement(root, "rect", {"width": w, "height": h, "fill": "#f4f1ea", "rx": "8"})
    return root


def _finish(root: ET.Element) -> str:
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def svg_size(text: str) -> tuple[int, int]:
    """The width and height (in pixels) of an SVG picture drawn here."""
    start = text.index("<svg")
    head = text[start:text.index(">", start)]
    width, height = (math.ceil(float(head.split(f' {k}="')[1].split('"')[0])) for k in ("width", "height"))
    return width, height


def hand_svg(hand: Hand, reading: Reading | None = None, *, title: str | None = None) -> str:
    """The SVG text of a hand (grouped by ``reading`` when given)."""
    parts = blocks(hand, reading)
    top = MARGIN + (24 if title else 0)
    cards_w = sum(b.width for b in parts) + GROUP_GAP * max(0, len(parts) - 1)
    title_w = text_width(title, TITLE_SIZE, bold=True) if title else 0
    width = math.ceil(MARGIN * 2 + max(cards_w, title_w))
    height = top + CARD_H + LABEL_H + MARGIN
    root = _svg_root(width, height, title or f"sekwoo hand: {hand}", {"class": "sekwoo-hand", "data-hand": str(hand)})
    if title:
        ET.SubElement(root, "text", {"x": str(MARGIN), "y": str(MARGIN + 14), "font-size": str(TITLE_SIZE),
                                     "font-weight": "bold", "fill": "#222222"}).text = title
    x = float(MARGIN)
    for b in parts:
        left, w = x + (b.width - b.span) / 2, b.span
        g = ET.SubElement(root, "g", {"class": "group", "data-kind": b.kind,
                                      "data-declared": "true" if b.declared else "false"})
        if b.concealed:
            g.set("data-concealed", "true")
        if b.declared or b.kind == "bonus":
            fill = "#fff3c4" if b.kind == "bonus" else "#e6e1d3" if b.concealed else "#cddcf2"
            tint = {"class": "tint", "x": f"{left - 3:g}", "y": str(top - 3), "width": f"{w + 6:g}",
                    "height": str(CARD_H + 6), "rx": "8", "fill": fill}
            if b.concealed:
                tint |= {"stroke": "#8a8272", "stroke-dasharray": "4 3", "stroke-width": "1.2"}
            ET.SubElement(g, "rect", tint)
        for k, (t, s) in enumerate(zip(b.cards, b.stands, strict=True)):
            card(g, t, left + k * (CARD_W + GAP), top, s, b.kind == "bonus")
        ET.SubElement(g, "line", {"x1": f"{left:g}", "x2": f"{left + w:g}", "y1": str(top + CARD_H + 5),
                                  "y2": str(top + CARD_H + 5), "stroke": "#888888", "stroke-width": "1.5"})
        ET.SubElement(g, "text", {"x": f"{x + b.width / 2:g}", "y": str(top + CARD_H + 16), "text-anchor": "middle",
                                  "font-size": str(CAPTION_SIZE), "fill": "#444444"}).text = b.label
        x += b.width + GROUP_GAP
    return _finish(root)


CHART_W, CHART_H = 520, 260
_LINES = ("#1f4e9c", "#c62828", "#2e7d32", "#a0229a", "#8a6d00")


def discard_chart_svg(result: DiscardResult, top: int = 5) -> str:
    """The SVG text of a chart of the win chance by draw of the ``top`` options of ``discard``:
    a line per option (its name and expected FUN in the legend), draws across, chance up."""
    options = list(result.options[:top])
    n = max(1, result.draws)
    title = f"Win chance by draw: {result.hand} ({result.rules.name}, {result.seat})"
    legend = [(f"{o.action} {o.tile}",
               f"{o.win_probability:.0%}, {o.expected_fun:.2f} {result.unit}") for o in options]
    left, head, foot = 48, 34, 36
    right = max([170.0] + [54 + text_width(f"{a}: {b}", 11) for a, b in legend])
    width = math.ceil(max(CHART_W + left + right, left + text_width(title, 13, bold=True) + MARGIN))
    height = CHART_H + head + foot
    root = _svg_root(width, height, title, {"class": "sekwoo-win-chance", "data-hand": str(result.hand),
                                            "data-draws": str(result.draws)})
    ET.SubElement(root, "text", {"x": str(left), "y": "22", "font-size": "13", "font-weight": "bold",
                                 "fill": "#222222"}).text = title

    def at(k: int, p: float) -> tuple[float, float]:
        return left + CHART_W * k / n, head + CHART_H * (1 - p)

    grid = ET.SubElement(root, "g", {"class": "axes", "font-size": "10", "fill": "#444444"})
    for q in range(0, 101, 25):
        _, y = at(0, q / 100)
        ET.SubElement(grid, "line", {"x1": str(left), "x2": str(left + CHART_W), "y1": f"{y:.1f}", "y2": f"{y:.1f}",
                                     "stroke": "#cccccc", "stroke-width": "1"})
        ET.SubElement(grid, "text", {"x": str(left - 6), "y": f"{y + 3:.1f}", "text-anchor": "end"}).text = f"{q}%"
    for k in range(n + 1):
        x, _ = at(k, 0)
        ET.SubElement(grid, "text", {"x": f"{x:.1f}", "y": str(head + CHART_H + 14),
                                     "text-anchor": "middle"}).text = str(k)
    ET.SubElement(grid, "text", {"x": str(left + CHART_W // 2), "y": str(height - 8),
                                 "text-anchor": "middle"}).text = "own draws"
    lines = [" ".join(f"{x:.1f},{y:.1f}" for x, y in [at(0, 0)] + [at(k + 1, p) for k, p in enumerate(o.win_by_draw)])
             for o in options]
    for j, (o, (name, figures)) in enumerate(zip(options, legend, strict=True)):
        colour = _LINES[j % len(_LINES)]
        g = ET.SubElement(root, "g", {"class": "option", "data-option": name,
                                      "data-win-by-draw": " ".join(f"{p:.6f}" for p in o.win_by_draw)})
        line = {"points": lines[j], "fill": "none", "stroke": colour, "stroke-width": "2.5"}
        same = [i for i, other in enumerate(lines) if other == lines[j]]  # options tied all the way
        if same.index(j):  # drawn over the first of them: in dashes that leave each of the others a gap
            line |= {"stroke-dasharray": f"6 {6 * (len(same) - 1)}", "stroke-dashoffset": str(-6 * (same.index(j) - 1))}
        ET.SubElement(g, "polyline", line)
        ly = head + 14 + 18 * j
        ET.SubElement(g, "line", {"x1": str(left + CHART_W + 14), "x2": str(left + CHART_W + 34),
                                  "y1": str(ly - 4), "y2": str(ly - 4), "stroke": colour, "stroke-width": "3"})
        ET.SubElement(g, "text", {"x": str(left + CHART_W + 40), "y": str(ly), "font-size": "11", "fill": "#222222"}
                      ).text = f"{name}: {figures}"
    return _finish(root)


__all__ = ["Block", "blocks", "discard_chart_svg", "hand_svg", "svg_size", "text_width"]
