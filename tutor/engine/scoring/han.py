"""The han system: yaku, han and fu counted by the PyPI ``mahjong`` package, not by hand.

A rule set with ``scoring.system: han`` (sanma) hands its complete hands to mahjong's
``HandCalculator``, with ``is_three_player`` set for a three-player rule set. The hand does not
say which card won it, so every card of the concealed part is tried as the winning card and the
best result is kept. The situations a rule set names map onto ``HandConfig``:
``self_drawn`` (tsumo), ``riichi``, ``ippatsu``, ``daburu_riichi``, ``rinshan``, ``chankan``,
``haitei``, ``houtei``, ``tenhou``, ``chiihou``, ``renhou``; ``round_south`` / ``round_west`` /
``round_north`` set the prevailing wind (East otherwise); ``kita1`` to ``kita4`` count the North
cards set aside as dora. The package is imported only when a han hand is scored.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tutor.core.hands import Meld, MeldKind
from tutor.core.readings import CHEE, KONG, NGAN, PONG, RawReading, Reading, to_reading
from tutor.core.score import Score, ScoreLine
from tutor.engine.scoring.scorers import Best, Scorer, special_reading
from tutor.errors import InvalidHandError

if TYPE_CHECKING:
    from tutor.engine.shapes.special import SpecialReading
    from tutor.rules.load import RuleSet

_SWITCHES = {
    "self_drawn": "is_tsumo",
    "riichi": "is_riichi",
    "ippatsu": "is_ippatsu",
    "daburu_riichi": "is_daburu_riichi",
    "rinshan": "is_rinshan",
    "chankan": "is_chankan",
    "haitei": "is_haitei",
    "houtei": "is_houtei",
    "tenhou": "is_tenhou",
    "chiihou": "is_chiihou",
    "renhou": "is_renhou",
}
_ROUNDS = {"round_south": 28, "round_west": 29, "round_north": 30}
_SEAT_WIND = {"east": 27, "south": 28, "west": 29, "north": 30}
_KITA = {f"kita{n}": n for n in range(1, 5)}


def to34(i: int) -> int:
    """mahjong's 34-index of one of our card indices (Dots = pin, Bamboo = sou, Characters = man)."""
    if i < 9:
        return 9 + i
    if i < 18:
        return 18 + i - 9
    if i < 27:
        return i - 18
    if i < 31:
        return i
    return {31: 33, 32: 32, 33: 31}[i]  # Red = chun, Green = hatsu, White = haku


MeldKey = tuple[tuple[str, int, bool], ...]  # (kind, our index of the lowest card, opened)


def _meld_key(melds: tuple[Meld, ...]) -> MeldKey:
    out = []
    for m in melds:
        kind = {MeldKind.CHEE: "chi", MeldKind.PONG: "pon", MeldKind.KONG: "kan"}[m.kind]
        out.append((kind, min(t.id for t in m.cards), m.exposed))
    return tuple(sorted(out))


def score_counts(counts: tuple[int, ...], rules: RuleSet, seat: str, flags: frozenset[str]) -> Score | None:
    """The han score of a whole concealed hand given as counts per card (no set laid down)."""
    return _score(tuple(counts[:34]), (), rules, seat, flags)


def score_raw(
    raw: RawReading, melds: tuple[Meld, ...], rules: RuleSet, seat: str, flags: frozenset[str]
) -> Score | None:
    """The han score of the hand a reading stands for (the solver's path): its concealed groups
    are the concealed cards, its groups laid down are ``melds`` (or exposed sets if not given)."""
    counts = [0] * 34
    laid: list[tuple[str, int, bool]] = []
    for k, t, _, d in raw:
        if d:
            laid.append(({CHEE: "chi", PONG: "pon", KONG: "kan"}[k], t, True))
            continue
        if k == CHEE:
            for j in range(3):
                counts[t + j] += 1
        else:
            counts[t] += {PONG: 3, KONG: 4, NGAN: 2}[k]
    key = _meld_key(melds) if melds else tuple(sorted(laid))
    return _score(tuple(counts), key, rules, seat, flags)


@lru_cache(maxsize=65536)
def _score(counts: tuple[int, ...], melds: MeldKey, rules: RuleSet, seat: str, flags: frozenset[str]) -> Score | None:
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld as MMeld

    used = [0] * 34
    concealed: list[int] = []
    first: dict[int, int] = {}

    def take(i: int) -> int:
        k = to34(i)
        tile = k * 4 + used[k]
        used[k] += 1
        return tile

    for i, n in enumerate(counts):
        for _ in range(n):
            tile = take(i)
            first.setdefault(i, tile)
            concealed.append(tile)
    mmelds = []
    tiles = list(concealed)
    for kind, t, opened in melds:
        ids = [t, t + 1, t + 2] if kind == "chi" else [t] * (4 if kind == "kan" else 3)
        mt = [take(i) for i in ids]
        tiles.extend(mt)
        mtype = {"chi": MMeld.CHI, "pon": MMeld.PON, "kan": MMeld.KAN}[kind]
        mmelds.append(MMeld(meld_type=mtype, tiles=mt, opened=opened))
    config: dict[str, Any] = {v: True for f, v in _SWITCHES.items() if f in flags}
    config["player_wind"] = _SEAT_WIND[seat]
    config["round_wind"] = next((w for f, w in _ROUNDS.items() if f in flags), 27)
    config["num_nuki_dora"] = max((n for f, n in _KITA.items() if f in flags), default=0)
    options = OptionalRules(is_three_player=rules.spec.players == 3, **rules.spec.scoring.options)
    cfg = HandConfig(options=options, **config)
    best: tuple[tuple[int, int, int], Any, int] | None = None
    no_yaku = False
    errors = set()
    for i, tile in first.items():
        result = HandCalculator.estimate_hand_value(tiles, tile, melds=mmelds or None, config=cfg)
        if result.error:
            no_yaku |= result.error == HandCalculator.ERR_NO_YAKU
            errors.add(result.error)
            continue
        key = (int(result.han or 0), int(result.fu or 0), int(result.cost["total"] if result.cost else 0))
        if best is None or key > best[0]:
            best = (key, result, i)
    if best is None:
        if no_yaku:
            return Score(0, (), 0, False, False, 0, (("no_yaku", True), ("han", 0), ("fu", 0)))
        bad = sorted(e for e in errors if e != HandCalculator.ERR_HAND_NOT_WINNING)
        if bad:
            raise InvalidHandError(f"these situations do not go together: {bad[0].replace('_', ' ')}")
        return None
    _, result, win = best
    opened = result.is_open_hand
    yaku = result.yaku or []
    lines = tuple(ScoreLine(y.name, y.han_open if opened else y.han_closed, 1, bool(y.is_yakuman)) for y in yaku)
    han = int(result.han or 0)
    yakuman = any(y.is_yakuman for y in yaku)
    cap = rules.spec.scoring.cap
    fun = min(han, cap) if cap is not None else han
    details = (
        ("han", han),
        ("fu", int(result.fu)),
        ("yakuman", yakuman),
        ("win_tile", win),
        ("yaku_level", (result.cost or {}).get("yaku_level", "")),
    )
    return Score(fun, lines, han, yakuman, fun != han, fun, details)


class HanScorer(Scorer):
    """Yaku, han and fu from the PyPI ``mahjong`` package (no wild card in this system)."""

    def best(
        self,
        raws: list[RawReading],
        specials: list[SpecialReading],
        bonus: tuple[int, ...],
        wild_held: int,
        flags: frozenset[str],
        seat: str,
        melds: tuple[Meld, ...] = (),
    ) -> Best | None:
        if raws:
            sc = score_raw(raws[0], melds, self.rules, seat, flags)
            return None if sc is None else (_reading(sc, raws, specials) or to_reading(raws[0]), sc)
        if not specials:
            return None
        sc = score_counts(specials[0].counts, self.rules, seat, flags)
        return None if sc is None else (_reading(sc, [], specials) or special_reading(specials[0]), sc)


def _reading(sc: Score, raws: list[RawReading], specials: list[SpecialReading]) -> Reading | None:
    """The reading the library scored: a special shape when its yaku says so."""
    names = {ln.name for ln in sc.lines}
    for sp in specials:
        if (sp.shape == "seven_pairs" and "Chiitoitsu" in names) or (
            sp.shape == "thirteen_orphans" and any(n.startswith("Kokushi") for n in names)
        ):
            return special_reading(sp)
    return to_reading(raws[0]) if raws else None


__all__ = ["HanScorer", "score_counts", "score_raw", "to34"]
