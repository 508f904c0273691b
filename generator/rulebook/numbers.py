"""Numbers from one place: find literal counts in the rules text that disagree with components.toml.

rules.md is a jinja2 template: a count is written `{{ castles }} castles` and follows the
component list by construction. This module reads the template's own text (so line numbers are
rules.md's) and looks for counts someone typed instead.

A rulebook is full of numbers that are not component counts: "the two troops push a chain"
describes a diagram. So a typed number is read as a count claim only where the sentence states a
total, in one of these shapes (the number in digits or a word from "two" to "twenty"):

=====================================================  ====================
shape                                                  count it must equal
=====================================================  ====================
"all N <noun>", "all N of the <noun>"                  the noun's count
"N <noun> in all" / "in total"                         the noun's count
"the game has / comes with / contains / includes N     the noun's count
  <noun>"
"N-space tracker", "tracker has / with / of N spaces"  tracker_spaces
"first to N points", "N (victory) points wins",        points_to_win
  "race to N points"
a game's own shapes (`Game.count_shapes`)              the shape's count
"every one of the N <noun>", "each of the N <noun>"     the noun's count
a table row naming a component, with a bare number     the component's count
  in another cell (the component list)
"N <noun>" anywhere else, N in digits (2 or more),     the noun's count
  except in a paragraph right before or after an
  example block (it describes that diagram); prose
  narration spells its numbers ("two troops push")
=====================================================  ====================

A paragraph is read whole: a claim wrapped over a line break ("all 5" / "castles") is found and
reported on the number's line. The nouns are the game's (`Game.count_nouns`: a regular expression
and the count it names). A count claim that disagrees with the count is an `error` (the build
stops); one that agrees is a `warning`: right today, but it will not follow a change, so write the
template name. Skipped: fenced blocks (the example grids), `code spans`, jinja `{{ }}`, `{% %}`,
`{# #}`, and any line marked `{# numbers: ok #}`.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path

from functools import lru_cache

from ..examples import parse_markdown
from ..games.base import Game

WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
# a number in digits or words; the look-ahead at each word's first letter saves trying them all
_NUMBER = (r"(?=[\d" + "".join(sorted({word[0] for word in WORDS})) + r"])"
           r"(?P<num>\d+|" + "|".join(sorted(WORDS, key=len, reverse=True)) + r")")

_B = r"(?<![\w.$-])"
# (shape, count name or None for "the noun's count"); `{noun}` is the game's nouns.
GENERIC_SHAPES = (
    (r"\ball (?:of )?(?:the |its |their )?{number} (?:of (?:the |its |their )?)?{noun}", None),
    (_B + r"{number} {noun} in (?:all|total)\b", None),
    (r"\b(?:game|box|kit|set) (?:has|comes with|contains|includes) {number} {noun}", None),
    (r"\b(?:every|each) (?:one )?of (?:the |its |their )?{number} {noun}", None),
    (_B + r"{number}-space (?:reinforcement )?tracker\b", "tracker_spaces"),
    (r"\btracker (?:has|with|of) {number} (?:numbered )?spaces\b", "tracker_spaces"),
    (r"\b(?:first|race) to {number} (?:victory )?points\b", "points_to_win"),
    (_B + r"{number} (?:victory )?points (?:wins|to win)\b", "points_to_win"),
)


@lru_cache(maxsize=None)
def count_grammar(cls: type[Game]):
    """The game's nouns and shapes as compiled patterns: (noun patterns, shapes)."""
    noun = "(?P<noun>" + "|".join(f"(?:{n})" for n, _ in cls.count_nouns) + r")\b"
    nouns = [(re.compile(n + r"$", re.IGNORECASE), name) for n, name in cls.count_nouns]
    shapes = []
    for pattern, name in GENERIC_SHAPES + tuple(cls.count_shapes):
        if "{noun}" in pattern and not cls.count_nouns:
            continue
        text = pattern.replace("(?P<num>{number})", _NUMBER).replace("{number}", _NUMBER).replace("{noun}", noun)
        shapes.append((re.compile(text, re.IGNORECASE), name))
    bare = re.compile(_B + r"(?P<num>\d+) " + noun, re.IGNORECASE) if cls.count_nouns else None
    return nouns, shapes, bare


_ANY_NUMBER = re.compile(_NUMBER, re.IGNORECASE)  # in every count claim (its `num`)
_TABLE_NUMBER = re.compile(r"^\s*(\d+|" + "|".join(WORDS) + r")\s*$", re.IGNORECASE)
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}")
_CODE = re.compile(r"(`+)(?:(?!\1).)+\1")
OK_MARK = re.compile(r"\{#\s*numbers:\s*ok\s*#\}")


@dataclass(frozen=True)
class NumberProblem:
    path: Path
    line: int
    text: str       # the phrase as written, e.g. "5 castles"
    count: str      # the components.toml name, e.g. "castles"
    written: int
    expected: int

    @property
    def is_error(self) -> bool:
        return self.written != self.expected

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}"
        if self.is_error:
            return (f"{where}: {self.text!r} disagrees with components.toml: {self.count} = "
                    f"{self.expected}; write {{{{ {self.count} }}}} instead of {self.written} (or end the line "
                    f"with {{# numbers: ok #}} if it is not that count)")
        return (f"{where}: {self.text!r} is typed, not templated: it will not follow a change to "
                f"{self.count}; write {{{{ {self.count} }}}}")


def _blank(match: re.Match) -> str:
    return "_" * len(match.group(0))  # a word of its own: "5 {{ x }} castles" is no "5 castles"


def _fenced_lines(tokens: list) -> set[int]:
    """0-based line numbers inside fenced or indented code blocks (the example grids)."""
    lines: set[int] = set()
    for token in tokens:
        if token.type in ("fence", "code_block") and token.map:
            lines.update(range(*token.map))
    return lines


def _noun_count(nouns, noun: str) -> str:
    noun = " ".join(noun.split())
    return next(name for pattern, name in nouns if pattern.match(noun))


def check_numbers(text: str, game: Game, path: Path | str = "rules.md",
                  tokens: list | None = None) -> list[NumberProblem]:
    """Every typed count claim in the template `text`; `is_error` marks those that disagree.
    `tokens`: `text`'s own (`parse_markdown`), when already parsed."""
    path = Path(path)
    values = game.template_values()
    nouns, shapes, bare = count_grammar(type(game))
    shapes = [(shape, name) for shape, name in shapes if name is None or name in values]  # counts it has
    skip = _fenced_lines(parse_markdown(text) if tokens is None else tokens)
    raw_lines = text.splitlines()
    clean = ["" if i in skip or OK_MARK.search(raw) else _CODE.sub(_blank, _JINJA.sub(_blank, raw))
             for i, raw in enumerate(raw_lines)]
    problems = []
    for block in _paragraphs(clean):
        # the paragraph as one line (a claim may wrap); `starts` maps a position back to its line
        starts, parts, at = [], [], 0
        for index in block:
            starts.append(at)
            parts.append(" ".join(clean[index].split()))
            at += len(parts[-1]) + 1
        joined = " ".join(parts)
        if not _ANY_NUMBER.search(joined):
            continue
        found = []
        for shape, name in shapes:
            found += [(m.start("num"), m.group(0), name or _noun_count(nouns, m.group("noun")), m.group("num"))
                      for m in shape.finditer(joined)]
        if bare is not None and not _beside_a_diagram(block, raw_lines, skip):
            found += [(m.start("num"), m.group(0), _noun_count(nouns, m.group("noun")), m.group("num"))
                      for m in bare.finditer(joined) if int(m.group("num")) >= 2]
        if len(block) == 1:
            found += _table_row(nouns, joined)
        seen = set()
        for start, phrase, name, num in sorted(set(found), key=lambda f: (f[0], -len(f[1]))):
            if start in seen:  # one claim per number, the longest phrase
                continue
            seen.add(start)
            line = block[bisect_right(starts, start) - 1] + 1
            problems.append(NumberProblem(path, line, " ".join(phrase.split()), name, _value(num),
                                          int(values[name])))
    return problems


def _value(num: str) -> int:
    return int(num) if num.isdigit() else WORDS[num.lower()]


_BLOCK_START = re.compile(r"\s*(?:#|\||[-*+] |\d+[.)] )")  # a heading, a table row, a list item


def _paragraphs(clean: list[str]) -> list[list[int]]:
    """The text's paragraphs as lists of line indexes: wrapped lines go together; a heading, a
    table row or a list item starts a new one (a heading or a table row is one line)."""
    blocks: list[list[int]] = []
    for index, line in enumerate(clean):
        if not line.strip():
            continue
        if blocks and blocks[-1][-1] == index - 1 and not _BLOCK_START.match(line) \
                and clean[index - 1].lstrip()[:1] not in ("#", "|"):
            blocks[-1].append(index)
        else:
            blocks.append([index])
    return blocks


def _beside_a_diagram(block: list[int], raw_lines: list[str], fenced: set[int]) -> bool:
    """Whether the nearest non-blank line before or after the paragraph is an example block."""
    def nearest(index: int, step: int) -> int | None:
        while 0 <= index < len(raw_lines) and not raw_lines[index].strip():
            index += step
        return index if 0 <= index < len(raw_lines) else None

    return nearest(block[0] - 1, -1) in fenced or nearest(block[-1] + 1, 1) in fenced


def _table_row(nouns, line: str) -> list[tuple[int, str, str, str]]:
    """A component-list row: `| Castles | 8 | ... |` -> the count claim in it."""
    if not line.lstrip().startswith("|"):
        return []
    cells = line.strip().strip("|").split("|")
    if len(cells) < 2:
        return []
    name = " ".join(cells[0].replace("*", "").split())
    count = next((n for pattern, n in nouns if pattern.match(name)), None)
    if count is None:
        return []
    for cell in cells[1:]:
        match = _TABLE_NUMBER.match(cell)
        if match:
            return [(line.index(cell), f"{name} | {match.group(1)}", count, match.group(1))]
    return []


def number_errors(text: str, game: Game, path: Path | str = "rules.md") -> list[NumberProblem]:
    return [p for p in check_numbers(text, game, path) if p.is_error]
