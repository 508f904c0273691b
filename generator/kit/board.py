"""The board drawer every game's board goes through.

`draw_board` owns the skeleton, in one order: the frame, the squares' ground, the game's squares,
its marks on them, the grid and the ink outline round the squares, a ring in the frame, the game's
marks in the frame, the words in the frame (`Word`, `coordinates`), and the game's emblems on top.
A game gives only its look (`BoardLook`, colours already chosen for the ink mode) and its
decorations: each hook is `draw(canvas, geometry)` in board coordinates (origin at the frame's
outer lower-left corner). The kit clips the board to its tiles and adds their bleed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics

from ..pdf import INK, SERIF, register_fonts
from .faces import text_centered
from .layout import BoardGeometry, Rect

Layer = Callable[..., None]      # draw(canvas, geometry)


@dataclass(frozen=True)
class BoardLook:
    """The skeleton's colours and line widths, in points."""

    frame: Color                    # the frame's fill
    words: Color                    # the frame's words
    edge: float = 0.8               # the ink line round the whole board (0: none)
    ground: Color | None = None     # one fill under every square (None: the game's squares paint each)
    grid: Color | None = None       # the lines between squares (None: none)
    grid_width: float = 0.8
    grid_edges: bool = False        # the grid also runs along the squares' outer edges
    outline: float = 0.8            # the ink line round the squares
    ring: Color | None = None       # a line round the squares, `ring_gap` out in the frame
    ring_width: float = 0.6
    ring_gap: float = 0.0


@dataclass(frozen=True)
class Word:
    """A word in the frame, centred on (x, y), the middle of its baseline. `angle` None writes it
    in place; a number writes it about (x, y) turned that many degrees (180 faces the far player)."""

    text: str
    x: float
    y: float
    size: float
    spacing: float = 0.0
    angle: float | None = None


def draw_board(c, geo: BoardGeometry, look: BoardLook, *, squares: Layer | None = None,
               marks: Layer | None = None, frame_marks: Layer | None = None, words: Iterable[Word] = (),
               emblems: Layer | None = None, isolated: bool = True) -> None:
    """The board: the skeleton in `look`, with the game's layers - `squares` paints the squares (on
    `look.ground`), `marks` goes on them under the grid, `frame_marks` in the frame under the
    `words`, `emblems` over everything. `isolated` restores the canvas's state afterwards."""
    register_fonts()
    sq, fx, fy = geo.square, geo.frame, geo.frame_y
    w, h = geo.files * sq, geo.ranks * sq
    if isolated:
        c.saveState()
    c.setFillColor(look.frame)
    if look.edge:
        c.setStrokeColor(INK)
        c.setLineWidth(look.edge)
    c.rect(0, 0, geo.width, geo.height, fill=1, stroke=int(bool(look.edge)))
    if look.ground is not None:
        c.setFillColor(look.ground)
        c.rect(fx, fy, w, h, fill=1, stroke=0)
    for layer in (squares, marks):
        if layer is not None:
            layer(c, geo)
    _lines(c, geo, look)
    if look.ring is not None:
        gap = look.ring_gap
        c.setStrokeColor(look.ring)
        c.setLineWidth(look.ring_width)
        c.rect(fx - gap, fy - gap, w + 2 * gap, h + 2 * gap, fill=0, stroke=1)
    if frame_marks is not None:
        frame_marks(c, geo)
    for word in words:
        _write(c, word, look.words)
    if emblems is not None:
        emblems(c, geo)
    if isolated:
        c.restoreState()


def _lines(c, geo: BoardGeometry, look: BoardLook) -> None:
    """The grid, then the ink outline round the squares (the pens set in the order the boards
    always set them, so their PDFs stay byte-identical)."""
    sq, fx, fy, files, ranks = geo.square, geo.frame, geo.frame_y, geo.files, geo.ranks
    if look.grid is None:
        c.setLineWidth(look.outline)
        c.setStrokeColor(INK)
    else:
        c.setStrokeColor(look.grid)
        c.setLineWidth(look.grid_width)
        edge = 0 if look.grid_edges else 1
        for k in range(edge, files + 1 - edge):
            c.line(fx + k * sq, fy, fx + k * sq, fy + ranks * sq)
        for k in range(edge, ranks + 1 - edge):
            c.line(fx, fy + k * sq, fx + files * sq, fy + k * sq)
        if look.grid != INK:
            c.setStrokeColor(INK)
        c.setLineWidth(look.outline)
    c.rect(fx, fy, files * sq, ranks * sq, fill=0, stroke=1)


def _write(c, word: Word, color: Color) -> None:
    if word.angle is None:
        text_centered(c, word.text, word.x, word.y, SERIF, word.size, color, word.spacing)
        return
    c.saveState()
    c.translate(word.x, word.y)
    if word.angle:
        c.rotate(word.angle)
    text_centered(c, word.text, 0, 0, SERIF, word.size, color, word.spacing)
    c.restoreState()


def coordinates(geo: BoardGeometry, size: float, *, bottom: float, top: float, side: float,
                rank_size: float | None = None, angle: float | None = None, top_angle: float | None = 180.0,
                letter: Callable[[int], str] = lambda f: chr(ord("a") + f)) -> list[Word]:
    """The file letters along the bottom (baseline at y = `bottom`) and the top (at `top`, turned
    by `top_angle`) and the rank numbers (`rank_size`) up both sides, `side` in from the edge;
    `angle` for the others. File by file, then rank by rank."""
    sq, fx, fy = geo.square, geo.frame, geo.frame_y
    words = []
    for f in range(geo.files):
        x = fx + (f + 0.5) * sq
        words += [Word(letter(f), x, bottom, size, angle=angle), Word(letter(f), x, top, size, angle=top_angle)]
    for r in range(geo.ranks):
        y = fy + (r + 0.5) * sq - size * 0.33
        words += [Word(str(r + 1), x, y, rank_size or size, angle=angle) for x in (side, geo.width - side)]
    return words


def word_boxes(words: Iterable[Word]) -> list[Rect]:
    """The boxes of `words` (board coordinates), from the cap height to the descenders."""
    register_fonts()
    boxes = []
    for word in words:
        width = pdfmetrics.stringWidth(word.text, SERIF, word.size) + word.spacing * max(0, len(word.text) - 1)
        size = word.size
        low, high = (-0.75 * size, 0.25 * size) if word.angle == 180 else (-0.25 * size, 0.75 * size)
        boxes.append(Rect(word.x - width / 2, word.y + low, width, high - low))
    return boxes


def chequer(geo: BoardGeometry, parity: int) -> Iterator[Rect]:
    """The squares of one colour, file by file: parity 0 holds a1 (the dark squares of a chess
    board), parity 1 the others."""
    for f in range(geo.files):
        for r in range(geo.ranks):
            if (f + r) % 2 == parity:
                yield geo.square_rect(f, r + 1)
