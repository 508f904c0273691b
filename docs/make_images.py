"""Redraw the pictures of docs/components.md (docs/img/*.png) from the shipped and test game
folders, with the kit's own drawing code. A maintainer's tool, run from the repository root:

    python docs/make_images.py

Each picture is a row of faces at their real size, drawn on one PDF page and rasterised."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.config import load_game  # noqa: E402
from generator.kit.faces import draw_face  # noqa: E402
from generator.kit.layout import board_geometry  # noqa: E402
from generator.kit.model import load_kit  # noqa: E402
from generator.kit.render import build  # noqa: E402
from generator.kit.showcase import build_showcase  # noqa: E402
from generator.pdf import INK, new_canvas, rasterize  # noqa: E402
from generator.units import mm  # noqa: E402

OUT = ROOT / "docs" / "img"
GAMES, TESTS = ROOT / "games", ROOT / "tests" / "games"
GAP, DPI = mm(4), 100

# A demonstration of the built-in layouts and of every element, as a designer would write it.
DEMO = """
[game]
package = "components"
title = "Layouts"

[icons]
lantern = "art/lantern.svg"
coin = "art/coin.svg"

[layouts.elements]
[layouts.elements.rect]
type = "rect"
x = 0.06
y = 0.05
w = 0.88
h = 0.2
radius = "3mm"
fill = "#e8dcc0"
stroke = "#3b2a20"
[layouts.elements.text]
type = "text"
text = "text: **bold**, *italic*, an icon :coin: in the words"
x = 0.1
y = 0.07
w = 0.8
h = 0.16
size = 11
colour = "#231f1c"
valign = "middle"
[layouts.elements.image]
type = "image"
art = "art/lantern.svg"
fit = "contain"
x = 0.06
y = 0.3
w = 0.4
h = 0.3
[layouts.elements.icon]
type = "icon"
icon = "coin"
x = 0.54
y = 0.3
w = 0.4
h = 0.3
[layouts.elements.circle]
type = "circle"
x = 0.1
y = 0.66
w = "22mm"
h = "22mm"
fill = "#8e3b2a"
[layouts.elements.line]
type = "line"
x = 0.52
y = 0.66
w = 0.28
h = 0.25
stroke = "#3b2a20"
stroke_width = "1mm"
[layouts.elements.turned]
type = "text"
text = "rotate = 90"
x = 0.86
y = 0.62
w = 0.1
h = 0.34
rotate = 90
size = 9
colour = "#231f1c"

[cards.plain]
title = "Plain"
fill = "#6b3d1e"
text = "The default layout: a title band over a panel of text. **Bold**, *italic*, lists:\\n\\n- one :coin:\\n- two"
back = false

[cards.standard]
layout = "standard"
title = "Standard"
fill = "#3f6e33"
fields = { cost = 3, type = "Type line", flavour = "Flavour text, in italics.", icon = "lantern" }
text = "Title, cost badge, art box, type line, rules text and flavour text."
back = false

[cards.art]
layout = "art"
title = "Art"
fill = "#2c4a5e"
art = "art/board.svg"
text = "The art covers the card; the text sits on a panel."
back = false

[cards.icon]
layout = "icon"
title = "Icon"
fill = "#a8401f"
fields = { icon = "coin" }
text = "A large icon: tokens, tiles, simple cards."
back = false

[cards.elements]
layout = "elements"
title = "Elements"
fill = "#efe6d2"
back = false
"""


def faces_png(folder: Path, names: list[str], out: str, scale: float = 1.0, label: bool = True) -> None:
    """The faces `names` of the game in `folder`, side by side at `scale` times their real size."""
    game = load_game(folder)
    kit = load_kit(game)
    sizes = {}
    for piece in kit.pieces:
        for front, back in piece.copies():
            for face in (front, back):
                if face:
                    sizes[face] = (piece.width * scale, piece.height * scale)
    width = sum(sizes[n][0] for n in names) + GAP * (len(names) + 1)
    height = max(sizes[n][1] for n in names) + 2 * GAP
    _page(out, (width, height), lambda c: _row(c, kit, names, sizes, label))


def _row(c, kit, names, sizes, label) -> None:
    x = GAP
    for name in names:
        w, h = sizes[name]
        draw_face(c, kit.faces, name, x, GAP, (w, h), label=None if label else "")
        c.setStrokeColor(INK)
        c.setLineWidth(0.4)
        c.rect(x, GAP, w, h, stroke=1, fill=0)
        x += w + GAP


def _page(out: str, size, draw) -> None:
    with tempfile.TemporaryDirectory() as work:
        pdf = Path(work) / "page.pdf"
        c = new_canvas(str(pdf), size)
        draw(c)
        c.showPage()
        c.save()
        rasterize(pdf, OUT, dpi=DPI, stem=out)


def board_png(folder: Path, out: str, width: float = mm(110)) -> None:
    kit = load_kit(load_game(folder))
    geo = board_geometry(kit)
    scale = width / geo.width

    def draw(c):
        c.scale(scale, scale)
        kit.faces.board(c, geo, ink_saver=False)
    _page(out, (geo.width * scale, geo.height * scale), draw)


def page_png(folder: Path, page: int, out: str) -> None:
    with tempfile.TemporaryDirectory() as work:
        pdf = build(load_kit(load_game(folder)), Path(work))
        rasterize(pdf, Path(work), dpi=40, pages=page)
        shutil.copy(sorted(Path(work).glob("*.png"))[page - 1], OUT / out)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    hoard, duel, valley, longhouse = GAMES / "hoard", GAMES / "tile-duel", TESTS / "valley", TESTS / "longhouse"
    board_png(hoard, "board-hoard.png")
    board_png(duel, "board-duel.png")
    faces_png(longhouse, ["chieftain-hearth-front", "chieftain-hearth-back", "shieldbearer-hearth-front",
                          "skald-frost-front"], "tiles.png")
    faces_png(longhouse, ["legend"], "legend.png", 0.8)
    faces_png(hoard, ["warriors-ember-1", "warriors-ember-3", "warriors-ember-back", "warriors-tide-5",
                      "warriors-tide-back"], "warriors.png")
    faces_png(hoard, ["palisades", "gold-1", "gold-2", "gold-5"], "palisade-gold.png")
    faces_png(valley, ["reinforcement-moss-Extra palisade", "power-Scout", "power-Double", "gold-2"], "words.png")
    faces_png(hoard, ["score-1"], "track.png", 0.8)
    faces_png(hoard, ["score-marker-stone", "score-marker-stone-lap", "score-marker-ember", "score-marker-tide",
                      "score-marker-thorn"], "markers.png", 1.5)
    faces_png(valley, ["screen-moss"], "screen.png", 0.45)
    faces_png(duel, ["turn", "turn-back"], "cards.png", 0.8)
    faces_png(hoard, ["reminder", "reminder-back"], "card-mini.png", 0.8)
    faces_png(valley, ["turn"], "aid.png", 0.6)
    faces_png(valley, ["rounds"], "tracker.png", 0.6)
    with tempfile.TemporaryDirectory() as work:
        demo = Path(work) / "demo"
        (demo / "art").mkdir(parents=True)
        for name in ("lantern.svg", "coin.svg"):
            shutil.copy(GAMES / "lantern-market" / "art" / name, demo / "art" / name)
        shutil.copy(duel / "art" / "board.svg", demo / "art" / "board.svg")
        (demo / "components.toml").write_text(DEMO)
        faces_png(demo, ["plain", "standard", "art", "icon"], "layouts.png", 0.8)
        faces_png(demo, ["elements"], "elements.png", 1.0)
    page_png(GAMES / "lantern-market", 3, "deck-sheet.png")
    with tempfile.TemporaryDirectory() as work:
        picture = build_showcase(load_kit(load_game(GAMES / "lantern-market")), Path(work))
        from PIL import Image
        with Image.open(picture) as image:
            image.resize((image.width // 3, image.height // 3)).save(OUT / "showcase.png")
    print("\n".join(sorted(p.name for p in OUT.glob("*.png"))))


if __name__ == "__main__":
    main()
