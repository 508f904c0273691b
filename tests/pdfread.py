"""Reading a PDF back for the tests: where forms, lines and clips land (pypdf content streams),
circles and words, which fonts are embedded, and pages as pixels (pypdfium2)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader
from pypdf.generic import ContentStream


def _mul(a, b):
    """Matrix product a x b of PDF matrices [a b c d e f]."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


@dataclass
class Drawn:
    art: str
    x: float
    y: float
    w: float
    h: float
    matrix: list


@dataclass
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float
    dashed: bool


@dataclass
class PageRead:
    width: float
    height: float
    forms: list[Drawn]
    segments: list[Segment]
    clips: list[tuple[float, float, float, float]]
    trimbox: tuple | None


def read_pdf(path: Path) -> list[PageRead]:
    reader = PdfReader(str(path))
    pages = []
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        ctm, stack = [1, 0, 0, 1, 0, 0], []
        dashed, path_segments, current, last_rect = False, [], None, None
        forms, segments, clips = [], [], []
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"q":
                stack.append((ctm, dashed))
            elif op == b"Q":
                ctm, dashed = stack.pop()
            elif op == b"cm":
                ctm = _mul([float(v) for v in operands], ctm)
            elif op == b"d":
                dashed = len(operands[0]) > 0
            elif op == b"m":
                current = (float(operands[0]), float(operands[1]))
            elif op == b"l":
                point = (float(operands[0]), float(operands[1]))
                path_segments.append((current, point))
                current = point
            elif op == b"re":
                last_rect = [float(v) for v in operands]
            elif op in (b"W", b"W*"):
                x, y, w, h = last_rect
                clips.append((ctm[0] * x + ctm[4], ctm[3] * y + ctm[5], ctm[0] * w, ctm[3] * h))
            elif op == b"S":
                for (x0, y0), (x1, y1) in path_segments:
                    segments.append(Segment(ctm[0] * x0 + ctm[4], ctm[3] * y0 + ctm[5],
                                            ctm[0] * x1 + ctm[4], ctm[3] * y1 + ctm[5], dashed))
                path_segments = []
            elif op in (b"n", b"f", b"B", b"b", b"s", b"f*"):
                path_segments = []
            elif op == b"Do":
                name = str(operands[0])
                bbox = [float(v) for v in xobjects[name]["/BBox"]]
                art = re.sub(r"_\d+$", "", name.split("FormXob.", 1)[1])
                forms.append(Drawn(art, ctm[4] + bbox[0] * ctm[0], ctm[5] + bbox[1] * ctm[3],
                                   (bbox[2] - bbox[0]) * ctm[0], (bbox[3] - bbox[1]) * ctm[3], ctm))
        box = page.get("/TrimBox")
        pages.append(PageRead(float(page.mediabox.width), float(page.mediabox.height), forms,
                              segments, clips, tuple(float(v) for v in box) if box else None))
    return pages


def render_page(path: Path, index: int, dpi: float = 40):
    """One page as an RGB image, and the scale from points to its pixels."""
    document = pdfium.PdfDocument(str(path))
    image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
    document.close()
    return image, dpi / 72


# Circles and words ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    paint: str          # the painting operator: "S" (stroked), "B" (filled and stroked), "f"...


def page_shapes(reader: PdfReader, index: int) -> tuple[list[Circle], list[tuple[str, float, float, float]]]:
    """The page's circles (a path of one move and four curves, as reportlab draws a circle), and its
    words as (text, x, y, font size) in page coordinates; form XObjects are not entered."""
    page = reader.pages[index]
    ctm, stack = [1, 0, 0, 1, 0, 0], []
    path: list[tuple[float, float]] = []
    curves = 0
    circles, words = [], []
    tm, size = [1, 0, 0, 1, 0, 0], 0.0
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul([float(v) for v in operands], ctm)
        elif op == b"m":
            path, curves = [(float(operands[0]), float(operands[1]))], 0
        elif op == b"c":
            values = [float(v) for v in operands]
            path += [(values[0], values[1]), (values[2], values[3]), (values[4], values[5])]
            curves += 1
        elif op in (b"l", b"re"):
            curves = -100
        elif op in (b"S", b"B", b"f", b"b", b"s", b"f*", b"B*"):
            if curves == 4:
                xs = [ctm[0] * x + ctm[2] * y + ctm[4] for x, y in path]
                ys = [ctm[1] * x + ctm[3] * y + ctm[5] for x, y in path]
                circles.append(Circle((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2,
                                      (max(xs) - min(xs)) / 2, op.decode()))
            path, curves = [], 0
        elif op == b"n":
            path, curves = [], 0
        elif op == b"Tf":
            size = float(operands[1])
        elif op == b"Tm":
            tm = [float(v) for v in operands]
        elif op == b"Td":
            tm = [tm[0], tm[1], tm[2], tm[3], tm[4] + float(operands[0]), tm[5] + float(operands[1])]
        elif op == b"BT":
            tm = [1, 0, 0, 1, 0, 0]
        elif op == b"Tj":
            m = _mul(tm, ctm)
            words.append((str(operands[0]), m[4], m[5], size * m[0]))
    return circles, words


# Fonts ----------------------------------------------------------------------------------------

EMBEDDED = ("/FontFile", "/FontFile2", "/FontFile3")


def _embedded(font) -> bool:
    if "/DescendantFonts" in font:      # a composite (Type 0) font: its descendant carries the file
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(key in descriptor.get_object() for key in EMBEDDED)


def _dict(value) -> dict:
    return value.get_object() if value is not None else {}


def font_report(path: Path | str) -> dict[str, bool]:
    """Every font resource of the document: base font name -> embedded."""
    fonts: dict[str, bool] = {}
    seen: set[int] = set()

    def walk(resources) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for font in _dict(resources.get("/Font")).values():
            font = font.get_object()
            fonts[str(font.get("/BaseFont"))] = fonts.get(str(font.get("/BaseFont")), True) and _embedded(font)
        for xobject in _dict(resources.get("/XObject")).values():
            key = getattr(xobject, "idnum", id(xobject))
            if key not in seen:
                seen.add(key)
                walk(xobject.get_object().get("/Resources"))

    for page in PdfReader(str(path)).pages:
        walk(page.get("/Resources"))
    return fonts
