"""The yardsticks the engine benchmarks measure against, played the same way as our engines:
random legal moves from the start to the end of the game, counted in plies."""

from __future__ import annotations

import random
import subprocess
import sys
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


def instructions_per_ply(script: str, *args: str, games: int) -> float:
    """Instructions per ply under valgrind's callgrind: the same for the same work whatever else
    the machine does. `script` is Python run as `python -c script *args GAMES`; it plays GAMES
    games and prints the plies it played last. Its start-up (the same script with 0 games, which
    should import and warm up what the games use) is subtracted."""
    def counted(n: int) -> tuple[int, int]:
        result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                                 "-c", script, *args, str(n)], capture_output=True, text=True, check=True)
        collected = next(line for line in result.stderr.splitlines() if "Collected" in line)
        return int(collected.split()[-1]), int(result.stdout.split()[-1])
    base, _ = counted(0)
    total, plies = counted(games)
    return (total - base) / plies
