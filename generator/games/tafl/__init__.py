"""Tafl ("Viking Chess"): the rules engine of docs/rulings/tafl.md on an N x N board (N odd, 7-19).

    >>> from generator.games.tafl import TaflGame
    >>> state = TaflGame().new_initial_state()
    >>> state.push(state.game.parse_move("d1-d3"))
    >>> state.to_move.label
    'defenders'
"""

FENCES = ("tafl",)  # the info string of its example blocks (read by generator/games/__init__.py)

from .board import END, Move, Piece, Side, parse_square, square_name
from .diagram import TaflGrammar
from .game import OPTION_SPECS, TaflGame
from .state import TaflState

GAME = TaflGame

__all__ = ["END", "GAME", "OPTION_SPECS", "Move", "Piece", "Side", "TaflGame", "TaflGrammar", "TaflState",
           "parse_square", "square_name"]
