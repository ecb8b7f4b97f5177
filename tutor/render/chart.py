"""Charts of a rating over time: lines of text for the terminal, and SVG.

Each is handed the finished history: ``(rating, deviation)`` after each rated answer, the first
point being where the player started. The text chart is plain characters (no colour, no escape
codes), so it reads the same piped; it fits ``width`` columns and ends with the rating ± its
deviation after the last point. The SVG draws the rating as a
line over a band of ± its deviation; its ``<g class="rating-line">`` carries the figures in
``data-ratings`` and ``data-deviations``.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from tutor.render.svg import _finish, _svg_root, text_width

DOT, EMPTY = "●", " "


def _bounds(points: Sequence[tuple[float, float]], band: bool) -> tuple[float, float]:
    """The rating range to show: every rating (and ± deviation when ``band``), rounded out to 50s."""
    lows = [r - (d if band else 0) for r, d in points]
    highs = [r + (d if band else 0) for r, d in points]
    lo, hi = math.floor(min(lows) / 50) * 50.0, math.ceil(max(highs) / 50) * 50.0
    if hi - lo < 100:
        mid = (lo + hi) / 2
        lo, hi = mid - 50, mid + 50
    return lo, hi


def _columns(n: int, width: int) -> tuple[list[int], int]:
    """Which points to draw (the last of each column when more than fit) and the columns between them."""
    if n <= width:
        return list(range(n)), max(1, min(4, (width - 1) // max(1, n - 1))) if n > 1 else 1
    return [min(n - 1, math.ceil((c + 1) * n / width) - 1) for c in range(width)], 1


def rating_lines(points: Sequence[tuple[float, float]], width: int = 80, height: int = 10) -> list[str]:
    """The rating history as lines of text at most ``width`` wide: a ``●`` per answer (answers
    sharing a column when there are more than fit), the rating up the left and the last one after
    its point, the answers counted along the bottom."""
    if not points:
        return []
    lo, hi = _bounds(points, band=False)
    last = f" {points[-1][0]:.0f} ± {points[-1][1]:.0f}"
    label_w = max(len(f"{lo:.0f}"), len(f"{hi:.0f}"))
    plot_w = max(10, width - label_w - 2 - len(last))
    shown, gap = _columns(len(points), plot_w)
    cols = (len(shown) - 1) * gap + 1
    grid = [[EMPTY] * cols for _ in range(height)]

    def row(value: float) -> int:
        return min(height - 1, max(0, round((hi - value) / (hi - lo) * (height - 1))))

    for c, k in enumerate(shown):
        grid[row(points[k][0])][c * gap] = DOT
    out = []
    for y in range(height):
        value = hi - (hi - lo) * y / (height - 1)
        label = f"{round(value, -1):.0f}" if y in (0, height - 1, (height - 1) // 2) else ""
        tail = last if y == row(points[-1][0]) else ""
        out.append(f"{label:>{label_w}} ┤{''.join(grid[y])}{tail}".rstrip())
    out.append(" " * label_w + " └" + "─" * cols)
    ticks = [" "] * (cols + 4)
    every = max(1, math.ceil(len(shown) / max(1, cols // 8)))
    for c in range(0, len(shown), every):
        mark = str(shown[c])
        at = c * gap
        if all(ch == " " for ch in ticks[max(0, at - 1):at + len(mark) + 1]):
            ticks[at:at + len(mark)] = list(mark)
    out.append((" " * (label_w + 2) + "".join(ticks)).rstrip())
    return out


CHART_W, CHART_H = 560, 240


def rating_svg(points: Sequence[tuple[float, float]], title: str) -> str:
    """The SVG text of the rating history: the rating after each answer over a band of ± its deviation."""
    left, head, foot, right = 56, 36, 40, 24
    width = math.ceil(max(left + CHART_W + right, left + text_width(title, 13, bold=True) + 12))
    height = head + CHART_H + foot
    root = _svg_root(width, height, title, {"class": "sekwoo-rating", "data-answers": str(max(0, len(points) - 1))})
    ET.SubElement(root, "text", {"x": str(left), "y": "22", "font-size": "13", "font-weight": "bold",
                                 "fill": "#222222"}).text = title
    pts = list(points) or [(1500.0, 350.0)]
    lo, hi = _bounds(pts, band=True)
    n = max(1, len(pts) - 1)

    def at(k: int, value: float) -> tuple[float, float]:
        return left + CHART_W * k / n, head + CHART_H * (hi - value) / (hi - lo)

    axes = ET.SubElement(root, "g", {"class": "axes", "font-size": "10", "fill": "#444444"})
    step = 100 if hi - lo <= 1000 else 200
    for q in range(int(math.ceil(lo / step) * step), int(hi) + 1, step):
        _, y = at(0, q)
        ET.SubElement(axes, "line", {"x1": str(left), "x2": str(left + CHART_W), "y1": f"{y:.1f}", "y2": f"{y:.1f}",
                                     "stroke": "#cccccc", "stroke-width": "1"})
        ET.SubElement(axes, "text", {"x": str(left - 6), "y": f"{y + 3:.1f}", "text-anchor": "end"}).text = str(q)
    every = max(1, math.ceil(n / 10))
    for k in range(0, n + 1, every):
        x, _ = at(k, lo)
        ET.SubElement(axes, "text", {"x": f"{x:.1f}", "y": str(head + CHART_H + 14),
                                     "text-anchor": "middle"}).text = str(k)
    ET.SubElement(axes, "text", {"x": str(left + CHART_W // 2), "y": str(height - 8),
                                 "text-anchor": "middle"}).text = "first answers to puzzles"
    upper = [at(k, r + d) for k, (r, d) in enumerate(pts)]
    lower = [at(k, r - d) for k, (r, d) in enumerate(pts)]
    ET.SubElement(root, "polygon", {"class": "deviation", "fill": "#1f4e9c", "fill-opacity": "0.15",
                                    "points": " ".join(f"{x:.1f},{y:.1f}" for x, y in upper + lower[::-1])})
    line = ET.SubElement(root, "g", {"class": "rating-line",
                                     "data-ratings": " ".join(f"{r:.1f}" for r, _ in pts),
                                     "data-deviations": " ".join(f"{d:.1f}" for _, d in pts)})
    middle = [at(k, r) for k, (r, _) in enumerate(pts)]
    ET.SubElement(line, "polyline", {"fill": "none", "stroke": "#1f4e9c", "stroke-width": "2.5",
                                     "points": " ".join(f"{x:.1f},{y:.1f}" for x, y in middle)})
    x, y = middle[-1]
    ET.SubElement(line, "circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": "3.5", "fill": "#1f4e9c"})
    return _finish(root)


__all__ = ["rating_lines", "rating_svg"]
