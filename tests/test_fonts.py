"""The bundled fonts as a reader sees them: every face sets lining figures, so "rank 1" never reads
"rank ı" and a bold "2" never looks like a "z" (the kit's titles, tile names and headings are bold)."""

import pytest
from PIL import Image, ImageDraw, ImageFont

from generator.pdf import FONT_DIR, FONTS


def ink_height(font: ImageFont.FreeTypeFont, text: str) -> int:
    """How far `text`'s ink rises above the baseline, in pixels, as FreeType draws it."""
    image = Image.new("L", (400, 400), 0)
    ImageDraw.Draw(image).text((20, 300), text, font=font, fill=255, anchor="ls")
    return 300 - image.getbbox()[1]


@pytest.mark.parametrize("face", ["Garamond", "Garamond-Bold", "Garamond-Italic"])
def test_every_digit_stands_as_tall_as_a_capital(face):
    font = ImageFont.truetype(str(FONT_DIR / FONTS[face]), 200)
    capital, small = ink_height(font, "H"), ink_height(font, "x")
    for digit in "0123456789":
        height = ink_height(font, digit)
        # lining figures reach (nearly) the cap height; old-style ones stop near the x-height
        assert height > small + 0.7 * (capital - small), (face, digit, height, capital, small)
