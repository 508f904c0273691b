"""Tile duels of The Duke / Jarl family: the rules engine read from the tiles' grids in a game
folder's components.toml (docs/rulings/duel.md), its example blocks (docs/diagram-notation.md),
its diagrams' marks and its AI's evaluation. The kit is the data-only package's.

    >>> from generator.games.duel import DuelGame
    >>> state = DuelGame.default().new_initial_state()
    >>> _ = state.push_notation("setup c1 b1 c2")
    >>> state.to_move.label
    'dark'
"""

FENCES = ("duel",)  # the info string of its example blocks (read by generator/games/__init__.py)

from .game import DuelGame
from .moves import Move
from .state import DuelState, Tile

GAME = DuelGame

__all__ = ["GAME", "DuelGame", "DuelState", "Move", "Tile"]
