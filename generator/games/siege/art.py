"""The kit's art: every piece face, the board, the tracker and the player aid, as reportlab
vector drawing code (original art; one visual language).

The package's registry is `FACES` (a `generator.kit.faces.FaceSet`): each face is a function
drawing a 100-unit box (viking-front, viking-raider, viking-berserker, viking-chief, irish, village,
village-looted, river, treasure, stun, and stun-badge, the round marker the diagrams put on a
stunned troop), plus the board, the reinforcement tracker and the player aid. `kit_hooks` gives the
cover its set-up picture and words.

The visual language: Vikings are red and near-black, with chamfered (angular) frames, diagonal
stripes and a round shield or axes; the Irish are green and cream, with round frames, a dot
pattern and a triquetra. The two sides differ by shape and pattern as well as colour, so a
greyscale print and a colour-blind player can still tell them apart. Revealed Viking reverses
are dark where the hidden front is red, with strength chevrons on the strong ones.
"""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path

from reportlab.pdfbase import pdfmetrics

from ...kit.faces import CardStyle, FaceSet, Ink as _Ink, card_sections, draw_face, text_card, circle as _circle, clip_rect as _clip_rect, hx, paint as _paint
from ...kit.faces import dots as _dots, ground as _ground, octagon as _octagon, poly as _poly, star as _star
from ...kit.faces import stripes as _stripes
from ...kit.faces import text_centered as _text_centered, tint, track_card, track_space
from ...kit.board import BoardLook, Word, chequer, coordinates, draw_board as kit_board, word_boxes
from ...kit.layout import BoardGeometry, Rect
from ...pdf import BOLD, INK, ITALIC, PAPER, SERIF, register_fonts
from ..base import KitHooks


# Palette -------------------------------------------------------------------------------------
VK_RED, VK_RED_DARK, VK_RED_LIGHT = hx("#8e1b14"), hx("#6f140f"), hx("#b8372a")
VK_DARK, VK_DARK_STRIPE = hx("#261a17"), hx("#35241f")
BONE, STEEL, STEEL_DARK, GOLD, GOLD_DARK = hx("#efe2c4"), hx("#aab3b8"), hx("#5d666b"), hx("#d4a437"), hx("#8a6414")
WOOD = hx("#7a5230")
IR_GREEN, IR_GREEN_DARK, IR_DOT, CREAM = hx("#2e6b3b"), hx("#19432a"), hx("#3f8550"), hx("#f3ecd2")
WHEAT, WHEAT_LINE, EARTH = hx("#e3d3a4"), hx("#d2be86"), hx("#5a4326")
WALL, THATCH, THATCH_DARK, SLATE = hx("#efe5cc"), hx("#a8742f"), hx("#7c5220"), hx("#55524d")
ASH, ASH_DARK, CHAR = hx("#463a35"), hx("#2f2623"), hx("#1d1715")
FLAME, FLAME_CORE = hx("#e8671c"), hx("#f8c146")
WATER, WATER_DARK, WAVE = hx("#2f6f9c"), hx("#245a80"), hx("#a8d0ea")
ROYAL = hx("#40295a")
STUN_BG, STUN_STAR, STUN_EDGE = hx("#2b2f3a"), hx("#f6c945"), hx("#d9822b")
BOARD_LIGHT, BOARD_DARK, BOARD_FRAME = hx("#f1e6cb"), hx("#c6a878"), hx("#3b2a20")


def _label(c, text, y, color, size=9.5, spacing=1.2, font=SERIF):
    if not text:
        return
    _text_centered(c, text.upper(), 50, y, font, size, color, spacing)


def _plaque(c, text, ink, edge):
    """A Viking reverse's name on a dark plaque with cut corners, over the frame's lower edge."""
    if not text:
        return
    text = text.upper()
    size, spacing = 9.5, 1.2
    width = pdfmetrics.stringWidth(text, SERIF, size) + spacing * (len(text) - 1) + 9
    x0, x1, y0, y1 = 50 - width / 2, 50 + width / 2, 3.5, 16
    _poly(c, [(x0 + 3, y0), (x1 - 3, y0), (x1, y0 + 3), (x1, y1 - 3), (x1 - 3, y1), (x0 + 3, y1),
              (x0, y1 - 3), (x0, y0 + 3)], fill=VK_DARK if not ink.saver else PAPER,
          stroke=ink.line(edge, VK_RED), width=1.0)
    _text_centered(c, text, 50, 6.8, SERIF, size, BONE if not ink.saver else INK, spacing)


def _chevrons(c, count, y, color, edge):
    for i in range(count):
        x = 50 + (i - (count - 1) / 2) * 11
        _poly(c, [(x - 5, y), (x, y + 5.5), (x + 5, y), (x + 5, y + 3), (x, y + 8.5), (x - 5, y + 3)],
              fill=color, stroke=edge, width=0.6)


# Viking faces ---------------------------------------------------------------------------------

def _viking_base(c, ink, dark: bool, bleed: float, frame_color=None):
    bg = VK_DARK if dark else VK_RED
    stripe = VK_DARK_STRIPE if dark else VK_RED_DARK
    _ground(c, ink.fill(bg), bleed)
    _stripes(c, ink.fill(stripe) if not ink.saver else tint(stripe, 0.22), bleed=bleed)
    edge = frame_color or (VK_RED_LIGHT if dark else BONE)
    _poly(c, _octagon(5, 15), stroke=ink.line(edge, VK_RED), width=2.4)
    _poly(c, _octagon(8.2, 16.3), stroke=ink.line(edge, VK_RED), width=0.7)


def _shield(c, ink, cx, cy, r):
    _circle(c, cx, cy, r + 1.6, fill=ink.fill(VK_DARK) if not ink.saver else None, stroke=INK, width=1.0)
    for k in range(8):
        c.setFillColor(ink.fill(VK_RED_LIGHT if k % 2 else BONE))
        c.wedge(cx - r, cy - r, cx + r, cy + r, 22.5 + 45 * k, 45, fill=1, stroke=0)
    _circle(c, cx, cy, r, stroke=ink.line(STEEL_DARK, INK), width=2.2)
    _circle(c, cx, cy, r - 1.6, stroke=STEEL, width=0.8)
    for k in range(8):
        a = math.radians(22.5 + 45 * k)
        _circle(c, cx + (r - 3.3) * math.cos(a), cy + (r - 3.3) * math.sin(a), 1.0, fill=STEEL_DARK)
    _circle(c, cx, cy, r * 0.26, fill=ink.fill(STEEL) if not ink.saver else PAPER, stroke=INK, width=1.2)
    _circle(c, cx - r * 0.07, cy + r * 0.07, r * 0.09, fill=PAPER)


def _axe(c, ink, length=70.0):
    """An axe along +y, centred on the origin."""
    half = length / 2
    _poly(c, [(-2.4, -half), (2.4, -half), (2.4, half - 6), (-2.4, half - 6)],
          fill=ink.fill(WOOD) if not ink.saver else PAPER, stroke=INK, width=0.9)
    for y in (-half + 6, -half + 10):
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        c.line(-2.4, y, 2.4, y)
    path = c.beginPath()
    top = half - 4
    path.moveTo(2.0, top)
    path.curveTo(9, top + 1, 16, top + 5, 21, top + 7)
    path.curveTo(25, top - 3, 25, top - 17, 20, top - 26)
    path.curveTo(14, top - 21, 9, top - 16, 6, top - 13)
    path.lineTo(2.0, top - 13)
    path.close()
    _paint(c, path, fill=ink.fill(STEEL) if not ink.saver else PAPER, stroke=INK, width=1.0)
    path = c.beginPath()
    path.moveTo(20.4, top + 5)
    path.curveTo(23.6, top - 3, 23.6, top - 16, 19, top - 23.5)
    _paint(c, path, stroke=PAPER if not ink.saver else STEEL_DARK, width=0.9)
    _poly(c, [(-3.2, top + 2), (3.2, top + 2), (3.2, top - 14), (-3.2, top - 14)],
          fill=ink.fill(STEEL_DARK) if not ink.saver else PAPER, stroke=INK, width=0.8)


def _helmet(c, ink):
    steel = ink.fill(STEEL) if not ink.saver else PAPER
    path = c.beginPath()
    path.moveTo(25, 47)
    path.curveTo(25, 86, 75, 86, 75, 47)
    path.close()
    _paint(c, path, fill=steel, stroke=INK, width=1.3)
    path = c.beginPath()
    path.moveTo(33, 53)
    path.curveTo(34, 72, 44, 77, 50, 77.5)
    _paint(c, path, stroke=PAPER if not ink.saver else STEEL, width=2.0)
    _poly(c, [(47.5, 47), (52.5, 47), (52.5, 78.5), (47.5, 78.5)], fill=ink.fill(GOLD), stroke=INK, width=0.9)
    _poly(c, [(23, 43), (77, 43), (77, 50), (23, 50)], fill=ink.fill(GOLD), stroke=INK, width=1.1)
    for x in (28, 36, 64, 72):
        _circle(c, x, 46.5, 1.1, fill=GOLD_DARK)
    # spectacle guard with eye holes, and the nose guard
    path = c.beginPath()
    path.moveTo(27, 43)
    path.lineTo(73, 43)
    path.lineTo(71, 33)
    path.curveTo(64, 27, 57, 29, 53.5, 33)
    path.lineTo(53.5, 22)
    path.lineTo(46.5, 22)
    path.lineTo(46.5, 33)
    path.curveTo(43, 29, 36, 27, 29, 33)
    path.close()
    _paint(c, path, fill=steel, stroke=INK, width=1.2)
    for sign in (-1, 1):
        cx = 50 + sign * 11
        path = c.beginPath()
        path.moveTo(cx - 7, 39)
        path.curveTo(cx - 5, 33, cx + 5, 33, cx + 7, 39)
        path.close()
        _paint(c, path, fill=INK)
    # cheek guards
    for x0, x1 in ((23, 29), (71, 77)):
        _poly(c, [(x0, 43), (x1, 43), (x1 - (x1 - x0) * 0.3, 27), (x0 + (x1 - x0) * 0.2, 29)],
              fill=steel, stroke=INK, width=1.0)


def viking_front(c, ink, label, bleed):
    _viking_base(c, ink, dark=False, bleed=bleed)
    _shield(c, ink, 50, 50, 29)
    _label(c, label, 8.5, ink.line(BONE, VK_RED))


def viking_raider(c, ink, label, bleed):
    _viking_base(c, ink, dark=True, bleed=bleed)
    crack = [(50, 86), (46, 72), (54, 62), (45, 50), (53, 40), (47, 28), (50, 14)]
    for side, angle, dx in ((-1, 8, -3.5), (1, -8, 3.5)):
        c.saveState()
        c.translate(50 + dx, 52)
        c.rotate(angle)
        c.translate(-50, -52)
        edge = [(50 + side * 60, 100), (50 + side * 60, 0)]
        _clip_poly(c, crack + edge[::-1] if side < 0 else crack + [(110, 0), (110, 100)])
        _shield(c, ink, 50, 52, 26)
        c.restoreState()
    _plaque(c, label, ink, VK_RED_LIGHT)


def _clip_poly(c, points):
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    c.clipPath(path, stroke=0, fill=0)


def viking_berserker(c, ink, label, bleed):
    _viking_base(c, ink, dark=True, bleed=bleed)
    for angle in (38, -38):
        c.saveState()
        c.translate(50, 50)
        c.rotate(angle)
        if angle > 0:               # blades face outwards
            c.scale(-1, 1)
        _axe(c, ink, 60)
        c.restoreState()
    _chevrons(c, 2, 82, ink.fill(GOLD) if not ink.saver else GOLD, INK)
    _plaque(c, label, ink, VK_RED_LIGHT)


def viking_chief(c, ink, label, bleed):
    _viking_base(c, ink, dark=True, bleed=bleed, frame_color=GOLD)
    c.saveState()
    c.translate(50, 50)
    c.scale(0.86, 0.86)
    c.translate(-50, -46)
    _helmet(c, ink)
    c.restoreState()
    _chevrons(c, 2, 82, ink.fill(GOLD) if not ink.saver else GOLD, INK)
    _plaque(c, label, ink, GOLD)


# Irish ------------------------------------------------------------------------------------------

def _lens(tip_a, tip_b, bulge, steps=18):
    """Points of a lens (vesica) between two tips, bulging `bulge` on each side."""
    (ax, ay), (bx, by) = tip_a, tip_b
    length = math.hypot(bx - ax, by - ay)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    radius = (length ** 2 / 4 + bulge ** 2) / (2 * bulge)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    points = []
    for side, (p, q) in ((1, (tip_a, tip_b)), (-1, (tip_b, tip_a))):
        cx, cy = mx - side * nx * (radius - bulge), my - side * ny * (radius - bulge)
        start = math.atan2(p[1] - cy, p[0] - cx)
        sweep = math.atan2(q[1] - cy, q[0] - cx) - start
        sweep = (sweep + math.pi) % (2 * math.pi) - math.pi
        points += [(cx + radius * math.cos(start + sweep * i / steps),
                    cy + radius * math.sin(start + sweep * i / steps)) for i in range(steps + 1)]
    return points


def triquetra(c, cx, cy, size, ribbon, edge, ring=True):
    """A triquetra (three interlaced loops) with a ring, as two-tone ribbons."""
    loops = []
    for k in range(3):
        a = math.radians(90 + 120 * k)
        tip = (cx + size * math.cos(a), cy + size * math.sin(a))
        centre_tip = (cx - 0.16 * size * math.cos(a), cy - 0.16 * size * math.sin(a))
        loops.append(_lens(centre_tip, tip, 0.36 * size))
    c.setLineJoin(1)
    for width, color in ((size * 0.2, edge), (size * 0.11, ribbon)):
        if ring:
            _circle(c, cx, cy, size * 0.56, stroke=color, width=width)
        for points in loops:
            _poly(c, points, stroke=color, width=width)


def irish(c, ink, label, bleed):
    _ground(c, ink.fill(IR_GREEN), bleed)
    _dots(c, ink.fill(IR_DOT) if not ink.saver else tint(IR_GREEN, 0.35), bleed=bleed)
    _circle(c, 50, 50, 43, fill=ink.fill(IR_GREEN_DARK), stroke=ink.line(CREAM, IR_GREEN), width=2.4)
    _circle(c, 50, 50, 39.5, stroke=ink.line(GOLD, IR_GREEN), width=0.8)
    for k in range(4):
        a = math.radians(45 + 90 * k)
        _circle(c, 50 + 55 * math.cos(a), 50 + 55 * math.sin(a), 3.0,
                fill=ink.line(CREAM, IR_GREEN), stroke=IR_GREEN_DARK, width=0.6)
    triquetra(c, 50, 49, 31, ribbon=ink.line(CREAM, IR_GREEN), edge=ink.line(IR_GREEN_DARK, PAPER) if not ink.saver else PAPER)
    _label(c, label, 8.5, ink.line(CREAM, IR_GREEN))


# Villages -------------------------------------------------------------------------------------

def _village_frame(c, ink, bg, line, bleed):
    _ground(c, ink.fill(bg), bleed)
    c.setStrokeColor(ink.fill(line) if not ink.saver else tint(line, 0.4))
    c.setLineWidth(0.8)
    for k in range(-2, 14):
        y = 8 * k
        c.line(-bleed, y + 2, 100 + bleed, y + 2 + 6)
    c.setStrokeColor(ink.line(EARTH))
    c.roundRect(4.5, 4.5, 91, 91, 7, stroke=1, fill=0)


def village(c, ink, label, bleed):
    _village_frame(c, ink, WHEAT, WHEAT_LINE, bleed)
    c.setLineWidth(2.2)
    c.setStrokeColor(EARTH)
    c.roundRect(4.5, 4.5, 91, 91, 7, stroke=1, fill=0)
    _poly(c, [(10, 22), (90, 22), (90, 25), (10, 25)], fill=ink.fill(hx("#8d9a4f")) if not ink.saver else None,
          stroke=None)
    # round tower
    _poly(c, [(66, 24), (78, 24), (77, 68), (67, 68)], fill=ink.fill(WALL) if not ink.saver else PAPER, stroke=INK, width=1.1)
    _poly(c, [(65, 68), (79, 68), (72, 86)], fill=ink.fill(SLATE), stroke=INK, width=1.1)
    for y in (56, 42):
        _poly(c, [(71, y), (73, y), (73, y + 6), (71, y + 6)], fill=INK)
    # house
    _poly(c, [(17, 24), (60, 24), (60, 46), (17, 46)], fill=ink.fill(WALL) if not ink.saver else PAPER, stroke=INK, width=1.2)
    _poly(c, [(12, 45), (65, 45), (55, 66), (22, 66)], fill=ink.fill(THATCH), stroke=INK, width=1.2)
    c.setStrokeColor(THATCH_DARK)
    c.setLineWidth(0.7)
    for x in range(20, 62, 5):
        c.line(x, 46.5, x + (38 - x) * 0.18, 64.5)
    _poly(c, [(33, 24), (42, 24), (42, 38), (33, 38)], fill=ink.fill(EARTH), stroke=INK, width=1.0)
    _poly(c, [(48, 32), (55, 32), (55, 39), (48, 39)], fill=INK)
    _poly(c, [(22, 32), (28, 32), (28, 39), (22, 39)], fill=INK)
    _label(c, label, 9.5, ink.line(EARTH))


def _flame(c, x, y, h, ink):
    for scale, color in ((1.0, FLAME), (0.58, FLAME_CORE)):
        hh, w = h * scale, h * 0.42 * scale
        path = c.beginPath()
        path.moveTo(x, y)
        path.curveTo(x - w, y, x - w * 1.05, y + hh * 0.45, x - w * 0.25, y + hh * 0.7)
        path.curveTo(x - w * 0.2, y + hh * 0.5, x + w * 0.05, y + hh * 0.6, x, y + hh)
        path.curveTo(x + w * 0.9, y + hh * 0.6, x + w * 1.05, y + hh * 0.2, x, y)
        path.close()
        _paint(c, path, fill=color if not ink.saver else None,
               stroke=INK if scale == 1.0 else (None if not ink.saver else FLAME), width=0.9)


def village_looted(c, ink, label, bleed):
    _village_frame(c, ink, ASH, ASH_DARK, bleed)
    c.setLineWidth(2.2)
    c.setStrokeColor(ink.line(FLAME, INK))
    c.roundRect(4.5, 4.5, 91, 91, 7, stroke=1, fill=0)
    _poly(c, [(10, 22), (90, 22), (90, 25), (10, 25)], fill=ink.fill(CHAR))
    # broken tower: jagged top, no roof
    _poly(c, [(66, 24), (78, 24), (77.3, 55), (75, 51), (73, 58), (70, 50), (67, 53)],
          fill=ink.fill(CHAR) if not ink.saver else PAPER, stroke=INK if ink.saver else ASH_DARK, width=1.1)
    # burnt house: jagged walls, fallen beams
    wall = [(17, 24), (60, 24), (60, 41), (56, 37), (52, 44), (46, 39), (40, 46), (33, 38), (26, 43), (21, 36), (17, 40)]
    _poly(c, wall, fill=ink.fill(CHAR) if not ink.saver else PAPER, stroke=INK, width=1.2)
    c.setLineCap(1)
    c.setStrokeColor(ink.line(hx("#120d0b"), INK))
    c.setLineWidth(2.6)
    c.line(20, 45, 46, 58)
    c.line(58, 44, 38, 60)
    _flame(c, 30, 36, 30, ink)
    _flame(c, 48, 38, 38, ink)
    _flame(c, 72, 50, 22, ink)
    _poly(c, [(33, 24), (42, 24), (42, 35), (33, 35)], fill=FLAME_CORE if not ink.saver else FLAME)
    _label(c, label, 9.5, ink.line(hx("#f2d9b0"), INK))


# River, treasure, stun ------------------------------------------------------------------------

def _wave(c, y, amplitude, phase, bleed, color, width):
    path = c.beginPath()
    steps = 40
    lo, hi = -bleed, 100 + bleed
    for i in range(steps + 1):
        x = lo + (hi - lo) * i / steps
        yy = y + amplitude * math.sin(2 * math.pi * (x / 25.0) + phase)
        if i == 0:
            path.moveTo(x, yy)
        else:
            path.lineTo(x, yy)
    _paint(c, path, stroke=color, width=width)


def river(c, ink, label, bleed):
    _ground(c, ink.fill(WATER), bleed)
    c.setLineCap(1)
    c.setLineJoin(1)
    for k, y in enumerate((14, 34, 54, 74, 94)):
        if ink.saver:
            _wave(c, y, 3.2, math.pi * k, bleed, WATER, 1.2)
            continue
        _wave(c, y - 4, 2.6, math.pi * k, bleed, WATER_DARK, 4.5)
        _wave(c, y, 3.2, math.pi * k, bleed, WAVE, 2.6)
        _wave(c, y + 1.4, 3.2, math.pi * k, bleed, PAPER, 0.7)
    _label(c, label, 8.5, ink.line(PAPER, WATER))


def _chalice(c, ink):
    gold = ink.fill(GOLD) if not ink.saver else tint(GOLD, 0.3)
    path = c.beginPath()       # bowl
    path.moveTo(28, 66)
    path.lineTo(72, 66)
    path.curveTo(72, 48, 62, 40, 50, 40)
    path.curveTo(38, 40, 28, 48, 28, 66)
    path.close()
    _paint(c, path, fill=gold, stroke=GOLD_DARK, width=1.4)
    _poly(c, [(26, 65), (74, 65), (74, 69.5), (26, 69.5)], fill=gold, stroke=GOLD_DARK, width=1.2)
    _poly(c, [(47.5, 40), (52.5, 40), (52.5, 24), (47.5, 24)], fill=gold, stroke=GOLD_DARK, width=1.1)
    _circle(c, 50, 32, 4.2, fill=gold, stroke=GOLD_DARK, width=1.1)
    path = c.beginPath()       # foot
    path.moveTo(33, 16)
    path.lineTo(67, 16)
    path.curveTo(64, 21, 58, 24, 50, 24)
    path.curveTo(42, 24, 36, 21, 33, 16)
    path.close()
    _paint(c, path, fill=gold, stroke=GOLD_DARK, width=1.2)
    # a cross on the bowl, gems on the rim
    _poly(c, [(48, 45), (52, 45), (52, 52), (57, 52), (57, 56), (52, 56), (52, 62), (48, 62), (48, 56),
              (43, 56), (43, 52), (48, 52)], fill=ink.line(ROYAL, ROYAL), stroke=None)
    for x, color in ((34, hx("#b3261e")), (66, hx("#2a6db0"))):
        _circle(c, x, 58, 2.4, fill=color, stroke=GOLD_DARK, width=0.6)
    c.setStrokeColor(PAPER if not ink.saver else GOLD)
    c.setLineWidth(1.2)
    c.line(34, 62, 38, 52)


def treasure(c, ink, label, bleed):
    _ground(c, ink.fill(ROYAL), bleed)
    _circle(c, 50, 52, 40, stroke=ink.line(GOLD), width=1.6)
    for k in range(24):
        a = math.radians(15 * k)
        _circle(c, 50 + 44 * math.cos(a), 52 + 44 * math.sin(a), 1.2, fill=GOLD)
    for k in range(8):                         # rays
        a = math.radians(22.5 + 45 * k)
        c.setStrokeColor(ink.line(hx("#7d62a0"), GOLD))
        c.setLineWidth(1.2)
        c.line(50 + 22 * math.cos(a), 55 + 22 * math.sin(a), 50 + 34 * math.cos(a), 55 + 34 * math.sin(a))
    c.saveState()
    c.translate(50, 52)
    c.scale(1.0, 1.0)
    c.translate(-50, -48)
    _chalice(c, ink)
    c.restoreState()
    _label(c, label, 4.5, ink.line(GOLD), size=8, spacing=0.8)


def _stun_stars(c, fill):
    """The stun mark: a twelve-point star in `fill` and a white six-point star on it."""
    _poly(c, _star(12, 50, 50, 46, 27), fill=fill, stroke=STUN_EDGE, width=2.0)
    _poly(c, _star(6, 50, 50, 22, 11, turn=75), fill=PAPER, stroke=STUN_EDGE, width=1.2)


def stun(c, ink, label, bleed):
    _ground(c, ink.fill(STUN_BG), bleed)
    c.setLineJoin(1)
    _stun_stars(c, STUN_STAR if not ink.saver else tint(STUN_STAR, 0.5))
    _circle(c, 50, 50, 4.5, fill=STUN_EDGE)


ART = {
    "viking-front": viking_front,
    "viking-raider": viking_raider,
    "viking-berserker": viking_berserker,
    "viking-chief": viking_chief,
    "irish": irish,
    "village": village,
    "village-looted": village_looted,
    "river": river,
    "treasure": treasure,
    "stun": stun,
}


def stun_badge(c, ink, label, bleed):
    """A stun marker as a round badge (for diagrams, on a troop)."""
    _circle(c, 50, 50, 50, fill=STUN_BG)
    _stun_stars(c, STUN_STAR)


ART["stun-badge"] = stun_badge

# The board ------------------------------------------------------------------------------------

RIVER_RANKS = (4, 5)        # setup ruling 2: the river lies on rank 5 (and 4 after the move)
VILLAGE_RANKS = (3, 4, 5)   # setup ruling 3: villages go on ranks 3-5


def _small_house(c, x, y, s, fill, edge):
    _poly(c, [(x - s * 0.4, y), (x + s * 0.4, y), (x + s * 0.4, y + s * 0.45), (x, y + s * 0.85),
              (x - s * 0.4, y + s * 0.45)], fill=fill, stroke=edge, width=s * 0.08)


def _small_wave(c, x, y, s, color):
    path = c.beginPath()
    for i in range(13):
        u = -0.5 + i / 12
        px, py = x + u * s, y + 0.12 * s * math.sin(u * 4 * math.pi)
        if i == 0:
            path.moveTo(px, py)
        else:
            path.lineTo(px, py)
    _paint(c, path, stroke=color, width=s * 0.12)


HOME_EDGES = ("IRISH SIDE  \u00b7  RANK 1  \u00b7  THE TREASURE STARTS HERE",
              "VIKING SIDE  \u00b7  RANK 8  \u00b7  THE RAIDERS LAND HERE")


def _frame_words(geo: BoardGeometry) -> list[Word]:
    """Every word in the board's frame: file letters at both ends (the top ones turned to face the
    Viking player), rank numbers on both sides, and the names of the two home edges."""
    sq, fx, fy, H = geo.square, geo.frame, geo.frame_y, geo.height
    size = max(6.0, fx * 0.42)
    words = coordinates(geo, size, bottom=fy - fy * 0.36, top=H - fy + fy * 0.36, side=fx * 0.3, angle=0.0,
                        letter=lambda f: "abcdefgh"[f] if f < 8 else str(f + 1))
    side = max(6.0, fy * 0.3)
    for cx in (fx + geo.files * sq / 4, fx + 3 * geo.files * sq / 4):
        words += [Word(HOME_EDGES[0], cx, fy * 0.18, side, side * 0.12, 0.0),
                  Word(HOME_EDGES[1], cx, H - fy * 0.18, side, side * 0.12, 180.0)]
    return words


def board_words(geo: BoardGeometry) -> list[Rect]:
    """The boxes of the board's words (board coordinates)."""
    return word_boxes(_frame_words(geo))


def draw_board(c, geo: BoardGeometry, *, ink_saver: bool = False, title: str = "") -> None:
    """The board in board coordinates: origin at the outer lower-left corner, rank 1 (the Irish
    home row) at the bottom, rank 8 (the Viking home row) at the top; a chess board's squares, the
    river's and the villages' ranks marked in the side frames, the home rows' emblems in the corners."""
    ink = _Ink(ink_saver)
    look = BoardLook(frame=BOARD_FRAME if not ink_saver else PAPER, words=BONE if not ink_saver else INK,
                     ground=BOARD_LIGHT if not ink_saver else PAPER, outline=0.6,
                     ring=GOLD if not ink_saver else INK, ring_width=max(0.6, geo.square * 0.012),
                     ring_gap=geo.frame * 0.1)
    kit_board(c, geo, look, squares=partial(_dark_squares, ink=ink), frame_marks=partial(_zones, ink=ink),
              words=_frame_words(geo), emblems=partial(_home_emblems, ink=ink))


def _dark_squares(c, geo: BoardGeometry, *, ink: _Ink) -> None:
    """The dark squares (a1 is dark, as on a chess board); hatched with ink saver."""
    sq = geo.square
    for square in chequer(geo, 0):
        x0, y0 = square.x, square.y
        if not ink.saver:
            c.setFillColor(BOARD_DARK)
            c.rect(x0, y0, sq, sq, fill=1, stroke=0)
            continue
        c.saveState()
        _clip_rect(c, x0, y0, sq, sq)
        c.setStrokeColor(tint(BOARD_DARK, 0.8))
        c.setLineWidth(0.5)
        step = sq / 9
        for k in range(-9, 10):
            c.line(x0 + k * step, y0, x0 + k * step + sq, y0 + sq)
        c.restoreState()


def _zones(c, geo: BoardGeometry, *, ink: _Ink) -> None:
    """The ranks where the villages (left) and the river (right) may go, as tinted bands in the
    side frames."""
    sq, fx, fy = geo.square, geo.frame, geo.frame_y
    band = fx * 0.34
    for ranks, color, x0, kind in ((VILLAGE_RANKS, hx("#5b7f2e"), fx - band - fx * 0.08, "village"),
                                   (RIVER_RANKS, hx("#2f6f9c"), fx + geo.files * sq + fx * 0.08, "river")):
        y0 = fy + (min(ranks) - 1) * sq + sq * 0.04
        y1 = fy + max(ranks) * sq - sq * 0.04
        c.setFillColor(color if not ink.saver else tint(color, 0.35))
        c.roundRect(x0, y0, band, y1 - y0, band / 2, fill=1, stroke=0)
        for r in ranks:
            cy = fy + (r - 0.5) * sq
            if kind == "village":
                _small_house(c, x0 + band / 2, cy - band * 0.42, band * 0.95, PAPER, PAPER)
            else:
                for dy in (-band * 0.3, band * 0.3):
                    _small_wave(c, x0 + band / 2, cy + dy, band * 0.75, PAPER)


def _home_emblems(c, geo: BoardGeometry, *, ink: _Ink) -> None:
    """The home rows' emblems in the frame's corners: the triquetra by rank 1, the shield by rank 8."""
    fx, fy, H = geo.frame, geo.frame_y, geo.height
    saver = ink.saver
    for x in (fx / 2, geo.width - fx / 2):
        c.saveState()
        c.translate(x - fx * 0.3, fy / 2 - fx * 0.3)
        c.scale(fx * 0.6 / 100, fx * 0.6 / 100)
        _circle(c, 50, 50, 48, fill=IR_GREEN if not saver else PAPER, stroke=CREAM if not saver else IR_GREEN, width=5)
        triquetra(c, 50, 49, 32, ribbon=CREAM if not saver else IR_GREEN, edge=IR_GREEN_DARK if not saver else PAPER, ring=False)
        c.restoreState()
        c.saveState()
        c.translate(x - fx * 0.3, H - fy / 2 - fx * 0.3)
        c.scale(fx * 0.6 / 100, fx * 0.6 / 100)
        _shield(c, ink, 50, 50, 46)
        c.restoreState()


# The tracker and the player aid -----------------------------------------------------------------

def draw_tracker(c, w: float, h: float, cells: list[tuple[str, Rect]], *, ink_saver: bool = False,
                 bleed: float = 0.0) -> None:
    """The reinforcement tracker card, `cells` from layout.tracker_cells (path order); its
    background runs `bleed` past the trim."""
    register_fonts()
    ink = _Ink(ink_saver)
    c.saveState()
    track_card(c, w, h, ink, IR_GREEN_DARK, "REINFORCEMENTS", 13, 2.2,
               ("A knocked-out Irish troop enters on space 1 + intact villages (the houses show how many).",
                "At the start of each Irish turn every troop here moves down one space; from space 1 it goes "
                "to the Reserve."), 8.6, bleed)
    for index, (name, rect) in enumerate(cells):
        reserve = name == "Reserve"
        ink_text = track_space(c, rect, index, reserve, (IR_GREEN, IR_GREEN_DARK, hx("#3a7a48"), CREAM), ink)
        cx, cy = rect.center
        if reserve:
            _text_centered(c, "RESERVE", cx, cy + 2, BOLD, 14, ink_text, spacing=2)
            _text_centered(c, "deploy onto an empty, intact village", cx, cy - 10, ITALIC, 7.5, ink_text)
            continue
        number = int(name)
        _text_centered(c, name, cx, cy - 2, SERIF, min(30, rect.h * 0.46), ink_text)
        intact = number - 1
        s = min(13.0, (rect.w - 12) / max(intact, 1))
        if intact <= 6:
            for k in range(intact):
                _small_house(c, cx + (k - (intact - 1) / 2) * s, rect.y + 7, s * 0.85,
                             BONE if not ink_saver else PAPER, EARTH)
        else:
            _text_centered(c, f"{intact} villages", cx, rect.y + 6, ITALIC, 7, ink_text)
        if intact == 0:
            _text_centered(c, "no village left", cx, rect.y + 8, ITALIC, 8, ink_text)
    # arrows along the path
    c.setFillColor(GOLD)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    for (_, a), (_, b) in zip(cells, cells[1:]):
        (ax, ay), (bx, by) = a.center, b.center
        if abs(ay - by) < 1:
            x = (a.x1 if bx > ax else a.x)
            direction = 1 if bx > ax else -1
            y = ay
            _poly(c, [(x - 5 * direction, y + 5), (x + 5 * direction, y), (x - 5 * direction, y - 5)],
                  fill=GOLD, stroke=INK, width=0.6)
        else:
            x, y = ax, a.y
            _poly(c, [(x - 5, y + 5), (x, y - 5), (x + 5, y + 5)], fill=GOLD, stroke=INK, width=0.6)
    c.restoreState()


AID_NAME = "player-aid.md.j2"
AID_TEMPLATE = Path(__file__).resolve().parent / "templates" / AID_NAME  # a game folder's templates/ may override it


def draw_aid(c, w: float, h: float, *, counts: dict[str, int], title: str,
             ink_saver: bool = False, icon=None, bleed: float = 0.0, template: Path = AID_TEMPLATE) -> None:
    """The player aid card: turn summary, push rules, victory points. `icon(c, face, x, y, size)`
    draws the legend's faces (default: the faces drawn in place). The background and the title
    band run `bleed` past the trim."""
    icon = icon or (lambda cv, face, x, y, s: draw_face(cv, FACES, face, x, y, s, label="", ink_saver=ink_saver))
    register_fonts()
    c.saveState()
    x, width = text_card(c, w, h, title=title, sections=card_sections(template, counts), style=AID_STYLE,
                         ink_saver=ink_saver, bleed=bleed)
    # a strip of the faces, so the card is also a legend
    faces = ["viking-front", "viking-raider", "viking-berserker", "viking-chief", "irish",
             "village", "village-looted", "river", "treasure", "stun"]
    gap = 3.0
    s = min(24.0, (width - gap * (len(faces) - 1)) / len(faces))
    x0 = x + (width - len(faces) * s - gap * (len(faces) - 1)) / 2
    for k, face in enumerate(faces):
        icon(c, face, x0 + k * (s + gap), 13, s)
    c.restoreState()


AID_STYLE = CardStyle(frame=BOARD_FRAME, heading_ink=lambda heading: VK_RED if heading == "Pushing" else IR_GREEN_DARK)


def _tracker(c, w, h, *, piece, kit, ink_saver, icon, bleed=0.0):
    from ...kit.layout import content_frame, tracker_cells
    draw_tracker(c, w, h, tracker_cells(piece.spaces, piece.width, content_frame(kit).w), ink_saver=ink_saver, bleed=bleed)


def _aid(c, w, h, *, piece, kit, ink_saver, icon, bleed=0.0):
    draw_aid(c, w, h, counts=kit.counts, title=kit.title, ink_saver=ink_saver, icon=icon, bleed=bleed,
             template=kit.template(AID_NAME) if kit.template else AID_TEMPLATE)


LABELS = {"viking-front": "", "viking-raider": "Raider", "viking-berserker": "Berserker",
          "viking-chief": "Chief", "irish": "", "village": "Village", "village-looted": "Looted",
          "river": "", "treasure": "", "stun": "", "stun-badge": ""}

# The pieces of Siege of Armagh, used when a game file has no [pieces] table (same as the
# repository's components.toml).
DEFAULT_PIECES: dict[str, dict] = {
    "viking_troop": {"name": "Viking troop", "count": "viking_troops", "size": 0.7,
                     "front": "viking-front",
                     "backs": {"viking-chief": "chiefs", "viking-berserker": "berserkers",
                               "viking-raider": "plain_vikings"}},
    "irish_troop": {"name": "Irish troop", "count": "irish_troops", "size": 0.7, "front": "irish"},
    "village": {"name": "Village", "count": "villages", "size": 0.8, "front": "village",
                "back": "village-looted"},
    "river": {"name": "River tile", "count": "river_tiles", "size": 0.9, "front": "river"},
    "treasure": {"name": "Monastery's Treasure", "count": "treasure", "size": 0.6,
                 "front": "treasure"},
    "stun": {"name": "Stun marker", "count": "stun_markers", "size": 0.4, "front": "stun"},
    "tracker": {"name": "Reinforcement tracker", "kind": "tracker", "count": 1, "size": 0.8,
                "spaces": "tracker_spaces"},
    "player_aid": {"name": "Player aid", "kind": "aid", "count": 2, "size": ["95mm", "140mm"]},
}

FACES = FaceSet(draw=ART, labels=LABELS, board=draw_board, board_words=board_words,
                specials={"tracker": _tracker, "aid": _aid}, default_pieces=DEFAULT_PIECES, accent=VK_RED)

# An example set-up (setup 1-4), drawn with the kit's own pieces: squares by name.
SETUP = (
    ("viking-front", ("a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8")),
    ("irish", ("a1", "c1", "d1", "f1", "h1")),
    ("river", ("a5", "b5", "d5", "e5", "g5", "c4", "f4")),
    ("village", ("a4", "d3", "e4", "g3", "h5")),
)


def kit_hooks(game) -> KitHooks:
    """The cover's and the mini board's words and pictures, with the game's numbers."""
    counts = game.counts
    square = game.board.parse_square
    return KitHooks(
        banner=("viking-front", "viking-chief", "viking-berserker", "irish", "village", "village-looted",
                "river", "treasure", "stun"),
        setup=tuple((face, tuple(square(name) for name in names)) for face, names in SETUP),
        setup_marker=("treasure", 3.5, 0),     # beside the Irish edge, off the board
        setup_steps=(
            "The Treasure waits beside the Irish edge (rank 1), off the board.",
            f"The {counts.river_tiles} river tiles go on rank 5; the Irish move three of "
            f"them one square toward rank 4, then the Vikings may take one away.",
            f"Taking turns, Irish first, the players place the {counts.villages} villages on "
            f"empty squares of ranks 3 to 5 (green marks on the board).",
            "The Vikings line up on rank 8; then the Irish place any of their troops on rank 1 and "
            "keep the rest in Reserve.",
        ),
        board_notes="Rank 1, at the bottom, is the Irish home row; the Treasure starts beside that "
                    "edge. Rank 8, at the top, is the Viking home row. The blue marks in the right "
                    "frame show the ranks where the river tiles go (4 and 5); the green marks in the "
                    "left frame show where villages may be placed (ranks 3 to 5).",
        piece_notes={"tracker": "{spaces} spaces (1 + villages) and a Reserve box",
                     "aid": "turn, pushing, victory points"},
        hidden_fronts="Fronts of the Viking troops are all alike, so the reverse stays secret.",
        check=_check_piece(counts),
    )


def _check_piece(counts):
    def check(piece) -> str | None:
        """Ruling 15: a troop enters the tracker at 1 + unlooted villages, so it needs that many spaces."""
        if piece.kind == "tracker" and piece.spaces != counts.tracker_spaces:
            return (f"spaces is {piece.spaces} but the rules need 1 + villages = {counts.tracker_spaces} "
                    f"(a troop enters at 1 + unlooted villages)")
        return None
    return check
