"""Squares and geometry of the 8x8 board. Square index = 8 * (rank - 1) + file, so a1 = 0 and
h8 = 63. Rank 1 is the Irish home row, rank 8 the Viking home row (docs/rulings/siege.md)."""

from __future__ import annotations

FILES = "abcdefgh"
SQUARES = range(64)

# The 8 directions of ruling 6, ordered so that neighbours come out in ascending square order.
DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def parse_square(text: str) -> int:
    """`"d5"` to its index; raises ValueError for anything else."""
    if len(text) == 2 and text[0] in FILES and text[1] in "12345678":
        return FILES.index(text[0]) + 8 * (int(text[1]) - 1)
    raise ValueError(f"bad square {text!r}: expected a file a-h and a rank 1-8, like d5")


def square_name(square: int) -> str:
    return FILES[square % 8] + str(square // 8 + 1)


def rank_of(square: int) -> int:
    """The rank number, 1-8."""
    return square // 8 + 1


def _step(square: int, direction: int) -> int:
    df, dr = DIRECTIONS[direction]
    f, r = square % 8 + df, square // 8 + dr
    return f + 8 * r if 0 <= f < 8 and 0 <= r < 8 else -1


# STEP[square][direction]: the neighbour, or -1 off the board.
STEP = tuple(tuple(_step(s, d) for d in range(8)) for s in SQUARES)
# OPPOSITE[direction]: the direction pointing back.
OPPOSITE = tuple(DIRECTIONS.index((-df, -dr)) for df, dr in DIRECTIONS)
# NEIGHBOURS[square]: (direction, neighbour) pairs on the board, neighbours ascending.
NEIGHBOURS = tuple(tuple((d, STEP[s][d]) for d in range(8) if STEP[s][d] >= 0) for s in SQUARES)


def _directions_from(a: int) -> tuple[int, ...]:
    row = [-1] * 64
    for d, b in NEIGHBOURS[a]:      # each neighbour lies in one direction
        row[b] = d
    return tuple(row)


# DIRECTION_TO[a][b]: the direction from a to an adjacent b, or -1.
DIRECTION_TO = tuple(_directions_from(a) for a in SQUARES)
