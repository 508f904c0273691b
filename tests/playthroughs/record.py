"""Recorded playthroughs of every rules game: `python tests/playthroughs/record.py` writes them again.

Each file is the transcript of one seeded random game (OpenSpiel's playthrough files): before every
choice, the legal moves and the move taken; each chance event the rules draw; at each change of
side, the position as a diagram; the final position and the result in words. The regression test
(tests/test_playthroughs.py) replays every file line by line, so a change in any ruling shows up
as a diff. A new game package adds its games to RECORDS; nothing else is per game.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

HERE = Path(__file__).parent
ROOT = HERE.parent.parent


@dataclass(frozen=True)
class Record:
    """One recorded game: its file's name, the game (a folder, read as `pnp` reads it), the seed,
    the rule set and the engine options."""

    name: str
    folder: str | None          # a game folder under the repository; None: the default game
    seed: int
    options: dict[str, str] = field(default_factory=dict)
    rules: str | None = None
    setup: Callable | None = None  # a change to the folder's game (another board size...)

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.txt"

    def game(self):
        from generator.config import load_game
        game = load_game(ROOT / self.folder if self.folder else ROOT)
        return self.setup(game) if self.setup else game


def tafl_size(size: int) -> Callable:
    """Tafl on a `size` x `size` board, from the tests' setup diagram of that size."""
    def resize(game):
        from generator.games.tafl.diagram import read_setup
        layout = read_setup((ROOT / "tests/tafl_setups" / f"setup-{size}.txt").read_text(encoding="utf-8"))
        return type(game)(size=size, layout=layout)
    return resize


RECORDS = (
    Record("siege-seed1-final", None, 1, {"turn-cap": "150"}, "final"),
    Record("siege-seed2-final", None, 2, {"turn-cap": "150"}, "final"),
    Record("siege-seed3-draft", None, 3, {"turn-cap": "150"}, "draft"),
    Record("tafl-seed9-11x11", "games/tafl", 9, {"turn-cap": "60"}),
    Record("tafl-seed1-11x11", "games/tafl", 1,
           {"berserker": "on", "shield-wall": "on", "edge-king": "on", "turn-cap": "90"}),
    Record("tafl-seed4-7x7", "games/tafl", 4, {"skilled-play": "on", "turn-limit": "25", "unarmed-king": "on"},
           setup=tafl_size(7)),
    Record("hoard-seed1-2p", "games/hoard", 1, setup=lambda game: game.with_players(2)),
    Record("hoard-seed2-3p", "games/hoard", 2, {"min-territory": "3"}, setup=lambda game: game.with_players(3)),
    Record("hoard-seed3-4p", "games/hoard", 3, {"peek": "on", "palisades-per-turn": "3"}),
    Record("tessera-seed3", "games/tile-duel", 3, {"turn-cap": "80"}),
    Record("thornwick-seed5-guard", "games/thornwick", 5, {"turn-cap": "80", "leader-safety": "guard"}),
)


def header(record: Record) -> list[str]:
    options = " ".join(f"{name}={value}" for name, value in sorted(record.options.items()))
    return [f"# siege-pnp playthrough: {record.folder or 'the default game'}, seed {record.seed}",
            f"seed: {record.seed}", f"rules: {record.rules or 'default'}", f"options: {options}"]


def result(game, state) -> str:
    """The result as the transcripts write it: "The defenders win (the king escaped)."."""
    head, why = game.describe_outcome(state.outcome())
    return f"{head} ({why or state.outcome().termination})."


def transcript(record: Record) -> str:
    """The whole transcript of the record's seeded random game."""
    rng, game = random.Random(record.seed), record.game()
    state = game.new_initial_state(dict(record.options), record.rules)
    lines, mover = header(record), None
    while not state.is_game_over():
        if state.is_chance_node():
            move = state.sample_chance(rng)
            lines.append(f"chance: {move.notation()}")
            state.push(move)
            continue
        if state.to_move != mover:
            mover = state.to_move
            lines.append("position: setup" if state.in_setup() else f"position: turn {state.turn}")
            lines += ["  " + line for line in state.diagram().splitlines()]
        legal = state.legal_moves()
        lines.append("legal: " + " ".join(m.notation() for m in legal))
        move = rng.choice(legal)
        lines.append(f"move: {move.notation()}")
        state.push(move)
    lines += ["position: final"] + ["  " + line for line in state.diagram().splitlines()]
    lines.append(f"outcome: {result(game, state)}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    for record in RECORDS:
        record.path.write_text(transcript(record), encoding="utf-8")
        print(f"wrote {record.path}", file=sys.stderr)
