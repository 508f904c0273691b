"""The browser table's server cost per move: seeded random Siege and Tafl games played by people at
a `Table` (each move drawn as a frame per side, its notation masked for the sides that cannot tell
it apart, checked for what it reveals), and the payload a page asks for (time and size), side by
side with the bare engine's push of the same moves as the yardstick.

    python benchmarks/bench_play.py [--games 3]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from generator.config import load_game
from generator.play.session import TABLE, Table

ROOT = Path(__file__).resolve().parent.parent


def measure(game, games: int) -> dict:
    moves = table_time = engine_time = payload_time = payload_bytes = payloads = 0
    for seed in range(games):
        table = Table(game, vs="human", seed=seed)
        engine = game.new_initial_state()
        rng = random.Random(seed)
        while not table.state.is_game_over() and len(table.played) < 400:
            if table.handover:
                table.reveal(table.key_of(TABLE))
            move = rng.choice(table.state.legal_moves())
            start = time.perf_counter()
            table.play(table.key_of(table.state.to_move.label), move.notation())
            table_time += time.perf_counter() - start
            start = time.perf_counter()
            engine.push(move)
            engine_time += time.perf_counter() - start
            moves += 1
            for side in game.sides:
                start = time.perf_counter()
                payload = table.payload(table.key_of(side.label), max(0, len(table.played) - 2))
                payload_time += time.perf_counter() - start
                payload_bytes += len(json.dumps(payload))
                payloads += 1
    return {"moves": moves, "table_ms": 1000 * table_time / moves, "engine_us": 1e6 * engine_time / moves,
            "payload_ms": 1000 * payload_time / payloads, "payload_kb": payload_bytes / payloads / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    for name, folder in (("Siege", None), ("Tafl 11x11", ROOT / "games" / "tafl")):
        r = measure(load_game(folder), args.games)
        print(f"{name:11} {r['moves']:5} moves: table {r['table_ms']:6.2f} ms/move (engine push "
              f"{r['engine_us']:5.1f} us), payload {r['payload_ms']:5.2f} ms, {r['payload_kb']:5.1f} KiB")


if __name__ == "__main__":
    main()
