"""Faces: the art a game package registers for the kit to print, and the drawing helpers its art
is written with.

A `FaceSet` maps face names to drawing functions `draw(canvas, ink, label, bleed)` that paint a
100 x 100 unit box, with the text each face prints by default; it also holds the board's drawing
and the drawings of special piece kinds (a tracker card, a player aid). `draw_face` places a face
at any size, clipped to its box plus bleed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from reportlab.lib.colors import Color

from ..errors import GameFileError, read_text
from ..pdf import BOLD, INK, ITALIC, PAPER, SERIF, draw_string, hx, paragraph, register_fonts, runs, runs_width, write_runs
from ..units import mm

__all__ = ["INK", "PAPER", "FaceSet", "Ink", "circle", "clip_rect", "dots", "draw_face", "ground", "hx", "octagon",
           "paint", "poly", "star", "stripes", "text_centered", "tint", "track_card",
           "track_space"]

MIN_LABEL_SIZE = mm(20)             # faces smaller than 20 mm print no text
FaceDraw = Callable[..., None]      # draw(canvas, ink, label, bleed) in a 100-unit box


@dataclass(frozen=True, repr=False, eq=False)
class FaceSet:
    """The faces a game's kit can print (the registry a package fills).

    `draw`: face name -> drawing function; `labels`: face name -> default printed text;
    `board(canvas, geometry, ink_saver=...)` draws the board (with `kit.board.draw_board`: the
    skeleton and the game's decorations) and `board_words(geometry)` gives the boxes (layout.Rect,
    board coordinates) of the words it prints in its frame; `specials`: piece kind ("tracker",
    "aid") -> `draw(canvas, w, h, *, piece, kit, ink_saver, icon, bleed)` (its background runs `bleed`
    past the trim); `default_pieces`: the [pieces]
    table used when components.toml has none; `accent` colours the cover's headings; `sized`:
    True when every face draws at real size (`draw(canvas, ink, label, bleed, w, h)`, in points),
    else the names of those that do (the others paint a 100-unit box); `turned`: faces of the far
    side, drawn turned 180 degrees where they stand on a board (a tile faces its owner)."""

    draw: dict[str, FaceDraw]
    labels: dict[str, str]
    board: Callable[..., None]
    board_words: Callable[..., list] = lambda geo: []   # boxes of the board's words, kept clear of guides
    specials: dict[str, Callable[..., None]] = field(default_factory=dict)
    default_pieces: dict[str, dict] = field(default_factory=dict)
    accent: Color = INK
    sized: bool | frozenset[str] = False
    turned: frozenset[str] = frozenset()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.draw)

    def is_sized(self, face: str) -> bool:
        return self.sized is True or bool(self.sized) and face in self.sized


def draw_face(c, faces: FaceSet, face: str, x: float, y: float, size, *, label: str | None = None,
              ink_saver: bool = False, bleed: float = 0.0) -> None:
    """Draw `face` with its lower-left corner at (x, y), `size` points wide (or a (w, h) pair).
    `label` replaces the face's printed text ("" prints none); `bleed` paints the background that
    far beyond the trim edge. Nothing is drawn outside the box plus bleed."""
    if face not in faces.draw:
        raise ValueError(f"unknown face {face!r}; faces: {', '.join(faces.names)}")
    register_fonts()
    w, h = (size, size) if isinstance(size, (int, float)) else size
    if label is None:
        label = faces.labels.get(face, "")
    if min(w, h) < MIN_LABEL_SIZE and not faces.is_sized(face):   # a real-size face fits its own text
        label = ""
    c.saveState()
    c.translate(x, y)
    if faces.is_sized(face):
        clip_rect(c, -bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
        faces.draw[face](c, Ink(ink_saver), label, bleed, w, h)
        c.restoreState()
        return
    c.scale(w / 100.0, h / 100.0)
    unit_bleed = bleed * 100.0 / min(w, h)
    clip_rect(c, -unit_bleed, -unit_bleed, 100 + 2 * unit_bleed, 100 + 2 * unit_bleed)
    faces.draw[face](c, Ink(ink_saver), label, unit_bleed)
    c.restoreState()


def tint(color: Color, amount: float) -> Color:
    """`color` mixed with white: amount 1 is the colour, 0 is white (ink-saver fills)."""
    return Color(1 - (1 - color.red) * amount, 1 - (1 - color.green) * amount,
                 1 - (1 - color.blue) * amount)


class Ink:
    """Colours for one drawing: with ink saver, large fills become pale tints."""

    def __init__(self, saver: bool):
        self.saver = saver

    def fill(self, color: Color) -> Color:
        return tint(color, 0.14) if self.saver else color

    def line(self, color: Color, on_dark: Color | None = None) -> Color:
        """A line colour that stays visible: light lines on dark fills turn dark with ink saver."""
        if self.saver and on_dark is not None:
            return on_dark
        return color


def poly(c, points, fill=None, stroke=None, width=1.0, close=True):
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    if close:
        path.close()
    paint(c, path, fill, stroke, width)


def paint(c, path, fill=None, stroke=None, width=1.0):
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(width)
    c.drawPath(path, fill=int(fill is not None), stroke=int(stroke is not None))


def circle(c, x, y, r, fill=None, stroke=None, width=1.0):
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(width)
    c.circle(x, y, r, fill=int(fill is not None), stroke=int(stroke is not None))


def clip_rect(c, x, y, w, h):
    path = c.beginPath()
    path.rect(x, y, w, h)
    c.clipPath(path, stroke=0, fill=0)


def text_centered(c, text, x, y, font, size, color, spacing=0.0):
    """Centred text, letter-spaced by `spacing` (the spacing does not leak to later text); every
    character in a font that has it (`generator.pdf.runs`)."""
    c.setFillColor(color)
    pieces = runs(text, font)
    t = c.beginText(x - runs_width(pieces, size, spacing) / 2, y)
    write_runs(t, pieces, size, spacing)
    c.drawText(t)


def track_card(c, w: float, h: float, ink: Ink, colour: Color, title: str, title_size: float,
               spacing: float, notes: tuple[str, ...], note_size: float, bleed: float = 0.0) -> None:
    """A track card's ground (a reinforcement tracker, a turn track): the card's paper
    running `bleed` past the trim, a rounded frame in `colour`, and the title with its lines of
    notes centred at the top."""
    ground(c, ink.fill(hx("#e9dfc4")), bleed, w, h)
    c.setStrokeColor(colour)
    c.setLineWidth(1.4)
    c.roundRect(4, 4, w - 8, h - 8, 6, fill=0, stroke=1)
    title_y = h - mm(7.5)
    text_centered(c, title, w / 2, title_y, BOLD, title_size, colour, spacing)
    for n, note in enumerate(notes, start=1):
        text_centered(c, note, w / 2, title_y - 1 - 10 * n, ITALIC, note_size, INK)


def track_space(c, rect, index: int, special: bool, colours: tuple[Color, Color, Color, Color], ink: Ink) -> Color:
    """One space of a track card, a rounded box in `rect`: the `special` space (a reserve, a
    start box) in the first of `colours` (base, dark, mid, light), the others alternating dark and
    mid, edged in light. Returns the ink for the space's text."""
    base, dark, mid, light = colours
    fill = base if special else (dark if index % 2 else mid)
    c.setFillColor(ink.fill(fill) if not ink.saver else tint(base, 0.12))
    c.setStrokeColor(light if not ink.saver else dark)
    c.setLineWidth(1.2)
    c.roundRect(rect.x + 2, rect.y + 2, rect.w - 4, rect.h - 4, 4, fill=1, stroke=1)
    return light if not ink.saver else dark


# Patterns shared by the games' art (a 100-unit face box; `bleed` in the same units) ------------

def octagon(inset: float, chamfer: float, size: float = 100.0) -> list[tuple[float, float]]:
    """The corners of a square `size` wide, `inset` from its edge, with cut corners."""
    a, b = inset, size - inset
    return [(a + chamfer, a), (b - chamfer, a), (b, a + chamfer), (b, b - chamfer),
            (b - chamfer, b), (a + chamfer, b), (a, b - chamfer), (a, a + chamfer)]


def star(points: int, cx: float, cy: float, outer: float, inner: float,
         turn: float = 90.0) -> list[tuple[float, float]]:
    """The corners of a star of `points` points around (cx, cy): tips `outer` from the centre,
    notches `inner`, the first tip `turn` degrees round from the +x axis."""
    result = []
    for k in range(2 * points):
        r = outer if k % 2 == 0 else inner
        a = math.radians(turn + 180.0 * k / points)
        result.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return result


def ground(c, color, bleed: float = 0.0, w: float = 100.0, h: float = 100.0) -> None:
    """A face's background: `color` over the whole box (`w` x `h`) and its bleed."""
    c.setFillColor(color)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=1, stroke=0)


def stripes(c, color, step=11.0, width=5.0, bleed=0.0) -> None:
    """Diagonal stripes over the whole face and its bleed."""
    c.setFillColor(color)
    lo, hi = -bleed, 100 + bleed
    k = lo - 100
    while k < hi:
        poly(c, [(k, lo), (k + width, lo), (k + width + (hi - lo), hi), (k + (hi - lo), hi)], fill=color)
        k += step


def dots(c, color, step=9.0, r=1.3, bleed=0.0) -> None:
    """A staggered dot grid, as one path of zero-length round-capped strokes (cheap to write and
    render)."""
    n = int((100 + 2 * bleed) // step) + 2
    path = c.beginPath()
    for i in range(-1, n):
        for j in range(-1, int(n / 0.866) + 1):
            x = -bleed + i * step + (step / 2 if j % 2 else 0)
            y = -bleed + j * step * 0.866
            path.moveTo(x, y)
            path.lineTo(x, y)
    c.saveState()
    c.setLineCap(1)
    c.setStrokeColor(color)
    c.setLineWidth(2 * r)
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


# A card template that only prints names (`{{ version }}`) and has comments (`{# ... #}`), with
# jinja2's whitespace control (`{{-`, `-#}`...), is filled without importing jinja2 (a third of
# a kit-only build's start-up); anything else - a tag, a filter, an unknown name, a syntax error -
# goes to jinja2, which renders it or words the error. tests/test_kit.py checks both ways agree.
_NAME_OR_COMMENT = r"\{\{(-?)\s*([A-Za-z_][A-Za-z0-9_]*)\s*(-?)\}\}|\{#(-?).*?(-?)#\}"
_JINJA_LITERALS = {"true", "false", "none", "True", "False", "None"}


def _fill_names(source: str, values: dict) -> str | None:
    """`source` rendered as jinja2 renders it (default settings), when it only prints names of
    `values` and has comments; None when it needs jinja2."""
    source = re.sub(r"\r\n?", "\n", source)
    source = source.removesuffix("\n")     # jinja2 drops one trailing newline (keep_trailing_newline=False)
    out, end = [], 0
    for match in re.finditer(_NAME_OR_COMMENT, source, re.DOTALL):
        left, name, _, _, _ = match.groups()
        text = source[end:match.start()]
        if name is not None and (name not in values or name in _JINJA_LITERALS) or _has_tag(text):
            return None
        out.append(text.rstrip() if left or match.group(4) else text)
        if name is not None:
            out.append(str(values[name]))
        end = match.end()
        if match.group(3) or match.group(5):     # "-}}", "-#}": the whitespace after goes too
            end = len(source) - len(source[end:].lstrip())
    if _has_tag(source[end:]):
        return None
    return "".join(out) + source[end:]


def _has_tag(text: str) -> bool:
    return "{{" in text or "{%" in text or "{#" in text


def card_sections(path, values: dict) -> list[tuple[str, list[str]]]:
    """A card's text (a player aid): the jinja2 template `path` filled with the game's numbers;
    each `## ` line starts a section, each `- ` line is an item. Errors name the file and line."""
    source = read_text(path, GameFileError)
    text = _fill_names(source, values)
    if text is None:
        from ..sandbox import TemplateFault, render

        try:
            text = render(source, values, path, includes=Path(path).parent, keep_trailing_newline=False)
        except TemplateFault as exc:
            raise GameFileError(exc.path, exc.line, exc.message) from None
    sections: list[tuple[str, list[str]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif line.startswith("- ") and sections:
            sections[-1][1].append(line[2:].strip())
        elif line.strip():
            raise GameFileError(path, number, f"expected '## heading' or '- item', got {line.strip()!r}")
    return sections


@dataclass(frozen=True, repr=False, eq=False)
class CardStyle:
    """How a game sets its text cards (the player aids): the band and frame colour, each
    section heading's colour, the sizes in points and the gaps between lines."""

    frame: Color
    heading_ink: Callable[[str], Color]
    inset: float = 14.0
    top: float = 16.0
    heading_size: float = 10.5
    heading_gap: float = 14.0
    item_size: float = 8.7
    item_gap: float = 2.5
    section_gap: float = 5.0


CARD_PAPER, CARD_BONE, CARD_GOLD, CARD_GOLD_DARK = hx("#f4ecd8"), hx("#efe2c4"), hx("#d4a437"), hx("#8a6414")
CARD_BAND = mm(15)  # the title band


def text_card(c, w: float, h: float, *, title: str, sections, style: CardStyle, ink_saver: bool = False,
              bleed: float = 0.0, subtitle: str = "PLAYER AID") -> tuple[float, float]:
    """A card of text sections (`card_sections`) under a title band: the background and the band
    run `bleed` past the trim. Returns the text column's x and width, for what a game adds below."""
    ink = Ink(ink_saver)
    ground(c, ink.fill(CARD_PAPER), bleed, w, h)
    c.setFillColor(ink.fill(style.frame) if not ink_saver else PAPER)
    c.rect(-bleed, h - CARD_BAND, w + 2 * bleed, CARD_BAND + bleed, fill=1, stroke=0)
    c.setStrokeColor(style.frame)
    c.setLineWidth(1.0)
    c.rect(5, 5, w - 10, h - 10, fill=0, stroke=1)
    text_centered(c, title.upper(), w / 2, h - CARD_BAND + 20, BOLD, 12, CARD_BONE if not ink_saver else INK, 1.6)
    text_centered(c, subtitle.upper(), w / 2, h - CARD_BAND + 8, SERIF, 8.5, CARD_GOLD if not ink_saver else INK, 2.5)
    y = h - CARD_BAND - style.top
    x, width = style.inset, w - 2 * style.inset
    for heading, items in sections:
        c.setFillColor(style.heading_ink(heading))
        draw_string(c, x, y, heading.upper(), BOLD, style.heading_size)
        c.setStrokeColor(CARD_GOLD)
        c.setLineWidth(0.8)
        c.line(x, y - 3, x + width, y - 3)
        y -= style.heading_gap
        for item in items:
            poly(c, [(x + 1, y + 2.2), (x + 3.4, y + 4.6), (x + 5.8, y + 2.2), (x + 3.4, y - 0.2)], fill=CARD_GOLD_DARK)
            y = paragraph(c, item, x + 10, y, width - 10, size=style.item_size) - style.item_gap
        y -= style.section_gap
    return x, width


def text_card_height(w: float, sections, style: CardStyle) -> float:
    """The height `text_card` fills with `sections` on a card `w` wide (the band included)."""
    from ..pdf import wrap
    width = w - 2 * style.inset
    used = CARD_BAND + style.top
    for _, items in sections:
        used += style.heading_gap + style.section_gap
        for item in items:
            used += len(wrap(item, SERIF, style.item_size, width - 10)) * style.item_size * 1.22 + style.item_gap
    return used
