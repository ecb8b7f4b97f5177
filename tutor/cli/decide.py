"""The decisions beside the discard: ``claim`` (pass, SEK WOO, PONG, CHEE or KONG on a card just
discarded). Parses, calls the library, hands the answer to a renderer."""

from __future__ import annotations

from typing import Annotated

import typer

from tutor.cli.analyze import (
    DeiWoo,
    DrawsOpt,
    ExactOpt,
    FourFei,
    HandChangeOpt,
    MovesOpt,
    SeenOpt,
    SituationOpt,
    TinWoo,
    WallOpt,
    one_card,
    seen_cards,
    situation_flags,
)
from tutor.cli.common import HandArg, JsonOpt, RulesOpt, SeatOpt, edge, emit, progress_bar, show
from tutor.errors import ArgumentError

TileArg = Annotated[str, typer.Argument(metavar="TILE", help="The card just discarded, e.g. 5d or R.", show_default=False)]
FromOpt = Annotated[
    str,
    typer.Option("--from", "-f", help="Who threw it: left (the player before you: a CHEE is possible) or right.",
                 case_sensitive=False),
]


def claim(
    hand: HandArg,
    tile: TileArg,
    source: FromOpt = "left",
    rules: RulesOpt = "3leg",
    seat: SeatOpt = "east",
    draws: DrawsOpt = None,
    wall: WallOpt = None,
    exact_draws: ExactOpt = None,
    seen: SeenOpt = "",
    tin_woo: TinWoo = False,
    dei_woo: DeiWoo = False,
    four_fei: FourFei = False,
    situation: SituationOpt = None,
    moves_in_search: MovesOpt = True,
    hand_change: HandChangeOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Claim or pass? Every legal answer to a discarded card (SEK WOO, PONG, CHEE, KONG, pass), each
    followed by its best discard, ranked by expected FUN over the draws left."""
    from tutor.cli import workers
    from tutor.core.hands import Hand
    from tutor.rules.load import load_rules
    from tutor.table.halves import claim_on

    flags = situation_flags(tin_woo, dei_woo, four_fei, situation)
    with progress_bar(as_json) as tick, edge(as_json):
        if len(tile.split()) != 1:
            raise ArgumentError("tile", f"one card, such as 5d or R, not {tile!r}")
        result = claim_on(workers.cores(), Hand.parse(hand), one_card("tile", tile), load_rules(rules), source.lower(),
                          seat, draws, seen_cards(seen), flags, wall, exact_draws, tick, moves_in_search,
                          hand_change)
    if as_json:
        from tutor.render.data import claim_dict

        emit(claim_dict(result))
        return
    from tutor.render.decisions import claim_view

    show(claim_view(result))


def register(app: typer.Typer) -> None:
    """Add the decision commands to the ``sekwoo`` app."""
    app.command()(claim)


__all__ = ["claim", "register"]
