"""One component vocabulary for every game (docs/components.md): folders written as a designer
would, from the docs alone, build in fold-over and duplex with every font embedded and with
poppler and pdfium silent on every page, the shipped kits too. Siege takes the designer's own
Viking art; a tile set uses every symbol of the duel family; a territory game's full set differs
per side; bad input is one located error with a "did you mean"."""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from folders import copy_game
from pdfread import font_report, read_pdf, render_page
from pypdf import PdfReader

from generator import build
from generator.config import load_game
from generator.errors import GameFileError
from generator.kit.model import load_kit
from generator.kit.render import build as build_kit

ROOT = Path(__file__).resolve().parents[1]
TESTS = Path(__file__).resolve().parent / "games"
POPPLER = shutil.which("pdftoppm")


def siege_with_own_art(dest: Path) -> Path:
    """Siege of Armagh where the designer drew the Viking troop's front and the Irish troop."""
    folder = copy_game(dest, ROOT, names=("components.toml", "rules.md"), edit=[
        ('front = "viking-front"', 'front = "art/viking.svg"'),
        (None, '[faces]\nirish = "art/irish.svg"')])
    (folder / "art").mkdir(exist_ok=True)
    for name in ("viking.svg", "irish.svg"):
        shutil.copy(TESTS / "art" / name, folder / "art" / name)
    return folder


FOLDERS = {
    "siege": lambda tmp: ROOT,
    "tafl": lambda tmp: ROOT / "games" / "tafl",
    "tessera": lambda tmp: ROOT / "games" / "tile-duel",
    "hoardfall": lambda tmp: ROOT / "games" / "hoard",
    "lantern-market": lambda tmp: ROOT / "games" / "lantern-market",
    "deck": lambda tmp: TESTS / "deck",
    "siege-own-art": siege_with_own_art,
    "longhouse": lambda tmp: TESTS / "longhouse",
    "valley": lambda tmp: TESTS / "valley",
}


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """Every folder built in fold-over and long-edge duplex (the rulebook included), once."""
    made: dict[tuple[str, str], Path] = {}

    def get(name: str, mode: str) -> Path:
        if (name, mode) not in made:
            tmp = tmp_path_factory.mktemp(name)
            folder = FOLDERS[name](tmp / "game")
            paths = build.run(game=folder, out=tmp / "out", duplex=None if mode == "fold" else "long",
                              warn=lambda text: None)
            made[name, mode] = paths[0]
        return made[name, mode]
    return get


@pytest.mark.parametrize("mode", ["fold", "duplex"])
@pytest.mark.parametrize("name", list(FOLDERS))
def test_every_page_renders_silently_with_every_font_embedded(kits, name, mode):
    path = kits(name, mode)
    fonts = font_report(path)
    assert fonts and all(fonts.values()), f"fonts not embedded: {[f for f, ok in fonts.items() if not ok]}"
    assert not any(f.split("+")[-1] in ("Helvetica", "Times-Roman", "Times-Bold") for f in fonts)
    document = pdfium.PdfDocument(str(path))
    try:
        for page in document:
            assert page.render(scale=0.15).to_pil().size[0] > 10
    finally:
        document.close()
    if POPPLER:
        done = subprocess.run([POPPLER, "-r", "12", "-png", str(path), str(path.parent / "page")],
                              capture_output=True, text=True)
        assert done.returncode == 0 and done.stderr == "", done.stderr[:400]


def test_siege_prints_the_designers_own_viking_art_and_irish_troop_everywhere(kits):
    path = kits("siege-own-art", "fold")
    pages = read_pdf(path)
    drawn = Counter(f.art for p in pages for f in p.forms)
    assert drawn["art_viking.svg"] == 2 * 8 and drawn["viking-front"] == 0     # each troop, and its mini piece
    irish = next(i for i, p in enumerate(pages) for f in p.forms if f.art == "irish")
    image, _ = render_page(path, irish, dpi=60)
    assert (0x1F, 0x4A, 0x2C) in {colour for _, colour in image.getcolors(1 << 20)}   # the designer's green
    game = load_game(path.parent.parent / "game")
    assert game.faces.draw["irish"] is not load_game(ROOT).faces.draw["irish"]  # diagrams, table, TTS too


def test_a_tile_set_with_every_duel_symbol_draws_each_and_its_legend_says_so(kits):
    game = load_game(TESTS / "longhouse")
    assert set(game.design.vocabulary.symbols) == set("OmjsJxcnNdDho")
    faces = game.faces
    assert {f for f in faces.turned} == {f for f in faces.draw if "-frost-" in f}   # the far side turns
    path = kits("longhouse", "fold")
    text = " ".join(page.extract_text() for page in PdfReader(str(path)).pages)
    for words in ("Shield wall.", "Omen.", "Dread.", "Move, no capture.", "Jump, no capture.", "Defense."):
        assert words in text
    cover = read_pdf(path)[1]   # the cover's set-up page
    board = next(f for f in cover.forms if f.art == "board")
    setup = [f for f in cover.forms if f.art.startswith("icon-") and f.x > board.x]
    far = [f for f in setup if "-frost-" in f.art]
    assert len(far) == 3 and all(f.matrix[0] < 0 and f.matrix[3] < 0 for f in far)     # turned 180 degrees
    assert len(setup) == 6 and all(f.matrix[0] > 0 for f in setup if "-hearth-" in f.art)


def test_a_territory_games_full_set_differs_per_side_and_templates_know_the_side(kits):
    game = load_game(TESTS / "valley")
    values = game.template_values()
    assert values["warriors"] == 16 + 14 + 16 + 13 and values["palisades"] == 35
    pieces = game.tables["pieces"]
    iron = {f: n for f, _, n in pieces["warriors"]["faces"] if f.startswith("warriors-iron-")}
    assert iron == {"warriors-iron-1": 8, "warriors-iron-3": 4, "warriors-iron-6": 1}
    path = kits("valley", "fold")
    text = " ".join(page.extract_text() for page in PdfReader(str(path)).pages)
    for side, count, motto in (("Moss", 16, "We wait."), ("Ash", 14, "We burn."), ("Iron", 13, "We hold.")):
        assert f"{side} clan" in text and f"You hold {count} warriors" in text and motto in text
    assert "pass for the rest of the game" in text             # an included template of the folder
    assert "Extra" in text and "palisade" in text and "Reference cards (scoring)" in text


def test_a_designers_font_is_embedded_and_a_glyph_no_font_has_is_a_warning(tmp_path):
    folder = copy_game(tmp_path / "g", TESTS / "valley", names=("components.toml", "rules.md"), edit=[
        (None, '[fonts]\nbody = "fonts/Body.ttf"'),
        ('Ties share it, rounded down.', 'Ties share it \U0001F5E1, rounded down.')],
        files={"fonts/Body.ttf": (ROOT / "generator" / "fonts" / "DejaVuSansMono.ttf").read_bytes()})
    warnings: list[str] = []
    path = build.run(game=folder, out=tmp_path / "out", warn=warnings.append)[0]
    assert any("U+1F5E1" in w and "Ties share it" in w for w in warnings)
    fonts = font_report(path)
    assert all(fonts.values()) and any("DejaVuSansMono" in f for f in fonts)


def postscript_font(family: str) -> bytes:
    """A small OpenType font with PostScript (CFF) outlines, made here: every letter and digit a
    cubic-curved blob whose width grows with its code, so that text set in it is measurable."""
    import io
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    characters = [chr(c) for c in range(32, 127)]
    names = [".notdef"] + [f"c{ord(ch)}" for ch in characters]
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({ord(ch): f"c{ord(ch)}" for ch in characters})
    outlines, metrics = {}, {}
    for name in names:
        width = 500 if name == ".notdef" else 300 + 3 * (int(name[1:]) - 32)
        pen = T2CharStringPen(width, None)
        if name != "c32":                      # the space has no outline
            pen.moveTo((50, 0))
            pen.curveTo((50, 500), (width - 50, 700), (width - 50, 0))
            pen.closePath()
        outlines[name], metrics[name] = pen.getCharString(), (width, 50)
    builder.setupCFF(family, {"FullName": family}, outlines, {})
    builder.setupHorizontalMetrics(metrics)
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": family, "styleName": "Regular", "psName": f"{family}-Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    out = io.BytesIO()
    builder.save(out)
    assert out.getvalue()[:4] == b"OTTO"
    return out.getvalue()


def test_a_designers_postscript_outline_font_is_converted_and_embedded(tmp_path):
    """An .otf with PostScript (CFF) outlines, as most type foundries ship, is set and embedded
    like a TrueType one: its curves converted, its widths kept."""
    folder = copy_game(tmp_path / "g", TESTS / "valley", names=("components.toml", "rules.md"), edit=[
        (None, '[fonts]\nbody = "fonts/Blobs.otf"')], files={"fonts/Blobs.otf": postscript_font("Blobs")})
    warnings: list[str] = []
    path = build.run(game=folder, out=tmp_path / "out", warn=warnings.append)[0]
    fonts = font_report(path)
    assert all(fonts.values()) and any("Blobs" in f for f in fonts), fonts
    from generator.pdf import register_file_font
    from reportlab.pdfbase.pdfmetrics import stringWidth
    name = register_file_font(folder / "fonts" / "Blobs.otf")
    assert stringWidth("A~", name, 10) == pytest.approx((300 + 3 * 33 + 300 + 3 * 94) / 100)
    bad = folder / "fonts" / "Broken.otf"
    bad.write_bytes(b"OTTO" + b"\0" * 64)
    with pytest.raises(ValueError, match="not a font file"):
        register_file_font(bad)


def test_a_value_with_pdf_delimiters_cannot_corrupt_the_pdf(tmp_path):
    folder = copy_game(tmp_path / "g", TESTS / "valley", names=("components.toml", "rules.md"), edit=[
        ('values = { "Scout" = 2, "Double" = 2, "Swap" = 2 }',
         'values = { "Scout (x) [y]" = 2, "a/b %c" = 2, "Swap" = 2 }')])
    path = build_kit(load_kit(load_game(folder)), tmp_path / "out")
    if POPPLER:
        done = subprocess.run([POPPLER, "-r", "12", "-png", str(path), str(tmp_path / "p")], capture_output=True,
                              text=True)
        assert done.returncode == 0 and done.stderr == ""


@pytest.mark.parametrize("old,new,message", [
    ('name = "Warrior"', 'nmae = "Warrior"', r"unknown key 'nmae' in \[tokens.warriors\] \(did you mean 'name'\?\)"),
    ('[cards.summary]', '[card.summary]', r"unknown section \[card\] \(did you mean 'cards'\?\)"),
    ('emblem = "flame"', 'emblem = "flam"', r"unknown mark 'flam' \(did you mean 'flame'\?\)"),
    ('[tokens.warriors.by_side.ash]', '[tokens.warriors.by_side.ashe]', r"unknown side 'ashe' \(did you mean 'ash'\?\)"),
    ('values = { "Scout" = 2', 'values = { "A very long word for a token" = 2',
     r"\[tokens.power\] values: value 'A very long word for a token' would print at"),
    ('label = "gold"', 'label = "gold found in the deepest cairn"', r"\[tokens.gold\] label: label 'gold found"),
    ('[defaults.tokens]', '[defaults.tokenz]', r"\[defaults\] unknown kind 'tokenz' \(did you mean 'tokens'\?\)"),
])
def test_bad_input_names_the_line_the_key_and_a_near_miss(tmp_path, old, new, message):
    folder = copy_game(tmp_path / "g", TESTS / "valley", names=("components.toml",), edit=[(old, new)])
    with pytest.raises(GameFileError, match=message) as caught:
        load_game(folder)
    lines = (folder / "components.toml").read_text().splitlines()
    assert caught.value.line == next(n for n, line in enumerate(lines, start=1) if new.splitlines()[0] in line)


@pytest.mark.parametrize("old,new,message", [
    ('front = [".....", "..m..", ".mOm.", ".....", "....."]\nback = [".....", ".m.m.", "..O..", "..n..", "....."]',
     'front = [".....", "..m..", ".mOm.", ".....", "....."]\nback = [".....", ".m.m.", "..O..", "..q..", "....."]',
     r"\[tiles.carl\] back: row 4: unknown symbol 'q'"),
    ('front_aura = [".....", ".DDD.", ".DOD.", ".....", "....."]',
     'front_aura = [".....", ".mDD.", ".DOD.", ".....", "....."]',
     r"front_aura: row 2: 'Move' \(m\) cannot stand in an overlay grid"),
    ('[symbols.shield_defense]', '[symbols.shield_defence]', r"did you mean 'shield_defense'\?"),
    ('leader = "chieftain"', 'leader = "cheiftain"', r"\[numbers\] leader: 'cheiftain' is not a \[tiles\] kind "
                                                     r"\(did you mean 'chieftain'\?\)"),
    ('name = "Carl"', 'name = "Carl"\nletter = "K"', r"\[tiles.carl\] letter: 'K' is already the letter of \[tiles.chieftain\]"),
    ('start = "either"', 'start = "both"', r"\[tiles.shieldbearer\] start: expected one of front, either"),
])
def test_bad_tiles_name_the_line_and_what_was_expected(tmp_path, old, new, message):
    folder = copy_game(tmp_path / "g", TESTS / "longhouse", names=("components.toml",), edit=[(old, new)])
    with pytest.raises(GameFileError, match=message):
        load_game(folder)
