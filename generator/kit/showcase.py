"""`pnp build --showcase`: one picture of a game's components for its BoardGameGeek page (Squib's
`showcase` and `hand`): the board at an angle-free mini size, a fanned hand of the cards, the
tiles with both faces, and a spread of the tokens, on a plain ground with the game's title. Drawn
with the kit's own faces as a one-page PDF and rasterised to PNG with pypdfium2."""

from __future__ import annotations

import math
from pathlib import Path

from ..pdf import BOLD, INK, ITALIC, draw_string, hx, new_canvas, rasterize
from ..units import mm
from .faces import draw_face
from .layout import board_geometry
from .model import Kit, Piece

SIZE = (mm(400), mm(250))       # the picture: 16:10
GROUND = hx("#efe7d6")
HAND = 7                        # cards in the fanned hand
FAN = 9.0                       # degrees between two cards of the hand
DPI = 150                       # the PNG: 2362 x 1476 pixels


def _fronts(kit: Kit, pieces: list[Piece], most: int) -> list[tuple[Piece, str, str | None]]:
    """Up to `most` distinct designs (front, back) of `pieces`, spread over them."""
    found: dict[str, tuple[Piece, str, str | None]] = {}
    for piece in pieces:
        for front, back in piece.copies():
            found.setdefault(front, (piece, front, back))
    designs = list(found.values())
    if len(designs) <= most:
        return designs
    return [designs[k * len(designs) // most] for k in range(most)]


def _face(c, kit: Kit, piece: Piece, face: str, x: float, y: float, w: float, h: float) -> None:
    draw_face(c, kit.faces, face, x, y, (w, h), label=piece.label(face))
    c.setStrokeColor(hx("#3b2a20"))
    c.setLineWidth(0.6)
    c.rect(x, y, w, h, stroke=1, fill=0)


def _hand(c, kit: Kit, hand, box: tuple[float, float, float, float]) -> None:
    """The cards fanned like a hand held up, as large as fits `box` (x, y, w, h), centred in it."""
    piece = hand[0][0]
    w, h = 1.0, piece.height / piece.width
    reach = 1.6 * h                           # the fan's pivot, under the cards
    corners = []
    for k in range(len(hand)):
        a = math.radians(-(k - (len(hand) - 1) / 2) * FAN)
        for cx, cy in ((-w / 2, reach), (w / 2, reach), (-w / 2, reach + h), (w / 2, reach + h)):
            corners.append((cx * math.cos(a) - cy * math.sin(a), cx * math.sin(a) + cy * math.cos(a)))
    x0, x1 = min(x for x, _ in corners), max(x for x, _ in corners)
    y0, y1 = min(y for _, y in corners), max(y for _, y in corners)
    bx, by, bw, bh = box
    scale = min(bw / (x1 - x0), bh / (y1 - y0), piece.width * 1.6)
    pivot = (bx + bw / 2 - (x0 + x1) / 2 * scale, by + (bh - (y1 - y0) * scale) / 2 - y0 * scale)
    for k, (card, front, _) in enumerate(hand):
        c.saveState()
        c.translate(*pivot)
        c.rotate(-(k - (len(hand) - 1) / 2) * FAN)
        _face(c, kit, card, front, -w / 2 * scale, reach * scale, w * scale, h * scale)
        c.restoreState()


def draw_showcase(c, kit: Kit) -> None:
    """The picture on canvas `c` (`SIZE`)."""
    width, height = SIZE
    c.setFillColor(GROUND)
    c.rect(0, 0, width, height, stroke=0, fill=1)
    c.setFillColor(INK)
    draw_string(c, mm(14), height - mm(22), kit.title, BOLD, 40)
    if kit.designer:
        draw_string(c, mm(14), height - mm(31), kit.designer, ITALIC, 15)
    tokens = [p for p in kit.pieces if p.kind == "token" and p.count]
    cards = [p for p in tokens if min(p.width, p.height) > mm(40) and p.height > p.width * 1.2]
    tiles = [p for p in tokens if p not in cards and p.double_sided and abs(p.width - p.height) < 0.01 and
             any(b and b != f for f, b in p.copies())]
    small = [p for p in tokens if p not in cards and p not in tiles and max(p.width, p.height) < mm(40)]
    left = mm(14)
    if kit.hooks.board:
        geo = board_geometry(kit)
        scale = min(mm(150) / geo.width, (height - mm(60)) / geo.height)
        c.saveState()
        c.translate(left, mm(12) + (height - mm(56) - geo.height * scale) / 2)
        c.scale(scale, scale)
        kit.faces.board(c, geo, ink_saver=False)
        c.restoreState()
        left += geo.width * scale + mm(14)
    right = width - mm(14)
    band = mm(40) if (tiles or small) and cards else 0.0       # a row of tiles and tokens above the hand
    if cards:
        _hand(c, kit, _fronts(kit, cards, HAND), (left, mm(12), right - left, height - mm(44) - band - mm(12)))
    top = height - mm(44)
    for what in (["tiles"] if tiles else []) + ["tokens"]:
        x = left
        if what == "tiles":
            for piece, front, back in _fronts(kit, tiles, 4):
                s = min(mm(30), piece.width * 1.2)
                _face(c, kit, piece, front, x, top - s, s, s)
                if back:
                    _face(c, kit, piece, back, x + s + mm(2), top - s, s, s)
                x += 2 * s + mm(8)
                if x > right - 2 * s:
                    break
            top -= mm(38)
        else:
            for piece, front, _ in _fronts(kit, small, 12):
                w = min(mm(22), piece.width * 1.1)
                h = w * piece.height / piece.width
                if x + w > right:
                    break
                _face(c, kit, piece, front, x, top - h, w, h)
                x += w + mm(5)


def showcase_name(kit: Kit) -> str:
    return f"{kit.slug}-showcase.png"


def build_showcase(kit: Kit, folder: Path) -> Path:
    """Write the picture to `folder/<game>-showcase.png` (drawn as a one-page PDF there first, a
    work file the caller's staging folder drops)."""
    pdf = folder / ".showcase.pdf"
    c = new_canvas(str(pdf), SIZE)
    c.setTitle(f"{kit.title} \u2013 components")
    draw_showcase(c, kit)
    c.showPage()
    c.save()
    return rasterize(pdf, folder, dpi=DPI, stem=showcase_name(kit))[0]
