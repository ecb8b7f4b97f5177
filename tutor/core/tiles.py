"""Cards (tiles): one small value type that parses and prints its own notation.

Every card of every supported rule set has a fixed index, so that hands can be counted in flat
arrays. Indices 0-26 are the numbered suits (Dots, Bamboo, Characters, 1-9 each), 27-30 the
winds E S W N, 31-33 the dragons R G Wh, 34 the wild FEI, 35-50 the bonus cards (Nature,
Season, Animal and Face, 1-4 each).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tutor.errors import NotationError


class Kind(Enum):
    """What sort of card a tile is."""

    DOTS = "dots"
    BAMBOO = "bamboo"
    CHARACTERS = "characters"
    WIND = "wind"
    DRAGON = "dragon"
    FEI = "fei"
    BONUS = "bonus"


SUITS: tuple[Kind, ...] = (Kind.DOTS, Kind.BAMBOO, Kind.CHARACTERS)
SUIT_LETTER = {Kind.DOTS: "d", Kind.BAMBOO: "b", Kind.CHARACTERS: "c"}
HONOUR_NAMES = ("E", "S", "W", "N", "R", "G", "Wh")
HONOUR_LONG = ("East", "South", "West", "North", "Red", "Green", "White")
BONUS_GROUPS = ("f", "s", "a", "k")
BONUS_GROUP_NAMES = {"f": "Nature", "s": "Season", "a": "Animal", "k": "Face"}

FIRST_WIND = 27
FIRST_DRAGON = 31
FEI_ID = 34
FIRST_BONUS = 35
N_PLAYING = 35  # kinds a concealed hand can hold: suits, honours, FEI
N_TILES = 51


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One card, by its fixed index; ``Tile.parse("5d")`` and ``str(tile)`` round-trip."""

    id: int

    def __post_init__(self) -> None:
        if not 0 <= self.id < N_TILES:
            raise ValueError(f"no tile has index {self.id}")

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read one card written in the notation (``5d``, ``5p``, ``E``, ``7z``, ``F*``, ``f1``)."""
        try:
            return _BY_NAME[text.strip()]
        except KeyError:
            raise NotationError(text, None, "not a card") from None

    @property
    def kind(self) -> Kind:
        """The card's kind (a suit, wind, dragon, FEI or bonus)."""
        return _KIND[self.id]

    @property
    def rank(self) -> int:
        """The number on a suited or bonus card (1-9, 1-4); 0 for other cards."""
        if self.id < FIRST_WIND:
            return self.id % 9 + 1
        if self.id >= FIRST_BONUS:
            return (self.id - FIRST_BONUS) % 4 + 1
        return 0

    @property
    def is_suited(self) -> bool:
        return self.id < FIRST_WIND

    @property
    def is_honour(self) -> bool:
        return FIRST_WIND <= self.id < FEI_ID

    @property
    def is_fei(self) -> bool:
        return self.id == FEI_ID

    @property
    def is_bonus(self) -> bool:
        return self.id >= FIRST_BONUS

    @property
    def long_name(self) -> str:
        """A name for people: ``5 Dots``, ``East``, ``Red``, ``FEI``, ``Nature 1``."""
        i = self.id
        if i < FIRST_WIND:
            return f"{self.rank} {self.kind.value.capitalize()}"
        if i < FEI_ID:
            return HONOUR_LONG[i - FIRST_WIND]
        if i == FEI_ID:
            return "FEI"
        return f"{BONUS_GROUP_NAMES[BONUS_GROUPS[(i - FIRST_BONUS) // 4]]} {self.rank}"

    def __str__(self) -> str:
        return _NAME[self.id]

    def __repr__(self) -> str:
        return f"Tile.parse({_NAME[self.id]!r})"


def _name(i: int) -> str:
    if i < FIRST_WIND:
        return f"{i % 9 + 1}{'dbc'[i // 9]}"
    if i < FEI_ID:
        return HONOUR_NAMES[i - FIRST_WIND]
    if i == FEI_ID:
        return "F*"
    j = i - FIRST_BONUS
    return f"{BONUS_GROUPS[j // 4]}{j % 4 + 1}"


def _kind(i: int) -> Kind:
    if i < FIRST_WIND:
        return SUITS[i // 9]
    if i < FIRST_DRAGON:
        return Kind.WIND
    if i < FEI_ID:
        return Kind.DRAGON
    return Kind.FEI if i == FEI_ID else Kind.BONUS


_NAME = tuple(_name(i) for i in range(N_TILES))
_KIND = tuple(_kind(i) for i in range(N_TILES))
TILES = tuple(Tile(i) for i in range(N_TILES))
FEI = TILES[FEI_ID]

# Every accepted spelling of a single card (the hand grammar handles runs like ``123d``).
_BY_NAME: dict[str, Tile] = {_NAME[i]: TILES[i] for i in range(N_TILES)}
for _r in range(9):
    _BY_NAME[f"{_r + 1}p"] = TILES[_r]
    _BY_NAME[f"{_r + 1}s"] = TILES[9 + _r]
    _BY_NAME[f"{_r + 1}m"] = TILES[18 + _r]
for _z, _h in enumerate((0, 1, 2, 3, 6, 5, 4)):  # MPSZ: 5z White, 6z Green, 7z Red
    _BY_NAME[f"{_z + 1}z"] = TILES[FIRST_WIND + _h]

MPSZ_HONOUR = {z + 1: FIRST_WIND + h for z, h in enumerate((0, 1, 2, 3, 6, 5, 4))}
HONOUR_ID = {name: FIRST_WIND + k for k, name in enumerate(HONOUR_NAMES)}
SUIT_OFFSET = {"d": 0, "p": 0, "b": 9, "s": 9, "c": 18, "m": 18}
