"""Duel engine speed: seeded random games of Tessera (games/tile-duel) and Thornwick
(games/thornwick, every symbol kind) from the setup to the end, measured side by side with
python-chess random playouts in one run: issue 21 asks for at least twice python-chess's plies/s.

A ply is one side's whole turn, as in chess: a setup, an activation, or a draw with its placement
(the draw, the bag's chance outcome and the placement are three pushes, one ply). Each turn lists
the legal moves, picks one at random and pushes it, as the chess loop does; the bag is sampled
with the same generator. Leader safety is the default, strict. Random play rarely takes a leader,
and two lone leaders can walk around each other for ever (the rules have no draw): games stop at
a 200-turn cap, as python-chess's stop at its own draw rules.

The machine is shared, so the runs alternate in short rounds (CPU time, the median of each side's
rounds). `--instructions` also counts instructions under valgrind's callgrind, the same for the
same work whatever else the machine does: instructions per ply, each side's start-up subtracted.

    python benchmarks/bench_duel.py [--rounds 9] [--seconds 1] [--instructions] [--profile]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from yardsticks import chess_playouts, instructions_per_ply

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"
FOLDERS = tuple(f for f in ("tile-duel", "thornwick") if (GAMES / f / "components.toml").exists())


def duel_playouts(folder: str, seconds: float = 0.0, games: int = 0, seed: int = 0,
                  cap: int = 200) -> tuple[int, int, float]:
    """Random games for `seconds` of CPU time (or exactly `games` games): (games, plies, seconds)."""
    from generator.config import load_game
    rng = random.Random(seed)
    game = load_game(GAMES / folder)
    played = plies = 0
    start = time.process_time()
    while (time.process_time() - start < seconds) if seconds else played < games:
        state = game.new_initial_state({"turn-cap": str(cap)})
        while not state.is_game_over():
            if state.is_chance_node():
                state.push(state.sample_chance(rng))
                continue
            state.push(rng.choice(state.legal_moves()))
            if state.drawn < 0:          # a placement ends a draw turn: the turn counts once
                plies += 1
        played += 1
    return played, plies, time.process_time() - start


def rates(rounds: int, seconds: float) -> dict[str, float]:
    """Median plies per CPU second of each side over alternating rounds."""
    runs: dict[str, list[float]] = {name: [] for name in ("python-chess", *FOLDERS)}
    for n in range(rounds):
        _, plies, spent = chess_playouts(seconds, seed=n)
        runs["python-chess"].append(plies / spent)
        for folder in FOLDERS:
            _, plies, spent = duel_playouts(folder, seconds, seed=n)
            runs[folder].append(plies / spent)
    return {name: statistics.median(values) for name, values in runs.items()}


SCRIPT = """
import sys
sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
import bench_duel
which, games = sys.argv[1], int(sys.argv[2])
if games:
    played, plies, _ = bench_duel.chess_playouts(games=games) if which == "chess" else bench_duel.duel_playouts(which, games=games)
    print(plies)
elif which == "chess":   # the start-up alone: what the games below import and warm up
    import chess
    print(0)
else:
    from generator.config import load_game
    load_game(bench_duel.GAMES / which).new_initial_state().legal_moves()
    print(0)
"""


def per_ply(which: str, games: int) -> float:
    """Instructions per ply of `games` random games (python-chess's for `which` "chess")."""
    script = SCRIPT.format(root=str(ROOT), bench=str(ROOT / "benchmarks"))
    return instructions_per_ply(script, which, games=games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per round and side")
    parser.add_argument("--instructions", action="store_true", help="also count instructions (valgrind)")
    parser.add_argument("--profile", action="store_true", help="profile Tessera's playouts with cProfile")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats
        profiler = cProfile.Profile()
        profiler.runcall(duel_playouts, "tile-duel", 5.0)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return
    median = rates(args.rounds, args.seconds)
    theirs = median["python-chess"]
    print(f"median of {args.rounds} alternating rounds of {args.seconds:g} CPU s each:")
    print(f"  python-chess:  {theirs:9.0f} plies/s")
    for folder in FOLDERS:
        print(f"  {folder + ':':14} {median[folder]:9.0f} plies/s  {median[folder] / theirs:.2f}x python-chess")
    if args.instructions:
        chess_cost = per_ply("chess", 6)
        print(f"instructions per ply (callgrind):\n  python-chess:  {chess_cost:11,.0f}")
        for folder in FOLDERS:
            cost = per_ply(folder, 20)
            print(f"  {folder + ':':14} {cost:11,.0f}  {chess_cost / cost:.2f}x python-chess")


if __name__ == "__main__":
    main()
