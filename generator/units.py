"""Lengths. Every length inside the program is a PDF point (1/72 inch); strings such as
"45mm", "1.5in", "12pt" or "0.8" (a fraction of a reference length) are parsed here, once."""

import math
import re

POINTS_PER_INCH = 72.0
POINTS_PER_MM = POINTS_PER_INCH / 25.4

_LENGTH = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*(mm|cm|in|pt)?\s*$")
_FACTOR = {"mm": POINTS_PER_MM, "cm": 10 * POINTS_PER_MM, "in": POINTS_PER_INCH, "pt": 1.0}


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * POINTS_PER_MM


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / POINTS_PER_MM


def mm_text(points: float) -> str:
    """A length as printed for a person with a ruler: millimetres to the nearest half, without a
    trailing ".0".

    >>> mm_text(mm(31.5)), mm_text(mm(40.5)), mm_text(mm(45)), mm_text(mm(22.96))
    ('31.5', '40.5', '45', '23')
    """
    return f"{round(to_mm(points) * 2) / 2:g}"


def parse_length(text: str | float | int, reference: float | None = None) -> float:
    """Parse a length to points. A bare number is a fraction of `reference` when one is given.

    >>> round(parse_length("25.4mm"), 6)
    72.0
    """
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        if not math.isfinite(text):
            raise ValueError(f"bad length {text!r}: expected a finite number")
        if reference is None:
            raise ValueError(f"length {text!r} needs a unit (mm, cm, in or pt)")
        return float(text) * reference
    match = _LENGTH.match(str(text))
    if not match:
        raise ValueError(f"bad length {text!r}: expected a number with mm, cm, in or pt")
    number, unit = float(match.group(1)), match.group(2)
    if unit is None:
        if reference is None:
            raise ValueError(f"length {text!r} needs a unit (mm, cm, in or pt)")
        return number * reference
    return number * _FACTOR[unit]
