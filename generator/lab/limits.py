"""The playtest lab's bounds, all in one place (the README's "Limits" table lists them): a run
asked for more is refused as a usage error (exit 2) before any game is played, rather than left
to fill the memory or the process table."""

from __future__ import annotations

import os

from ..errors import UsageError

MAX_GAMES = 1_000_000          # --games: games per variant (and --max-games, the cap of --until-ci)
MAX_LADDER_GAMES = 10_000      # --ladder-games: seeds per seating of each pairing on the strength ladder
MAX_TOTAL_GAMES = 1_000_000    # games of every variant together (each game's record is kept)
MAX_VARIANTS = 64              # rule sets (--rules a,b,...) times every --vary combination
MAX_TURN_CAP = 10_000          # --turn-cap, and the turn-cap engine option (--option, --vary)
MAX_BUDGET = 100_000           # --budget and mcts:N: playouts per decision
MAX_SECONDS = 600.0            # mcts:Ts: seconds of thinking per decision
WORKERS_PER_CORE = 4           # --workers: at most this many processes per core


def max_workers() -> int:
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def at_most(option: str, value: int, bound: int, unit: str = "") -> None:
    """A UsageError naming `option` and its bound when `value` is above it."""
    if value > bound:
        raise UsageError(f"{option} {value}: at most {bound}{unit}")
