"""What a print shop checks, read back from the PDFs: embedded fonts, page boxes, bleed, cut marks,
sizes printed on the cover, overlaps, the mini board's pieces."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest
from pdfread import font_report, page_shapes, read_pdf, render_page
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.config import load_game
from generator.kit import layout
from generator.kit.model import load_kit
from generator.kit.render import build
from generator.units import mm

ROOT = Path(__file__).resolve().parents[1]
MM = mm(1)


@pytest.fixture(scope="module")
def full_build(tmp_path_factory):
    """`pnp build` of the repository's game: the kit (with the rulebook) and the examples booklet."""
    out = tmp_path_factory.mktemp("full")
    result = CliRunner().invoke(app, ["build", "--game", str(ROOT), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_every_font_of_the_kit_and_the_examples_booklet_is_embedded(full_build):
    for name in ("siege-of-armagh-a4.pdf", "siege-of-armagh-examples-a4.pdf"):
        fonts = font_report(full_build / name)
        assert fonts, name
        assert all(fonts.values()), f"{name}: not embedded: {[f for f, ok in fonts.items() if not ok]}"
        assert any("DejaVuSansMono" in f for f in fonts), name    # the move notation's font


# Bleed, crop marks and page boxes ------------------------------------------------------------------

BLEED = 2 * MM


@pytest.fixture(scope="module")
def bleed_build(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bleed-game")
    source = (ROOT / "components.toml").read_text(encoding="utf-8")
    (folder / "components.toml").write_text(source.replace('bleed = "0mm"', 'bleed = "2mm"'), encoding="utf-8")
    kit = load_kit(load_game(folder))
    path = build(kit, tmp_path_factory.mktemp("bleed"))
    return kit, path, read_pdf(path)


def _pieces(page) -> list[tuple[float, float, float, float]]:
    """Trim rects (x0, y0, x1, y1) of the pieces on a page, read from their forms (which carry
    the bleed), a fold-over pair merged into one."""
    rects = sorted((f.x + BLEED, f.y + BLEED, f.x + f.w - BLEED, f.y + f.h - BLEED) for f in page.forms
                   if f.art != "board" and not f.art.startswith("icon-") and f.matrix[0] == 1)
    merged: list[tuple[float, float, float, float]] = []
    for r in rects:
        pair = next((m for m in merged if abs(m[2] - r[0]) < 0.01 and abs(m[1] - r[1]) < 0.01
                     and abs(m[3] - r[3]) < 0.01), None)
        if pair:
            merged[merged.index(pair)] = (pair[0], pair[1], r[2], pair[3])
        else:
            merged.append(r)
    return merged


def test_every_piece_bleeds_including_the_tracker_and_the_player_aids(bleed_build):
    kit, _, pages = bleed_build
    planned = [p for page in layout.impose(kit) for p in page.placements]
    drawn = [f for page in pages for f in page.forms if f.art != "board" and not f.art.startswith("icon-")]
    assert {p.art for p in planned} >= {"tracker", "aid", "irish", "viking-front"}
    for p in planned:       # each form is the trim size plus the bleed all round
        assert any(abs(f.x - (p.rect.x - BLEED)) < 0.01 and abs(f.y - (p.rect.y - BLEED)) < 0.01
                   and abs(f.w - (p.rect.w + 2 * BLEED)) < 0.01 and abs(f.h - (p.rect.h + 2 * BLEED)) < 0.01
                   for f in drawn), p


def test_bleeds_never_merge_a_white_gap_separates_every_two_pieces(bleed_build):
    kit, path, pages = bleed_build
    checked = 0
    for index, page in enumerate(pages):
        pieces = _pieces(page)
        if not pieces:
            continue
        image, scale = render_page(path, index, dpi=100)
        height = image.height

        def white(x, y):
            return min(image.getpixel((int(x * scale), int(height - y * scale)))) > 245

        for a in pieces:
            ax, ay = (a[0] + a[2]) / 2, (a[1] + a[3]) / 2
            # the art reaches 1 mm past each trim edge ...
            for x, y in ((a[0] - MM, ay), (a[2] + MM, ay), (ax, a[1] - MM), (ax, a[3] + MM)):
                assert not white(x, y), (a, x, y)
            for b in pieces:        # ... and the middle of the gutter to a neighbour is paper
                if abs(b[1] - a[1]) < 0.01 and 0 < b[0] - a[2] < 20 * MM:
                    assert b[0] - a[2] >= 2 * BLEED + 3 * MM - 0.01
                    assert white((a[2] + b[0]) / 2, ay)
                    checked += 1
                if abs(b[0] - a[0]) < 0.01 and 0 < a[1] - b[3] < 20 * MM:
                    assert a[1] - b[3] >= 2 * BLEED + 3 * MM - 0.01
                    assert white(ax, (a[1] + b[3]) / 2)
                    checked += 1
    assert checked > 30


def test_every_cut_line_of_every_piece_is_marked_at_both_ends_outside_the_bleed(bleed_build):
    _, _, pages = bleed_build
    checked = 0
    for page in pages:
        pieces = _pieces(page)
        if not pieces:
            continue
        folds = {(round(s.x0, 2), round(s.y0, 2), round(s.x1, 2), round(s.y1, 2)) for s in page.segments if s.dashed}
        marks = [s for s in page.segments if not s.dashed     # (a fold line has a white line under it)
                 and (round(s.x0, 2), round(s.y0, 2), round(s.x1, 2), round(s.y1, 2)) not in folds]
        art = [(x0 - BLEED, y0 - BLEED, x1 + BLEED, y1 + BLEED) for x0, y0, x1, y1 in pieces]
        for s in marks:             # no mark runs into any piece's art
            for x0, y0, x1, y1 in art:
                inside_x = min(s.x0, s.x1) < x1 - 0.01 and max(s.x0, s.x1) > x0 + 0.01
                inside_y = min(s.y0, s.y1) < y1 - 0.01 and max(s.y0, s.y1) > y0 + 0.01
                assert not (inside_x and inside_y), (s, (x0, y0, x1, y1))

        def marked(vertical, at, lo, hi):
            """A mark on the line `at`, at least 1.9 mm long, wholly beyond lo (below) or hi (above)."""
            found = {"low": False, "high": False}
            for s in marks:
                if vertical and abs(s.x0 - at) < 0.01 and abs(s.x1 - at) < 0.01:
                    a, b = sorted((s.y0, s.y1))
                elif not vertical and abs(s.y0 - at) < 0.01 and abs(s.y1 - at) < 0.01:
                    a, b = sorted((s.x0, s.x1))
                else:
                    continue
                if b - a >= 1.9 * MM:
                    found["low"] |= b <= lo - BLEED + 0.01
                    found["high"] |= a >= hi + BLEED - 0.01
            return found["low"] and found["high"]

        for x0, y0, x1, y1 in pieces:
            for x in (x0, x1):
                assert marked(True, x, y0, y1), ("vertical cut", x, (x0, y0, x1, y1))
            for y in (y0, y1):
                assert marked(False, y, x0, x1), ("horizontal cut", y, (x0, y0, x1, y1))
                ends = [s for s in marks if abs(s.y0 - y) < 0.01 and abs(s.y1 - y) < 0.01]
                assert any(min(s.x0, s.x1) <= 0.01 for s in ends)             # across the sheet:
                assert any(max(s.x0, s.x1) >= page.width - 0.01 for s in ends)  # edge to edge
            checked += 1
    assert checked >= 40


def test_page_boxes_are_the_sheet_not_a_box_around_many_pieces(bleed_build):
    _, path, _ = bleed_build
    for page in PdfReader(str(path)).pages:
        media = [float(v) for v in page.mediabox]
        assert [float(v) for v in page.trimbox] == media
        assert [float(v) for v in page.bleedbox] == media
        assert "/TrimBox" in page and "/BleedBox" in page     # stated, as PDF/X asks


def test_vertical_crop_marks_are_long_enough_to_lay_a_ruler_on(full_build):
    """The cover and the board tiles say the marks across run to the paper's edges and each cut
    down a strip has a mark above and below it: the marks agree with the words."""
    pages = read_pdf(full_build / "siege-of-armagh-a4.pdf")
    reader = PdfReader(str(full_build / "siege-of-armagh-a4.pdf"))
    text = " ".join(reader.pages[0].extract_text().split())
    assert "reach the paper's edge" not in text
    assert "run out to both edges of the paper" in text and "a short mark above and below each one" in text
    tiles = 0
    for page in pages:
        if not any(not f.art.startswith(("icon-", "rulebook-")) and f.matrix[0] == 1 for f in page.forms):
            continue                                # pieces and board tiles, not the pictures or diagrams
        tiles += any(f.art == "board" for f in page.forms)
        vertical = [s for s in page.segments if not s.dashed and abs(s.x0 - s.x1) < 0.01
                    and abs(s.y1 - s.y0) < 10 * MM]
        assert vertical and all(abs(s.y1 - s.y0) >= 1.9 * MM for s in vertical)
    assert tiles == 4
    tile = " ".join(reader.pages[next(i for i, p in enumerate(pages) if any(f.art == "board" and f.matrix[0] == 1
                                                                          for f in p.forms))].extract_text().split())
    assert "run out to the paper's sides" in tile and "a mark above and below the tile" in tile


def test_cover_sizes_are_printed_to_the_half_millimetre(full_build):
    text = " ".join(PdfReader(str(full_build / "siege-of-armagh-a4.pdf")).pages[0].extract_text().split())
    for phrase in ("8 Viking troops, 31.5 mm", "8 Irish troops, 31.5 mm", "8 River tiles, 40.5 mm",
                   "5 Villages, 36 mm", "Monastery's Treasure, 27 mm", "8 Stun markers, 18 mm"):
        assert phrase in text, phrase


# The mini board is playable: its own pieces ------------------------------------------------------

def test_the_mini_board_has_a_sheet_of_mini_pieces_that_fit_its_squares(full_build):
    kit = load_kit(load_game(ROOT))
    path = full_build / "siege-of-armagh-a4.pdf"
    pages = read_pdf(path)
    plans = layout.impose(kit, extra=len(pages) - len(layout.impose(kit)))
    mini = next(page for page, plan in zip(pages, plans) if plan.kind == "mini")
    scale = next(f.matrix[0] for f in mini.forms if f.art == "board")
    square = kit.square * scale                                      # as printed
    assert 20 * MM < square < 26 * MM
    sheets = [page for page, plan in zip(pages, plans) if plan.kind == "mini-pieces"]
    assert sheets
    drawn = [f for page in sheets for f in page.forms if not f.art.startswith("icon-")]
    counts = load_game(ROOT).counts
    assert Counter(f.art for f in drawn) == Counter({
        "viking-front": counts.viking_troops, "viking-chief": counts.chiefs,
        "viking-berserker": counts.berserkers, "viking-raider": counts.plain_vikings,
        "irish": counts.irish_troops, "village": counts.villages, "village-looted": counts.villages,
        "river": counts.river_tiles, "treasure": counts.treasure, "stun": counts.stun_markers})
    fraction = {"viking-front": 0.7, "viking-chief": 0.7, "viking-berserker": 0.7, "viking-raider": 0.7,
                "irish": 0.7, "village": 0.8, "village-looted": 0.8, "river": 0.9, "treasure": 0.6, "stun": 0.4}
    for f in drawn:                 # the same fraction of a mini square as of a real one
        assert abs(f.w - fraction[f.art] * square) < 0.1 * MM and f.w < square, f
    text = PdfReader(str(path)).pages[plans.index(next(p for p in plans if p.kind == "mini"))].extract_text()
    assert "mini pieces" in text


# Nothing drawn over something else ------------------------------------------------------------------

def test_diagram_badges_overlap_no_badge_and_no_file_letter(full_build):
    """The move-number badges (filled discs, as are the crosses of refused moves) never cover one
    another, and never the file letters under a diagram's board."""
    checked = 0
    for name in ("siege-of-armagh-a4.pdf", "siege-of-armagh-examples-a4.pdf"):
        reader = PdfReader(str(full_build / name))
        for index in range(len(reader.pages)):
            circles, words = page_shapes(reader, index)
            discs = [c for c in circles if c.paint.startswith("B")]
            for i, a in enumerate(discs):
                for b in discs[i + 1:]:
                    assert math.hypot(a.x - b.x, a.y - b.y) >= a.r + b.r, (name, index + 1, a, b)
            letters = [(x, y, size) for text, x, y, size in words if len(text) == 1 and text in "abcdefgh"]
            for disc in discs:
                for x, y, size in letters:
                    near_x = x - disc.r < disc.x < x + 0.6 * size + disc.r
                    near_y = y - 0.2 * size - disc.r < disc.y < y + 0.7 * size + disc.r
                    assert not (near_x and near_y), (name, index + 1, disc, (x, y))
            checked += len(discs)
    assert checked >= 40


def test_nothing_on_the_cover_sits_on_the_set_up_boards_frame(full_build):
    """The set-up picture's pieces stand on its squares and its marker (the Treasure) beside the
    board: nothing covers the frame, where the board's words are."""
    kit = load_kit(load_game(ROOT))
    cover = read_pdf(full_build / "siege-of-armagh-a4.pdf")[1]   # the cover's second page: the set-up
    board = next(f for f in cover.forms if f.art == "board")
    geo = layout.board_geometry(kit)
    scale = board.matrix[0]
    inner = (board.x + geo.frame * scale, board.y + geo.frame_y * scale,
             board.x + board.w - geo.frame * scale, board.y + board.h - geo.frame_y * scale)
    icons = [f for f in cover.forms if f.art.startswith("icon-")]
    assert any(f.art == "icon-treasure" and f.y + f.h < board.y for f in icons)    # under the board
    for f in icons:
        x0, y0, x1, y1 = f.x, f.y, f.x + f.w, f.y + f.h
        on_squares = x0 >= inner[0] - 0.01 and y0 >= inner[1] - 0.01 and x1 <= inner[2] + 0.01 and y1 <= inner[3] + 0.01
        off_board = x1 <= board.x or x0 >= board.x + board.w or y1 <= board.y or y0 >= board.y + board.h
        assert on_squares or off_board, f
        assert y0 >= kit.margin + layout.FOOTER - 0.01                   # above the footer


@pytest.mark.parametrize("square", ["45mm", "50mm", "57mm"])
def test_alignment_targets_keep_off_the_boards_words(square, tmp_path):
    """Read from the tiles: every target (a stroked circle, its cross TARGET_REACH radii long)
    covers none of the words in the board's frame; each seam still has at least three."""
    game = load_game(ROOT)
    kit = load_kit(game, square=square)
    path = build(kit, tmp_path)
    geo = layout.board_geometry(kit)
    words = game.faces.board_words(geo)
    reader = PdfReader(str(path))
    r = layout.target_radius(geo)
    reach = r * layout.TARGET_REACH
    seams: Counter = Counter()
    for index, page in enumerate(read_pdf(path)):
        board = next((f for f in page.forms if f.art == "board" and f.matrix[0] == 1), None)
        if board is None:
            continue
        circles, _ = page_shapes(reader, index)
        targets = [(c.x - board.x, c.y - board.y) for c in circles if c.paint == "S" and abs(c.r - r) < 0.01]
        assert targets
        for x, y in targets:
            for w in words:
                assert not (x - reach < w.x1 and w.x < x + reach and y - reach < w.y1 and w.y < y + reach), \
                    (square, index + 1, (x, y), w)
            seams[round(x, 1) if geo.frame < x < geo.width - geo.frame else ("y", round(y, 1))] += 1
    assert seams and all(n >= 3 for n in seams.values()), seams


def test_a_title_in_any_script_prints_its_letters_not_boxes(tmp_path):
    """The bundled bold has ASCII only and the regular Latin-1: other letters come from the regular
    face or the fallback font, on the cover, in every page header and on the cards."""
    title = "Πόλεμος · Осада · Château d’Éole"
    source = (ROOT / "components.toml").read_text(encoding="utf-8")
    (tmp_path / "components.toml").write_text(source.replace('title = "Siege of Armagh"', f'title = "{title}"'),
                                              encoding="utf-8")
    result = CliRunner().invoke(app, ["build", "--game", str(tmp_path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "chateau-deole-a4.pdf"       # the file name folds the title to ASCII
    pages = PdfReader(str(pdf)).pages
    assert pages[0].extract_text().startswith(title)
    assert all(title.upper() in page.extract_text() for page in pages[1:4])
    fonts = {str(font["/BaseFont"]) for page in pages for font in page["/Resources"]["/Font"].values()}
    assert any("DejaVuSerif" in name for name in fonts)
