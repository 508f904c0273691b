"""This tree against an earlier commit, side by side in one run: engine speed (seeded random Siege
games, actions/s) and build time (`python -m generator.kit`, the kit with its rulebook), each in
fresh processes, alternating the two trees round by round so that machine noise hits both alike.

    python benchmarks/bench_compare.py [--base HEAD~1] [--head REV] [--rounds 7] [--seconds 3]
                                       [--game games/hoard ...] [--no-engine]

`--game DIR` (repeatable) also times the kit of that game folder, the same way.

The earlier commit (and `--head`, when given instead of this work tree) is checked out into a
temporary git worktree, removed afterwards.

With `--instructions`, each tree also runs once under valgrind's callgrind, which counts
instructions instead of seconds: the same count for the same work whatever else the machine is
doing (the engine figure is 40 games minus start-up, the build figure the whole process).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Random full games for `seconds` (or exactly N games with a second argument); prints actions/s.
# Imports whichever engine layout the tree has.
ENGINE = """
import random, sys, time
try:
    from generator.games.siege import State
except ImportError:
    from generator.engine import State
rng, actions, seconds = random.Random(0), 0, float(sys.argv[1])
games = int(sys.argv[2]) if len(sys.argv) > 2 else None
start = time.perf_counter()
while (time.perf_counter() - start < seconds) if games is None else games > 0:
    games = games - 1 if games is not None else None
    state = State.new_game(options={"turn-cap": 500})
    while not state.is_game_over():
        state.push(rng.choice(state.legal_moves()))
        actions += 1
print(actions / (time.perf_counter() - start))
"""


def engine_rate(tree: Path, seconds: float) -> float:
    result = subprocess.run([sys.executable, "-c", ENGINE, str(seconds)], cwd=tree, check=True,
                            capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(tree)})
    return float(result.stdout.strip().splitlines()[-1])


def build_time(tree: Path, out: Path, game: str | None = None) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator.kit", "--out", str(out), *(["--game", game] if game else [])],
                   cwd=tree, check=True, stdout=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(tree)})
    return time.perf_counter() - start


def instructions(tree: Path, command: list[str]) -> int:
    """Instructions `command` executes in `tree`, counted by callgrind."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                            cwd=tree, capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONPATH": str(tree)})
    return int(next(line for line in result.stderr.splitlines() if "Collected" in line).split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD~1", help="the earlier commit (default HEAD~1)")
    parser.add_argument("--head", help="compare this commit instead of the work tree")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=3.0, help="engine time per round and tree")
    parser.add_argument("--instructions", action="store_true", help="also count instructions (valgrind)")
    parser.add_argument("--game", action="append", default=[], help="also time this game folder's kit")
    parser.add_argument("--no-engine", action="store_true", help="time the builds only")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-compare-"))
    trees = {"base": work / "base", "this": work / "head" if args.head else ROOT}
    for name, revision in (("base", args.base), ("this", args.head)):
        if revision:
            subprocess.run(["git", "worktree", "add", "--detach", "-q", str(trees[name]), revision], cwd=ROOT,
                           check=True)
    rates: dict[str, list[float]] = {name: [] for name in trees}
    builds: dict[str, list[float]] = {name: [] for name in trees}
    games: dict[tuple[str, str], list[float]] = {(name, game): [] for name in trees for game in args.game}
    counts: dict[str, tuple[int, int]] = {}
    try:
        for name, tree in trees.items():  # warm-up: bytecode caches, font files
            build_time(tree, work / name)
        for _ in range(args.rounds):
            for name, tree in trees.items():
                if not args.no_engine:
                    rates[name].append(engine_rate(tree, args.seconds))
                builds[name].append(build_time(tree, work / name))
                for game in args.game:
                    games[name, game].append(build_time(tree, work / name, game))
        if args.instructions:
            for name, tree in trees.items():
                engine = [instructions(tree, [sys.executable, "-c", ENGINE, "0", str(n)]) for n in (0, 40)]
                build = instructions(tree, [sys.executable, "-m", "generator.kit", "--out", str(work / name)])
                counts[name] = (engine[1] - engine[0], build)
    finally:
        for tree in trees.values():
            if tree != ROOT:
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)
    revision = subprocess.run(["git", "rev-parse", "--short", args.base], cwd=ROOT, capture_output=True,
                              text=True).stdout.strip()
    print(f"{args.rounds} rounds, alternating; base = {args.base} ({revision}), this = {args.head or 'the work tree'}")
    print("| measure | base | this tree | this / base |")
    print("| --- | ---: | ---: | ---: |")
    if not args.no_engine:
        b, t = statistics.median(rates["base"]), statistics.median(rates["this"])
        print(f"| engine, random games (actions/s, median) | {b:,.0f} | {t:,.0f} | {t / b:.3f} |")
    b, t = statistics.median(builds["base"]), statistics.median(builds["this"])
    print(f"| `python -m generator.kit`, kit + rulebook (s, median) | {b:.3f} | {t:.3f} | {t / b:.3f} |")
    for game in args.game:
        b, t = statistics.median(games["base", game]), statistics.median(games["this", game])
        print(f"| `python -m generator.kit --game {game}` (s, median) | {b:.3f} | {t:.3f} | {t / b:.3f} |")
    if counts:
        for index, what in enumerate(("engine, 40 random games (instructions)", "`python -m generator.kit` (instructions)")):
            b, t = counts["base"][index], counts["this"][index]
            print(f"| {what} | {b:,} | {t:,} | {t / b:.4f} |")


if __name__ == "__main__":
    main()
