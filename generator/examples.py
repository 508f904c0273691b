"""Rulebook examples: find every ```armagh block in Markdown, parse it (shared/EXAMPLES.md) and
replay it with the engine. Used by `pnp check` and by the rulebook diagrams.

Unreadable input raises `ExampleSyntaxError` (file:line and what was expected); a wrong example
is a `Replay` whose `passed` is False, with a report of why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from markdown_it import MarkdownIt

from .config import Game
from .engine import END, IllegalMoveError, InvalidMoveError, Move, State
from .engine.diagram import (Cell, DiagramError, build_state, default_fields, read_fields, read_grid,
                             state_cells, state_fields)
from .engine.options import check_options, parse_option

FENCE_INFO = "armagh"


class ExampleSyntaxError(ValueError):
    """A file or block that cannot be read, located as `file:line`."""

    def __init__(self, path: Path | str, line: int | None, message: str):
        self.path, self.line, self.message = Path(path), line, message
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")


@dataclass(frozen=True)
class Play:
    line: int
    moves: tuple[Move, ...]


@dataclass
class Example:
    """One parsed block. `expect` is "state", "illegal" or "winner"."""

    path: Path
    line: int  # the line of the opening fence
    title: str
    rules: str
    options: dict[str, str]
    before_cells: list[Cell]
    before_fields: dict[str, tuple[int, str]]
    plays: list[Play]
    expect: str
    expect_line: int
    winner: str | None = None
    after_cells: list[Cell] | None = None
    after_fields: dict[str, tuple[int, str]] = field(default_factory=dict)

    def where(self) -> str:
        return f"{self.path}:{self.line}"

    def before_state(self, game: Game | None) -> State:
        try:
            return build_state(self.before_cells, self.before_fields, game, self.rules, self.options)
        except DiagramError as exc:
            raise ExampleSyntaxError(self.path, exc.line, exc.message) from None


@dataclass
class Replay:
    """What happened when an example was played."""

    example: Example
    passed: bool
    states: list[State]  # the before state, then the state after each accepted play line
    report: str = ""     # why it failed (empty when passed)
    illegal_reason: str | None = None  # the rejection of the last play line, if any
    rejected: tuple[int, int] | None = None  # (play line, move) indices of the refused move

    @property
    def final(self) -> State:
        return self.states[-1]


def render_markdown(text: str, game: Game, path: Path | str = "<text>") -> str:
    """Fill a Markdown template's `{{ villages }}`-style numbers from the game (issue 4). Files
    without template syntax are returned unchanged; lines keep their numbers."""
    if "{{" not in text and "{%" not in text:
        return text
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    try:
        return env.from_string(text).render(**game.template_values())
    except jinja2.TemplateSyntaxError as exc:
        raise ExampleSyntaxError(path, exc.lineno, f"template error: {exc.message}") from None
    except jinja2.UndefinedError as exc:
        raise ExampleSyntaxError(path, None, f"template error: {exc.message}; known names: "
                                             f"{', '.join(sorted(game.template_values()))}") from None


def find_blocks(text: str) -> list[tuple[int, list[tuple[int, str]]]]:
    """Every ```armagh fenced block: (fence line, [(line, text), ...]), lines 1-based."""
    blocks = []
    for token in MarkdownIt("commonmark").parse(text):
        if token.type == "fence" and token.info.strip().split()[:1] == [FENCE_INFO] and token.map:
            start = token.map[0] + 1
            content = token.content.splitlines()
            blocks.append((start, [(start + 1 + i, line) for i, line in enumerate(content)]))
    return blocks


def _key(text: str) -> tuple[str, str]:
    key, sep, value = text.partition(":")
    return (key.strip(), value.strip()) if sep else ("", text.strip())


def parse_block(path: Path, fence_line: int, raw: list[tuple[int, str]], game: Game | None = None) -> Example:
    """Parse one block's lines (EXAMPLES.md, "A block"); both states are validated against `game`."""
    lines = [(n, t) for n, t in raw if t.strip() and not t.lstrip().startswith("#")]

    def fail(line: int | None, message: str) -> ExampleSyntaxError:
        return ExampleSyntaxError(path, line or fence_line, message)

    title, rules, options = "", "final", {}
    i = 0
    while i < len(lines):
        key, value = _key(lines[i][1])
        if key == "title":
            title = value
        elif key == "rules":
            if value not in ("final", "draft"):
                raise fail(lines[i][0], f"rules must be final or draft, got {value!r}")
            rules = value
        elif key == "option":
            try:
                _add_option(lines[i][0], value, options, rules)
            except DiagramError as exc:
                raise fail(exc.line, exc.message) from None
        else:
            break
        i += 1
    if i >= len(lines):
        raise fail(None, "expected a board grid (ranks 8 to 1), found the end of the block")
    try:
        before_cells, i = read_grid(lines, i)
        before_fields, i = _fields_and_options(lines, i, ("play", "expect"), options, rules)
    except DiagramError as exc:
        raise fail(exc.line, exc.message) from None
    plays = []
    while i < len(lines) and _key(lines[i][1])[0] == "play":
        number, text = lines[i]
        words = _key(text)[1].split()
        if not 1 <= len(words) <= 2:
            raise fail(number, f"a play line is one turn: one or two moves, got {len(words)}")
        try:
            plays.append(Play(number, tuple(Move.from_notation(w) for w in words)))
        except InvalidMoveError as exc:
            raise fail(number, str(exc)) from None
        i += 1
    if i >= len(lines) or _key(lines[i][1])[0] != "expect":
        got = repr(lines[i][1].strip()) if i < len(lines) else "the end of the block"
        raise fail(lines[i][0] if i < len(lines) else None, f"expected a play: or expect: line, got {got}")
    expect_line, value = lines[i][0], _key(lines[i][1])[1]
    example = Example(path, fence_line, title, rules, options, before_cells, before_fields, plays, "state",
                      expect_line)
    i += 1
    if value == "illegal":
        example.expect = "illegal"
        if not plays:
            raise fail(expect_line, "expect: illegal needs at least one play: line")
    elif value.split()[:1] == ["winner"]:
        side = value.split()[1:]
        if side not in (["viking"], ["irish"]):
            raise fail(expect_line, f"expected 'expect: winner viking' or 'expect: winner irish', got {value!r}")
        example.expect, example.winner = "winner", side[0]
    elif value:
        raise fail(expect_line, f"expected 'expect:' alone, 'expect: illegal' or 'expect: winner SIDE', got {value!r}")
    else:
        try:
            example.after_cells, i = read_grid(lines, i)
            example.after_fields, i = read_fields(lines, i)
        except DiagramError as exc:
            raise fail(exc.line, exc.message) from None
    if i < len(lines):
        raise fail(lines[i][0], f"unexpected line after the expectation: {lines[i][1].strip()!r}")
    example.before_state(game)  # validate both states now, so that errors are syntax errors
    if example.after_cells is not None:
        try:
            build_state(example.after_cells, example.after_fields, game, rules, options)
        except DiagramError as exc:
            raise fail(exc.line, exc.message) from None
    return example


def _add_option(line: int, text: str, options: dict[str, str], rules: str) -> None:
    """An `option: NAME=VALUE` line, validated against the option list."""
    try:
        name, value = parse_option(text)
        check_options({**options, name: value}, rules)
    except ValueError as exc:
        raise DiagramError(line, str(exc)) from None
    options[name] = value


def _fields_and_options(lines, i, stop, options, rules):
    """State lines, with `option:` lines allowed among them."""
    fields: dict[str, tuple[int, str]] = {}
    while i < len(lines):
        key, value = _key(lines[i][1])
        if key == "option":
            _add_option(lines[i][0], value, options, rules)
            i += 1
            continue
        if key in stop:
            break
        more, j = read_fields(lines[i:i + 1], 0)
        if key in fields:
            raise DiagramError(lines[i][0], f"{key} is given twice")
        fields.update(more)
        i += 1
    return fields, i


def read_examples(path: Path | str, game: Game) -> list[Example]:
    """All example blocks of a Markdown file (rendered as a template first if it is one)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ExampleSyntaxError(path, None, f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ExampleSyntaxError(path, None, f"cannot read: {exc}") from None
    return examples_in(render_markdown(text, game, path), path, game)


def examples_in(text: str, path: Path | str, game: Game) -> list[Example]:
    """All example blocks of already-rendered Markdown `text` that came from `path`."""
    return [parse_block(Path(path), line, lines, game) for line, lines in find_blocks(text)]


def replay(example: Example, game: Game) -> Replay:
    """Play the example's turns and compare the result with its expectation."""
    state = example.before_state(game)
    states = [state.copy()]
    for index, play in enumerate(example.plays):
        last = index == len(example.plays) - 1
        side = state.to_move
        number = 0
        try:
            for number, move in enumerate(play.moves):
                if number and state.to_move is not side and not state.is_game_over():
                    raise IllegalMoveError(f"illegal move {move.notation()!r}: ruling 5: the turn "
                                           f"ended after {play.moves[number - 1].notation()}")
                state.push_checked(move)
            if not state.is_game_over() and state.to_move is side:
                state.push_checked(END)
        except IllegalMoveError as exc:
            reason, rejected = str(exc), (index, number)
            if example.expect == "illegal" and last:
                return Replay(example, True, states, illegal_reason=reason, rejected=rejected)
            return Replay(example, False, states, f"line {play.line}: {reason}", reason, rejected)
        states.append(state.copy())
    if example.expect == "illegal":
        return Replay(example, False, states,
                      f"line {example.plays[-1].line}: expected this turn to be illegal, but it was accepted")
    if example.expect == "winner":
        outcome = state.outcome()
        if outcome and outcome.winner is not None and outcome.winner.label == example.winner:
            return Replay(example, True, states)
        actual = str(outcome) if outcome else "no winner yet"
        return Replay(example, False, states, f"line {example.expect_line}: expected winner {example.winner}, got {actual}")
    report = compare(example, state)
    return Replay(example, not report, states, report)


def compare(example: Example, state: State) -> str:
    """Expected and actual grids side by side, differing cells in brackets, then differing state
    lines. Empty when they agree."""
    expected_cells = example.after_cells or []
    actual_cells = state_cells(state)
    expected = default_fields(expected_cells)
    expected.update({key: value for key, (_, value) in example.after_fields.items()})
    expected["tracker"] = " ".join(expected["tracker"].split())  # ascending is checked when parsed
    actual = state_fields(state)
    cell_diffs = [s for s in range(64) if expected_cells[s].token() != actual_cells[s].token()]
    field_diffs = [key for key in expected if expected[key] != actual[key]]
    if not cell_diffs and not field_diffs:
        return ""
    width = max(len(c.token()) for c in expected_cells + actual_cells) + 2
    out = [f"line {example.expect_line}: the result differs from the expectation"]
    out.append("    " + "expected".ljust(8 * width + 4) + "actual")
    for rank in range(8, 0, -1):
        row = []
        for cells in (expected_cells, actual_cells):
            text = ""
            for f in range(8):
                s = 8 * (rank - 1) + f
                token = cells[s].token()
                text += (f"[{token}]" if s in cell_diffs else f" {token} ").ljust(width)
            row.append(f"{rank} {text}")
        out.append("  " + "  ".join(row))
    files = "".join(f" {c} ".ljust(width) for c in "abcdefgh")
    out.append("    " + files + "    " + files)
    for s in cell_diffs:
        name = "abcdefgh"[s % 8] + str(s // 8 + 1)
        out.append(f"  {name}: expected {expected_cells[s].token()}, got {actual_cells[s].token()}")
    for key in field_diffs:
        out.append(f"  {key}: expected {expected[key] or '(not written)'!s}, got {actual[key] or '(not written)'}")
    return "\n".join(out)
