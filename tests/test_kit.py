"""The print-and-play kit, read back from the PDF itself (pypdf) and from pixels (pypdfium2)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from pdfread import PageRead, read_pdf, render_page
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.config import GameFileError, load_game
from generator.kit import layout
from generator.kit.model import load_kit, parse_offset
from generator.kit.render import build, render_pdf
from generator.units import mm

ROOT = Path(__file__).resolve().parents[1]
MM = mm(1)
A4 = (mm(210), mm(297))
LETTER = (612.0, 792.0)


def real_size(kit, pages: list[PageRead]) -> list[PageRead]:
    """The pages without the mini board's pieces (the same faces, smaller) and without the shifted
    back pages (the same backs, moved for a printer that misaligns)."""
    return [page for page, plan in zip(pages, layout.impose(kit)) if plan.kind != "mini-pieces" and plan.shift == (0, 0)]


def pieces_drawn(pages: list[PageRead]) -> Counter:
    return Counter(f.art for p in pages for f in p.forms
                   if not f.art.startswith("icon-") and f.art != "board")


# Builds, shared by the tests of one module ---------------------------------------------------------

@pytest.fixture(scope="module")
def game():
    return load_game(ROOT)


@pytest.fixture(scope="module")
def fold_build(game, tmp_path_factory):
    kit = load_kit(game)
    path = build(kit, tmp_path_factory.mktemp("fold"))
    return kit, path, read_pdf(path)


@pytest.fixture(scope="module")
def duplex_builds(game, tmp_path_factory):
    result = {}
    for mode, offset in (("long", (0.0, 0.0)), ("short", (0.0, 0.0)), ("long-offset", (mm(0.5), -mm(1.2)))):
        kit = load_kit(game, duplex=mode.split("-")[0], back_offset=offset)
        path = build(kit, tmp_path_factory.mktemp(mode))
        result[mode] = (kit, path, read_pdf(path))
    return result


# Pages, pieces and sizes ------------------------------------------------------------------------

def test_every_page_is_a4_and_carries_title_version_date_and_number(fold_build):
    kit, path, pages = fold_build
    assert len(pages) >= 8
    for page in pages:
        assert (page.width, page.height) == pytest.approx(A4, abs=0.01)
    reader = PdfReader(str(path))
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        assert "SIEGE OF ARMAGH" in text
        assert f"page {number} of {len(pages)}" in text
        assert "version 1.0" in text and "2026-11-22" in text


@pytest.mark.parametrize("paper,size", [("letter", LETTER), ("both", (mm(210), 792.0))])
def test_other_papers(game, tmp_path, paper, size):
    kit = load_kit(game, paper=paper)
    pages = read_pdf(build(kit, tmp_path))
    assert {(round(p.width, 2), round(p.height, 2)) for p in pages} == {(round(size[0], 2), round(size[1], 2))}
    if paper == "both":     # content fits inside A4 and Letter alike
        assert size[0] <= min(A4[0], LETTER[0]) + 0.01 and size[1] <= min(A4[1], LETTER[1]) + 0.01


def test_number_of_each_piece_equals_components_toml(game, fold_build):
    kit, _, pages = fold_build
    counts = game.counts
    assert pieces_drawn(real_size(kit, pages)) == Counter({
        "viking-front": counts.viking_troops, "viking-chief": counts.chiefs,
        "viking-berserker": counts.berserkers, "viking-raider": counts.plain_vikings,
        "irish": counts.irish_troops, "village": counts.villages, "village-looted": counts.villages,
        "river": counts.river_tiles, "treasure": counts.treasure, "stun": counts.stun_markers,
        "tracker": 1, "aid": 2,
    })


def test_each_piece_trim_size_within_a_tenth_of_a_millimetre(fold_build):
    kit, _, pages = fold_build
    pages = real_size(kit, pages)
    square = 45 * MM
    expected = {"viking-front": 0.7, "viking-chief": 0.7, "viking-berserker": 0.7, "viking-raider": 0.7,
                "irish": 0.7, "village": 0.8, "village-looted": 0.8, "river": 0.9, "treasure": 0.6,
                "stun": 0.4}
    seen = set()
    for page in pages:
        for form in page.forms:
            if form.art in expected:
                assert form.matrix[:4] == pytest.approx([1, 0, 0, 1])      # real size, unrotated
                assert abs(form.w - expected[form.art] * square) < 0.1 * MM
                assert abs(form.h - expected[form.art] * square) < 0.1 * MM
                seen.add(form.art)
            elif form.art == "aid":
                assert abs(form.w - 95 * MM) < 0.1 * MM and abs(form.h - 140 * MM) < 0.1 * MM
    assert seen == set(expected)


def test_pieces_stay_inside_the_margins_and_do_not_overlap(fold_build):
    kit, _, pages = fold_build
    for page in pages:
        placed = [f for f in page.forms if f.art not in ("board",) and f.matrix[0] == 1]
        for f in placed:
            assert f.x >= kit.margin - 0.01 and f.x + f.w <= page.width - kit.margin + 0.01
            assert f.y >= kit.margin - 0.01 and f.y + f.h <= page.height - kit.margin + 0.01
        for i, a in enumerate(placed):
            for b in placed[i + 1:]:
                overlap_x = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
                overlap_y = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
                assert overlap_x < 0.01 or overlap_y < 0.01, (a, b)


def test_fold_lines_lie_on_the_seam_between_front_and_back(fold_build):
    kit, _, pages = fold_build
    pages = real_size(kit, pages)
    pairs = 0
    for page in pages:
        fronts = [f for f in page.forms if f.art in ("viking-front", "village")]
        backs = [f for f in page.forms if f.art.startswith("viking-") and f.art != "viking-front"
                 or f.art == "village-looted"]
        dashed = [s for s in page.segments if s.dashed]
        for front in fronts:
            back = next(b for b in backs if abs(b.x - (front.x + front.w)) < 0.01 and abs(b.y - front.y) < 0.01)
            seam = front.x + front.w
            assert any(abs(s.x0 - seam) < 0.01 and abs(s.x1 - seam) < 0.01
                       and min(s.y0, s.y1) <= front.y + 0.01 and max(s.y0, s.y1) >= front.y + front.h - 0.01
                       for s in dashed), f"no fold line at x={seam}"
            assert back.w == pytest.approx(front.w) and back.h == pytest.approx(front.h)
            pairs += 1
    assert pairs == 8 + 5


def test_cut_marks_reach_both_sheet_edges_for_every_row_of_pieces(fold_build):
    _, _, pages = fold_build
    for page in pages:
        tops = {round(f.y + f.h, 2) for f in page.forms if f.art in ("irish", "river", "stun")}
        for y in tops:
            solid = [s for s in page.segments if not s.dashed and abs(s.y0 - y) < 0.01 and abs(s.y1 - y) < 0.01]
            assert any(min(s.x0, s.x1) <= 0.01 for s in solid), f"no mark to the left edge at y={y}"
            assert any(max(s.x0, s.x1) >= page.width - 0.01 for s in solid), f"no mark to the right edge at y={y}"


# Duplex ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["long", "short", "long-offset"])
def test_duplex_backs_are_mirrored_exactly_behind_their_fronts(duplex_builds, mode):
    kit, _, pages = duplex_builds[mode]
    pages = real_size(kit, pages)
    dx, dy = kit.back_offset
    checked = Counter()
    for index, page in enumerate(pages[:-1]):
        fronts = [f for f in page.forms if f.art in ("viking-front", "village")]
        if not fronts:
            continue
        back_page = pages[index + 1]
        backs = [f for f in back_page.forms if f.art != "board" and not f.art.startswith("icon-")]
        assert len(backs) == len(fronts)
        for front in fronts:
            if kit.duplex == "long":
                want = (page.width - front.x - front.w + dx, front.y + dy)
            else:
                want = (front.x + dx, page.height - front.y - front.h + dy)
            match = [b for b in backs if abs(b.x - want[0]) < 0.0005 * MM and abs(b.y - want[1]) < 0.0005 * MM]
            assert len(match) == 1, f"no back at {want} for {front}"
            assert round((match[0].x - want[0]) / MM, 1) == 0.0 and round((match[0].y - want[1]) / MM, 1) == 0.0
            checked[match[0].art] += 1
    assert checked == Counter({"viking-chief": 1, "viking-berserker": 2, "viking-raider": 5,
                               "village-looted": 5})


def test_duplex_has_a_calibration_pair_and_no_fold_lines(duplex_builds):
    kit, path, pages = duplex_builds["long"]
    text = [p.extract_text() for p in PdfReader(str(path)).pages]
    assert "Duplex calibration" in text[2] and "Duplex calibration" in text[3]   # after the cover: print it first
    assert not any(s.dashed for page in real_size(kit, pages) for s in page.segments if s.x0 == s.x1 and
                   any(f.art == "viking-front" for f in page.forms))


@pytest.mark.parametrize("mode", ["long", "short"])
def test_shifted_backs_and_the_calibration_table_need_no_rebuild(duplex_builds, mode):
    """Every back page comes again shifted by each of layout.SHIFTS, each back exactly where the
    kit's own would be plus the shift; the calibration sheet (printed first) names, for each
    reading, the page range that puts those backs behind their fronts."""
    kit, path, pages = duplex_builds[mode]
    plans = layout.impose(kit)
    table = " ".join(PdfReader(str(path)).pages[2].extract_text().split())
    for shift in layout.SHIFTS:
        backs = [(n, plan) for n, plan in enumerate(plans) if plan.kind == "back" and plan.shift == shift]
        assert backs
        order = []
        for index, plan in backs:
            front = plans.index(plan.front)
            own = next(i for i, p in enumerate(plans) if p.kind == "back" and p.front is plan.front and p.shift == (0, 0))
            moved = sorted(c for f in pages[index].forms for c in (f.x, f.y))
            expected = sorted(c for f in pages[own].forms
                              for c in (f.x + shift[0] * layout.SHIFT_STEP, f.y + shift[1] * layout.SHIFT_STEP))
            assert moved == pytest.approx(expected, abs=0.01)
            order += [front + 1, index + 1]
        listed = ",".join(map(str, order)) if shift != (0, 0) else f"{order[0]}\u2013{order[-1]}"
        assert listed in table, (shift, listed)


def test_duplex_pieces_bleed_so_a_misaligned_back_still_covers_them(duplex_builds):
    kit, _, pages = duplex_builds["long"]
    assert kit.bleed >= mm(2)
    plans = layout.impose(kit)
    backs = [f for page, plan in zip(pages, plans) if plan.kind == "back" for f in page.forms]
    assert backs and all(f.w >= kit.piece("viking_troop").width + 4 * MM - 0.01 or
                         f.w >= kit.piece("village").width + 4 * MM - 0.01 for f in backs)


def test_a_bleed_build_has_its_own_file_name(tmp_path):
    folder = tmp_path / "game"
    folder.mkdir()
    source = (ROOT / "components.toml").read_text(encoding="utf-8")
    (folder / "components.toml").write_text(source.replace('bleed = "0mm"', 'bleed = "2mm"'), encoding="utf-8")
    assert build(load_kit(load_game(folder)), tmp_path / "out").name == "siege-of-armagh-a4-bleed2mm.pdf"
    assert build(load_kit(load_game(ROOT)), tmp_path / "out").name == "siege-of-armagh-a4.pdf"


@pytest.mark.parametrize("args", [[], ["--paper", "letter", "--duplex", "long"], ["--paper", "both", "--duplex", "short"]])
def test_the_cover_lists_materials_and_always_shows_the_set_up(tmp_path, args):
    result = CliRunner().invoke(app, ["build", "--game", str(ROOT), "--out", str(tmp_path), *args])
    assert result.exit_code == 0, result.output
    path = next(p for p in tmp_path.glob("*.pdf") if "examples" not in p.name)
    reader = PdfReader(str(path))
    first, second = (" ".join(page.extract_text().split()) for page in reader.pages[:2])
    assert "YOU WILL NEED" in first and "card stock" in first and "tape" in first
    assert ("score every dashed fold line" in first) == (not args)   # fold-over only: no folds in duplex
    assert "SET-UP AT A GLANCE" in second
    assert sum(1 for f in read_pdf(path)[1].forms if f.art == "board") == 1   # the set-up picture


def test_back_offset_parsing():
    assert parse_offset("0.5,-1.2") == pytest.approx((mm(0.5), -mm(1.2)))
    assert parse_offset("1mm, 0") == pytest.approx((mm(1), 0.0))
    for bad in ("1", "a,b", "20,0"):
        with pytest.raises(ValueError, match="--back-offset"):
            parse_offset(bad)


# The board ------------------------------------------------------------------------------------

def _tiles(kit, pages):
    """(region in board coordinates, clip on the page) of every real-size board tile."""
    tiles = []
    for page in pages:
        for form in page.forms:
            if form.art == "board" and form.matrix[0] == pytest.approx(1.0):
                cx, cy, cw, ch = page.clips[0]
                tiles.append((cx - form.x, cy - form.y, cw, ch))
    return tiles


def test_board_tiles_overlap_by_the_stated_margin_and_cover_the_board(fold_build):
    kit, _, pages = fold_build
    geo = layout.board_geometry(kit)
    tiles = _tiles(kit, pages)
    assert len(tiles) == 4                                      # 45 mm squares: 2 x 2 sheets
    xs = sorted({round(t[0], 3) for t in tiles})
    ys = sorted({round(t[1], 3) for t in tiles})
    w, h = tiles[0][2], tiles[0][3]
    assert xs[0] == pytest.approx(0) and ys[0] == pytest.approx(0)
    assert xs[-1] + w == pytest.approx(geo.width) and ys[-1] + h == pytest.approx(geo.height)
    assert xs[0] + w - xs[1] == pytest.approx(kit.board_overlap, abs=0.1 * MM)
    assert ys[0] + h - ys[1] == pytest.approx(kit.board_overlap, abs=0.1 * MM)
    for page in pages:                                           # a tile fits inside the margins
        for cx, _, cw, _ in page.clips[:1] if any(f.art == "board" for f in page.forms) else []:
            assert cx >= kit.margin - 0.01 and cx + cw <= page.width - kit.margin + 0.01


def test_board_squares_are_real_size_and_tile_labels_are_printed(fold_build):
    kit, path, pages = fold_build
    assert layout.board_geometry(kit).square == pytest.approx(45 * MM)
    text = "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)
    for tile in ("A1", "A2", "B1", "B2"):
        assert f"Board tile {tile}" in text
    assert "Mini board" in text


def test_square_option_rescales_board_and_pieces(game, tmp_path):
    kit = load_kit(game, square="50mm")
    pages = real_size(kit, read_pdf(build(kit, tmp_path)))
    river = [f for p in pages for f in p.forms if f.art == "river"]
    assert river and all(abs(f.w - 45 * MM) < 0.1 * MM for f in river)        # 0.9 x 50 mm
    tiles = _tiles(kit, pages)
    assert len(tiles) == 6                                                    # 3 x 2 sheets
    geo = layout.board_geometry(kit)
    assert max(t[0] + t[2] for t in tiles) == pytest.approx(geo.width)


# What a person sees ---------------------------------------------------------------------------

def test_rasterised_pieces_appear_where_the_layout_puts_them(fold_build):
    kit, path, _ = fold_build
    pages = layout.impose(kit)
    # (where to look on the face, as fractions of its size; what colour must be there)
    colour_checks = {
        "viking-front": ((0.14, 0.5), lambda r, g, b: r > g + 50 and r > b + 50),    # red stripes
        "irish": ((0.5, 0.2), lambda r, g, b: g > r + 20 and g > b),                 # green
        "river": ((0.5, 0.44), lambda r, g, b: b > r + 40),                         # blue water
        "village-looted": ((0.5, 0.9), lambda r, g, b: max(r, g, b) < 100),          # ash
        "stun": ((0.06, 0.06), lambda r, g, b: max(r, g, b) < 90),                   # dark ground
        "village": ((0.5, 0.9), lambda r, g, b: r > 180 and g > 160 and b < 190),    # wheat
    }
    checked = Counter()
    for index, page in enumerate(pages):
        if page.kind != "pieces":
            continue
        image, scale = render_page(path, index, dpi=72)
        height = image.height
        for placement in page.placements:
            x, y = placement.rect.center
            pixel = image.getpixel((int(x * scale), int(height - y * scale)))
            assert pixel != (255, 255, 255), placement
            if placement.art in colour_checks:
                (fx, fy), check = colour_checks[placement.art]
                r = placement.rect
                sample = image.getpixel((int((r.x + fx * r.w) * scale), int(height - (r.y + fy * r.h) * scale)))
                assert check(*sample), (placement.art, sample)
                checked[placement.art] += 1
        # the page margin stays blank paper
        corner = image.getpixel((int(kit.margin * scale / 2), int(height / 2 - 40 * scale)))
        assert corner == (255, 255, 255)
    assert set(checked) == set(colour_checks)


def test_greyscale_print_still_tells_the_sides_apart(fold_build):
    """Viking and Irish troops differ in shape and pattern, not only in colour."""
    kit, path, _ = fold_build
    pages = layout.impose(kit)
    index = next(i for i, p in enumerate(pages) if any(pl.art == "irish" for pl in p.placements))
    image, scale = render_page(path, index, dpi=60)
    grey = image.convert("L")
    height = image.height

    def crop(art):
        r = next(p.rect for p in pages[index].placements if p.art == art)
        return grey.crop((int(r.x * scale), int(height - r.y1 * scale), int(r.x1 * scale), int(height - r.y * scale))).resize((48, 48))

    viking, irish = crop("viking-front"), crop("irish")
    difference = sum(abs(a - b) for a, b in zip(viking.get_flattened_data(), irish.get_flattened_data())) / (48 * 48)
    assert difference > 25


def test_ink_saver_drops_large_fills(game, tmp_path):
    def darkness(ink_saver, kind):
        kit = load_kit(game, ink_saver=ink_saver)
        path = build(kit, tmp_path / str(ink_saver))
        index = next(i for i, p in enumerate(layout.impose(kit)) if p.kind == kind)
        image, _ = render_page(path, index, dpi=40)
        grey = image.convert("L").get_flattened_data()
        return sum(255 - v for v in grey) / len(grey)

    assert darkness(True, "board") < 0.25 * darkness(False, "board")
    assert darkness(True, "pieces") < 0.5 * darkness(False, "pieces")


# One source of truth ----------------------------------------------------------------------------

def test_six_villages_give_six_villages_and_a_seven_space_tracker(tmp_path):
    folder = tmp_path / "game"
    folder.mkdir()
    source = (ROOT / "components.toml").read_text(encoding="utf-8")
    (folder / "components.toml").write_text(re.sub(r"(?m)^villages = 5", "villages = 6", source), encoding="utf-8")
    kit = load_kit(load_game(folder))
    pages = real_size(kit, read_pdf(build(kit, tmp_path / "out")))
    drawn = pieces_drawn(pages)
    assert drawn["village"] == 6 and drawn["village-looted"] == 6
    tracker = kit.piece("tracker")
    cells = layout.tracker_cells(tracker.spaces, tracker.width, layout.content_frame(kit).w)
    assert [name for name, _ in cells] == ["7", "6", "5", "4", "3", "2", "1", "Reserve"]
    reader = PdfReader(str(tmp_path / "out" / "siege-of-armagh-a4.pdf"))
    assert "all 6 villages" in "".join(page.extract_text() for page in reader.pages)  # player aid
    cover = reader.pages[0].extract_text()
    assert "6 Villages" in cover and "7 spaces" in cover


def test_a_game_folder_template_overrides_the_package_one(tmp_path):
    folder = tmp_path / "game"
    (folder / "templates").mkdir(parents=True)
    (folder / "components.toml").write_text((ROOT / "components.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "templates" / "player-aid.md.j2").write_text("## House rules\n- Loot all {{ villages }} hamlets.\n",
                                                           encoding="utf-8")
    text = "".join(page.extract_text() for page in PdfReader(str(build(load_kit(load_game(folder)), tmp_path))).pages)
    assert "Loot all 5 hamlets." in text and "Vikings move first" not in text


@pytest.mark.parametrize("source", [
    "## A\n- {{ villages }} villages\n",
    "{#- a comment -#}\n## A\n-  x {{- villages -}} y \n\n",
    "  {# c #}\r\n## A {{villages}}\r\n- {{ villages}}{{ chiefs }}\n\n",
    "## A\n- {{ villages }}\n{# {{ no }} #}",
    "## {{ true }}\n", "## {{ range }}\n", "## {{ villages|string }}\n", "{% if 1 %}## A{% endif %}\n",
    "## {{ a.b }}\n", "## A {# unterminated\n", "## A }} #}\n", "## {{ missing }}\n",
])
def test_card_templates_filled_without_jinja2_read_as_with_it(source, tmp_path):
    """A card template that only prints names is filled without jinja2: the same text; anything
    else goes to jinja2 (the shipped player aids are of the first kind)."""
    import jinja2

    from generator.games.siege import GAME
    from generator.games.siege.art import AID_TEMPLATE
    from generator.games.tafl.art import AID_TEMPLATE as TAFL_AID, aid_values
    from generator.kit.faces import _fill_names, card_sections

    values = {"villages": 5, "chiefs": 1}
    ours = _fill_names(source, values)
    try:
        theirs = jinja2.Template(source, undefined=jinja2.StrictUndefined).render(**values)
    except jinja2.TemplateError:
        theirs = None
    assert ours is None or ours == theirs
    assert (ours is None) == any(bad in source for bad in ("true", "range", "|", "%", "a.b", "unterminated", "missing"))
    for path, names in ((AID_TEMPLATE, GAME.default().template_values()),
                        (TAFL_AID, aid_values({"turn_limit": 40}, 11))):
        text = path.read_text(encoding="utf-8")
        assert _fill_names(text, names) == jinja2.Template(text, undefined=jinja2.StrictUndefined).render(**names)
    (tmp_path / "card.md.j2").write_text(source, encoding="utf-8")
    if theirs is None:
        with pytest.raises(GameFileError):
            card_sections(tmp_path / "card.md.j2", values)


# Same input, same bytes; atomic writes; errors --------------------------------------------------

def test_same_input_same_bytes(game, tmp_path):
    kit = load_kit(game)
    a = build(kit, tmp_path / "a").read_bytes()
    b = build(kit, tmp_path / "b").read_bytes()
    assert a == b


def test_failed_build_keeps_the_last_good_pdf(game, tmp_path, monkeypatch):
    kit = load_kit(game)
    path = build(kit, tmp_path)
    good = path.read_bytes()
    from generator.kit import render

    def broken(*args, **kwargs):
        raise RuntimeError("art exploded")

    monkeypatch.setattr(render, "draw_face", broken)
    with pytest.raises(RuntimeError):
        render_pdf(kit, path)
    assert path.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def _game_with(tmp_path, old, new):
    folder = tmp_path / "bad"
    folder.mkdir(exist_ok=True)
    source = (ROOT / "components.toml").read_text(encoding="utf-8")
    assert old in source
    (folder / "components.toml").write_text(source.replace(old, new, 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize("old,new,message", [
    ('front = "irish"', 'front = "irish"\ncolour = "green"', r"unknown key 'colour' in \[pieces.irish_troop\]; accepted keys: name, kind"),
    ('size = 0.9', 'size = "big"', r"\[pieces.river\] size: bad size 'big'; expected a fraction"),
    ('front = "river"', 'front = "rivers"', r"unknown art 'rivers' \(did you mean 'river'\?\); the kit draws: viking-front"),
    ('front = "river"', 'front = "art/rivers.svg"', r"\[pieces.river\] front: no such file 'art/rivers.svg' in the game folder"),
    ('viking-raider = "plain_vikings"', 'viking-raider = 4', r"backs add up to 7 .* but count is 8"),
    ('spaces = "tracker_spaces"', 'spaces = 4', r"spaces is 4 but the rules need 1 \+ villages = 6"),
    ('square = "45mm"', 'square = "45"', r"\[print\] square: bad length '45'"),
    ('paper = "a4"', 'paper = "a3"', r"\[print\] paper: expected one of a4, letter, both, not 'a3'"),
    ('count = "stun_markers"', 'count = "stuns"', r"count: expected a whole number or a count name \(viking_troops, .*\), not 'stuns'"),
    ('size = ["95mm", "140mm"]', 'size = ["95mm", "400mm"]', r"does not fit on an A4 sheet"),
])
def test_bad_game_files_name_the_file_line_and_what_was_expected(tmp_path, old, new, message):
    folder = _game_with(tmp_path, old, new)
    with pytest.raises(GameFileError, match=message) as info:
        load_kit(load_game(folder))
    assert re.match(r".*components\.toml:\d+: ", str(info.value))
    line = int(str(info.value).split("components.toml:")[1].split(":")[0])
    assert new.splitlines()[-1] in (folder / "components.toml").read_text().splitlines()[line - 1]


def test_cli_build_writes_the_pdf_and_pngs(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["build", "--game", str(ROOT), "--out", str(tmp_path), "--paper", "letter", "--png"])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "siege-of-armagh-letter.pdf"
    assert pdf.exists()
    pngs = sorted((tmp_path / "png").glob("*.png"))
    assert len(pngs) == len(PdfReader(str(pdf)).pages)


@pytest.mark.parametrize("args,code,message", [
    (["--paper", "a3"], 2, "--paper must be a4, letter or both"),
    (["--duplex", "sideways"], 2, "--duplex must be long or short"),
    (["--back-offset", "1,1"], 2, "--back-offset only applies with --duplex"),
    (["--duplex", "long", "--back-offset", "x"], 2, "--back-offset"),
    (["--square", "5mm"], 2, "--square must be 15 to 80 mm"),  # the same code as every bad option
])
def test_cli_errors(tmp_path, args, code, message):
    result = CliRunner().invoke(app, ["build", "--game", str(ROOT), "--out", str(tmp_path)] + args)
    assert result.exit_code == code
    assert "Error:" in result.output and message in result.output


def test_cli_reports_a_bad_game_file_with_exit_2(tmp_path):
    folder = _game_with(tmp_path, 'size = 0.9', 'size = -2')
    result = CliRunner().invoke(app, ["build", "--game", str(folder), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2  # unusable input: the same code as `pnp check` gives it
    assert "Error:" in result.output and "components.toml:" in result.output


def test_each_distinct_face_is_drawn_once_and_reused(fold_build):
    kit, path, pages = fold_build
    reader = PdfReader(str(path))
    names = set()
    for page in reader.pages:
        names |= {str(k) for k in page["/Resources"].get("/XObject", {}).keys()}
    faces = [n for n in names if not n.startswith("/FormXob.icon-")]
    arts = Counter(re.sub(r"_\d+$", "", n.split("FormXob.", 1)[1]) for n in faces)
    sizes = {(p.art, round(p.rect.w, 3), round(p.rect.h, 3)) for page in layout.impose(kit) for p in page.placements}
    assert arts == Counter([art for art, _, _ in sizes] + ["board"])   # one form per face and size
    assert path.stat().st_size < 400_000


def test_pdf_positions_are_the_layouts_placements(fold_build):
    kit, _, pages = fold_build
    planned = layout.impose(kit)
    assert len(planned) == len(pages)
    for plan, page in zip(planned, pages):
        want = sorted((p.art, round(p.rect.x, 2), round(p.rect.y, 2)) for p in plan.placements)
        got = sorted((f.art, round(f.x, 2), round(f.y, 2)) for f in page.forms
                     if f.art != "board" and not f.art.startswith("icon-"))
        assert got == want
