"""Tafl engine speed: seeded random full games on 11 x 11 from the standard setup, in plies/s,
measured in one run side by side with pyhnefatafl (PyPI) playing random legal moves the same way:
list the legal moves, pick one at random, push it, until the game is over.

    pip install -e '.[bench]'        # pyhnefatafl
    python benchmarks/bench_tafl.py [--seconds 5] [--profile]

Our games run to a result (no turn cap, as the rules have no draw); pyhnefatafl's own rules end
a game after 100 moves of each side, so its games are shorter and its boards fuller. Plies/s is
the comparable figure; ours is also given with a 200-turn cap, the same length as pyhnefatafl's.
"""

from __future__ import annotations

import argparse
import random
import time

from generator.games.tafl import TaflGame
from yardsticks import board_playouts


def tafl_playouts(seconds: float, seed: int = 0, turn_cap: int = 0) -> tuple[int, int, float]:
    """Random games until `seconds` pass: (games, plies, elapsed). `turn_cap`: stop each game
    after that many turns (0: play to a result)."""
    rng = random.Random(seed)
    game = TaflGame()
    options = {"turn-cap": str(turn_cap)}
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(options)
        while not state.is_game_over():
            state.push(rng.choice(state.legal_moves()))
            plies += 1
        games += 1
    return games, plies, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--profile", action="store_true", help="profile our playouts with cProfile")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats
        profiler = cProfile.Profile()
        profiler.runcall(tafl_playouts, args.seconds)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    games, plies, elapsed = tafl_playouts(args.seconds)
    ours = plies / elapsed
    print(f"siege-pnp tafl: {ours:9.0f} plies/s  {games / elapsed:7.1f} games/s  "
          f"({games} games, {plies / games:.0f} plies/game, played to a result)")
    cgames, cplies, celapsed = tafl_playouts(args.seconds, turn_cap=200)
    capped = cplies / celapsed
    print(f"  capped:       {capped:9.0f} plies/s  {cgames / celapsed:7.1f} games/s  "
          f"({cgames} games, {cplies / cgames:.0f} plies/game, turn-cap=200)")
    try:
        import hnefatafl
        hgames, hplies, helapsed = board_playouts(hnefatafl.Board, args.seconds, clock=time.perf_counter)
    except ImportError:
        print("pyhnefatafl not installed: pip install -e '.[bench]'")
        return
    theirs = hplies / helapsed
    print(f"pyhnefatafl:    {theirs:9.0f} plies/s  {hgames / helapsed:7.1f} games/s  "
          f"({hgames} games, {hplies / hgames:.0f} plies/game)")
    print(f"ratio: {ours / theirs:.2f}x pyhnefatafl (plies/s; {capped / theirs:.2f}x with the turn cap)")


if __name__ == "__main__":
    main()
