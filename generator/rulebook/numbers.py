"""Numbers from one place: find literal counts in the rules text that disagree with components.toml.

rules.md is a jinja2 template: a count is written `{{ villages }} villages` and follows the
component list by construction. This module reads the template's own text (so line numbers are
rules.md's) and looks for counts someone typed instead.

A rulebook is full of numbers that are not component counts: "the two Irish troops push a chain"
describes a diagram, "three villages are still intact" a position. So a typed number is read as a
count claim only where the sentence states a total, in one of these shapes (the number in digits
or a word from "two" to "twenty"):

=====================================================  ====================
shape                                                  count it must equal
=====================================================  ====================
"all N villages", "all N of the villages"              villages
"N villages in all" / "in total"                       villages
"the game has / comes with / contains / includes N     the noun's count
  villages"
"once N Viking troops are / have been defeated"        defeats_for_point
"N-space tracker", "tracker has / with / of N spaces"  tracker_spaces
"first to N points", "N (victory) points wins",        points_to_win
  "race to N points"
a table row naming a component, with a bare number     the component's count
  in another cell (the component list)
=====================================================  ====================

Nouns: villages, Irish troops, Viking troops (or pieces), Berserkers, Chiefs, river tiles, stun
markers, plain troops/warriors/reverses. A count claim that disagrees with the count is an
`error` (the build stops); one that agrees is a `warning`: right today, but it will not follow a
change, so write the template name. Skipped: fenced blocks (the example grids), `code spans`,
jinja `{{ }}`, `{% %}`, `{# #}`, and any line marked `{# numbers: ok #}`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt

from ..config import Game

WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
_NUMBER = r"(?P<num>\d+|" + "|".join(sorted(WORDS, key=len, reverse=True)) + r")"

# Component nouns and their count names; the first that matches wins.
NOUNS: tuple[tuple[str, str], ...] = (
    (r"(?:looted |intact |unlooted )?villages?", "villages"),
    (r"irish troops?", "irish_troops"),
    (r"viking (?:troops?|pieces?)", "viking_troops"),
    (r"plain (?:troops?|warriors?|reverses?|vikings?)", "plain_vikings"),
    (r"berserkers?", "berserkers"),
    (r"chiefs?", "chiefs"),
    (r"river tiles?", "river_tiles"),
    (r"stun markers?", "stun_markers"),
)
_NOUN = "(?P<noun>" + "|".join(f"(?:{n})" for n, _ in NOUNS) + r")\b"
_NOUN_RES = [(re.compile(n + r"$", re.IGNORECASE), name) for n, name in NOUNS]
_B = r"(?<![\w.$-])"
# (shape, count name or None for "the noun's count")
SHAPES: tuple[tuple[re.Pattern, str | None], ...] = tuple((re.compile(p, re.IGNORECASE), name) for p, name in (
    (r"\bonce " + _NUMBER + r" (?:viking )?(?:troops?|pieces?|vikings?) (?:are|is|have been|has been|were) defeated", "defeats_for_point"),
    (r"\ball (?:of )?(?:the |its |their )?" + _NUMBER + r" (?:of (?:the |its |their )?)?" + _NOUN, None),
    (_B + _NUMBER + r" " + _NOUN + r" in (?:all|total)\b", None),
    (r"\b(?:game|box|kit|set) (?:has|comes with|contains|includes) " + _NUMBER + r" " + _NOUN, None),
    (_B + _NUMBER + r"-space (?:reinforcement )?tracker\b", "tracker_spaces"),
    (r"\btracker (?:has|with|of) " + _NUMBER + r" (?:numbered )?spaces\b", "tracker_spaces"),
    (r"\b(?:first|race) to " + _NUMBER + r" (?:victory )?points\b", "points_to_win"),
    (_B + _NUMBER + r" (?:victory )?points (?:wins|to win)\b", "points_to_win"),
))
_TABLE_NUMBER = re.compile(r"^\s*(\d+|" + "|".join(WORDS) + r")\s*$", re.IGNORECASE)
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}")
_CODE = re.compile(r"(`+)(?:(?!\1).)+\1")
OK_MARK = re.compile(r"\{#\s*numbers:\s*ok\s*#\}")


@dataclass(frozen=True)
class NumberProblem:
    path: Path
    line: int
    text: str       # the phrase as written, e.g. "5 villages"
    count: str      # the components.toml name, e.g. "villages"
    written: int
    expected: int

    @property
    def is_error(self) -> bool:
        return self.written != self.expected

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}"
        if self.is_error:
            return (f"{where}: {self.text!r} disagrees with components.toml: {self.count} = "
                    f"{self.expected}; write {{{{ {self.count} }}}} instead of {self.written}")
        return (f"{where}: {self.text!r} is typed, not templated: it will not follow a change to "
                f"{self.count}; write {{{{ {self.count} }}}}")


def _blank(match: re.Match) -> str:
    return " " * len(match.group(0))


def _fenced_lines(text: str) -> set[int]:
    """0-based line numbers inside fenced or indented code blocks (the example grids)."""
    lines: set[int] = set()
    for token in MarkdownIt("commonmark").parse(text):
        if token.type in ("fence", "code_block") and token.map:
            lines.update(range(*token.map))
    return lines


def _noun_count(noun: str) -> str:
    noun = " ".join(noun.split())
    return next(name for pattern, name in _NOUN_RES if pattern.match(noun))


def check_numbers(text: str, game: Game, path: Path | str = "rules.md") -> list[NumberProblem]:
    """Every typed count claim in the template `text`; `is_error` marks those that disagree."""
    path = Path(path)
    values = game.template_values()
    skip = _fenced_lines(text)
    problems = []
    raw_lines = text.splitlines()
    clean = ["" if i in skip or OK_MARK.search(raw) else _CODE.sub(_blank, _JINJA.sub(_blank, raw))
             for i, raw in enumerate(raw_lines)]
    for index, line in enumerate(clean):
        if not line.strip():
            continue
        # a phrase may wrap onto the next line: read the two together, keep numbers on this one
        joined = line + " " + (clean[index + 1] if index + 1 < len(clean) else "")
        found = []
        for shape, name in SHAPES:
            for match in shape.finditer(joined):
                if match.start("num") >= len(line):
                    continue
                count = name or _noun_count(match.group("noun"))
                found.append((match.start("num"), match.group(0), count, match.group("num")))
        found += _table_row(line)
        seen = set()
        for start, phrase, name, num in sorted(set(found), key=lambda f: (f[0], -len(f[1]))):
            if start in seen:  # one claim per number, the longest phrase
                continue
            seen.add(start)
            written = int(num) if num.isdigit() else WORDS[num.lower()]
            problems.append(NumberProblem(path, index + 1, " ".join(phrase.split()), name, written,
                                          int(values[name])))
    return problems


def _table_row(line: str) -> list[tuple[int, str, str, str]]:
    """A component-list row: `| River tiles | 8 | ... |` -> the count claim in it."""
    if not line.lstrip().startswith("|"):
        return []
    cells = line.strip().strip("|").split("|")
    if len(cells) < 2:
        return []
    name = " ".join(cells[0].replace("*", "").split())
    count = next((n for pattern, n in _NOUN_RES if pattern.match(name)), None)
    if count is None:
        return []
    for cell in cells[1:]:
        match = _TABLE_NUMBER.match(cell)
        if match:
            return [(line.index(cell), f"{name} | {match.group(1)}", count, match.group(1))]
    return []


def number_errors(text: str, game: Game, path: Path | str = "rules.md") -> list[NumberProblem]:
    return [p for p in check_numbers(text, game, path) if p.is_error]
