"""The movement-grid vocabulary (generator/games/symbols.py): plain data an engine can import
without the kit's drawing code, the one table the kit's tiles and legend and an engine read, with
the designer's own symbols and names ([symbols.KEY]) and overlay grids (docs/rulings/duel.md, rulings 4-7)."""

import subprocess
import sys

import pytest

from generator.games.symbols import ACTIONS, AREA, GRID_CHARS, SYMBOLS, Vocabulary, cells, tile_letters


class Refused(Exception):
    pass


def fail(section, key, message):
    return Refused(f"{section}|{key}|{message}")


def grid_fail(message):
    return Refused(message)


def test_the_vocabulary_imports_without_reportlab():
    code = "import sys, generator.games.symbols; print('reportlab' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_every_symbol_of_the_duel_rulings_with_its_engine_meaning():
    assert "".join(SYMBOLS) == "OmjsJxcnNdDh" and GRID_CHARS == set(SYMBOLS) | {"."}
    for key, symbol in SYMBOLS.items():
        assert symbol.key == key and symbol.name and symbol.meaning and symbol.ruled
        assert symbol.action in ACTIONS or (key == "O" and symbol.action is None)
    assert [s.key for s in SYMBOLS.values() if not s.captures] == list("OcnNdDh")   # n, N: never take
    assert (SYMBOLS["n"].action, SYMBOLS["N"].action) == ("move", "jump")
    assert AREA == "cdDh"                      # what an overlay grid may hold (ruling 6)


def test_a_designer_renames_a_built_in_symbol_and_adds_one_of_their_own():
    vocab = Vocabulary.read({"move": {"name": "Advance", "text": "Go there."},
                             "dread": {"letter": "f", "shape": "star"},
                             "rally": {"letter": "r", "shape": "diamond", "text": "A rally point.", "area": True}},
                            fail)
    assert vocab.symbols["m"].name == "Advance" and vocab.symbols["m"].action == "move"
    assert "d" not in vocab.symbols and vocab.symbols["f"].action == "dread" and vocab.symbols["f"].shape == "star"
    rally = vocab.symbols["r"]
    assert rally.action is None and not rally.ruled and rally.area and "r" in vocab.area
    assert vocab.read_tile_grid(["r.r", ".O.", "..."], grid_fail, area_only=True)


@pytest.mark.parametrize("tables,message", [
    ({"dred": {"letter": "q"}}, "did you mean 'dread'?"),
    ({"move": {"lettre": "M"}}, "did you mean 'letter'?"),
    ({"move": {"letter": "j"}}, "letter 'j' is already the letter of 'jump'"),
    ({"move": {"shape": "blob"}}, "unknown shape 'blob'"),
    ({"move": {"letter": "."}}, "expected one character"),
])
def test_bad_symbol_tables_say_what_was_expected(tables, message):
    with pytest.raises(Refused, match=message.replace("?", r"\?").replace("(", r"\(")):
        Vocabulary.read(tables, fail)


def test_grids_and_overlays_follow_ruling_5_and_6():
    vocab = Vocabulary.default()
    grid = vocab.read_tile_grid(["..m..", ".J.s.", "nmOmN", ".x.x.", "..j.."], grid_fail)
    aura = vocab.read_tile_grid(["..D..", ".h.d.", "cdOdc", ".....", "....."], grid_fail, area_only=True)
    vocab.check_aura(grid, aura, grid_fail)
    merged = cells(grid, aura)
    assert merged[0, 2] == "mD" and merged[2, 0] == "nc" and merged[2, 2] == "O" and (4, 0) not in merged
    with pytest.raises(Refused, match="'Move' \\(m\\) cannot stand in an overlay grid"):
        vocab.read_tile_grid(["m..", ".O.", "..."], grid_fail, area_only=True)
    with pytest.raises(Refused, match="unknown symbol 'q'"):
        vocab.read_tile_grid(["q..", ".O.", "..."], grid_fail)
    with pytest.raises(Refused, match="must have its O where its face's grid has it"):
        vocab.check_aura(("...", ".O.", "..."), ("O..", "...", "..."), grid_fail)
    with pytest.raises(Refused, match="same size"):
        vocab.check_aura(("...", ".O.", "..."), (".....", ".....", "..O..", ".....", "....."), grid_fail)


def test_letters_follow_ruling_7():
    keys = ["jarl", "freeman", "archer", "axe", "ulf"]
    assert tile_letters(keys, {"archer": "J"}) == {"jarl": "A", "freeman": "F", "archer": "J", "axe": "X",
                                                   "ulf": "U"}
