"""The marks only a duel's diagrams need, beside the kit's own tile faces: frost on a frozen tile
(ruling 24) and a shield on a defense square (ruling 25), in the colour of the side it defends.
Faces of a sized `FaceSet`: `draw(canvas, ink, label, bleed, w, h)`."""

from __future__ import annotations

from typing import Callable

from reportlab.lib.colors import Color, white

from ...kit.faces import INK, circle, hx, poly

FROZEN = "duel-frozen"


def defense_face(sides: tuple[str, ...]) -> str:
    """The ground face of a square that is a defense square of tiles of these sides."""
    return "duel-defense-" + "-".join(sides)


def guarded_face(sides: tuple[str, ...]) -> str:
    """The badge of a tile standing on a defense square of tiles of these sides."""
    return "duel-guarded-" + "-".join(sides)


def _frost(c, ink, label, bleed, w, h) -> None:
    """A pale-blue disc with a six-armed star: the tile is frozen."""
    r = min(w, h) / 2
    circle(c, w / 2, h / 2, r * 0.92, fill=hx("#dcefff"), stroke=hx("#2b6cb0"), width=r * 0.12)
    c.setStrokeColor(hx("#2b6cb0"))
    c.setLineWidth(r * 0.12)
    c.setLineCap(1)
    for k in range(3):
        c.saveState()
        c.translate(w / 2, h / 2)
        c.rotate(60 * k)
        c.line(-r * 0.6, 0, r * 0.6, 0)
        c.restoreState()


def _shields(colours: list[Color]) -> Callable:
    """Small shields along the square's bottom edge, one per defended side: a defense square."""
    def draw(c, ink, label, bleed, w, h) -> None:
        s = min(w, h)
        for k, colour in enumerate(colours):
            x, y, r = s * (0.14 + 0.2 * k), s * 0.16, s * 0.11
            points = [(x - r, y + r), (x + r, y + r), (x + r, y), (x, y - r * 1.25), (x - r, y)]
            poly(c, points, fill=colour, stroke=white if colour != white else INK, width=s * 0.02)
    return draw


def _badge(colours: list[Color]) -> Callable:
    """A white disc with a shield for each defended side, in the corner of a tile on a defense
    square (the square's own mark lies under the tile)."""
    def draw(c, ink, label, bleed, w, h) -> None:
        s = min(w, h)
        circle(c, w / 2, h / 2, s * 0.46, fill=white, stroke=INK, width=s * 0.04)
        r = s * (0.24 if len(colours) == 1 else 0.15)
        for k, colour in enumerate(colours):
            x = w / 2 + (k - (len(colours) - 1) / 2) * s * 0.34
            y = h / 2 + r * 0.15
            points = [(x - r, y + r), (x + r, y + r), (x + r, y), (x, y - r * 1.25), (x - r, y)]
            poly(c, points, fill=colour, stroke=INK if colour == white else white, width=s * 0.03)
    return draw


def marks(sides: list[tuple[str, Color]]) -> dict[str, Callable]:
    """The faces to add to a duel's `FaceSet`: the frost, and for either side and both the mark of
    a defense square and the badge of a tile standing on one."""
    faces = {FROZEN: _frost}
    for chosen in ([sides[0]], [sides[1]], sides):
        keys, colours = tuple(key for key, _ in chosen), [colour for _, colour in chosen]
        faces[defense_face(keys)] = _shields(colours)
        faces[guarded_face(keys)] = _badge(colours)
    return faces
