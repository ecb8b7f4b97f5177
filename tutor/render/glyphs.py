"""Stroke outlines of the characters a card face shows, as SVG path data, so that the pictures look
the same on every machine, with or without a CJK (or any) font installed.

Each glyph is drawn on a 100 x 100 box (x to the right, y down) as the centre lines of its strokes;
the face draws them with a round-capped pen. They were designed for this project, stroke by stroke
in the usual stroke order, simplified where a card is small: the winds 東 南 西 北, the dragons
中 發, the numerals 一 to 九 and 萬 of the Characters suit, and a small Latin alphabet (digits, the
letters of the notation) for corner marks and the FEI's "stands for".
"""

from __future__ import annotations

CJK: dict[str, str] = {
    "東": "M14 18H86 M50 5V95 M26 31V63 M26 31H74V63 M26 47H74 M26 63H74 "
          "M45 66Q32 81 12 89 M55 66Q68 81 88 89",
    "南": "M18 15H82 M50 4V27 M18 32V96 M18 32H82V88Q82 96 72 95 "
          "M37 41L43 50 M63 41L57 50 M31 58H69 M29 74H71 M50 58V94",
    "西": "M12 13H88 M20 35V92 M20 35H80V92 M20 89H80 "
          "M40 13V48Q39 62 23 68 M60 13V55Q60 63 69 63H79",
    "北": "M38 8V94 M12 40H38 M10 80L38 67 M62 8V82Q62 92 73 92H88V80 M62 48L86 34",
    "中": "M16 29V67 M16 29H84V67 M16 65H84 M50 5V96",
    "發": "M12 9H33Q30 22 20 31 M37 22Q27 37 9 43 "
          "M61 5L68 12 M55 19H80L74 25 M62 19Q72 35 91 41 "
          "M12 50H38V60H17V71H40V86Q40 94 31 92 "
          "M60 48V57Q59 65 51 69 M60 48H76V59Q76 64 87 64 "
          "M54 74H83Q74 87 55 96 M61 80Q72 91 90 96",
    "白": "",  # the White is a frame, drawn by the face
    "一": "M16 52H84",
    "二": "M28 34H72 M14 68H86",
    "三": "M24 20H76 M30 48H70 M14 80H86",
    "四": "M16 22V84 M16 22H84V84 M16 82H84 M40 22V46Q39 60 27 65 M59 22V54Q59 61 66 61H72",
    "五": "M20 18H80 M47 18L38 82 M28 48H70V82 M12 82H88",
    "六": "M48 6L55 19 M12 34H88 M38 50L20 86 M62 50L82 86",
    "七": "M12 50L88 38 M42 12V76Q42 88 55 88H86V74",
    "八": "M38 18Q37 60 12 86 M58 16Q63 60 90 86",
    "九": "M12 40H60V78Q60 88 71 88H88V72 M42 10Q41 62 12 90",
    "萬": "M12 15H88 M34 5V26 M66 5V26 M26 32V54 M26 32H74V54 M26 43H74 M26 54H74 M50 32V54 "
          "M20 62V96 M20 62H80V90Q80 96 71 96 M50 54V74 M47 68L35 85H64 M58 76L66 86",
}

LATIN: dict[str, str] = {
    "0": "M50 12Q26 12 26 50Q26 88 50 88Q74 88 74 50Q74 12 50 12Z",
    "1": "M36 26L54 12V88",
    "2": "M28 30Q30 12 50 12Q72 12 72 32Q72 50 28 88H74",
    "3": "M28 14H70L47 42Q74 42 74 65Q74 88 50 88Q34 88 26 78",
    "4": "M60 88V12L22 64H80",
    "5": "M70 14H35L30 46Q40 40 52 40Q74 40 74 64Q74 88 50 88Q33 88 26 79",
    "6": "M68 16Q60 12 50 12Q28 14 28 54Q28 88 50 88Q72 88 72 66Q72 44 50 44Q32 44 28 60",
    "7": "M26 14H74L42 88",
    "8": "M50 48Q28 46 28 30Q28 12 50 12Q72 12 72 30Q72 46 50 48Q26 50 26 68Q26 88 50 88"
         "Q74 88 74 68Q74 50 50 48Z",
    "9": "M72 40Q68 56 50 56Q28 56 28 34Q28 12 50 12Q72 12 72 40Q72 88 32 86",
    "E": "M70 12H30V88H70 M30 50H62",
    "S": "M72 22Q64 12 50 12Q28 12 28 31Q28 48 50 50Q72 52 72 70Q72 88 50 88Q34 88 26 78",
    "W": "M14 12L32 88L50 34L68 88L86 12",
    "N": "M28 88V12L72 88V12",
    "R": "M30 88V12H54Q72 12 72 31Q72 50 54 50H30 M52 50L74 88",
    "G": "M72 22Q64 12 50 12Q26 12 26 50Q26 88 50 88Q72 88 72 66V54H52",
    "F": "M70 12H30V88 M30 50H62",
    "I": "M36 12H64 M50 12V88 M36 88H64",
    "d": "M70 8V88 M70 62Q70 40 50 40Q30 40 30 64Q30 88 50 88Q70 88 70 66",
    "b": "M30 8V88 M30 62Q30 40 50 40Q70 40 70 64Q70 88 50 88Q30 88 30 66",
    "c": "M70 48Q64 40 52 40Q30 40 30 64Q30 88 52 88Q64 88 70 80",
    "h": "M30 8V88 M30 60Q34 40 50 40Q70 40 70 58V88",
    "=": "M26 40H74 M26 62H74",
}


def advance(ch: str) -> float:
    """How far (in glyph units of 100) the pen moves after ``ch`` in a line of Latin glyphs."""
    return 100.0 if ch in CJK else 84.0 if ch in "MW" else 62.0


__all__ = ["CJK", "LATIN", "advance"]
