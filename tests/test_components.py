"""Data-only games (the components package): the two example games build in every mode and pass
the Siege kit's geometry checks; the designer's art stays inside the game folder and cannot load
other files; faults name components.toml:line."""

from __future__ import annotations

import os
import re
import shutil
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader
from test_kit import read_pdf, real_size
from typer.testing import CliRunner

from generator.cli import app
from generator.config import load_game
from generator.errors import GameFileError
from generator.kit import layout
from generator.kit.model import load_kit
from generator.kit.render import build
from generator.units import mm

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "games"
MM = mm(1)


def data(game: str) -> dict:
    return tomllib.loads((GAMES / game / "components.toml").read_text(encoding="utf-8"))


def expected_faces(game: str) -> Counter:
    """Every face the kit must print, counted from components.toml alone."""
    d = data(game)
    numbers = d.get("numbers", {})
    sides = list(d.get("sides", {}))
    count = lambda v: numbers[v] if isinstance(v, str) else v  # noqa: E731
    want = Counter()
    for key, tile in d.get("tiles", {}).items():
        for side in sides:
            want[f"{key}-{side}-front"] += tile.get("count", 1)
            want[f"{key}-{side}-back"] += tile.get("count", 1)
    if d.get("tiles"):
        want["legend"] += d.get("style", {}).get("legend", len(sides))
    for key, token in d.get("tokens", {}).items():
        for side in (sides if token.get("sides") else [None]):
            stem = f"{key}-{side}" if side else key
            values = token.get("values") or {"": count(token.get("count", 1))}
            for value, n in values.items():
                want[f"{stem}-{value}" if value else stem] += n
                if token.get("back", bool(token.get("values") and side)):
                    want[f"{stem}-back"] += n
    for key, track in d.get("tracks", {}).items():
        cells = count(track["to"]) + 1
        room = int(180 // float(track.get("cell", "12mm").rstrip("m")))
        for k in range(-(-cells // room)):
            want[f"{key}-{k + 1}"] += 1
        if track.get("markers") is True:        # a marker for each side, a + on its back
            for side in sides:
                want[f"{key}-marker-{side}"] += 1
                want[f"{key}-marker-{side}-lap"] += 1
    for key in d.get("screens", {}):
        for side in sides:
            want[f"{key}-{side}"] += 1
    for key, card in d.get("cards", {}).items():
        want[key] += card.get("count", 1)
        want[f"{key}-back"] += card.get("count", 1)
    return want


def drawn(pages) -> Counter:
    return Counter(f.art for p in pages for f in p.forms if not f.art.startswith("icon-") and f.art != "board")


@pytest.fixture(scope="module", params=["tile-duel", "hoard"])
def built(request, tmp_path_factory):
    game = load_game(GAMES / request.param)
    result = {}
    for mode in (None, "long", "short"):
        kit = load_kit(game, duplex=mode)
        path = build(kit, tmp_path_factory.mktemp(f"{request.param}-{mode}"))
        result[mode] = (kit, path, real_size(kit, read_pdf(path)))  # the mini pieces are checked apart
    return request.param, game, result


def test_piece_counts_equal_the_data(built):
    name, _, builds = built
    want = expected_faces(name)
    for mode, (_, _, pages) in builds.items():
        assert drawn(pages) == want, mode


def sizes(name: str) -> dict[str, tuple[float, float]]:
    """The trim size of every face, in mm, from the data."""
    d = data(name)
    square = float(d["print"]["square"].rstrip("m"))
    out = {}
    for face in expected_faces(name):
        key = face.split("-")[0]
        if key in d.get("tiles", {}):
            out[face] = (0.9 * square, 0.9 * square)
        elif key == "legend":
            continue
        elif key in d.get("tokens", {}):
            size = d["tokens"][key]["size"]
            w, h = (v * square if isinstance(v, float) else float(v[:-2]) for v in
                    (size if isinstance(size, list) else (size, size)))
            out[face] = (w, h)
        elif key in d.get("cards", {}):
            out[face] = {"poker": (63, 88), "mini": (44, 63)}[d["cards"][key]["size"]]
        elif key in d.get("screens", {}):
            out[face] = (180, 124)
        elif key in d.get("tracks", {}) and "-marker-" in face:
            out[face] = (0.8 * 13, 0.8 * 13)            # a marker: 0.8 of a 13 mm cell
        elif key in d.get("tracks", {}):
            out[face] = (13 * 13, 13)
    return out


def test_trim_sizes_within_a_tenth_of_a_millimetre(built):
    name, _, builds = built
    expected = sizes(name)
    seen = set()
    for kit, _, pages in builds.values():
        for page in pages:
            for form in page.forms:
                if form.art in expected:
                    if form.matrix[0] == 0:   # turned a quarter to save a sheet: its upright copies are measured
                        continue
                    w, h = expected[form.art]
                    w, h = w * MM + 2 * kit.bleed, h * MM + 2 * kit.bleed   # the art runs past the trim
                    assert form.matrix[:4] == pytest.approx([1, 0, 0, 1])
                    assert abs(form.w - w) < 0.1 * MM and abs(form.h - h) < 0.1 * MM, form
                    seen.add(form.art)
    assert seen == set(expected)


@pytest.mark.parametrize("mode", ["long", "short"])
def test_duplex_backs_are_mirrored_exactly(built, mode):
    name, _, builds = built
    kit, _, pages = builds[mode]
    backs_of = {f: b for piece in kit.pieces for f, b in piece.copies() if b}
    checked = 0
    plans = [plan for plan in layout.impose(kit) if plan.kind != "mini-pieces" and plan.shift == (0, 0)]
    for front, back in zip(plans, plans[1:]):   # turned units too, from the layout
        if front.kind == "duplex":
            for placed, behind in zip([p for p in front.placements if p.back], back.placements):
                assert layout.mirror(kit, placed.rect, front.width, front.height).x == pytest.approx(behind.rect.x)
                assert behind.art == placed.back
    for index, page in enumerate(pages[:-1]):
        fronts = [f for f in page.forms if f.art in backs_of and f.matrix[0] != 0]   # upright: read from the PDF
        if not fronts or pages[index + 1] is None:
            continue
        backs = [f for f in pages[index + 1].forms if f.art != "board" and not f.art.startswith("icon-")]
        assert len(backs) == len(fronts)
        for front in fronts:
            if mode == "long":
                want = (page.width - front.x - front.w, front.y)
            else:
                want = (front.x, page.height - front.y - front.h)
            match = [b for b in backs if abs(b.x - want[0]) < 0.0005 * MM and abs(b.y - want[1]) < 0.0005 * MM]
            assert len(match) == 1 and match[0].art == backs_of[front.art], front
            checked += 1
    turned = sum(1 for page in pages for f in page.forms if f.art in backs_of and f.matrix[0] == 0)
    assert checked + turned == sum(n for piece in kit.pieces for _, b, n in piece.pairs if b)


@pytest.mark.parametrize("game", ["tile-duel", "hoard"])
@pytest.mark.parametrize("args", [["--paper", "letter", "--ink-saver"], ["--paper", "both", "--png"],
                                  ["--duplex", "short", "--paper", "letter"]])
def test_every_mode_builds_with_the_rulebook(tmp_path, game, args):
    result = CliRunner().invoke(app, ["build", "--game", str(GAMES / game), "--out", str(tmp_path), *args])
    assert result.exit_code == 0, result.output
    pdf = next(p for p in sorted(tmp_path.glob("*.pdf")) if "-examples-" not in p.name)   # the kit, not a booklet
    assert re.search(r"rulebook: \d+ pages", result.output)
    kit = load_kit(load_game(GAMES / game), paper=args[args.index("--paper") + 1],
                   duplex="short" if "--duplex" in args else None)
    text = PdfReader(str(pdf)).pages[layout.pages_before_extra(kit)].extract_text()  # the rulebook's first
    assert "{{" not in text and "Components" in text


@pytest.fixture
def folder(tmp_path):
    """A copy of the hoard game to break."""
    target = tmp_path / "hoard"
    shutil.copytree(GAMES / "hoard", target, ignore=shutil.ignore_patterns("output"))
    return target


def edit(folder: Path, old: str, new: str) -> None:
    path = folder / "components.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(folder: Path, text: str) -> int:
    lines = (folder / "components.toml").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


def test_bleed_extends_the_art_past_the_cut(folder, tmp_path):
    edit(folder, 'paper = "a4"', 'paper = "a4"\nbleed = "2mm"')
    kit = load_kit(load_game(folder))
    pages = real_size(kit, read_pdf(build(kit, tmp_path / "out")))
    gold = [f for p in pages for f in p.forms if f.art == "gold-5"]
    assert gold and abs(gold[0].w - (0.45 * 38 + 4) * MM) < 0.1 * MM
    assert any(p.trimbox for p in pages)


@pytest.mark.parametrize("path", ["../outside.svg", "/etc/passwd.svg", "art/link.svg"])
def test_art_paths_stay_inside_the_game_folder(folder, path):
    (folder.parent / "outside.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>')
    os.symlink(folder.parent / "outside.svg", folder / "art" / "link.svg")
    edit(folder, 'emblem = "art/flame.svg"', f'emblem = "{path}"')
    with pytest.raises(GameFileError) as caught:
        load_game(folder)
    assert caught.value.line == line_of(folder, path) and "leaves the game folder" in str(caught.value)


def test_an_svg_with_an_entity_cannot_read_files(folder):
    secret = folder.parent / "secret.txt"
    secret.write_text("TOP SECRET")
    (folder / "art" / "flame.svg").write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file://{secret}">]>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&xxe;</text></svg>')
    with pytest.raises(GameFileError) as caught:
        load_game(folder)
    assert "flame.svg" in str(caught.value) and "ENTITY" in str(caught.value)
    assert "TOP SECRET" not in str(caught.value)


def test_an_svg_may_not_refer_to_other_files(folder):
    (folder / "art" / "flame.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" '
        'height="10">\n<image xlink:href="../../secret.png" width="10" height="10"/></svg>')
    with pytest.raises(GameFileError, match=r"flame\.svg:2: SVG reference to '../../secret.png' refused"):
        load_game(folder)


@pytest.mark.parametrize("content,problem", [(b"<svg xmlns='http://www.w3.org/2000/svg'><g></svg>", "broken SVG"),
                                             (b"not a picture", "broken image")])
def test_broken_art_names_the_file_and_the_problem(folder, content, problem):
    name = "flame.svg" if b"svg" in content else "flame.png"
    (folder / "art" / name).write_bytes(content)
    edit(folder, 'emblem = "art/flame.svg"', f'emblem = "art/{name}"')
    with pytest.raises(GameFileError) as caught:
        load_game(folder)
    assert name in str(caught.value) and problem in str(caught.value)


def test_a_low_resolution_image_warns_and_still_builds(folder, tmp_path):
    from PIL import Image
    Image.new("RGB", (60, 40), "#806040").save(folder / "art" / "back.png")
    edit(folder, 'mark = "art/nugget.svg"\ntext', 'art = "art/back.png"\nmark = "art/nugget.svg"\ntext')
    game = load_game(folder)
    assert any("back.png" in w and "dpi" in w for w in game.warnings())
    build(load_kit(game), tmp_path / "out")


def test_svg_art_stays_vector(built):
    _, _, builds = built
    _, path, _ = builds[None]
    assert b"/Subtype /Image" not in path.read_bytes()     # every piece of art is paths, no bitmap


@pytest.mark.parametrize("old,new,message", [
    ('front = [".....", "..m..", ".mOm.", ".....", "....."]', 'front = [".....", "..q..", ".mOm.", ".....", "....."]',
     "unknown symbol 'q'"),
    ('front = [".....", "..m..", ".mOm.", ".....", "....."]', 'front = ["...", ".m.", "..."]', "needs exactly one O"),
    ('mark = "art/pike.svg"', 'mark = "sword"', "unknown mark 'sword'"),
    ('cells = { c1 = "dawn"', 'cells = { c9 = "dawn"', "bad square 'c9'"),
    ('size = "poker"\ncount = 2\nmark', 'size = "huge"\ncount = 2\nmark', "expected poker, bridge, tarot, mini"),
    ('On a {{ board_files }}', 'On a {{ board_filez }}', "'board_filez' is undefined"),
])
def test_bad_data_names_components_toml_and_the_line(tmp_path, old, new, message):
    target = tmp_path / "duel"
    shutil.copytree(GAMES / "tile-duel", target, ignore=shutil.ignore_patterns("output"))
    edit(target, old, new)
    with pytest.raises(GameFileError) as caught:
        load_game(target)
    assert message in str(caught.value)
    assert caught.value.path.name == "components.toml"
    assert caught.value.line == line_of(target, new.splitlines()[0])


def test_no_rules_engine_simulate_says_so_and_check_passes(tmp_path):
    """Hoardfall's kit as a data-only game (package components): nothing to simulate."""
    folder = tmp_path / "kit-only"
    shutil.copytree(GAMES / "hoard", folder, ignore=shutil.ignore_patterns("output"))
    edit(folder, 'package = "territory"', 'package = "components"')
    (folder / "rules.md").write_text("# Rules\n\nPlace warriors; raise palisades.\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["simulate", "-n", "1", "--no-progress", "--game", str(folder)])
    assert result.exit_code == 2 and "has no rules engine" in result.output
    result = CliRunner().invoke(app, ["check", str(folder / "rules.md"), "--game", str(folder)])
    assert result.exit_code == 0 and "0 passed, 0 failed" in result.output


def test_square_option_rescales_the_board_and_the_pieces_given_as_fractions():
    kit = load_kit(load_game(GAMES / "hoard"), square="34mm")
    assert abs(kit.piece("palisades").width - 34 * MM) < 0.01 and abs(kit.piece("warriors").width - 0.62 * 34 * MM) < 0.01
    assert abs(kit.piece("reminder").width - 44 * MM) < 0.01      # cards keep their standard size


def test_forms_carry_the_transparency_and_gradients_their_art_uses(built):
    name, _, builds = built
    if name != "tile-duel":
        pytest.skip("the board art with a gradient is Tessera's")
    _, path, _ = builds[None]
    page = next(p for p in PdfReader(str(path)).pages if "Mini board on one sheet" in p.extract_text())
    board = next(v.get_object() for k, v in page["/Resources"]["/XObject"].items() if "board" in k)
    assert "/Shading" in board["/Resources"] and "/ExtGState" in board["/Resources"]
