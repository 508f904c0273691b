"""Component kinds drawn from data: the faces a data-only game declares in components.toml.

Every builder returns a face drawing `draw(canvas, ink, label, bleed, w, h)` at real size (a
`FaceSet(sized=True)`), so text and symbols keep their shape on any rectangle: movement-grid tiles
and their legend, value tokens (hidden values, coins), edge pieces, score-track strips, folding
player screens, cards, and the board. A mark is a built-in symbol name (`MARKS`) or a loaded
`artfile.Art`; art fills its box past the cut by the bleed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics

from ..games.symbols import Symbol
from ..pdf import BOLD, FIGURES, INK, ITALIC, PAPER, SERIF, hx, runs_width
from . import board, richtext
from .artfile import Art, draw_art
from .richtext import MIN_TEXT, TextDoesNotFit
from .faces import (CardStyle, Ink, circle, clip_rect, ground, poly, star, text_card, text_card_height, text_centered,
                    tint, track_card, track_space)

PLATE = hx("#e2c27a")
PANEL = hx("#fffdf8")       # the pale ground under a card's text and a screen's reference panels


@dataclass(frozen=True)
class Fonts:
    """The fonts the kinds set text in: `body` (texts, labels), `title` (names, headings),
    `figures` (values and track numbers: lining figures), `italic`; `named`: the folder's own
    fonts by name ([fonts]), for layouts. All embedded."""

    body: str = SERIF
    title: str = BOLD
    figures: str = FIGURES
    italic: str = ITALIC
    named: dict[str, str] = field(default_factory=dict)


    def styles(self) -> richtext.Styles:
        """Body text's regular, bold and italic faces."""
        bold = BOLD if self.body == SERIF else self.body
        return richtext.Styles(self.body, bold, self.italic if self.body == SERIF else self.body)


# ----------------------------------------------------------------------------- colours and marks


def contrast(color: Color) -> Color:
    """Dark ink on a light colour, white on a dark one."""
    luma = 0.299 * color.red + 0.587 * color.green + 0.114 * color.blue
    return INK if luma > 0.55 else hx("#fbf7ef")


def ink_on(ink: Ink, fill: Color) -> Color:
    """The colour for lines and text on `fill`: its `contrast`, or plain ink with ink saver (the
    fill is then a pale tint)."""
    return contrast(fill) if not ink.saver else INK


def _star(c, x, y, r, points, inner, fill):
    poly(c, star(points, x, y, r, r * inner), fill=fill)


def _pick(c, x, y, r, col):
    c.saveState()
    c.translate(x, y)
    c.rotate(-35)
    poly(c, [(-0.08 * r, -0.95 * r), (0.08 * r, -0.95 * r), (0.08 * r, 0.55 * r), (-0.08 * r, 0.55 * r)], fill=col)
    path = c.beginPath()
    path.moveTo(-0.95 * r, 0.35 * r)
    path.curveTo(-0.4 * r, 0.85 * r, 0.4 * r, 0.85 * r, 0.95 * r, 0.35 * r)
    path.curveTo(0.4 * r, 0.62 * r, -0.4 * r, 0.62 * r, -0.95 * r, 0.35 * r)
    c.setFillColor(col)
    c.drawPath(path, fill=1, stroke=0)
    c.restoreState()


def _crown(c, x, y, r, col):
    poly(c, [(x - r, y - 0.55 * r), (x + r, y - 0.55 * r), (x + r, y + 0.6 * r), (x + 0.5 * r, y + 0.05 * r),
             (x, y + 0.75 * r), (x - 0.5 * r, y + 0.05 * r), (x - r, y + 0.6 * r)], fill=col)


def _shield(c, x, y, r, col):
    path = c.beginPath()
    path.moveTo(x - 0.8 * r, y + 0.85 * r)
    path.lineTo(x + 0.8 * r, y + 0.85 * r)
    path.curveTo(x + 0.8 * r, y - 0.2 * r, x + 0.4 * r, y - 0.7 * r, x, y - 0.95 * r)
    path.curveTo(x - 0.4 * r, y - 0.7 * r, x - 0.8 * r, y - 0.2 * r, x - 0.8 * r, y + 0.85 * r)
    c.setFillColor(col)
    c.drawPath(path, fill=1, stroke=0)


def _tower(c, x, y, r, col):
    pts = [(x - 0.7 * r, y - 0.9 * r), (x + 0.7 * r, y - 0.9 * r), (x + 0.55 * r, y + 0.5 * r)]
    for k in range(3):
        cx = x + 0.55 * r - k * 0.55 * r
        pts += [(cx, y + 0.9 * r), (cx - 0.22 * r, y + 0.9 * r), (cx - 0.22 * r, y + 0.6 * r),
                (cx - 0.33 * r, y + 0.6 * r)]
    pts[-1] = (x - 0.55 * r, y + 0.5 * r)
    poly(c, pts, fill=col)


def _leaf(c, x, y, r, col):
    path = c.beginPath()
    path.moveTo(x, y - r)
    path.curveTo(x + r, y - 0.3 * r, x + 0.6 * r, y + 0.7 * r, x, y + r)
    path.curveTo(x - 0.6 * r, y + 0.7 * r, x - r, y - 0.3 * r, x, y - r)
    c.setFillColor(col)
    c.drawPath(path, fill=1, stroke=0)


def _flame(c, x, y, r, col):
    path = c.beginPath()
    path.moveTo(x, y - 0.9 * r)
    path.curveTo(x + 0.9 * r, y - 0.9 * r, x + 0.8 * r, y + 0.2 * r, x + 0.1 * r, y + r)
    path.curveTo(x + 0.2 * r, y + 0.3 * r, x - 0.3 * r, y + 0.2 * r, x - 0.3 * r, y + 0.2 * r)
    path.curveTo(x - 0.1 * r, y + 0.5 * r, x - 0.9 * r, y, x, y - 0.9 * r)
    c.setFillColor(col)
    c.drawPath(path, fill=1, stroke=0)


MARKS: dict[str, Callable] = {
    "dot": lambda c, x, y, r, col: circle(c, x, y, 0.45 * r, fill=col),
    "ring": lambda c, x, y, r, col: circle(c, x, y, 0.7 * r, stroke=col, width=0.22 * r),
    "star": lambda c, x, y, r, col: _star(c, x, y, r, 5, 0.45, col),
    "sun": lambda c, x, y, r, col: _star(c, x, y, r, 12, 0.7, col),
    "diamond": lambda c, x, y, r, col: poly(c, [(x, y + r), (x + 0.7 * r, y), (x, y - r), (x - 0.7 * r, y)], fill=col),
    "cross": lambda c, x, y, r, col: (poly(c, [(x - r, y - 0.25 * r), (x + r, y - 0.25 * r), (x + r, y + 0.25 * r),
                                               (x - r, y + 0.25 * r)], fill=col),
                                      poly(c, [(x - 0.25 * r, y - r), (x + 0.25 * r, y - r), (x + 0.25 * r, y + r),
                                               (x - 0.25 * r, y + r)], fill=col)),
    "pick": _pick, "crown": _crown, "shield": _shield, "tower": _tower, "leaf": _leaf, "flame": _flame,
    "spark": lambda c, x, y, r, col: _star(c, x, y, r, 4, 0.3, col),
}


def draw_mark(c, mark, x: float, y: float, r: float, color: Color) -> None:
    """A mark centred on (x, y) in a circle of radius r: a `MARKS` name or an `Art`."""
    if mark is None or mark == "":
        return
    if isinstance(mark, Art):
        c.saveState()
        clip_rect(c, x - r, y - r, 2 * r, 2 * r)
        draw_art(c, mark, x - r, y - r, 2 * r, 2 * r, contain=True)
        c.restoreState()
    else:
        MARKS[mark](c, x, y, r, color)


def background(c, ink: Ink, fill: Color | None, art: Art | None, bleed: float, w: float, h: float) -> None:
    """The face's ground: a fill and/or art, past the cut by `bleed`."""
    if fill is not None:
        ground(c, ink.fill(fill), bleed, w, h)
    if art is not None and not ink.saver:
        draw_art(c, art, -bleed, -bleed, w + 2 * bleed, h + 2 * bleed)


def fit_text(text: str, font: str, size: float, width: float) -> float:
    """The size (at most `size`) at which `text` fits `width` (each character in a font that has
    it, `pdf.runs`)."""
    from ..pdf import register_fonts, runs
    register_fonts()
    natural = runs_width(runs(text, font), size) if not text.isascii() else pdfmetrics.stringWidth(text, font, size)
    return size if natural <= width else size * width / natural


def title(c, text: str, x: float, y: float, width: float, size: float, color: Color, font: str = BOLD) -> None:
    """One line of centred text, shrunk to fit `width`."""
    if not text:
        return
    text_centered(c, text, x, y, font, fit_text(text, font, size, width), color)


# ----------------------------------------------------------------------------- text boxes

def fitted_size(text: str, w: float, h: float, size: float, fonts: Fonts = Fonts(),
                icons: dict | None = None) -> float:
    """The size, at most `size`, at which `text` (light Markdown) fills the box w x h; raises
    TextDoesNotFit when it would be below MIN_TEXT."""
    return richtext.fitted(text, w, h, size, fonts.styles(), frozenset(icons or ()))


def text_box(c, text: str, x: float, y: float, w: float, h: float, size: float, color: Color,
             center: bool = False, fonts: Fonts = Fonts(), icons: dict | None = None) -> None:
    """Wrapped text filling the box (x, y, w, h) from its top, shrunk until it fits (not below
    MIN_TEXT: the readers check it fits); `:name:` draws the icon `icons[name]` (a mark or an Art)
    at text size."""
    icons = icons or {}

    def icon(c, name, ix, iy, s):
        draw_mark(c, icons[name], ix + s / 2, iy + s / 2, s / 2, color)

    richtext.draw(c, text, x, y, w, h, size, color, fonts.styles(), frozenset(icons), icon,
                  "center" if center else "left")


# ----------------------------------------------------------------------------- movement tiles

@dataclass(frozen=True)
class TileFace:
    """One face of a movement tile: its name, its grid rows (top row first) and overlay grid of
    area symbols (or None), its face numeral ("I" front, "II" back), whether it is a starting face,
    the kind's letter in example grids, and whether the kind is the leader."""

    name: str
    grid: tuple[str, ...]
    marker: str
    aura: tuple[str, ...] | None = None
    start: bool = False
    letter: str = ""
    leader: bool = False


def _bar(c, x, y, r, color):
    c.setStrokeColor(color)
    c.setLineWidth(r * 0.32)
    c.line(x - r * 1.05, y, x + r * 1.05, y)


def _eye(c, x, y, r, color, ground):
    path = c.beginPath()
    path.moveTo(x - r * 1.15, y)
    path.curveTo(x - r * 0.5, y + r * 0.95, x + r * 0.5, y + r * 0.95, x + r * 1.15, y)
    path.curveTo(x + r * 0.5, y - r * 0.95, x - r * 0.5, y - r * 0.95, x - r * 1.15, y)
    path.close()
    c.setFillColor(color)
    c.drawPath(path, fill=1, stroke=0)
    circle(c, x, y, r * 0.42, fill=ground)
    circle(c, x, y, r * 0.2, fill=color)


def _shield_path(c, x, y, r):
    path = c.beginPath()
    path.moveTo(x - 0.85 * r, y + 0.9 * r)
    path.lineTo(x + 0.85 * r, y + 0.9 * r)
    path.curveTo(x + 0.85 * r, y - 0.2 * r, x + 0.45 * r, y - 0.75 * r, x, y - r)
    path.curveTo(x - 0.45 * r, y - 0.75 * r, x - 0.85 * r, y - 0.2 * r, x - 0.85 * r, y + 0.9 * r)
    path.close()
    return path


def symbol(c, sym: Symbol, x: float, y: float, s: float, color: Color, ground: Color,
           direction: tuple[int, int] = (0, 1), mark=None, art: Art | None = None) -> None:
    """Draw the grid symbol `sym` (its `shape`, or the designer's `art`) centred on (x, y) in a
    cell of side s; arrows point along `direction` (away from the own square)."""
    r = s * 0.3
    lw = max(0.6, s * 0.08)
    shape = sym.shape
    if art is not None:
        c.saveState()
        clip_rect(c, x - s * 0.4, y - s * 0.4, s * 0.8, s * 0.8)
        draw_art(c, art, x - s * 0.4, y - s * 0.4, s * 0.8, s * 0.8, contain=True)
        c.restoreState()
    elif shape == "dot":
        circle(c, x, y, r, fill=color)
    elif shape == "ring":
        circle(c, x, y, r * 0.92, fill=ground, stroke=color, width=lw)
    elif shape == "barred-dot":
        circle(c, x, y, r, fill=color)
        _bar(c, x, y, r * 0.85, ground)
    elif shape == "barred-ring":
        circle(c, x, y, r * 0.92, fill=ground, stroke=color, width=lw)
        _bar(c, x, y, r * 0.92, color)
    elif shape in ("arrow", "open-arrow"):
        angle = math.atan2(direction[1], direction[0]) if direction != (0, 0) else math.pi / 2
        pts = [(x + r * 1.15 * math.cos(angle + a), y + r * 1.15 * math.sin(angle + a)) for a in (0, 2.5, -2.5)]
        poly(c, pts, fill=color if shape == "arrow" else ground, stroke=None if shape == "arrow" else color,
             width=lw)
    elif shape == "star":
        _star(c, x, y, r * 1.15, 4, 0.35, color)
    elif shape == "command":
        c.setStrokeColor(color)
        c.setLineWidth(lw)
        c.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7, stroke=1, fill=0)
        poly(c, [(x - r * 0.4, y - r * 0.4), (x + r * 0.45, y), (x - r * 0.4, y + r * 0.4)], fill=color)
    elif shape == "eye":
        _eye(c, x, y, r, color, ground)
    elif shape in ("shield", "filled-shield"):
        path = _shield_path(c, x, y, r * 1.05)
        c.setStrokeColor(color)
        c.setFillColor(color)
        c.setLineWidth(lw)
        c.drawPath(path, fill=int(shape == "filled-shield"), stroke=1)
    elif shape == "square":
        c.setFillColor(color)
        c.rect(x - r * 0.8, y - r * 0.8, r * 1.6, r * 1.6, stroke=0, fill=1)
    elif shape == "diamond":
        poly(c, [(x, y + r), (x + r, y), (x, y - r), (x - r, y)], fill=color)
    elif shape == "cross":
        MARKS["cross"](c, x, y, r, color)
    elif shape == "triangle":
        poly(c, [(x, y + r), (x + r * 0.95, y - r * 0.7), (x - r * 0.95, y - r * 0.7)], fill=color)
    elif shape == "plate":       # a gold plate with the piece's art, the same on light and dark tiles
        c.setFillColor(PLATE)
        c.setStrokeColor(color)
        c.setLineWidth(lw * 0.6)
        c.roundRect(x - s * 0.44, y - s * 0.44, s * 0.88, s * 0.88, s * 0.12, stroke=1, fill=1)
        draw_mark(c, mark, x, y, s * 0.36, INK)


def _start_dot(c, x, y, r, color):
    """The starting-face sign: a tile enters the board with such a face up."""
    circle(c, x, y, r, fill=color)


def tile_face(face: TileFace, fill: Color, mark, symbols: dict[str, Symbol], arts: dict[str, Art] | None = None,
              fonts: Fonts = Fonts()) -> Callable:
    """A movement tile: name band on top, the grid of symbols (an overlay's area symbols as small
    corner marks on squares that have another symbol), the piece's art on its own square, the face
    numeral (with a dot on a starting face) and the kind's letter in the lower corners."""
    arts = arts or {}

    def draw(c, ink: Ink, label, bleed, w, h):
        ground = ink.fill(fill)
        fg = ink_on(ink, fill)
        background(c, ink, fill, None, bleed, w, h)
        pad = min(w, h) * 0.06
        c.setStrokeColor(fg)
        c.setLineWidth(max(0.5, min(w, h) * 0.012))
        c.roundRect(pad * 0.5, pad * 0.5, w - pad, h - pad, pad * 0.8, stroke=1, fill=0)
        if face.leader:       # the leader: a second frame
            c.roundRect(pad * 0.85, pad * 0.85, w - 1.7 * pad, h - 1.7 * pad, pad * 0.6, stroke=1, fill=0)
        band = h * 0.17
        title(c, face.name.upper(), w / 2, h - band * 0.78, w - 4 * pad, band * 0.55, fg, fonts.title)
        n = len(face.grid)
        room = min(w - 2 * pad, h - band - 1.6 * pad)
        s = room / n
        x0, y0 = (w - room) / 2, pad * 0.9 + (h - band - 1.6 * pad - room) / 2
        c.setStrokeColor(tint(fg, 0.35) if fg is not INK else tint(INK, 0.3))
        c.setLineWidth(max(0.3, s * 0.025))
        for k in range(n + 1):
            c.line(x0 + k * s, y0, x0 + k * s, y0 + room)
            c.line(x0, y0 + k * s, x0 + room, y0 + k * s)
        centre = next(((row, col) for row, line in enumerate(face.grid) for col, ch in enumerate(line)
                       if symbols.get(ch) is not None and symbols[ch].id == "own"), (n // 2, n // 2))
        for row in range(n):
            for col in range(n):
                main = face.grid[row][col]
                extra = face.aura[row][col] if face.aura is not None else "."
                direction = (col - centre[1], centre[0] - row)
                cx, cy = x0 + (col + 0.5) * s, y0 + (n - row - 0.5) * s
                if main != ".":
                    symbol(c, symbols[main], cx, cy, s, fg, ground, direction, mark, arts.get(main))
                if extra not in (".", main) and symbols[extra].id != "own":
                    if main == ".":
                        symbol(c, symbols[extra], cx, cy, s, fg, ground, direction, mark, arts.get(extra))
                    else:          # a small mark in the square's upper right corner
                        m = s * 0.42
                        circle(c, cx + s / 2 - m / 2, cy + s / 2 - m / 2, m * 0.55, fill=ground)
                        symbol(c, symbols[extra], cx + s / 2 - m / 2, cy + s / 2 - m / 2, m, fg, ground, direction,
                               mark, arts.get(extra))
        size = min(w, h) * 0.07
        text_centered(c, face.marker, w - pad * 1.6, pad * 1.05, SERIF, size, fg)
        if face.start:
            _start_dot(c, w - pad * 1.6 - size * (0.5 + 0.45 * len(face.marker)), pad * 1.05 + size * 0.33,
                       size * 0.2, fg)
        if face.letter:
            text_centered(c, face.letter, pad * 1.6, pad * 1.05, SERIF, size, fg)
    return draw


def legend_face(heading: str, entries: list[Symbol], fill: Color, footer: str = "",
                arts: dict[str, Art] | None = None, fonts: Fonts = Fonts()) -> Callable:
    """A reference card: every symbol the tiles use, drawn as on a tile, with its name and words."""
    arts = arts or {}

    def draw(c, ink: Ink, label, bleed, w, h):
        background(c, ink, PAPER, None, bleed, w, h)
        pad = min(w, h) * 0.06
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.rect(pad / 2, pad / 2, w - pad, h - pad, stroke=1, fill=0)
        title(c, heading, w / 2, h - pad - 12, w - 2 * pad, 15, INK, fonts.title)
        rows = len(entries)
        top, bottom = h - pad - 24, pad + (24 if footer else 0)
        step = (top - bottom) / max(rows, 1)
        s = min(step * 0.8, 24)
        ground, fg = ink.fill(fill), ink_on(ink, fill)
        for k, sym in enumerate(entries):
            y = top - (k + 0.5) * step
            c.setFillColor(ground)
            c.rect(pad * 1.2, y - s / 2, s, s, stroke=0, fill=1)
            c.setStrokeColor(INK)
            c.setLineWidth(0.4)
            c.rect(pad * 1.2, y - s / 2, s, s, stroke=1, fill=0)
            symbol(c, sym, pad * 1.2 + s / 2, y, s, fg, ground, (1, 1) if "arrow" in sym.shape else (0, 1), "star",
                   arts.get(sym.key))
            words = f"**{sym.name}.** {sym.meaning}" if sym.meaning else f"**{sym.name}.**"
            text_box(c, words, pad * 1.2 + s + 8, y - step * 0.45, w - 2.4 * pad - s - 8, step * 0.9, 9.5, INK,
                     fonts=fonts)
        if footer:
            text_box(c, footer, pad * 1.2, pad * 0.9, w - 2.4 * pad, 22, 8, INK, center=True, fonts=fonts)
    return draw


def legend_height(rows: int) -> float:
    """A legend card's height for `rows` symbols (it is 92 mm wide)."""
    return (38 + (16 if rows <= 8 else 13) * rows) * 72 / 25.4


# ----------------------------------------------------------------------------- tokens

@dataclass(frozen=True)
class TokenText:
    """Where a token's value (one or two lines) and label go, and at what sizes (points)."""

    lines: tuple[str, ...]
    value_size: float
    value_y: float          # the baseline of the value's first line
    label_size: float
    label_y: float
    mark_y: float
    mark_r: float


WORDS_AT = 9.0              # points: a value in words smaller than this on one line takes two


def _two_lines(text: str, font: str, size: float, width: float) -> tuple[tuple[str, ...], float]:
    """`text` on the two lines that let it print largest within `width`, and that size."""
    words = text.split()
    best: tuple[tuple[str, ...], float] = ((text,), fit_text(text, font, size, width))
    for k in range(1, len(words)):
        lines = (" ".join(words[:k]), " ".join(words[k:]))
        fitted = min(fit_text(line, font, size, width) for line in lines)
        if fitted > best[1]:
            best = (lines, fitted)
    return best


def token_text(shape: str, w: float, h: float, value: str, label: str, marked: bool,
               fonts: Fonts = Fonts()) -> TokenText:
    """The sizes and places of a token's value (figures; words shrunk to fit, on two lines when
    one would be small) and its label (a readable line at the bottom); raises TextDoesNotFit
    naming the text when it would print below MIN_TEXT points."""
    r = min(w, h) / 2
    room = (w if shape != "round" else 2 * r * 0.78) * 0.82
    label_size = 0.0
    if label:
        label_size = fit_text(label, fonts.body, max(MIN_TEXT, r * 0.3), room * 0.9)
        if label_size < MIN_TEXT - 1e-6:
            raise TextDoesNotFit(f"label {label!r} would print at {label_size:.1f} pt on a "
                                 f"{w / 2.8346:.0f} mm token (at least {MIN_TEXT:g} pt)", "label")
    low = marked and shape != "round"
    size = r * (0.95 if len(value) < 2 else 0.75) * (0.8 if low else 1.0) * (0.85 if label else 1.0)
    lines: tuple[str, ...] = (value,)
    if value and (len(value) > 2 or not value.isdigit()):
        one = fit_text(value, fonts.figures, size, room)
        lines, size = ((value,), one) if one >= WORDS_AT or " " not in value else \
            _two_lines(value, fonts.figures, min(size, r * 0.4), room)
        if size < MIN_TEXT - 1e-6:
            raise TextDoesNotFit(f"value {value!r} would print at {size:.1f} pt on a {w / 2.8346:.0f} mm token "
                                 f"(at least {MIN_TEXT:g} pt); shorten it or make the token larger")
    middle = h * (0.3 if low else 0.5) + (r * 0.12 if label else 0)
    first = middle + (len(lines) - 1) * size * 0.55 - size * 0.36
    return TokenText(lines, size, first, label_size, r * 0.32, h * 0.68, r * 0.3)


def token_face(shape: str, fill: Color, *, value: str = "", mark=None, art: Art | None = None,
               fonts: Fonts = Fonts()) -> Callable:
    """A token: round or square, a fill, an emblem (mark or art), a value in large figures (or
    words, fitted), and its label on a line at the bottom."""
    def draw(c, ink: Ink, label, bleed, w, h):
        fg = ink_on(ink, fill)
        if shape == "edge":
            return _edge(c, ink, fill, bleed, w, h)
        background(c, ink, fill, art, bleed, w, h)
        r = min(w, h) / 2
        c.setStrokeColor(fg)
        c.setLineWidth(max(0.5, r * 0.06))
        if shape == "round":
            c.circle(w / 2, h / 2, r * 0.82, stroke=1, fill=0)
        else:
            c.roundRect(r * 0.12, r * 0.12, w - r * 0.24, h - r * 0.24, r * 0.15, stroke=1, fill=0)
        try:
            place = token_text(shape, w, h, value, label, mark is not None, fonts)
        except TextDoesNotFit:      # checked at its real size when the game was read: smaller (a mini
            label = ""              # piece, an icon), it drops its label, then sets its value small
            try:
                place = token_text(shape, w, h, value, label, mark is not None, fonts)
            except TextDoesNotFit:
                place = TokenText((value,), MIN_TEXT, h / 2 - MIN_TEXT * 0.36, 0, 0, h * 0.68, r * 0.3)
        if value:
            if mark is not None and shape != "round":
                draw_mark(c, mark, w / 2, place.mark_y, place.mark_r, fg)
            for k, line in enumerate(place.lines):
                text_centered(c, line, w / 2, place.value_y - k * place.value_size * 1.1, fonts.figures,
                              place.value_size, fg)
        else:
            draw_mark(c, mark, w / 2, h / 2 + (r * 0.1 if label else 0), r * (0.42 if label else 0.5), fg)
        if label:
            text_centered(c, label, w / 2, place.label_y, fonts.body, place.label_size, fg)
    return draw


def _edge(c, ink: Ink, fill: Color, bleed: float, w: float, h: float) -> None:
    """An edge piece: a row of pointed stakes across the long side, on a dark ground."""
    long_side = max(w, h)
    c.saveState()
    if h > w:
        c.translate(w, 0)
        c.rotate(90)
        w, h = h, w
    dark = hx("#2e2418")
    background(c, ink, dark, None, bleed, w, h)
    stakes = max(3, round(long_side / h * 2.2))
    sw = w / stakes
    for k in range(stakes):
        x = k * sw
        top = h * (0.94 if k % 2 else 0.86)
        poly(c, [(x + sw * 0.06, h * 0.04), (x + sw * 0.94, h * 0.04), (x + sw * 0.94, top - sw * 0.5),
                 (x + sw * 0.5, top), (x + sw * 0.06, top - sw * 0.5)], fill=ink.fill(fill),
             stroke=ink.line(dark, INK), width=max(0.3, h * 0.025))
    c.setFillColor(ink.line(dark, INK))
    for y in (0.22, 0.55):
        c.rect(0, h * y, w, h * 0.07, stroke=0, fill=1)
    c.restoreState()


def back_face(fill: Color, mark=None, art: Art | None = None, shape: str = "square") -> Callable:
    """The shared reverse of hidden-value tokens: colour and emblem only."""
    def draw(c, ink: Ink, label, bleed, w, h):
        fg = ink_on(ink, fill)
        background(c, ink, fill, art, bleed, w, h)
        r = min(w, h) / 2
        c.setStrokeColor(fg)
        c.setLineWidth(max(0.4, r * 0.04))
        for k in (0.82, 0.7):
            if shape == "round":
                c.circle(w / 2, h / 2, r * k, stroke=1, fill=0)
            else:
                inset = r * (1 - k)
                c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, r * 0.12, stroke=1, fill=0)
        draw_mark(c, mark, w / 2, h / 2, r * 0.5, fg)
    return draw


def art_face(art: Art) -> Callable:
    """A face that is the designer's own file, covering the piece past its cut by the bleed (printed
    as it is: the art carries its own words; ink saver leaves it alone)."""
    def draw(c, ink: Ink, label, bleed, w, h):
        draw_art(c, art, -bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
    return draw


# ----------------------------------------------------------------------------- track strips

def track_face(numbers: list[int], fill: Color, accent: Color, arrow_in: bool, arrow_out: bool,
               cells: int, fonts: Fonts = Fonts()) -> Callable:
    """One strip of a scoring track: `cells` cells, the first numbered, every 5th marked, every
    10th filled; arrows show where the strips join."""
    def draw(c, ink: Ink, label, bleed, w, h):
        background(c, ink, fill, None, bleed, w, h)
        s = w / cells
        for k in range(len(numbers), cells):
            c.setFillColor(tint(INK, 0.12))
            c.rect(k * s, 0, s, h, stroke=0, fill=1)
        for k, n in enumerate(numbers):
            x = k * s
            if n % 10 == 0:
                c.setFillColor(ink.fill(accent))
                c.rect(x, 0, s, h, stroke=0, fill=1)
            elif n % 5 == 0:
                c.setFillColor(tint(accent, 0.3))
                c.rect(x, 0, s, h, stroke=0, fill=1)
            fg = ink_on(ink, accent) if n % 10 == 0 else INK
            size = fit_text(str(n), fonts.figures, h * (0.42 if n % 5 == 0 else 0.32), s * 0.86)
            text_centered(c, str(n), x + s / 2, h / 2 - size * 0.36, fonts.figures if n % 5 == 0 else fonts.body,
                          size * (1.0 if n % 5 == 0 else 1.12), fg)
            c.setStrokeColor(INK)
            c.setLineWidth(0.4)
            if k:
                c.line(x, 0, x, h)
        c.setFillColor(INK)
        for flag, x, d in ((arrow_in, 0, 1), (arrow_out, w, -1)):
            if flag:
                poly(c, [(x, h * 0.4), (x + d * s * 0.16, h / 2), (x, h * 0.6)], fill=INK)
    return draw


# ----------------------------------------------------------------------------- screens and cards

def screen_face(name: str, fill: Color, mark, panels: list[str], heading: str, fonts: Fonts = Fonts()) -> Callable:
    """A folding player screen, 3 panels wide and 2 high: the lower row faces the player (the
    reference panels), the upper row, printed upside down, faces the others (colour and emblem).
    Fold along the middle (print side out), then on the two short dashed lines to stand it."""
    def draw(c, ink: Ink, label, bleed, w, h):
        fg = ink_on(ink, fill)
        half = h / 2
        c.setFillColor(PANEL)
        c.rect(-bleed, -bleed, w + 2 * bleed, half + bleed, stroke=0, fill=1)
        c.setFillColor(ink.fill(fill))
        c.rect(-bleed, half, w + 2 * bleed, half + bleed, stroke=0, fill=1)
        pw = w / 3
        pad = pw * 0.07
        # inside: the reference panels
        title(c, heading, pw * 1.5, half - pad - 11, pw - 2 * pad, 13, INK, fonts.title)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        for k, text in enumerate(panels[:3]):
            text_box(c, text, k * pw + pad, pad, pw - 2 * pad, screen_panel_room(pw, half)[1] - (18 if k == 1 else 0),
                     11, INK, fonts=fonts)
        # outside, upside down
        c.saveState()
        c.translate(w, h)
        c.rotate(180)
        for k in range(3):
            draw_mark(c, mark, (k + 0.5) * pw, half * 0.56, half * 0.26, fg)
        title(c, name, pw * 1.5, half * 0.14, pw * 2.4, half * 0.14, fg, fonts.title)
        c.restoreState()
        # folds
        c.setLineWidth(0.6)
        c.setDash(3, 2)
        c.setStrokeColor(hx("#888888"))
        c.line(0, half, w, half)
        for k in (1, 2):
            c.line(k * pw, 0, k * pw, h)
        c.setDash([], 0)
    return draw


def screen_panel_room(pw: float, ph: float) -> tuple[float, float]:
    """The text box of one reference panel (the middle one has its heading above, 18 pt less)."""
    pad = pw * 0.07
    return pw - 2 * pad, ph - 2 * pad


CARD_SIZES = {"poker": (63.0, 88.0), "bridge": (57.0, 89.0), "tarot": (70.0, 120.0), "mini": (44.0, 63.0)}


def card_back(heading: str, fill: Color, art: Art | None, mark=None, fonts: Fonts = Fonts()) -> Callable:
    """A card back: art, or the fill with a frame, the emblem and the game's title."""
    def draw(c, ink: Ink, label, bleed, w, h):
        background(c, ink, fill, art, bleed, w, h)
        if art is not None and not ink.saver:
            return
        fg = ink_on(ink, fill)
        pad = w * 0.08
        c.setStrokeColor(fg)
        c.setLineWidth(0.8)
        c.roundRect(pad, pad, w - 2 * pad, h - 2 * pad, pad * 0.6, stroke=1, fill=0)
        c.setLineWidth(0.4)
        c.roundRect(pad * 1.4, pad * 1.4, w - 2.8 * pad, h - 2.8 * pad, pad * 0.4, stroke=1, fill=0)
        circle(c, w / 2, h / 2 + w * 0.06, w * 0.24, fill=PLATE, stroke=fg, width=1)
        draw_mark(c, mark or "star", w / 2, h / 2 + w * 0.06, w * 0.16, INK)
        title(c, heading, w / 2, h / 2 - w * 0.26, w - 4 * pad, w * 0.09, fg, fonts.title)
    return draw


def aid_sections(text: str) -> list[tuple[str, list[str]]]:
    """A player aid's text as sections: each `## ` line starts one, each `- ` line or paragraph
    is an item; raises ValueError for text before the first heading."""
    sections: list[tuple[str, list[str]]] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        for number, line in enumerate(re.split(r"\n(?=\s*(?:[-*] |## ))", block.strip())):
            line = " ".join(line.split())
            if line.startswith("## "):
                sections.append((line[3:].strip(), []))
            elif line and not sections:
                raise ValueError(f"an aid's text starts with a '## heading' line, not {line[:40]!r}")
            elif line:
                sections[-1][1].append(line[2:] if line.startswith(("- ", "* ")) else line)
    return sections


def _aid_style(fill: Color) -> CardStyle:
    return CardStyle(frame=fill, heading_ink=lambda heading: fill)


def check_aid(w: float, h: float, heading: str, sections, fonts: Fonts = Fonts()) -> None:
    """Raises TextDoesNotFit when an aid's sections run off its card."""
    used = text_card_height(w, sections, _aid_style(INK))
    if used > h - 8:
        raise TextDoesNotFit(f"its sections need {used / 2.8346:.0f} mm of the card's {h / 2.8346:.0f} mm; "
                             f"shorten them or make the aid taller")


def aid_face(heading: str, name: str, sections, fill: Color, fonts: Fonts = Fonts()) -> Callable:
    """A player aid: the game's title and the aid's name in a band, then its sections."""
    def draw(c, ink: Ink, label, bleed, w, h):
        text_card(c, w, h, title=heading, sections=sections, style=_aid_style(fill), ink_saver=ink.saver,
                  bleed=bleed, subtitle=name)
    return draw


def tracker_face(heading: str, note: str, box: str, cells, fill: Color, fonts: Fonts = Fonts()) -> Callable:
    """A tracker card: its title and note, then numbered spaces snaking down to 1 and a box."""
    def draw(c, ink: Ink, label, bleed, w, h):
        track_card(c, w, h, ink, fill, heading.upper(), 13, 2.2, (note,) if note else (), 8.6, bleed)
        colours = (fill, fill, tint(fill, 0.75), hx("#fbf7ef"))
        for index, (name, rect) in enumerate(cells):
            special = name == "Reserve"
            text_ink = track_space(c, rect, index, special, colours, ink)
            cx, cy = rect.center
            words = box if special else name
            size = fit_text(words, fonts.figures if not special else fonts.title, min(24, rect.h * 0.42), rect.w * 0.85)
            text_centered(c, words, cx, cy - size * 0.35, fonts.figures if not special else fonts.title, size,
                          text_ink)
    return draw


# ----------------------------------------------------------------------------- faces from layouts

@dataclass(frozen=True)
class Placed:
    """A layout element resolved for one design: what it shows (its text, its art, its icon, a mark
    name or an Art) and its colours."""

    element: object              # layouts.Element
    text: str = ""
    art: Art | None = None
    icon: object = None
    colour: Color = INK
    fill: Color | None = None
    stroke: Color | None = None


def element_styles(font: str, fonts: Fonts) -> richtext.Styles:
    """The faces of a layout element's `font` (a role, or one of the folder's fonts)."""
    name = {"body": fonts.body, "title": fonts.title, "figures": fonts.figures, "italic": fonts.italic}.get(
        font, fonts.named.get(font, fonts.body))
    if name == fonts.body:
        return fonts.styles()
    return richtext.Styles(name, name, fonts.italic if name == SERIF else name)


def _rotated(c, element, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """Turn the canvas about the box's centre by the element's rotation; the box to draw in, which
    is turned too (a quarter turn swaps its width and height)."""
    if not element.rotate:
        return x, y, w, h
    c.translate(x + w / 2, y + h / 2)
    c.rotate(element.rotate)
    if element.rotate in (90, 270):
        w, h = h, w
    return -w / 2, -h / 2, w, h


def layout_face(items: list[Placed], fonts: Fonts = Fonts(), icons: dict | None = None) -> Callable:
    """A face drawn from a layout's elements, in order; a shape filling the whole face (the
    ground) runs past the cut by the bleed."""
    icons = icons or {}

    def draw(c, ink: Ink, label, bleed, w, h):
        for item in items:
            el = item.element
            x, y, bw, bh = el.box(w, h)
            if el.type in ("rect", "image") and x <= 0 and y <= 0 and bw >= w and bh >= h:
                x, y, bw, bh = -bleed, -bleed, w + 2 * bleed, h + 2 * bleed   # the ground bleeds
            c.saveState()
            x, y, bw, bh = _rotated(c, el, x, y, bw, bh)
            if el.opacity < 1:
                c.setFillAlpha(el.opacity)
            if item.fill is not None:
                c.setFillColor(ink.fill(item.fill) if el.type == "rect" and bw * bh > w * h / 4 else item.fill)
            if item.stroke is not None:
                c.setStrokeColor(item.stroke)
                c.setLineWidth(el.stroke_width.of(min(w, h)))
            paint = {"fill": int(item.fill is not None), "stroke": int(item.stroke is not None)}
            if el.type == "rect" and (paint["fill"] or paint["stroke"]):
                radius = el.radius.of(min(w, h))
                if radius:
                    c.roundRect(x, y, bw, bh, radius, **paint)
                else:
                    c.rect(x, y, bw, bh, **paint)
            elif el.type == "circle" and (paint["fill"] or paint["stroke"]):
                c.circle(x + bw / 2, y + bh / 2, min(bw, bh) / 2, **paint)
            elif el.type == "line":
                c.setStrokeColor(item.stroke or item.colour)
                c.setLineWidth(el.stroke_width.of(min(w, h)))
                c.line(x, y + bh, x + bw, y)
            elif el.type == "image" and item.art is not None and not (ink.saver and bw * bh > w * h / 2):
                clip_rect(c, x, y, bw, bh)
                draw_art(c, item.art, x, y, bw, bh, contain=el.fit == "contain")
            elif el.type == "icon" and item.icon is not None:
                draw_mark(c, item.icon, x + bw / 2, y + bh / 2, min(bw, bh) / 2, item.colour)
            elif el.type == "text" and item.text:
                colour = item.colour

                def icon(c, name, ix, iy, s):
                    draw_mark(c, icons[name], ix + s / 2, iy + s / 2, s / 2, colour)

                richtext.draw(c, item.text, x, y, bw, bh, el.size, colour, element_styles(el.font, fonts),
                              frozenset(icons), icon, el.align, el.valign)
            c.restoreState()
    return draw


# ----------------------------------------------------------------------------- the board

@dataclass(frozen=True)
class Terrain:
    name: str
    fill: Color
    mark: object = None        # a MARKS name or an Art


def board_drawing(files: int, ranks: int, cells: dict[int, Terrain], fill: Color, alt: Color | None,
                  frame: Color, art: Art | None, coordinates: bool, fonts: Fonts = Fonts()) -> Callable:
    """The board from data: a frame, cells with fills and marks (over the art), grid lines,
    coordinates."""
    def squares(c, geo, ink: Ink):
        """The art, then each cell's fill (the art shows through plain ones) and its terrain's mark."""
        if art is not None and not ink.saver:
            c.saveState()
            clip_rect(c, geo.frame, geo.frame_y, files * geo.square, ranks * geo.square)
            draw_art(c, art, geo.frame, geo.frame_y, files * geo.square, ranks * geo.square)
            c.restoreState()
        s = geo.square
        for rank in range(1, ranks + 1):
            for file in range(files):
                r = geo.square_rect(file, rank)
                terrain = cells.get(file + files * (rank - 1))
                ground = terrain.fill if terrain else (alt if alt is not None and (file + rank) % 2 else fill)
                c.saveState()
                c.setFillColor(ink.fill(ground))
                if art is not None and not terrain and not ink.saver:
                    c.setFillAlpha(0.5)     # the art shows through plain cells
                c.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)
                c.restoreState()
                if terrain and terrain.mark is not None:
                    fg = ink_on(ink, terrain.fill)
                    draw_mark(c, terrain.mark, r.x + s / 2, r.y + s * 0.55, s * 0.26, fg)
                    title(c, terrain.name, r.x + s / 2, r.y + s * 0.1, s * 0.9, s * 0.11, fg, fonts.body)

    def draw(c, geo, ink_saver: bool = False):
        ink = Ink(ink_saver)
        look = board.BoardLook(frame=ink.fill(frame), words=ink_on(ink, frame), edge=0, grid=INK, grid_edges=True,
                         outline=2)
        size = min(geo.frame, geo.frame_y) * 0.5
        words = board.coordinates(geo, size, bottom=geo.frame_y * 0.35, top=geo.height - geo.frame_y * 0.65,
                                  side=geo.frame / 2, top_angle=None) if coordinates else ()
        board.draw_board(c, geo, look, squares=partial(squares, ink=ink), words=words, isolated=False)
    return draw
