"""Territory engine speed (Hoardfall, games/hoard), side by side with python-chess in the same run:

- a random legal action in a mid-game position: list the legal moves, pick one, push it, pop it,
  over many positions met in random games (a palisade's push makes the next listing find the
  legal lines again: that cost is in the figure), against the same with python-chess on
  mid-game positions of random chess games;
- a full random game of 4 players (deal, placements, palisades, passes, the count), against a
  full random chess game;
- a whole `pnp simulate --games 1000` run of 2 players (random AIs, every core), in a fresh
  process as a user runs it (wall time).

The first two are CPU times of this process, so that other work on a shared machine does not
count; the per-action figure is a distribution over positions (median and 99th percentile).

    python benchmarks/bench_territory.py [--seconds 3] [--games 1000] [--no-cli]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import chess

from generator.config import load_game
from yardsticks import chess_playouts

ROOT = Path(__file__).resolve().parents[1]
GAME = load_game(ROOT / "games" / "hoard")


def territory_positions(count: int, players: int, seed: int = 0) -> list:
    """Positions from random games after the deal, a third to two thirds of the way in."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GAME.with_players(players).new_initial_state()
        path = []
        while not state.is_game_over():
            state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_moves()))
            path.append(state.copy())
        found += [s for s in path[len(path) // 3: 2 * len(path) // 3] if not s.is_game_over()][:5]
    return found[:count]


def chess_positions(count: int, seed: int = 0) -> list:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        board = chess.Board()
        for _ in range(rng.randint(20, 60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            found.append(board)
    return found


def per_action(positions: list, listing, seconds: float) -> list[float]:
    """Microseconds for one random action (list, choose, push, pop) per position, repeated."""
    rng = random.Random(1)
    times = []
    clock = time.process_time          # CPU time: a busy machine's other processes do not count
    start = clock()
    while clock() - start < seconds:
        for state in positions:
            fresh = state.copy()
            t = clock()
            fresh.push(rng.choice(listing(fresh)))
            fresh.pop()
            times.append((clock() - t) * 1e6)
    return times


def territory_games(seconds: float, players: int) -> tuple[int, int, float]:
    rng = random.Random(2)
    game = GAME.with_players(players)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_game_over():
            state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_moves()))
            actions += 1
        games += 1
    return games, actions, time.process_time() - start


def simulate_run(games: int) -> float:
    """Wall seconds of `pnp simulate --games N --players 2 --ai random` in a fresh process."""
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "generator", "simulate", "--game", str(ROOT / "games" / "hoard"),
                        "--players", "2", "--ai", "random", "--games", str(games), "--no-progress", "--no-png",
                        "--out", out + "/"], check=True, capture_output=True)
        return time.perf_counter() - start


def describe(times: list[float]) -> str:
    times = sorted(times)
    return (f"mean {statistics.fmean(times):6.1f} us, median {times[len(times) // 2]:6.1f} us, "
            f"p99 {times[int(len(times) * 0.99)]:7.1f} us  ({len(times):,} actions)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--no-cli", action="store_true", help="skip the pnp simulate run")
    args = parser.parse_args()
    print("a random legal action in a mid-game position (list, choose, push, pop):")
    for players in (2, 4):
        times = per_action(territory_positions(200, players), lambda s: s.legal_moves(), args.seconds)
        print(f"  territory, {players} players: {describe(times)}")
    times = per_action(chess_positions(200), lambda b: list(b.legal_moves), args.seconds)
    print(f"  python-chess:          {describe(times)}")
    print("a full random game:")
    for players in (2, 4):
        games, actions, seconds = territory_games(args.seconds, players)
        print(f"  territory, {players} players: {1000 * seconds / games:6.2f} ms a game ({games / seconds:6.1f} games/s, "
              f"{actions / games:.0f} actions, {actions / seconds:,.0f} actions/s)")
    games, plies, seconds = chess_playouts(args.seconds, seed=2)
    print(f"  python-chess:          {1000 * seconds / games:6.2f} ms a game ({games / seconds:6.1f} games/s, "
          f"{plies / games:.0f} plies, {plies / seconds:,.0f} plies/s)")
    if not args.no_cli:
        wall = simulate_run(args.games)
        print(f"pnp simulate --games {args.games} --players 2 --ai random (every core, fresh process): "
              f"{wall:.1f} s ({args.games / wall:.0f} games/s)")


if __name__ == "__main__":
    main()
