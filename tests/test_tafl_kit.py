"""The Tafl game end to end: its kit read back from the PDF (pages, piece counts equal to the data,
trim sizes, board tiles, duplex backs, bleed), its rulebook (every example passes; a wrong one
fails with the difference shown), the lab with every AI, and the commands on games/tafl."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.config import load_game
from generator.games.tafl import TaflGame
from generator.kit import layout
from generator.kit.model import load_kit
from generator.kit.render import build
from generator.lab.players import PlayerSpec
from generator.lab.simulate import Variant, make_tasks, plan_variants, play_game
from generator.rulebook import build_rulebook
from generator.units import mm
from test_kit import A4, LETTER, MM, pieces_drawn, read_pdf, real_size

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "games" / "tafl"
SQUARE = 33 * MM
SIZES = {"tafl-attacker": 0.8, "tafl-defender": 0.8, "tafl-king": 0.9, "tafl-turn": 0.45}


@pytest.fixture(scope="module")
def game():
    return load_game(FOLDER)


@pytest.fixture(scope="module")
def fold_build(game, tmp_path_factory):
    kit = load_kit(game)
    path = build(kit, tmp_path_factory.mktemp("tafl-fold"))
    return kit, path, real_size(kit, read_pdf(path))  # the mini pieces are the print tests' business


def test_the_folder_is_the_tafl_package_on_11_x_11(game):
    assert isinstance(game, TaflGame) and game.size == 11 and game.board.files == 11
    values = game.template_values()
    assert (values["attackers"], values["defenders"], values["kings"], values["turn_limit"]) == (24, 12, 1, 30)


def test_pages_are_a4_with_title_and_page_numbers(fold_build):
    _, path, _ = fold_build
    every = PdfReader(str(path)).pages
    assert all((float(p.mediabox.width), float(p.mediabox.height)) == pytest.approx(A4, abs=0.01) for p in every)
    for number, page in enumerate(every, start=1):
        text = page.extract_text()
        assert "TAFL" in text and f"page {number} of {len(every)}" in text


def test_piece_counts_equal_the_game_data(game, fold_build):
    _, _, pages = fold_build
    values = game.template_values()
    assert pieces_drawn(pages) == Counter({
        "tafl-attacker": values["attackers"], "tafl-defender": values["defenders"],
        "tafl-king": values["kings"], "tafl-turn": 2,          # one marker, folded: front and back
        "tracker": 1, "aid": 2})


def test_trim_sizes_within_a_tenth_of_a_millimetre(fold_build):
    _, _, pages = fold_build
    seen = set()
    for page in pages:
        for form in page.forms:
            if form.art in SIZES:
                assert form.matrix[:4] == pytest.approx([1, 0, 0, 1])
                assert abs(form.w - SIZES[form.art] * SQUARE) < 0.1 * MM
                assert abs(form.h - SIZES[form.art] * SQUARE) < 0.1 * MM
                seen.add(form.art)
            elif form.art == "aid":
                assert abs(form.w - 95 * MM) < 0.1 * MM and abs(form.h - 150 * MM) < 0.1 * MM
    assert seen == set(SIZES)


@pytest.mark.parametrize("paper,size", [("a4", A4), ("letter", LETTER), ("both", (mm(210), 792.0))])
def test_the_11_x_11_board_tiles_on_2_x_2_sheets_of_every_paper(game, paper, size):
    kit = load_kit(game, paper=paper)
    assert kit.page_size == pytest.approx(size)
    tiles = [p for p in layout.impose(kit) if p.kind == "board"]
    assert [t.board.tile for t in tiles] == ["A1", "A2", "B1", "B2"]
    geo = layout.board_geometry(kit)
    assert (geo.files, geo.ranks, geo.square) == (11, 11, pytest.approx(SQUARE))


@pytest.mark.parametrize("mode", ["long", "short"])
def test_duplex_prints_the_same_faced_marker_once_and_needs_no_calibration(game, tmp_path, mode):
    """The turn marker has the same face on both sides: printed double-sided, it goes once on a
    single-sided sheet, so the kit has no back pages and no calibration sheet to print."""
    kit = load_kit(game, duplex=mode)
    path = build(kit, tmp_path)
    pages = real_size(kit, read_pdf(path))
    holding = [p for p in pages if any(f.art == "tafl-turn" for f in p.forms)]
    assert len(holding) == 1 and sum(f.art == "tafl-turn" for f in holding[0].forms) == 1
    text = " ".join(page.extract_text() for page in PdfReader(str(path)).pages)
    assert "calibration" not in text.lower() and "flip on the" not in text
    piece_pages = [p for p in pages if any(f.art in SIZES for f in p.forms)]
    assert not any(s.dashed for p in piece_pages for s in p.segments)     # no fold lines in duplex


def test_the_turn_marker_fits_inside_a_track_space(game):
    kit = load_kit(game)
    assert kit.piece("turn_marker").width < kit.piece("turn_track").width


def test_bleed_spaces_the_pieces_and_sets_a_trim_box(game, tmp_path):
    folder = tmp_path / "tafl"
    folder.mkdir()
    source = (FOLDER / "components.toml").read_text(encoding="utf-8")
    (folder / "components.toml").write_text(source.replace('bleed = "0mm"', 'bleed = "2mm"'), encoding="utf-8")
    kit = load_kit(load_game(folder), ink_saver=True)
    pages = real_size(kit, read_pdf(build(kit, tmp_path / "out")))
    sheets = [p for p in pages if any(f.art == "tafl-attacker" for f in p.forms)]
    assert sheets and all(p.trimbox for p in sheets)
    xs = sorted({round(f.x, 2) for f in sheets[0].forms if f.art == "tafl-attacker"})
    assert xs[1] - xs[0] == pytest.approx(0.8 * SQUARE + 2 * 2 * MM + 4 * MM, abs=0.01)  # 2 x bleed + 4 mm apart


def test_a_9_x_9_folder_with_its_setup_file_builds_its_own_kit(tmp_path):
    """Ruling 3: another size takes its setup from a diagram in the game folder; the kit's counts,
    cover picture and board marks follow it (40 mm squares still tile on 2 x 2 sheets)."""
    folder = tmp_path / "tablut"
    folder.mkdir()
    shutil.copy(FOLDER / "setup-9.txt", folder)
    source = (FOLDER / "components.toml").read_text(encoding="utf-8")
    source = source.replace("size = 11 ", 'size = 9\nsetup = "setup-9.txt" ')
    source = source.replace('square = "33mm"', 'square = "40mm"')
    (folder / "components.toml").write_text(source, encoding="utf-8")
    game = load_game(folder)
    kit = load_kit(game)
    assert (kit.board_files, kit.piece("attacker").count, kit.piece("defender").count) == (9, 16, 8)
    assert [p.board.tile for p in layout.impose(kit) if p.kind == "board"] == ["A1", "A2", "B1", "B2"]
    assert game.faces.board.keywords["setup"] == game.setup_tokens()
    assert len(dict(game.kit_hooks().setup)["tafl-attacker"]) == 16
    pages = real_size(kit, read_pdf(build(kit, tmp_path / "out")))
    assert pieces_drawn(pages)["tafl-attacker"] == 16


def test_the_cover_shows_the_setup_and_the_kit_hooks_follow_the_game(game):
    hooks = game.kit_hooks()
    setup = dict(hooks.setup)
    assert len(setup["tafl-attacker"]) == 24 and len(setup["tafl-defender"]) == 12
    assert setup["tafl-king"] == (game.board.parse_square("f6"),)
    assert "f6" in hooks.board_notes and any("24 attackers" in step for step in hooks.setup_steps)


def test_faces_tell_the_sides_apart_in_greyscale(tmp_path):
    """Attackers dark, defenders light, the king gold: mean grey levels far apart (ruling 2)."""
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from generator.games.tafl.art import FACES
    from generator.kit.faces import draw_face

    path = tmp_path / "faces.pdf"
    c = Canvas(str(path), pagesize=(300, 100))
    for k, face in enumerate(("tafl-attacker", "tafl-defender", "tafl-king")):
        draw_face(c, FACES, face, 100 * k, 0, 100)
    c.save()
    image = pdfium.PdfDocument(str(path))[0].render(scale=1).to_pil().convert("L")
    grey = [sum(image.crop((100 * k, 0, 100 * k + 100, 100)).tobytes()) / 10000 for k in range(3)]
    assert grey[0] < 90 and grey[1] > 170 and abs(grey[2] - grey[0]) > 30


# The rulebook ---------------------------------------------------------------------------------------

def test_the_rulebook_builds_with_every_example_passing(game):
    result = build_rulebook(game, FOLDER / "rules.md", None)
    assert result.examples >= 25 and result.failed == 0 and result.pages >= 8
    assert not result.warnings
    for heading in ("Capturing", "The king", "Optional rules", "Quick reference"):
        assert heading in result.headings


def test_pnp_check_passes_and_a_wrong_example_fails_with_the_difference(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["check", str(FOLDER / "rules.md"), str(FOLDER / "examples.md")])
    assert result.exit_code == 0 and "0 failed" in result.output
    text = (FOLDER / "rules.md").read_text(encoding="utf-8")
    start = text.index("title: Two attackers catch a defender between them")
    after = text.index("expect:", start)
    row = text.index("\n 4 . . . . A . A", after)
    wrong = text[:row] + "\n 4 . . . . A D A" + text[row + len("\n 4 . . . . A . A"):]
    (tmp_path / "rules.md").write_text(wrong, encoding="utf-8")
    result = runner.invoke(app, ["check", str(tmp_path / "rules.md")])
    assert result.exit_code == 1
    assert "FAILED  Two attackers catch a defender between them" in result.output
    assert "f4: expected D, got ." in result.output and "[D]" in result.output


# The lab --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ai", ["random", "greedy", "mcts:4"])
def test_every_ai_plays_tafl_quickly(game, ai):
    players = PlayerSpec.for_sides(["attackers", "defenders"], [ai], 4)
    small = Variant("7", changes=(("board_size", 7),))
    for task in make_tasks(2, players, small, seed=3, turn_cap=60, game=game):
        record = play_game(task)
        assert record["winner"] in ("attackers", "defenders", None)
        assert record["termination"] in ("king-escaped", "king-captured", "no-moves", "turn-cap")
        assert record["turns"] <= 61


def test_sweeps_over_options_and_board_sizes_are_planned(game):
    variants = plan_variants(game, [None], {}, [("edge-king", ["off", "on"]), ("board_size", ["7", "9", "11"])])
    assert [v.label for v in variants][:2] == ["edge-king=off board_size=7", "edge-king=off board_size=9"]
    assert variants[0].game(game).size == 7 and variants[0].game(game).new_initial_state().count("A") == 8
    with pytest.raises(ValueError, match="no setup for a 13 x 13 board"):
        game.with_numbers(board_size=13)


def test_simulate_command_reports_win_rates_by_board_size(tmp_path):
    out = tmp_path / "lab" / "sim"
    result = CliRunner().invoke(app, ["simulate", "--game", str(FOLDER), "-n", "2", "--ai", "random",
                                      "--vary", "board_size=7,9", "--turn-cap", "40", "--workers", "1",
                                      "--no-progress", "--no-png", "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.with_suffix(".json").read_text())
    assert report["variants"] == ["board_size=7", "board_size=9"]
    for summary in report["summaries"].values():
        assert {"attackers", "defenders"} <= set(summary) and len(summary["attackers"]["ci95"]) == 2


def test_nothing_is_hidden(game):
    state = game.new_initial_state()
    for side in (state.to_move, state.to_move.other):
        view = state.view(side)
        assert not view.is_hidden() and view.diagram() == state.diagram()


# The commands on the game folder ---------------------------------------------------------------------

def test_pnp_rules_lists_the_numbers_and_build_writes_the_kit_with_its_rulebook(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["rules", "--game", str(FOLDER)])
    assert result.exit_code == 0 and "attackers = 24" in result.output and "turn_limit = 30" in result.output
    folder = tmp_path / "tafl"
    shutil.copytree(FOLDER, folder, ignore=shutil.ignore_patterns("output"))
    result = runner.invoke(app, ["build", "--game", str(folder), "--paper", "letter"])
    assert result.exit_code == 0, result.output
    pdf = folder / "output" / "tafl-letter.pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(str(pdf)).pages[:3])
    assert "Rules, page 1 of" in text and "SET-UP AT A GLANCE" in text
    assert (folder / "output" / "tafl-examples-letter.pdf").exists()     # the booklet, beside the kit
