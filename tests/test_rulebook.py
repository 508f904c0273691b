"""The rulebook in the kit (issue 4): rules.md as pages, diagrams from the checked blocks, numbers
from components.toml, and a failing example stops the build."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest
from helpers import CONTRACT_BLOCK
from typer.testing import CliRunner

from generator.cli import app
from generator.config import load_game
from generator.examples import find_blocks, render_markdown
from generator.errors import CheckFailed, ExampleSyntaxError
from generator.rulebook import (
    build_rulebook,
    layout_rulebook,
    prepare_rulebook,
)
from generator.rulebook.build import A4, text_frame
from generator.rulebook.diagram import ExampleDiagram
from generator.rulebook.markdown import make_styles
from generator.rulebook.numbers import check_numbers, number_errors

ROOT = Path(__file__).resolve().parents[1]
RUNNER = CliRunner()

PUSH = CONTRACT_BLOCK

ILLEGAL = """```armagh
title: No push against a backed troop
   a b c d e f g h
8  . . . . . . . .
7  . . . . . . . .
6  . . . V . . . .
5  . . . I . . . .
4  . . . I . . . .
3  . . . . . . . .
2  . . . . . . . .
1  . . . . . . . .
play: d6-d5
expect: illegal
```
"""

RULES = f"""# {{{{ title }}}}

A short rulebook for the tests. The Vikings must loot all {{{{ villages }}}} villages.

## Pushing

Stepping into a piece *pushes* it; **the river** eliminates it.

{PUSH}
## Illegal pushes

| Case | Result |
| --- | --- |
| backed by its own side | illegal |

{ILLEGAL}"""


def game_folder(tmp_path: Path, rules: str = RULES, **counts: int) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    toml = (ROOT / "components.toml").read_text(encoding="utf-8")
    for key, value in counts.items():
        toml = re.sub(rf"(?m)^{key}\s*=\s*\d+", f"{key} = {value}", toml)
    (folder / "components.toml").write_text(toml, encoding="utf-8")
    (folder / "rules.md").write_text(rules, encoding="utf-8")
    return folder


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(str(path)).pages)


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


# --------------------------------------------------------------------- the real rulebook
@pytest.fixture(scope="module")
def real_rulebook(tmp_path_factory):
    if not (ROOT / "rules.md").exists():
        pytest.skip("rules.md is not written yet")
    out = tmp_path_factory.mktemp("rulebook") / "rules.pdf"
    game = load_game(ROOT)
    result = build_rulebook(game, ROOT / "rules.md", out)
    return game, out, result


def test_rulebook_pages_hold_every_heading_and_example_title(real_rulebook):
    game, out, result = real_rulebook
    source = (ROOT / "rules.md").read_text(encoding="utf-8")
    text = squash(pdf_text(out))
    headings = [line.lstrip("#").strip() for line in render_markdown(source, game).splitlines()
                if re.match(r"#{1,3} ", line)]
    assert len(headings) >= 5
    for heading in headings:
        assert squash(heading.replace("*", "")) in text, heading
    titles = [line.split(":", 1)[1].strip() for _, _, lines in find_blocks(render_markdown(source, game))
              for _, line in lines if line.startswith("title:")]
    assert len(titles) == result.examples >= 12
    for title in titles:
        assert squash(title) in text, title
    outline = pypdf.PdfReader(str(out)).outline
    assert outline and outline[0].title == game.info.title  # bookmarks follow the headings


def test_contents_lists_the_sections_with_their_pages(real_rulebook):
    _, out, _ = real_rulebook
    reader = pypdf.PdfReader(str(out))
    first = reader.pages[0].extract_text()
    assert "Contents" in first
    # every contents entry's page really holds that heading
    for line in first.splitlines():
        pass
    entries = re.findall(r"^(.+?)\n\s*(\d+)$", first, re.M)
    assert len(entries) >= 5
    for title, page in entries:
        assert squash(title) in squash(reader.pages[int(page) - 1].extract_text()), (title, page)


# --------------------------------------------------------------------- diagrams
def test_one_diagram_per_block_each_placed_on_a_page(tmp_path):
    folder = game_folder(tmp_path)
    game = load_game(folder)
    prepared = prepare_rulebook(game, folder / "rules.md")
    laid = layout_rulebook(prepared, text_frame(A4)[2:])
    placed = [f for page in laid.pages for f, *_ in page if isinstance(f, ExampleDiagram)]
    assert [d.replay.example.title for d in placed] == [
        "A Viking pushes an Irish troop into the river", "No push against a backed troop"]
    push, illegal = placed
    assert push.trace.ghosts and push.trace.ghosts[0].at == (3, 3)  # the troop drowned on d4
    assert push.trace.arrows[0].kind == "step" and not push.trace.illegal
    assert illegal.trace.illegal and illegal.trace.after is None
    assert "ruling" not in illegal.trace.illegal.lower()  # players have no rulings document
    assert illegal.replay.illegal.ruling == 8
    assert push.crop.ranks[1] - push.crop.ranks[0] < 7  # cropped to the part that matters


def test_diagram_pages_show_the_pieces(tmp_path):
    """Rasterised, the diagram page has the kit's colours (Viking red, Irish green, river blue)."""
    import pypdfium2 as pdfium

    folder = game_folder(tmp_path)
    out = tmp_path / "rules.pdf"
    build_rulebook(load_game(folder), folder / "rules.md", out)
    image = pdfium.PdfDocument(str(out))[0].render(scale=1).to_pil().convert("RGB")
    colours = {image.getpixel((x, y)) for x in range(0, image.width, 2) for y in range(0, image.height, 2)}

    def near(target, tolerance=40):
        return any(sum(abs(a - b) for a, b in zip(c, target)) < tolerance for c in colours)

    assert near((0x8e, 0x1b, 0x14)) and near((0x2e, 0x6b, 0x3b)) and near((0x2f, 0x6f, 0x9c))


# --------------------------------------------------------------------- numbers from one place
def test_a_templated_number_follows_components_toml(tmp_path):
    folder = game_folder(tmp_path, villages=6)
    out = tmp_path / "rules.pdf"
    build_rulebook(load_game(folder), folder / "rules.md", out)
    text = pdf_text(out)
    assert "all 6 villages" in text and "all 5 villages" not in text


def test_a_typed_count_that_disagrees_is_an_error_naming_the_line(tmp_path):
    rules = RULES.replace("all {{ villages }} villages", "all 5 villages")
    folder = game_folder(tmp_path, rules, villages=6)
    with pytest.raises(CheckFailed) as caught:
        prepare_rulebook(load_game(folder), folder / "rules.md")
    assert "rules.md:3: 'all 5 villages' disagrees with components.toml: villages = 6" in caught.value.report


def test_a_typed_count_after_a_block_the_template_drops_is_still_checked(tmp_path):
    """The number check reads the template's own lines: a `{% if %}` spanning lines shifts the
    rendered text, and the shift must not hide a typed count behind a code block."""
    rules = ("{% if false %}\nA\nB\nC\nD\n{% endif %}\nThe Irish defend all 5 villages.\n\n"
             + "```text\n" + "\n".join(f"line {n}" for n in range(8)) + "\n```\n")
    folder = game_folder(tmp_path, rules, villages=6)
    with pytest.raises(CheckFailed) as caught:
        prepare_rulebook(load_game(folder), folder / "rules.md")
    assert "rules.md:7: 'all 5 villages' disagrees with components.toml: villages = 6" in caught.value.report


def test_number_check_reads_count_claims_not_narration():
    game = load_game(ROOT)
    text = ("The two Irish troops push a chain; three villages are still intact.\n"
            "The game has 6 villages. Once 3 Viking troops have been defeated, the Irish score.\n"
            "A 7-space tracker, first to 2 points.\n"
            "| River tiles | 9 |\n"
            "`all 4 villages` {{ villages }} villages\n"
            "all 4 villages {# numbers: ok #}\n"
            "```armagh\nall 4 villages\n```\n")
    found = {(p.line, p.count, p.written, p.is_error) for p in check_numbers(text, game, "r.md")}
    assert found == {(2, "villages", 6, True), (2, "defeats_for_point", 3, True),
                     (3, "tracker_spaces", 7, True), (3, "points_to_win", 2, False),
                     (4, "river_tiles", 9, True)}
    assert number_errors("Loot all six\nvillages to score.", game)[0].line == 1  # wraps a line


def test_number_check_reads_whole_paragraphs_and_any_count_noun():
    game = load_game(ROOT)  # villages = 5
    text = ("Loot every one of the 6 villages to score.\n"   # 1: a reworded claim
            "\n"
            "Before play, place all\n"                         # 3
            "6 villages on ranks 3 to 5.\n"                   # 4: the number after the wrap
            "\n"
            "The Irish defend 6\n"                             # 6: the noun after the wrap
            "villages and 5 villages.\n"                       # 7: right, but typed
            "\n"
            "Here 2 villages are looted and 3 Irish troops wait:\n"  # 9: describes the diagram
            "\n"
            "```armagh\n8  . . . . . . . .\n```\n")
    found = {(p.line, p.count, p.written, p.is_error) for p in check_numbers(text, game, "r.md")}
    assert found == {(1, "villages", 6, True), (4, "villages", 6, True), (6, "villages", 6, True),
                     (7, "villages", 5, False)}
    assert "{# numbers: ok #}" in str(number_errors(text, game)[0])  # how to say it is not the count


def test_the_real_rules_have_no_wrong_numbers():
    if not (ROOT / "rules.md").exists():
        pytest.skip("rules.md is not written yet")
    for name in ("rules.md", "examples.md"):
        assert number_errors((ROOT / name).read_text(encoding="utf-8"), load_game(ROOT)) == [], name


# --------------------------------------------------------------------- pnp build
def test_a_failing_example_stops_the_build(tmp_path):
    rules = RULES.replace("play: d6-d5\nexpect: illegal", "play: d6-d7\nexpect: illegal")
    folder = game_folder(tmp_path, rules)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", "--game", str(folder), "--out", str(out)])
    assert result.exit_code == 1
    assert "FAILED  No push against a backed troop" in result.output
    assert "expected this turn to be illegal" in result.output
    assert not out.exists() or not list(out.glob("*.pdf"))  # nothing half-built
    forced = CliRunner().invoke(app, ["build", "--game", str(folder), "--out", str(out), "--rulebook-only",
                                      "--allow-failing-examples"])
    assert forced.exit_code == 0, forced.output
    pdf = Path(forced.stdout.strip().splitlines()[-1])
    assert "FAILSTHECHECK" in squash(pdf_text(pdf))


def _children() -> set[int]:
    """This process's live child processes (Linux)."""
    import os
    found = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        try:
            found |= {int(pid) for pid in (task / "children").read_text().split()}
        except FileNotFoundError:  # a thread that ended meanwhile
            pass
    return found


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads child processes from /proc")
@pytest.mark.parametrize("cores,fork_fails", [(2, False), (1, False), (2, True)])
def test_the_booklet_fails_or_stops_with_the_build(tmp_path, monkeypatch, cores, fork_fails):
    """The examples booklet is built beside the kit (in a second process when there is a spare
    core and one can be made, else after the kit): its failing example still fails `pnp build`
    with the report, and neither PDF is written; when the kit fails (here, a full
    disk), no booklet process is left behind; and a failing rules.md stops the booklet unwritten."""
    monkeypatch.setattr("os.sched_getaffinity", lambda pid: set(range(cores)))
    if fork_fails:
        def no_fork():
            raise OSError(11, "Resource temporarily unavailable")
        monkeypatch.setattr("os.fork", no_fork)
    failing = RULES.replace("play: d6-d5\nexpect: illegal", "play: d6-d7\nexpect: illegal")
    folder = game_folder(tmp_path)
    (folder / "examples.md").write_text(failing, encoding="utf-8")
    out = tmp_path / "out"
    before = _children()
    result = CliRunner().invoke(app, ["build", "--game", str(folder), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "examples.md: 1 example failed the check" in result.output
    assert "expected this turn to be illegal" in result.output
    assert not list(out.glob("*.pdf"))  # nothing of a failed run is kept, not even the kit
    (folder / "examples.md").write_text(RULES, encoding="utf-8")
    with monkeypatch.context() as patch:
        def disk_full(*args, **kwargs):
            raise OSError(28, "No space left on device", str(tmp_path / "second" / "kit.pdf"))
        patch.setattr("generator.kit.render.build", disk_full)
        result = CliRunner().invoke(app, ["build", "--game", str(folder), "--out", str(tmp_path / "second")])
    assert result.exit_code == 1 and "No space left on device" in result.output, result.output
    assert _children() == before
    (folder / "rules.md").write_text(failing, encoding="utf-8")
    result = CliRunner().invoke(app, ["build", "--game", str(folder), "--out", str(tmp_path / "third")])
    assert result.exit_code == 1 and "rules.md: 1 example failed the check" in result.output
    assert _children() == before and not list((tmp_path / "third").glob("*.pdf"))


def test_the_booklets_number_warnings_are_shown_and_it_is_written_after_the_kit(tmp_path):
    """The examples booklet, typeset beside the kit, reports its typed counts like rules.md does,
    and lands beside the kit."""
    folder = game_folder(tmp_path)
    (folder / "examples.md").write_text("# Examples\n\nThe Vikings must loot all 5 villages.\n\n" + ILLEGAL,
                                        encoding="utf-8")
    result = CliRunner().invoke(app, ["build", "--game", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "examples.md:3: 'all 5 villages' is typed, not templated" in result.output
    assert sorted(p.name for p in (tmp_path / "out").glob("*.pdf")) == [
        "siege-of-armagh-a4.pdf", "siege-of-armagh-examples-a4.pdf"]


def test_build_puts_the_rulebook_after_the_cover(tmp_path):
    folder = game_folder(tmp_path)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", "--game", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    pages = pypdf.PdfReader(result.stdout.strip().splitlines()[-1]).pages
    for cover in pages[:2]:   # the cover's two pages
        assert "A short rulebook for the tests" not in cover.extract_text()
    assert "A short rulebook for the tests" in pages[2].extract_text()
    assert squash("No push against a backed troop") in squash(pages[2].extract_text() + pages[3].extract_text())


def test_rulebook_build_is_deterministic_and_atomic(tmp_path):
    folder = game_folder(tmp_path)
    game = load_game(folder)
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    build_rulebook(game, folder / "rules.md", a)
    build_rulebook(game, folder / "rules.md", b)
    assert a.read_bytes() == b.read_bytes()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left


def test_watch_rebuilds_on_a_change(tmp_path):
    import threading
    import time

    from generator.build import watch, watched_paths

    folder = game_folder(tmp_path)
    game = load_game(folder)
    paths = watched_paths(game, None)
    assert folder / "components.toml" in paths and folder / "rules.md" in paths
    builds, stop = [], threading.Event()

    def once():
        builds.append(time.perf_counter())
        if len(builds) == 3:
            stop.set()
        return True

    thread = threading.Thread(target=watch, args=(once, paths, lambda text: None),
                              kwargs={"stop_event": stop, "debounce_ms": 50})
    thread.start()
    time.sleep(0.5)
    (folder / "rules.md").write_text(RULES + "\nOne more line.\n", encoding="utf-8")
    time.sleep(0.5)
    # an editor that saves by writing a new file and renaming it over the old one
    replacement = folder / ".components.toml.swp"
    replacement.write_text((folder / "components.toml").read_text(encoding="utf-8") + "\n", encoding="utf-8")
    replacement.replace(folder / "components.toml")
    thread.join(timeout=10)
    stop.set()
    assert len(builds) == 3


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_core_rulebook_is_a_short_read_and_the_booklet_holds_the_rest(tmp_path, paper):
    """A contest rulebook: at most 12 pages on either paper, about 2,000 words of prose, no ruling
    numbers or diagram code in print; every other example is in the examples booklet, built beside
    the kit by `pnp build`."""
    result = CliRunner().invoke(app, ["build", "--game", str(ROOT), "--out", str(tmp_path), "--paper", paper])
    assert result.exit_code == 0, result.output
    report = re.search(r"rulebook: (\d+) pages, ([\d,]+) words of prose", result.output)
    pages, words = int(report.group(1)), int(report.group(2).replace(",", ""))
    assert pages <= 12 and 1500 <= words <= 2600
    booklet = tmp_path / f"siege-of-armagh-examples-{paper}.pdf"
    assert booklet.exists() and "examples and clarifications:" in result.output
    kit = tmp_path / f"siege-of-armagh-{paper}.pdf"
    rules_text = " ".join(page.extract_text() for page in pypdf.PdfReader(str(kit)).pages[1:1 + pages])
    for word in ("Ruling", "ruling", "to-move:", "play:", "expect:", "engine", "option:"):
        assert word not in rules_text, word
    booklet_pages = pypdf.PdfReader(str(booklet)).pages
    assert "Examples and clarifications" in booklet_pages[0].extract_text()


def test_reportlab_patterns_compiled_on_first_use_still_match():
    """generator leaves two of reportlab's patterns uncompiled until first use (the web-address
    one costs a third of a bare reportlab start-up): once used, they split text as their own do."""
    from reportlab.platypus import paragraph

    pattern = paragraph.uri_pat
    fresh = re.compile(pattern.pattern, pattern.flags)
    for address in ["https://example.org/rules/siege.pdf", "ftp://user@10.0.0.1:21/kit", "not a web address"]:
        found, expected = pattern.match(address), fresh.match(address)
        assert (found and found.groups()) == (expected and expected.groups())
    assert paragraph._uri_split_pairs("https://example.org/a/b")[0] == ("https://example.org/a/", "b")
    from reportlab.lib import textsplit  # the other one: wrapping Chinese, Japanese and Korean text
    assert textsplit.rx.sub(r"\1|", "ab漢字c") == "ab漢|字|c"


def test_compiled_templates_are_reused_only_for_the_same_text(tmp_path, monkeypatch):
    """rules.md is compiled once and reused while its text is unchanged; an edited file, or
    another game's file of the same name, is compiled afresh; and a temporary folder where no
    cache can be kept only costs the compile."""
    from generator import sandbox

    game = load_game(ROOT)
    first, second = tmp_path / "a" / "rules.md", tmp_path / "b" / "rules.md"
    assert render_markdown("Loot {{ villages }} villages.", game, first) == "Loot 5 villages."
    assert render_markdown("Win with {{ points_to_win }} points.", game, second) == "Win with 2 points."
    assert render_markdown("Loot {{ villages }} villages.", game, first) == "Loot 5 villages."
    sandbox._bytecode_cache.cache_clear()
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("", encoding="utf-8")
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(not_a_folder))
    try:
        assert sandbox._bytecode_cache() is None
        assert render_markdown("{{ villages - 1 }} left", game, first) == "4 left"
    finally:
        sandbox._bytecode_cache.cache_clear()


SMALL_TAFL_BLOCK = """# A smaller board

```tafl
title: An attacker alone on a 7 x 7 board
  a b c d e f g
7 . . . . . . .
6 . . . . . . .
5 . . A . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
to-move: attackers
play: c5-c7
expect: winner attackers
```
"""


def test_a_block_on_a_smaller_board_than_the_games_is_drawn_at_its_own_size(tmp_path):
    """A 7 x 7 example in an 11 x 11 game's rulebook is drawn on 7 x 7 (it was an internal error:
    the diagram read the game's board)."""
    (tmp_path / "components.toml").write_text((ROOT / "games" / "tafl" / "components.toml").read_text())
    (tmp_path / "rules.md").write_text(SMALL_TAFL_BLOCK)
    result = RUNNER.invoke(app, ["build", "--game", str(tmp_path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    text = pypdf.PdfReader(str(tmp_path / "out" / "tafl-a4.pdf")).pages[2].extract_text()   # after the cover's two pages
    assert "An attacker alone on a 7 x 7 board" in text and "The attackers win" in text


def test_a_table_cell_of_face_images_draws_the_kits_own_art(tmp_path):
    """`![Chief](face:viking-chief)` in a table cell draws the kit's face there (a form XObject
    of the rulebook's faces); a face the kit does not draw is an error naming the line."""
    rules = "# Pieces\n\n| | Piece |\n| --- | --- |\n| ![Chief](face:viking-chief) ![Raider](face:viking-raider) | reverses |\n"
    folder = game_folder(tmp_path, rules)
    out = tmp_path / "rules.pdf"
    build_rulebook(load_game(folder), folder / "rules.md", out)
    page = pypdf.PdfReader(str(out)).pages[0]
    forms = [name for name in page["/Resources"]["/XObject"]]
    assert sum("rulebook-face" in name for name in forms) == 2, forms
    (folder / "rules.md").write_text(rules.replace("viking-chief", "viking-king"), encoding="utf-8")
    with pytest.raises(ExampleSyntaxError, match=r"rules.md:5: unknown face 'viking-king'"):
        build_rulebook(load_game(folder), folder / "rules.md", None)


def test_the_covers_set_up_picture_is_a_legal_set_up():
    """The cover's set-up picture (the package's SETUP) is a board the engine reaches by the
    set-up steps, as the rulebook's set-up diagram is."""
    from generator.games.siege.art import SETUP
    from generator.games.siege.enums import Kind, Terrain
    from generator.games.siege.state import State

    game = load_game(ROOT)
    terrain, pieces = [int(Terrain.OPEN)] * 64, {}
    kinds = iter([Kind.HIDDEN_CHIEF, Kind.HIDDEN_BERSERKER, Kind.HIDDEN_BERSERKER] + [Kind.VIKING] * 5)
    for face, squares in SETUP:
        for name in squares:
            square = game.board.parse_square(name)
            if face == "river":
                terrain[square] = int(Terrain.RIVER)
            elif face == "village":
                terrain[square] = int(Terrain.VILLAGE)
            else:
                pieces[square] = next(kinds) if face == "viking-front" else Kind.IRISH
    placed = sum(kind is Kind.IRISH for kind in pieces.values())
    start = State.from_setup(game, None, None, terrain, pieces, game.counts.irish_troops - placed)
    assert start.phase.name == "PLAY" and start.reserve == game.counts.irish_troops - placed


def _diagram(title: str) -> ExampleDiagram:
    """The rulebook's diagram of the example titled `title`, laid out at the A4 frame's width."""
    prepared = prepare_rulebook(load_game(ROOT), ROOT / "rules.md")
    replay = next(r for r in prepared.report.replays if r.example.title == title)
    diagram = ExampleDiagram(replay, make_styles())
    diagram.wrap(text_frame(A4)[2], 1e9)
    return diagram


def test_a_deployment_is_drawn_on_its_square_not_across_others():
    diagram = _diagram("Down the tracker, into the Reserve and onto a village")
    (arrow,) = [a for a in diagram.trace.arrows if a.kind == "deploy"]
    sx, sy, ex, ey = diagram._ends(0, 0, arrow)
    cx, cy = diagram._xy(0, 0, *arrow.to)
    assert max(abs(sx - cx), abs(sy - cy), abs(ex - cx), abs(ey - cy)) <= 0.6 * diagram.s + 0.01


def test_number_badges_keep_off_the_pieces():
    diagram = _diagram("Shove a comrade forward, then move it on")
    drawn = [(a, diagram._ends(0, 0, a)) for a in diagram.trace.arrows]
    spots = diagram._badge_spots(0, 0, [(a, e) for a, e in drawn if e is not None])
    assert len(spots) == 2
    for x, y in spots.values():
        for f, r in diagram._occupied():
            cx, cy = diagram._xy(0, 0, f, r)
            assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 >= 0.3 * diagram.s, (f, r)
