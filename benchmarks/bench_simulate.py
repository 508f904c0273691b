"""Playtest-lab throughput: games/s for every AI pairing, one process and the full pool.

    python benchmarks/bench_simulate.py [--games 8] [--budget 100] [--ais random,greedy,mcts]
                                        [--workers N] [--json out.json] [--profile PAIRING]

Each pairing plays the same seeded games (base seed 0, turn cap 200, final rules) from setup to the
end. "1 proc" is games/s in this process (per-core speed); "pool" runs the same games with
`run_tasks` over every core (multiprocessing), so it includes process start-up and task shipping.
`--profile viking-irish` (e.g. `mcts-random`) prints a cProfile of that pairing instead.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from generator.lab.players import PlayerSpec
from generator.lab.simulate import make_tasks, play_games, run_tasks, summarize


def measure(viking: str, irish: str, games: int, budget: int, workers: int) -> dict:
    tasks = make_tasks(games, PlayerSpec.parse(viking, budget), PlayerSpec.parse(irish, budget), seed=0)
    start = time.perf_counter()
    records = play_games(tasks)
    single = time.perf_counter() - start
    start = time.perf_counter()
    run_tasks(tasks, workers)
    pooled = time.perf_counter() - start
    summary = summarize(records)
    actions = sum(r["actions"] for r in records)
    return {"viking": str(tasks[0].viking), "irish": str(tasks[0].irish), "games": games,
            "games_per_s": games / single, "pool_games_per_s": games / pooled,
            "actions_per_s": actions / single, "mean_turns": summary["turns"]["mean"],
            "viking_wins": summary["viking"]["wins"], "irish_wins": summary["irish"]["wins"],
            "draws": summary["draws"]["games"]}


def profile(pairing: str, games: int, budget: int) -> None:
    import cProfile
    import pstats
    viking, irish = pairing.split("-")
    tasks = make_tasks(games, PlayerSpec.parse(viking, budget), PlayerSpec.parse(irish, budget), seed=0)
    profiler = cProfile.Profile()
    profiler.runcall(play_games, tasks)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per pairing")
    parser.add_argument("--budget", type=int, default=100, help="MCTS playouts per decision")
    parser.add_argument("--ais", default="random,greedy,mcts")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", help="also write the rows to this JSON file")
    parser.add_argument("--profile", help="profile one pairing, e.g. mcts-random")
    args = parser.parse_args()
    if args.profile:
        profile(args.profile, args.games, args.budget)
        return
    ais = [a.strip() for a in args.ais.split(",") if a.strip()]
    rows = []
    print(f"{args.games} games per pairing, MCTS budget {args.budget}, pool of {args.workers}")
    print(f"| Vikings | Irish | games/s (1 proc) | games/s (pool of {args.workers}) | actions/s (1 proc) "
          f"| mean turns | V / I / draw |")
    print("| --- | --- | ---: | ---: | ---: | ---: | --- |")
    for viking in ais:
        for irish in ais:
            row = measure(viking, irish, args.games, args.budget, args.workers)
            rows.append(row)
            print(f"| {row['viking']} | {row['irish']} | {row['games_per_s']:.2f} | {row['pool_games_per_s']:.2f} "
                  f"| {row['actions_per_s']:.0f} | {row['mean_turns']:.0f} "
                  f"| {row['viking_wins']} / {row['irish_wins']} / {row['draws']} |", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
