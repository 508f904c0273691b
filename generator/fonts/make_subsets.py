"""Rebuild the bundled fonts: EB Garamond 12 (Georg Duffner, SIL Open Font License 1.1, see
OFL.txt; no Reserved Font Name) cut down to Latin-1 and common punctuation, with lining figures
mapped to the digits (the kit prints board coordinates, tile names and counts, where old-style
figures read badly: "A1" would look like "Aı").

The subset fonts are small and quick to load (about 1 ms each instead of 10 ms), which matters
because the kit must build in a fraction of a second. This is a maintainer's tool, not part of
the build; it needs fontTools (`pip install fonttools`) and the full fonts, for example from
Debian's fonts-ebgaramond-extra package:

    python generator/fonts/make_subsets.py /usr/share/fonts/truetype/ebgaramond
"""

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

UNICODES = [*range(0x20, 0x7F), *range(0xA0, 0x100), *range(0x2010, 0x2028), *range(0x2030, 0x203B),
            *range(0x2190, 0x2194), 0x2212, 0x2022, 0x2026]
STYLES = ("Regular", "Bold", "Italic")


def main(source: str) -> None:
    here = Path(__file__).parent
    for style in STYLES:
        font = TTFont(Path(source) / f"EBGaramond12-{style}.ttf")
        glyphs = set(font.getGlyphOrder())
        for table in font["cmap"].tables:
            for digit, name in enumerate(("zero", "one", "two", "three", "four", "five", "six",
                                          "seven", "eight", "nine")):
                if f"{name}.lnum" in glyphs and 0x30 + digit in table.cmap:
                    table.cmap[0x30 + digit] = f"{name}.lnum"
        options = subset.Options()
        options.layout_features = ["kern"]
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        options.glyph_names = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=UNICODES)
        subsetter.subset(font)
        font.save(here / f"EBGaramond12-{style}.ttf")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/ebgaramond")
