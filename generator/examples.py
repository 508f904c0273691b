"""Rulebook examples: find every example block in Markdown, parse it and replay it with the engine
of the game its info string names (each game package has its own fence). Used by `pnp check` and by the
rulebook's diagrams.

A block (docs/diagram-notation.md) has three parts: optional `title:`, `rules:` and `option:`
lines, a board grid and state lines; `play:` lines, one turn each; one `expect:` (an after grid
and state lines, `illegal`, or `winner SIDE`). The block structure is read here; the grid's cells,
the state lines and the moves are the game's grammar (`Game.grammar`).

Unreadable input raises `ExampleSyntaxError` (file:line and what was expected): text that cannot
be parsed, a block of an unknown fence, a before-position the rules forbid. A wrong example is a
`Replay` whose `passed` is False, with a report of why; so is an expected position the rules forbid
(`ImpossiblePosition`), since its text was read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .errors import ExampleSyntaxError, read_text
from .games import fence_game, fences
from .games.base import (COMPONENTS_FILE, BoardSpec, DiagramError, Game, Grammar, Grid, IllegalMoveError, ImpossiblePosition,
                         State, parse_option, read_whole)


@dataclass(frozen=True)
class Play:
    line: int
    moves: tuple


@dataclass
class Example:
    """One parsed block. `expect` is "state", "illegal", "winner" (`winners` says who: one side,
    or several sharing the win), "draw" or "score" (`scores`: each side's, by label)."""

    path: Path
    line: int  # the line of the opening fence
    game: Game
    grammar: Grammar  # the game's grammar as this block reads it (its header lines applied)
    title: str
    rules: str | None
    options: dict[str, str]
    before: Grid
    before_fields: dict[str, tuple[int, str]]
    plays: list[Play]
    expect: str
    expect_line: int
    winners: tuple[str, ...] = ()
    scores: dict[str, float] = field(default_factory=dict)
    after: Grid | None = None
    after_fields: dict[str, tuple[int, str]] = field(default_factory=dict)
    after_board: BoardSpec | None = None      # the expected grid's own board (its size)
    impossible: ImpossiblePosition | None = None  # why the rules forbid the expected position
    _before: State | None = field(default=None, init=False, repr=False, compare=False)

    def where(self) -> str:
        return f"{self.path}:{self.line}"

    def before_state(self) -> State:
        """The position before the plays: a fresh copy each time of the state built (and so
        checked) on the first call."""
        if self._before is None:
            try:
                self._before = self.grammar.build_state(self.before, self.before_fields, self.rules,
                                                        self.options)
            except DiagramError as exc:
                raise ExampleSyntaxError(self.path, exc.line, exc.message) from None
        return self._before.copy()


@dataclass
class Replay:
    """What happened when an example was played."""

    example: Example
    passed: bool
    states: list[State]  # the before state, then the state after each accepted play line
    report: str = ""     # why it failed (empty when passed)
    illegal: IllegalMoveError | None = None  # the rejection of a play line, if any
    rejected: tuple[int, int] | None = None  # (play line, move) indices of the refused move

    @property
    def final(self) -> State:
        return self.states[-1]


def render_markdown(text: str, game: Game, path: Path | str = "<text>") -> str:
    """Fill a Markdown template's `{{ name }}`-style numbers from the game, in the sandbox
    (generator/sandbox.py; `{% include %}` reads the game folder's templates/). Files without
    template syntax are returned unchanged; lines keep their numbers."""
    if "{{" not in text and "{%" not in text:
        return text
    from .sandbox import TemplateFault, render

    try:
        return render(text, game.template_values(), path, includes=game.root / "templates", cache=True)
    except TemplateFault as exc:
        raise ExampleSyntaxError(exc.path, exc.line, exc.message) from None


def parse_markdown(text: str, inline: bool = False) -> list:
    """Markdown's block tokens (markdown-it: CommonMark, tables, strikethrough). With `inline`,
    each inline token's children too: typesetting needs them, finding example blocks does not."""
    return _markdown_parser(inline).parse(text)


@lru_cache(maxsize=None)
def _markdown_parser(inline: bool):
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark").enable("table").enable("strikethrough")
    return parser if inline else parser.disable("inline")


def example_fence(token) -> str | None:
    """The game package fence of a Markdown token that is an example block, else None."""
    info = token.info.split()[:1] if token.type == "fence" else []
    return info[0] if info and info[0] in fences() else None


# Info strings of code, not of examples: a block of these is never taken for an unknown game's.
CODE_WORDS = frozenset("""
    text txt plain plaintext console output shell sh bash zsh powershell bat python py pycon toml ini
    cfg conf json yaml yml xml html css js javascript ts typescript md markdown diff patch sql c cpp
    h rust rs go java csv tsv jinja jinja2 makefile dockerfile
""".split())


def unknown_fence(token) -> str | None:
    """The info string of a fenced block that looks like an example of no known game: one word,
    neither a known fence nor a code language, over a body with a `play:` or `expect:` line."""
    info = token.info.split() if token.type == "fence" else []
    if len(info) != 1 or info[0] in fences() or info[0].lower() in CODE_WORDS:
        return None
    keys = {_key(line)[0] for line in token.content.splitlines()}
    return info[0] if keys & {"play", "expect"} else None


def find_blocks(text: str, tokens: list | None = None,
                path: Path | str = "<text>") -> list[tuple[str, int, list[tuple[int, str]]]]:
    """Every example block of any game package: (fence, fence line, [(line, text), ...]), lines
    1-based; `tokens` are the text's own (`parse_markdown`) when already parsed. A block that
    looks like an example of an unknown game raises ExampleSyntaxError naming `path` and its line."""
    blocks = []
    for token in parse_markdown(text) if tokens is None else tokens:
        fence = example_fence(token)
        stray = None if fence else unknown_fence(token)
        if stray and token.map:
            raise ExampleSyntaxError(path, token.map[0] + 1, f"unknown example fence {stray!r}; "
                                                             f"known: {', '.join(fences())}")
        if fence and token.map:
            start = token.map[0] + 1
            content = token.content.splitlines()
            if not _closed(token, text):
                raise ExampleSyntaxError(path, start, f"the {fence} block opened here is never closed "
                                                      f"(a line of {token.markup} ends it)")
            blocks.append((fence, start, [(start + 1 + i, line) for i, line in enumerate(content)]))
    return blocks


def _closed(token, text: str) -> bool:
    """Whether a fenced block has its closing fence (Markdown runs an unclosed one to the end of
    its container): the block's last line is a run of its fence character at least as long."""
    last = token.map[1] - 1
    lines = text.splitlines()
    if last <= token.map[0] or last >= len(lines):
        return False
    closing = lines[last].lstrip(" >").strip()    # inside a quote, its > marks come first
    char = token.markup[0]
    return len(closing) >= len(token.markup) and closing == char * len(closing)


def _key(text: str) -> tuple[str, str]:
    key, sep, value = text.partition(":")
    return (key.strip(), value.strip()) if sep else ("", text.strip())


def parse_block(path: Path, fence_line: int, raw: list[tuple[int, str]], game: Game) -> Example:
    """Parse one block's lines; both states are validated against `game` now. Text that cannot
    be parsed and a before-position the rules forbid are syntax errors with their line; an
    expected position the rules forbid is kept in `impossible`, for `replay` to report."""
    lines = [(n, t) for n, t in raw if t.strip() and not t.lstrip().startswith("#")]
    grammar = game.grammar

    def fail(line: int | None, message: str) -> ExampleSyntaxError:
        return ExampleSyntaxError(path, line or fence_line, message)

    title, rules, options = "", (game.rule_sets[0] if game.rule_sets else None), {}  # the contract: final
    header: dict[str, tuple[int, str]] = {}
    i = 0
    try:
        while i < len(lines):
            key, value = _key(lines[i][1])
            if key in ("title", *grammar.header_keys) and (key in header or (key == "title" and title)):
                raise fail(lines[i][0], f"{key} is given twice")
            if key == "title":
                title = value
            elif key == "rules" and game.rule_sets:
                if value not in game.rule_sets:
                    raise fail(lines[i][0], f"rules must be {' or '.join(game.rule_sets)}, got {value!r}")
                rules = value
            elif key == "option":
                _add_option(game, lines[i][0], value, options, rules)
            elif key in grammar.header_keys:
                header[key] = (lines[i][0], value)
            else:
                break
            i += 1
        if i >= len(lines):
            raise fail(None, "expected a board grid, found the end of the block")
        grammar = grammar.for_block(header)
        game = grammar.game
        before, i = grammar.read_grid(lines, i)
        before_fields, i = _fields_and_options(game, grammar, lines, i, ("play", "expect"), options, rules)
    except DiagramError as exc:
        raise fail(exc.line, exc.message) from None
    plays = []
    while i < len(lines) and _key(lines[i][1])[0] == "play":
        number, text = lines[i]
        try:
            plays.append(Play(number, grammar.parse_play(_key(text)[1].split())))
        except ValueError as exc:
            raise fail(number, str(exc)) from None
        i += 1
    if i >= len(lines) or _key(lines[i][1])[0] != "expect":
        got = repr(lines[i][1].strip()) if i < len(lines) else "the end of the block"
        raise fail(lines[i][0] if i < len(lines) else None, f"expected a play: or expect: line, got {got}")
    expect_line, value = lines[i][0], _key(lines[i][1])[1]
    example = Example(path, fence_line, game, grammar, title, rules, options, before, before_fields, plays,
                      "state", expect_line)
    i += 1
    kind, *words = value.split() or [""]
    try:
        _read_expectation(example, kind, words)
    except ValueError as exc:
        raise fail(expect_line, str(exc)) from None
    if not kind:
        try:
            example.after, i = grammar.read_grid(lines, i)
            example.after_fields, i = grammar.read_fields(lines, i)
        except ImpossiblePosition as exc:  # a cell read, but forbidden: the rest goes unread
            example.impossible, i = exc, len(lines)
        except DiagramError as exc:
            raise fail(exc.line, exc.message) from None
    if i < len(lines):
        raise fail(lines[i][0], f"unexpected line after the expectation: {lines[i][1].strip()!r}")
    example.before_state()
    if example.after is not None and example.impossible is None:
        try:
            expected = grammar.expected_state(example.after, example.after_fields, rules, options)
            example.after_board = expected.game.board
        except ImpossiblePosition as exc:
            example.impossible = exc
        except DiagramError as exc:
            raise fail(exc.line, exc.message) from None
    return example


EXPECTATIONS = ("'expect:' alone (then the expected position), 'expect: illegal', 'expect: winner SIDE...', "
                "'expect: draw' or 'expect: score SIDE=N...'")


def _read_expectation(example: Example, kind: str, words: list[str]) -> None:
    """The one-line expectations every game's blocks share: `illegal`, `winner SIDE [SIDE...]` (a
    shared win names every winner), `draw`, `score SIDE=N ...` (every side of the block once).
    Raises ValueError saying what was expected."""
    grammar, sides = example.grammar, [side.label for side in example.game.sides]
    if kind == "illegal" and not words:
        if not example.plays:
            raise ValueError("expect: illegal needs at least one play: line")
        example.expect = "illegal"
    elif kind == "winner" and words:
        winners = [grammar.side_label(word) for word in words]
        if len(set(winners)) != len(winners):
            raise ValueError(f"a side is named twice in 'expect: winner {' '.join(words)}'")
        example.expect, example.winners = "winner", tuple(winners)
    elif kind == "draw" and not words:
        example.expect = "draw"
    elif kind == "score" and words:
        for word in words:
            name, sep, number = word.partition("=")
            label = grammar.side_label(name) if sep else None
            if label is None or label in example.scores:
                raise ValueError(f"expected 'expect: score' with SIDE=N once for each side, got {word!r}")
            example.scores[label] = read_whole(number, f"{name}'s score")
        if set(example.scores) != set(sides):
            raise ValueError(f"expect: score needs every side's score ({', '.join(sides)})")
        example.expect = "score"
    elif kind:
        raise ValueError(f"expected {EXPECTATIONS}, got {' '.join([kind, *words])!r}")


def _add_option(game: Game, line: int, text: str, options: dict[str, str], rules: str | None) -> None:
    """An `option: NAME=VALUE` (or `option: NAME`) line, validated against the game's options;
    each option is given once."""
    try:
        name, value = parse_option(text)
        if name in options:
            raise ValueError(f"option {name} is given twice")
        game.check_options({**options, name: value}, rules)
    except ValueError as exc:
        raise DiagramError(line, str(exc)) from None
    options[name] = value


def _fields_and_options(game, grammar, lines, i, stop, options, rules):
    """State lines, with `option:` lines allowed among them."""
    fields: dict[str, tuple[int, str]] = {}
    while i < len(lines):
        key, value = _key(lines[i][1])
        if key == "option" and grammar.late_options:
            _add_option(game, lines[i][0], value, options, rules)
            i += 1
            continue
        if key in stop:
            break
        more, _ = grammar.read_fields(lines[i:i + 1], 0)
        if key in fields:
            raise DiagramError(lines[i][0], f"{key} is given twice")
        fields.update(more)
        i += 1
    return fields, i


def read_examples(path: Path | str, games: "GameFinder") -> list[Example]:
    """All example blocks of a Markdown file (rendered as a template first if it is one)."""
    path = Path(path)
    text = read_text(path, ExampleSyntaxError)
    words = [m.group(1) for m in _FENCE.finditer(text)]
    first = next((word for word in words if word in fences()), None)
    if first is None:
        if any(word.lower() not in CODE_WORDS for word in words):
            find_blocks(text, path=path)  # raises for an example block of an unknown fence
        return []
    return examples_in(render_markdown(text, games.for_fence(first), path), path, games)


_FENCE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*([^\s`]+)", re.MULTILINE)  # a fence's info string


class GameFinder:
    """The game each fence's blocks are replayed with, the first whose package claims the fence
    of: `game` (`--game DIR`), the game of `folder` (the components.toml beside the checked file),
    `fallback` (the current folder's); else the package's default game. The folder's game is read
    when a block first needs a game; one that cannot be read raises GameFileError."""

    def __init__(self, game: Game | None = None, folder: Path | None = None, fallback: Game | None = None):
        self.game, self.folder, self.fallback = game, folder, fallback
        self.cache: dict[str, Game] = {}

    def for_fence(self, fence: str) -> Game:
        if fence not in self.cache:
            self.cache[fence] = self._find(fence)
        return self.cache[fence]

    def _find(self, fence: str) -> Game:
        if self.game is not None and fence in self.game.fences:
            return self.game
        if self.folder is not None and (self.folder / COMPONENTS_FILE).is_file():
            from .config import load_game
            beside = self.cache.setdefault("", load_game(self.folder))
            if fence in beside.fences:
                return beside
        if self.fallback is not None and fence in self.fallback.fences:
            return self.fallback
        return fence_game(fence).default()


def examples_in(text: str, path: Path | str, games: GameFinder, tokens: list | None = None) -> list[Example]:
    """All example blocks of already-rendered Markdown `text` that came from `path` (`tokens`:
    its tokens, when already parsed)."""
    return [parse_block(Path(path), line, lines, games.for_fence(fence))
            for fence, line, lines in find_blocks(text, tokens=tokens, path=path)]


def replay(example: Example) -> Replay:
    """Play the example's turns and compare the result with its expectation."""
    state = example.before_state()
    states = [state.copy()]
    for index, play in enumerate(example.plays):
        try:
            state.play_turn(play.moves)
        except DiagramError as exc:  # the play needs what the block left unwritten (a hidden value)
            raise ExampleSyntaxError(example.path, play.line, exc.message) from None
        except IllegalMoveError as exc:
            rejected = (index, exc.index)
            if example.expect == "illegal" and index == len(example.plays) - 1:
                return Replay(example, True, states, illegal=exc, rejected=rejected)
            return Replay(example, False, states, f"line {play.line}: {exc}", exc, rejected)
        states.append(state.copy())
    if example.expect == "illegal":
        return Replay(example, False, states,
                      f"line {example.plays[-1].line}: expected this turn to be illegal, but it was accepted")
    if example.impossible is not None:
        line = example.impossible.line or example.expect_line
        return Replay(example, False, states,
                      f"line {line}: expected position is impossible: {example.impossible.message}")
    if example.expect in ("winner", "draw", "score"):
        report = _judge_result(example, state)
        return Replay(example, not report, states, report and f"line {example.expect_line}: {report}")
    report = compare(example, state)
    return Replay(example, not report, states, report)


def _judge_result(example: Example, state: State) -> str:
    """Why the game's result is not the one-line expectation's (`winner`, `draw`, `score`); empty
    when it is."""
    outcome, game = state.outcome(), state.game
    wanted = {"winner": f"winner {' '.join(example.winners)}", "draw": "a draw",
              "score": f"score {' '.join(f'{k}={v:g}' for k, v in example.scores.items())}"}[example.expect]
    if outcome is None:
        return (f"expected {wanted}, got no winner yet (the game goes on, "
                f"{game.side_of(state.to_move).label} to move)")
    winners = sorted(game.side_of(side).label for side in outcome.winners)
    if example.expect == "winner" and winners != sorted(example.winners):
        return f"expected {wanted}, got {outcome}"
    if example.expect == "draw" and winners:
        return f"expected {wanted}, got {outcome}"
    if example.expect == "score":
        scores = state.scores()
        actual = {side.label: scores[side.seat] for side in game.sides} if scores else {}
        if actual != example.scores:
            written = " ".join(f"{label}={value:g}" for label, value in actual.items()) or "no scores"
            return f"expected {wanted}, got {written}"
    return ""


def differences(example: Example, state: State) -> list[int]:
    """The squares where `state` differs from the example's expected grid."""
    if example.after is None:
        return []
    return _differing(example.after.tokens, example.grammar.tokens(state))


def _differing(expected: tuple[str, ...], actual: tuple[str, ...]) -> list[int]:
    return [s for s, (a, b) in enumerate(zip(expected, actual)) if a != b]


def compare(example: Example, state: State) -> str:
    """Expected and actual grids side by side, differing cells in brackets, then differing state
    lines, drawn at the size of the block's own grid (which may be smaller than its game's board).
    Empty when they agree."""
    grammar, board = example.grammar, example.after_board or state.game.board
    if (board.files, board.ranks) != (state.game.board.files, state.game.board.ranks):
        actual = state.game.board
        return (f"line {example.expect_line}: the expected grid is {board.files} x {board.ranks}, "
                f"the board played on is {actual.files} x {actual.ranks}")
    expected_cells = example.after.tokens if example.after else ()
    actual_cells = grammar.tokens(state)
    expected = grammar.result_defaults(state, example.after, example.options)
    expected.update({key: grammar.normalize(key, value) for key, (_, value) in example.after_fields.items()})
    actual = grammar.fields(state)
    cell_diffs = _differing(expected_cells, actual_cells)
    field_diffs = [key for key in expected if expected[key] != actual.get(key, "")]
    if not cell_diffs and not field_diffs:
        return ""
    out = [f"line {example.expect_line}: the result differs from the expectation"]
    out += grammar.difference_lines(expected_cells, actual_cells, board.geometry, cell_diffs)
    for key in field_diffs:
        out.append(f"  {key}: expected {expected[key] or '(not written)'!s}, got {actual.get(key) or '(not written)'}")
    return "\n".join(out)
