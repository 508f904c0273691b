"""Circles and words read back from a PDF page's content stream (pypdf): enough geometry to test
that drawings do not overlap."""

from __future__ import annotations

from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    paint: str          # the painting operator: "S" (stroked), "B" (filled and stroked), "f"...


def _mul(a, b):
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def page_shapes(reader: PdfReader, index: int) -> tuple[list[Circle], list[tuple[str, float, float, float]]]:
    """The page's circles (a path of one move and four curves, as reportlab draws a circle), and its
    words as (text, x, y, font size) in page coordinates; form XObjects are not entered."""
    page = reader.pages[index]
    ctm, stack = [1, 0, 0, 1, 0, 0], []
    path: list[tuple[float, float]] = []
    curves = 0
    circles, words = [], []
    tm, size, leading_ctm = [1, 0, 0, 1, 0, 0], 0.0, ctm
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
