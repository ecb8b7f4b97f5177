"""The page of a reviewed hand record (``sekwoo review --html FILE``): one self-contained HTML file,
the hand drawn as cards at each decision (``tutor.render.svg``) and a chart of the chance to win
over the hand. Handed a finished ``Review``; nothing is computed here."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html import escape

from tutor.core.words import given_up, plural
from tutor.render.faces import SVG_NS, tile_svg
from tutor.render.review import ending, situation
from tutor.render.svg import hand_svg
from tutor.table.review import GRADES, Decision, Review

_COLOUR = {"best": "#2e7d32", "good": "#00838f", "inaccuracy": "#b8860b", "mistake": "#a0229a",
           "blunder": "#c62828"}
_STYLE = """
body { font-family: Helvetica, Arial, 'DejaVu Sans', sans-serif; margin: 2em auto; max-width: 70em;
       color: #222; background: #fbfaf6; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
.decision { border-top: 1px solid #ddd; padding: .6em 0; }
.grade { font-weight: bold; } .dim { color: #666; }
table.summary td { padding: .1em .8em .1em 0; }
svg { max-width: 100%; height: auto; }
"""


def _inline(svg: str) -> str:
    """An SVG picture without its XML declaration, to sit inside the page."""
    return svg[svg.index("<svg"):]


def chance_chart(r: Review) -> str:
    """A chart of the chance to win at each decision: the player's move and the best one."""
    ET.register_namespace("", SVG_NS)
    n = len(r.decisions)
    w, h, left, top, foot = 640, 220, 48, 28, 40
    width, height = left + w + 150, top + h + foot
    root = ET.Element("svg", {"xmlns": SVG_NS, "width": str(width), "height": str(height),
                              "viewBox": f"0 0 {width} {height}", "class": "sekwoo-review-chart",
                              "font-family": "Helvetica, Arial, sans-serif"})
    ET.SubElement(root, "title").text = f"Chance to win at each of {r.player}'s decisions"
    ET.SubElement(root, "text", {"x": str(left), "y": "18", "font-size": "13", "font-weight": "bold"}).text = (
        "Chance to win at each decision")

    def at(k: int, p: float) -> tuple[float, float]:
        return left + (w * k / max(1, n - 1) if n > 1 else w / 2), top + h * (1 - p)

    for q in range(0, 101, 25):
        _, y = at(0, q / 100)
        ET.SubElement(root, "line", {"x1": str(left), "x2": str(left + w), "y1": f"{y:.1f}", "y2": f"{y:.1f}",
                                     "stroke": "#cccccc"})
        ET.SubElement(root, "text", {"x": str(left - 6), "y": f"{y + 3:.1f}", "text-anchor": "end",
                                     "font-size": "10"}).text = f"{q}%"
    for k, d in enumerate(r.decisions):
        x, _ = at(k, 0)
        ET.SubElement(root, "text", {"x": f"{x:.1f}", "y": str(top + h + 14), "text-anchor": "middle",
                                     "font-size": "10"}).text = f"L{d.line}"
    ET.SubElement(root, "text", {"x": str(left + w // 2), "y": str(height - 6), "text-anchor": "middle",
                                 "font-size": "10"}).text = "decisions (record line)"
    for j, (name, colour, pick) in enumerate((("best move", "#2e7d32", lambda d: d.best),
                                              ("your move", "#1f4e9c", lambda d: d.played))):
        values = [pick(d).win_probability for d in r.decisions]
        g = ET.SubElement(root, "g", {"class": "series", "data-series": name,
                                      "data-values": " ".join(f"{v:.6f}" for v in values)})
        points = [at(k, v) for k, v in enumerate(values)]
        ET.SubElement(g, "polyline", {"points": " ".join(f"{x:.1f},{y:.1f}" for x, y in points), "fill": "none",
                                      "stroke": colour, "stroke-width": "2.5",
                                      "stroke-dasharray": "6 4" if j == 0 else "none"})
        for (x, y), d in zip(points, r.decisions, strict=True):
            ET.SubElement(g, "circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": "4",
                                        "fill": colour if j == 0 else _COLOUR[d.grade]})
        ly = top + 14 + 18 * j
        ET.SubElement(g, "line", {"x1": str(left + w + 14), "x2": str(left + w + 34), "y1": str(ly - 4),
                                  "y2": str(ly - 4), "stroke": colour, "stroke-width": "3"})
        ET.SubElement(g, "text", {"x": str(left + w + 40), "y": str(ly), "font-size": "11"}).text = name
    return ET.tostring(root, encoding="unicode")


def _decision(d: Decision, unit: str) -> str:
    where = situation(d)
    title = f"Line {d.line}: {where}"
    colour = _COLOUR[d.grade]
    rows = "".join(
        f"<tr><td>{escape(o.label)}</td><td>{o.expected_fun:.2f}</td><td>{o.win_probability:.0%}</td></tr>"
        for o in d.options[:5]
    )
    return (
        f'<section class="decision" id="decision-{d.index}" data-grade="{d.grade}" data-category="{d.category}"'
        f' data-loss="{d.loss:.6f}" data-line="{d.line}">'
        f"<h2>{escape(title)}</h2>"
        + (f'<p class="offered">{"thrown" if d.kind == "claim" else "drawn"}: {_inline(tile_svg(d.offered))}</p>'
           if d.offered is not None else "")
        + f"{_inline(hand_svg(d.hand, title=f'Hand at line {d.line}'))}"
        f'<p><span class="grade" style="color:{colour}">{d.grade}</span> ({escape(d.category)}): '
        f"you played <b>{escape(d.played.label)}</b> ({d.played.expected_fun:.2f} {escape(unit)}), "
        f"best <b>{escape(d.best.label)}</b> ({d.best.expected_fun:.2f} {escape(unit)}), "
        f"{given_up(d.loss)} {escape(unit)} given up, over {plural(d.draws, 'draw')}.</p>"
        f"<p>{escape(d.explanation)}</p>"
        f'<table class="options"><tr><th>option</th><th>exp. {escape(unit)}</th><th>win</th></tr>{rows}</table>'
        "</section>"
    )


def review_html(r: Review) -> str:
    """The whole page: summary, chart, then each decision with its hand drawn."""
    unit = r.rules.unit
    limits = ", ".join(f"{escape(name)} {least:g}" for name, least in GRADES)
    worst = "".join(f'<li><a href="#decision-{d.index}">line {d.line}</a>: {escape(d.grade)}, '
                    f"{given_up(d.loss)} {escape(unit)} ({escape(d.played.label)}; best {escape(d.best.label)})</li>"
                    for d in r.worst)
    title = f"sekwoo review: {r.player} ({r.rules.name})"
    body = [
        f"<h1>{escape(title)}</h1>",
        ('<table class="summary">'
         f"<tr><td>decisions</td><td id='decisions'>{len(r.decisions)}</td></tr>"
         f"<tr><td>best moves</td><td id='match-rate'>{r.match_rate:.0%}</td></tr>"
         f"<tr><td>mistakes or blunders</td><td id='bad-move-rate'>{r.bad_move_rate:.0%}</td></tr>"
         f"<tr><td>{escape(unit)} given up</td><td id='fun-lost'>{given_up(r.fun_lost)}</td></tr>"
         f"<tr><td>the round</td><td id='ending'>{escape(ending(r, unit))}</td></tr></table>"),
        f'<p class="dim">Grades by the expected {escape(unit)} given up: {limits} or more.</p>',
    ]
    if worst:
        body.append(f"<h2>Worst decisions</h2><ol>{worst}</ol>")
    if r.decisions:
        body.append(chance_chart(r))
    body.extend(_decision(d, unit) for d in r.decisions)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>\n"
        + "\n".join(body) + "\n</body></html>\n"
    )


__all__ = ["chance_chart", "review_html"]
