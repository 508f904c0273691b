"""A rules.md from a stranger never hangs the build, fills the memory or ends as an internal
error: past a bound of generator/rulebook/limits.py, or too large for a page, it is one located
`Error:` line (exit 2) naming rules.md and the line. Inputs sit just past each bound, so a bound
checked too late shows as a slow test."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest
from helpers import CONTRACT_BLOCK
from typer.testing import CliRunner

from generator.cli import app
from generator.config import load_game
from generator.rulebook import build_rulebook
from generator.rulebook.limits import (MAX_BLOCK_CHARS, MAX_BLOCKS, MAX_BYTES, MAX_DEPTH, MAX_HEADINGS,
                                       MAX_TABLE_COLUMNS, MAX_TABLE_ROWS)
from generator.rulebook.markdown import _Keys

ROOT = Path(__file__).resolve().parents[1]
RUNNER = CliRunner()
HEAD = "# Title\n\nIntro.\n\n"  # four lines: what follows starts on line 5


def game_folder(tmp_path: Path, rules: str) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "components.toml").write_bytes((ROOT / "components.toml").read_bytes())
    (folder / "rules.md").write_text(rules, encoding="utf-8")
    return folder


def build(tmp_path: Path, rules: str):
    folder = game_folder(tmp_path, rules)
    return RUNNER.invoke(app, ["build", "--game", str(folder), "--out", str(tmp_path / "out")])


def assert_located(result, line: int, message: str) -> None:
    errors = [text for text in result.output.splitlines() if text.startswith("Error:")]
    assert result.exit_code == 2, result.output
    assert len(errors) == 1, result.output
    assert "internal error" not in result.output
    assert re.search(rf"rules\.md:{line}: .*{re.escape(message)}", errors[0]), errors[0]


def nested_list(depth: int) -> str:
    return "".join("  " * level + f"- level {level + 1}\n" for level in range(depth))


def table(rows: int, columns: int = 2, cell: str = "x") -> str:
    return ("|" + " head |" * columns + "\n" + "|" + " --- |" * columns + "\n"
            + ("|" + f" {cell} |" * columns + "\n") * (rows - 1))


# --------------------------------------------------------------------- past a bound
PAST_A_BOUND = {
    # name: (rules.md, the line named, the message)
    "headings": (HEAD + "".join(f"## Part {i}\n\nText.\n\n" for i in range(MAX_HEADINGS)),
                 5 + 4 * (MAX_HEADINGS - 1), f"more than {MAX_HEADINGS:,} headings"),
    "nested lists": (HEAD + nested_list(MAX_DEPTH + 1), 5 + MAX_DEPTH, f"nested more than {MAX_DEPTH} deep"),
    "nested quotes": (HEAD + "Before.\n\n" + ">" * (MAX_DEPTH + 1) + " deep\n", 7, "nested more than"),
    "quotes in lists": (HEAD + "Text.\n\n" + "- > " * (MAX_DEPTH // 2) + "- item\n", 7, "nested more than"),
    "table rows": (HEAD + table(MAX_TABLE_ROWS + 1), 5 + 1 + MAX_TABLE_ROWS, f"more than {MAX_TABLE_ROWS:,} rows"),
    "table columns": (HEAD + "Text.\n\n" + table(2, MAX_TABLE_COLUMNS + 1), 7, "columns"),
    "a long paragraph": (HEAD + "Text.\n\n" + "word " * (MAX_BLOCK_CHARS // 5 + 1), 7,
                         f"more than {MAX_BLOCK_CHARS:,} characters"),
    "a long code block": (HEAD + "```\n" + "x = 1\n" * (MAX_BLOCK_CHARS // 6 + 1) + "```\n", 5, "characters"),
    "many blocks": ("".join(f"- item {i}\n" for i in range(MAX_BLOCKS + 1)), MAX_BLOCKS + 1,
                    f"more than {MAX_BLOCKS:,} paragraphs"),
    # every line 100 bytes: the first byte past the bound is on line MAX_BYTES / 100 + 1
    "a large file": (("word " * 19 + "word\n") * (MAX_BYTES // 100 + 1), MAX_BYTES // 100 + 1, "MB of text"),
    # the template sandbox stops a render past its own bound first, at the line printing
    "a large rendered text": ("{% for i in range(" + str(MAX_BYTES // 100 + 1) + ") %}" + "x" * 99 + "\n{% endfor %}",
                              1, "prints more than"),
}


@pytest.mark.parametrize("case", PAST_A_BOUND)
def test_input_past_a_bound_is_a_located_error(tmp_path, case):
    rules, line, message = PAST_A_BOUND[case]
    assert_located(build(tmp_path, rules), line, message)


# --------------------------------------------------------------------- too large for a page
TOO_LARGE = {
    "a table cell": (HEAD + "Text.\n\n| a | b |\n| - | - |\n| " + "word " * 3000 + "| x |\n", 7,
                     "a table cell is taller than a page; split the cell's text"),
    "a quote": (HEAD + "".join(f"> line {i} of a long quote\n>\n" for i in range(80)), 5,
                "a quote is taller than a page"),
    "a table in a list (the table named)": (HEAD + "- item\n\n  | a |\n  | - |\n  | " + "word " * 3000 + "|\n", 7,
                                            "a table cell is taller than a page"),
}


@pytest.mark.parametrize("case", TOO_LARGE)
def test_a_block_too_large_for_a_page_is_a_located_error(tmp_path, case):
    rules, line, message = TOO_LARGE[case]
    assert_located(build(tmp_path, rules), line, message)


def test_an_example_diagram_too_large_for_a_page_names_its_fence(tmp_path):
    block = CONTRACT_BLOCK.replace("title: A Viking", "title: " + "Long " * 6000 + "A Viking")
    assert_located(build(tmp_path, HEAD + "Text.\n\n" + block), 7, "this example diagram is too large for a page")


# --------------------------------------------------------------------- at a bound, or large: laid out
LAID_OUT = {
    "nesting at the bound, with a wide table inside": HEAD + "- > " * (MAX_DEPTH // 2) + "Text.\n"
        + "".join("  > " * (MAX_DEPTH // 2) + row + "\n" for row in table(2, MAX_TABLE_COLUMNS, "W" * 15).split("\n")),
    "a 1,000-character heading and title": "# " + "W" * 1000 + "\n\n## " + "word " * 200 + "\n\nText.\n\n## "
        + "x" * 1000 + "\n\nText.\n",
    "an image": HEAD + "![a missing picture](nowhere/missing.png)\n",
}


@pytest.mark.parametrize("case", LAID_OUT)
def test_large_but_bounded_input_is_laid_out(tmp_path, case):
    result = build(tmp_path, LAID_OUT[case])
    assert result.exit_code == 0, result.output
    assert "Error" not in result.output


def outline_titles(outline) -> list[str]:
    return [title for item in outline for title in
            (outline_titles(item) if isinstance(item, list) else [item.title])]


def test_a_heading_taller_than_a_page_goes_on_over_the_next_with_one_bookmark(tmp_path):
    result = build(tmp_path, "# " + "W" * 3000 + "\n\n## Next\n\nText.\n")
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(str(next((tmp_path / "out").glob("*-a4.pdf"))))
    assert sum("WWWWWWWWWW" in page.extract_text() for page in reader.pages) >= 2
    titles = outline_titles(reader.outline)
    assert sum(title.startswith("WWW") for title in titles) == 1 and "Next" in titles


# --------------------------------------------------------------------- the contents list
def test_300_headings_lay_out_and_the_contents_lists_each_with_its_page(tmp_path):
    titles = [f"Rule {i:03d}" for i in range(300)]
    rules = HEAD + "".join(f"## {title}\n\nText of {title.lower()}.\n\n" for title in titles)
    out = tmp_path / "rules.pdf"
    build_rulebook(load_game(game_folder(tmp_path, rules)), tmp_path / "game" / "rules.md", out)
    pages = [page.extract_text() for page in pypdf.PdfReader(str(out)).pages]
    text = "\n".join(pages)
    listed = re.findall(r"(Rule \d{3})\s*(\d+)\n", text)  # a contents row: title, then its page
    assert [title for title, _ in listed] == titles
    for title, page in listed:
        assert f"Text of {title.lower()}." in pages[int(page) - 1], (title, page)
    assert len(pages) > 10 and int(listed[-1][1]) == len(pages)


def test_bookmark_keys_of_equal_titles_are_numbered_in_order():
    keys = _Keys()
    assert [keys(t) for t in ["Setup", "Setup", "Setup 2", "Setup", "", "!"]] == \
        ["setup", "setup-2", "setup-2-2", "setup-3", "section", "section-2"]
    keys = _Keys()
    assert [keys(t) for t in ["A 2", "A", "A", "A"]] == ["a-2", "a", "a-3", "a-4"]
