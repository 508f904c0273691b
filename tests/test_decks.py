"""Decks from a spreadsheet, faces from layouts, sheets that waste nothing (docs/components.md):
a deck of 54 poker cards written from the docs builds to at most 8 A4 pages with 9 cards to a
sheet; data and layout faults name the file's row or components.toml's line; boards tile upright
or turned and keep their seams off marked squares; a folder without a board prints none."""

from __future__ import annotations

import csv
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from folders import copy_game
from pdfread import font_report, read_pdf
from PIL import Image
from pypdf import PdfReader

from generator import build
from generator.config import load_game
from generator.errors import GameFileError
from generator.kit import layout
from generator.kit.layouts import BUILT_IN, read_layouts
from generator.kit.model import load_kit
from generator.units import mm

ROOT = Path(__file__).resolve().parents[1]
DECK = Path(__file__).resolve().parent / "games" / "deck"
POPPLER = shutil.which("pdftoppm")


def cards_per_page(path: Path) -> list[int]:
    return [sum(1 for f in page.forms if f.art.startswith("deck-")) for page in read_pdf(path)]


def test_a_54_card_deck_from_a_spreadsheet_takes_six_a4_sheets_and_eight_pages_in_all(tmp_path):
    path = build.run(game=DECK, out=tmp_path, warn=lambda text: None)[0]
    pages = PdfReader(str(path)).pages
    assert len(pages) <= 8
    assert [n for n in cards_per_page(path) if n] == [9] * 6
    assert all(font_report(path).values())
    text = " ".join(page.extract_text() for page in pages)
    assert "Low Tide" in text and "The sand remembers" in text and ":wave:" not in text   # icons drawn, not typed
    if POPPLER:
        done = subprocess.run([POPPLER, "-r", "12", "-png", str(path), str(tmp_path / "p")], capture_output=True,
                              text=True)
        assert done.stderr == ""


def test_cards_are_one_sided_unless_a_back_is_asked_for(tmp_path):
    """A deck written without a `back` key prints fronts only, 9 to a sheet, as card PnPs do."""
    folder = copy_game(tmp_path / "g", DECK, names=("components.toml", "deck.csv"), edit=[("back = false\n", "")])
    assert "back" not in (folder / "components.toml").read_text().split("[cards.")[1]
    pages = layout.impose(load_kit(load_game(folder)))
    cards = [p for p in pages if any(placed.piece.startswith("deck") for placed in p.placements)]
    assert len(cards) == 6 and all(len(p.placements) == 9 for p in cards)


def test_two_sided_cards_take_twice_the_sheets_in_duplex_each_back_behind_its_front(tmp_path):
    folder = copy_game(tmp_path / "g", DECK, names=("components.toml", "deck.csv"),
                       edit=[("back = false", 'back = true')])
    kit = load_kit(load_game(folder), duplex="long")
    pages = layout.impose(kit)
    fronts = [p for p in pages if p.kind == "duplex"]
    backs = [p for p in pages if p.kind == "back" and p.shift == (0, 0)]   # not the shifted sets
    # backs that differ get the duplex bleed, and the gutters it needs: 2 x 3 cards a sheet, not 3 x 3
    assert len(fronts) == len(backs) and sum(len(p.placements) for p in fronts) == 54
    assert all(len(f.placements) == len(b.placements) for f, b in zip(fronts, backs))
    for front, back in zip(fronts, backs):
        for placed, behind in zip(front.placements, back.placements):
            mirrored = layout.mirror(kit, placed.rect, front.width, front.height)
            assert abs(mirrored.x - behind.rect.x) < 1e-6 and abs(mirrored.y - behind.rect.y) < 1e-6


def test_an_xlsx_workbook_gives_the_same_deck_as_the_csv(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    folder = copy_game(tmp_path / "g", DECK, names=("components.toml",), edit=[('data = "deck.csv"', 'data = "deck.xlsx"')])
    book = openpyxl.Workbook()
    sheet = book.active
    with (DECK / "deck.csv").open(newline="") as source:
        for row in csv.reader(source):
            sheet.append([int(v) if v.isdigit() else v for v in row])
    book.save(folder / "deck.xlsx")
    from_xlsx = load_game(folder).tables["pieces"]["deck"]["faces"]
    from_csv = load_game(DECK).tables["pieces"]["deck"]["faces"]
    assert [n for _, _, n in from_xlsx] == [n for _, _, n in from_csv] and sum(n for _, _, n in from_csv) == 54


def test_cards_on_letter_turn_a_quarter_when_that_saves_sheets():
    kit = load_kit(load_game(DECK), paper="letter")
    sheets = [p for p in layout.impose(kit) if p.kind == "pieces"]
    upright_per_sheet = 3 * 2                      # 3 across, 2 down: 88 mm cards do not fit 3 high on Letter
    assert len(sheets) <= -(-54 // upright_per_sheet)
    assert all(p.rect.w < p.rect.h for s in sheets for p in s.placements if not p.turn)


@pytest.mark.parametrize("csv_edit,message,row", [
    (("Gull,1,Creature,8", "Gull,1,Creature,eight"), r"deck.csv:4: column count: expected a whole number", 4),
    (("#6e6e6e", "#6e6e6x"), r"deck.csv:4: column fill: expected a colour", 4),
])
def test_a_bad_cell_names_the_data_file_its_row_and_the_column(tmp_path, csv_edit, message, row):
    folder = copy_game(tmp_path / "g", DECK, names=("components.toml",))
    (folder / "deck.csv").write_text((DECK / "deck.csv").read_text().replace(*csv_edit))
    with pytest.raises(GameFileError, match=message) as caught:
        load_game(folder)
    assert caught.value.path.name == "deck.csv" and caught.value.line == row


def test_an_unknown_column_in_a_template_names_its_line_and_lists_the_columns(tmp_path):
    folder = copy_game(tmp_path / "g", DECK, names=("components.toml", "deck.csv"), edit=[
        ('layout = "standard"', 'layout = "mine"'),
        (None, '[layouts.mine]\nextends = "standard"\n\n[layouts.mine.note]\ntype = "text"\ntext = "Costs {{ price }}"')])
    with pytest.raises(GameFileError, match=r"'price' is undefined; .*the columns of deck.csv: title, cost, type") as caught:
        load_game(folder)
    lines = (folder / "components.toml").read_text().splitlines()
    assert caught.value.line == next(n for n, line in enumerate(lines, start=1) if "price" in line)
    (folder / "deck.csv").write_text((DECK / "deck.csv").read_text().replace("Worth 1 point", "Worth {{ points }}"))
    (folder / "components.toml").write_text((DECK / "components.toml").read_text())
    with pytest.raises(GameFileError, match=r"deck.csv:6: column text: .*'points' is undefined; .*the columns of deck.csv"):
        load_game(folder)


def test_text_that_cannot_fit_its_box_names_the_card_and_the_field(tmp_path):
    folder = copy_game(tmp_path / "g", DECK, names=("components.toml",))
    long = " ".join(["The tide turns and every shell on the shore must be counted again."] * 12)
    (folder / "deck.csv").write_text((DECK / "deck.csv").read_text().replace("Worth 4 points at the end.", long))
    with pytest.raises(GameFileError, match=r"deck.csv:7: column text: .*does not fit") as caught:
        load_game(folder)
    assert caught.value.path.name == "deck.csv"


@pytest.mark.parametrize("toml,message", [
    ('[layouts.mine]\nextends = "standrd"', r"\[layouts.mine\] extends: unknown layout 'standrd' \(did you mean 'standard'\?\)"),
    ('[layouts.mine]\nextends = "standard"\n[layouts.mine.title]\nszie = 12', r"unknown key 'szie' .*did you mean 'size'"),
    ('[layouts.mine]\nextends = "mine"', r"extends 'mine', which extends it: a loop"),
    ('[layouts.mine.badge]\ntype = "hexagon"', r"\[layouts.mine.badge\] type: expected one of text, image"),
])
def test_bad_layouts_say_what_was_expected(tmp_path, toml, message):
    folder = copy_game(tmp_path / "g", DECK, names=("components.toml", "deck.csv"), edit=[(None, toml)])
    with pytest.raises(GameFileError, match=message):
        load_game(folder)


def test_a_layout_extends_another_changing_its_elements_and_adding_its_own():
    def fail(section, key, message):
        return ValueError(message)

    layouts = read_layouts({"mine": {"extends": "standard", "title": {"size": 20, "align": "center"},
                                     "seal": {"type": "circle", "x": "5mm", "y": 0.9, "w": "6mm", "h": "6mm"}}},
                           fail, ())
    mine, standard = layouts["mine"], layouts["standard"]
    assert [e.name for e in mine.elements] == [*BUILT_IN["standard"], "seal"]
    title = next(e for e in mine.elements if e.name == "title")
    assert title.size == 20 and title.align == "center" and title.font == "title"   # the rest kept
    seal = mine.elements[-1]
    x, y, w, h = seal.box(mm(63), mm(88))
    assert abs(x - mm(5)) < 1e-6 and abs(y - (mm(88) - 0.9 * mm(88) - mm(6))) < 1e-6    # from the top left
    assert standard.elements[0].name == "ground"


def test_a_folder_without_a_board_prints_no_board():
    kit = load_kit(load_game(DECK))
    kinds = Counter(p.kind for p in layout.impose(kit))
    assert not {"board", "mini", "mini-pieces"} & set(kinds)


def test_boards_tile_upright_or_turned_whichever_takes_fewer_sheets():
    tessera = load_kit(load_game(ROOT / "games" / "tile-duel"))
    tiles = [p for p in layout.impose(tessera) if p.kind == "board"]
    assert len(tiles) == 2 and all(p.width > p.height for p in tiles)        # 6 x 6 at 40 mm: two landscape sheets
    siege = load_kit(load_game(ROOT))
    tiles = [p for p in layout.impose(siege) if p.kind == "board"]
    assert len(tiles) == 4 and all(p.width < p.height for p in tiles)


def test_board_seams_keep_off_the_marked_squares_where_the_sheet_allows():
    kit = load_kit(load_game(ROOT / "games" / "tafl"))
    geo = layout.board_geometry(kit)
    plan = layout.board_plan(kit)
    throne_rank = (geo.height - geo.frame_y - 6 * geo.square, geo.height - geo.frame_y - 5 * geo.square)
    assert all(not throne_rank[0] + 1e-6 < y < throne_rank[1] - 1e-6 for y in plan.rows.seams)   # rank 6, from the top
    cuts = layout.cuts(100.0, 70.0, 10.0, marked=((40.0, 60.0),), lines=(40.0, 60.0))
    assert cuts.seams == (40.0,) and cuts.sizes == (45.0, 65.0)          # each tile still within 70
    assert layout.cuts(100.0, 70.0, 10.0).seams == (50.0,)                # nothing marked: equal tiles
    assert layout.cuts(100.0, 60.0, 10.0, marked=((40.0, 60.0),), lines=(40.0, 60.0)).seams == (50.0,)  # no room


def test_the_showcase_is_a_picture_of_the_components(tmp_path):
    paths = build.run(game=DECK, out=tmp_path, showcase=True, warn=lambda text: None)
    picture = next(p for p in paths if p.suffix == ".png")
    assert picture.name == "tidewatch-showcase.png"
    with Image.open(picture) as image:
        assert image.size[0] > 2000 and image.size[0] > image.size[1]
        assert len(image.convert("RGB").getcolors(1 << 20)) > 50                  # cards drawn, not a blank
    assert not list(tmp_path.glob(".*"))                                            # no work file left behind


def test_a_large_token_is_drawn_from_a_layout_with_its_value_as_title(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "components.toml").write_text(
        '[game]\npackage = "components"\ntitle = "Relics"\n\n[tokens.relic]\nsize = "40mm"\nlayout = "icon"\n'
        'values = { "Crown" = 2, "Lamp" = 1 }\nfields = { icon = "crown" }\ntext = "Worth 3 at the end."\n')
    path = build.run(game=folder, out=tmp_path / "out", warn=lambda text: None)[0]
    text = " ".join(page.extract_text() for page in PdfReader(str(path)).pages)
    assert text.count("Crown") >= 2 and "Lamp" in text and "Worth 3 at the end." in text
