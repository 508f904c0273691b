"""The 8x8 board's tables, from the shared board layer (`generator.games.grid`). Square index =
8 * (rank - 1) + file, so a1 = 0 and h8 = 63. Rank 1 is the Irish home row, rank 8 the Viking home
row (docs/rulings/siege.md). Ruling 6's directions are the 8 around a square (`ADJACENT`)."""

from __future__ import annotations

from ..grid import ADJACENT, geometry, opposites

BOARD = geometry(8, 8)
DIRECTIONS = ADJACENT
parse_square, square_name = BOARD.parse, BOARD.name

# STEP[square][direction]: the neighbour, or -1 off the board.
STEP = BOARD.steps(DIRECTIONS)
# OPPOSITE[direction]: the direction pointing back.
OPPOSITE = opposites(DIRECTIONS)
# NEIGHBOURS[square]: (direction, neighbour) pairs on the board, neighbours ascending.
NEIGHBOURS = BOARD.neighbours(DIRECTIONS)
# DIRECTION_TO[a][b]: the direction from a to an adjacent b, or -1.
DIRECTION_TO = BOARD.direction_to(DIRECTIONS)
# DISTANCE[a][b]: king moves from a to b.
DISTANCE = BOARD.distances("chebyshev")
# Ruling 3: villages are placed on ranks 3 to 5.
VILLAGE_SQUARES = BOARD.rank_squares(3, 5)


def rank_of(square: int) -> int:
    """The rank number, 1-8."""
    return square // 8 + 1
