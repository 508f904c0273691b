"""Playtest-lab throughput: games/s for every AI pairing, one process and the full pool.

    python benchmarks/bench_simulate.py [--seconds 15] [--budget 50] [--ais random,greedy,mcts]
                                        [--workers N] [--json out.json] [--profile PAIRING]

Each pairing plays the same seeded games (base seed 0, turn cap 200, final rules) from setup to the
end. "1 proc" is games/s in this process (per-core speed), over about `--seconds`; "pool" plays the
same seeds (at least 4 games per worker) with `run_tasks` over every core (multiprocessing), so it
includes process start-up and uneven game lengths at the end of a short run.
`--profile viking-irish` (e.g. `mcts-random`) prints a cProfile of that pairing instead.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from generator.lab.players import PlayerSpec
from generator.lab.simulate import (
    make_tasks,
    play_game,
    play_games,
    run_tasks,
    summarize,
)


def measure(viking: str, irish: str, seconds: float, budget: int, workers: int) -> dict:
    """Games in this process until `seconds` pass (at least 2), then at least 4 games per worker
    of the same seeds over the pool."""
    v, i = PlayerSpec.parse(viking, budget), PlayerSpec.parse(irish, budget)
    tasks = make_tasks(10_000, (v, i), seed=0)
    records = []
    start = time.perf_counter()
    while len(records) < 2 or time.perf_counter() - start < seconds:
        records.append(play_game(tasks[len(records)]))
    single = time.perf_counter() - start
    pool_tasks = tasks[:max(len(records), 4 * workers)]
    start = time.perf_counter()
    run_tasks(pool_tasks, workers)
    pooled = time.perf_counter() - start
    summary = summarize(records, ("viking", "irish"))
    actions = sum(r["actions"] for r in records)
    return {"viking": str(v), "irish": str(i), "games": len(records), "pool_games": len(pool_tasks),
            "games_per_s": len(records) / single, "pool_games_per_s": len(pool_tasks) / pooled,
            "actions_per_s": actions / single, "mean_turns": summary["turns"]["mean"],
            "viking_wins": summary["viking"]["wins"], "irish_wins": summary["irish"]["wins"],
            "draws": summary["draws"]["games"]}


def profile(pairing: str, games: int, budget: int) -> None:
    import cProfile
    import pstats
    viking, irish = pairing.split("-")
    tasks = make_tasks(games, (PlayerSpec.parse(viking, budget), PlayerSpec.parse(irish, budget)), seed=0)
    profiler = cProfile.Profile()
    profiler.runcall(play_games, tasks)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="time per pairing in one process")
    parser.add_argument("--games", type=int, default=4, help="games to profile (--profile)")
    parser.add_argument("--budget", type=int, default=50, help="MCTS playouts per decision")
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
    print(f"about {args.seconds:g} s per pairing in one process, MCTS budget {args.budget}, pool of {args.workers}")
    print(f"| Vikings | Irish | games (1 proc) | games/s (1 proc) | games/s (pool of {args.workers}) "
          f"| actions/s (1 proc) | mean turns | V / I / draw |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for viking in ais:
        for irish in ais:
            row = measure(viking, irish, args.seconds, args.budget, args.workers)
            rows.append(row)
            print(f"| {row['viking']} | {row['irish']} | {row['games']} | {row['games_per_s']:.2f} | {row['pool_games_per_s']:.2f} "
                  f"| {row['actions_per_s']:.0f} | {row['mean_turns']:.0f} "
                  f"| {row['viking_wins']} / {row['irish_wins']} / {row['draws']} |", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
