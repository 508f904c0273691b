"""The one typed reader of components.toml tables (generator/tables.py): every read is located at
its key's line, and each kind of mistake is worded the same whichever table it is in."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from folders import copy_game
from generator.config import load_game
from generator.errors import GameFileError
from generator.kit.model import load_kit
from generator.tables import MAX_LINE, TableReader
from generator.units import mm

ROOT = Path(__file__).resolve().parents[1]
SOURCE = """[game]
title = "Test"

[numbers]
heroes = 5
name = "text"

[thing]
count = 3
size = 0.5
"""


def reader(tmp_path: Path, source: str = SOURCE, square: float | None = mm(40)) -> TableReader:
    path = tmp_path / "components.toml"
    path.write_text(source, encoding="utf-8")
    r = TableReader.at(path, source)
    r.square = square
    return r


def refused(call, *args, **kwargs) -> GameFileError:
    with pytest.raises(GameFileError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_an_unknown_key_lists_the_accepted_ones_at_its_line(tmp_path):
    r = reader(tmp_path)
    error = refused(r.table, "thing", {"count": 3, "size": 0.5}, ("count",))
    assert error.line == 10 and error.message == "unknown key 'size' in [thing]; accepted keys: count"
    error = refused(r.table, "thing", 3, ("count",))
    assert error.line == 8 and error.message == "[thing] must be a table"


def test_counts_are_whole_numbers_or_names_within_their_bound(tmp_path):
    r = reader(tmp_path)
    r.count_names = lambda: {"heroes": 5}
    assert r.count("thing", "count", 3) == 3 and r.count("thing", "count", "heroes") == 5
    assert refused(r.count, "thing", "count", "heroes", most=4).message == \
        "[thing] count: 5 (heroes = 5) is too many: at most 4"
    for bad in (-1, True, 2.0, "villains"):
        error = refused(r.count, "thing", "count", bad)
        assert error.line == 9
        assert error.message == f"[thing] count: expected a whole number or a count name (heroes), not {bad!r}"
    assert refused(r.count, "thing", "count", "heroes", names=False).message == \
        "[thing] count: expected a whole number, not 'heroes'"
    assert r.count("thing", "count", 10 ** 9, most=None, names=False) == 10 ** 9


def test_lengths_and_sizes(tmp_path):
    r = reader(tmp_path)
    assert r.length("thing", "size", "8mm", mm(3), mm(25)) == pytest.approx(mm(8))
    assert r.length("thing", "size", 0) == 0.0
    assert "bad length 8; expected a length with its unit" in refused(r.length, "thing", "size", 8).message
    assert refused(r.length, "thing", "size", "2mm", mm(3), mm(25)).message == \
        "[thing] size: must be 3 to 25 mm, got 2.0 mm"
    assert r.size("thing", "size", 0.5) == pytest.approx((mm(20), mm(20)))
    assert r.size("thing", "size", "20mm x 30mm") == pytest.approx((mm(20), mm(30)))
    assert r.size("thing", "size", ["20mm", 0.25]) == pytest.approx((mm(20), mm(10)))
    for bad in (float("nan"), float("inf"), True, "big"):
        assert "bad size" in refused(r.size, "thing", "size", bad).message
    assert "expected a size or [w, h]" in refused(r.size, "thing", "size", [1, 2, 3]).message
    assert refused(r.size, "thing", "size", "500mm", mm(400)).message == \
        "[thing] size: '500mm' is 500.0 x 500.0 mm; each side must be more than 0 and at most 400 mm"
    assert refused(r.size, "thing", "size", -1).line == 10


def test_text_colour_choice_and_paths(tmp_path):
    r = reader(tmp_path)
    assert refused(r.text, "thing", "count", 3).message == "[thing] count: must be text, not 3"
    assert "one line of at most" in refused(r.text, "thing", "count", "x" * (MAX_LINE + 1), one_line=True).message
    assert refused(r.texts, "thing", "count", ["a", 1], "steps").message == \
        "[thing] count: expected a list of steps (text)"
    assert r.colour("thing", "count", "#A0b0c0") == "#A0b0c0"
    assert "expected a colour" in refused(r.colour, "thing", "count", "red").message
    assert refused(r.choice, "thing", "count", "c", ("a", "b")).message == \
        "[thing] count: expected one of a, b, not 'c'"
    error = refused(r.path, "thing", "size", "../outside.svg", (".svg",))
    assert error.line == 10 and "leaves the game folder" in error.message


def test_a_dataclass_is_filled_from_its_table(tmp_path):
    @dataclass(frozen=True)
    class Numbers:
        count: int = 1
        name: str = ""

    r = reader(tmp_path)
    assert r.fill("thing", {"count": 3}, Numbers) == Numbers(count=3)
    assert refused(r.fill, "thing", {"count": "x"}, Numbers).message == \
        "[thing] count: expected a whole number, not 'x'"


def edited(tmp_path: Path, game: str, old: str, new: str) -> Path:
    """A copy of a game folder (its own files, not the repository around the default game) with
    one edit to its components.toml."""
    return copy_game(tmp_path / "game", ROOT / game, names=("components.toml", "rules.md", "examples.md"),
                     edit=[(old, new)], setups=True)


def line(folder: Path, number: int) -> str:
    return (folder / "components.toml").read_text(encoding="utf-8").splitlines()[number - 1]


@pytest.mark.parametrize("game,section,text", [
    (".", "game", 'title = "Siege of Armagh"'),
    (".", "print", 'square = "45mm"'),
    (".", "pieces.viking_troop", 'size = 0.7'),
    ("games/hoard", "tokens.gold", 'size = 0.45'),
])
def test_the_three_readers_word_an_unknown_key_alike(tmp_path, game, section, text):
    folder = edited(tmp_path, game, text, text + "\nwibble = 1")
    error = refused(lambda: load_kit(load_game(folder)))
    assert error.message.startswith(f"unknown key 'wibble' in [{section}]; accepted keys: ")
    assert line(folder, error.line).startswith("wibble = 1")


@pytest.mark.parametrize("game,old,new", [
    (".", 'paper = "a4"', 'paper = ["a4"]'),
    (".", 'front = "irish"', 'front = ["irish"]'),
    ("games/hoard", 'd1 = "gold-2"', "d1 = {}"),
    ("games/hoard", "sides = true", 'sides = [["stone"]]'),
    ("games/tile-duel", 'cells = { c1 = "dawn"', 'cells = { c1 = ["dawn"]'),
])
def test_a_list_or_table_where_a_name_is_expected_is_located(tmp_path, game, old, new):
    folder = edited(tmp_path, game, old, new)
    error = refused(lambda: load_kit(load_game(folder)))
    assert line(folder, error.line).startswith(new.split(" = ")[0] + " = ")
