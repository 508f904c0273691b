"""The yardsticks the engine benchmarks measure against, played the same way as our engines:
random legal moves from the start to the end of the game, counted in plies."""

from __future__ import annotations

import random
import time
from typing import Callable


def board_playouts(new_board: Callable, seconds: float = 0.0, games: int = 0, seed: int = 0,
                   clock: Callable[[], float] = time.process_time) -> tuple[int, int, float]:
    """Random games of boards made by `new_board` (python-chess's API: `legal_moves`, `push`,
    `is_game_over`) for `seconds` on `clock`, or exactly `games` games: (games, plies, seconds)."""
    rng = random.Random(seed)
    played = plies = 0
    start = clock()
    while (clock() - start < seconds) if seconds else played < games:
        board = new_board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        played += 1
    return played, plies, clock() - start


def chess_playouts(seconds: float = 0.0, games: int = 0, seed: int = 0,
                   clock: Callable[[], float] = time.process_time) -> tuple[int, int, float]:
    """python-chess random games (a game ends at mate, stalemate or the draws it never needs
    claimed: insufficient material, the 75-move and fivefold rules)."""
    import chess
    return board_playouts(chess.Board, seconds, games, seed, clock)
