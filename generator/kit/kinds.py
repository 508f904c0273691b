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
from dataclasses import dataclass
from functools import partial
from typing import Callable

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph

from ..games.symbols import SYMBOLS
from ..pdf import BOLD, INK, PAPER, SERIF, bold_safe, escape, hx
from . import board
from .artfile import Art, draw_art
from .faces import Ink, circle, clip_rect, ground, poly, star, text_centered, tint

FIGURES = "Times-Bold"      # lining figures for values (the bundled serif has old-style ones)
PLATE = hx("#e2c27a")
PANEL = hx("#fffdf8")       # the pale ground under a card's text and a screen's reference panels

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
    """The size (at most `size`) at which `text` fits `width`."""
    natural = pdfmetrics.stringWidth(text, font, size)
    return size if natural <= width else size * width / natural


def title(c, text: str, x: float, y: float, width: float, size: float, color: Color, font: str = BOLD) -> None:
    """One line of centred text, shrunk to fit `width`."""
    if not text:
        return
    if font == BOLD and not text.isascii():
        font = SERIF
    text_centered(c, text, x, y, font, fit_text(text, font, size, width), color)


# ----------------------------------------------------------------------------- text boxes

def markup(text: str) -> list[str]:
    """Light Markdown to paragraph markup: blank-line paragraphs, "- " bullets, **bold**, *italic*."""
    blocks, out = re.split(r"\n\s*\n", text.strip()), []
    for block in blocks:
        for item in re.split(r"\n(?=\s*[-*] )", block):
            item = " ".join(item.split())
            bullet = item.startswith(("- ", "* "))
            item = escape(item[2:] if bullet else item)
            item = re.sub(r"\*\*(.+?)\*\*", lambda m: f"<b>{bold_safe(m.group(1))}</b>", item)
            item = re.sub(r"\*(.+?)\*", r"<i>\1</i>", item)
            out.append(("\u2022 " if bullet else "") + item)
    return [o for o in out if o]


def text_box(c, text: str, x: float, y: float, w: float, h: float, size: float, color: Color,
             center: bool = False) -> None:
    """Wrapped text filling the box (x, y, w, h) from its top, shrunk until it fits."""
    blocks = markup(text)
    if not blocks or w <= 0 or h <= 0:
        return
    while True:
        style = ParagraphStyle("t", fontName=SERIF, fontSize=size, leading=size * 1.2, textColor=color,
                               alignment=TA_CENTER if center else TA_LEFT, spaceAfter=size * 0.35)
        paras = [Paragraph(b, style) for b in blocks]
        heights = [p.wrap(w, h)[1] for p in paras]
        total = sum(heights) + style.spaceAfter * (len(paras) - 1)
        if total <= h or size < 4:
            break
        size *= 0.92
    top = y + h
    for para, height in zip(paras, heights):
        para.drawOn(c, x, top - height)
        top -= height + style.spaceAfter


# ----------------------------------------------------------------------------- movement tiles

@dataclass(frozen=True)
class TileFace:
    """One face of a movement tile: its name, its grid rows (top row first) and its side marker."""

    name: str
    grid: tuple[str, ...]
    marker: str            # "I" front, "II" back


def symbol(c, char: str, x: float, y: float, s: float, color: Color, ground: Color,
           direction: tuple[int, int] = (0, 1), mark=None) -> None:
    """Draw the grid symbol `char` (a `SYMBOLS` key) centred on (x, y) in a cell of side s."""
    r = s * 0.3
    lw = max(0.6, s * 0.08)
    if char == "m":
        circle(c, x, y, r, fill=color)
    elif char == "j":
        circle(c, x, y, r * 0.92, fill=ground, stroke=color, width=lw)
    elif char in "sJ":
        angle = math.atan2(direction[1], direction[0]) if direction != (0, 0) else math.pi / 2
        pts = [(x + r * 1.15 * math.cos(angle + a), y + r * 1.15 * math.sin(angle + a)) for a in (0, 2.5, -2.5)]
        if char == "s":
            poly(c, pts, fill=color)
        else:
            poly(c, pts, fill=ground, stroke=color, width=lw)
    elif char == "x":
        _star(c, x, y, r * 1.15, 4, 0.35, color)
    elif char == "c":
        c.setStrokeColor(color)
        c.setLineWidth(lw)
        c.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7, stroke=1, fill=0)
        poly(c, [(x - r * 0.4, y - r * 0.4), (x + r * 0.45, y), (x - r * 0.4, y + r * 0.4)], fill=color)
    elif char == "O":       # a gold plate with the piece's art, the same on light and dark tiles
        c.setFillColor(PLATE)
        c.setStrokeColor(color)
        c.setLineWidth(lw * 0.6)
        c.roundRect(x - s * 0.44, y - s * 0.44, s * 0.88, s * 0.88, s * 0.12, stroke=1, fill=1)
        draw_mark(c, mark, x, y, s * 0.36, INK)


def tile_face(face: TileFace, fill: Color, mark) -> Callable:
    """A movement tile: name band on top, the grid of symbols, the piece's art on its own square."""
    def draw(c, ink: Ink, label, bleed, w, h):
        ground = ink.fill(fill)
        fg = ink_on(ink, fill)
        background(c, ink, fill, None, bleed, w, h)
        pad = min(w, h) * 0.06
        c.setStrokeColor(fg)
        c.setLineWidth(max(0.5, min(w, h) * 0.012))
        c.roundRect(pad * 0.5, pad * 0.5, w - pad, h - pad, pad * 0.8, stroke=1, fill=0)
        band = h * 0.17
        title(c, face.name.upper(), w / 2, h - band * 0.78, w - 4 * pad, band * 0.55, fg)
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
                       if ch == "O"), (n // 2, n // 2))
        for row, line in enumerate(face.grid):
            for col, ch in enumerate(line):
                if ch == ".":
                    continue
                direction = (col - centre[1], centre[0] - row)
                cx, cy = x0 + (col + 0.5) * s, y0 + (n - row - 0.5) * s
                symbol(c, ch, cx, cy, s, fg, ground, direction, mark)
        text_centered(c, face.marker, w - pad * 1.6, pad * 1.05, SERIF, min(w, h) * 0.07, fg)
    return draw


def legend_face(heading: str, chars: list[str], fill: Color, footer: str = "") -> Callable:
    """A reference sheet: every symbol used on the tiles, drawn as on a tile, with its meaning."""
    def draw(c, ink: Ink, label, bleed, w, h):
        background(c, ink, PAPER, None, bleed, w, h)
        pad = min(w, h) * 0.06
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.rect(pad / 2, pad / 2, w - pad, h - pad, stroke=1, fill=0)
        title(c, heading, w / 2, h - pad - 12, w - 2 * pad, 15, INK)
        rows = len(chars)
        top, bottom = h - pad - 24, pad + (14 if footer else 0)
        step = (top - bottom) / max(rows, 1)
        s = min(step * 0.8, 24)
        ground, fg = ink.fill(fill), ink_on(ink, fill)
        for k, ch in enumerate(chars):
            y = top - (k + 0.5) * step
            c.setFillColor(ground)
            c.rect(pad * 1.2, y - s / 2, s, s, stroke=0, fill=1)
            c.setStrokeColor(INK)
            c.setLineWidth(0.4)
            c.rect(pad * 1.2, y - s / 2, s, s, stroke=1, fill=0)
            symbol(c, ch, pad * 1.2 + s / 2, y, s, fg, ground, (1, 1) if ch in "sJ" else (0, 1), "star")
            entry = SYMBOLS[ch]
            text_box(c, f"**{entry.name}.** {entry.meaning}", pad * 1.2 + s + 8, y - step * 0.45,
                     w - 2.4 * pad - s - 8, step * 0.9, 9.5, INK)
        if footer:
            text_box(c, footer, pad, pad * 0.9, w - 2 * pad, 14, 8, INK, center=True)
    return draw


# ----------------------------------------------------------------------------- tokens

def token_face(shape: str, fill: Color, *, value: str = "", mark=None, art: Art | None = None) -> Callable:
    """A token: round or square, a fill, an emblem (mark or art), a value in large figures."""
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
        if value:
            low = mark is not None and shape != "round"
            if low:
                draw_mark(c, mark, w / 2, h * 0.68, r * 0.3, fg)
            size = r * (0.95 if len(value) < 2 else 0.75) * (0.8 if low else 1.0)
            text_centered(c, value, w / 2, h * (0.3 if low else 0.5) - size * 0.36, FIGURES, size, fg)
        else:
            draw_mark(c, mark, w / 2, h / 2, r * 0.5, fg)
        if label:
            title(c, label, w / 2, r * 0.3, w * 0.7, r * 0.22, fg, SERIF)
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


# ----------------------------------------------------------------------------- track strips

def track_face(numbers: list[int], fill: Color, accent: Color, arrow_in: bool, arrow_out: bool,
               cells: int) -> Callable:
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
            size = h * (0.5 if n % 5 == 0 else 0.38)
            text_centered(c, str(n), x + s / 2, h / 2 - size * 0.36, FIGURES if n % 5 == 0 else "Times-Roman",
                          size, fg)
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

def screen_face(name: str, fill: Color, mark, panels: list[str], heading: str) -> Callable:
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
        title(c, heading, pw * 1.5, half - pad - 11, pw - 2 * pad, 13, INK)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        for k, text in enumerate(panels[:3]):
            top = half - pad - (18 if k == 1 else 0)
            text_box(c, text, k * pw + pad, pad, pw - 2 * pad, top - pad, 11, INK)
        # outside, upside down
        c.saveState()
        c.translate(w, h)
        c.rotate(180)
        for k in range(3):
            draw_mark(c, mark, (k + 0.5) * pw, half * 0.56, half * 0.26, fg)
        title(c, name, pw * 1.5, half * 0.14, pw * 2.4, half * 0.14, fg)
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


CARD_SIZES = {"poker": (63.0, 88.0), "bridge": (57.0, 89.0), "tarot": (70.0, 120.0), "mini": (44.0, 63.0)}


def band_h(w: float, h: float) -> float:
    return min(h * 0.12, w * 0.16)


def card_face(heading: str, body: str, fill: Color, art: Art | None, footer: str) -> Callable:
    """A card: art or a fill behind, a title band, the text, a small footer."""
    def draw(c, ink: Ink, label, bleed, w, h):
        background(c, ink, fill, art, bleed, w, h)
        pad = w * 0.07
        band = band_h(w, h)
        c.saveState()
        c.setFillColor(PANEL)
        c.setFillAlpha(0.9)
        c.roundRect(pad * 0.6, pad * 0.6, w - pad * 1.2, h - pad * 1.2 - band, pad * 0.6, stroke=0, fill=1)
        c.restoreState()
        fg = ink_on(ink, fill)
        title(c, heading, w / 2, h - pad * 0.6 - band * 0.68, w - 3 * pad, band * 0.52, fg)
        foot = 8 if footer else 0
        text_box(c, body, pad * 1.3, pad * 1.2 + foot, w - 2.6 * pad, h - band - pad * 2.6 - foot,
                 min(10.5, w / 13), INK)
        if footer:
            title(c, footer, w / 2, pad * 1.0, w - 3 * pad, 6, tint(INK, 0.6), SERIF)
    return draw


def card_back(heading: str, fill: Color, art: Art | None, mark=None) -> Callable:
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
        title(c, heading, w / 2, h / 2 - w * 0.26, w - 4 * pad, w * 0.09, fg)
    return draw


# ----------------------------------------------------------------------------- the board

@dataclass(frozen=True)
class Terrain:
    name: str
    fill: Color
    mark: object = None        # a MARKS name or an Art


def board_drawing(files: int, ranks: int, cells: dict[int, Terrain], fill: Color, alt: Color | None,
                  frame: Color, art: Art | None, coordinates: bool) -> Callable:
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
                    title(c, terrain.name, r.x + s / 2, r.y + s * 0.1, s * 0.9, s * 0.11, fg, SERIF)

    def draw(c, geo, ink_saver: bool = False):
        ink = Ink(ink_saver)
        look = board.BoardLook(frame=ink.fill(frame), words=ink_on(ink, frame), edge=0, grid=INK, grid_edges=True,
                         outline=2)
        size = min(geo.frame, geo.frame_y) * 0.5
        words = board.coordinates(geo, size, bottom=geo.frame_y * 0.35, top=geo.height - geo.frame_y * 0.65,
                                  side=geo.frame / 2, top_angle=None) if coordinates else ()
        board.draw_board(c, geo, look, squares=partial(squares, ink=ink), words=words, isolated=False)
    return draw
