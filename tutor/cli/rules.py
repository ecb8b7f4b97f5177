"""``sekwoo rules list`` and ``sekwoo rules show NAME``: the rule sets, as tables or JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tutor.errors import TutorError

if TYPE_CHECKING:
    from rich.console import Console

rules_app = typer.Typer(
    name="rules",
    help="The rule sets sekwoo knows: list them, or show one's cards, shapes and scoring table.",
    no_args_is_help=True,
)

JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object and nothing else.")]


def _fail(message: str, as_json: bool) -> typer.Exit:
    import sys

    if as_json:
        print(json.dumps({"error": message}))
    print(f"sekwoo: {message}", file=sys.stderr)
    return typer.Exit(1)


def summary(name: str) -> dict[str, Any]:
    """One rule set in a line: name, players, tiles, unit, minimum, shapes."""
    from tutor.rules.load import load_rules

    r = load_rules(name)
    s = r.spec
    return {
        "name": r.name,
        "title": r.title,
        "players": s.players,
        "seats": list(s.seats),
        "tiles": r.tile_count,
        "shapes": list(r.shapes),
        "unit": r.unit,
        "system": s.scoring.system,
        "minimum": r.minimum,
        "cap": s.scoring.cap,
        "limit": s.scoring.limit,
        "half_limit": s.scoring.half_limit,
        "wild": s.tiles.wild.name if s.tiles.wild else None,
        "payout": s.payout.kind if s.payout else None,
        "summary": s.summary,
    }


def table(name: str) -> dict[str, Any]:
    """The whole rule set as data: its summary, its cards and every scoring row."""
    import msgspec

    from tutor.core.tiles import TILES
    from tutor.rules.load import load_rules

    r = load_rules(name)
    data = summary(name)
    spec = msgspec.to_builtins(r.spec)
    data["source"] = r.spec.source
    data["cards"] = {
        "in_play": [str(TILES[i]) for i in sorted(r.in_play)],
        "bonus": [str(TILES[i]) for i in sorted(r.bonus_in_play)],
        "copies": r.copies,
    }
    data["declared_chee"] = r.spec.declared_chee
    data["chee"] = r.spec.chee
    data["situations"] = spec.get("situations", [])
    data["items"] = spec["scoring"].get("items", [])
    data["options"] = spec["scoring"].get("options", {})
    data["payout_table"] = spec.get("payout")
    data["terms"] = spec.get("terms")
    return data


def _points(item: dict[str, Any], data: dict[str, Any]) -> str:
    if item.get("limit"):
        return f"limit ({data['limit']})"
    if item.get("half_limit"):
        return f"half limit ({data['half_limit']})"
    pts = item.get("points", 0)
    if isinstance(pts, dict):
        values = set(pts.values())
        if len(values) == 1:  # the same for every seat named: the seats go in the "for" column
            return str(values.pop())
        return ", ".join(f"{v} {k}" for k, v in pts.items())
    return str(pts)


def _who(item: dict[str, Any]) -> str:
    """The seats an item scores for: its ``seats``, or the seats its points name."""
    pts = item.get("points")
    seats = item.get("seats") or (list(pts) if isinstance(pts, dict) else None)
    return ", ".join(seats) if seats else "any seat"


@rules_app.command("list")
def list_rules(as_json: JsonOpt = False) -> None:
    """Every built-in rule set: players, tiles, shapes, unit and minimum."""
    from tutor.rules.load import builtin_names

    try:
        rows = [summary(n) for n in builtin_names()]
    except TutorError as err:
        raise _fail(str(err), as_json) from None
    if as_json:
        print(json.dumps({"rules": rows}, ensure_ascii=False))
        return
    from rich.table import Table

    from tutor.render.terminal import console

    t = Table(header_style="bold", box=None, padding=(0, 1))
    for col, just in (("name", "left"), ("players", "right"), ("tiles", "right"), ("shapes", "left"),
                      ("minimum", "right"), ("title", "left")):
        t.add_column(col, justify=just)  # type: ignore[arg-type]
    for row in rows:
        t.add_row(row["name"], str(row["players"]), str(row["tiles"]), ", ".join(row["shapes"]),
                  f"{row['minimum']} {row['unit']}", row["title"])
    console().print(t)


@rules_app.command("show")
def show_rules(
    name: Annotated[str, typer.Argument(help="A built-in rule set or a YAML file.", show_default=False)],
    as_json: JsonOpt = False,
) -> None:
    """One rule set: its cards, its winning shapes, its scoring table and its payouts."""
    from tutor.cli.common import edge

    with edge(as_json):
        data = table(name)
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return

    from tutor.render.terminal import console
    from tutor.render.terms import words_of
    from tutor.rules.load import load_rules

    with words_of(load_rules(name).spec.terms):
        _show(console(), data)


def _show(con: Console, data: dict[str, Any]) -> None:
    """Print one rule set's table, in its own words (its cards in its letters)."""
    from rich.table import Table
    from rich.text import Text

    from tutor.render.terms import in_words

    con.print(Text(f"{data['name']}: {data['title']}", style="bold"))
    con.print(Text(data["summary"]))
    head = Table.grid(padding=(0, 2))
    head.add_row(Text("players", style="dim"), f"{data['players']} ({', '.join(data['seats'])})")
    head.add_row(Text("tiles", style="dim"), f"{data['tiles']}: {in_words(' '.join(data['cards']['in_play']))}"
                 + (f" | {' '.join(data['cards']['bonus'])}" if data["cards"]["bonus"] else ""))
    head.add_row(Text("shapes", style="dim"), ", ".join(s.replace("_", " ") for s in data["shapes"]))
    limits = [f"cap {data['cap']}" if data["cap"] is not None else "",
              f"limit {data['limit']}" if data["limit"] is not None else "",
              f"half limit {data['half_limit']}" if data["half_limit"] is not None else ""]
    head.add_row(Text("scoring", style="dim"), f"{data['system']}, at least {data['minimum']} {data['unit']}"
                 + "".join(f", {x}" for x in limits if x))
    if not data["declared_chee"]:
        chee = data["terms"]["chee"]
        head.add_row(Text("claims", style="dim"), f"no {chee} laid down (no {chee} on a discard)")
    head.add_row(Text("source", style="dim"), data["source"])
    con.print(head)
    if data["items"]:
        t = Table(header_style="bold", box=None, padding=(0, 1))
        t.add_column("item")
        t.add_column(data["unit"], justify="right")
        t.add_column("for")
        t.add_column("note")
        for item in data["items"]:
            who = _who(item)
            extra = " (bonus)" if item.get("bonus") else ""
            needs = f" [needs {', '.join(item['requires'])}]" if item.get("requires") else ""
            t.add_row(item["name"] + extra, _points(item, data), who, (item.get("note") or "") + needs)
        con.print(t)
    else:
        options = ", ".join(f"{k.replace('_', ' ')} {'yes' if v is True else 'no' if v is False else v}"
                            for k, v in data["options"].items())
        con.print(Text(f"Scored by the {data['system']} system: yaku and han from the mahjong package"
                       + (f" (options: {options})." if options else "."), style="dim"))
    if data["situations"]:
        con.print(Text("Situations (--situation / -x):", style="dim"))
        for s in data["situations"]:
            con.print(Text(f"  {s['flag']}: {s['name']}. {s.get('help', '')}"))
    pay = data["payout_table"]
    if pay and pay["kind"] == "table":
        con.print(Text(f"Payout in {pay.get('unit', '')}, by the table: {pay.get('note', '')}", style="dim"))
        rows = Table(header_style="bold", box=None, padding=(0, 1))
        for col in (data["unit"], "", "discard", "to dealer", "drawn (each/dealer)", "dealer drawn"):
            rows.add_column(col, justify="left" if col in ("", data["unit"]) else "right")
        for row in pay["table"]:
            band = f"{row['limits']} limit" if row.get("limits") else f"{row.get('points', 0)}+"
            rows.add_row(band, row.get("name", ""), str(row["discard"]), str(row["discard_dealer"]),
                         f"{row['drawn']} / {row['drawn_from_dealer']}", str(row["drawn_dealer"]))
        con.print(rows)
    elif pay:
        con.print(Text(f"Payout: {pay['kind']}, base {pay.get('base', 1)} {pay.get('unit', '')}. "
                       f"{pay.get('note', '')}", style="dim"))


def register(app: typer.Typer) -> None:
    """Add the ``rules`` commands to the ``sekwoo`` app."""
    app.add_typer(rules_app, name="rules")


__all__ = ["register", "summary", "table"]
