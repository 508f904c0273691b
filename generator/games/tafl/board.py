"""The vocabulary of Tafl (docs/rulings/tafl.md): sides, tokens, moves, and the geometry of an N x N
board (ruling 1) built once per size.

Squares are ints, `file + N * (rank - 1)` (a1 = 0). A `Move` is kept as 0-based (rank, file)
pairs instead, so that it reads and sorts the same on every board size: an example block's
`play:` line is parsed before anyone knows the size of its grid, and sorting by (rank, file)
is sorting by square number on any board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache

from ..base import InvalidMoveError
from ..grid import LETTERS as FILE_LETTERS
from ..grid import ORTHOGONAL, name_of
from ..grid import geometry as board_of

MIN_SIZE, MAX_SIZE = 7, 19
FILES = FILE_LETTERS[:MAX_SIZE]  # a to s

# Board cells: plain ints in the hot lists.
EMPTY, ATTACKER, DEFENDER, KING = 0, 1, 2, 3
LETTERS = ".ADK"
OWNER = (-1, 0, 1, 1)  # the side of each cell value (-1: nobody)

# Directions: indices into `grid.ORTHOGONAL`, whose neighbours come out in ascending square order.
DOWN, LEFT, RIGHT, UP = range(4)


class Side(IntEnum):
    """Ruling 16: the engine's names for the two sides."""

    ATTACKERS = 0
    DEFENDERS = 1

    @property
    def label(self) -> str:
        return ("attackers", "defenders")[self]

    @property
    def other(self) -> "Side":
        return SIDES[1 - self]

    @classmethod
    def from_label(cls, label: str) -> "Side":
        """`"attackers"` or `"defenders"` to a Side; raises ValueError for anything else."""
        for side in SIDES:
            if side.label == label:
                return side
        raise ValueError(f"bad side {label!r}: expected attackers or defenders")


SIDES = (Side.ATTACKERS, Side.DEFENDERS)


@dataclass(frozen=True)
class Piece:
    """What stands on a square: a side's token, the king or not."""

    side: Side
    king: bool = False

    @property
    def face(self) -> str:
        """The art's name for the token."""
        return "tafl-king" if self.king else ("tafl-attacker", "tafl-defender")[self.side]


PIECES = (None, Piece(Side.ATTACKERS), Piece(Side.DEFENDERS), Piece(Side.DEFENDERS, True))


@dataclass(frozen=True, order=True)
class Move:
    """A move along a rank or file (ruling 4), from (from_rank, from_file) to (to_rank, to_file),
    all 0-based; or `END`, which stops a berserker turn after a capture (ruling 14).

    >>> Move.parse("h2-h4")
    Move('h2-h4')
    >>> Move.parse("h2-h4").squares(11)
    (18, 40)
    >>> sorted([Move.parse("a2-a3"), Move.parse("k1-k2"), END])
    [Move('end'), Move('k1-k2'), Move('a2-a3')]
    """

    from_rank: int
    from_file: int
    to_rank: int
    to_file: int

    def __post_init__(self) -> None:
        # Moves are hashed a great deal (sets of banned moves, the lab's tables): hash once.
        object.__setattr__(self, "_hash", hash((self.from_rank, self.from_file, self.to_rank, self.to_file)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def between(cls, frm: int, to: int, n: int) -> "Move":
        """The move from square `frm` to square `to` on an `n` x `n` board."""
        return cls(frm // n, frm % n, to // n, to % n)

    @property
    def is_end(self) -> bool:
        return self.from_rank < 0

    def squares(self, n: int) -> tuple[int, int]:
        """(from, to) as square numbers on an `n` x `n` board."""
        return self.from_rank * n + self.from_file, self.to_rank * n + self.to_file

    def on_board(self, n: int) -> bool:
        return self.is_end or max(self.from_rank, self.from_file, self.to_rank, self.to_file) < n

    def notation(self) -> str:
        if self.is_end:
            return "end"
        return f"{name_of(self.from_file, self.from_rank)}-{name_of(self.to_file, self.to_rank)}"

    __str__ = notation

    def __repr__(self) -> str:
        return f"Move({self.notation()!r})"

    @classmethod
    def parse(cls, text: str) -> "Move":
        """`h2-h4` (or `end`) to a Move; raises InvalidMoveError saying what was expected."""
        t = text.strip()
        if t == "end":
            return END
        match = _MOVE.fullmatch(t)
        if match:
            a, r, b, s = match.groups()
            r, s = int(r), int(s)
            if 1 <= r <= MAX_SIZE and 1 <= s <= MAX_SIZE:
                return cls(r - 1, FILES.index(a), s - 1, FILES.index(b))
        raise InvalidMoveError(f"bad move {text!r}: expected FROM-TO like h2-h4 "
                               f"(files a-{FILES[-1]}, ranks 1-{MAX_SIZE}), or end")


_MOVE = re.compile(r"([a-s])(\d{1,2})-([a-s])(\d{1,2})")
END = Move(-1, -1, -1, -1)


def square_name(square: int, n: int) -> str:
    """The name of a square on an `n` x `n` board.

    >>> square_name(60, 11)
    'f6'
    """
    return board_of(n, n).names[square]


def parse_square(text: str, n: int) -> int:
    """`"f6"` to its number on an `n` x `n` board; raises ValueError for anything else."""
    return board_of(n, n).parse(text)


def check_size(n: int) -> None:
    """Ruling 1: the board is N x N with N odd from 7 to 19; raises ValueError otherwise."""
    if not (MIN_SIZE <= n <= MAX_SIZE and n % 2):
        raise ValueError(f"bad board size {n}: a Tafl board is N x N with N odd from {MIN_SIZE} to {MAX_SIZE}")


class Geometry:
    """Everything about an N x N board that never changes (ruling 1), precomputed for the hot
    paths: per square its neighbours and its four rays, and per ray and run length the moves
    along it, in ascending order, for the king and (without the throne and corners, ruling 5)
    for every other token."""

    def __init__(self, n: int):
        check_size(n)
        self.board = board = board_of(n, n)  # names, rays, distances (`generator.games.grid`)
        self.n = n
        self.size = n * n
        self.name = board.name  # a square's name, like "f6"
        self.throne = self.size // 2
        self.corners = (0, n - 1, self.size - n, self.size - 1)
        # Ruling 9: the corners and the (empty) throne are hostile to both sides.
        self.hostile = tuple(s == self.throne or s in self.corners for s in range(self.size))
        self.corner_distance = tuple(min(board.manhattan(s, c) for c in self.corners) for s in range(self.size))
        self.steps = board.steps(ORTHOGONAL)  # DOWN, LEFT, RIGHT, UP
        self.rays = board.rays(ORTHOGONAL)
        self.move_of: dict[int, Move] = {}  # frm * size + to -> the one Move object for it
        self.king_lanes = tuple(self._lanes(s, king=True) for s in range(self.size))
        self.man_lanes = tuple(self._lanes(s, king=False) for s in range(self.size))
        # The squares that close a corner (a3, b2 and c1 for a1): with attackers on all three the
        # king can reach neither square beside the corner, its only way in (rulings 5 and 13).
        self.seals = tuple(board.offset(corner, df * x, dr * y)
                           for corner, (df, dr) in zip(self.corners, ((1, 1), (-1, 1), (1, -1), (-1, -1)))
                           for x, y in ((0, 2), (1, 1), (2, 0)))
        # The squares beside a corner: the king cannot be captured on the edge (ruling 11) and
        # nothing but the king may stop on a corner (ruling 5), so a king there enters the corner
        # on its next move whatever the attackers do. With option edge-king it can be captured
        # there, and only the corners end the game. Without edge-king [0] and with it [1]: the
        # squares the king wins from, and per square and ray the bits of the squares up to the
        # first of them (0: none on the ray), so a line is open when no token is on its bits.
        self.gates = tuple(t for corner in self.corners for t in self.steps[corner] if t >= 0)
        self.escapes = (frozenset(self.corners + self.gates), frozenset(self.corners))
        self.escape_lines = tuple(self._lines_to(escapes) for escapes in self.escapes)

    def _lines_to(self, targets: frozenset) -> tuple:
        """Per square, per ray: the bits of the ray's squares up to and including its first of
        `targets`, or 0 when the ray has none."""
        def bits(ray) -> int:
            mask = 0
            for t in ray:
                mask |= 1 << t
                if t in targets:
                    return mask
            return 0
        return tuple(tuple(bits(ray) for ray in self.rays[s]) for s in range(self.size))

    def move(self, frm: int, to: int) -> Move:
        key = frm * self.size + to
        move = self.move_of.get(key)
        if move is None:
            move = self.move_of[key] = Move.between(frm, to, self.n)
        return move

    def _lanes(self, square: int, king: bool) -> tuple:
        """The four rays of `square` as (mask, runs) pairs flattened into one tuple, for
        `TaflState`'s move generator. `mask` has a bit per square of the ray; `runs` maps the
        nearest blocker on the ray, as `blocker + 1` (0: none), to the moves up to it, ascending:
        with `occupied` the bits of every token, the key is `(occupied & mask).bit_length()` on
        the rays that run down or left and `(x & -x).bit_length()` of `x = occupied & mask` on
        those that run right or up. Only the king ends a move on the throne or a corner (ruling 5)."""
        lanes: list = []
        for ray in self.rays[square]:
            mask = 0
            for t in ray:
                mask |= 1 << t
            runs = {}
            for k in range(len(ray) + 1):
                ends = sorted(t for t in ray[:k] if king or not self.hostile[t])
                runs[ray[k] + 1 if k < len(ray) else 0] = tuple(self.move(square, t) for t in ends)
            lanes += (mask, runs)
        return tuple(lanes)

    def line_between(self, frm: int, to: int) -> tuple[int, ...] | None:
        """The squares a move from `frm` to `to` passes over and ends on, or None when the two
        are not on one rank or file."""
        for ray in self.rays[frm]:
            if to in ray:
                return ray[:ray.index(to) + 1]
        return None


@lru_cache(maxsize=None)
def geometry(n: int) -> Geometry:
    """The geometry of the `n` x `n` board, built once."""
    return Geometry(n)
