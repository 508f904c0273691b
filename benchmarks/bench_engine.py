"""Engine speed: seeded random full games of Siege of Armagh (setup included), in actions/s,
measured side by side with python-chess random playouts (plies/s) in one run, the yardstick of
issues 2 and 26.

Every move counts as an action (setup steps and `end` included), as every ply counts for chess.
The machine is shared, so the two alternate in short rounds of CPU time: each side's median round
is reported, and the median of the rounds' ratios. `--instructions` also counts instructions
under valgrind's callgrind, the same for the same work whatever else the machine does (each
side's start-up subtracted).

    python benchmarks/bench_engine.py [--seconds 5] [--rounds 5] [--instructions] [--profile]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from generator.games.siege import State
from yardsticks import chess_playouts, instructions_per_ply

ROOT = Path(__file__).resolve().parent.parent


def armagh_playouts(seconds: float = 0.0, games: int = 0, seed: int = 0) -> tuple[int, int, float]:
    """Random games for `seconds` of CPU time (or exactly `games` games): (games, actions, seconds)."""
    rng = random.Random(seed)
    played = actions = 0
    start = time.process_time()
    while (time.process_time() - start < seconds) if seconds else played < games:
        state = State.new_game(options={"turn-cap": 500})
        while not state.is_game_over():
            state.push(rng.choice(state.legal_moves()))
            actions += 1
        played += 1
    return played, actions, time.process_time() - start


def rates(rounds: int, seconds: float) -> tuple[float, float, float, float]:
    """Medians over alternating rounds: Siege actions/s, Siege games/s, python-chess plies/s, and
    the ratio of each round to the python-chess round next to it (the least moved by the
    machine's busy and quiet spells)."""
    actions, games, plies, ratios = [], [], [], []
    for n in range(rounds):
        played, done, spent = armagh_playouts(seconds, seed=n)
        actions.append(done / spent)
        games.append(played / spent)
        _, done, spent = chess_playouts(seconds, seed=n)
        plies.append(done / spent)
        ratios.append(actions[-1] / plies[-1])
    return tuple(statistics.median(values) for values in (actions, games, plies, ratios))


SCRIPT = """
import sys
sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
import bench_engine
which, games = sys.argv[1], int(sys.argv[2])
if which == "chess":
    import chess
    print(bench_engine.chess_playouts(games=games, seed=1)[1] if games else 0)
else:
    bench_engine.State.new_game().legal_moves()
    print(bench_engine.armagh_playouts(games=games)[1] if games else 0)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per side, over all rounds")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--instructions", action="store_true", help="also count instructions (valgrind)")
    parser.add_argument("--profile", action="store_true", help="profile Siege's playouts with cProfile")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats
        profiler = cProfile.Profile()
        profiler.runcall(armagh_playouts, args.seconds)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return
    try:
        import chess  # noqa: F401
    except ImportError:
        print("python-chess not installed: pip install chess")
        return
    ours, games, theirs, ratio = rates(args.rounds, args.seconds / args.rounds)
    print(f"median of {args.rounds} alternating rounds of {args.seconds / args.rounds:g} CPU s each:")
    print(f"  siege-pnp engine: {ours:9.0f} actions/s  {games:6.1f} games/s ({ours / games:.0f} actions/game)")
    print(f"  python-chess:     {theirs:9.0f} plies/s")
    print(f"ratio: {ratio:.2f}x python-chess (the median round's)")
    if args.instructions:
        script = SCRIPT.format(root=str(ROOT), bench=str(ROOT / "benchmarks"))
        chess_cost = instructions_per_ply(script, "chess", games=3)
        cost = instructions_per_ply(script, "siege", games=20)
        print(f"instructions per ply (callgrind): python-chess {chess_cost:,.0f}, siege-pnp {cost:,.0f} "
              f"per action: {chess_cost / cost:.2f}x python-chess")


if __name__ == "__main__":
    main()
