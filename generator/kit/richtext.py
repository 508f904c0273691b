"""Text set in a box on a component: light Markdown (blank-line paragraphs, `- ` bullets,
`**bold**`, `*italic*`) with inline icons (`:axe:` draws the game's icon at text size), wrapped
to the box's width, aligned, and shrunk until it fits, down to `MIN_TEXT` points. Each character
is set in a font that has it (`generator.pdf.runs`); the icons are drawn by a callback, so a
mark, a designer's SVG or a face can be one. The words are measured once and the lines built
greedily, as `pdf.wrap` does."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from reportlab.pdfbase import pdfmetrics

from ..pdf import register_fonts, runs

MIN_TEXT = 5.0           # points: the smallest text a component prints
LEADING = 1.2            # line height, times the size
PARAGRAPH_GAP = 0.35     # between paragraphs, times the size
ICON = re.compile(r":([A-Za-z0-9_-]+):")


class TextDoesNotFit(ValueError):
    """A text that would print below `MIN_TEXT` points in its box; `field` names which text (the
    key of components.toml it comes from), when the caller cannot tell."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Styles:
    """The fonts of one text: regular, bold, italic."""

    regular: str
    bold: str
    italic: str

    def of(self, style: str) -> str:
        return {"b": self.bold, "i": self.italic}.get(style, self.regular)


@dataclass(frozen=True)
class Word:
    """A word (or an icon, `icon` set) in a style ("", "b", "i"); `space` when a space follows."""

    text: str
    style: str
    space: bool
    icon: str = ""


def parse(text: str, icons: frozenset[str] = frozenset()) -> list[tuple[bool, list[Word]]]:
    """Paragraphs as (bullet, words). `:name:` is an icon when `name` is one of `icons`, else
    the text as written."""
    paragraphs = []
    for block in re.split(r"\n\s*\n", text.strip()):
        for item in re.split(r"\n(?=\s*[-*] )", block):
            item = " ".join(item.split())
            bullet = item.startswith(("- ", "* "))
            item = item[2:] if bullet else item
            words: list[Word] = []
            for part in re.split(r"(\*\*.+?\*\*|\*[^*\s][^*]*?\*)", item):
                style, inner = ("b", part[2:-2]) if part.startswith("**") and len(part) > 4 else \
                    ("i", part[1:-1]) if part.startswith("*") and len(part) > 2 else ("", part)
                for piece in re.split(r"(\s+)", inner):
                    if not piece:
                        continue
                    if piece.isspace():
                        if words:
                            words[-1] = Word(words[-1].text, words[-1].style, True, words[-1].icon)
                        continue
                    for k, bit in enumerate(ICON.split(piece)):
                        if k % 2 and bit in icons:
                            words.append(Word("", style, False, bit))
                        elif bit or k % 2:
                            words.append(Word(f":{bit}:" if k % 2 else bit, style, False))
            if words:
                paragraphs.append((bullet, words))
    return paragraphs


def _width(word: Word, size: float, styles: Styles) -> float:
    if word.icon:
        return size * 1.05
    return sum(pdfmetrics.stringWidth(run, face, size) for face, run in runs(word.text, styles.of(word.style)))


def lines(paragraphs, width: float, size: float, styles: Styles) -> list[tuple[list[tuple[float, Word]], float, bool]]:
    """The paragraphs wrapped to `width` at `size`: each line as ([(x, word)...], its width,
    whether it ends a paragraph)."""
    space = pdfmetrics.stringWidth(" ", styles.regular, size)
    bullet = size * 0.9
    found = []
    for is_bullet, words in paragraphs:
        runs(" ".join(w.text for w in words), styles.regular)   # a glyph no font has is reported with its text
        indent = bullet if is_bullet else 0.0
        line: list[tuple[float, Word]] = []
        x = indent
        for word in words:
            w = _width(word, size, styles)
            if line and x + w > width + 1e-6:
                found.append((line, x, False))
                line, x = [], indent
            line.append((x, word))
            x += w + (space if word.space else 0.0)
        if line:
            last = line[-1][1]
            found.append((line, x - (space if last.space else 0.0), True))
    return found


def height(found, size: float) -> float:
    """The height the lines take."""
    ends = sum(1 for _, _, end in found if end)
    return len(found) * size * LEADING + max(0, ends - 1) * size * PARAGRAPH_GAP


def fitted(text: str, width: float, height_: float, size: float, styles: Styles,
           icons: frozenset[str] = frozenset()) -> float:
    """The size, at most `size`, at which `text` fills the box; raises TextDoesNotFit when it
    would be below MIN_TEXT (or a single word is wider than the box at MIN_TEXT)."""
    register_fonts()
    paragraphs = parse(text, icons)
    while paragraphs:
        found = lines(paragraphs, width, size, styles)
        wide = any(w > width + 1e-6 for _, w, _ in found)
        if not wide and height(found, size) <= height_ + 1e-6:
            return size
        if size <= MIN_TEXT + 1e-9:
            raise TextDoesNotFit(f"its text does not fit {width / 2.8346:.0f} x {height_ / 2.8346:.0f} mm even at "
                                 f"{MIN_TEXT:g} pt; shorten it or make its box larger")
        size = max(MIN_TEXT, size * 0.94)
    return size


def draw(c, text: str, x: float, y: float, width: float, height_: float, size: float, colour, styles: Styles,
         icons: frozenset[str] = frozenset(), draw_icon: Callable | None = None, align: str = "left",
         valign: str = "top") -> None:
    """`text` in the box (x, y, width, height), shrunk to fit (not below MIN_TEXT: the readers
    check it fits), aligned left, center or right, and top, middle or bottom."""
    try:
        size = fitted(text, width, height_, size, styles, icons)
    except TextDoesNotFit:
        size = MIN_TEXT
    paragraphs = parse(text, icons)
    found = lines(paragraphs, width, size, styles)
    used = height(found, size)
    top = y + height_ - {"top": 0.0, "middle": (height_ - used) / 2, "bottom": height_ - used}[valign]
    baseline = top - size * 0.82
    bullets = iter([b for b, _ in paragraphs])
    starting = True
    c.setFillColor(colour)
    for line, w, end in found:
        shift = {"left": 0.0, "center": (width - w) / 2, "right": width - w}[align]
        if starting:
            if next(bullets, False):
                c.setFont(styles.regular, size)
                c.drawString(x + shift, baseline, "\u2022")
        for at, word in line:
            if word.icon:
                if draw_icon is not None:
                    draw_icon(c, word.icon, x + shift + at + size * 0.02, baseline - size * 0.16, size)
                    c.setFillColor(colour)
                continue
            t = c.beginText(x + shift + at, baseline)
            for face, run in runs(word.text, styles.of(word.style)):
                t.setFont(face, size)
                t.textOut(run)
            c.drawText(t)
        starting = end
        baseline -= size * LEADING + (size * PARAGRAPH_GAP if end else 0.0)
