"""The kit's art as SVG, from the same drawing code as the PDF: a small canvas that records the
reportlab calls the faces and boards make (paths, rectangles, circles, wedges, text, clipping,
transforms, colours, dashes, caps and joins, alpha) as SVG elements.

reportlab's own `renderSVG.SVGCanvas` lacks `beginPath`/`drawPath`, `clipPath`, text objects,
`wedge` and `rotate`, which the faces use, so this is written against the PDF canvas's API.

    >>> from generator.config import load_game
    >>> faces = load_game(None).faces
    >>> svg = face_svg(faces, faces.names[0])
    >>> svg.startswith("<svg") and "<path" in svg
    True
"""

from __future__ import annotations

import itertools
import math
from xml.sax.saxutils import escape, quoteattr

from reportlab.lib.colors import black
from reportlab.pdfbase import pdfmetrics

from .faces import FaceSet, draw_face

_ids = itertools.count(1)


def _num(x: float) -> str:
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _color(color) -> tuple[str, float]:
    """An SVG colour and its alpha from a reportlab Color (or None)."""
    if color is None:
        return "none", 1.0
    r, g, b = (max(0, min(255, round(v * 255))) for v in (color.red, color.green, color.blue))
    return f"#{r:02x}{g:02x}{b:02x}", float(getattr(color, "alpha", 1.0) or 1.0)


class SVGPath:
    """The path object `beginPath` gives (reportlab's PDFPathObject calls)."""

    def __init__(self):
        self.parts: list[str] = []

    def moveTo(self, x, y):
        self.parts.append(f"M{_num(x)} {_num(y)}")

    def lineTo(self, x, y):
        self.parts.append(f"L{_num(x)} {_num(y)}")

    def curveTo(self, x1, y1, x2, y2, x3, y3):
        self.parts.append(f"C{_num(x1)} {_num(y1)} {_num(x2)} {_num(y2)} {_num(x3)} {_num(y3)}")

    def close(self):
        self.parts.append("Z")

    def rect(self, x, y, w, h):
        self.parts.append(f"M{_num(x)} {_num(y)}h{_num(w)}v{_num(h)}h{_num(-w)}Z")

    def circle(self, x, y, r):
        self.ellipse(x - r, y - r, 2 * r, 2 * r)

    def ellipse(self, x, y, w, h):
        rx, ry, cx, cy = w / 2, h / 2, x + w / 2, y + h / 2
        self.parts.append(f"M{_num(cx + rx)} {_num(cy)}A{_num(rx)} {_num(ry)} 0 1 0 {_num(cx - rx)} {_num(cy)}"
                          f"A{_num(rx)} {_num(ry)} 0 1 0 {_num(cx + rx)} {_num(cy)}Z")

    def arcTo(self, x1, y1, x2, y2, startAng=0, extent=90):
        self._arc(x1, y1, x2, y2, startAng, extent, connect=True)

    def arc(self, x1, y1, x2, y2, startAng=0, extent=90):
        self._arc(x1, y1, x2, y2, startAng, extent, connect=False)

    def _arc(self, x1, y1, x2, y2, start, extent, connect):
        cx, cy, rx, ry = (x1 + x2) / 2, (y1 + y2) / 2, abs(x2 - x1) / 2, abs(y2 - y1) / 2
        a0, a1 = math.radians(start), math.radians(start + extent)
        sx, sy = cx + rx * math.cos(a0), cy + ry * math.sin(a0)
        ex, ey = cx + rx * math.cos(a1), cy + ry * math.sin(a1)
        self.parts.append(("L" if connect and self.parts else "M") + f"{_num(sx)} {_num(sy)}")
        large, sweep = int(abs(extent) > 180), int(extent > 0)
        self.parts.append(f"A{_num(rx)} {_num(ry)} 0 {large} {sweep} {_num(ex)} {_num(ey)}")

    def d(self) -> str:
        return "".join(self.parts)


class SVGText:
    """The text object `beginText` gives: setFont, setCharSpace, textOut, textLine."""

    def __init__(self, canvas: "SVGCanvas", x: float, y: float):
        self.canvas, self.x, self.y = canvas, x, y
        self.font, self.size = canvas._font, canvas._size
        self.space = 0.0
        self.runs: list[tuple[float, float, str, str, float, float]] = []

    def setFont(self, font, size, leading=None):
        self.font, self.size = font, size

    def setCharSpace(self, space):
        self.space = space

    def setTextOrigin(self, x, y):
        self.x, self.y = x, y

    def textOut(self, text):
        self.runs.append((self.x, self.y, text, self.font, self.size, self.space))
        self.x += pdfmetrics.stringWidth(text, self.font, self.size) + self.space * len(text)

    def textLine(self, text=""):
        self.textOut(text)
        self.y -= self.size * 1.2


class SVGCanvas:
    """Records the reportlab canvas calls our drawing code makes as SVG, y up like PDF."""

    def __init__(self, width: float, height: float):
        self.width, self.height = width, height
        self.body: list[str] = []
        self.defs: list[str] = []
        self._stack: list[tuple] = []
        self._open = 0  # groups opened at this state level (transforms, clips)
        self._fill = self._stroke = black
        self._fill_alpha, self._stroke_alpha = 1.0, 1.0
        self._width, self._dash, self._cap, self._join = 1.0, "", 0, 0
        self._font, self._size = "Helvetica", 10.0

    # --- state
    def saveState(self):
        self._stack.append((self._open, self._fill, self._stroke, self._fill_alpha, self._stroke_alpha,
                            self._width, self._dash, self._cap, self._join, self._font, self._size))
        self._open = 0

    def restoreState(self):
        self.body.append("</g>" * self._open)
        (self._open, self._fill, self._stroke, self._fill_alpha, self._stroke_alpha, self._width,
         self._dash, self._cap, self._join, self._font, self._size) = self._stack.pop()

    def _group(self, attrs: str):
        self.body.append(f"<g {attrs}>")
        self._open += 1

    def translate(self, dx, dy):
        self._group(f'transform="translate({_num(dx)} {_num(dy)})"')

    def scale(self, sx, sy=None):
        self._group(f'transform="scale({_num(sx)} {_num(sx if sy is None else sy)})"')

    def rotate(self, angle):
        self._group(f'transform="rotate({_num(angle)})"')

    def transform(self, a, b, c, d, e, f):
        self._group(f'transform="matrix({" ".join(_num(v) for v in (a, b, c, d, e, f))})"')

    def clipPath(self, path: SVGPath, stroke=0, fill=0, fillMode=None):
        name = f"clip{next(_ids)}"
        self.body.append(f'<clipPath id="{name}"><path d="{path.d()}"/></clipPath>')
        self._group(f'clip-path="url(#{name})"')

    # --- graphics state
    def setFillColor(self, color, alpha=None):
        self._fill = color
        if alpha is not None:
            self._fill_alpha = alpha

    def setStrokeColor(self, color, alpha=None):
        self._stroke = color
        if alpha is not None:
            self._stroke_alpha = alpha

    def setFillAlpha(self, alpha):
        self._fill_alpha = alpha

    def setStrokeAlpha(self, alpha):
        self._stroke_alpha = alpha

    def setLineWidth(self, width):
        self._width = width

    def setDash(self, array=(), phase=0):
        if isinstance(array, (int, float)):
            array = (array, phase)
            phase = 0
        self._dash = ",".join(_num(v) for v in array) if array else ""  # the phase is not kept

    def setLineCap(self, cap):
        self._cap = cap

    def setLineJoin(self, join):
        self._join = join

    def setFont(self, font, size, leading=None):
        self._font, self._size = font, size

    def stringWidth(self, text, font=None, size=None):
        return pdfmetrics.stringWidth(text, font or self._font, size or self._size)

    # --- painting
    def _paint(self, stroke, fill, even_odd=True) -> str:
        attrs = []
        if fill:
            color, alpha = _color(self._fill)
            attrs.append(f'fill="{color}"')
            if alpha * self._fill_alpha < 1:
                attrs.append(f'fill-opacity="{_num(alpha * self._fill_alpha)}"')
            if even_odd:
                attrs.append('fill-rule="evenodd"')
        else:
            attrs.append('fill="none"')
        if stroke:
            color, alpha = _color(self._stroke)
            attrs.append(f'stroke="{color}" stroke-width="{_num(self._width)}"')
            if alpha * self._stroke_alpha < 1:
                attrs.append(f'stroke-opacity="{_num(alpha * self._stroke_alpha)}"')
            if self._dash:
                attrs.append(f'stroke-dasharray="{self._dash}"')
            if self._cap:
                attrs.append(f'stroke-linecap="{("butt", "round", "square")[self._cap]}"')
            if self._join:
                attrs.append(f'stroke-linejoin="{("miter", "round", "bevel")[self._join]}"')
        return " ".join(attrs)

    def beginPath(self) -> SVGPath:
        return SVGPath()

    def drawPath(self, path: SVGPath, stroke=1, fill=0, fillMode=None):
        if stroke or fill:
            self.body.append(f'<path d="{path.d()}" {self._paint(stroke, fill, fillMode in (None, 0))}/>')

    def rect(self, x, y, w, h, stroke=1, fill=0):
        if stroke or fill:
            self.body.append(f'<rect x="{_num(min(x, x + w))}" y="{_num(min(y, y + h))}" width="{_num(abs(w))}" '
                             f'height="{_num(abs(h))}" {self._paint(stroke, fill, False)}/>')

    def roundRect(self, x, y, w, h, radius, stroke=1, fill=0):
        if stroke or fill:
            self.body.append(f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
                             f'rx="{_num(radius)}" {self._paint(stroke, fill, False)}/>')

    def circle(self, x, y, r, stroke=1, fill=0):
        if stroke or fill:
            self.body.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" {self._paint(stroke, fill, False)}/>')

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):
        path = SVGPath()
        path.ellipse(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
        self.drawPath(path, stroke, fill)

    def line(self, x1, y1, x2, y2):
        self.body.append(f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" '
                         f'{self._paint(1, 0)}/>')

    def lines(self, segments):
        for segment in segments:
            self.line(*segment)

    def wedge(self, x1, y1, x2, y2, startAng, extent, stroke=1, fill=0):
        path = SVGPath()
        path.moveTo((x1 + x2) / 2, (y1 + y2) / 2)
        path.arcTo(x1, y1, x2, y2, startAng, extent)
        path.close()
        self.drawPath(path, stroke, fill)

    def arc(self, x1, y1, x2, y2, startAng=0, extent=90):
        path = SVGPath()
        path.arc(x1, y1, x2, y2, startAng, extent)
        self.drawPath(path, 1, 0)

    # --- text (flipped back upright inside the y-up drawing)
    def beginText(self, x=0, y=0) -> SVGText:
        return SVGText(self, x, y)

    def drawText(self, text: SVGText):
        for x, y, words, font, size, space in text.runs:
            self._text(x, y, words, font, size, space, "start")

    def drawString(self, x, y, text, *args, **kwargs):
        self._text(x, y, text, self._font, self._size, 0.0, "start")

    def drawCentredString(self, x, y, text, *args, **kwargs):
        self._text(x, y, text, self._font, self._size, 0.0, "middle")

    def drawRightString(self, x, y, text, *args, **kwargs):
        self._text(x, y, text, self._font, self._size, 0.0, "end")

    def _text(self, x, y, text, font, size, space, anchor):
        color, alpha = _color(self._fill)
        family = "'EB Garamond', Garamond, Georgia, serif" if "Garamond" in font else "Helvetica, Arial, sans-serif"
        weight = ' font-weight="bold"' if "Bold" in font else ""
        style = ' font-style="italic"' if "Italic" in font else ""
        extra = f' letter-spacing="{_num(space)}"' if space else ""
        anchor_attr = f' text-anchor="{anchor}"' if anchor != "start" else ""
        opacity = f' fill-opacity="{_num(alpha * self._fill_alpha)}"' if alpha * self._fill_alpha < 1 else ""
        self.body.append(f'<text transform="translate({_num(x)} {_num(y)}) scale(1 -1)" font-family={quoteattr(family)} '
                         f'font-size="{_num(size)}"{weight}{style}{extra}{anchor_attr} fill="{color}"{opacity}>'
                         f'{escape(text)}</text>')

    # --- the document
    def svg(self, pixel_width: float | None = None) -> str:
        w, h = self.width, self.height
        size = f' width="{_num(pixel_width)}" height="{_num(pixel_width * h / w)}"' if pixel_width else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_num(w)} {_num(h)}"{size}>'
                f'<g transform="matrix(1 0 0 -1 0 {_num(h)})">{"".join(self.body)}</g></svg>')


def face_svg(faces: FaceSet, face: str, *, label: str | None = "", pixels: float | None = None) -> str:
    """One face as a standalone SVG document (a 100-unit box); no label by default, as the
    diagrams draw them."""
    canvas = SVGCanvas(100, 100)
    draw_face(canvas, faces, face, 0, 0, 100, label=label)
    return canvas.svg(pixels)


def card_svg(kit, piece) -> tuple[str, dict[str, list[float]]]:
    """A kit piece of a special kind (a tracker card) as SVG, drawn by the game's own code, and
    its spaces by name ("1", "2", ... "Reserve") as [x, y, w, h] fractions from the top-left."""
    from .layout import content_frame, tracker_cells, unit_size
    from ..pdf import register_fonts

    register_fonts()
    room = content_frame(kit).w
    w, h = unit_size(kit, piece, False, room)
    canvas = SVGCanvas(w, h)
    kit.faces.specials[piece.kind](canvas, w, h, piece=piece, kit=kit, ink_saver=False,
                                   icon=lambda c, art, x, y, s: draw_face(c, kit.faces, art, x, y, s, label=""))
    spaces = {}
    if piece.kind == "tracker":
        for name, rect in tracker_cells(piece.spaces, piece.width, room):
            spaces[name] = [rect.x / w, 1 - (rect.y + rect.h) / h, rect.w / w, rect.h / h]
    return canvas.svg(), spaces


def board_box(geo) -> dict:
    """Where a board's squares lie in its picture (layout.square_geometry): fractions of the width
    and height, from the lower-left corner of square a1."""
    return {"left": geo.frame / geo.width, "bottom": geo.frame_y / geo.height,
            "square_w": geo.square / geo.width, "square_h": geo.square / geo.height,
            "aspect": geo.width / geo.height}


def board_svg(faces: FaceSet, files: int, ranks: int, square: float = 100.0) -> tuple[str, dict]:
    """The board as an SVG document drawn by the game's `FaceSet.board`, and where its squares lie
    (`board_box`)."""
    from .layout import square_geometry
    from ..pdf import register_fonts

    register_fonts()
    geo = square_geometry(square, files, ranks)
    canvas = SVGCanvas(geo.width, geo.height)
    faces.board(canvas, geo)
    return canvas.svg(), board_box(geo)
