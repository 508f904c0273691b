"""The ```territory example blocks (docs/diagram-notation.md, "Territory blocks"): a grid of
squares with palisades drawn in the gaps (`|` between two cells of a rank, a run of `-` on an
in-between line under a cell), the header lines `sides:` and `view:`, the state lines, and the
plays `place S3 c2`, `palisade c3|d3 e2/e3` and `pass`.

Text that cannot be read raises `DiagramError` naming its line. A grid's tokens (one per square,
compared by `pnp check`) carry the square's palisades: `|` for one on its east line, `-` for one
on its south line (the line the in-between line under it draws).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..base import DiagramError, Grammar, ImpossiblePosition, read_whole
from ..grid import Geometry, is_letter_line
from ..values import Grid
from .moves import Move
from .rules import MAX_PILE, pairs
from .state import TerritoryState

if TYPE_CHECKING:
    from .game import TerritoryGame

Lines = list[tuple[int, str]]
RANK = re.compile(r" *(\d+)(?= |$)")
BETWEEN = re.compile(r"[ -]*-[ -]*")
EMPTY, MINE = ".", "$"
RESULT_KEYS = ("score", "winner")   # and piles-X: only once the game is over


class TerritoryGrammar(Grammar):
    """The grammar of ```territory blocks, bound to a game seated for the block's sides. `view`
    is the seat whose view the after grid shows (-1: everything). A block's grammar (`for_block`)
    holds a before-state to the contract: no result lines, not every side passed; the game's own
    (`game.grammar`) also reads a finished game's diagram back."""

    header_keys = ("sides", "view")
    late_options = False          # `option:` is a header line, never a state line

    def __init__(self, game: "TerritoryGame", view: int = -1, block: bool = False):
        self.game, self.view, self.block = game, view, block
        self.letters = tuple(game.rules.clans[clan].letter for clan in game.playing)
        self.all_letters = tuple(clan.letter for clan in game.rules.clans)
        self.state_keys = ("to-move", "passed", "palisades", *(f"warriors-{x}" for x in self.letters), "score",
                           *(f"piles-{x}" for x in self.letters), "winner", "this-turn")
        self.geo: Geometry = game.layout.lines.geo
        self.lines = game.layout.lines

    # ----------------------------------------------------------------- header lines
    def for_block(self, header: dict[str, tuple[int, str]]) -> "TerritoryGrammar":
        """`sides: S E T` seats those sides (2 to 4, in the game's file order); `view: X` compares
        the after grid with what X sees (rulings 25-26)."""
        game = self.game
        if "sides" in header:
            line, text = header["sides"]
            letters = text.split()
            known = self.all_letters
            for letter in letters:
                if letter not in known:
                    raise DiagramError(line, f"sides: {letter!r} is no side of the game; sides: {' '.join(known)}")
            if len(set(letters)) != len(letters):
                raise DiagramError(line, f"sides: a side is named twice in {text!r}")
            if not 2 <= len(letters) <= 4:
                raise DiagramError(line, f"sides: 2 to 4 playing sides, got {len(letters)}")
            if letters != sorted(letters, key=known.index):
                raise DiagramError(line, f"sides: write the sides in the game's order, "
                                         f"{' '.join(x for x in known if x in letters)}")
            game = game.with_clans(tuple(known.index(letter) for letter in letters))
        grammar = TerritoryGrammar(game, block=True)
        if "view" in header:
            line, text = header["view"]
            if text not in grammar.letters:
                raise DiagramError(line, f"view: expected the letter of a playing side ({' '.join(grammar.letters)}), "
                                         f"got {text!r}")
            grammar.view = grammar.letters.index(text)
        return grammar

    def read_fields(self, lines: Lines, start: int) -> tuple[dict[str, tuple[int, str]], int]:
        """The state lines; a header line among them is named as such."""
        for number, text in lines[start:]:
            key = text.partition(":")[0].strip()
            if key in ("title", "option", *self.header_keys):
                raise DiagramError(number, f"{key}: is a header line: write it before the grid")
        return super().read_fields(lines, start)

    def side_label(self, word: str) -> str:
        """A side is written by its letter in `expect: winner` and `expect: score`."""
        if word not in self.letters:
            raise ValueError(f"unknown side {word!r}; sides: {', '.join(self.letters)}")
        return self.game.sides[self.letters.index(word)].label

    # ----------------------------------------------------------------- the grid
    def read_grid(self, lines: Lines, start: int) -> tuple[Grid, int]:
        """A grid from `lines[start]`: an optional letter line, the rank lines from the top with at
        most one in-between line in each gap, an optional letter line."""
        geo, files = self.geo, self.geo.files
        end = lines[-1][0] + 1 if lines else None
        i = start
        first = lines[i][0] if i < len(lines) else end

        def line_at(k: int) -> tuple[int, str]:
            if k >= len(lines):
                raise DiagramError(end, f"expected rank {rank} of the grid, found the end of the block")
            number, text = lines[k]
            if "\t" in text:
                raise DiagramError(number, "a tab in the grid: align its cells with spaces")
            return number, text

        rank = geo.ranks
        if i < len(lines) and is_letter_line(line_at(i)[1]):
            self._letters(*lines[i])
            i += 1
        cells: list = [None] * geo.size
        walls: set[int] = set()
        spans: list[tuple[int, int]] = []
        for rank in range(geo.ranks, 0, -1):
            number, text = line_at(i)
            if BETWEEN.fullmatch(text):
                where = "above the top rank" if rank == geo.ranks else "twice in one gap"
                raise DiagramError(number, f"a line of - {where}: palisades are drawn only between two "
                                           f"ranks, one line per gap")
            row, bars, spans = self._rank(number, text, rank)
            base = files * (rank - 1)
            for f, token in enumerate(row):
                cells[base + f] = self._cell(number, token, base + f)
            walls.update(2 * (base + f) for f in bars)
            i += 1
            if i < len(lines) and "\t" not in lines[i][1] and BETWEEN.fullmatch(lines[i][1]):
                number, text = lines[i]
                if rank == 1:
                    raise DiagramError(number, "a line of - below the bottom rank: the board's edge takes no palisade")
                walls.update(2 * (base - files + f) + 1 for f in self._runs(number, text, spans))
                i += 1
        if i < len(lines) and "\t" not in lines[i][1] and is_letter_line(lines[i][1]):
            self._letters(*lines[i])
            i += 1
        tokens = self._tokens(cells, walls)
        return Grid(tokens, first, (tuple(cells), frozenset(walls))), i

    def _letters(self, number: int, text: str) -> None:
        if text.split() != list(self.geo.letters):
            raise DiagramError(number, f"the file letters name {len(text.split())} files; the board has "
                                       f"{self.geo.files} ({' '.join(self.geo.letters)})")

    def _rank(self, number: int, text: str, rank: int) -> tuple[list[str], list[int], list[tuple[int, int]]]:
        """A rank line: its cells, the files whose east line holds a `|`, and each cell's columns."""
        files = self.geo.files
        match = RANK.match(text)
        if not match or int(match.group(1)) != rank:
            raise DiagramError(number, f"expected rank {rank} of the grid ('{rank}' and {files} cells), "
                                       f"got {text.strip()!r}")
        cells, bars, spans = [], [], []
        bar = False
        column = match.end()
        while column < len(text):
            ch = text[column]
            if ch == " ":
                column += 1
            elif ch == "|":
                if not cells:
                    raise DiagramError(number, "a | before the first cell: the board's edge takes no palisade")
                if bar:
                    raise DiagramError(number, "two | in one gap: one palisade per line")
                bar, column = True, column + 1
            else:
                stop = column
                while stop < len(text) and text[stop] not in " |":
                    stop += 1
                if bar:
                    bars.append(len(cells) - 1)
                    bar = False
                cells.append(text[column:stop])
                spans.append((column, stop - 1))
                column = stop
        if bar:
            raise DiagramError(number, "a | after the last cell: the board's edge takes no palisade")
        if len(cells) != files:
            raise DiagramError(number, f"rank {rank} has {len(cells)} cells, expected {files}")
        return cells, bars, spans

    def _runs(self, number: int, text: str, spans: list[tuple[int, int]]) -> list[int]:
        """The files under whose cell (in the rank line above, at `spans`) a run of `-` stands."""
        found = []
        for run in re.finditer(r"-+", text):
            a, b = run.start(), run.end() - 1
            under = [f for f, (start, stop) in enumerate(spans) if a <= stop and b >= start]
            if len(under) != 1:
                what = "no cell" if not under else f"{len(under)} cells"
                raise DiagramError(number, f"the run of - at column {a + 1} stands under {what} of the rank "
                                           f"above: a run marks the line under one cell")
            if under[0] in found:
                raise DiagramError(number, f"two runs of - under the cell of file {self.geo.letters[under[0]]}")
            found.append(under[0])
        return sorted(found)

    def _cell(self, number: int, token: str, square: int) -> tuple[str, int, int]:
        """A cell as (kind, seat or -1, value): `.`, `$7` (a mine's gold), `S3`, `S?` (value 0)."""
        name = self.geo.names[square]
        mine = self.game.layout.mine[square]
        try:
            if token == EMPTY:
                cell = (EMPTY, -1, 0)
            elif token.startswith(MINE):
                cell = (MINE, -1, read_whole(token[1:], f"the gold of {token!r}", 1, MAX_PILE))
            elif token[:1] in self.letters:
                value = 0 if token[1:] == "?" else read_whole(token[1:], f"the value of {token!r}", 1, 10 ** 6 - 1)
                cell = ("W", self.letters.index(token[0]), value)
            elif token[:1] in self.all_letters:
                raise ValueError(f"{token!r}: {token[0]} is not playing in this block (sides: {' '.join(self.letters)})")
            else:
                raise ValueError(f"bad cell {token!r}: expected . $N (a mine's gold) or a side's letter with a "
                                 f"value (S3, or S? for a value not stated)")
        except ValueError as exc:
            raise DiagramError(number, f"{name}: {exc}") from None
        if mine and cell[0] != MINE:
            raise DiagramError(number, f"{name} is a gold mine: write it with its gold, like $5")
        if cell[0] == MINE and not mine:
            raise DiagramError(number, f"{name}: {token!r} stands on a square that is no mine; the mines are "
                                       f"{', '.join(self.geo.names[s] for s in self.game.rules.mines)}")
        return cell

    def _tokens(self, cells, walls) -> tuple[str, ...]:
        files, letters = self.geo.files, self.letters
        out = []
        for s, (kind, seat, value) in enumerate(cells):
            text = EMPTY if kind == EMPTY else f"${value}" if kind == MINE else \
                f"{letters[seat]}{value or '?'}"
            out.append(text + ("|" if 2 * s in walls else "") +
                       ("-" if s >= files and 2 * (s - files) + 1 in walls else ""))
        return tuple(out)

    # ----------------------------------------------------------------- plays
    def parse_play(self, words: list[str]) -> tuple[Move, ...]:
        """One turn: `place S3 c2`, `palisade LINE...` (one or more lines) or `pass`."""
        codec = self.game.layout.codec
        head = words[0] if words else ""
        if head == "palisade":
            if len(words) < 2:
                raise ValueError("palisade needs at least one line, like palisade c3|d3 or c3/c4")
            return tuple(codec.palisade(self.lines.parse(word)) for word in words[1:])
        if head == "place" and len(words) == 3:
            return (codec.place(*codec.warrior(words[1]), self.geo.parse(words[2])),)
        if head == "pass" and len(words) == 1:
            return (codec.passing,)
        raise ValueError(f"expected a play as 'place S3 c2', 'palisade c3|d3 e2/e3' or 'pass', "
                         f"got {' '.join(words)!r}")

    # ----------------------------------------------------------------- positions
    def build_state(self, grid: Grid, fields: dict[str, tuple[int, str]], rules: str | None,
                    options: dict[str, str]) -> TerritoryState:
        """A position from a grid and state lines, taken as given (a territory smaller than K is
        allowed). A block's before-state must be a game in progress whose mines hold the game's
        piles (ruling 11)."""
        state = self._position(grid, options)
        if self.block:
            sizes = sorted(state.gold[s] for s in self.game.rules.mines)
            if sizes != sorted(self.game.rules.pile_sizes):
                raise DiagramError(grid.line, f"the mines hold {' '.join(map(str, sizes))}; the game's piles are "
                                              f"{' '.join(map(str, self.game.rules.pile_sizes))} (ruling 11)")
            for key in fields:
                if key in RESULT_KEYS or key.startswith("piles-"):
                    raise DiagramError(fields[key][0], f"{key} is a result: it belongs after expect:, not "
                                                       f"before the plays")
        value = self._values(fields, after=not self.block)
        line = {key: number for key, (number, _) in fields.items()}
        seats = len(self.letters)
        state.passed = sum(1 << self.letters.index(x) for x in value.get("passed", ()))
        if "palisades" in value:
            state.palisades = value["palisades"]
        supply = list(state.supply)
        for seat, letter in enumerate(self.letters):
            if f"warriors-{letter}" in value:
                supply[seat] = value[f"warriors-{letter}"]
        state.supply = tuple(supply)
        state.left = tuple(sum(n for _, n in pairs) for pairs in state.supply)
        if "this-turn" in value:
            state.this_turn = value["this-turn"]
            for line_id in state.this_turn:
                if not state.walls[line_id]:
                    raise DiagramError(line["this-turn"], f"this-turn: {self.lines.name(line_id)} holds no palisade")
            if len(state.this_turn) >= state.rules.most:
                raise DiagramError(line["this-turn"], f"this-turn: an action places at most {state.rules.most}")
        everyone = (1 << seats) - 1
        if state.passed == everyone:
            if self.block:
                raise DiagramError(line["passed"], "every playing side has passed: the game is over before "
                                                   "the plays (give a game in progress)")
            if value.get("to-move", "none") != "none":
                raise DiagramError(line["to-move"], "to-move: none, once every side has passed")
            state.finish()
            actual = self.fields(state)
            for key, (number, text) in fields.items():
                if self.normalize(key, text) != actual[key]:
                    raise ImpossiblePosition(number, f"{key}: the scoring of this position gives {actual[key]!r}")
            return state
        for key in RESULT_KEYS:
            if key in value:
                raise DiagramError(line[key], f"{key}: the game is not over (a side has not passed)")
        for key in value:
            if key.startswith("piles-") and value[key]:
                raise DiagramError(line[key], f"{key}: the game is not over (a side has not passed)")
        to_move = value.get("to-move")
        if to_move is None:
            state.mover = next(seat for seat in range(seats) if not state.passed >> seat & 1)
        elif to_move == "none" or state.passed >> self.letters.index(to_move) & 1:
            raise DiagramError(line["to-move"], f"to-move: {to_move} cannot move: expected a playing side that "
                                                f"has not passed")
        else:
            state.mover = self.letters.index(to_move)
        return state

    def expected_state(self, grid: Grid, fields: dict[str, tuple[int, str]], rules: str | None,
                       options: dict[str, str]) -> TerritoryState:
        """An `expect:` grid and its state lines, read to check they can be compared: any gold on
        the mines, result lines allowed."""
        self._values(fields, after=True)
        return self._position(grid, options)

    def _position(self, grid: Grid, options: dict[str, str]) -> TerritoryState:
        """The grid's warriors, gold and palisades on a fresh state (territories found once)."""
        state = TerritoryState(self.game, options)
        cells, walls = grid.cells
        owner, value, gold = state.owner[:], state.value[:], state.gold[:]
        for s, (kind, seat, number) in enumerate(cells):
            if kind == MINE:
                gold[s] = number
            elif kind != EMPTY:
                owner[s], value[s] = seat, number
        state.owner, state.value, state.gold, state.undealt = owner, value, gold, ()
        state.warriors = tuple(s for s in range(state.size) if owner[s] >= 0)
        wall = state.walls[:]
        for line in walls:
            wall[line] = 1
        state.walls = wall
        state.region, state.regions = _regions(state)
        state.palisades = self.game.rules.palisade_count - len(walls)
        state.supply = tuple(_less(pairs, [value[s] for s in range(state.size) if owner[s] == seat])
                             for seat, pairs in enumerate(state.sets))
        state.left = tuple(sum(n for _, n in pairs) for pairs in state.supply)
        return state

    def _values(self, fields: dict[str, tuple[int, str]], after: bool) -> dict:
        """The state lines read and checked (raising DiagramError at the line): letters of playing
        sides, whole numbers, VALUE=COUNT pairs, lines of the board."""
        out: dict = {}
        letters = self.letters
        for key, (line, text) in fields.items():
            try:
                words = text.split()
                if not words:
                    raise ValueError("no value")
                if key == "to-move":
                    if len(words) != 1 or (words[0] not in letters and not (after and words[0] == "none")):
                        raise ValueError(f"expected a playing side's letter ({' '.join(letters)})"
                                         f"{' or none' if after else ''}, got {text!r}")
                    out[key] = words[0]
                elif key in ("passed", "winner"):
                    out[key] = () if words == ["none"] and key == "passed" else self._letters_of(words)
                elif key == "palisades":
                    out[key] = read_whole(text, "palisades")
                elif key.startswith("warriors-"):
                    out[key] = () if words == ["none"] else pairs(text, key)
                elif key == "score":
                    out[key] = self._score(words)
                elif key.startswith("piles-"):
                    out[key] = () if words == ["none"] else tuple(read_whole(w, "a pile", 1) for w in words)
                elif key == "this-turn":
                    out[key] = tuple(self.lines.parse(word) for word in words)
            except ValueError as exc:
                raise DiagramError(line, f"{key}: {exc}") from None
        return out

    def _letters_of(self, words: list[str]) -> tuple[str, ...]:
        for word in words:
            if word not in self.letters:
                raise ValueError(f"expected letters of playing sides ({' '.join(self.letters)}), got {word!r}")
        if len(set(words)) != len(words):
            raise ValueError("a side is named twice")
        return tuple(words)

    def _score(self, words: list[str]) -> dict[str, int]:
        found: dict[str, int] = {}
        for word in words:
            letter, sep, number = word.partition("=")
            if not sep or letter not in self.letters or letter in found:
                raise ValueError(f"expected SIDE=GOLD once for each playing side ({' '.join(self.letters)}), "
                                 f"got {word!r}")
            found[letter] = read_whole(number, f"{letter}'s gold")
        if len(found) != len(self.letters):
            raise ValueError(f"every playing side's gold is needed ({' '.join(self.letters)})")
        return found

    # ----------------------------------------------------------------- comparing and writing
    def shown(self, state: TerritoryState) -> TerritoryState:
        """The state as the block's grids show it: through its `view:`, if any."""
        return state.view(state.game.sides[self.view]) if self.view >= 0 else state

    def tokens(self, state: TerritoryState) -> tuple[str, ...]:
        seen = self.shown(state)
        cells = []
        for s in range(seen.size):
            if seen.mine[s]:
                cells.append((MINE, -1, seen.gold[s]))
            elif seen.owner[s] >= 0:
                cells.append(("W", seen.owner[s], seen.value[s] if seen.shows(s) else 0))
            else:
                cells.append((EMPTY, -1, 0))
        return self._tokens(cells, {line for line in self.lines.inner if seen.walls[line]})

    def fields(self, state: TerritoryState) -> dict[str, str]:
        """Every state line's value (of the position itself: never through a view)."""
        letters = self.letters
        result = state.result
        out = {"to-move": "none" if state.is_game_over() else letters[state.mover],
               "passed": " ".join(x for seat, x in enumerate(letters) if state.passed >> seat & 1) or "none",
               "palisades": str(state.palisades)}
        for seat, letter in enumerate(letters):
            supply = state.supply[seat]
            out[f"warriors-{letter}"] = f"{state.left[seat]} unseen" if supply is None else _pairs_text(supply)
        out["score"] = " ".join(f"{x}={n}" for x, n in zip(letters, result.scores)) if result else ""
        for seat, letter in enumerate(letters):
            out[f"piles-{letter}"] = " ".join(map(str, result.piles[seat])) if result and result.piles[seat] else "none"
        out["winner"] = " ".join(letters[seat] for seat in result.winners) if result else ""
        out["this-turn"] = " ".join(self.lines.name(line) for line in state.this_turn)
        return out

    def result_defaults(self, state: TerritoryState, grid: Grid | None, options: dict[str, str]) -> dict[str, str]:
        """The value of each state line an after-state leaves unwritten, computed from the
        engine's resulting position `state` (docs/diagram-notation.md)."""
        letters = self.letters
        waiting = [x for seat, x in enumerate(letters) if not state.passed >> seat & 1]
        out = {"to-move": waiting[0] if waiting else "none", "passed": "none",
               "palisades": str(self.game.rules.palisade_count - sum(state.walls[line] for line in self.lines.inner))}
        for seat, letter in enumerate(letters):
            known = [state.value[s] for s in range(state.size) if state.owner[s] == seat and state.value[s]]
            out[f"warriors-{letter}"] = _pairs_text(_less(state.sets[seat], known))
        out["score"] = ""
        out.update({f"piles-{x}": "none" for x in letters})
        out.update({"winner": "", "this-turn": ""})
        return out

    def default_fields(self, grid: Grid, options: dict[str, str]) -> dict[str, str]:
        return self.result_defaults(self._position(grid, options), grid, options)

    def normalize(self, key: str, value: str) -> str:
        """A written value in the form `fields` gives: letters in seating order, pairs by value,
        lines and numbers written the engine's way (piles keep their written order)."""
        words = value.split()
        order = self.letters
        try:
            if key in ("passed", "winner") and words != ["none"]:
                return " ".join(sorted(words, key=order.index))
            if key.startswith("warriors-") and words != ["none"]:
                return _pairs_text(pairs(value, key))
            if key == "score":
                scores = self._score(words)
                return " ".join(f"{x}={scores[x]}" for x in order)
            if key == "palisades" or (key.startswith("piles-") and words != ["none"]):
                return " ".join(str(int(w)) for w in words)
            if key == "this-turn":
                return " ".join(self.lines.name(self.lines.parse(w)) for w in words)
        except ValueError:
            pass
        return " ".join(words)

    def difference_lines(self, expected: tuple[str, ...], actual: tuple[str, ...], board: Geometry,
                         marked: list[int]) -> list[str]:
        """The two grids side by side with their palisades, differing cells in brackets, then what
        differs on each square and line."""
        left, right = self._grid_lines(expected, marked), self._grid_lines(actual, marked)
        width = max(len(text) for text in left)
        out = ["  " + "expected".ljust(width + 4) + "actual"]
        out += [f"  {a.ljust(width)}    {b}" for a, b in zip(left, right)]
        for s in marked:
            name = board.names[s]
            a, b = _split(expected[s]), _split(actual[s])
            if a[0] != b[0]:
                out.append(f"  {name}: expected {a[0]}, got {b[0]}")
            for mark, line in (("|", 2 * s), ("-", 2 * (s - board.files) + 1)):
                if (mark in a[1]) != (mark in b[1]):
                    where = self.lines.name(line)
                    out.append(f"  {where}: expected {'a palisade' if mark in a[1] else 'no palisade'}, "
                               f"got {'one' if mark in b[1] else 'none'}")
        return out

    def _grid_lines(self, tokens: tuple[str, ...], marked=()) -> list[str]:
        """A grid as the engine writes it: cells padded to the widest (at least 2), 3-character
        gaps (` | ` for a palisade), runs of `-` as wide as a cell (`marked` cells in brackets)."""
        geo = self.geo
        files = geo.files
        parts = [_split(token) for token in tokens]
        bracket = 2 if marked else 0
        width = max([2] + [len(cell) for cell, _ in parts]) + bracket
        label = len(str(geo.ranks))
        lead = " " * (label + 2)
        text = [lead + "   ".join(letter.ljust(width) for letter in geo.letters).rstrip()]
        for rank in range(geo.ranks, 0, -1):
            row = ""
            for f in range(files):
                s = files * (rank - 1) + f
                cell, marks = parts[s]
                shown = f"[{cell}]" if s in marked else (f" {cell} " if marked else cell)
                row += shown.ljust(width)
                if f < files - 1:
                    row += " | " if "|" in marks else "   "
            text.append(f"{rank:>{label}}  " + row.rstrip())
            if rank > 1:
                below = [f for f in range(files) if "-" in parts[files * (rank - 1) + f][1]]
                if below:
                    runs = [" " * width] * files
                    for f in below:
                        runs[f] = "-" * width
                    text.append((lead + "   ".join(runs)).rstrip())
        return text

    def diagram(self, state: TerritoryState) -> str:
        """The position as a block writes it: the grid, then each state line whose value differs
        from its default."""
        lines = self._grid_lines(self.tokens(state))
        defaults = self.result_defaults(state, None, {})
        lines += [f"{key}: {value}" for key, value in self.fields(state).items() if value != defaults[key]]
        return "\n".join(lines) + "\n"


def _split(token: str) -> tuple[str, str]:
    """A grid token as (cell, palisade marks)."""
    cell = token.rstrip("|-")
    return cell, token[len(cell):]


def _pairs_text(pairs_: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"{v}={n}" for v, n in pairs_ if n) or "none"


def _less(pairs_: tuple[tuple[int, int], ...], used: list[int]) -> tuple[tuple[int, int], ...]:
    """A set of warriors less those `used` (never below 0 per value)."""
    count = dict(pairs_)
    for v in used:
        if v in count:
            count[v] = max(0, count[v] - 1)
    return tuple((v, n) for v, n in sorted(count.items()) if n)


def _regions(state: TerritoryState) -> tuple[list[int], int]:
    """The territories of a position read from a diagram (ruling 9), found once by walking the
    board; a game in play keeps them up to date palisade by palisade instead."""
    region = [-1] * state.size
    links, walls = state.lines.links, state.walls
    count = 0
    for start in range(state.size):
        if region[start] >= 0:
            continue
        region[start] = count
        todo = [start]
        while todo:
            s = todo.pop()
            for t, line in links[s]:
                if region[t] < 0 and not walls[line]:
                    region[t] = count
                    todo.append(t)
        count += 1
    return region, count
