"""How far each player's choices fall short of a deeper search's, on positions of real games,
without playing whole games: the regret measure of the README ("What limited the search").

    python benchmarks/bench_regret.py [--game DIR] [--side SIDE] [--positions 30] [--oracle 800]
        [--levels greedy,mcts:50,mcts:100,mcts:200,mcts:400] [--seeds 3] [--workers N]
        [--cache FILE] [--json out.json]

The positions: every ninth action of greedy self-play games (after the setup) with SIDE to move
and more than one legal move. Every legal move there is valued by mcts:ORACLE searching the
position the move makes on the true state, with full information (a position that ends the game,
waits on chance or allows one move: its own value); the value is the searched root's backed-up
reward for SIDE, in [0, 1]. A player's regret at a position is the best move's value less the
value of the move it chose, from SIDE's view of the position. The table gives each level's mean
regret over the positions and `--seeds` search seeds, how often it chose a best move, and how
often its regret passed 0.05 (a blunder the oracle sees).

The oracle is the same search with a larger budget and the same evaluation: regret measures how
far a player is from a deeper copy of itself, not from perfect play. A player whose regret does
not fall with budget spends its doublings on nothing the deeper search agrees with. Building the
oracle takes long (Siege, 30 positions on 2 cores: 6 minutes with the Vikings to move, 4 with the
Irish); `--cache` keeps it, and a cache built for other settings is built again.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from generator.config import load_game
from generator.lab.players import GreedyPlayer, MCTSPlayer, PlayerSpec

BLUNDER = 0.05   # a regret above this, in reward units, counts as a blunder


class Oracle(MCTSPlayer):
    """The search, keeping the root of its last decision to read the value it backed up."""

    def _weigh_root(self, root, state, me, table):
        self.root = root
        return super()._weigh_root(root, state, me, table)

    def value(self, state, seat: int) -> float:
        """`seat`'s reward of `state` unsearched, as the search values a new position."""
        self._evaluations = state.game.evaluations
        return self._leaf(state)[seat]


def positions(game, seat: int, count: int) -> list:
    """`count` positions of greedy self-play games (seeded 0, 1, ...) with `seat` to move: every
    ninth action after the setup, where the mover has a choice."""
    found = []
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_initial_state(dict(game.options))
        greedy = GreedyPlayer()
        actions = 0
        while not state.is_game_over() and actions < 160 and len(found) < count:
            if state.is_chance_node():
                state.push(state.sample_chance(rng))
                continue
            if (not state.in_setup() and actions % 9 == 4 and game.seat(state.to_move) == seat
                    and len(state.legal_moves()) > 1):
                found.append(state.copy())
            state.push(greedy.choose(state.view(state.to_move), rng))
            actions += 1
        if len(found) >= count:
            break
    return found


def move_values(job: tuple) -> dict:
    """Every legal move of a position, valued by the oracle searching the position it makes."""
    state, budget = job
    seat = state.game.seat(state.to_move)
    values = {}
    for move in state.legal_moves():
        child = state.copy()
        child.push(move)
        oracle = Oracle(budget)
        if child.is_game_over() or child.is_chance_node() or len(child.legal_moves()) < 2:
            values[move] = oracle.value(child, seat)
            continue
        oracle.choose(child, random.Random(7))   # the true state: nothing hidden from the oracle
        values[move] = oracle.root.minimax[seat]
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None)
    parser.add_argument("--side", default=None, help="the side to move (default: the first)")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--oracle", type=int, default=800, help="the oracle's budget (mcts:N)")
    parser.add_argument("--levels", default="greedy,mcts:50,mcts:100,mcts:200,mcts:400")
    parser.add_argument("--seeds", type=int, default=3, help="search seeds per position and level")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cache", help="a file keeping the oracle's values")
    parser.add_argument("--json")
    args = parser.parse_args()
    game = load_game(args.game)
    sides = [side.label for side in game.sides]
    side = args.side or sides[0]
    if side not in sides:
        parser.error(f"unknown side {side!r}; sides: {', '.join(sides)}")
    seat = sides.index(side)
    settings = (args.game, seat, args.positions, args.oracle)
    data = None
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, "rb") as handle:
            cached = pickle.load(handle)
        if cached["settings"] == settings:
            data = cached["data"]
    start = time.perf_counter()
    source = "from the cache"
    if data is None:
        states = positions(game, seat, args.positions)
        with ProcessPoolExecutor(args.workers) as pool:
            values = list(pool.map(move_values, [(state, args.oracle) for state in states]))
        data = list(zip(states, values))
        source = f"{time.perf_counter() - start:.0f} s"
        if args.cache:
            with open(args.cache, "wb") as handle:
                pickle.dump({"settings": settings, "data": data}, handle)
    print(f"{game.info.title}: {len(data)} positions with the {side} to move, every move valued by "
          f"mcts:{args.oracle} ({source}); {args.seeds} search seeds a position\n")
    print("| level | mean regret (thousandths) | chose a best move | regret > 0.05 | ms/decision |")
    print("| --- | ---: | ---: | ---: | ---: |", flush=True)
    rows = []
    for level in args.levels.split(","):
        spec = PlayerSpec.parse(level)
        regrets, best, spent = [], 0, 0.0
        for state, values in data:
            top = max(values.values())
            for seed in range(args.seeds):
                player = spec.build()
                began = time.process_time()
                move = player.choose(state.view(state.to_move), random.Random(seed))
                spent += time.process_time() - began
                regrets.append(top - values[move])
                best += values[move] >= top - 1e-9
        n = len(regrets)
        row = {"level": level, "mean_regret": statistics.mean(regrets), "best": best / n,
               "blunders": sum(r > BLUNDER for r in regrets) / n, "ms_per_decision": 1000 * spent / n}
        rows.append(row)
        print(f"| {level} | {1000 * row['mean_regret']:.0f} | {100 * row['best']:.0f}% | "
              f"{100 * row['blunders']:.0f}% | {row['ms_per_decision']:.0f} |", flush=True)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"game": game.info.title, "side": side, "positions": len(data),
                       "oracle": args.oracle, "seeds": args.seeds, "levels": rows}, handle, indent=1)


if __name__ == "__main__":
    main()
