"""Pictures of hands as clean SVG, for docs and sharing: sets grouped, FEI and bonus cards marked.

``hand_svg(hand, reading)`` draws a hand; with a reading (a complete hand's best one) the cards
are grouped as its sets and NGAN, each FEI showing what it stands for; without one, the concealed
cards are grouped by kind. Sets laid down are tinted, bonus cards (and sunk FEI) have the yellow
border of the booklet's flower cards. Every card is a ``<g class="card ...">`` carrying
``data-card``; every group a ``<g class="group" data-kind=...>``. Built with ``xml.etree``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from tutor.core.hands import Hand
from tutor.core.readings import Reading
from tutor.core.tiles import FEI_ID, Kind, Tile
from tutor.engine.results import DiscardResult

CARD_W, CARD_H = 44, 62
GAP, GROUP_GAP, MARGIN = 4, 18, 12
LABEL_H = 18
SVG_NS = "http://www.w3.org/2000/svg"

_GLYPH = {"E": "東", "S": "南", "W": "西", "N": "北", "R": "中", "G": "發", "Wh": "白"}
_COLOUR = {
    Kind.DOTS: "#1f4e9c", Kind.WIND: "#0f6b6b", Kind.FEI: "#a0229a", Kind.BONUS: "#8a6d00",
    Kind.BAMBOO: "#1d7a33", Kind.CHARACTERS: "#b3261e",
}
_DRAGON = {"R": "#c62828", "G": "#2e7d32", "Wh": "#455a64"}


@dataclass(frozen=True, slots=True)
class Block:
    """A group of cards drawn together: what it is, its cards, and what each FEI stands for."""

    kind: str  # chee / pong / kong / ngan / cards / bonus
    cards: tuple[Tile, ...]
    stands: tuple[Tile | None, ...]
    declared: bool = False
    label: str = ""


def blocks(hand: Hand, reading: Reading | None = None) -> list[Block]:
    """The groups a picture shows, in order: sets, the NGAN, loose cards, bonus cards."""
    out: list[Block] = []
    if reading is not None:
        for g in reading.groups:
            stands = tuple(g.tiles[j] if j in g.wild else None for j in range(len(g.tiles)))
            label = g.kind.label + (" laid down" if g.declared else "")
            out.append(Block(g.kind.value, g.cards, stands, g.declared, label))
    else:
        by_kind: dict[str, list[Tile]] = {}
        for t in hand.concealed:
            key = "honours" if t.is_honour else t.kind.value
            by_kind.setdefault(key, []).append(t)
        for key, tiles in by_kind.items():
            out.append(Block("cards", tuple(tiles), (None,) * len(tiles), False, key.upper()))
        for m in hand.melds:
            label = m.kind.label + (" laid down" if m.exposed else " concealed")
            out.append(Block(m.kind.value, m.cards, (None,) * len(m.cards), True, label))
    if hand.bonus:
        out.append(Block("bonus", hand.bonus, (None,) * len(hand.bonus), False, "FLOWERS"))
    return out


def _card(parent: ET.Element, tile: Tile, x: int, y: int, stands: Tile | None, bonus: bool) -> None:
    name = str(tile)
    classes = ["card", tile.kind.value]
    if tile.id == FEI_ID:
        classes.append("fei")
    if bonus:
        classes.append("bonus")
        if tile.id == FEI_ID:
            classes.append("sunk")
    g = ET.SubElement(parent, "g", {"class": " ".join(classes), "data-card": name,
                                    "transform": f"translate({x},{y})"})
    if stands is not None:
        g.set("data-stands-for", str(stands))
    ET.SubElement(g, "title").text = tile.long_name + (f" standing for {stands.long_name}" if stands else "")
    colour = _DRAGON.get(name) or _COLOUR.get(tile.kind, "#333333")
    border = "#e0b100" if bonus else ("#a0229a" if tile.id == FEI_ID else "#5c5c5c")
    ET.SubElement(g, "rect", {
        "width": str(CARD_W), "height": str(CARD_H), "rx": "6", "fill": "#fffdf6",
        "stroke": border, "stroke-width": "3" if bonus or tile.id == FEI_ID else "1.5",
    })
    if tile.is_suited:
        big, small = str(tile.rank), tile.kind.value.capitalize()
    elif tile.is_honour:  # letters, not 東/中: they draw in every font; the hanzi go in a tooltip
        big, small = name, tile.long_name
        ET.SubElement(g, "title").text = f"{tile.long_name} {_GLYPH[name]}"
    elif tile.id == FEI_ID:
        big, small = "F*", "FEI"
    else:
        big, small = name, tile.long_name.split()[0]
    text = ET.SubElement(g, "text", {"x": str(CARD_W // 2), "y": "32", "text-anchor": "middle",
                                     "font-size": "22", "font-weight": "bold", "fill": colour})
    text.text = big
    label = ET.SubElement(g, "text", {"x": str(CARD_W // 2), "y": "50", "text-anchor": "middle",
                                      "font-size": "9", "fill": colour})
    label.text = small
    if stands is not None:
        mark = ET.SubElement(g, "text", {"class": "stands", "x": str(CARD_W // 2), "y": "59",
                                         "text-anchor": "middle", "font-size": "8", "fill": "#a0229a"})
        mark.text = f"= {stands}"


def hand_svg(hand: Hand, reading: Reading | None = None, *, title: str | None = None) -> str:
    """The SVG text of a hand (grouped by ``reading`` when given)."""
    parts = blocks(hand, reading)
    top = MARGIN + (24 if title else 0)
    width = MARGIN * 2 + sum(len(b.cards) * (CARD_W + GAP) - GAP for b in parts) + GROUP_GAP * max(0, len(parts) - 1)
    height = top + CARD_H + LABEL_H + MARGIN
    ET.register_namespace("", SVG_NS)
    root = ET.Element("svg", {
        "xmlns": SVG_NS, "width": str(width), "height": str(height), "viewBox": f"0 0 {width} {height}",
        "font-family": "Helvetica, Arial, 'Noto Sans CJK SC', sans-serif", "class": "sekwoo-hand",
        "data-hand": str(hand),
    })
    ET.SubElement(root, "title").text = title or f"sekwoo hand: {hand}"
    ET.SubElement(root, "rect", {"width": str(width), "height": str(height), "fill": "#f4f1ea", "rx": "8"})
    if title:
        head = ET.SubElement(root, "text", {"x": str(MARGIN), "y": str(MARGIN + 14), "font-size": "14",
                                            "font-weight": "bold", "fill": "#222222"})
        head.text = title
    x = MARGIN
    for b in parts:
        w = len(b.cards) * (CARD_W + GAP) - GAP
        g = ET.SubElement(root, "g", {"class": "group", "data-kind": b.kind,
                                      "data-declared": "true" if b.declared else "false"})
        if b.declared or b.kind == "bonus":
            fill = "#fff3c4" if b.kind == "bonus" else "#dfe8f5"
            ET.SubElement(g, "rect", {"class": "tint", "x": str(x - 3), "y": str(top - 3), "width": str(w + 6),
                                      "height": str(CARD_H + 6), "rx": "8", "fill": fill})
        for k, (t, s) in enumerate(zip(b.cards, b.stands, strict=True)):
            _card(g, t, x + k * (CARD_W + GAP), top, s, b.kind == "bonus")
        ET.SubElement(g, "line", {"x1": str(x), "x2": str(x + w), "y1": str(top + CARD_H + 5),
                                  "y2": str(top + CARD_H + 5), "stroke": "#888888", "stroke-width": "1.5"})
        cap = ET.SubElement(g, "text", {"x": str(x + w // 2), "y": str(top + CARD_H + 16), "text-anchor": "middle",
                                        "font-size": "10", "fill": "#444444"})
        cap.text = b.label
        x += w + GROUP_GAP
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


CHART_W, CHART_H = 520, 260
_LINES = ("#1f4e9c", "#c62828", "#2e7d32", "#a0229a", "#8a6d00")


def discard_chart_svg(result: DiscardResult, top: int = 5) -> str:
    """The SVG text of a chart of the win chance by draw of the ``top`` options of ``discard``:
    a line per option (its name and expected FUN in the legend), draws across, chance up."""
    options = list(result.options[:top])
    n = max(1, result.draws)
    left, right, head, foot = 48, 170, 34, 36
    width, height = CHART_W + left + right, CHART_H + head + foot
    ET.register_namespace("", SVG_NS)
    root = ET.Element("svg", {
        "xmlns": SVG_NS, "width": str(width), "height": str(height), "viewBox": f"0 0 {width} {height}",
        "font-family": "Helvetica, Arial, sans-serif", "class": "sekwoo-win-chance", "data-hand": str(result.hand),
        "data-draws": str(result.draws),
    })
    title = f"Win chance by draw: {result.hand} ({result.rules.name}, {result.seat})"
    ET.SubElement(root, "title").text = title
    ET.SubElement(root, "rect", {"width": str(width), "height": str(height), "fill": "#f4f1ea", "rx": "8"})
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
    for j, o in enumerate(options):
        colour = _LINES[j % len(_LINES)]
        name = f"sink {o.tile}" if o.action == "sink" else f"discard {o.tile}"
        g = ET.SubElement(root, "g", {"class": "option", "data-option": name,
                                      "data-win-by-draw": " ".join(f"{p:.6f}" for p in o.win_by_draw)})
        points = [at(0, 0)] + [at(k + 1, p) for k, p in enumerate(o.win_by_draw)]
        ET.SubElement(g, "polyline", {"points": " ".join(f"{x:.1f},{y:.1f}" for x, y in points), "fill": "none",
                                      "stroke": colour, "stroke-width": "2.5"})
        ly = head + 14 + 18 * j
        ET.SubElement(g, "line", {"x1": str(left + CHART_W + 14), "x2": str(left + CHART_W + 34),
                                  "y1": str(ly - 4), "y2": str(ly - 4), "stroke": colour, "stroke-width": "3"})
        ET.SubElement(g, "text", {"x": str(left + CHART_W + 40), "y": str(ly), "font-size": "11", "fill": "#222222"}
                      ).text = f"{name}: {o.win_probability:.0%}, {o.expected_fun:.2f} {result.unit}"
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


__all__ = ["Block", "blocks", "discard_chart_svg", "hand_svg"]
