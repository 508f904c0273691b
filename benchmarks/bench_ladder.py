"""The strength ladder and the balance at each strength, for a game folder, in one run.

    python benchmarks/bench_ladder.py [--game DIR] [--levels random,greedy,mcts:50,mcts:100,...]
        [--games 10] [--selfplay 10] [--turn-cap 200] [--option NAME=VALUE ...] [--seed 0[,1,...]]
        [--workers N] [--json out.json]

Each neighbouring pair of levels plays `--games` seeds in every seating (the seats swapped), and
the table gives the upper level's score over both seats with its Wilson 95% interval, its score in
each seat, the games the turn cap stopped, and the CPU seconds per game; then the Bradley-Terry Elo
of every level (random = 0) with its interval and the seat term, and the Elo each level gains
over the one below beside the gain that would score 60% over every seat with that seat term (a
seat advantage pulls every pairing's score toward one half). `--selfplay N` also plays N seeds
of each level against itself: the balance verdict at every strength (each side's share and the
unfinished games), the table the issue asks for. `--seed 0,1,2` pools the games of several seeds
(`--games` seeds per seating from each) into one table and one fit: a row of 16 games moves by ten
points or more from one set of seeds to the next.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Iterable
from dataclasses import replace

from generator.config import load_game
from generator.games.base import parse_option
from generator.lab import ladder
from generator.lab.players import PlayerSpec
from generator.lab.simulate import UNFINISHED, GameTask, Variant, make_tasks, resolve, run_tasks, summarize
from generator.lab.stats import gap_for_score


def pooled(tasks_by_seed: Iterable) -> list[GameTask]:
    """The tasks of several seeds as one list for one pool: each seed's games numbered on from the
    last seed's, so that every (variant, index) names one game."""
    tasks: list[GameTask] = []
    for some in tasks_by_seed:
        first = len(tasks)
        tasks += [replace(task, index=first + task.index) for task in some]
    return tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None)
    parser.add_argument("--levels", default="random,greedy,mcts:50,mcts:100,mcts:200,mcts:400,mcts:800")
    parser.add_argument("--games", type=int, default=10, help="seeds per seating of each pairing")
    parser.add_argument("--selfplay", type=int, default=0, help="seeds of self-play at each level")
    parser.add_argument("--turn-cap", type=int, default=200)
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--vary", action="append", default=[], help="a number changed, NAME=VALUE")
    parser.add_argument("--seed", default="0", help="a seed, or several to pool: 0,1,2")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json")
    args = parser.parse_args()
    game = load_game(args.game)
    changes = tuple((name, int(value)) for name, value in (parse_option(text) for text in args.vary))
    variant = Variant("bench", None, tuple(parse_option(text) for text in args.option), changes)
    run = resolve(variant, args.turn_cap, game)
    levels = [PlayerSpec.parse(text) for text in args.levels.split(",")]
    seeds = [int(text) for text in args.seed.split(",")]
    sides = [side.label for side in run[0].sides]
    print(f"{game.info.title}: {args.games} seeds per seating from seed {args.seed}, turn cap "
          f"{args.turn_cap}, options {dict(variant.options) or '-'}, numbers {dict(changes) or '-'}, "
          f"{args.workers} workers", flush=True)
    print(f"| pairing | games | upper's score [95% CI] | as {' / as '.join(sides)} | unfinished | cpu s/game |")
    print("| --- | ---: | --- | --- | ---: | ---: |", flush=True)
    records: list[dict] = []
    started = time.perf_counter()
    for lower, upper in zip(levels, levels[1:]):
        pair = run_tasks(pooled(ladder.ladder_tasks([lower, upper], run, args.games, seed) for seed in seeds),
                         args.workers)
        records += pair
        fit = ladder.fit([lower, upper], pair, len(sides), args.games, seeds[0]).pairings[0]
        unfinished = sum(1 for r in pair if r["termination"] in UNFINISHED)
        cpu = sum(r["seconds"] for r in pair) / len(pair)
        print(f"| {upper} vs {lower} | {fit['games']} | {100 * fit['score']:.0f}% [{100 * fit['ci95'][0]:.0f}%, "
              f"{100 * fit['ci95'][1]:.0f}%] | {' / '.join(f'{100 * x:.0f}%' for x in fit['by_seat'])} "
              f"| {unfinished} | {cpu:.2f} |", flush=True)
    fitted = ladder.fit(levels, records, len(sides), args.games, seeds[0])
    print("\n| level | Elo | 95% CI |\n| --- | ---: | --- |")
    for name, elo, (low, high) in zip(fitted.levels, fitted.elo, fitted.ci95):
        print(f"| {name} | {elo:.0f} | [{low:.0f}, {high:.0f}] |")
    print(f"seat terms (Elo, seat 1 = 0): {', '.join(f'{x:+.0f}' for x in fitted.seat_elo)}; "
          f"{len(records)} games, {time.perf_counter() - started:.0f} s", flush=True)
    gaps = [high - low for low, high in zip(fitted.elo, fitted.elo[1:])]
    print(f"Elo gained a level: {', '.join(f'{round(g):+d}' for g in gaps)}; a level scores 60% over every seat "
          f"against the one below at {gap_for_score(0.6, fitted.seat_elo):+.0f} Elo with these seat terms "
          f"({gap_for_score(0.6, [0.0] * len(sides)):+.0f} with none)", flush=True)
    selfplay = []
    if args.selfplay:
        print(f"\n| self-play ({args.selfplay * len(seeds)} seeds) | {' | '.join(sides)} | unfinished [95% CI] | shuffling | mean turns | cpu s/game |")
        print("| --- |" + " --- |" * (len(sides) + 4), flush=True)
        for level in levels:
            games = run_tasks(pooled(make_tasks(args.selfplay, (level,) * len(sides), variant, seed,
                                                args.turn_cap, game) for seed in seeds), args.workers)
            s = summarize(games, sides, run[0].ways)
            u = s["unfinished"]
            cells = [f"{100 * s[side]['rate']:.0f}% [{100 * s[side]['ci95'][0]:.0f}, {100 * s[side]['ci95'][1]:.0f}]"
                     for side in sides]
            cpu = sum(r["seconds"] for r in games) / len(games)
            print(f"| {level} | {' | '.join(cells)} | {100 * u['rate']:.0f}% [{100 * u['ci95'][0]:.0f}, "
                  f"{100 * u['ci95'][1]:.0f}] | {u['shuffling']} | {s['turns']['mean']:.0f} | {cpu:.2f} |", flush=True)
            selfplay.append({"level": str(level), "summary": s})
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"ladder": {k: v for k, v in fitted.to_json().items() if k != "records"},
                       "selfplay": selfplay, "records": records}, fh, indent=1)


if __name__ == "__main__":
    main()
