"""Regenerate the recorded playthroughs: `python tests/playthroughs/regenerate.py`.

Each file is a transcript of one seeded random game (OpenSpiel-style): before every move, the
legal moves; the move; and at each change of player, the position as a diagram. The regression
test replays the moves and compares every line.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from generator.games.siege import Phase, State

HERE = Path(__file__).parent
GAMES = ((1, "final"), (2, "final"), (3, "draft"))
TURN_CAP = 150


def transcript(seed: int, rules: str) -> str:
    """The whole transcript of the seeded random game."""
    rng = random.Random(seed)
    state = State.new_game(rules=rules, options={"turn-cap": TURN_CAP})
    lines = [f"# siege-pnp playthrough: seed {seed}, rules {rules}, option turn-cap={TURN_CAP}",
             f"seed: {seed}", f"rules: {rules}"]
    mover = None
    while not state.is_game_over():
        if state.to_move is not mover:
            mover = state.to_move
            phase = state.phase.name.lower()
            lines.append(f"position: {phase}, turn {state.turn}" if state.phase is Phase.PLAY else f"position: {phase}")
            lines += ["  " + line for line in state.diagram().splitlines()]
        legal = state.legal_moves()
        lines.append("legal: " + " ".join(m.notation() for m in legal))
        move = rng.choice(legal)
        lines.append(f"move: {move.notation()}")
        state.push(move)
    lines += ["position: final"] + ["  " + line for line in state.diagram().splitlines()]
    lines.append(f"outcome: {state.outcome()}")
    return "\n".join(lines) + "\n"


def path_for(seed: int, rules: str) -> Path:
    return HERE / f"seed{seed}-{rules}.txt"


if __name__ == "__main__":
    for seed, rules in GAMES:
        path_for(seed, rules).write_text(transcript(seed, rules), encoding="utf-8")
        print(f"wrote {path_for(seed, rules)}", file=sys.stderr)
