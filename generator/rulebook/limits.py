"""Bounds on a Markdown file typeset as a rulebook (rules.md, examples.md), checked before any
layout work: a file from a stranger fails fast with an error naming its line, instead of hanging
the build, filling the memory or failing deep inside reportlab. Each bound is far above what a
real rulebook needs (the repository's largest files: 34 kB, 19 headings, 154 pieces of text, lists
2 deep, tables of 10 rows and 3 columns, 842 characters in one piece) and low enough that a file
at the bound still builds in seconds.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import ExampleSyntaxError

MAX_BYTES = 2_000_000       # the file, and the text its template renders: ~380,000 words, ~420 pages
MAX_HEADINGS = 1_000        # headings of any level; the contents list lists every `##` one
MAX_DEPTH = 8               # lists and quotes inside each other; each level takes ~16 points of width
MAX_BLOCKS = 10_000         # pieces of text: paragraphs, headings, list items, table cells, code blocks
MAX_BLOCK_CHARS = 50_000    # one such piece (~8,000 words): a paragraph re-breaks its rest on each page
MAX_TABLE_ROWS = 1_000      # a table re-splits its remaining rows on each page
MAX_TABLE_COLUMNS = 20      # on A4, 24 points a column: one or two letters beside the cell padding

CONTAINERS = ("bullet_list_open", "ordered_list_open", "blockquote_open")


def check_file_size(path: Path) -> None:
    """Refuse a file larger than MAX_BYTES before reading it (an unreadable one is left to the
    reader, which names the problem)."""
    try:
        if path.stat().st_size <= MAX_BYTES:
            return
        with path.open("rb") as file:
            head = file.read(MAX_BYTES)
    except OSError:
        return
    raise _too_big(path, head)


def check_text_size(text: str, path: Path) -> None:
    """Refuse a rendered text larger than MAX_BYTES (a template can grow its file)."""
    if len(text) > MAX_BYTES // 4 and len(data := text.encode("utf-8")) > MAX_BYTES:  # 4 bytes a character at most
        raise _too_big(path, data[:MAX_BYTES])


def _too_big(path: Path, head: bytes) -> ExampleSyntaxError:
    return ExampleSyntaxError(path, head.count(b"\n") + 1,
                              f"more than {MAX_BYTES // 1_000_000} MB of text from this line on; "
                              f"a rulebook is far shorter: split the file")


def check_tokens(tokens: list, path: Path) -> None:
    """Refuse parsed Markdown past a bound of this module, naming the first line past it."""
    line, problem = 1, None
    headings = blocks = depth = rows = cells = 0
    for token in tokens:
        line = token.map[0] + 1 if token.map else line  # a closing token: the last line seen
        t = token.type
        if t in CONTAINERS:
            depth += 1
            if depth > MAX_DEPTH:
                problem = f"lists and quotes nested more than {MAX_DEPTH} deep"
        elif t in ("bullet_list_close", "ordered_list_close", "blockquote_close"):
            depth -= 1
        elif t == "heading_open":
            headings += 1
            if headings > MAX_HEADINGS:
                problem = (f"more than {MAX_HEADINGS:,} headings; a rulebook needs far fewer: "
                           f"merge sections, or make their titles paragraphs")
        elif t == "table_open":
            rows = 0
        elif t == "tr_open":
            rows, cells = rows + 1, 0
            if rows > MAX_TABLE_ROWS:
                problem = f"a table of more than {MAX_TABLE_ROWS:,} rows; split the table"
        elif t in ("th_open", "td_open"):
            cells += 1
            if cells > MAX_TABLE_COLUMNS:
                problem = (f"a table of more than {MAX_TABLE_COLUMNS} columns, too many to fit "
                           f"across a page; split the table")
        elif t in ("inline", "fence", "code_block"):
            blocks += 1
            if blocks > MAX_BLOCKS:
                problem = (f"more than {MAX_BLOCKS:,} paragraphs, list items, table cells and "
                           f"code blocks; split the file")
            elif len(token.content) > MAX_BLOCK_CHARS:
                problem = f"a paragraph or block of more than {MAX_BLOCK_CHARS:,} characters; split it"
        if problem:
            raise ExampleSyntaxError(path, line, problem)
