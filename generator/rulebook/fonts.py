"""The rulebook's fonts: the kit's bundled EB Garamond (art/fonts/, SIL OFL), registered by the
kit's own helper (`generator.kit.art.register_fonts`) under the kit's names, so both share one
registration.

The bundled bold has ASCII glyphs only. Text set in bold (headings, captions, **strong**) passes
through `bold_safe`, which sets any other character (’ — “ ” é) in the regular face, registered
again as `GLYPHS` so that paragraph markup does not map it back to the bold file.
"""

from __future__ import annotations

from functools import lru_cache
from xml.sax.saxutils import escape

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..kit.art import BOLD, FONT_DIR, FONTS, ITALIC, SERIF
from ..kit.art import register_fonts as _kit_register_fonts

SERIF_BOLD, SERIF_ITALIC = BOLD, ITALIC
GLYPHS = "Garamond-Glyphs"  # the regular face under a name with no bold or italic mapping
MONO = "Courier"            # move notation in running text: a standard PDF font, no file


@lru_cache(maxsize=None)
def register_fonts() -> str:
    """Register the family (through the kit) and its bold/italic mapping; returns the regular
    face's name."""
    _kit_register_fonts()
    if GLYPHS not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(GLYPHS, str(FONT_DIR / FONTS[SERIF])))
    addMapping(SERIF, 0, 0, SERIF)
    addMapping(SERIF, 1, 0, SERIF_BOLD)
    addMapping(SERIF, 0, 1, SERIF_ITALIC)
    addMapping(SERIF, 1, 1, SERIF_BOLD)  # no bold italic in the bundle
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(GLYPHS, bold, italic, GLYPHS)
    return SERIF


def bold_safe(text: str, escaped: bool = True) -> str:
    """Paragraph markup for bold text: characters the bold face lacks are set in the regular one.
    `text` is already escaped markup unless `escaped` is False."""
    if not escaped:
        text = escape(text)
    if text.isascii():
        return text
    return "".join(ch if ch.isascii() else f'<font face="{GLYPHS}">{ch}</font>' for ch in text)
