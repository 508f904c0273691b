"""Rebuild the bundled fonts: EB Garamond 12 (Georg Duffner, SIL Open Font License 1.1, see
OFL.txt; no Reserved Font Name) cut down to Latin-1 and common punctuation, with lining figures
mapped to the digits (the kit prints board coordinates, tile names and counts, where old-style
figures read badly: "A1" would look like "Aı"). EB Garamond 12 Bold has old-style figures only
(a bold "1" reads as "ı", a "2" as "z"), so its digits are replaced by the lining figures of the
same family's later release (EB Garamond by Octavio Pardo, OFL 1.1, a variable font), instanced at
the weight whose stems match the bold's.

The subset fonts are small and quick to load (about 1 ms each instead of 10 ms), which matters
because the kit must build in a fraction of a second. This is a maintainer's tool, not part of
the build; it needs fontTools (`pip install fonttools`) and the full fonts, for example from
Debian's fonts-ebgaramond-extra package, and DejaVu Sans Mono (the move notation; Bitstream Vera
licence with DejaVu's public-domain changes, see LICENSE-DejaVu.txt) from fonts-dejavu-core, and
DejaVu Serif Bold (the figures on tokens and score tracks) from fonts-dejavu-extra, and the
variable `EBGaramond[wght].ttf` (PyPI's fontpkg-eb-garamond ships it):

    python generator/fonts/make_subsets.py /usr/share/fonts/truetype/ebgaramond /usr/share/fonts/truetype/dejavu \
        PATH/TO/EBGaramond[wght].ttf
"""

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

UNICODES = [*range(0x20, 0x7F), *range(0xA0, 0x100), *range(0x2010, 0x2028), *range(0x2030, 0x203B),
            *range(0x2190, 0x2194), 0x2212, 0x2022, 0x2026]
STYLES = ("Regular", "Bold", "Italic")
DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
BOLD_FIGURE_WEIGHT = 575   # the later release's weight whose stems match EB Garamond 12 Bold's


def _subset(font: TTFont, target: Path) -> None:
    options = subset.Options()
    options.layout_features = ["kern"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=UNICODES)
    subsetter.subset(font)
    font.save(target)


def _lining_figures_from(font: TTFont, variable: str) -> None:
    """Give `font`'s digits the lining figures (`one.lf`...) of the variable EB Garamond at
    BOLD_FIGURE_WEIGHT: outlines and advance widths (both fonts have 1000 units per em and the
    same cap height)."""
    from fontTools.varLib import instancer

    donor = instancer.instantiateVariableFont(TTFont(variable), {"wght": BOLD_FIGURE_WEIGHT})
    for name in DIGITS:
        font["glyf"][name] = donor["glyf"][f"{name}.lf"]
        font["hmtx"][name] = donor["hmtx"][f"{name}.lf"]


def main(source: str, mono_source: str, variable: str) -> None:
    here = Path(__file__).parent
    for style in STYLES:
        font = TTFont(Path(source) / f"EBGaramond12-{style}.ttf")
        glyphs = set(font.getGlyphOrder())
        if "one.lnum" not in glyphs:
            _lining_figures_from(font, variable)
        for table in font["cmap"].tables:
            for digit, name in enumerate(DIGITS):
                if f"{name}.lnum" in glyphs and 0x30 + digit in table.cmap:
                    table.cmap[0x30 + digit] = f"{name}.lnum"
        _subset(font, here / f"EBGaramond12-{style}.ttf")
    # the name keeps no "Bitstream" or "Vera", as the Bitstream Vera licence asks of changed fonts
    _subset(TTFont(Path(mono_source) / "DejaVuSansMono.ttf"), here / "DejaVuSansMono.ttf")
    # the figures of tokens and tracks: lining, heavy, readable small
    _subset(TTFont(Path(mono_source) / "DejaVuSerif-Bold.ttf"), here / "DejaVuSerif-Bold.ttf")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/ebgaramond",
         sys.argv[2] if len(sys.argv) > 2 else "/usr/share/fonts/truetype/dejavu",
         sys.argv[3] if len(sys.argv) > 3 else "EBGaramond[wght].ttf")
