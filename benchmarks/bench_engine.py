"""Engine speed: seeded random full games (setup included), in games/s and actions/s, measured
side by side with python-chess random playouts (plies/s) as the yardstick of issue 2.

    python benchmarks/bench_engine.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time

from generator.games.siege import State
from yardsticks import chess_playouts


def armagh_playouts(seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """Random games until `seconds` pass: (games, actions, elapsed). Every move counts as an action
    (setup steps and `end` included), as every ply counts for chess."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = State.new_game(options={"turn-cap": 500})
        while not state.is_game_over():
            state.push(rng.choice(state.legal_moves()))
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    games, actions, elapsed = armagh_playouts(args.seconds)
    print(f"siege-pnp engine: {games / elapsed:8.1f} games/s  {actions / elapsed:9.0f} actions/s "
          f"({games} games, {actions / games:.0f} actions/game)")
    try:
        cgames, plies, celapsed = chess_playouts(args.seconds, clock=time.perf_counter)
    except ImportError:
        print("python-chess not installed: pip install chess")
        return
    print(f"python-chess:     {cgames / celapsed:8.1f} games/s  {plies / celapsed:9.0f} plies/s")
    print(f"ratio: {(actions / elapsed) / (plies / celapsed):.2f}x python-chess")


if __name__ == "__main__":
    main()
