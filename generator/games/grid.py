"""Rectangular boards of files x ranks, for every game: square names, offsets and rays, neighbours,
distances, and the frame of a diagram grid (rank numbers, cells, file letters) read and printed.

Squares are ints, `file + files * (rank - 1)`, so a1 = 0 (files a, b, c... from the left, ranks
1, 2, 3... from the bottom). A `Geometry` is built once per size (`geometry(files, ranks)`) and
keeps its tables, so engines look squares up in tuples on their hot paths. What a cell holds is
each game's own: the readers here take a function that reads one cell token.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

LETTERS = "abcdefghijklmnopqrstuvwxyz"
MAX_FILES, MAX_RANKS = 26, 40

Direction = tuple[int, int]  # (files, ranks) to step
# Each set ordered so that a square's neighbours come out in ascending square order.
ORTHOGONAL: tuple[Direction, ...] = ((0, -1), (-1, 0), (1, 0), (0, 1))  # down, left, right, up
DIAGONAL: tuple[Direction, ...] = ((-1, -1), (1, -1), (-1, 1), (1, 1))
ADJACENT: tuple[Direction, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


class DiagramError(ValueError):
    """A diagram that cannot be read; `line` is the line it is about."""

    def __init__(self, line: int | None, message: str):
        self.line, self.message = line, message
        super().__init__(f"line {line}: {message}" if line else message)


class ImpossiblePosition(DiagramError):
    """A diagram that reads, but shows a position the rules forbid (a second king, a piece where
    no piece may stand). Before the plays it is the block's error; as the expected position, the
    example is wrong (`generator.examples`)."""


def name_of(file: int, rank: int) -> str:
    """The name of the square at 0-based (file, rank).

    >>> name_of(3, 4)
    'd5'
    """
    return LETTERS[file] + str(rank + 1)


def opposites(directions: Sequence[Direction]) -> tuple[int, ...]:
    """For each direction, the index of the one pointing back.

    >>> opposites(ORTHOGONAL)
    (3, 2, 1, 0)
    """
    return tuple(list(directions).index((-df, -dr)) for df, dr in directions)


class Geometry:
    """A files x ranks board. Names and tables are built once; get one with `geometry`.

    >>> board = geometry(8, 8)
    >>> board.name(27), board.parse("d4"), board.file_rank(27)
    ('d4', 27, (3, 3))
    >>> board.offset(27, 1, 1), board.offset(7, 1, 0)
    (36, -1)
    >>> [board.name(s) for s in board.ray(27, 1, -1)]
    ['e3', 'f2', 'g1']
    >>> board.chebyshev(0, 63), board.manhattan(0, 63)
    (7, 14)
    """

    def __init__(self, files: int, ranks: int):
        if not (1 <= files <= MAX_FILES and 1 <= ranks <= MAX_RANKS):
            raise ValueError(f"a board has 1 to {MAX_FILES} files and 1 to {MAX_RANKS} ranks, "
                             f"not {files} x {ranks}")
        self.files, self.ranks, self.size = files, ranks, files * ranks
        self.letters = LETTERS[:files]
        self.names = tuple(name_of(s % files, s // files) for s in range(self.size))
        self._squares = {name: s for s, name in enumerate(self.names)}
        self._tables: dict = {}

    def __repr__(self) -> str:
        return f"geometry({self.files}, {self.ranks})"

    # --- squares
    def name(self, square: int) -> str:
        return self.names[square]

    def parse(self, text: str) -> int:
        """`"d5"` to its square; raises ValueError for anything else.

        >>> geometry(11, 11).parse("k11")
        120
        >>> geometry(8, 8).parse("d05")
        Traceback (most recent call last):
        ValueError: bad square 'd05': expected a file a-h and a rank 1-8, like d5
        """
        square = self._squares.get(text)
        if square is None:
            raise ValueError(f"bad square {text!r}: expected a file a-{self.letters[-1]} and a rank "
                             f"1-{self.ranks}, like d5")
        return square

    def file_rank(self, square: int) -> tuple[int, int]:
        """0-based (file, rank) of a square."""
        return square % self.files, square // self.files

    def rank_squares(self, first: int, last: int | None = None) -> range:
        """The squares of ranks `first` to `last` (1-based, `last` defaults to `first`), a-file first.

        >>> list(geometry(3, 3).rank_squares(2))
        [3, 4, 5]
        """
        last = first if last is None else last
        return range(self.files * (first - 1), self.files * last)

    def square(self, file: int, rank: int) -> int:
        """The square at 0-based (file, rank), or -1 off the board."""
        return file + self.files * rank if 0 <= file < self.files and 0 <= rank < self.ranks else -1

    # --- lines
    def offset(self, square: int, df: int, dr: int) -> int:
        """The square `df` files and `dr` ranks away, or -1 off the board."""
        return self.square(square % self.files + df, square // self.files + dr)

    def ray(self, square: int, df: int, dr: int) -> tuple[int, ...]:
        """The squares from `square` (not included) stepping (df, dr) until the edge."""
        ray = []
        s = self.offset(square, df, dr)
        while s >= 0:
            ray.append(s)
            s = self.offset(s, df, dr)
        return tuple(ray)

    def chebyshev(self, a: int, b: int) -> int:
        """King moves from a to b."""
        return max(abs(a % self.files - b % self.files), abs(a // self.files - b // self.files))

    def manhattan(self, a: int, b: int) -> int:
        """Rook steps from a to b."""
        return abs(a % self.files - b % self.files) + abs(a // self.files - b // self.files)

    # --- tables for the hot paths, built on first use
    def _table(self, key: tuple, build: Callable[[], tuple]) -> tuple:
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = build()
        return table

    def steps(self, directions: tuple[Direction, ...]) -> tuple[tuple[int, ...], ...]:
        """`steps(dirs)[square][d]`: the neighbour in direction `dirs[d]`, or -1 off the board.

        >>> geometry(3, 3).steps(ORTHOGONAL)[0]
        (-1, -1, 1, 3)
        """
        return self._table(("steps", directions), lambda: tuple(
            tuple(self.offset(s, df, dr) for df, dr in directions) for s in range(self.size)))

    def rays(self, directions: tuple[Direction, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """`rays(dirs)[square][d]`: the squares in direction `dirs[d]` until the edge.

        >>> geometry(3, 3).rays(ORTHOGONAL)[0]
        ((), (), (1, 2), (3, 6))
        """
        return self._table(("rays", directions), lambda: tuple(
            tuple(self.ray(s, df, dr) for df, dr in directions) for s in range(self.size)))

    def neighbours(self, directions: tuple[Direction, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
        """`neighbours(dirs)[square]`: the (direction index, neighbour) pairs on the board.

        >>> geometry(3, 3).neighbours(ORTHOGONAL)[0]
        ((2, 1), (3, 3))
        """
        steps = self.steps(directions)
        return self._table(("neighbours", directions), lambda: tuple(
            tuple((d, t) for d, t in enumerate(row) if t >= 0) for row in steps))

    def direction_to(self, directions: tuple[Direction, ...]) -> tuple[tuple[int, ...], ...]:
        """`direction_to(dirs)[a][b]`: the index of the direction from `a` to its neighbour `b`, or -1.

        >>> geometry(3, 3).direction_to(ORTHOGONAL)[4][1]
        0
        """
        def build() -> tuple:
            rows = []
            for pairs in self.neighbours(directions):
                row = [-1] * self.size
                for d, b in pairs:
                    row[b] = d
                rows.append(tuple(row))
            return tuple(rows)
        return self._table(("direction_to", directions), build)

    def distances(self, measure: str) -> tuple[tuple[int, ...], ...]:
        """`distances("chebyshev" or "manhattan")[a][b]`."""
        distance = {"chebyshev": self.chebyshev, "manhattan": self.manhattan}[measure]
        return self._table(("distances", measure), lambda: tuple(
            tuple(distance(a, b) for b in range(self.size)) for a in range(self.size)))


@lru_cache(maxsize=None)
def geometry(files: int, ranks: int) -> Geometry:
    """The board of `files` x `ranks`, built once; raises ValueError past 26 x 40."""
    return Geometry(files, ranks)


# ----------------------------------------------------------------------------- diagram grids

Lines = list[tuple[int, str]]  # (line number, text): every error names its line


def is_letter_line(text: str) -> bool:
    """Whether `text` is a line of file letters from a (`a b c ...`)."""
    parts = text.split()
    return bool(parts) and parts == list(LETTERS[:len(parts)])


def read_grid(lines: Lines, start: int, read_cell: Callable[[str], object],
              shape: Geometry | Callable[[int], Geometry]) -> tuple[list, int]:
    """A grid from `lines[start]`: an optional file-letter line, one line per rank from the top
    down (the rank number, then a cell per file), an optional file-letter line. `shape` is the
    board, or a function from the first rank number to the board (raising ValueError for a size
    the game has not). `read_cell` reads one token, raising ValueError, or ImpossiblePosition for
    a cell the rules forbid. Returns the cells (a1 first) and the index after the grid; raises
    DiagramError naming the line."""
    end = lines[-1][0] + 1 if lines else None
    i = start
    letters = None
    if i < len(lines) and is_letter_line(lines[i][1]):
        letters, i = lines[i], i + 1
    if isinstance(shape, Geometry):
        board = shape
    else:
        if i >= len(lines):
            raise DiagramError(end, "expected the grid's rank lines, found the end of the block")
        number, text = lines[i]
        parts = text.split()
        if not parts or not parts[0].isdigit():
            raise DiagramError(number, f"expected the grid's first rank line (the rank number, then a "
                                       f"cell per file), got {text.strip()!r}")
        try:
            board = shape(int(parts[0]))
        except ValueError as exc:
            raise DiagramError(number, str(exc)) from None
    files = board.files
    cells: list = [None] * board.size
    for rank in range(board.ranks, 0, -1):
        if i >= len(lines):
            raise DiagramError(end, f"expected rank {rank} of the grid, found the end of the block")
        number, text = lines[i]
        parts = text.split()
        if not parts or parts[0] != str(rank):
            raise DiagramError(number, f"expected rank {rank} of the grid ('{rank}' and {files} cells), "
                                       f"got {text.strip()!r}")
        if len(parts) != files + 1:
            raise DiagramError(number, f"rank {rank} has {len(parts) - 1} cells, expected {files}")
        base = files * (rank - 1)
        for f, token in enumerate(parts[1:]):
            try:
                cells[base + f] = read_cell(token)
            except ImpossiblePosition as exc:
                raise ImpossiblePosition(number, f"{board.names[base + f]}: {exc.message}") from None
            except ValueError as exc:
                raise DiagramError(number, f"{board.names[base + f]}: {exc}") from None
        i += 1
    for line in (lines[i] if i < len(lines) and is_letter_line(lines[i][1]) else None), letters:
        if line is not None and len(line[1].split()) != files:
            raise DiagramError(line[0], f"the file letters name {len(line[1].split())} files; "
                                        f"the grid has {files}")
    if i < len(lines) and is_letter_line(lines[i][1]):
        i += 1
    return cells, i


def grid_lines(tokens: Sequence[str], board: Geometry, gap: int = 1, width: int = 1) -> list[str]:
    """A grid as text: file letters, then the top rank first, rank numbers right-aligned and
    `gap` spaces before the cells, each cell padded to `width`.

    >>> print("\\n".join(grid_lines(".A.D.K...", geometry(3, 3))))
      a b c
    3 . . .
    2 D . K
    1 . A .
    """
    label = len(str(board.ranks))
    lines = [" " * (label + gap) + " ".join(letter.ljust(width) for letter in board.letters)]
    for rank in range(board.ranks, 0, -1):
        row = tokens[board.files * (rank - 1): board.files * rank]
        lines.append(f"{rank:>{label}}" + " " * gap + " ".join(token.ljust(width) for token in row).rstrip())
    return lines


def side_by_side(expected: Sequence[str], actual: Sequence[str], board: Geometry,
                 marked: Sequence[int] = ()) -> list[str]:
    """Two grids of `board` side by side under "expected" and "actual", the `marked` squares'
    cells in brackets.

    >>> side_by_side("A...", ".A..", geometry(2, 2), [0, 1])[2]
    '  1 [A][.]  1 [.][A]'
    """
    marked = set(marked)
    width = max(len(token) for token in (*expected, *actual)) + 2
    label = len(str(board.ranks))
    out = [" " * (label + 3) + "expected".ljust(board.files * width + label + 3) + "actual"]
    for rank in range(board.ranks, 0, -1):
        row = []
        for cells in (expected, actual):
            text = ""
            for f in range(board.files):
                s = board.files * (rank - 1) + f
                text += (f"[{cells[s]}]" if s in marked else f" {cells[s]} ").ljust(width)
            row.append(f"{rank:>{label}} {text}")
        out.append("  " + "  ".join(row))
    letters = "".join(f" {letter} ".ljust(width) for letter in board.letters)
    out.append(" " * (label + 3) + letters + " " * (label + 3) + letters)
    return out
