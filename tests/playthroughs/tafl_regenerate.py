"""Regenerate the recorded Tafl playthroughs: `python tests/playthroughs/tafl_regenerate.py`.

Each file is a transcript of one seeded random game (OpenSpiel-style): before every move, the
legal moves; the move; and at each change of side, the position as a diagram. The regression
test (tests/test_tafl_playthroughs.py) replays the moves and compares every line.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from generator.games.tafl import TaflGame
from generator.games.tafl.diagram import read_setup

HERE = Path(__file__).parent
SETUPS = HERE.parent / "tafl_setups"

# (seed, board size, options): the standard game; the optional capture rules; skilled play on 7 x 7.
GAMES = (
    (9, 11, {"turn-cap": "60"}),
    (1, 11, {"berserker": "on", "shield-wall": "on", "edge-king": "on", "turn-cap": "90"}),
    (4, 7, {"skilled-play": "on", "turn-limit": "25", "unarmed-king": "on"}),
)


def game_for(size: int) -> TaflGame:
    if size == 11:
        return TaflGame()
    return TaflGame(size=size, layout=read_setup((SETUPS / f"setup-{size}.txt").read_text(encoding="utf-8")))


def option_text(options: dict[str, str]) -> str:
    return " ".join(f"{name}={value}" for name, value in sorted(options.items()))


def transcript(seed: int, size: int, options: dict[str, str]) -> str:
    """The whole transcript of the seeded random game."""
    rng = random.Random(seed)
    game = game_for(size)
    state = game.new_initial_state(options)
    lines = [f"# siege-pnp tafl playthrough: seed {seed}, {size} x {size}, options {option_text(options)}",
             f"seed: {seed}", f"board: {size}", f"options: {option_text(options)}"]
    mover = None
    while not state.is_game_over():
        if state.to_move is not mover:
            mover = state.to_move
            lines.append(f"position: turn {state.turn}")
            lines += ["  " + line for line in state.diagram().splitlines()]
        legal = state.legal_moves()
        lines.append("legal: " + " ".join(m.notation() for m in legal))
        move = rng.choice(legal)
        lines.append(f"move: {move.notation()}")
        state.push(move)
    lines += ["position: final"] + ["  " + line for line in state.diagram().splitlines()]
    lines.append(f"outcome: {describe(game, state.outcome())}")
    return "\n".join(lines) + "\n"


def describe(game, outcome) -> str:
    """The result as the transcripts write it: "The defenders win (the king escaped)."."""
    head, why = game.describe_outcome(outcome)
    return f"{head} ({why or outcome.termination})."


def path_for(seed: int, size: int) -> Path:
    return HERE / f"tafl-seed{seed}-{size}x{size}.txt"


if __name__ == "__main__":
    for seed, size, options in GAMES:
        path_for(seed, size).write_text(transcript(seed, size, options), encoding="utf-8")
        print(f"wrote {path_for(seed, size)}", file=sys.stderr)
