"""Every card face, drawn alone, against its checked-in reference under ``tests/golden/tiles/``.

Each card's SVG text must equal ``<name>.svg`` there; with the PNG library (resvg-py, the ``png``
extra, in the ``test`` extra too) each is also rasterised and compared pixel by pixel with
``<name>.png`` (a tolerance for anti-aliasing, not for a missing pip or stroke), rasterised with
no font loaded, to show that a face needs none.

To regenerate the references after a deliberate change of the faces, look at the new pictures
first (``tests/golden/tiles/*.png``), then run::

    SEKWOO_UPDATE_GOLDEN=1 .venv/bin/python -m pytest -o addopts="" -q tests/test_svg_tiles.py

which rewrites every reference and the sheet of all cards the docs show (``docs/cards.svg``) (and fails, so that an update is never mistaken for a pass).
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from support.png import differing, read_png

from tutor.core.tiles import FEI, TILES, Tile
from tutor.render.faces import sheet_svg, tile_svg

GOLDEN = Path(__file__).parent / "golden" / "tiles"
CARDS_DOC = Path(__file__).parent.parent / "docs" / "cards.svg"
UPDATE = os.environ.get("SEKWOO_UPDATE_GOLDEN") == "1"
NS = "{http://www.w3.org/2000/svg}"

# (file stem, card, what a FEI stands for, drawn among the bonus cards)
CASES: list[tuple[str, Tile, Tile | None, bool]] = [
    ("fei" if t == FEI else str(t), t, None, t.is_bonus) for t in TILES
] + [("fei-as-E", FEI, Tile.parse("E"), False), ("fei-as-5d", FEI, Tile.parse("5d"), False),
     ("fei-sunk", FEI, None, True)]


def _check(path: Path, data: bytes, same: bool) -> None:
    if UPDATE:
        path.write_bytes(data)
        pytest.fail(f"rewrote {path.name}: look at it, then run again without SEKWOO_UPDATE_GOLDEN")
    assert path.exists(), f"no reference {path}; see this file's docstring to make one"
    assert same, f"{path.name} differs from the card drawn now"


@pytest.mark.parametrize(("stem", "tile", "stands", "bonus"), CASES, ids=[c[0] for c in CASES])
def test_card_face_matches_its_reference_svg(stem: str, tile: Tile, stands: Tile | None, bonus: bool) -> None:
    text = tile_svg(tile, stands, bonus)
    path = GOLDEN / f"{stem}.svg"
    _check(path, text.encode("utf-8"), path.exists() and path.read_text(encoding="utf-8") == text)


@pytest.mark.parametrize(("stem", "tile", "stands", "bonus"), CASES, ids=[c[0] for c in CASES])
def test_card_face_rasterises_like_its_reference_png(stem: str, tile: Tile, stands: Tile | None, bonus: bool) -> None:
    """Rasterised with no font at all (resvg told to load none), each card still looks as its
    reference does: nothing on a face needs a font."""
    resvg_py = pytest.importorskip("resvg_py", reason="the PNG library (pip install 'sekwoo[png]') is not installed")
    from tutor.render.png import ZOOM

    data = bytes(resvg_py.svg_to_bytes(svg_string=tile_svg(tile, stands, bonus), zoom=ZOOM, skip_system_fonts=True))
    path = GOLDEN / f"{stem}.png"
    if UPDATE or not path.exists():
        _check(path, data, False)
    bad, total = differing(data, path.read_bytes())
    _check(path, data, bad <= total // 400)  # at most 0.25% of the pixels (f1 and f2 differ in 0.8%)


def test_faces_are_shapes_and_paths_only_and_all_differ() -> None:
    """No card face needs a font: no ``<text>`` anywhere; the honours are drawn as stroked paths;
    no two cards look alike."""
    seen: dict[str, str] = {}
    for stem, tile, stands, bonus in CASES:
        text = tile_svg(tile, stands, bonus)
        root = ET.fromstring(text)
        assert root.find(f".//{NS}text") is None, stem
        drawn = [el for el in root.iter() if el.tag in {f"{NS}path", f"{NS}circle", f"{NS}rect", f"{NS}polygon"}]
        assert len(drawn) >= 3, stem  # the shadow, the card and at least one mark on the face
        if tile.is_honour and str(tile) != "Wh":
            assert root.find(f".//{NS}path") is not None, stem
        face = text.split("</title>", 1)[1]
        assert face not in seen, f"{stem} looks like {seen.get(face)}"
        seen[face] = stem


def test_png_reader_reads_what_resvg_writes() -> None:
    """The test's PNG reader against a picture whose pixels are known: red left half, blue right."""
    pytest.importorskip("resvg_py", reason="the PNG library is not installed")
    from tutor.render.png import png_size, svg_to_png

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="2" height="2" fill="#ff0000"/>'
           '<rect x="2" width="2" height="2" fill="#0000ff"/></svg>')
    data = svg_to_png(svg, zoom=1)
    assert png_size(data) == (4, 2)
    width, height, rows = read_png(data)
    assert (width, height) == (4, 2)
    assert rows[1][:4] == b"\xff\x00\x00\xff" and rows[1][12:16] == b"\x00\x00\xff\xff"


def test_docs_sheet_of_cards_is_current() -> None:
    """docs/cards.svg, linked from the README, shows the cards as they are drawn now."""
    text = sheet_svg(TILES)
    _check(CARDS_DOC, text.encode("utf-8"), CARDS_DOC.exists() and CARDS_DOC.read_text(encoding="utf-8") == text)
    root = ET.fromstring(text.encode("utf-8"))
    cards = [g for g in root.iter(f"{NS}g") if "card" in (g.get("class") or "").split()]
    assert [g.get("data-card") for g in cards] == [str(t) for t in TILES]
