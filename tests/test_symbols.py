"""The movement-grid vocabulary (generator/games/symbols.py): plain data an engine can import
without the kit's drawing code, the one list the kit's legend and the components reader use."""

import subprocess
import sys

from generator.games.symbols import ACTIONS, GRID_CHARS, SYMBOLS
from generator.kit import kinds


def test_the_vocabulary_imports_without_reportlab():
    code = "import sys, generator.games.symbols; print('reportlab' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_each_symbol_is_keyed_by_its_character_with_an_engine_meaning():
    assert list(SYMBOLS) == ["O", "m", "j", "s", "J", "x", "c"] and GRID_CHARS == set(SYMBOLS) | {"."}
    for key, symbol in SYMBOLS.items():
        assert symbol.key == key and symbol.name and symbol.meaning
        assert symbol.action in ACTIONS or (key == "O" and symbol.action is None)
    assert [s.key for s in SYMBOLS.values() if not s.captures] == ["O", "c"]
    assert kinds.SYMBOLS is SYMBOLS   # the kit draws from the same table, defined once
