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


def marks(sides: list[tuple[str, Color]]) -> dict[str, Callable]:
    """The faces to add to a duel's `FaceSet`: the frost, and a defense mark for either side and both."""
    faces = {FROZEN: _frost}
    for chosen in ([sides[0]], [sides[1]], sides):
        faces[defense_face(tuple(key for key, _ in chosen))] = _shields([colour for _, colour in chosen])
    return faces
